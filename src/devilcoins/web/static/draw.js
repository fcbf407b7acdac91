// The page's pieces every section uses: the $ and SVG helpers, drawing the round table, talking
// to the server (and the one guard for late answers, forGame), and the words a move, a turn or a
// mark of the coach is said in.  A module with no imports: every other module imports from it.

const SVG = "http://www.w3.org/2000/svg";
export const $ = (id) => document.getElementById(id);

// ---- drawing -------------------------------------------------------------------------------

export function el(name, attrs, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

// Where position i of n sits: clockwise from 12 o'clock, the table turned clockwise by turn
// positions (a fraction while it turns).
export function spot(i, n, cx, cy, radius, turn = 0) {
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
export function drawTable(svg, n, faces, marked, onToggle, turn = 0) {
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
export function miniTable(coins) {
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

export async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const response = await fetch(path, options);
  const data = await response.json();
  if (!response.ok) throw new Error(data.detail || `request failed (${response.status})`);
  return data;
}

// One guard for every late answer. A section keeps the game on its table in owner.game (Watch
// and Why, which have no game, a fresh object each time they ask for another picture); work
// asked for that game (a request, with whatever it waits for) whose answer lands when another
// game is on the table, or none, is dropped here: forGame resolves to null, and an error it
// raised is dropped too, so no line of the old game is ever written over the new one.
export async function forGame(owner, work) {
  const game = owner.game;
  try {
    const data = await work();
    return owner.game === game ? data : null;
  } catch (err) {
    if (owner.game !== game) return null;
    throw err;
  }
}

export function fillSizes(select, chosen) {
  for (let n = 1; n <= 8; n++) {
    const option = document.createElement("option");
    option.value = option.textContent = String(n);
    option.selected = n === chosen;
    select.appendChild(option);
  }
  select.value = String(chosen);
}

export const moves = (k) => `${k} move${k === 1 ? "" : "s"}`;

// A turn r of the table (Coins.rotate(r): the coin at position r comes to position 0, every
// coin r places anticlockwise), as the page always says it: the short way round, half way
// anticlockwise. "1 place clockwise", "2 places anticlockwise", "not at all".
export function placesWords(r, n) {
  if (!r) return "not at all";
  const places = shortTurn(r, n), k = Math.abs(places);
  return `${k} place${k === 1 ? "" : "s"} ${places < 0 ? "anticlockwise" : "clockwise"}`;
}

// The turn r (position r comes to position 0) the short way round, in places: anticlockwise is
// negative (positions are numbered clockwise), half way round is anticlockwise.
export const shortTurn = (r, n) => (r > n / 2 ? n - r : -r);

// "the Devil turned the table 1 place clockwise", "the Devil left the tray as it was": a turn of
// the table (thing "table") or of the tray ("tray"), as the replays say it.
export function devilTurned(r, n, thing) {
  if (r === 0) return `the Devil left the ${thing} as it was`;
  return `the Devil turned the ${thing} ${placesWords(r, n)}`;
}

// A move as its row shows it: the digit of each position flipped, a space for the others.
export function flipsText(move, n) {
  let text = "";
  for (let i = 0; i < n; i++) text += move.includes(i) ? String(i) : " ";
  return text;
}

// A whole number with commas between thousands (65535 -> "65,535"), whatever the locale.
export const grouped = (k) => String(k).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

export const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

export const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Whether the visitor asks for less motion (then a replay's turns are not drawn turning).
export const lessMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

// ---- messages ------------------------------------------------------------------------------

export function say(node, text, kind) {
  node.textContent = text;
  node.className = "message" + (kind ? " " + kind : "");
}

// While work (a request) is out: past 300 ms its section says so (aria-busy, and a line in its
// message node, which the answer then replaces).
export async function busyWhile(section, message, work, text = "The Devil is thinking…") {
  const timer = setTimeout(() => {
    $(section).setAttribute("aria-busy", "true");
    say($(message), text, "busy");
  }, 300);
  try { return await work(); } finally {
    clearTimeout(timer);
    $(section).removeAttribute("aria-busy");
  }
}

// The coach's mark on a move, as chess annotators write it: ✓ a best move, ?! one that cost
// moves, ?? one after which the Devil can hold the game; its line is the mark's title.  The
// kind names the mark's colour in style.css.
const MARK_KIND = { "✓": "best", "?!": "cost", "??": "loss" };

export function judgedMark(judged) {
  const mark = document.createElement("span");
  mark.className = `mark mark-${MARK_KIND[judged.mark] || "cost"}`;
  mark.textContent = judged.mark;
  mark.title = judged.text;
  mark.setAttribute("aria-label", judged.text);
  return mark;
}
