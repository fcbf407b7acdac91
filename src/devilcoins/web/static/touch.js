// Glasses on a tray (touch): feel as many glasses as you have hands, set them, wait for the bell.
// The menus offer the games the server offers (/api/touch/games), the four glasses first.  Uses
// app.js's helpers ($, el, spot, api, say, DEVIL_WORDS).  Every state the server sends carries the
// coach's word on the position (next_reach, or next_set once glasses are held; at_most rounds
// still needed; lost and the reason when the Devil holds it): the hint says it when asked for,
// and "Show me the optimal play" plays it, one step at a time, from wherever the game is.
"use strict";

const WORD = { H: "up", T: "down" };
const NUMBER_WORD = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight"];
const touch = { game: null, state: null, chosen: [], setting: [], replay: false, busy: false,
                games: [], n: 4, k: 2 };

const rounds = (k) => `${k} round${k === 1 ? "" : "s"}`;
const upper = (text) => text.charAt(0).toUpperCase() + text.slice(1);
// "one glass", "three glasses", "two hands"
const countOf = (k, thing) =>
  `${NUMBER_WORD[k]} ${thing}${k === 1 ? "" : thing.endsWith("s") ? "es" : "s"}`;
const allGlasses = (n) => (n === 2 ? "both glasses" : `all ${NUMBER_WORD[n]} glasses`);
const touchName = (n, k) => upper(`${countOf(n, "glass")}, ${countOf(k, "hand")}`);
const devilName = (d) => (typeof DEVIL_WORDS === "object" && DEVIL_WORDS[d]) || d;
// "a", "a and b", "a, b and c"
const listWords = (xs) =>
  xs.length <= 1 ? xs.join("") : `${xs.slice(0, -1).join(", ")} and ${xs[xs.length - 1]}`;
const glassList = (ps) =>
  ps.length <= 2 ? ps.map((p) => `glass ${p}`).join(" and ") : `glasses ${listWords(ps)}`;
// two glasses of four: side by side or opposite (other reaches go without a word)
const reachWord = (ps, n) =>
  n !== 4 || ps.length !== 2 ? "" : Math.abs(ps[0] - ps[1]) === 2 ? "opposite" : "side by side";

// The tray's measures for n glasses: the picture grows past four so that neighbouring glasses
// and labels keep apart; each label sits between its glass and the centre, clear of the glass.
function trayLayout(n) {
  const size = 260 + 20 * Math.max(0, n - 4), c = size / 2, ring = c - 46;
  return { n, size, c, ring, tray: ring + 4, label: ring - 45 };
}

// The glasses a game has, from its state or, before one starts, from the menus.
const trayGlasses = () => (touch.state ? touch.state.n : touch.n);
const trayHands = () => (touch.state ? touch.state.hands : touch.k);

function rulesText(n, k) {
  const pair = n === 4 && k === 2 ? " (side by side or opposite)" : "";
  const each = k === 1 ? "it is" : "each is", them = k === 1 ? "it" : "them";
  const game = touch.games.find((g) => g.glasses === n && g.hands === k);
  const most = game ? ` The optimal play needs at most ${rounds(game.length)}, whatever the ` +
    "Devil does." : "";
  return `${upper(countOf(n, "glass"))} stand on a round tray, each up or down. You cannot ` +
    `see them. Each round the Devil turns the tray, then you reach for ${countOf(k, "glass")}` +
    `${pair}, feel whether ${each} up or down, and set ${them} up or down as you like. The ` +
    `bell rings when ${allGlasses(n)} are the same: then you win.${most}`;
}

