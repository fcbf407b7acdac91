// The Devil's section: be the Devil against a strategy, turn by turn, and replay a
// counterexample.  Every answer goes through forGame: devil.game changes with each game set
// out or cleared, and with each Start or check asked for.

import {
  $, api, busyWhile, capital, drawTable, flipsText, forGame, judgedMark, moves, placesWords, say,
} from "./draw.js";

// n, moves: the strategy; coins: as they lie now; index: the next move (0-based); over: the game
// has ended; replay: the counterexample's turns while one is being replayed, else null.
// check: the last failing verdict (its strategy, start and turns), for the replay.
// game: forGame's token, a fresh object for each game on the board (or asked for).
export const devil = { n: 4, moves: null, coins: null, index: 0, over: true, replay: null,
                       busy: false, check: null, game: null };

function randomStart(n) {
  let coins = "";
  while (!coins.includes("T")) {
    coins = "";
    for (let i = 0; i < n; i++) coins += Math.random() < 0.5 ? "H" : "T";
  }
  return coins;
}

// The strategy the form asks for: the optimal one from the server, or the typed one parsed there.
async function devilStrategy() {
  const n = Number($("devil-n").value);
  if ($("devil-custom").checked) {
    // checked, not parsed: a mistake in what was typed comes back as an answer (no HTTP
    // error, so the browser's console stays quiet), and is thrown here for the message
    const data = await api("/api/devil/check", { n: n, text: $("devil-text").value });
    if (data.problem) throw new Error(data.problem);
    return { n: n, moves: data.moves };
  }
  const data = await api(`/api/strategy/${n}`);
  if (!data.winnable) throw new Error(`${data.message}. Type a strategy of your own to beat.`);
  return { n: n, moves: data.moves };
}

function devilStartCoins(n) {
  const typed = $("devil-start").value.trim().toUpperCase();
  if (!typed) return randomStart(n);
  if (!/^[HT]+$/.test(typed)) throw new Error(`a start uses only H and T, got “${typed}”`);
  if (typed.length !== n) throw new Error(`a start for N = ${n} has ${n} letters, not ${typed.length}`);
  if (!typed.includes("T")) throw new Error("that start is all heads already: put in a tail");
  return typed;
}

function drawDevil() {
  const n = devil.n;
  const next = devil.moves && !devil.over ? devil.moves[devil.index] : [];
  drawTable($("devil-table"), n, devil.coins, new Set(next), null);
  $("devil-table").setAttribute("aria-label", devil.coins ? `the coins: ${devil.coins}` : "the table");
  const live = Boolean(devil.moves) && !devil.over && !devil.busy;
  const manual = live && devil.replay === null;
  for (const b of $("devil-turns").querySelectorAll("button")) b.disabled = !manual;
  $("devil-go").disabled = !manual;
  $("devil-r").max = String(n - 1);
  $("devil-next").hidden = devil.replay === null;
  $("devil-next").disabled = !live;
  if (!devil.moves) return;
  const total = devil.moves.length;
  if (devil.over) return;
  const flips = `{${next.join(", ")}}`;
  $("devil-status").textContent = devil.replay === null
    ? `Move ${devil.index + 1} of ${total}: the strategy will flip ${flips} (ringed). ` +
      "Choose your turn r."
    : `Replay, move ${devil.index + 1} of ${total}: the counterexample turns the table ` +
      `${placesWords(devil.replay[devil.index], n)}, then ${flips} is flipped.`;
}

function turnButtons(n) {
  const buttons = [];
  for (let r = 0; r < n; r++) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = String(r);
    b.setAttribute("aria-label", `turn by ${r}`);
    b.addEventListener("click", () => devilTurn(r));
    buttons.push(b);
  }
  $("devil-turns").replaceChildren(...buttons);
}

function devilBegin(n, moves, coins, replay) {
  Object.assign(devil, { n: n, moves: moves, coins: coins, index: 0, over: false,
                         replay: replay, busy: false, game: {} });
  $("devil-log").tBodies[0].replaceChildren();
  say($("devil-message"), "");
  turnButtons(n);
  drawDevil();
}

// Clear the board, the log and the verdict of the last game: what shows is about one game only.
function devilClear(status) {
  Object.assign(devil, { moves: null, coins: null, index: 0, over: true, replay: null,
                         busy: false, game: {} });
  $("devil-log").tBodies[0].replaceChildren();
  $("devil-status").textContent = status;
  say($("devil-message"), "");
  say($("devil-verdict-text"), "");
  $("devil-replay").hidden = true;
  drawDevil();
}

