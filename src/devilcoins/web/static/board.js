// The board of a replay (its table, Back, Next and Close, the step and its words), written once
// in index.html as <template id="replay-board"> and set into each replay box with its own ids.

import { $ } from "./draw.js";

// Fill the replay box holder with a copy of the board: each part marked data-part (back, next,
// close, step, text) gets the id prefix-part ("replay-back"), the table the id, size (its
// viewBox, square) and label given.
export function replayBoard(holder, prefix, table) {
  const board = $("replay-board").content.firstElementChild.cloneNode(true);
  const svg = board.querySelector("svg");
  svg.id = table.id;
  svg.setAttribute("viewBox", `0 0 ${table.size} ${table.size}`);
  svg.setAttribute("aria-label", table.label);
  for (const part of board.querySelectorAll("[data-part]")) {
    part.id = `${prefix}-${part.dataset.part}`;
    delete part.dataset.part;
  }
  holder.append(board);
}
