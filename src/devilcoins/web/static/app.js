// The page: play a game against the Devil, watch the optimal strategy step by step, and be the
// Devil against a strategy.
// Plain JS, no libraries; everything it needs comes from this server's /api.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);

// ---- drawing -------------------------------------------------------------------------------

function el(name, attrs, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

// Where position i of n sits: clockwise from 12 o'clock, the table turned clockwise by turn
// positions (a fraction while it turns).
function spot(i, n, cx, cy, radius, turn = 0) {
  const angle = (2 * Math.PI * (i + turn)) / n;
  return [cx + radius * Math.sin(angle), cy - radius * Math.cos(angle)];
}

// Colours of dial values 0..4 (0 is one colour everywhere: the goal's, like heads).
const DIAL_COLOURS = ["#f4d35e", "#9ad1d4", "#f08a5d", "#b8de6f", "#c39bd3"];

// The fill of one face: H, T, or a dial's digit.
const faceColour = (c) =>
  c === "H" ? "#f4d35e" : c === "T" ? "#3d405b" : DIAL_COLOURS[Number(c)] || "#ccc";

function coinRadius(n, radius) {
  return Math.max(3, Math.min(radius * 0.28, radius * Math.sin(Math.PI / Math.max(n, 2)) * 0.8));
}

// Draw the big table into svg: n positions; faces (a string of H/T) or null for unknown coins;
// marked positions get a red ring; onToggle (if given) makes positions clickable; turn (in
// positions, clockwise) draws the table turned, its letters upright.
function drawTable(svg, n, faces, marked, onToggle, turn = 0) {
  svg.replaceChildren();
  const radius = 86;
  el("circle", { cx: 120, cy: 120, r: radius, fill: "#8d6e63", stroke: "#5d4037",
                 "stroke-width": 2 }, svg);
  const r = coinRadius(n, radius);
  for (let i = 0; i < n; i++) {
    const [x, y] = spot(i, n, 120, 120, radius, turn);
    const face = faces ? faces[i] : null;
    const amount = marked instanceof Map ? marked.get(i) || 0 : 0;
    const on = marked instanceof Map ? amount > 0 : marked.has(i);
    const g = el("g", { class: "position", "data-position": i }, svg);
    el("circle", {
      cx: x, cy: y, r: r,
      fill: face === null ? "#e8e2da" : faceColour(face),
      stroke: on ? "#d62828" : "#222", "stroke-width": on ? 5 : 1.5,
    }, g);
    const label = el("text", {
      x: x, y: y + r * 0.35, "font-size": r, "text-anchor": "middle",
      "font-family": "sans-serif", fill: face === "T" ? "#fff" : "#222",
    }, g);
    label.textContent = amount ? `+${amount}` : face || String(i);
    if (onToggle) {
      // a round focus ring (an outline would be square around the coin)
      el("circle", { class: "focus-ring", cx: x, cy: y, r: r + 6, fill: "none" }, g);
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "checkbox");
      g.setAttribute("aria-checked", on ? "true" : "false");
      g.setAttribute("aria-label", `position ${i}`);
      g.addEventListener("click", () => onToggle(i));
      g.addEventListener("keydown", (e) => {
        if (e.key === " ") { e.preventDefault(); onToggle(i); }
      });
    } else {
      g.setAttribute("aria-label", `position ${i}${on ? ", flipped" : ""}`);
    }
  }
}


// A small table for one coin sequence, with the sequence written under it.
function miniTable(coins) {
  const fig = document.createElement("figure");
  const svg = el("svg", { viewBox: "0 0 64 64", role: "img", "aria-label": coins }, fig);
  el("circle", { cx: 32, cy: 32, r: 23, fill: "#8d6e63", stroke: "#5d4037" }, svg);
  const r = coinRadius(coins.length, 23);
  for (let i = 0; i < coins.length; i++) {
    const [x, y] = spot(i, coins.length, 32, 32, 23);
    const c = coins[i];
    el("circle", { cx: x, cy: y, r: r, fill: faceColour(c), stroke: "#222" }, svg);
    if (c !== "H" && c !== "T") {  // a dial: its digit on it
      const digit = el("text", { x: x, y: y + r * 0.4, "font-size": r * 1.1,
                                 "text-anchor": "middle", "font-family": "sans-serif" }, svg);
      digit.textContent = c;
    }
  }
  const caption = document.createElement("figcaption");
  caption.textContent = coins;
  fig.appendChild(caption);
  return fig;
}

