// Replay a finished game (won, or peeked) with what was hidden: the coins as they lay, the
// Devil's turn (the table turns the short way round, its letters upright), the move, the
// result, from the server's /api/replay/{game}.

import { $, api, devilTurned, drawTable, forGame, lessMotion, say, shortTurn } from "./draw.js";

// turn: how far the table is drawn turned now; animation: the turn being drawn.
export const replay = { frames: [], at: 0, n: 0, won: false, turn: 0, animation: 0 };

const faceWord = (coins) => (/^[HT]+$/.test(coins) ? `the coins ${coins}` : `the dials ${coins}`);

// The frames of a replay: the start, then for each move the turn, the move and the result.
// shift is how far the table has turned so far (positions, clockwise), each turn drawn the short
// way round as its words say it; coins are as the player's fixed positions see them.
// Coins.rotate(r) moves every coin r positions anticlockwise.
function replayFrames(data) {
  const steps = data.steps;
  let shift = 0;
  const frames = [{ coins: steps.length ? steps[0].before : data.coins, shift, marks: [],
                    text: `At the start: ${faceWord(steps.length ? steps[0].before : data.coins)}` +
                          " (you could not see them)." }];
  steps.forEach((s, k) => {
    const head = `Move ${k + 1}`;
    if (s.turn) shift += shortTurn(s.turn, data.n);
    frames.push({ coins: s.turned, shift, marks: [], turn: s.turn,
                  text: s.turn === null ? `${head}: the Devil moved the table to ${s.turned}.`
                    : `${head}: ${devilTurned(s.turn, data.n, "table")}: ${faceWord(s.turned)}.` });
    frames.push({ coins: s.turned, shift, marks: s.move,
                  text: /^[HT]+$/.test(s.turned)
                    ? `${head}: you flipped {${s.positions.join(", ")}}.`
                    : `${head}: you turned ${s.positions.map((i) => `${i}+${s.move[i]}`)
                      .join(", ")}.` });
    const last = k === steps.length - 1;
    frames.push({ coins: s.after, shift, marks: [],
                  text: `${head}: the result is ${faceWord(s.after)}` +
                        (last && data.won ? ": the goal, won." : ".") });
  });
  return frames;
}

// How long the table takes to turn, in milliseconds (none when the visitor asks for less motion).
const TURN_MS = 900;

// Draw one frame: the table turned by the frame's shift, drawn in its own frame (its position j
// lies at the player's position j + shift), so the letters stay upright while it turns.  The
// turn is drawn step by step from where the table was (an animation frame at a time).
export function drawReplay() {
  const frame = replay.frames[replay.at];
  const n = replay.n;
  const at = (j) => (((j + frame.shift) % n) + n) % n;
  const faces = Array.from({ length: n }, (_, j) => frame.coins[at(j)]).join("");
  const binary = /^[HT]+$/.test(frame.coins);
  const marks = binary ? new Set() : new Map();
  for (let j = 0; j < n; j++) {
    const amount = frame.marks[at(j)] || 0;
    if (amount && binary) marks.add(j); else if (amount) marks.set(j, amount);
  }
  const svg = $("replay-table");
  const from = replay.turn, to = frame.shift, started = performance.now();
  const draw = (turn) => {
    replay.turn = turn;
    svg.dataset.turn = String(turn);
    drawTable(svg, n, faces, marks, null, turn);
  };
  cancelAnimationFrame(replay.animation);
  const tick = (now) => {
    // a frame's time may come before started (the frame began before the click was handled)
    const t = Math.min(Math.max(0, now - started) / TURN_MS, 1);
    // the last frame is the shift itself: from + (to - from) may miss it by a rounding
    // (from a turn cut short by the next click)
    draw(t < 1 ? from + (to - from) * (t < 0.5 ? 2 * t * t : 1 - 2 * (1 - t) * (1 - t)) : to);
    if (t < 1) replay.animation = requestAnimationFrame(tick);
  };
  if (from === to || lessMotion()) draw(to); else tick(started);
  svg.dataset.shift = String(frame.shift);
  const last = replay.at === replay.frames.length - 1;
  $("replay-step").textContent = `step ${replay.at} of ${replay.frames.length - 1}`;
  // the last step is green only when the game was won (a peeked game may end anywhere)
  say($("replay-text"), frame.text, last && replay.won ? "win" : "");
  // a button that is disabled drops the focus: keep it (and the arrows) in the replay
  const [back, next, focused] = [$("replay-back"), $("replay-next"), document.activeElement];
  back.disabled = replay.at === 0;
  next.disabled = last;
  if (focused === next && next.disabled) back.focus();
  if (focused === back && back.disabled) next.focus();
}

function replayStep(delta) {
  const at = replay.at + delta;
  if (at < 0 || at >= replay.frames.length) return;
  replay.at = at;
  drawReplay();
}

// The replay of owner's game (the play section's state).
async function openReplay(owner) {
  if (!owner.game) return;
  try {
    const data = await forGame(owner, () => api(`/api/replay/${owner.game}`));
    if (!data) return;  // a new game is on the table: the old one's replay is not shown
    cancelAnimationFrame(replay.animation);
    Object.assign(replay, { frames: replayFrames(data), at: 0, n: data.n, won: data.won,
                            turn: 0 });
    $("replay").hidden = false;
    drawReplay();
    $("replay").scrollIntoView({ block: "start" });
    $("replay-next").focus();
  } catch (err) { say($("play-message"), err.message, "error"); }
}

// A new state of the game: the replay (now stale) closes; offered says whether to offer one.
export function closeReplay(offered) {
  $("replay").hidden = true;
  $("replay-open").hidden = !offered;
}

export function wireReplay(owner) {
  $("replay-open").addEventListener("click", () => openReplay(owner));
  $("replay-back").addEventListener("click", () => replayStep(-1));
  $("replay-next").addEventListener("click", () => replayStep(1));
  $("replay-close").addEventListener("click", () => { $("replay").hidden = true; });
  $("replay").addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
      e.preventDefault();
      e.stopPropagation();
      replayStep(e.key === "ArrowRight" ? 1 : -1);
    }
    if (e.key === "Home" || e.key === "End") {  // the first and the last step
      e.preventDefault();
      e.stopPropagation();
      replayStep((e.key === "End" ? replay.frames.length - 1 : 0) - replay.at);
    }
  });
}
