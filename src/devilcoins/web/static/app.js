// The page: play a game against the Devil, watch the optimal strategy step by step, and be the
// Devil against a strategy.
// Plain JS, no libraries; everything it needs comes from this server's /api.
// This file wires the sections together: draw.js, play.js, watch.js and devil.js (loaded before
// it, in that order) hold their functions.
"use strict";

// ---- wiring --------------------------------------------------------------------------------

fillSizes($("play-n"), 4);
fillSizes($("watch-n"), 4);  // the same N as Play opens with
{  // the watch section also shows the start of the construction for 16 coins
  const option = document.createElement("option");
  option.value = "16";
  option.textContent = "16 (first 64 moves)";
  $("watch-n").appendChild(option);
}
$("new-game").addEventListener("click", newGame);
$("flip").addEventListener("click", flip);
$("clear").addEventListener("click", () => { play.chosen = emptyChoice(); drawPlay(); });
$("undo").addEventListener("click", () => again("/api/undo"));
$("restart").addEventListener("click", () => again("/api/restart"));
$("play-n").addEventListener("change", () => { fillHands(); menusChanged(); });
$("play-devil").addEventListener("change", menusChanged);
for (const id of ["play-values", "play-group", "play-goal", "play-hands", "play-observe"]) {
  $(id).addEventListener("change", fillChoices);
}
fillChoices();
$("peek").addEventListener("click", peek);
$("give-up").addEventListener("click", giveUp);
$("play-rest").addEventListener("click", playRest);
$("play-rest-stop").addEventListener("click", () => { rest.stop = true; });
$("play-optimal").addEventListener("click", showOptimal);
$("watch-n").addEventListener("change", loadStrategy);
$("back").addEventListener("click", () => step(-1));
$("forward").addEventListener("click", () => step(1));
$("watch-slider").addEventListener("input", () => goTo(Number($("watch-slider").value)));
fillSizes($("devil-n"), 4);
turnButtons(4);
drawDevil();
$("devil-n").addEventListener("change", () => {
  $("devil-replay").hidden = true;
  say($("devil-verdict-text"), "");
});
$("devil-optimal").addEventListener("change", devilKind);
$("devil-custom").addEventListener("change", devilKind);
$("devil-text").addEventListener("input", () => { $("devil-replay").hidden = true; });
$("devil-random").addEventListener("click", () => {
  $("devil-start").value = randomStart(Number($("devil-n").value));
});
$("devil-begin").addEventListener("click", devilStart);
$("devil-check").addEventListener("click", devilCheck);
$("devil-replay").addEventListener("click", devilReplay);
const typedTurn = () => ($("devil-r").value.trim() === "" ? NaN : Number($("devil-r").value));
$("devil-go").addEventListener("click", () => devilTurn(typedTurn()));
$("devil-r").addEventListener("keydown", (e) => {
  if (e.key === "Enter") { e.preventDefault(); devilTurn(typedTurn()); }
});
$("devil-next").addEventListener("click", () => {
  if (devil.replay !== null && !devil.over) devilTurn(devil.replay[devil.index]);
});

// Keys: in the watch section the arrows step; in the Devil's section digits turn the table;
// in the play section Enter flips and digits choose positions (buttons, menus and text boxes
// keep their own keys).
document.addEventListener("keydown", (e) => {
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
});
$("watch").setAttribute("tabindex", "-1");  // clicking in it gives it the focus for the arrows
$("devil").setAttribute("tabindex", "-1");  // and in this one for the digits

drawPlay();
// The first game and strategy are asked for once every script has run: the answers use
// functions of touch.js, replay.js and why.js, which load after this one (on a busy machine an
// answer could come back before them).
document.addEventListener("DOMContentLoaded", () => {
  loadStrategy();
  newGame(false);  // the first screen has a game on the table, ready to play
});