// ---- talking to the server -----------------------------------------------------------------

async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const response = await fetch(path, options);
  const data = await response.json();
  if (!response.ok) throw new Error(data.detail || `request failed (${response.status})`);
  return data;
}

function fillSizes(select, chosen) {
  for (let n = 1; n <= 8; n++) {
    const option = document.createElement("option");
    option.value = option.textContent = String(n);
    option.selected = n === chosen;
    select.appendChild(option);
  }
  select.value = String(chosen);
}

const moves = (k) => `${k} move${k === 1 ? "" : "s"}`;

// A turn r of the table (Coins.rotate(r): the coin at position r comes to position 0, every
// coin r places anticlockwise), as the page always says it: the short way round, half way
// anticlockwise. "1 place clockwise", "2 places anticlockwise", "not at all".
function placesWords(r, n) {
  if (!r) return "not at all";
  const places = r > n / 2 ? n - r : -r, k = Math.abs(places);
  return `${k} place${k === 1 ? "" : "s"} ${places < 0 ? "anticlockwise" : "clockwise"}`;
}

// ---- play ----------------------------------------------------------------------------------

// hands: the most positions a move may change (null: any).
// observe: what the player learns (blind, count, sight); optimal: the coach's next move from
// here (its amounts a position) or null; atMost: the moves that win from here for sure (null:
// the Devil holds the game); lost: the Devil holds it for ever and the game is over.
// held: the strongest Devil could hold the game from here (a random or greedy one may still
// let the player through: the game goes on); gaveUp: the player gave up, and the game is over.
const play = { game: null, n: 4, values: 2, hands: null, chosen: new Set(), won: false,
               coins: null, observe: "blind", optimal: null, winnable: true, atMost: null,
               lost: false, held: false, gaveUp: false };

// Whether the game on the table takes moves: one is set out and not over.
const playing = () => Boolean(play.game) && !play.won && !play.lost && !play.gaveUp;

// "Play the rest": the coach plays the game out from where it stands, a move every pause
// (the speed menu, milliseconds), until it is won, stopped, or no play wins for sure.
const rest = { running: false, stop: false };
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function playRest() {
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
      if (play.moves === before) break;  // refused: the message says why
      if (!playing()) break;
      const said = $("play-message").textContent;
      say($("play-message"), `${said ? said + " " : ""}The coach plays on: “Stop” to take over.`);
      await pause(Number($("play-speed").value));
    }
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

// How many positions the move chosen so far changes.
const chosenCount = () =>
  play.values === 2 ? play.chosen.size : [...play.chosen.values()].filter((v) => v > 0).length;

// The move chosen so far: positions to flip (coins), or the amount to turn each dial.
function chosenMove() {
  if (play.values === 2) return { positions: [...play.chosen] };
  const amounts = Array.from({ length: play.n }, (_, i) => play.chosen.get(i) || 0);
  return { positions: [], values: amounts };
}

function emptyChoice() {
  return play.values === 2 ? new Set() : new Map();
}

// The game fields of the Play section's menus (only those that differ from the coin game).
function gameFields() {
  const fields = { n: Number($("play-n").value) };
  const values = Number($("play-values").value);
  if (values !== 2) fields.values = values;
  if ($("play-group").value !== "cyclic") fields.group = $("play-group").value;
  if ($("play-goal").value !== "zero") fields.goal = $("play-goal").value;
  if ($("play-hands").value !== "") fields.hands = Number($("play-hands").value);
  if ($("play-observe").value !== "blind") fields.observe = $("play-observe").value;
  return fields;
}

// The goal menu in the words of the faces chosen: heads for coins, 0 for dials.
function goalMenuWords() {
  const coins = $("play-values").value === "2";
  const [zero, same] = $("play-goal").options;
  zero.textContent = coins ? "all heads" : "all zero";
  zero.title = coins ? "win when every coin shows heads" : "win when every dial shows 0";
  same.title = coins ? "win when every coin shows the same face"
    : "win when every dial shows the same number";
}

// What the Devil may do to the table, in words, by the group menu's value.
const DEVIL_DOES = {
  cyclic: "before every move lands the Devil may turn the table",
  dihedral: "before every move lands the Devil may turn the table or turn it over",
  none: "nobody turns the table: the positions stay where they are",
  full: "before every move lands the Devil may shuffle the positions any way he likes",
};
// How the list of what you know counts sequences as one, by the group menu's value.
const COUNTED_AS_ONE = {
  cyclic: " (turns of one sequence count as one)",
  dihedral: " (turns and mirror images of one sequence count as one)",
  none: "",
  full: " (only how many of each face counts: the Devil may put them anywhere)",
};