// One glass at (x, y): up (open side on top), down (open side at the bottom) or unknown.  turn:
// how far the tray is drawn turned (the replay's); while it turns the label gives no number.
function drawGlass(svg, i, L, x, y, face, mark, turn = 0) {
  const g = el("g", { class: "glass", "data-position": i, "data-face": face || "unknown" }, svg);
  const w = 20, top = face === "down" ? 13 : 20, bottom = face === "down" ? 20 : 13, h = 28;
  const [ytop, ybot] = [y - h / 2, y + h / 2];
  el("circle", { cx: x, cy: y, r: 27, fill: mark ? "#fde7c2" : "#efe7dc",
                 stroke: mark ? "#d62828" : "#5d4037", "stroke-width": mark ? 4 : 1.5 }, g);
  el("path", {
    d: `M${x - top} ${ytop} L${x + top} ${ytop} L${x + bottom} ${ybot} L${x - bottom} ${ybot} Z`,
    fill: face === null ? "#fff" : face === "up" ? "#bfe3f2" : "#3d5a80",
    stroke: "#222", "stroke-width": 1.5, "stroke-dasharray": face === null ? "3 2" : "none",
  }, g);
  if (face !== null) {  // the rim: the open side of the glass
    const rimY = face === "up" ? ytop : ybot;
    el("line", { x1: x - w, y1: rimY, x2: x + w, y2: rimY, stroke: "#222", "stroke-width": 3 }, g);
  }
  // the label inside the tray, between the glass and the centre: its number over its face, two
  // short lines centred on their spot (trayLayout keeps them clear of the glasses and each other)
  const [lx, ly] = spot(i, L.n, L.c, L.c, L.label, turn);
  const label = el("text", { x: lx, y: ly - 3, "font-size": 13, "text-anchor": "middle",
                             "font-family": "sans-serif", fill: "#fff" }, g);
  const lines = [turn === 0 ? String(i) : "", face === null ? "?" : face];
  lines.forEach((line, k) => {
    const span = el("tspan", { x: lx, dy: k ? 14 : 0 }, label);
    span.textContent = line;
  });
  g.setAttribute("aria-label", `glass ${i}: ${face === null ? "not felt" : face}`);
  return g;
}

function drawTray() {
  const svg = $("touch-tray"), n = trayGlasses(), L = trayLayout(n);
  svg.replaceChildren();
  svg.setAttribute("viewBox", `0 0 ${L.size} ${L.size}`);
  svg.style.width = `${L.size}px`;  // as large as drawn (style.css keeps it inside the window)
  svg.setAttribute("aria-label", `the tray: choose ${countOf(trayHands(), "glass")} to feel`);
  el("circle", { cx: L.c, cy: L.c, r: L.tray, fill: "#8d6e63", stroke: "#5d4037",
                 "stroke-width": 3 }, svg);
  const s = touch.state;
  const choosing = s !== null && s.stage === "feel" && !touch.replay;
  for (let i = 0; i < n; i++) {
    const [x, y] = spot(i, n, L.c, L.c, L.ring);
    const held = s && s.reach ? s.reach.indexOf(i) : -1;
    let face = null;
    if (s && s.glasses) face = s.glasses[i];
    else if (held >= 0) face = touch.setting[held] === 0 ? "up" : "down";
    const g = drawGlass(svg, i, L, x, y, face, touch.chosen.includes(i) || held >= 0);
    if (choosing) {
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "checkbox");
      g.setAttribute("aria-checked", touch.chosen.includes(i) ? "true" : "false");
      g.addEventListener("click", () => choose(i));
      g.addEventListener("keydown", (e) => {
        if (e.key === " " || e.key === "Enter") { e.preventDefault(); choose(i); }
      });
    } else if (held >= 0 && !touch.replay) {
      g.addEventListener("click", () => flipHeld(held));
    }
  }
}

// The coach's next step, in words, from the state the server sent.
function tipNow() {
  const s = touch.state, tip = $("touch-tip");
  tip.dataset.feel = tip.dataset.set = "";
  if (!s || s.won) { tip.textContent = ""; return; }
  if (s.lost || s.at_most === null) {
    tip.textContent = s.lost ? `No play wins from here: ${s.reason}`
      : s.held ? `No play is sure to win from here (the strongest Devil could hold you off): ` +
        `${s.reason} The ${devilName(s.devil)} Devil may still let you through.` : "";
    return;
  }
  if (s.stage === "feel") {
    const how = reachWord(s.next_reach, s.n);
    tip.dataset.feel = s.next_reach.join(",");
    tip.textContent = `Optimal play (${rounds(s.at_most)} at most from here): feel ` +
      `${glassList(s.next_reach)}${how ? ` (${how})` : ""}.`;
    return;
  }
  tip.dataset.set = s.next_set.join(",");
  const each = s.reach.map((p, k) => `glass ${p} ${s.next_set[k]}`);
  tip.textContent = `Optimal play (${rounds(s.at_most)} at most, this one too): set ` +
    `${listWords(each)}.`;
}

