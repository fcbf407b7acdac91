// The page: play a game against the Devil, and watch the optimal strategy step by step.
// Plain JS, no libraries; everything it needs comes from this server's /api.
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

// Where position i of n sits: clockwise from 12 o'clock.
function spot(i, n, cx, cy, radius) {
  const angle = (2 * Math.PI * i) / n;
  return [cx + radius * Math.sin(angle), cy - radius * Math.cos(angle)];
}

function coinRadius(n, radius) {
  return Math.max(3, Math.min(radius * 0.28, radius * Math.sin(Math.PI / Math.max(n, 2)) * 0.8));
}

// Draw the big table into svg: n positions; faces (a string of H/T) or null for unknown coins;
// marked positions get a red ring; onToggle (if given) makes positions clickable.
function drawTable(svg, n, faces, marked, onToggle) {
  svg.replaceChildren();
  const radius = 86;
  el("circle", { cx: 120, cy: 120, r: radius, fill: "#8d6e63", stroke: "#5d4037",
                 "stroke-width": 2 }, svg);
  const r = coinRadius(n, radius);
  for (let i = 0; i < n; i++) {
    const [x, y] = spot(i, n, 120, 120, radius);
    const face = faces ? faces[i] : null;
    const on = marked.has(i);
    const g = el("g", { class: "position", "data-position": i }, svg);
    el("circle", {
      cx: x, cy: y, r: r,
      fill: face === "H" ? "#f4d35e" : face === "T" ? "#3d405b" : "#e8e2da",
      stroke: on ? "#d62828" : "#222", "stroke-width": on ? 5 : 1.5,
    }, g);
    const label = el("text", {
      x: x, y: y + r * 0.35, "font-size": r, "text-anchor": "middle",
      "font-family": "sans-serif", fill: face === "T" ? "#fff" : "#222",
    }, g);
    label.textContent = face || String(i);
    if (onToggle) {
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
    el("circle", { cx: x, cy: y, r: r, fill: coins[i] === "H" ? "#f4d35e" : "#3d405b",
                   stroke: "#222" }, svg);
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

// ---- play ----------------------------------------------------------------------------------

const play = { game: null, n: 4, chosen: new Set(), won: false, coins: null };

function say(node, text, kind) {
  node.textContent = text;
  node.className = "message" + (kind ? " " + kind : "");
}

function toggle(i) {
  if (!play.game || play.won) return;
  if (play.chosen.has(i)) play.chosen.delete(i); else play.chosen.add(i);
  drawPlay();
  const again = $("play-table").querySelector(`[data-position="${i}"]`);
  if (again) again.focus();
}

function drawPlay() {
  drawTable($("play-table"), play.n, play.coins, play.chosen, play.won ? null : toggle);
  const live = Boolean(play.game) && !play.won;
  $("flip").disabled = !live;
  $("clear").disabled = !live;
  $("peek").disabled = !play.game;
}

function showGame(data) {
  play.won = data.won;
  if (data.coins) play.coins = data.coins;
  const peeked = data.peeked ? " (peeked)" : "";
  $("play-status").textContent = `N = ${data.n}, ${data.devil} Devil: ${moves(data.moves)}${peeked}`;
  $("belief-size").textContent = `${data.belief_size} possible`;
  $("belief").replaceChildren(...data.belief.map(miniTable));
  if (data.won) say($("play-message"), `All heads: you won in ${moves(data.moves)}!`, "win");
  drawPlay();
}

async function newGame() {
  try {
    const n = Number($("play-n").value);
    const data = await api("/api/new", { n: n, devil: $("play-devil").value });
    Object.assign(play, { game: data.game, n: n, chosen: new Set(), won: false, coins: null });
    say($("play-message"), "");
    showGame(data);
  } catch (err) { say($("play-message"), err.message, "error"); }
}

async function flip() {
  if (!play.game || play.won) return;
  try {
    const data = await api("/api/move", { game: play.game, positions: [...play.chosen] });
    play.chosen = new Set();
    play.coins = null;  // the Devil has turned the table: whatever was peeked is stale
    if (!data.won) say($("play-message"), "");
    showGame(data);
  } catch (err) { say($("play-message"), err.message, "error"); }
}

async function peek() {
  if (!play.game) return;
  try {
    const data = await api("/api/peek", { game: play.game });
    play.coins = data.coins;
    showGame(data);
    if (!data.won) say($("play-message"), `You peeked: the coins are ${data.coins}.`);
  } catch (err) { say($("play-message"), err.message, "error"); }
}

// ---- watch the strategy --------------------------------------------------------------------

const watch = { data: null, step: 0 };

function flipsText(move, n) {
  let text = "";
  for (let i = 0; i < n; i++) text += move.includes(i) ? String(i) : " ";
  return text;
}

function drawWatch() {
  const data = watch.data;
  if (!data) return;
  const move = watch.step > 0 ? data.moves[watch.step - 1] : [];
  drawTable($("watch-table"), data.n, null, new Set(move), null);
  $("back").disabled = watch.step === 0;
  $("forward").disabled = watch.step >= (data.length || 0);
  $("watch-step").textContent = data.winnable
    ? `move ${watch.step} of ${data.length}` + (watch.step ? `: flip {${move.join(", ")}}` : "")
    : "";
  $("watch-message").textContent = data.winnable
    ? (watch.step === data.length ? "The belief is all heads: the strategy has won." : "")
    : data.message;
  const order = data.beliefs[0];
  const rows = data.beliefs.slice(0, watch.step + 1).map((belief, i) => {
    const members = new Set(belief);
    const tr = document.createElement("tr");
    if (i === watch.step) tr.className = "current";
    const cells = [String(i), i ? flipsText(data.moves[i - 1], data.n) : "",
                   order.map((c) => (members.has(c) ? c : " ".repeat(c.length))).join(" ")];
    for (const text of cells) {
      const td = document.createElement("td");
      td.textContent = text;
      tr.appendChild(td);
    }
    return tr;
  });
  $("watch-rows").tBodies[0].replaceChildren(...rows);
}

async function loadStrategy() {
  try {
    watch.data = await api(`/api/strategy/${$("watch-n").value}`);
    watch.step = 0;
    drawWatch();
  } catch (err) { $("watch-message").textContent = err.message; }
}

function step(delta) {
  if (!watch.data) return;
  watch.step = Math.min(Math.max(watch.step + delta, 0), watch.data.length || 0);
  drawWatch();
}

// ---- wiring --------------------------------------------------------------------------------

fillSizes($("play-n"), 4);
fillSizes($("watch-n"), 2);
$("new-game").addEventListener("click", newGame);
$("flip").addEventListener("click", flip);
$("clear").addEventListener("click", () => { play.chosen = new Set(); drawPlay(); });
$("peek").addEventListener("click", peek);
$("watch-n").addEventListener("change", loadStrategy);
$("back").addEventListener("click", () => step(-1));
$("forward").addEventListener("click", () => step(1));

// Keys: in the watch section the arrows step; elsewhere Enter flips and digits choose
// positions (buttons and menus keep their own keys).
document.addEventListener("keydown", (e) => {
  const tag = e.target.tagName;
  if (tag === "BUTTON" || tag === "SELECT" || e.altKey || e.ctrlKey || e.metaKey) return;
  if ($("watch").contains(e.target)) {
    if (e.key === "ArrowRight") { e.preventDefault(); step(1); }
    if (e.key === "ArrowLeft") { e.preventDefault(); step(-1); }
  } else if (e.key === "Enter") {
    e.preventDefault();
    flip();
  } else if (/^[0-9]$/.test(e.key) && Number(e.key) < play.n) {
    toggle(Number(e.key));
  }
});
$("watch").setAttribute("tabindex", "-1");  // clicking in it gives it the focus for the arrows

drawPlay();
loadStrategy();
