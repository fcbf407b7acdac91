// The watch section: the optimal strategy step by step, its belief table drawn as squares.

import { $, api, busyWhile, drawTable, flipsText, forGame, grouped } from "./draw.js";

// data: the strategy shown; step: the move shown; game: what was last asked for (a fresh
// object each time, forGame's token); left: how far the rows of squares are scrolled sideways
// (a phone scrolls them all together).
export const watch = { data: null, step: 0, game: null, left: 0 };

// How far Forward goes: every move, or only the listed ones of a summary (N = 16).
export function lastStep(data) {
  if (!data.winnable) return 0;
  return data.truncated ? data.moves.length : data.length || 0;
}

function drawWatch() {
  const data = watch.data;
  if (!data) return;
  const move = watch.step > 0 ? data.moves[watch.step - 1] : [];
  drawTable($("watch-table"), data.n, null, new Set(move), null);
  const focused = document.activeElement;
  $("back").disabled = watch.step === 0;
  $("forward").disabled = watch.step >= lastStep(data);
  // a button that is disabled drops the focus: it goes to the other one (the arrows keep working)
  if (focused === $("forward") && $("forward").disabled) $("back").focus();
  if (focused === $("back") && $("back").disabled) $("forward").focus();
  const slider = $("watch-slider");
  slider.max = String(lastStep(data));
  slider.value = String(watch.step);
  slider.disabled = lastStep(data) === 0;
  slider.setAttribute("aria-valuetext", `move ${watch.step}`);
  $("watch-step").textContent = data.winnable
    ? `move ${watch.step} of ${grouped(data.length)}` +
      (watch.step ? `: flip {${move.join(", ")}}` : "")
    : "";
  $("watch-summary").hidden = !data.truncated;
  $("watch-summary").textContent = data.truncated
    ? `${grouped(data.length)} moves, built by a known rule (Lamping's); the first ` +
      `${data.moves.length} are listed.`
    : "";
  if (!data.winnable) {
    $("watch-message").textContent = data.message;
  } else if (!data.beliefs) {
    $("watch-message").textContent = "The belief table is too large to show here: the " +
      `command “devilcoins plot ${data.n}” draws it.`;
  } else {
    $("watch-message").textContent =
      watch.step === data.length ? "The belief is all heads: the strategy has won." : "";
  }
  $("watch-legend").hidden = !data.beliefs || data.n < 6;
  if (!data.beliefs) {
    $("watch-rows").hidden = true;
    $("watch-rows").tBodies[0].replaceChildren();
    return;
  }
  $("watch-rows").hidden = false;
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
    if (data.n >= 6) tr.lastChild.replaceChildren(dots(order, members));
    return tr;
  });
  $("watch-rows").tBodies[0].replaceChildren(...rows);
  for (const strip of $("watch-rows").querySelectorAll(".dots")) strip.scrollLeft = watch.left;
  const now = data.beliefs[watch.step] || [];
  const won = now.some((c) => !c.includes("T")) && now.length > 1
    ? " (all heads is among them: from there the game was won already)" : "";
  $("watch-possible").textContent = `Still possible after move ${watch.step} ` +
    `(${now.length} of ${order.length}): ${now.join(" ")}${won}`;
  keepCurrent();
}

// A wide belief as a strip of squares, one a sequence, filled while it is still possible; a
// tap (or the pointer) on a square names its sequence in the legend, a phone has no tooltip.
function dots(order, members) {
  const strip = document.createElement("div");
  strip.className = "dots";
  strip.title = `${members.size} of ${order.length} possible`;
  order.forEach((c, k) => {
    const square = document.createElement("span");
    square.className = members.has(c) ? "in" : "out";
    square.title = c;
    square.dataset.coins = c;
    const name = () => nameSquare(square, k, members.has(c));
    square.addEventListener("click", name);
    square.addEventListener("pointerenter", name);
    strip.appendChild(square);
  });
  return strip;
}

function nameSquare(square, k, possible) {
  for (const old of $("watch-rows").querySelectorAll(".dots span.named")) {
    old.classList.remove("named");
  }
  square.classList.add("named");
  const row = square.closest("tr").firstChild.textContent;
  $("watch-named").textContent = `Square ${k + 1}: ${square.dataset.coins}, ` +
    `${possible ? "still possible" : "ruled out"} after move ${row}.`;
}

// Scroll the watch table's own box (not the page) so the current row shows.
function keepCurrent() {
  const box = $("watch-scroll");
  const row = box.querySelector("tr.current");
  if (!row) return;
  const head = $("watch-rows").tHead.getBoundingClientRect().height;
  const r = row.getBoundingClientRect();
  const b = box.getBoundingClientRect();
  if (r.bottom > b.bottom) box.scrollTop += r.bottom - b.bottom;
  else if (r.top < b.top + head) box.scrollTop -= b.top + head - r.top;
}

// The strategy of the N chosen; until it comes the steps wait (no step of the one before), and
// an answer to an earlier choice (still on its way) is dropped (forGame).
export async function loadStrategy() {
  const n = $("watch-n").value;
  watch.data = null;
  watch.game = { n };
  $("watch-step").textContent = `loading the strategy for N = ${n}…`;
  try {
    const data = await forGame(watch, () => busyWhile(
      "watch", "watch-message", () => api(`/api/strategy/${n}`), "Working the strategy out…"));
    if (!data) return;
    $("watch-message").className = "message";
    watch.data = data;
    watch.step = 0;
    drawWatch();
  } catch (err) { $("watch-message").textContent = err.message; }
}

export function step(delta) {
  if (!watch.data) return;
  goTo(watch.step + delta);
}

// Show move k (kept within the strategy's moves).
export function goTo(k) {
  if (!watch.data) return;
  watch.step = Math.min(Math.max(k, 0), lastStep(watch.data));
  $("watch-named").textContent = "";
  drawWatch();
}

// Where the squares are wider than the screen (a phone: each a finger wide), every row scrolls
// sideways as one, so that a square stays under the same sequence from row to row.
export function wireWatchRows() {
  $("watch-rows").addEventListener("scroll", (e) => {
    if (!e.target.classList || !e.target.classList.contains("dots")) return;
    watch.left = e.target.scrollLeft;
    for (const strip of $("watch-rows").querySelectorAll(".dots")) {
      if (strip !== e.target && strip.scrollLeft !== watch.left) strip.scrollLeft = watch.left;
    }
  }, true);  // a scroll does not bubble: caught on its way down
}