// The setters of the glasses held: one button a hand, each flips its glass up or down.
function makeSetters(k) {
  const box = $("touch-setting");
  box.replaceChildren();
  for (let j = 0; j < k; j++) {
    const b = document.createElement("button");
    Object.assign(b, { type: "button", id: `touch-set-${j}` });
    b.setAttribute("aria-pressed", "false");
    b.addEventListener("click", () => flipHeld(j));
    box.appendChild(b);
  }
}

function showTouch() {
  const s = touch.state;
  drawTray();
  const live = s !== null && !s.won && !s.lost && !touch.replay;
  $("touch-feel").disabled = !(live && s.stage === "feel");
  const acted = s !== null && (s.rounds > 0 || s.stage === "set");
  $("touch-undo").disabled = !acted || touch.busy;
  $("touch-restart").disabled = !acted || touch.busy;
  $("touch-feel").hidden = s !== null && (s.stage === "set" || s.won);  // after the bell: replay
  $("touch-setters").hidden = !(live && s.stage === "set");
  if (s && s.stage === "set") {
    s.reach.forEach((p, k) => {
      const b = $(`touch-set-${k}`);
      b.textContent = `glass ${p}: ${touch.setting[k] === 0 ? "up" : "down"}`;
      b.setAttribute("aria-pressed", touch.setting[k] === 1 ? "true" : "false");
    });
  }
  $("touch-next").hidden = !(touch.replay && s && !s.won && !s.lost) || touchRest.running;
  $("touch-rest").hidden = touchRest.running;
  $("touch-rest").disabled = !live && !(touch.replay && s && !s.won && !s.lost) ||
    !s || s.at_most === null;
  $("touch-rest-stop").hidden = !touchRest.running;
  for (const id of ["touch-optimal", "touch-new", "touch-undo", "touch-restart"]) {
    if (touchRest.running) $(id).disabled = true;
    else if (id === "touch-optimal" || id === "touch-new") $(id).disabled = false;
  }
  $("touch-replay-open").hidden = !(s && s.won);
  if (s) {
    $("touch-status").textContent = `Against the ${devilName(s.devil)} Devil: ` +
      `${rounds(s.rounds)} played; the optimal play needs at most ${s.optimal}.`;
  }
  if (s && s.won) {
    say($("touch-message"), `The bell rings! ${upper(allGlasses(s.n))} are ${s.glasses[0]}: ` +
        `${touch.replay ? "the optimal play" : "you"} won in ${rounds(s.rounds)}` +
        (touch.replay ? "." : ` (the optimal play needs at most ${s.optimal}).`), "win");
  } else if (s && s.lost) {
    say($("touch-message"), `The Devil can now hold you off forever: ${s.reason} ` +
        "Press “New game” to play again.", "loss");
  }
  tipNow();
}

function choose(i) {
  if (!touch.state || touch.state.stage !== "feel" || touch.replay) return;
  const k = touch.state.hands;
  say($("touch-message"), "");
  if (touch.chosen.includes(i)) touch.chosen = touch.chosen.filter((p) => p !== i);
  else if (k === 1) touch.chosen = [i];  // one hand: it moves to the glass clicked
  else if (touch.chosen.length >= k) {
    say($("touch-message"), `You have ${countOf(k, "hand")}: let go of a glass first.`, "error");
    return;
  } else touch.chosen.push(i);
  drawTray();
  const again = $("touch-tray").querySelector(`[data-position="${i}"]`);
  if (again) again.focus();
}

function flipHeld(k) {
  touch.setting[k] = 1 - touch.setting[k];
  showTouch();
}

// Whether the focus has fallen to the page (its button hidden, or its glass drawn anew).
function focusLost() {
  const focused = document.activeElement;
  return !focused || focused === document.body || !focused.isConnected ||
    focused.getClientRects().length === 0;
}

// One request at a time; a refusal is said in the message line.
// A request of the glasses section about the game on the tray (null: refused, shown as the
// message, or its answer came for a game no longer on the tray: forGame drops it); one at a
// time (New game, touchNew, is asked whatever is out).
async function touchCall(path, body) {
  if (touch.busy) return null;
  touch.busy = true;
  try {
    return await forGame(touch, () => busyWhile("touch", "touch-message", () => api(path, body)));
  } catch (err) {
    say($("touch-message"), err.message, "error");
    return null;
  } finally { touch.busy = false; }
}

