// The four glasses (touch): feel two glasses, set them, wait for the bell.  Uses app.js's
// helpers ($, el, spot, api, say).  The optimal play is the library's tree (/api/touch/tree):
// the page follows it as you play and can play it for you, one step at a time.
"use strict";

const WORD = { H: "up", T: "down" };
const touch = { game: null, state: null, chosen: [], setting: [], tree: null, node: null,
                replay: false, busy: false };

const rounds = (k) => `${k} round${k === 1 ? "" : "s"}`;
const glassList = (ps) => ps.map((p) => `glass ${p}`).join(" and ");
const pairWord = (ps) => (Math.abs(ps[0] - ps[1]) === 2 ? "opposite" : "side by side");

// One glass at (x, y): up (open side on top), down (open side at the bottom) or unknown.
function drawGlass(svg, i, x, y, face, mark) {
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
  // short lines, so the labels of glasses 1 and 3 (facing each other) never meet
  const [lx, ly] = spot(i, 4, 120, 120, 43);
  const anchor = i === 1 ? "end" : i === 3 ? "start" : "middle";
  const first = i === 0 ? ly - 8 : i === 2 ? ly - 4 : ly - 3;
  const label = el("text", { x: lx, y: first, "font-size": 13, "text-anchor": anchor,
                             "font-family": "sans-serif", fill: "#fff" }, g);
  const lines = [String(i), face === null ? "?" : face];
  lines.forEach((line, k) => {
    const span = el("tspan", { x: lx, dy: k ? 14 : 0 }, label);
    span.textContent = line;
  });
  g.setAttribute("aria-label", `glass ${i}: ${face === null ? "not felt" : face}`);
  return g;
}