// The page's opening lines and the belief's caption, for the game in play (fields as the menus
// gave them when it started), so that the words always match the board.
function introWords(fields) {
  const values = fields.values || 2, coins = values === 2;
  const things = coins ? "coins" : "dials";
  const group = fields.group || "cyclic", observe = fields.observe || "blind";
  const goal = fields.goal === "same"
    ? `all ${things} show the same ${coins ? "face" : "number"}`
    : coins ? "all coins show heads" : "every dial shows 0";
  const learn = {
    blind: "You are blindfolded", sight: "You can see the table",
    count: `You are blindfolded, but after each move you hear how many ${coins ? "coins show " +
      "tails" : "dials are not at 0"}`,
  }[observe];
  const hands = fields.hands ? ` (at most ${fields.hands} a move)` : "";
  $("intro").textContent = `${fields.n} ${coins ? "coins" : `dials of ${values} faces`}` +
    ` lie on a round table. ${learn}: each turn you choose positions to ` +
    `${coins ? "flip" : "turn"}${hands}; ${DEVIL_DOES[group]}. ` +
    `You win when ${goal}. Position 0 is at 12 o'clock; positions run clockwise.`;
  const goalName = fields.goal === "same" ? `all ${things} the same`
    : coins ? "all heads" : "every dial at 0";
  $("belief-hint").textContent = `Every sequence the table may still show` +
    `${COUNTED_AS_ONE[group] ?? ""}; ${goalName} is left out until you win: you would have ` +
    "been told.";
}

// Whether the menus name another game than the one in play: then the board says so, until
// "New game" starts the game they name.
function menusChanged() {
  const now = JSON.stringify({ ...gameFields(), devil: $("play-devil").value });
  const pending = Boolean(play.fields) && now !== JSON.stringify(play.fields);
  $("play-pending").hidden = !pending;
}

// The play menus' choices (which games are offered) are in menus.js, loaded before this file.

// How the server settled a game, in plain words (its own name stays in the tooltip).
// How the library settled a game, in a visitor's words: keyed by the verdict's code (how).
const HOW_WORDS = {
  construction: "the program builds the moves by a known rule, and no shorter list wins",
  certificate: "there are starts the Devil can always keep away from the goal, and the " +
    "program checked every one",
  search: "the program tried every move from everything you could know, shortest first",
  tree: "the program tried every move against every answer of the Devil",
  rule: "a theorem about these games says so",
};

function methodWords(how, method) {
  return HOW_WORDS[how] || method;
}

let solveAsked = 0;  // the latest verdict asked for: an older answer is dropped

// The verdict line while a game's verdict is on its way: no figure of another game stays.
function solving() {
  solveAsked++;  // an answer still on its way is for the game before: dropped
  $("play-solve").textContent = "Whether this game can be won, and how fast: being worked out…";
  $("play-solve").title = "";
  $("play-solve").dataset.state = "solving";
  whyLink("", 0, false);
}

async function showSolve(fields) {
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
    play.winnable = data.winnable;
    playControls();  // the verdict changes a tooltip, not the table: the focus stays put
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
  link.onclick = (e) => { e.preventDefault(); openWhy(n, winnable); };
}

function say(node, text, kind) {
  node.textContent = text;
  node.className = "message" + (kind ? " " + kind : "");
}

// While work (a request) is out: past 300 ms its section says so (aria-busy, and a line in its
// message node, which the answer then replaces).
async function busyWhile(section, message, work, text = "The Devil is thinking…") {
  const timer = setTimeout(() => {
    $(section).setAttribute("aria-busy", "true");
    say($(message), text, "busy");
  }, 300);
  try { return await work(); } finally {
    clearTimeout(timer);
    $(section).removeAttribute("aria-busy");
  }
}

