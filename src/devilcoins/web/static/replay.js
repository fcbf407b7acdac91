// Replay a finished game (won, or peeked) with what was hidden: the coins as they lay, the
// Devil's turn (the table turns by that many positions), the move, the result.  Uses app.js's
// helpers ($, api, say, drawTable, play) and its server's /api/replay/{game}.
"use strict";

const replay = { frames: [], at: 0, n: 0 };

const faceWord = (coins) => (/^[HT]+$/.test(coins) ? `the coins ${coins}` : `the dials ${coins}`);

// The frames of a replay: the start, then for each move the turn, the move and the result.
// shift is how far the table has turned so far (positions, clockwise); coins are as the player's
// fixed positions see them.  Coins.rotate(r) moves every coin r positions anticlockwise.
function replayFrames(data) {
  const steps = data.steps;
  let shift = 0;
  const frames = [{ coins: steps.length ? steps[0].before : data.coins, shift, marks: [],
                    text: `At the start: ${faceWord(steps.length ? steps[0].before : data.coins)}` +
                          " (you could not see them)." }];
  steps.forEach((s, k) => {
    const head = `Move ${k + 1}`;
    if (s.turn !== null) shift -= s.turn;
    frames.push({ coins: s.turned, shift, marks: [], turn: s.turn,
                  text: s.turn === null ? `${head}: the Devil moved the table to ${s.turned}.`
                    : `${head}: the Devil turned the table by ${s.turn} position` +
                      `${s.turn === 1 ? "" : "s"}: ${faceWord(s.turned)}.` });
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

// Draw one frame: the svg turns by the frame's shift, so the faces are drawn in the table's
// own frame (svg position j lies at the player's position j + shift).
function drawReplay() {
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
  drawTable(svg, n, faces, marks, null);
  const angle = (frame.shift * 360) / n;
  svg.style.transform = `rotate(${angle}deg)`;
  for (const g of svg.querySelectorAll(".position")) {  // the letters stay upright
    const coin = g.querySelector("circle");
    g.querySelector("text").setAttribute(
      "transform", `rotate(${-angle} ${coin.getAttribute("cx")} ${coin.getAttribute("cy")})`);
  }
  svg.dataset.shift = String(frame.shift);
  $("replay-step").textContent = `step ${replay.at} of ${replay.frames.length - 1}`;
  say($("replay-text"), frame.text, replay.at === replay.frames.length - 1 ? "win" : "");
  // a button that is disabled drops the focus: keep it (and the arrows) in the replay
  const [back, next, focused] = [$("replay-back"), $("replay-next"), document.activeElement];
  back.disabled = replay.at === 0;
  next.disabled = replay.at === replay.frames.length - 1;
  if (focused === next && next.disabled) back.focus();
  if (focused === back && back.disabled) next.focus();
}

function replayStep(delta) {
  const at = replay.at + delta;
  if (at < 0 || at >= replay.frames.length) return;
  replay.at = at;
  drawReplay();
}

async function openReplay() {
  if (!play.game) return;
  try {
    const data = await api(`/api/replay/${play.game}`);
    Object.assign(replay, { frames: replayFrames(data), at: 0, n: data.n });
    $("replay").hidden = false;
    drawReplay();
    $("replay").scrollIntoView({ block: "start" });
    $("replay-next").focus();
  } catch (err) { say($("play-message"), err.message, "error"); }
}

// A new state of the game: the replay (now stale) closes; offered says whether to offer one.
function closeReplay(offered) {
  $("replay").hidden = true;
  $("replay-open").hidden = !offered;
}

$("replay-open").addEventListener("click", openReplay);
$("replay-back").addEventListener("click", () => replayStep(-1));
$("replay-next").addEventListener("click", () => replayStep(1));
$("replay-close").addEventListener("click", () => { $("replay").hidden = true; });
$("replay").addEventListener("keydown", (e) => {
  if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
    e.preventDefault();
    e.stopPropagation();
    replayStep(e.key === "ArrowRight" ? 1 : -1);
  }
});