// One round in Rounds played, with the coach's marks (play.js: judgedMark) on its reach and
// on its setting.
function historyRound(reach, felt, set, reachJudged, setJudged) {
  const li = document.createElement("li");
  li.append(`felt ${reach.map((p, k) => `${p} ${felt[k]}`).join(", ")}`);
  if (reachJudged) li.append(" ", judgedMark(reachJudged));
  li.append(`; set ${reach.map((p, k) => `${p} ${set[k]}`).join(", ")}`);
  if (setJudged) li.append(" ", judgedMark(setJudged));
  $("touch-history").appendChild(li);
}

// The coach's line on the step just taken (none on its own steps, in a replay or the rest).
const judgedLine = (data) => (touch.replay || !data.judged ? "" : `${data.judged.text} `);

async function touchFeel(positions) {
  const k = touch.state.hands;
  if (positions.length !== k) {
    say($("touch-message"), `Choose ${countOf(k, "glass")} to feel first (click ` +
        `${k === 1 ? "it" : "them"} on the tray).`, "error");
    return;
  }
  const reach = [...positions].sort((a, b) => a - b);
  const data = await touchCall("/api/touch/feel", { game: touch.game, positions: reach });
  if (!data) return;
  touch.state = data;
  touch.chosen = [];
  touch.setting = data.felt.map((f) => (f === "up" ? 0 : 1));
  const felt = reach.map((p, j) => `glass ${p} ${data.felt[j]}`);
  say($("touch-message"), `${judgedLine(data)}You feel ${listWords(felt)}. Set ` +
      `${k === 1 ? "it" : "them"} as you like.`);
  showTouch();
  // Feel is gone now: a focus it had goes on to the first glass held's setter
  if (focusLost()) $("touch-set-0").focus();
}

async function touchSet() {
  const s = touch.state;
  const set = touch.setting.map((v) => (v === 0 ? "up" : "down"));
  const data = await touchCall("/api/touch/set", { game: touch.game, glasses: set });
  if (!data) return;
  historyRound(s.reach, s.felt, set, s.judged, data.judged);
  touch.state = data;
  touch.setting = [];
  if (!data.won) {
    say($("touch-message"), `${judgedLine(data)}No bell: the glasses are not all the same yet.`);
  }
  showTouch();
  // Set (after the bell Next step too) is gone: a focus it took goes on to what comes next,
  // the replay's button, the tray's first glass to choose, or New game once the Devil holds it
  if (focusLost()) {
    const first = $("touch-tray").querySelector(".glass[tabindex]");
    (data.won ? $("touch-replay-open") : first || $("touch-new")).focus();
  }
}

// The newest New game (or choice of glasses) asked for: an answer to an older one is dropped.
let touchAsked = 0;

async function touchNew(replay) {
  const asked = ++touchAsked;
  const { n, k } = touch;
  $("touch-hint").open = false;  // a new game keeps its hint closed until asked for
  const devil = $("touch-devil").value;
  let data;
  try {  // asked whatever else is out: the answers of the game it replaces are dropped
    data = await busyWhile("touch", "touch-message",
                           () => api("/api/touch/new", { glasses: n, hands: k, devil: devil }));
  } catch (err) {
    if (asked === touchAsked) say($("touch-message"), err.message, "error");
    return;
  }
  if (asked !== touchAsked) return;
  Object.assign(touch, { game: data.game, state: data, chosen: [], setting: [],
                         replay: replay });
  closeTouchReplay();
  makeSetters(data.hands);
  $("touch-history").replaceChildren();
  say($("touch-message"), replay
    ? `The optimal play against the ${devilName(devil)} Devil: press “Next step” to ` +
      "watch it."
    : `Click ${countOf(data.hands, "glass")} on the tray, then press “Feel”.`);
  showTouch();
}

// The replay: the next half-round of the optimal play (feel, then set), the coach's.
async function touchNext() {
  const s = touch.state;
  if (!touch.replay || !s || s.won || s.lost || s.at_most === null) return;
  if (s.stage === "feel") { await touchFeel(s.next_reach); return; }
  touch.setting = s.next_set.map((w) => (w === "up" ? 0 : 1));
  await touchSet();
}

