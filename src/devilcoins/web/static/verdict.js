// The play section's verdict line: whether the game on the table can be won and how fast, in
// the server's words for how it was settled (words.js), and the link to the "Why it works"
// picture of the plain coin game.

import { $, moves, pause } from "./draw.js";
import { openWhy } from "./why.js";
import { words } from "./words.js";

// How the library settled a game, in a visitor's words (its own name stays in the tooltip).
const methodWords = (how, method) => words.how[how] || method;

let solveAsked = 0;  // the latest verdict asked for: an older answer is dropped

// The verdict line while a game's verdict is on its way: no figure of another game stays.
export function solving() {
  solveAsked++;  // an answer still on its way is for the game before: dropped
  $("play-solve").textContent = "Whether this game can be won, and how fast: being worked out…";
  $("play-solve").title = "";
  $("play-solve").dataset.state = "solving";
  whyLink("", 0, false);
}

// Ask for the verdict of the game with these fields and write it; onVerdict(winnable) tells
// the play section (its buttons' tooltips depend on it).
export async function showSolve(fields, onVerdict) {
  const query = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]));
  const asked = ++solveAsked;
  // the server answers at once: the verdict, or 202 while it is being worked out (or 503 when
  // it is busy); either way the page asks again after Retry-After
  const ask = () => fetch(`/api/solve?${query}`, { headers: { Prefer: "respond-async" } });
  try {
    let response = await ask();
    for (let busy = 0, pending = 0; busy <= 5 && pending <= 600;) {
      if (response.status === 503) busy++; else if (response.status === 202) pending++; else break;
      if (response.status === 503) {
        $("play-solve").textContent = "The server is busy; asking again in a moment…";
      }
      const wait = Number(response.headers.get("Retry-After")) || 2;
      await pause(wait * 1000);
      if (asked !== solveAsked) return;  // the menus changed meanwhile
      response = await ask();
    }
    const data = await response.json();
    if (asked !== solveAsked) return;
    if (!response.ok) throw new Error(data.detail || response.statusText);
    onVerdict(data.winnable);
    $("play-solve").textContent = data.winnable
      ? `You can always win in ${moves(data.length)}: ${methodWords(data.how, data.method)}.`
      : `The strongest Devil can always stop you: ${methodWords(data.how, data.method)}.`;
    $("play-solve").title = `as the command line writes it: ${data.game}`;
    $("play-solve").dataset.state = "solved";
    whyLink(data.game, data.n, data.winnable);
  } catch (err) {
    if (asked !== solveAsked) return;
    $("play-solve").textContent = "";
    $("play-solve").dataset.state = "none";
    whyLink("", 0, false);
  }
}

// For the plain coin game the "Why it works" section draws (why.js), a link to its picture.
function whyLink(game, n, winnable) {
  const link = $("play-why");
  const drawn = game === `n=${n}` && (winnable ? [2, 4, 8] : [3, 5, 6, 7]).includes(n);
  link.hidden = !drawn;
  if (!drawn) return;
  link.textContent = winnable ? `Why it works: the strategy for ${n} coins, run by run`
    : `Why the Devil wins with ${n} coins: try any move against him`;
  link.dataset.n = String(n);
  link.dataset.winnable = String(winnable);
}

// The link opens the picture its last verdict named.
export function wireVerdict() {
  $("play-why").addEventListener("click", (e) => {
    e.preventDefault();
    const link = e.currentTarget;
    openWhy(Number(link.dataset.n), link.dataset.winnable === "true");
  });
}
