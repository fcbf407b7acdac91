// The play section's coach: "Show me the optimal move" chooses the library's move on the table,
// and "Play the rest" plays the game out from where it stands.

import { $, moves, pause, say } from "./draw.js";
import { drawPlay, emptyChoice, flip, play, playControls, playing, rest } from "./play.js";

// Choose the library's optimal move on the table (the player still presses Flip to play it).
export function showOptimal() {
  if (!play.optimal || play.won) return;
  play.chosen = emptyChoice();
  play.optimal.forEach((v, i) => {
    if (!v) return;
    if (play.values === 2) play.chosen.add(i); else play.chosen.set(i, v);
  });
  const words = play.values === 2
    ? `flip {${[...play.chosen].join(", ")}}`
    : `turn ${[...play.chosen].map(([i, v]) => `${i}+${v}`).join(", ")}`;
  const listen = play.optimal.every((v) => !v);
  const what = listen ? "change nothing and listen" : words;
  say($("play-message"), rest.running ? `The coach plays the optimal move: ${what}.`
    : `The optimal move: ${what}. Press “${$("flip").textContent}” to play it.`);
  drawPlay();
}

// "Play the rest": the coach plays the game out from where it stands, a move every pause
// (the speed menu, milliseconds), until it is won, stopped, or no play wins for sure.
export async function playRest() {
  if (rest.running || !playing() || !play.optimal || play.busy) return;
  Object.assign(rest, { running: true, stop: false });
  playControls();
  $("play-rest-stop").focus();
  const game = play.game;
  try {
    while (!rest.stop && playing() && play.optimal && play.game === game) {
      const before = play.moves;
      showOptimal();
      await flip(true);
      if (play.game !== game) break;  // a new game is on the table: its line is its own
      if (play.moves === before) break;  // refused: the message says why
      if (!playing()) break;
      const said = $("play-message").textContent;
      say($("play-message"), `${said ? said + " " : ""}The coach plays on: “Stop” to take over.`);
      await pause(Number($("play-speed").value));
    }  // (the loop's test sees a new game put on the table during the pause)
  } finally {
    const stopped = rest.stop && playing() && play.game === game;
    Object.assign(rest, { running: false, stop: false });
    playControls();
    if (stopped) {
      say($("play-message"), `Stopped after ${moves(play.moves)}: play on yourself, or ` +
          "press “Play the rest” again.");
    }
    if (play.won && document.activeElement === $("play-rest-stop")) $("replay-open").focus();
  }
}