function drawTray() {
  const svg = $("touch-tray");
  svg.replaceChildren();
  el("circle", { cx: 120, cy: 120, r: 78, fill: "#8d6e63", stroke: "#5d4037",
                 "stroke-width": 3 }, svg);
  const s = touch.state;
  const choosing = s !== null && s.stage === "feel" && !touch.replay;
  for (let i = 0; i < 4; i++) {
    const [x, y] = spot(i, 4, 120, 120, 74);
    const held = s && s.reach ? s.reach.indexOf(i) : -1;
    let face = null;
    if (s && s.glasses) face = s.glasses[i];
    else if (held >= 0) face = touch.setting[held] === 0 ? "up" : "down";
    const g = drawGlass(svg, i, x, y, face, touch.chosen.includes(i) || held >= 0);
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

// The optimal play's next step, in words, from the tree node the game is at.
function tipNow() {
  const s = touch.state, node = touch.node, tip = $("touch-tip");
  tip.dataset.feel = tip.dataset.set = "";
  if (!s || s.won) { tip.textContent = ""; return; }
  if (node === null) {
    tip.textContent = "You have left the optimal play: start a new game to see it again.";
    return;
  }
  if (s.stage === "feel") {
    tip.dataset.feel = node.reach.join(",");
    tip.textContent = `Optimal play (${rounds(node.moves_left)} at most from here): feel ` +
      `${glassList(node.reach)} (${pairWord(node.reach)}).`;
    return;
  }
  const out = outcomeFor(node, s.felt);
  const set = [...out.set].map((c) => WORD[c]);
  tip.dataset.set = set.join(",");
  tip.textContent = `Optimal play: set ${s.reach.map((p, k) => `glass ${p} ${set[k]}`)
    .join(" and ")}.`;
}

const outcomeFor = (node, felt) =>
  node.outcomes.find((o) => [...o.felt].map((c) => WORD[c]).join() === felt.join());

function showTouch() {
  const s = touch.state;
  drawTray();
  const live = s !== null && !s.won && !touch.replay;
  $("touch-feel").disabled = !(live && s.stage === "feel");
  $("touch-feel").hidden = s !== null && s.stage === "set";
  $("touch-setters").hidden = !(s && s.stage === "set" && !touch.replay);
  if (s && s.stage === "set") {
    s.reach.forEach((p, k) => {
      const b = $(`touch-set-${k}`);
      b.textContent = `glass ${p}: ${touch.setting[k] === 0 ? "up" : "down"}`;
      b.setAttribute("aria-pressed", touch.setting[k] === 1 ? "true" : "false");
    });
  }
  $("touch-next").hidden = !(touch.replay && s && !s.won);
  if (s) {
    $("touch-status").textContent = `${s.devil} Devil: ${rounds(s.rounds)} played; the ` +
      `optimal play needs at most ${s.optimal}.`;
  }
  if (s && s.won) {
    const same = s.glasses[0];
    say($("touch-message"), `The bell rings! All four glasses are ${same}: ` +
        `${touch.replay ? "the optimal play" : "you"} won in ${rounds(s.rounds)} ` +
        `(the optimal play needs at most ${s.optimal}).`, "win");
  }
  tipNow();
}

function choose(i) {
  if (!touch.state || touch.state.stage !== "feel" || touch.replay) return;
  say($("touch-message"), "");
  if (touch.chosen.includes(i)) touch.chosen = touch.chosen.filter((p) => p !== i);
  else if (touch.chosen.length >= 2) {
    say($("touch-message"), "You have two hands: let go of a glass first.", "error");
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

// One request at a time; a refusal is said in the message line.
async function touchCall(path, body) {
  if (touch.busy) return null;
  touch.busy = true;
  try { return await api(path, body); } catch (err) {
    say($("touch-message"), err.message, "error");
    return null;
  } finally { touch.busy = false; }
}

function historyRound(reach, felt, set) {
  const li = document.createElement("li");
  li.textContent = `felt ${reach.map((p, k) => `${p} ${felt[k]}`).join(", ")}; ` +
    `set ${reach.map((p, k) => `${p} ${set[k]}`).join(", ")}`;
  $("touch-history").appendChild(li);
}

async function touchFeel(positions) {
  if (positions.length !== 2) {
    say($("touch-message"), "Choose two glasses to feel first (click them on the tray).",
        "error");
    return;
  }
  const reach = [...positions].sort((a, b) => a - b);
  const data = await touchCall("/api/touch/feel", { game: touch.game, positions: reach });
  if (!data) return;
  if (touch.node !== null && touch.node.reach.join() !== reach.join()) touch.node = null;
  touch.state = data;
  touch.chosen = [];
  touch.setting = data.felt.map((f) => (f === "up" ? 0 : 1));
  say($("touch-message"), `You feel ${reach.map((p, k) => `glass ${p} ${data.felt[k]}`)
    .join(" and ")}. Set them as you like.`);
  showTouch();
}

async function touchSet() {
  const s = touch.state;
  const set = touch.setting.map((v) => (v === 0 ? "up" : "down"));
  const data = await touchCall("/api/touch/set", { game: touch.game, glasses: set });
  if (!data) return;
  historyRound(s.reach, s.felt, set);
  if (touch.node !== null) {
    const out = outcomeFor(touch.node, s.felt);
    const follows = out && [...out.set].map((c) => WORD[c]).join() === set.join();
    touch.node = follows && typeof out.next === "object" ? out.next : null;
  }
  touch.state = data;
  touch.setting = [];
  if (!data.won) say($("touch-message"), "No bell: the glasses are not all the same yet.");
  showTouch();
}

async function touchNew(replay) {
  if (touch.tree === null) {
    const tree = await touchCall("/api/touch/tree");
    if (!tree) return;
    touch.tree = tree.tree;
  }
  const devil = replay ? "adversarial" : $("touch-devil").value;
  const data = await touchCall("/api/touch/new", { devil: devil });
  if (!data) return;
  Object.assign(touch, { game: data.game, state: data, chosen: [], setting: [],
                         node: touch.tree, replay: replay });
  $("touch-history").replaceChildren();
  say($("touch-message"), replay
    ? "The optimal play against the adversarial Devil: press “Next step” to watch it."
    : "Click two glasses on the tray, then press “Feel”.");
  showTouch();
}

// The replay: the next half-round of the optimal play (feel, then set).
async function touchNext() {
  const s = touch.state;
  if (!touch.replay || !s || s.won || touch.node === null) return;
  if (s.stage === "feel") { await touchFeel(touch.node.reach); return; }
  touch.setting = [...outcomeFor(touch.node, s.felt).set].map((c) => (c === "H" ? 0 : 1));
  await touchSet();
}

$("touch-new").addEventListener("click", () => touchNew(false));
$("touch-optimal").addEventListener("click", () => touchNew(true));
$("touch-feel").addEventListener("click", () => touchFeel(touch.chosen));
$("touch-set-0").addEventListener("click", () => flipHeld(0));
$("touch-set-1").addEventListener("click", () => flipHeld(1));
$("touch-set").addEventListener("click", touchSet);
$("touch-next").addEventListener("click", touchNext);
drawTray();