async function devilStart() {
  say($("devil-verdict-text"), "");
  $("devil-replay").hidden = true;
  const n = Number($("devil-n").value);
  devil.game = {};  // a new game is asked for: answers for the one on the board are dropped
  // both are checked, so that a start and a strategy both wrong are named together
  const settled = await forGame(devil, () => Promise.allSettled([
    devilStrategy(), (async () => devilStartCoins(n))()]));
  if (!settled) return;  // Start (or a check) was pressed again meanwhile
  const [strategy, start] = settled;
  if (strategy.status === "fulfilled" && start.status === "fulfilled") {
    devilBegin(strategy.value.n, strategy.value.moves, start.value, null);
    return;
  }
  devilClear("No game: fix what the message says, then press “Start”.");
  const said = (what) => what.reason.message.replace(/\.$/, "");
  say($("devil-message"), strategy.status === "fulfilled" ? capital(said(start))
    : start.status === "fulfilled" ? capital(said(strategy))
      : `Two things to fix. The strategy: ${said(strategy)}. The start: ${said(start)}.`,
  "error");
}

function logRow(cells) {
  const tr = document.createElement("tr");
  for (const text of cells) {
    const td = document.createElement("td");
    td.textContent = text;
    tr.appendChild(td);
  }
  $("devil-log").tBodies[0].appendChild(tr);
}

export async function devilTurn(r) {
  if (!devil.moves || devil.over || devil.busy) return;
  if (!Number.isInteger(r) || r < 0 || r >= devil.n) {
    say($("devil-message"), `r is a whole number 0..${devil.n - 1}`, "error");
    return;
  }
  devil.busy = true;
  const game = devil.game;
  try {
    const data = await forGame(devil, () => busyWhile("devil", "devil-message", () => api(
      "/api/devil/turn", { n: devil.n, moves: devil.moves, coins: devil.coins,
                           move_index: devil.index, r: r }), "Turning…"));
    if (!data) return;  // another game is on the board
    logRow([String(devil.index + 1), devil.coins, String(r), data.turned,
            flipsText(data.move, devil.n), data.after]);
    // the coach's mark on the turn (play.js: judgedMark), beside it in the Turn r column
    const row = $("devil-log").tBodies[0].lastElementChild;
    row.cells[2].append(" ", judgedMark(data.judged));
    devil.coins = data.after;
    const done = devil.index + 1;
    devil.index = done;
    devil.over = data.done;
    say($("devil-message"), "");
    if (data.won) {
      $("devil-status").textContent = `The coins: ${data.after}.`;
      say($("devil-message"), `All heads: the strategy won at move ${done}.`,
          devil.replay === null ? "" : "error");
    } else if (data.done) {
      $("devil-status").textContent = `The coins: ${data.after}.`;
      say($("devil-message"), `The strategy ran out after ${moves(done)} without all heads: ` +
          (devil.replay === null ? "you beat it!" : "that was the Devil's winning line, replayed."),
          devil.replay === null ? "win" : "");
    } else {
      const judged = devil.replay === null ? ` ${data.judged.text}` : "";
      say($("devil-message"), `You turned the table ${placesWords(r, devil.n)}: ` +
          `${data.turned}; the strategy flipped {${data.move.join(", ")}}: ${data.after}.` +
          judged);
    }
  } catch (err) {
    say($("devil-message"), err.message, "error");
  } finally {
    if (devil.game === game) {  // (a game set out meanwhile has its own busy and board)
      devil.busy = false;
      drawDevil();
    }
  }
}

async function devilCheck() {
  const text = $("devil-verdict-text");
  devilClear("Checking the strategy; its verdict shows below.");
  try {
    const asked = await forGame(devil, devilStrategy);
    if (!asked) return;  // Start (or another check) was pressed meanwhile
    const { n, moves: strategy } = asked;
    say(text, "Checking every start against every Devil…");
    const data = await forGame(devil, () => api("/api/verify", { n: n, moves: strategy }));
    if (!data) return;
    $("devil-status").textContent = "Checked: the verdict is below. Press “Start” to play the " +
      "Devil against this strategy yourself.";
    if (data.wins) {
      say(text, `No Devil can beat it: every start ends at all heads by move ${data.won_at}.`,
          "win");
      return;
    }
    const c = data.counterexample;
    say(text, `It fails: start at ${c.start} and, before its moves, turn the table ` +
        `${c.turns.map((r) => placesWords(r, n)).join("; ")}: all heads never shows.`, "error");
    devil.check = { n: n, moves: strategy, start: c.start, turns: c.turns };
    $("devil-replay").hidden = false;
  } catch (err) {
    $("devil-status").textContent = "Not checked: fix what the message says, then press " +
      "“Show me where it fails” again.";
    say(text, capital(err.message), "error");
  }
}

function devilReplay() {
  const c = devil.check;
  if (!c) return;
  $("devil-start").value = c.start;
  devilBegin(c.n, c.moves, c.start, c.turns);
  $("devil-next").focus();
}

function devilKind() {
  $("devil-text").disabled = !$("devil-custom").checked;
  $("devil-replay").hidden = true;
}

// The section's buttons and r box (its digit keys: app.js), and its first board.
export function wireDevil() {
  turnButtons(Number($("devil-n").value));
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
}