// Choose position i (or turn its dial once more); past the game's hands, one hand moves to i,
// and more hands refuse with a message.
function toggle(i) {
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

function drawPlay() {
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
function playControls() {
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
  $("play-hint").hidden = !live;  // how to move, only while there is a move to make
  $("peek").hidden = play.observe === "sight";  // the table is in view already
  $("play-optimal").disabled = !byHand || !play.optimal;
  $("play-optimal").textContent = live && play.optimal && play.atMost
    ? `Show me the optimal move (wins within ${moves(play.atMost)})`
    : "Show me the optimal move";
}

// Choose the library's optimal move on the table (the player still presses Flip to play it).
function showOptimal() {
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
  say($("play-message"), listen ? "The optimal move: change nothing and listen. Press " +
      `“${$("flip").textContent}” to play it.`
    : `The optimal move: ${words}. Press “${$("flip").textContent}” to play it.`);
  drawPlay();
}

// The Devils as the menu names them.
const DEVIL_WORDS = { random: "random", greedy: "greedy", adversarial: "strongest" };

// The Devil the game is played against, in words: "the random Devil".
const devilNamed = (devil) => `the ${DEVIL_WORDS[devil] || devil} Devil`;

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
    `N = ${data.n}, ${DEVIL_WORDS[data.devil] || data.devil} Devil: ${moves(data.moves)}${peeked}`;
  $("play-rules").textContent = `The game: ${data.game_words}.`;
  $("play-rules").title = data.game_text || `n=${data.n}`;  // as the command line writes it
  $("belief-size").textContent = `${data.belief_size} possible`;
  drawBelief(data.belief);
  const goal = data.game_text ? "The goal" : "All heads";
  if (data.won) say($("play-message"), `${goal}: you won in ${moves(data.moves)}!`, "win");
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

// The most small tables the belief shows at once: past it a button shows the rest (hundreds of
// small drawings a move made a large game slow to play).
const BELIEF_SHOWN = 96;

function drawBelief(belief) {
  const shown = play.allBelief ? belief : belief.slice(0, BELIEF_SHOWN);
  const rest = belief.length - shown.length;
  const more = [];
  if (rest > 0) {
    const button = document.createElement("button");
    Object.assign(button, { type: "button", id: "belief-more",
                            textContent: `Show the other ${rest}` });
    button.addEventListener("click", () => {
      play.allBelief = true;
      drawBelief(belief);
    });
    more.push(button);
  }
  $("belief").replaceChildren(...shown.map(miniTable), ...more);
}

// The newest "New game" asked for: an answer to an older one (still on its way) is dropped.
let newest = 0;

async function newGame(scroll = true) {
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
    showSolve(fields);
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

// One line of the moves played: the positions flipped, or the dials' amounts ("listen" for a
// move that changes nothing), and what was learnt: the count heard, or the table seen.
function historyLine(move, data) {
  const li = document.createElement("li");
  const made = move.values
    ? move.values.map((v, i) => (v ? `dial ${i} +${v}` : "")).filter(Boolean).join(", ")
    : move.positions.length ? `{${[...move.positions].sort((a, b) => a - b).join(", ")}}` : "";
  const learnt = data.heard !== undefined ? `; you hear ${data.heard}`
    : play.observe === "sight" && data.coins ? `; you see ${data.coins}` : "";
  li.textContent = (made || "listen") + learnt;
  $("play-history").appendChild(li);
  li.scrollIntoView({ block: "nearest" });
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
async function flip(coach = false) {
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
    const data = await busyWhile("play", "play-message",
                                 () => api("/api/move", { game: game, ...move }));
    if (play.game !== game) return;  // a new game is on the table: this answer is not its
    play.busy = false;
    historyLine(move, data);
    play.chosen = emptyChoice();
    play.coins = null;  // the Devil has turned the table: whatever was peeked is stale
    if (!data.won && !data.lost) say($("play-message"), afterMove(data));
    showGame(data);
  } catch (err) {
    if (play.game === game) say($("play-message"), err.message, "error");
  } finally {
    play.busy = false;
    playControls();
  }
}

// What the player learns from a move that did not win: the count heard, or the table seen.
function afterMove(data) {
  if (data.heard !== undefined) {
    const what = play.values === 2 ? "tail" : "dial not at 0";
    return `You hear: ${data.heard} ${what}${data.heard === 1 ? "" : "s"}` +
      (play.values === 2 ? "." : ".");
  }
  if (data.coins && play.observe === "sight") {
    return `The Devil turned the table before your move landed: now ${data.coins}.`;
  }
  return "";
}

// Undo (the last move taken back) or Restart (the same game from its start): the server plays
// the same game again up to there; the list of moves follows.
async function again(path) {
  if (!play.game || play.busy || !play.moves) return;
  play.busy = true;
  try {
    const game = play.game;
    const data = await busyWhile("play", "play-message", () => api(path, { game: game }),
                                 "Playing the game again…");
    if (play.game !== game) return;  // a new game is on the table
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
async function giveUp() {
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
  const data = await busyWhile("play", "play-message",
                               () => api("/api/peek", { game: game }), "Looking…");
  if (play.game !== game) return null;
  play.coins = data.coins;
  return data;
}

async function peek() {
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

// ---- watch the strategy --------------------------------------------------------------------

const watch = { data: null, step: 0 };

function flipsText(move, n) {
  let text = "";
  for (let i = 0; i < n; i++) text += move.includes(i) ? String(i) : " ";
  return text;
}

// A whole number with commas between thousands (65535 -> "65,535"), whatever the locale.
const grouped = (k) => String(k).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

// How far Forward goes: every move, or only the listed ones of a summary (N = 16).
function lastStep(data) {
  if (!data.winnable) return 0;
  return data.truncated ? data.moves.length : data.length || 0;
}

function drawWatch() {
  const data = watch.data;
  if (!data) return;
  const move = watch.step > 0 ? data.moves[watch.step - 1] : [];
  drawTable($("watch-table"), data.n, null, new Set(move), null);
  const focused = document.activeElement;
  $("back").disabled = watch.step === 0;
  $("forward").disabled = watch.step >= lastStep(data);
  // a button that is disabled drops the focus: it goes to the other one (the arrows keep working)
  if (focused === $("forward") && $("forward").disabled) $("back").focus();
  if (focused === $("back") && $("back").disabled) $("forward").focus();
  const slider = $("watch-slider");
  slider.max = String(lastStep(data));
  slider.value = String(watch.step);
  slider.disabled = lastStep(data) === 0;
  slider.setAttribute("aria-valuetext", `move ${watch.step}`);
  $("watch-step").textContent = data.winnable
    ? `move ${watch.step} of ${grouped(data.length)}` +
      (watch.step ? `: flip {${move.join(", ")}}` : "")
    : "";
  $("watch-summary").hidden = !data.truncated;
  $("watch-summary").textContent = data.truncated
    ? `${grouped(data.length)} moves, built by a known rule (Lamping's); the first ` +
      `${data.moves.length} are listed.`
    : "";
  if (!data.winnable) {
    $("watch-message").textContent = data.message;
  } else if (!data.beliefs) {
    $("watch-message").textContent = "The belief table is too large to show here: the " +
      `command “devilcoins plot ${data.n}” draws it.`;
  } else {
    $("watch-message").textContent =
      watch.step === data.length ? "The belief is all heads: the strategy has won." : "";
  }
  $("watch-legend").hidden = !data.beliefs || data.n < 6;
  if (!data.beliefs) {
    $("watch-rows").hidden = true;
    $("watch-rows").tBodies[0].replaceChildren();
    return;
  }
  $("watch-rows").hidden = false;
  const order = data.beliefs[0];
  const rows = data.beliefs.slice(0, watch.step + 1).map((belief, i) => {
    const members = new Set(belief);
    const tr = document.createElement("tr");
    if (i === watch.step) tr.className = "current";
    const cells = [String(i), i ? flipsText(data.moves[i - 1], data.n) : "",
                   order.map((c) => (members.has(c) ? c : " ".repeat(c.length))).join(" ")];
    for (const text of cells) {
      const td = document.createElement("td");
      td.textContent = text;
      tr.appendChild(td);
    }
    if (data.n >= 6) tr.lastChild.replaceChildren(dots(order, members));
    return tr;
  });
  $("watch-rows").tBodies[0].replaceChildren(...rows);
  const now = data.beliefs[watch.step] || [];
  const won = now.some((c) => !c.includes("T")) && now.length > 1
    ? " (all heads is among them: from there the game was won already)" : "";
  $("watch-possible").textContent = `Still possible after move ${watch.step} ` +
    `(${now.length} of ${order.length}): ${now.join(" ")}${won}`;
  keepCurrent();
}

// A wide belief as a strip of squares, one a sequence, filled while it is still possible; a
// tap (or the pointer) on a square names its sequence in the legend, a phone has no tooltip.
function dots(order, members) {
  const strip = document.createElement("div");
  strip.className = "dots";
  strip.title = `${members.size} of ${order.length} possible`;
  order.forEach((c, k) => {
    const square = document.createElement("span");
    square.className = members.has(c) ? "in" : "out";
    square.title = c;
    square.dataset.coins = c;
    const name = () => nameSquare(square, k, members.has(c));
    square.addEventListener("click", name);
    square.addEventListener("pointerenter", name);
    strip.appendChild(square);
  });
  return strip;
}

function nameSquare(square, k, possible) {
  for (const old of $("watch-rows").querySelectorAll(".dots span.named")) {
    old.classList.remove("named");
  }
  square.classList.add("named");
  const row = square.closest("tr").firstChild.textContent;
  $("watch-named").textContent = `Square ${k + 1}: ${square.dataset.coins}, ` +
    `${possible ? "still possible" : "ruled out"} after move ${row}.`;
}

// Scroll the watch table's own box (not the page) so the current row shows.
function keepCurrent() {
  const box = $("watch-scroll");
  const row = box.querySelector("tr.current");
  if (!row) return;
  const head = $("watch-rows").tHead.getBoundingClientRect().height;
  const r = row.getBoundingClientRect();
  const b = box.getBoundingClientRect();
  if (r.bottom > b.bottom) box.scrollTop += r.bottom - b.bottom;
  else if (r.top < b.top + head) box.scrollTop -= b.top + head - r.top;
}

// The strategy of the N chosen; until it comes the steps wait (no step of the one before), and
// an answer to an earlier choice (still on its way) is dropped.
async function loadStrategy() {
  const n = $("watch-n").value;
  watch.data = null;
  $("watch-step").textContent = `loading the strategy for N = ${n}…`;
  try {
    const data = await busyWhile("watch", "watch-message", () => api(`/api/strategy/${n}`),
                                 "Working the strategy out…");
    $("watch-message").className = "message";
    if ($("watch-n").value !== n) return;
    watch.data = data;
    watch.step = 0;
    drawWatch();
  } catch (err) { $("watch-message").textContent = err.message; }
}

function step(delta) {
  if (!watch.data) return;
  goTo(watch.step + delta);
}

// Show move k (kept within the strategy's moves).
function goTo(k) {
  if (!watch.data) return;
  watch.step = Math.min(Math.max(k, 0), lastStep(watch.data));
  $("watch-named").textContent = "";
  drawWatch();
}

// ---- be the Devil --------------------------------------------------------------------------

// n, moves: the strategy; coins: as they lie now; index: the next move (0-based); over: the game
// has ended; replay: the counterexample's turns while one is being replayed, else null.
// check: the last failing verdict (its strategy, start and turns), for the replay.
const devil = { n: 4, moves: null, coins: null, index: 0, over: true, replay: null, busy: false,
                check: null };

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
    const data = await api("/api/devil/parse", { n: n, text: $("devil-text").value });
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
                         replay: replay, busy: false });
  $("devil-log").tBodies[0].replaceChildren();
  say($("devil-message"), "");
  turnButtons(n);
  drawDevil();
}

// Clear the board, the log and the verdict of the last game: what shows is about one game only.
function devilClear(status) {
  Object.assign(devil, { moves: null, coins: null, index: 0, over: true, replay: null,
                         busy: false });
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
  // both are checked, so that a start and a strategy both wrong are named together
  const [strategy, start] = await Promise.allSettled([
    devilStrategy(), (async () => devilStartCoins(n))()]);
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

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

function logRow(cells) {
  const tr = document.createElement("tr");
  for (const text of cells) {
    const td = document.createElement("td");
    td.textContent = text;
    tr.appendChild(td);
  }
  $("devil-log").tBodies[0].appendChild(tr);
}

async function devilTurn(r) {
  if (!devil.moves || devil.over || devil.busy) return;
  if (!Number.isInteger(r) || r < 0 || r >= devil.n) {
    say($("devil-message"), `r is a whole number 0..${devil.n - 1}`, "error");
    return;
  }
  devil.busy = true;
  try {
    const data = await busyWhile("devil", "devil-message", () => api("/api/devil/turn", {
      n: devil.n, moves: devil.moves, coins: devil.coins, move_index: devil.index, r: r,
    }), "Turning…");
    logRow([String(devil.index + 1), devil.coins, String(r), data.turned,
            flipsText(data.move, devil.n), data.after]);
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
      say($("devil-message"), `You turned the table ${placesWords(r, devil.n)}: ` +
          `${data.turned}; the strategy flipped {${data.move.join(", ")}}: ${data.after}.`);
    }
  } catch (err) {
    say($("devil-message"), err.message, "error");
  } finally {
    devil.busy = false;
    drawDevil();
  }
}

async function devilCheck() {
  const text = $("devil-verdict-text");
  devilClear("Checking the strategy; its verdict shows below.");
  try {
    const { n, moves: strategy } = await devilStrategy();
    say(text, "Checking every start against every Devil…");
    const data = await api("/api/verify", { n: n, moves: strategy });
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
