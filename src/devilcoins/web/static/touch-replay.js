// The replay of a won game of glasses (/api/touch/replay): the tray as it lay, then for each
// round the Devil's turn (drawn turning), the glasses felt (marked) and the tray as they were
// set.  touch.js asks for it and closes it when the game changes.

import { $, devilTurned, el, lessMotion, say, shortTurn, spot } from "./draw.js";
import { allGlasses, drawGlass, listWords, trayLayout } from "./tray.js";

// frames: the start, then one a round; at: the frame shown; animation: the turn being drawn.
const touchReplay = { frames: [], at: 0, n: 0, animation: 0 };
// the tray turning, then the glasses felt shown before they are set (milliseconds)
const TRAY_TURN_MS = 900, TRAY_FELT_MS = 700;

// "the Devil turned the tray 1 place anticlockwise" (r: glass r moves to position 0)
function turnWords(r, n) {
  if (r === null) return "the Devil moved the glasses (no turn of the tray)";
  return devilTurned(r, n, "tray");
}

function roundWords(step, last, n) {
  const them = step.reach.length === 1 ? "it" : "them";
  const which = step.reach.length === 1 ? `glass ${step.reach[0]}`
    : `glasses ${listWords(step.reach.map(String))}`;
  const end = last ? ` The bell rings: ${allGlasses(n)} are ${step.after[0]}.` : " No bell.";
  return `Round ${step.round}: ${turnWords(step.turn, n)}; you felt ${which}: ` +
    `${step.felt.join(", ")}; you set ${them} ${step.set.join(", ")}.${end}`;
}

function touchReplayFrames(data) {
  const steps = data.steps;
  const frames = [{ glasses: steps[0].before, marks: [], step: null,
                    text: `At the start the glasses stood ${steps[0].before.join(", ")} ` +
                          "(glass 0 first; you could not see them)." }];
  steps.forEach((step, k) => frames.push({
    glasses: step.after, marks: step.reach, step, text: roundWords(step, k === steps.length - 1,
                                                                   data.n) }));
  return frames;
}

// The replay's tray: glasses (words) at their positions, the tray drawn turned by turn places.
function paintReplayTray(glasses, marks, turn, phase) {
  const svg = $("touch-replay-tray"), n = touchReplay.n, L = trayLayout(n);
  svg.replaceChildren();
  svg.setAttribute("viewBox", `0 0 ${L.size} ${L.size}`);
  svg.style.width = `${L.size}px`;
  el("circle", { cx: L.c, cy: L.c, r: L.tray, fill: "#8d6e63", stroke: "#5d4037",
                 "stroke-width": 3 }, svg);
  for (let i = 0; i < n; i++) {
    const [x, y] = spot(i, n, L.c, L.c, L.ring, turn);
    drawGlass(svg, i, L, x, y, glasses[i], marks.includes(i), turn);
  }
  svg.dataset.phase = phase;
  svg.dataset.turn = String(turn);
}

// Draw the frame shown; forward, a round is drawn as it went: the tray as it lay turning (the
// short way round), the turned tray with the glasses felt, then the tray as set.
function drawTouchReplay(animate) {
  const frame = touchReplay.frames[touchReplay.at], step = frame.step;
  cancelAnimationFrame(touchReplay.animation);
  $("touch-replay-tray").dataset.frame = String(touchReplay.at);
  const r = step && step.turn ? shortTurn(step.turn, touchReplay.n) : 0;
  const turning = r ? TRAY_TURN_MS : 0, started = performance.now();
  const tick = (now) => {
    // an animation frame's time is when the frame began, which may be before the click (or
    // key) that asked for it was handled: counted from started it would be negative, and with
    // no turn (0 / 0 places, the Devil left the tray as it was) the tray would be drawn at NaN
    const t = Math.max(0, now - started);
    if (turning > 0 && t < turning) {
      const u = t / turning, ease = u < 0.5 ? 2 * u * u : 1 - 2 * (1 - u) * (1 - u);
      paintReplayTray(step.before, [], r * ease, "turning");
    } else if (t < turning + TRAY_FELT_MS) {
      paintReplayTray(step.turned, step.reach, 0, "felt");
    } else {
      paintReplayTray(frame.glasses, frame.marks, 0, "done");
      return;
    }
    touchReplay.animation = requestAnimationFrame(tick);
  };
  if (animate && step && !lessMotion()) tick(started);
  else paintReplayTray(frame.glasses, frame.marks, 0, "done");
  const last = touchReplay.at === touchReplay.frames.length - 1;
  $("touch-replay-step").textContent = `step ${touchReplay.at} of ${touchReplay.frames.length - 1}`;
  say($("touch-replay-text"), frame.text, last ? "win" : "");
  // a button that is disabled drops the focus: keep it (and the arrows) in the replay
  const [back, next, focused] = [$("touch-replay-back"), $("touch-replay-next"),
                                 document.activeElement];
  back.disabled = touchReplay.at === 0;
  next.disabled = last;
  if (focused === next && next.disabled) back.focus();
  if (focused === back && back.disabled) next.focus();
}

function touchReplayStep(delta) {
  const at = touchReplay.at + delta;
  if (at < 0 || at >= touchReplay.frames.length) return;
  touchReplay.at = at;
  drawTouchReplay(delta > 0);
}

// Open the replay of a won game, from the server's answer (touch.js asks for it).
export function showTouchReplay(data) {
  Object.assign(touchReplay, { frames: touchReplayFrames(data), at: 0, n: data.n });
  $("touch-replay").hidden = false;
  drawTouchReplay(false);
  $("touch-replay").scrollIntoView({ block: "start" });
  $("touch-replay-next").focus();
}

// A new game (or another chosen): the replay, now stale, closes.
export function closeTouchReplay() {
  cancelAnimationFrame(touchReplay.animation);
  $("touch-replay").hidden = true;
}

export function wireTouchReplay() {
  $("touch-replay-back").addEventListener("click", () => touchReplayStep(-1));
  $("touch-replay-next").addEventListener("click", () => touchReplayStep(1));
  $("touch-replay-close").addEventListener("click", () => {
    closeTouchReplay();
    $("touch-replay-open").focus();
  });
  $("touch-replay").addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
      e.preventDefault();
      e.stopPropagation();
      touchReplayStep(e.key === "ArrowRight" ? 1 : -1);
    }
    if (e.key === "Home" || e.key === "End") {  // the first and the last round
      e.preventDefault();
      e.stopPropagation();
      const target = e.key === "End" ? touchReplay.frames.length - 1 : 0;
      if (target !== touchReplay.at) touchReplayStep(target - touchReplay.at);
    }
  });
}