// Undo (the glasses held let go, or else the last round taken back) or Restart (the same game
// from its start): the server plays the same game again up to there.
async function touchAgain(path) {
  const s = touch.state;
  if (!s || !(s.rounds > 0 || s.stage === "set")) return;
  const data = await touchCall(path, { game: touch.game });
  if (!data) return;
  const history = $("touch-history");
  if (path.endsWith("restart")) history.replaceChildren();
  else if (s.stage !== "set" && history.lastChild) history.lastChild.remove();
  Object.assign(touch, { state: data, chosen: [], setting: [], replay: false });
  closeTouchReplay();
  say($("touch-message"), path.endsWith("restart")
    ? "The same game from its start: the tray lies as it did before your first round."
    : s.stage === "set" ? "You let go of the glasses: choose again."
      : `Your last round is taken back: ${rounds(data.rounds)} played.`);
  showTouch();
}

// "Play the rest": the coach plays the game out from where it stands (a step, feel or set,
// every pause of the speed menu) until the bell, a stop, or no play wins for sure.
const touchRest = { running: false, stop: false };

async function touchPlayRest() {
  const s = touch.state;
  if (touchRest.running || !s || s.won || s.lost || s.at_most === null || touch.busy) return;
  Object.assign(touchRest, { running: true, stop: false });
  const game = touch.game, manual = !touch.replay;
  touch.replay = true;  // the coach's steps, as "Show me the optimal play" takes them
  touch.chosen = [];
  showTouch();
  $("touch-rest-stop").focus();
  try {
    for (;;) {
      const now = touch.state;
      if (touchRest.stop || touch.game !== game || !now || now.won || now.lost ||
          now.at_most === null) break;
      const before = [now.rounds, now.stage];
      await touchNext();
      const after = touch.state;
      if (!after || (after.rounds === before[0] && after.stage === before[1])) break;
      if (!after.won) await pause(Number($("touch-speed").value));
    }
  } finally {
    const s2 = touch.state, stopped = touchRest.stop && touch.game === game && s2 && !s2.won;
    Object.assign(touchRest, { running: false, stop: false });
    if (touch.game === game && manual && s2 && !s2.won) touch.replay = false;  // yours again
    showTouch();
    if (stopped) {
      say($("touch-message"), `Stopped after ${rounds(s2.rounds)}: play on yourself, or ` +
          "press “Play the rest” again.");
    }
    if (s2 && s2.won && focusLost()) $("touch-replay-open").focus();
  }
}

// "Show me the optimal play": from the game in progress (nothing of it is thrown away), or
// from a new game when there is none to go on with.
function touchShow() {
  const s = touch.state;
  if (!s || s.won || s.lost || touch.replay) { touchNew(true); return; }
  touch.replay = true;
  touch.chosen = [];
  say($("touch-message"), `The optimal play from here against the ${devilName(s.devil)} ` +
      "Devil: press “Next step” to watch it.");
  showTouch();
  $("touch-next").focus();
}

// The game chosen in the menus: its name and rules, a fresh tray (the game before is put away).
function touchPick() {
  touchAsked++;  // a new game asked for the glasses chosen before is not this one
  touch.n = Number($("touch-n").value);
  touch.k = Number($("touch-k").value);
  Object.assign(touch, { game: null, state: null, chosen: [], setting: [], node: null,
                         replay: false });
  closeTouchReplay();
  $("touch-name").textContent = touchName(touch.n, touch.k);
  $("touch-rules").textContent = rulesText(touch.n, touch.k);
  $("touch-history").replaceChildren();
  $("touch-status").textContent = "Press “New game” to start.";
  say($("touch-message"), "");
  showTouch();
}

// The hands menu: the hands offered with n glasses (keeping the choice where it is offered),
// and those the page shows but does not play, greyed out, with the server's reason under the
// menu (a phone shows no tooltip on an option).
function fillTouchHands(n) {
  const menu = $("touch-k"), before = Number(menu.value);
  const hands = touch.games.filter((g) => g.glasses === n).map((g) => g.hands);
  const greyed = (touch.greyed || []).filter((g) => g.glasses === n);
  const options = [...hands.map((k) => [k, false]), ...greyed.map((g) => [g.hands, true])]
    .sort((a, b) => a[0] - b[0]).map(([k, off]) => {
      const option = new Option(off ? `${k} (not played here)` : String(k), String(k));
      option.disabled = off;
      return option;
    });
  menu.replaceChildren(...options);
  menu.value = String(hands.includes(before) ? before : Math.min(...hands));
  const why = greyed.map((g) => g.why).join(" ");
  $("touch-greyed").textContent = why;
  $("touch-greyed").hidden = !why;
}

