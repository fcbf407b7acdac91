// Why it works: the winning strategy's recursion drawn as runs of doubled and single moves
// (/api/why/strategy/{n}), and the Devil's certificate played out (/api/why/devil/...).  Each
// answer goes through forGame: why.game and whyDevil.game change with each picture asked for.

import {
  $, api, busyWhile, drawTable, el, forGame, grouped, placesWords, say, spot,
} from "./draw.js";

// data: the strategy's moves, at: the move shown; game: the N last asked for (forGame's token).
const why = { data: null, at: 1, game: null };
// The Devil's table: n coins, the sequences he keeps them out of, the coins and the move
// chosen; game: the table on show (a fresh object for each table and each N).
const whyDevil = { n: 3, keptOut: [], coins: "", chosen: new Set(), busy: false, game: null };

const positionsText = (ps) =>
  ps.length === 0 ? "nothing" : `position${ps.length === 1 ? "" : "s"} ${ps.join(", ")}`;
const patternList = (ps) => (ps.length ? ps.join(" ") : "none: every start has reached all heads");

// What one move does, in words.
function roleWords(m, n) {
  const half = n / 2;
  const smaller = `the ${half}-coin strategy`;
  if (m.kind === "doubled") {
    return `a doubled move: move ${m.step} of ${smaller}, played on both halves at once ` +
      "(it flips both coins of some pairs, so the pattern of pairs stays as it is)";
  }
  return `a single move: move ${m.step} of ${smaller}, played on the first half only ` +
    "(it changes the pattern of pairs)";
}

function drawWhyGrid() {
  const { n, moves } = why.data;
  const grid = $("why-grid");
  grid.replaceChildren();
  const run = 2 ** (n / 2);  // doubled moves and one single move make a run
  for (let start = 0; start < moves.length; start += run) {
    const row = document.createElement("div");
    row.className = "why-run";
    const label = document.createElement("span");
    label.className = "why-label";
    label.textContent = String(start / run + 1);
    label.title = `run ${start / run + 1}`;
    row.appendChild(label);
    const cells = document.createElement("span");
    cells.className = "why-cells";
    for (const m of moves.slice(start, start + run)) {
      const cell = document.createElement("span");
      cell.className = `why-cell ${m.kind}${m.inner.startsWith("s") ? " inner" : ""}`;
      cell.dataset.index = m.index;
      cell.title = `move ${m.index}: ${m.kind} ${m.step}`;
      cell.addEventListener("click", () => showWhyMove(m.index));
      cells.appendChild(cell);
    }
    row.appendChild(cells);
    const lastDoubled = moves[Math.min(start + run - 2, moves.length - 1)];
    const after = document.createElement("span");
    after.className = "why-after";
    after.textContent = lastDoubled.patterns.length ? lastDoubled.patterns.join(" ") : "won";
    row.appendChild(after);
    grid.appendChild(row);
  }
}

// Dashed chords joining each coin to the one opposite it (its pair), under the coins.
function pairLines(svg, n) {
  const under = svg.children[1] || null;
  for (let k = 0; k < n / 2; k++) {
    const [x1, y1] = spot(k, n, 120, 120, 86);
    const [x2, y2] = spot(k + n / 2, n, 120, 120, 86);
    const line = el("line", { x1, y1, x2, y2, stroke: "#fbf8f3", "stroke-width": 2,
                              "stroke-dasharray": "5 4", class: "pair" });
    svg.insertBefore(line, under);
  }
}

function showWhyMove(index) {
  const { n, moves } = why.data;
  why.at = Math.max(1, Math.min(moves.length, index));
  const m = moves[why.at - 1];
  $("why-slider").value = String(why.at);
  for (const cell of document.querySelectorAll("#why-grid .why-cell")) {
    cell.classList.toggle("current", Number(cell.dataset.index) === why.at);
  }
  drawTable($("why-table"), n, null, new Set(m.flips), null);
  pairLines($("why-table"), n);
  $("why-move").textContent =
    `Move ${grouped(m.index)} of ${grouped(moves.length)}: flip ${positionsText(m.flips)}. ` +
    `It is ${roleWords(m, n)}.`;
  const left = m.belief === 0 ? "the strategy has surely won"
    : `${grouped(m.belief)} coin sequence${m.belief === 1 ? "" : "s"} other than all heads ` +
      "still possible (up to turning)";
  $("why-patterns").textContent = "Which pairs of opposite coins may still differ (S same, " +
    `D different): ${patternList(m.patterns)}; ${left}.`;
}

export async function loadWhy() {
  const n = Number($("why-n").value);
  why.game = { n };
  try {
    const data = await forGame(why, () => api(`/api/why/strategy/${n}`));
    if (!data) return;  // another N was chosen meanwhile
    why.data = data;
  } catch (err) {
    say($("why-move"), err.message, "error");
    return;
  }
  $("why-slider").max = String(why.data.moves.length);
  drawWhyGrid();
  showWhyMove(1);
}

// ---- the Devil's certificate ---------------------------------------------------------------

function randomOutside(n, keptOut) {
  for (;;) {
    let coins = "";
    for (let i = 0; i < n; i++) coins += Math.random() < 0.5 ? "H" : "T";
    if (!keptOut.includes(coins)) return coins;
  }
}

