// The play section's record of the game: the moves played (each with the coach's mark), the
// title over them, and what you know (the belief), drawn as small tables.

import { $, judgedMark, miniTable } from "./draw.js";

// One line of the moves played: the positions flipped, or the dials' amounts ("listen" for a
// move that changes nothing), and what was learnt (observe: the game's way of learning): the
// count heard, or the table seen.
export function historyLine(move, data, observe) {
  const li = document.createElement("li");
  const made = move.values
    ? move.values.map((v, i) => (v ? `dial ${i} +${v}` : "")).filter(Boolean).join(", ")
    : move.positions.length ? `{${[...move.positions].sort((a, b) => a - b).join(", ")}}` : "";
  const learnt = data.heard !== undefined ? `; you hear ${data.heard}`
    : observe === "sight" && data.coins ? `; you see ${data.coins}` : "";
  li.textContent = (made || "listen") + learnt;
  if (data.judged) li.append(" ", judgedMark(data.judged));
  $("play-history").appendChild(li);
  li.scrollIntoView({ block: "nearest" });
}

// The title over the moves played counts them, and says so when the first have scrolled out
// of the list's box (a phone shows no scrollbar): every change of the list updates it.
function historyTitle() {
  const list = $("play-history"), count = list.children.length;
  const above = list.scrollTop > 0 ? " (scroll up for the first)" : "";
  $("play-history-title").textContent = count ? `Moves played: ${count}${above}` : "Moves played";
}

export function wireHistory() {
  new MutationObserver(historyTitle).observe($("play-history"), { childList: true });
  $("play-history").addEventListener("scroll", historyTitle);
}

// The most small tables the belief shows at once: past it a button shows the rest (hundreds of
// small drawings a move made a large game slow to play).
const BELIEF_SHOWN = 96;

// The belief as small tables: all of them, or the first BELIEF_SHOWN and a button that calls
// showAll.
export function drawBelief(belief, all, showAll) {
  const shown = all ? belief : belief.slice(0, BELIEF_SHOWN);
  const rest = belief.length - shown.length;
  const more = [];
  if (rest > 0) {
    const button = document.createElement("button");
    Object.assign(button, { type: "button", id: "belief-more",
                            textContent: `Show the other ${rest}` });
    button.addEventListener("click", showAll);
    more.push(button);
  }
  $("belief").replaceChildren(...shown.map(miniTable), ...more);
}
