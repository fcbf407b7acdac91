// The play section: a game against the Devil on the table, its moves, Undo and Restart, peek
// and give up.  The coach (Play the rest, the optimal move) is coach.js, the verdict line
// verdict.js, the moves played and the belief history.js, the menus menus.js.

import {
  $, api, busyWhile, capital, drawTable, forGame, moves, say,
} from "./draw.js";
import { drawBelief, historyLine } from "./history.js";
import { gameFields, insteadOf, introWords, refusal } from "./menus.js";
import { closeReplay } from "./replay.js";
import { showSolve, solving } from "./verdict.js";
import { devilWord } from "./words.js";

// hands: the most positions a move may change (null: any).
// observe: what the player learns (blind, count, sight); optimal: the coach's next move from
// here (its amounts a position) or null; atMost: the moves that win from here for sure (null:
// the Devil holds the game); lost: the Devil holds it for ever and the game is over.
// held: the strongest Devil could hold the game from here (a random or greedy one may still
// let the player through: the game goes on); gaveUp: the player gave up, and the game is over.
export const play = { game: null, n: 4, values: 2, hands: null, chosen: new Set(), won: false,
                      coins: null, observe: "blind", optimal: null, winnable: true, atMost: null,
                      lost: false, held: false, gaveUp: false };

// "Play the rest" (coach.js): running while the coach plays the game out, stop once asked to.
export const rest = { running: false, stop: false };

// Whether the game on the table takes moves: one is set out and not over.
export const playing = () => Boolean(play.game) && !play.won && !play.lost && !play.gaveUp;

// How many positions the move chosen so far changes.
const chosenCount = () =>
  play.values === 2 ? play.chosen.size : [...play.chosen.values()].filter((v) => v > 0).length;

// The move chosen so far: positions to flip (coins), or the amount to turn each dial.
function chosenMove() {
  if (play.values === 2) return { positions: [...play.chosen] };
  const amounts = Array.from({ length: play.n }, (_, i) => play.chosen.get(i) || 0);
  return { positions: [], values: amounts };
}

export function emptyChoice() {
  return play.values === 2 ? new Set() : new Map();
}

// Whether the menus name another game than the one in play: then the board says so, until
// "New game" starts the game they name.
export function menusChanged() {
  const now = JSON.stringify({ ...gameFields(), devil: $("play-devil").value });
  const pending = Boolean(play.fields) && now !== JSON.stringify(play.fields);
  $("play-pending").hidden = !pending;
}

// Choose position i (or turn its dial once more); past the game's hands, one hand moves to i,
// and more hands refuse with a message.
export function toggle(i) {
  if (!playing() || rest.running) return;
  const fresh = play.values === 2 ? !play.chosen.has(i) : !play.chosen.get(i);
  if (fresh && play.hands !== null && chosenCount() >= play.hands) {
    if (play.hands !== 1) {
      say($("play-message"), `This game changes at most ${play.hands} positions a move: ` +
          "un-choose one first.", "error");
      return;
    }
    play.chosen = emptyChoice();
  }
  say($("play-message"), "");
  if (play.values !== 2) {
    const amount = ((play.chosen.get(i) || 0) + 1) % play.values;
    if (amount) play.chosen.set(i, amount); else play.chosen.delete(i);
  } else if (play.chosen.has(i)) play.chosen.delete(i); else play.chosen.add(i);
  drawPlay();
  const again = $("play-table").querySelector(`[data-position="${i}"]`);
  if (again) again.focus();
}

export function drawPlay() {
  // a redraw (a move, or the verdict arriving) keeps the focus on the position that had it
  const table = $("play-table"), focused = document.activeElement;
  const at = table.contains(focused) ? focused.dataset.position : undefined;
  if (play.game) {
    drawTable(table, play.n, play.coins, play.chosen, playing() ? toggle : null);
  } else table.replaceChildren();
  const again = at === undefined ? null : table.querySelector(`[data-position="${at}"][tabindex]`);
  if (again) again.focus();
  playControls();
}

// The buttons under the table, as the game stands (the table itself is left as it is).
export function playControls() {
  const live = playing();
  const verb = play.values === 2 ? "Flip" : "Turn";
  $("flip").textContent = verb;
  $("play-hint").textContent = play.values === 2
    ? "Click positions (or press their digits) to choose them; Enter or “Flip” plays the move."
    : "Click a dial (or press its digit) to set how far to turn it; Enter or “Turn” plays " +
      "the move.";
  const byHand = live && !rest.running;  // while the coach plays the rest, he alone moves
  $("flip").disabled = !byHand;
  $("clear").disabled = !byHand;
  $("undo").disabled = !play.game || play.busy || !play.moves || rest.running;
  $("restart").disabled = !play.game || play.busy || !play.moves || rest.running;
  $("play-rest").hidden = rest.running;
  $("play-rest").disabled = !live || !play.optimal;
  $("play-rest-stop").hidden = !rest.running;
  $("peek").disabled = !play.game || play.won;  // a won game shows its coins already
  $("give-up").hidden = !(live && play.held);  // the strongest Devil would hold it; this may not
  $("give-up").disabled = play.busy;
  $("play-hint").hidden = !byHand;  // how to move, only while there is a move of yours to make
  $("peek").hidden = play.observe === "sight";  // the table is in view already
  $("play-optimal").disabled = !byHand || !play.optimal;
  $("play-optimal").textContent = live && play.optimal && play.atMost
    ? `Show me the optimal move (wins within ${moves(play.atMost)})`
    : "Show me the optimal move";
}