function drawWhyDevil() {
  drawTable($("why-devil-table"), whyDevil.n, whyDevil.coins, whyDevil.chosen, (i) => {
    if (whyDevil.chosen.has(i)) whyDevil.chosen.delete(i); else whyDevil.chosen.add(i);
    drawWhyDevil();
    const focus = $("why-devil-table").querySelector(`[data-position="${i}"]`);
    if (focus) focus.focus();
  });
  const chosen = [...whyDevil.chosen].sort((a, b) => a - b);
  $("why-devil-status").textContent = `The coins show ${whyDevil.coins}. ` + (chosen.length
    ? `Your move: flip ${positionsText(chosen)}.`
    : "Choose the positions to flip, then press Flip.");
}

function devilIntro() {
  const { n, keptOut } = whyDevil;
  const listed = keptOut.length === 2 ? `${keptOut[0]} and ${keptOut[1]}` : keptOut.join(", ");
  $("why-devil-intro").textContent = `With ${n} coins no strategy wins. The Devil keeps the ` +
    `coins from ever showing one of these ${keptOut.length} sequences: ${listed} (all heads is ` +
    "one of them). Here you see the coins, which a blindfolded player would not: choose any " +
    "positions, press Flip, and the Devil answers with a turn (none, or one place) that keeps " +
    "them out. Why a turn always exists: turning the coins one place changes them by a " +
    "pattern that is not among these sequences, and two of these sequences combined (tails " +
    "where exactly one of them has tails) give another of them. So one move cannot bring both " +
    "the coins and the coins turned one place into the set.";
}

function newDevilTable() {
  whyDevil.game = {};  // another table: a flip's answer still on its way is for the one before
  whyDevil.coins = randomOutside(whyDevil.n, whyDevil.keptOut);
  whyDevil.chosen = new Set();
  $("why-devil-answer").textContent = "";
  $("why-devil-history").replaceChildren();
  drawWhyDevil();
}

export async function loadWhyDevil() {
  const n = Number($("why-devil-n").value);
  whyDevil.game = { n };
  try {
    const data = await forGame(whyDevil, () => api(`/api/why/devil/${n}`));
    if (!data) return;  // another N was chosen meanwhile
    Object.assign(whyDevil, { n, keptOut: data.kept_out });
  } catch (err) {
    say($("why-devil-answer"), err.message, "error");
    return;
  }
  devilIntro();
  newDevilTable();
}

async function whyDevilFlip() {
  if (whyDevil.busy) return;
  whyDevil.busy = true;
  const move = [...whyDevil.chosen].sort((a, b) => a - b);
  try {
    const { n, coins } = whyDevil;
    const a = await forGame(whyDevil, () => busyWhile(
      "why", "why-devil-answer", () => api("/api/why/devil/turn", { n, coins, move })));
    if (!a) return;  // another table meanwhile
    const flips = positionsText(move);
    const answer = a.plain_kept_out
      ? `Without a turn, flipping ${flips} would make ${a.plain}, one of the sequences he keeps ` +
        `you from. So he turns the table ${placesWords(a.r, n)}: ${a.coins} ` +
        `becomes ${a.turned}, and your flip makes ${a.after}. Still not all heads.`
      : `Flipping ${flips} makes ${a.plain}, which is not one of those sequences, so he does not ` +
        `turn at all. Still not all heads.`;
    say($("why-devil-answer"), answer);
    $("why-devil-answer").scrollIntoView({ block: "nearest" });
    const item = document.createElement("li");
    item.textContent = `${a.coins}, flip ${move.length ? move.join(" ") : "nothing"}: ` +
      `${a.r ? `he turns the table ${placesWords(a.r, n)}` : "he does not turn"} → ${a.after}`;
    $("why-devil-history").prepend(item);
    whyDevil.coins = a.after;
    whyDevil.chosen = new Set();
    drawWhyDevil();
  } catch (err) {
    say($("why-devil-answer"), err.message, "error");
  } finally {
    whyDevil.busy = false;
  }
}

// Open the picture for n coins (from Play's link): the strategy's runs, or the Devil's answers.
export async function openWhy(n, winnable) {
  const select = $(winnable ? "why-n" : "why-devil-n");
  if (select.value !== String(n)) {
    select.value = String(n);
    await (winnable ? loadWhy() : loadWhyDevil());
  }
  $(winnable ? "why-win-title" : "why-lose-title").scrollIntoView({ block: "start" });
  (winnable ? $("why-slider") : $("why-devil-flip")).focus({ preventScroll: true });
}

export function wireWhy() {
  $("why-n").addEventListener("change", loadWhy);
  $("why-slider").addEventListener("input", () => showWhyMove(Number($("why-slider").value)));
  $("why-devil-n").addEventListener("change", loadWhyDevil);
  $("why-devil-new").addEventListener("click", newDevilTable);
  $("why-devil-flip").addEventListener("click", whyDevilFlip);
  $("why-devil-clear").addEventListener("click", () => {
    whyDevil.chosen = new Set();
    drawWhyDevil();
  });
}