async function loadTouchGames() {
  let data;
  try { data = await api("/api/touch/games"); } catch (err) {
    say($("touch-message"), err.message, "error");
    return;
  }
  touch.games = data.games;
  touch.greyed = data.greyed || [];
  const first = data.games[0];
  const sizes = [...new Set(data.games.map((g) => g.glasses))].sort((a, b) => a - b);
  $("touch-n").replaceChildren(...sizes.map((n) => new Option(String(n), String(n))));
  $("touch-n").value = String(first.glasses);
  $("touch-k").value = String(first.hands);
  fillTouchHands(first.glasses);
  if (touch.state === null) {  // the first screen has glasses on the tray, ready to feel
    touchPick();
    await touchNew(false);
  } else $("touch-rules").textContent = rulesText(touch.n, touch.k);
}

// The replay of a won game (/api/touch/replay): the tray as it lay, then for each round the
// Devil's turn (drawn turning), the glasses felt (marked) and the tray as they were set.
// frames: the start, then one a round; at: the frame shown; animation: the turn being drawn.
const touchReplay = { frames: [], at: 0, n: 0, animation: 0 };
// the tray turning, then the glasses felt shown before they are set (milliseconds)
const TRAY_TURN_MS = 900, TRAY_FELT_MS = 700;
const trayLessMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

// The turn r (glass r moves to position 0) the short way round, in places: anticlockwise is
// negative (the glasses are numbered clockwise), half way round is anticlockwise.
const shortTurn = (r, n) => (r > n / 2 ? n - r : -r);

// "the Devil turned the tray 1 place anticlockwise"
function turnWords(r, n) {
  if (r === null) return "the Devil moved the glasses (no turn of the tray)";
  if (r === 0) return "the Devil left the tray as it was";
  const places = shortTurn(r, n), k = Math.abs(places);
  return `the Devil turned the tray ${k} place${k === 1 ? "" : "s"} ` +
    (places < 0 ? "anticlockwise" : "clockwise");
}

function roundWords(step, last, n) {
  const them = step.reach.length === 1 ? "it" : "them";
  const which = step.reach.length === 1 ? `glass ${step.reach[0]}`
    : `glasses ${listWords(step.reach.map(String))}`;
  const end = last ? ` The bell rings: ${allGlasses(n)} are ${step.after[0]}.` : " No bell.";
  return `Round ${step.round}: ${turnWords(step.turn, n)}; you felt ${which}: ` +
    `${step.felt.join(", ")}; you set ${them} ${step.set.join(", ")}.${end}`;
}

function touchReplayFrames(data) {
  const steps = data.steps;
  const frames = [{ glasses: steps[0].before, marks: [], step: null,
                    text: `At the start the glasses stood ${steps[0].before.join(", ")} ` +
                          "(glass 0 first; you could not see them)." }];
  steps.forEach((step, k) => frames.push({
    glasses: step.after, marks: step.reach, step, text: roundWords(step, k === steps.length - 1,
                                                                   data.n) }));
  return frames;
}

// The replay's tray: glasses (words) at their positions, the tray drawn turned by turn places.
function paintReplayTray(glasses, marks, turn, phase) {
  const svg = $("touch-replay-tray"), n = touchReplay.n, L = trayLayout(n);
  svg.replaceChildren();
  svg.setAttribute("viewBox", `0 0 ${L.size} ${L.size}`);
  svg.style.width = `${L.size}px`;
  el("circle", { cx: L.c, cy: L.c, r: L.tray, fill: "#8d6e63", stroke: "#5d4037",
                 "stroke-width": 3 }, svg);
  for (let i = 0; i < n; i++) {
    const [x, y] = spot(i, n, L.c, L.c, L.ring, turn);
    drawGlass(svg, i, L, x, y, glasses[i], marks.includes(i), turn);
  }
  svg.dataset.phase = phase;
  svg.dataset.turn = String(turn);
}