// The Devil the game is played against, in words: "the random Devil".
const devilNamed = (devil) => `the ${devilWord(devil)} Devil`;

// The belief as the game stands: the first small tables, or all once asked for.
function showBelief(belief) {
  drawBelief(belief, play.allBelief, () => {
    play.allBelief = true;
    showBelief(belief);
  });
}

function showGame(data) {
  play.won = data.won;
  play.held = Boolean(data.held);
  play.optimal = data.optimal || null;
  play.atMost = data.at_most ?? null;
  play.lost = Boolean(data.lost);
  play.moves = data.moves;
  if (data.coins) play.coins = data.coins;
  const peeked = data.peeked ? " (peeked)" : "";
  $("play-status").textContent =
    `N = ${data.n}, ${devilWord(data.devil)} Devil: ${moves(data.moves)}${peeked}`;
  $("play-rules").textContent = `The game: ${data.game_words}.`;
  $("play-rules").title = data.game_text || `n=${data.n}`;  // as the command line writes it
  $("belief-size").textContent = `${data.belief_size} possible`;
  showBelief(data.belief);
  if (data.won) say($("play-message"), `${goalShown()}: you won in ${moves(data.moves)}!`, "win");
  if (play.lost) {
    say($("play-message"), `You lost: the Devil can now hold you off forever. ${data.reason} ` +
        "“Replay with the Devil's turns” shows one way he did it; “New game” starts again.",
        "loss");
  } else if (data.winnable === false && !data.moves && data.devil === "adversarial") {
    say($("play-message"), "No strategy wins this game: the Devil can hold you off forever. " +
        `${data.reason} Play a move to see.`);
  } else if (data.winnable === false && !data.moves) {
    say($("play-message"), "No strategy is sure to win this game: the strongest Devil could " +
        `hold you off forever. ${data.reason} ${capital(devilNamed(data.devil))} may still ` +
        "let you through: try.");
  }
  const held = play.held && !play.lost && !play.won && !play.gaveUp;
  $("play-held").hidden = !held;
  $("play-held").textContent = held ? "From here the strongest Devil could hold you off " +
    `forever: ${data.reason} You play against ${devilNamed(data.devil)}, who may still let ` +
    "you through: play on, or press “Give up” to see the coins." : "";
  closeReplay(data.won || data.peeked || play.lost);  // replay.js: offered once it is over
  const focused = document.activeElement;
  const inPlay = $("play").contains(focused);
  drawPlay();
  // once the game is won its positions and Flip go: the focus goes on to the replay's button
  const lost = !focused.isConnected || focused.disabled || document.activeElement === document.body;
  if (data.won && inPlay && lost) $("replay-open").focus();
}

// The goal of the game on the table as it shows when won: "All heads", "All zero" (dials) or
// "All the same", by the goal menu the game started with.
function goalShown() {
  const fields = play.fields || {};
  if (fields.goal === "same") return "All the same";
  return play.values === 2 ? "All heads" : "All zero";
}

// The newest "New game" asked for: an answer to an older one (still on its way) is dropped.
let newest = 0;

export async function newGame(scroll = true) {
  const asked = ++newest;
  rest.stop = true;  // the coach stops playing the game before
  solving();  // the verdict of the game on the table goes at once: a new one is on its way
  try {
    const fields = gameFields();
    const why = refusal(fields);
    if (why) throw new Error(`No game: ${why}. ${insteadOf(fields)}`);
    const n = fields.n;
    const data = await busyWhile("play", "play-message",
      () => api("/api/new", { ...fields, devil: $("play-devil").value }),
      "Setting out a new game…");
    if (asked !== newest) return;
    const values = data.values || 2;
    play.fields = { ...fields, devil: $("play-devil").value };
    introWords(fields);
    menusChanged();
    Object.assign(play, { game: data.game, n: n, values: values, hands: fields.hands ?? null,
                          won: false, coins: null, observe: fields.observe || "blind",
                          winnable: true, lost: false, atMost: null, allBelief: false,
                          held: false, gaveUp: false });
    $("play-table").dataset.game = data.game;  // which game the table shows (for tests)
    play.chosen = emptyChoice();
    $("play-history").replaceChildren();
    showSolve(fields, (winnable) => {
      play.winnable = winnable;
      playControls();  // the verdict changes a tooltip, not the table: the focus stays put
    });
    say($("play-message"), "");
    $("play-why").hidden = true;  // until this game's verdict says which picture is its
    showGame(data);
    if (scroll) inView();
  } catch (err) { noGame(err.message); }
}

