// The page: play a game against the Devil, the glasses on a tray, watch the optimal strategy
// step by step, see why it works, and be the Devil against a strategy.  Plain JS, no libraries,
// no build: ES modules loaded by the browser; everything they need comes from this server's
// /api.  This is the entry module (index.html loads it alone): the others only declare things,
// and start() below wires the sections together and asks for their first games once every
// module is loaded.

import { replayBoard } from "./board.js";
import { playRest, showOptimal } from "./coach.js";
import { devil, devilTurn, wireDevil } from "./devil.js";
import { $, fillSizes } from "./draw.js";
import { wireHistory } from "./history.js";
import { fillChoices, fillHands, gameFields, loadMenus, refusal } from "./menus.js";
import {
  again, drawPlay, emptyChoice, flip, giveUp, menusChanged, newGame, peek, play, rest, toggle,
} from "./play.js";
import { drawReplay, replay, wireReplay } from "./replay.js";
import { loadTouchGames, touch, wireTouch } from "./touch.js";
import { wireVerdict } from "./verdict.js";
import { goTo, lastStep, loadStrategy, step, watch, wireWatchRows } from "./watch.js";
import { loadWhy, loadWhyDevil, wireWhy } from "./why.js";
import { loadWords } from "./words.js";

// The play section's buttons and menus.
function wirePlay() {
  fillSizes($("play-n"), 4);
  $("new-game").addEventListener("click", () => newGame());
  $("flip").addEventListener("click", () => flip());
  $("clear").addEventListener("click", () => { play.chosen = emptyChoice(); drawPlay(); });
  $("undo").addEventListener("click", () => again("/api/undo"));
  $("restart").addEventListener("click", () => again("/api/restart"));
  $("play-n").addEventListener("change", () => { fillHands(); menusChanged(); });
  $("play-devil").addEventListener("change", menusChanged);
  const choices = () => { fillChoices(); menusChanged(); };
  for (const id of ["play-values", "play-group", "play-goal", "play-hands", "play-observe"]) {
    $(id).addEventListener("change", choices);
  }
  choices();
  $("peek").addEventListener("click", peek);
  $("give-up").addEventListener("click", giveUp);
  $("play-rest").addEventListener("click", playRest);
  $("play-rest-stop").addEventListener("click", () => { rest.stop = true; });
  $("play-optimal").addEventListener("click", showOptimal);
  wireHistory();
  wireVerdict();
  wireReplay(play);
}

function wireWatch() {
  fillSizes($("watch-n"), 4);  // the same N as Play opens with
  // the watch section also shows the start of the construction for 16 coins
  $("watch-n").appendChild(new Option("16 (first 64 moves)", "16"));
  $("watch-n").addEventListener("change", loadStrategy);
  $("back").addEventListener("click", () => step(-1));
  $("forward").addEventListener("click", () => step(1));
  $("watch-slider").addEventListener("input", () => goTo(Number($("watch-slider").value)));
  wireWatchRows();
}

// Keys: in the watch section the arrows step; in the Devil's section digits turn the table;
// in the play section Enter flips and digits choose positions (buttons, menus and text boxes
// keep their own keys).
function onKey(e) {
  const tag = e.target.tagName;
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const typing = tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT";
  if ($("devil").contains(e.target)) {
    if (!typing && /^[0-9]$/.test(e.key) && Number(e.key) < devil.n && devil.replay === null) {
      e.preventDefault();
      devilTurn(Number(e.key));
    }
    return;
  }
  if (typing || $("touch").contains(e.target)) return;  // the glasses keep their own keys
  if ($("watch").contains(e.target)) {  // arrows step, even from the Back/Forward buttons
    if (e.key === "ArrowRight") { e.preventDefault(); step(1); }
    if (e.key === "ArrowLeft") { e.preventDefault(); step(-1); }
    if (e.key === "Home") { e.preventDefault(); goTo(0); }
    if (e.key === "End" && watch.data) { e.preventDefault(); goTo(lastStep(watch.data)); }
    return;
  }
  // the play keys work only from the play section (or with nothing focused): a digit pressed in
  // another section (why, the strategy) never plays a move here; buttons keep Enter and Space
  // (Flip then refuses an empty move), and digits still choose positions after a click on Flip
  if (!$("play").contains(e.target) && e.target !== document.body) return;
  if (e.key === "Enter" && tag !== "BUTTON") {
    e.preventDefault();
    flip();
  } else if (/^[0-9]$/.test(e.key) && Number(e.key) < play.n) {
    toggle(Number(e.key));
  }
}

async function start() {
  // the replay boards first: the wiring below finds their buttons by id
  replayBoard($("replay"), "replay", { id: "replay-table", size: 240,
                                       label: "the table in the replay" });
  replayBoard($("touch-replay"), "touch-replay", { id: "touch-replay-tray", size: 260,
                                                   label: "the tray in the replay" });
  wirePlay();
  wireTouch();
  wireWatch();
  wireWhy();
  fillSizes($("devil-n"), 4);  // the Devil's seat opens at the same N as Play and Watch
  wireDevil();
  document.addEventListener("keydown", onKey);
  $("watch").setAttribute("tabindex", "-1");  // clicking in it gives it the focus for the arrows
  $("devil").setAttribute("tabindex", "-1");  // and in this one for the digits
  drawPlay();
  // Module bindings are not globals: the sections' state, for the console and for the browser
  // tests (tests/web read devilcoins.touch.game, devilcoins.play.busy, ...), the menus' rule
  // of which games the page plays (a test walks every combination), and the replay's drawing
  // (a test draws a turn cut short).  Nothing of the page reads it.
  window.devilcoins = { play, touch, watch, replay, drawReplay, refusal, gameFields };
  // the pictures that use none of the server's words are asked for at once; the games once the
  // words have come (their lines name the Devil and how a verdict was reached) and the menus
  // offer only what the server plays (a form the browser restored may name a game it refuses)
  loadStrategy();
  loadWhy();
  loadWhyDevil();
  // if either never comes the page still plays: each Devil and verdict is then named by the
  // server's own name, and a game the server refuses is refused when it is started, in words
  await Promise.all([loadWords().catch(() => {}), loadMenus().catch(() => {})]);
  fillChoices();
  newGame(false);  // the first screen has a game on the table, ready to play
  loadTouchGames();  // and glasses on the tray, ready to feel
}

start();
