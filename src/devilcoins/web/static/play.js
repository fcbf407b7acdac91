// The play section: a game against the Devil, with its menus, coach, peek and give-up.
"use strict";

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
  $("play-hint").hidden = !byHand;  // how to move, only while there is a move of yours to make
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
  const what = listen ? "change nothing and listen" : words;
  say($("play-message"), rest.running ? `The coach plays the optimal move: ${what}.`
    : `The optimal move: ${what}. Press “${$("flip").textContent}” to play it.`);
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
  if (data.judged) li.append(" ", judgedMark(data.judged));
  $("play-history").appendChild(li);
  li.scrollIntoView({ block: "nearest" });
}

// The coach's mark on a move, as chess annotators write it: ✓ a best move, ?! one that cost
// moves, ?? one after which the Devil can hold the game; its line is the mark's title.
const MARK_KIND = { "✓": "best", "?!": "cost", "??": "loss" };

function judgedMark(judged) {
  const mark = document.createElement("span");
  mark.className = `mark mark-${MARK_KIND[judged.mark] || "cost"}`;
  mark.textContent = judged.mark;
  mark.title = judged.text;
  mark.setAttribute("aria-label", judged.text);
  return mark;
}

// The title over the moves played counts them, and says so when the first have scrolled out
// of the list's box (a phone shows no scrollbar): every change of the list updates it.
function historyTitle() {
  const list = $("play-history"), count = list.children.length;
  const above = list.scrollTop > 0 ? " (scroll up for the first)" : "";
  $("play-history-title").textContent = count ? `Moves played: ${count}${above}` : "Moves played";
}
new MutationObserver(historyTitle).observe($("play-history"), { childList: true });
$("play-history").addEventListener("scroll", historyTitle);

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
    const data = await forGame(play, () => busyWhile("play", "play-message",
                                                     () => api("/api/move", { game: game, ...move })));
    if (!data) return;  // a new game is on the table: this answer is not its
    play.busy = false;
    historyLine(move, data);
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
  const data = await forGame(play, () => busyWhile("play", "play-message",
                                                   () => api("/api/peek", { game: game }), "Looking…"));
  if (!data) return null;
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