// On a small screen, bring the table and Flip into view together (one screen to play on).
function inView() {
  const flipBox = $("flip").getBoundingClientRect();
  if (flipBox.bottom > window.innerHeight || flipBox.top < 0) {
    $("play-table").scrollIntoView({ block: "start" });
  }
}

// A refused game: the old board goes, so nothing of it can be played, and the error shows.
function noGame(message) {
  Object.assign(play, { game: null, won: false, coins: null });
  play.chosen = emptyChoice();
  $("play-status").textContent = "No game: change the choices above and press “New game”.";
  $("play-rules").textContent = "";
  $("play-solve").textContent = "";
  $("belief-size").textContent = "";
  $("belief").replaceChildren();
  $("play-history").replaceChildren();
  say($("play-message"), message, "error");
  closeReplay(false);
  drawPlay();
}

// Play the move chosen (coach: the coach plays it, in "Play the rest"; by hand it waits).
export async function flip(coach = false) {
  if (!playing() || play.busy || (rest.running && coach !== true)) return;
  if (chosenCount() === 0 && play.observe !== "count") {  // in a count game a move may listen
    say($("play-message"), "Nothing chosen: choose at least one position first " +
        "(click it or press its digit).", "error");
    return;
  }
  play.busy = true;
  playControls();
  const game = play.game;
  try {
    const move = chosenMove();
    const data = await forGame(play, () => busyWhile("play", "play-message",
                                                     () => api("/api/move", { game: game, ...move })));
    if (!data) return;  // a new game is on the table: this answer is not its
    play.busy = false;
    historyLine(move, data, play.observe);
    play.chosen = emptyChoice();
    play.coins = null;  // the Devil has turned the table: whatever was peeked is stale
    // the coach's word on the move (not on its own moves while it plays the rest), then what
    // the move taught
    const judged = coach === true || !data.judged ? "" : data.judged.text;
    if (!data.won && !data.lost) say($("play-message"), [judged, afterMove(data)].join(" ").trim());
    showGame(data);
  } catch (err) {
    say($("play-message"), err.message, "error");
  } finally {
    play.busy = false;
    playControls();
  }
}

// What the player learns from a move that did not win: the count heard, or the table seen.
function afterMove(data) {
  if (data.heard !== undefined) {
    const what = play.values === 2 ? "tail" : "dial not at 0";
    return `You hear: ${data.heard} ${what}${data.heard === 1 ? "" : "s"}.`;
  }
  if (data.coins && play.observe === "sight") {
    return `The Devil turned the table before your move landed: now ${data.coins}.`;
  }
  return "";
}

// Undo (the last move taken back) or Restart (the same game from its start): the server plays
// the same game again up to there; the list of moves follows.
export async function again(path) {
  if (!play.game || play.busy || !play.moves) return;
  play.busy = true;
  try {
    const game = play.game;
    const data = await forGame(play, () => busyWhile("play", "play-message",
      () => api(path, { game: game }), "Playing the game again…"));
    if (!data) return;  // a new game is on the table
    const history = $("play-history");
    if (path === "/api/restart") history.replaceChildren();
    else if (history.lastChild) history.lastChild.remove();
    Object.assign(play, { chosen: emptyChoice(), coins: null, gaveUp: false });
    play.busy = false;
    showGame(data);
    if (!play.lost) {  // a game the Devil holds says so instead
      say($("play-message"), path === "/api/restart"
        ? "The same game from its start: the coins lie as they did before your first move."
        : `Your last move is taken back: ${moves(data.moves)} played.`);
    }
  } catch (err) { say($("play-message"), err.message, "error"); } finally {
    play.busy = false;
    playControls();
  }
}

// Give up a game the strongest Devil would hold (the chosen Devil may not): the coins show, the
// game is over, and its replay is offered; Undo or Restart take it up again.
export async function giveUp() {
  if (!playing() || play.busy) return;
  try {
    const data = await peekedGame();
    if (!data) return;  // a new game is on the table
    play.gaveUp = true;
    showGame(data);
    say($("play-message"), `You gave up after ${moves(data.moves)}: the ` +
        `${play.values === 2 ? "coins are" : "dials show"} ${data.coins}. “Replay with the ` +
        "Devil's turns” shows how they got there; “New game” starts again.", "loss");
  } catch (err) { say($("play-message"), err.message, "error"); }
}

// The coins of the game on the table, asked of the server (null: a new game came meanwhile).
async function peekedGame() {
  const game = play.game;
  const data = await forGame(play, () => busyWhile("play", "play-message",
                                                   () => api("/api/peek", { game: game }), "Looking…"));
  if (!data) return null;
  play.coins = data.coins;
  return data;
}

export async function peek() {
  if (!play.game || play.busy) return;
  try {
    const data = await peekedGame();
    if (!data) return;  // a new game is on the table
    showGame(data);
    if (!data.won) {
      say($("play-message"), play.values === 2 ? `You peeked: the coins are ${data.coins}.`
        : `You peeked: the dials show ${[...data.coins].join(", ")}, position 0 first.`);
    }
  } catch (err) { say($("play-message"), err.message, "error"); }
}