// Draw the frame shown; forward, a round is drawn as it went: the tray as it lay turning (the
// short way round), the turned tray with the glasses felt, then the tray as set.
function drawTouchReplay(animate) {
  const frame = touchReplay.frames[touchReplay.at], step = frame.step;
  cancelAnimationFrame(touchReplay.animation);
  $("touch-replay-tray").dataset.frame = String(touchReplay.at);
  const r = step && step.turn ? shortTurn(step.turn, touchReplay.n) : 0;
  const turning = r ? TRAY_TURN_MS : 0, started = performance.now();
  const tick = (now) => {
    // an animation frame's time is when the frame began, which may be before the click (or
    // key) that asked for it was handled: counted from started it would be negative, and with
    // no turn (0 / 0 places, the Devil left the tray as it was) the tray would be drawn at NaN
    const t = Math.max(0, now - started);
    if (turning > 0 && t < turning) {
      const u = t / turning, ease = u < 0.5 ? 2 * u * u : 1 - 2 * (1 - u) * (1 - u);
      paintReplayTray(step.before, [], r * ease, "turning");
    } else if (t < turning + TRAY_FELT_MS) {
      paintReplayTray(step.turned, step.reach, 0, "felt");
    } else {
      paintReplayTray(frame.glasses, frame.marks, 0, "done");
      return;
    }
    touchReplay.animation = requestAnimationFrame(tick);
  };
  if (animate && step && !trayLessMotion()) tick(started);
  else paintReplayTray(frame.glasses, frame.marks, 0, "done");
  const last = touchReplay.at === touchReplay.frames.length - 1;
  $("touch-replay-step").textContent = `step ${touchReplay.at} of ${touchReplay.frames.length - 1}`;
  say($("touch-replay-text"), frame.text, last ? "win" : "");
  // a button that is disabled drops the focus: keep it (and the arrows) in the replay
  const [back, next, focused] = [$("touch-replay-back"), $("touch-replay-next"),
                                 document.activeElement];
  back.disabled = touchReplay.at === 0;
  next.disabled = last;
  if (focused === next && next.disabled) back.focus();
  if (focused === back && back.disabled) next.focus();
}

function touchReplayStep(delta) {
  const at = touchReplay.at + delta;
  if (at < 0 || at >= touchReplay.frames.length) return;
  touchReplay.at = at;
  drawTouchReplay(delta > 0);
}

async function openTouchReplay() {
  if (!touch.game || !touch.state || !touch.state.won) return;
  const data = await touchCall(`/api/touch/replay/${touch.game}`);
  if (!data) return;
  Object.assign(touchReplay, { frames: touchReplayFrames(data), at: 0, n: data.n });
  $("touch-replay").hidden = false;
  drawTouchReplay(false);
  $("touch-replay").scrollIntoView({ block: "start" });
  $("touch-replay-next").focus();
}

// A new game (or another chosen): the replay, now stale, closes.
function closeTouchReplay() {
  cancelAnimationFrame(touchReplay.animation);
  $("touch-replay").hidden = true;
}

$("touch-replay-open").addEventListener("click", openTouchReplay);
$("touch-replay-back").addEventListener("click", () => touchReplayStep(-1));
$("touch-replay-next").addEventListener("click", () => touchReplayStep(1));
$("touch-replay-close").addEventListener("click", () => {
  closeTouchReplay();
  $("touch-replay-open").focus();
});
$("touch-replay").addEventListener("keydown", (e) => {
  if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
    e.preventDefault();
    e.stopPropagation();
    touchReplayStep(e.key === "ArrowRight" ? 1 : -1);
  }
  if (e.key === "Home" || e.key === "End") {  // the first and the last round
    e.preventDefault();
    e.stopPropagation();
    const target = e.key === "End" ? touchReplay.frames.length - 1 : 0;
    if (target !== touchReplay.at) touchReplayStep(target - touchReplay.at);
  }
});
$("touch-new").addEventListener("click", () => touchNew(false));
$("touch-optimal").addEventListener("click", touchShow);
$("touch-rest").addEventListener("click", touchPlayRest);
$("touch-rest-stop").addEventListener("click", () => { touchRest.stop = true; });
$("touch-feel").addEventListener("click", () => touchFeel(touch.chosen));
$("touch-set").addEventListener("click", touchSet);
$("touch-next").addEventListener("click", touchNext);
$("touch-undo").addEventListener("click", () => touchAgain("/api/touch/undo"));
$("touch-restart").addEventListener("click", () => touchAgain("/api/touch/restart"));
$("touch-n").addEventListener("change", () => {
  fillTouchHands(Number($("touch-n").value));
  touchPick();
});
$("touch-k").addEventListener("change", touchPick);
drawTray();
document.addEventListener("DOMContentLoaded", loadTouchGames);  // once every script has run
