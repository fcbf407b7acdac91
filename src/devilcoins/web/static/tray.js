// The glasses' tray in pictures and words: its measures, one glass drawn, the rules and the
// coach's tip in words (touch.js plays the game, touch-replay.js replays it).

import { $, capital, el, spot } from "./draw.js";
import { devilWord } from "./words.js";

const NUMBER_WORD = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight"];

export const rounds = (k) => `${k} round${k === 1 ? "" : "s"}`;
// "one glass", "three glasses", "two hands"
export const countOf = (k, thing) =>
  `${NUMBER_WORD[k]} ${thing}${k === 1 ? "" : thing.endsWith("s") ? "es" : "s"}`;
export const allGlasses = (n) => (n === 2 ? "both glasses" : `all ${NUMBER_WORD[n]} glasses`);
export const touchName = (n, k) => capital(`${countOf(n, "glass")}, ${countOf(k, "hand")}`);
// "a", "a and b", "a, b and c"
export const listWords = (xs) =>
  xs.length <= 1 ? xs.join("") : `${xs.slice(0, -1).join(", ")} and ${xs[xs.length - 1]}`;
const glassList = (ps) =>
  ps.length <= 2 ? ps.map((p) => `glass ${p}`).join(" and ") : `glasses ${listWords(ps)}`;
// two glasses of four: side by side or opposite (other reaches go without a word)
const reachWord = (ps, n) =>
  n !== 4 || ps.length !== 2 ? "" : Math.abs(ps[0] - ps[1]) === 2 ? "opposite" : "side by side";

// The tray's measures for n glasses: the picture grows past four so that neighbouring glasses
// and labels keep apart; each label sits between its glass and the centre, clear of the glass.
export function trayLayout(n) {
  const size = 260 + 20 * Math.max(0, n - 4), c = size / 2, ring = c - 46;
  return { n, size, c, ring, tray: ring + 4, label: ring - 45 };
}

// The rules of n glasses and k hands in words (games: the games offered, with their rounds).
export function rulesText(n, k, games) {
  const pair = n === 4 && k === 2 ? " (side by side or opposite)" : "";
  const each = k === 1 ? "it is" : "each is", them = k === 1 ? "it" : "them";
  const game = games.find((g) => g.glasses === n && g.hands === k);
  const most = game ? ` The optimal play needs at most ${rounds(game.length)}, whatever the ` +
    "Devil does." : "";
  return `${capital(countOf(n, "glass"))} stand on a round tray, each up or down. You cannot ` +
    `see them. Each round the Devil turns the tray, then you reach for ${countOf(k, "glass")}` +
    `${pair}, feel whether ${each} up or down, and set ${them} up or down as you like. The ` +
    `bell rings when ${allGlasses(n)} are the same: then you win.${most}`;
}

// One glass at (x, y): up (open side on top), down (open side at the bottom) or unknown.  turn:
// how far the tray is drawn turned (the replay's); while it turns the label gives no number.
export function drawGlass(svg, i, L, x, y, face, mark, turn = 0) {
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

// Draw the game's tray (touch: touch.js's state): its glasses from the state or, before a game
// starts, from the menus; a glass to choose calls on.choose(i), a glass held on.flipHeld(k).
export function paintTray(touch, on) {
  const svg = $("touch-tray"), n = touch.state ? touch.state.n : touch.n, L = trayLayout(n);
  const hands = touch.state ? touch.state.hands : touch.k;
  svg.replaceChildren();
  svg.setAttribute("viewBox", `0 0 ${L.size} ${L.size}`);
  svg.style.width = `${L.size}px`;  // as large as drawn (style.css keeps it inside the window)
  svg.setAttribute("aria-label", `the tray: choose ${countOf(hands, "glass")} to feel`);
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
      g.addEventListener("click", () => on.choose(i));
      g.addEventListener("keydown", (e) => {
        if (e.key === " " || e.key === "Enter") { e.preventDefault(); on.choose(i); }
      });
    } else if (held >= 0 && !touch.replay) {
      g.addEventListener("click", () => on.flipHeld(held));
    }
  }
}

// The coach's next step, in words, from the state s the server sent (null: no game).
export function showTip(s) {
  const tip = $("touch-tip");
  tip.dataset.feel = tip.dataset.set = "";
  if (!s || s.won) { tip.textContent = ""; return; }
  if (s.lost || s.at_most === null) {
    tip.textContent = s.lost ? `No play wins from here: ${s.reason}`
      : s.held ? `No play is sure to win from here (the strongest Devil could hold you off): ` +
        `${s.reason} The ${devilWord(s.devil)} Devil may still let you through.` : "";
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
