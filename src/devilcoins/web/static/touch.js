// Glasses on a tray (touch): feel as many glasses as you have hands, set them, wait for the bell.
// The menus offer the games the server offers (/api/touch/games), the four glasses first.  Every
// state the server sends carries the coach's word on the position (next_reach, or next_set once
// glasses are held; at_most rounds still needed; lost and the reason when the Devil holds it):
// the hint says it when asked for (tray.js, showTip), and "Show me the optimal play" plays it,
// one step at a time, from wherever the game is.  The tray's picture and words are tray.js, the
// replay of a won game touch-replay.js.

import { $, api, busyWhile, capital, forGame, judgedMark, pause, say } from "./draw.js";
import {
  allGlasses, countOf, listWords, paintTray, rounds, rulesText, showTip, touchName,
} from "./tray.js";
import { closeTouchReplay, showTouchReplay, wireTouchReplay } from "./touch-replay.js";
import { devilWord } from "./words.js";

// game and state: the game on the tray and the server's last state of it; chosen: the glasses
// clicked to feel; setting: how the glasses held are set (0 up, 1 down); replay: the coach's
// steps are being shown; games: the games offered; n, k: the glasses and hands chosen.
export const touch = { game: null, state: null, chosen: [], setting: [], replay: false,
                       busy: false, games: [], n: 4, k: 2 };

// The tray as the game stands: a click on a glass chooses it (or flips it once held).
const drawTray = () => paintTray(touch, { choose, flipHeld });

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
    $("touch-status").textContent = `Against the ${devilWord(s.devil)} Devil: ` +
      `${rounds(s.rounds)} played; the optimal play needs at most ${s.optimal}.`;
  }
  if (s && s.won) {
    say($("touch-message"), `The bell rings! ${capital(allGlasses(s.n))} are ${s.glasses[0]}: ` +
        `${touch.replay ? "the optimal play" : "you"} won in ${rounds(s.rounds)}` +
        (touch.replay ? "." : ` (the optimal play needs at most ${s.optimal}).`), "win");
  } else if (s && s.lost) {
    say($("touch-message"), `The Devil can now hold you off forever: ${s.reason} ` +
        "Press “New game” to play again.", "loss");
  }
  showTip(touch.state);
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

// One round in Rounds played, with the coach's marks (judgedMark) on its reach and on its
// setting.
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
    ? `The optimal play against the ${devilWord(devil)} Devil: press “Next step” to ` +
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
  say($("touch-message"), `The optimal play from here against the ${devilWord(s.devil)} ` +
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
  $("touch-rules").textContent = rulesText(touch.n, touch.k, touch.games);
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

export async function loadTouchGames() {
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
  } else $("touch-rules").textContent = rulesText(touch.n, touch.k, touch.games);
}

async function openTouchReplay() {
  if (!touch.game || !touch.state || !touch.state.won) return;
  const data = await touchCall(`/api/touch/replay/${touch.game}`);
  if (data) showTouchReplay(data);
}

// The section's buttons and menus, and its first (empty) tray; loadTouchGames sets out a game.
export function wireTouch() {
  wireTouchReplay();
  $("touch-replay-open").addEventListener("click", openTouchReplay);
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
}
