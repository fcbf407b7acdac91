// The page's pieces that every section uses: the $ and SVG helpers, drawing the round table,
// and talking to the server.  A plain script like the others: they load in order (index.html)
// and share these names; play.js, watch.js, devil.js and app.js (the wiring) come after it.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);

// ---- drawing -------------------------------------------------------------------------------

function el(name, attrs, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

// Where position i of n sits: clockwise from 12 o'clock, the table turned clockwise by turn
// positions (a fraction while it turns).
function spot(i, n, cx, cy, radius, turn = 0) {
  const angle = (2 * Math.PI * (i + turn)) / n;
  return [cx + radius * Math.sin(angle), cy - radius * Math.cos(angle)];
}

// Colours of dial values 0..4 (0 is one colour everywhere: the goal's, like heads).
const DIAL_COLOURS = ["#f4d35e", "#9ad1d4", "#f08a5d", "#b8de6f", "#c39bd3"];

// The fill of one face: H, T, or a dial's digit.
const faceColour = (c) =>
  c === "H" ? "#f4d35e" : c === "T" ? "#3d405b" : DIAL_COLOURS[Number(c)] || "#ccc";

function coinRadius(n, radius) {
  return Math.max(3, Math.min(radius * 0.28, radius * Math.sin(Math.PI / Math.max(n, 2)) * 0.8));
}

// Draw the big table into svg: n positions; faces (a string of H/T) or null for unknown coins;
// marked positions get a red ring; onToggle (if given) makes positions clickable; turn (in
// positions, clockwise) draws the table turned, its letters upright.
function drawTable(svg, n, faces, marked, onToggle, turn = 0) {
  svg.replaceChildren();
  const radius = 86;
  el("circle", { cx: 120, cy: 120, r: radius, fill: "#8d6e63", stroke: "#5d4037",
                 "stroke-width": 2 }, svg);
  const r = coinRadius(n, radius);
  for (let i = 0; i < n; i++) {
    const [x, y] = spot(i, n, 120, 120, radius, turn);
    const face = faces ? faces[i] : null;
    const amount = marked instanceof Map ? marked.get(i) || 0 : 0;
    const on = marked instanceof Map ? amount > 0 : marked.has(i);
    const g = el("g", { class: "position", "data-position": i }, svg);
    el("circle", {
      cx: x, cy: y, r: r,
      fill: face === null ? "#e8e2da" : faceColour(face),
      stroke: on ? "#d62828" : "#222", "stroke-width": on ? 5 : 1.5,
    }, g);
    const label = el("text", {
      x: x, y: y + r * 0.35, "font-size": r, "text-anchor": "middle",
      "font-family": "sans-serif", fill: face === "T" ? "#fff" : "#222",
    }, g);
    label.textContent = amount ? `+${amount}` : face || String(i);
    if (onToggle) {
      // a round focus ring (an outline would be square around the coin)
      el("circle", { class: "focus-ring", cx: x, cy: y, r: r + 6, fill: "none" }, g);
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "checkbox");
      g.setAttribute("aria-checked", on ? "true" : "false");
      g.setAttribute("aria-label", `position ${i}`);
      g.addEventListener("click", () => onToggle(i));
      g.addEventListener("keydown", (e) => {
        if (e.key === " ") { e.preventDefault(); onToggle(i); }
      });
    } else {
      g.setAttribute("aria-label", `position ${i}${on ? ", flipped" : ""}`);
    }
  }
}


// A small table for one coin sequence, with the sequence written under it.
function miniTable(coins) {
  const fig = document.createElement("figure");
  const svg = el("svg", { viewBox: "0 0 64 64", role: "img", "aria-label": coins }, fig);
  el("circle", { cx: 32, cy: 32, r: 23, fill: "#8d6e63", stroke: "#5d4037" }, svg);
  const r = coinRadius(coins.length, 23);
  for (let i = 0; i < coins.length; i++) {
    const [x, y] = spot(i, coins.length, 32, 32, 23);
    const c = coins[i];
    el("circle", { cx: x, cy: y, r: r, fill: faceColour(c), stroke: "#222" }, svg);
    if (c !== "H" && c !== "T") {  // a dial: its digit on it
      const digit = el("text", { x: x, y: y + r * 0.4, "font-size": r * 1.1,
                                 "text-anchor": "middle", "font-family": "sans-serif" }, svg);
      digit.textContent = c;
    }
  }
  const caption = document.createElement("figcaption");
  caption.textContent = coins;
  fig.appendChild(caption);
  return fig;
}

// ---- talking to the server -----------------------------------------------------------------

async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const response = await fetch(path, options);
  const data = await response.json();
  if (!response.ok) throw new Error(data.detail || `request failed (${response.status})`);
  return data;
}

// One guard for every late answer. A section keeps the game on its table in owner.game; work
// asked for that game (a request, with whatever it waits for) whose answer lands when another
// game is on the table, or none, is dropped here: forGame resolves to null, and an error it
// raised is dropped too, so no line of the old game is ever written over the new one.
async function forGame(owner, work) {
  const game = owner.game;
  try {
    const data = await work();
    return owner.game === game ? data : null;
  } catch (err) {
    if (owner.game !== game) return null;
    throw err;
  }
}

function fillSizes(select, chosen) {
  for (let n = 1; n <= 8; n++) {
    const option = document.createElement("option");
    option.value = option.textContent = String(n);
    option.selected = n === chosen;
    select.appendChild(option);
  }
  select.value = String(chosen);
}

const moves = (k) => `${k} move${k === 1 ? "" : "s"}`;

// A turn r of the table (Coins.rotate(r): the coin at position r comes to position 0, every
// coin r places anticlockwise), as the page always says it: the short way round, half way
// anticlockwise. "1 place clockwise", "2 places anticlockwise", "not at all".
function placesWords(r, n) {
  if (!r) return "not at all";
  const places = r > n / 2 ? n - r : -r, k = Math.abs(places);
  return `${k} place${k === 1 ? "" : "s"} ${places < 0 ? "anticlockwise" : "clockwise"}`;
}

