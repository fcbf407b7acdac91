// The play section's menus: offer only the games the server plays.  A choice no size plays
// with the other menus is greyed out, with its reason and a choice that works (in its tooltip
// and in a line under the menus); N and Hands are filled for the choices made.  Which games the
// server plays, and why it refuses the others, it says once as the page loads (/api/menus, the
// checks /api/new runs): the page holds no rule of its own.  The game the menus name, as fields
// and in words (the opening lines), is read here too.

import { $, api } from "./draw.js";
import { words } from "./words.js";

// The server's offer: the sizes of the N menu, and the words refusing each combination it does
// not play ("faces group goal learn N" -> why).  Until it comes (or if it never does) every
// combination is offered, and the server says why when a refused one is started.
const offer = { sizes: [1, 2, 3, 4, 5, 6, 7, 8], refused: {} };

export async function loadMenus() {
  const menus = await api("/api/menus");
  offer.sizes = menus.sizes;
  offer.refused = menus.refused;
}

// Why the server would refuse the game the menus name (in its words), or null when it plays it.
export function refusal(fields) {
  const key = [fields.values || 2, fields.group || "cyclic", fields.goal || "zero",
               fields.observe || "blind", fields.n].join(" ");
  return offer.refused[key] ?? null;
}

// The menus whose options are fixed, with the field each sets (N and Hands are filled here).
const GAME_MENUS = ["values", "group", "goal", "observe"];

// A menu's option as a field value (the faces are a number).
const menuValue = (name, value) => (name === "values" ? Number(value) : value);

// The sizes the page plays with these fields (any N: fields.n is ignored).
function playedSizes(fields) {
  const sizes = [];
  for (const n of offer.sizes) if (refusal({ ...fields, n: n }) === null) sizes.push(n);
  return sizes;
}

// A menu and its option's words, as a visitor reads them: Faces “2 (coins)”.
function menuWords(name, option) {
  const label = $(`play-${name}`).closest("label").firstChild.textContent.trim();
  return option ? `${label} “${option.textContent.trim()}”` : label;
}

// A change of one other menu after which the fields play at some size, in words (or null).
function choiceThatWorks(fields, except) {
  for (const name of GAME_MENUS) {
    if (name === except) continue;
    for (const option of $(`play-${name}`).options) {
      if (playedSizes({ ...fields, [name]: menuValue(name, option.value) }).length) {
        return menuWords(name, option);
      }
    }
  }
  return null;
}

// Why an option of a menu is not offered with the other choices (no size plays it), naming a
// choice that works, or null when some size plays it.
function notOffered(fields, name, value) {
  const tried = { ...fields, [name]: menuValue(name, value) };
  if (playedSizes(tried).length) return null;
  const works = choiceThatWorks(tried, name);
  return refusal({ ...tried, n: 2 }) + (works ? `: choose ${works} first` : "");
}

// What to choose instead of a game the page refuses: a size that works, or another menu.
export function insteadOf(fields) {
  const sizes = playedSizes(fields);
  if (sizes.length) {
    const smaller = sizes.filter((k) => k < fields.n);
    return smaller.length ? `Choose N = ${smaller[smaller.length - 1]} or fewer.`
      : `Choose N = ${sizes[0]} or more.`;
  }
  const works = choiceThatWorks(fields, null);
  return works ? `Choose ${works}.` : "Choose the coin game (Faces “2 (coins)”).";
}

// Offer only the choices the server plays with the others: an option no size plays with the
// other menus is greyed out (its reason, naming a choice that works, in its tooltip and in the
// line under the menus, as a phone shows no tooltip); a chosen size that is refused moves to
// the largest offered.  The menus as chosen always name a game the page plays (the caller then
// tells the board whether they name another game than the one in play: play.js, menusChanged).
export function fillChoices() {
  let fields = gameFields();
  if (!playedSizes(fields).length) fields = menusReset(fields);  // e.g. a form restored
  const greyed = [];
  for (const name of GAME_MENUS) {
    const why = new Map();  // reason -> the options it greys out, said once
    for (const option of $(`play-${name}`).options) {
      const reason = notOffered(fields, name, option.value);
      option.disabled = reason !== null;
      option.dataset.why = reason || "";
      if (option.dataset.title === undefined) option.dataset.title = option.title;
      option.title = reason || option.dataset.title;
      if (reason) why.set(reason, [...(why.get(reason) || []), `“${option.textContent.trim()}”`]);
    }
    for (const [reason, options] of why) {
      greyed.push(`${menuWords(name, null)} ${options.join(", ")}: ${reason}`);
    }
  }
  const select = $("play-n");
  const sizes = playedSizes(fields);
  for (const option of select.options) {
    const why = refusal({ ...fields, n: Number(option.value) });
    option.disabled = why !== null;
    option.title = why || "";
  }
  const refused = [...select.options].filter((o) => o.disabled);
  if (refused.length) {
    greyed.push(`N ${refused.map((o) => o.value).join(", ")}: ${refused[0].title}`);
  }
  if (!sizes.includes(Number(select.value))) select.value = String(sizes[sizes.length - 1]);
  $("play-offered").textContent = greyed.length ? `Greyed out: ${greyed.join("; ")}.` : "";
  $("play-offered").hidden = !greyed.length;
  fillHands();
  goalMenuWords();
}

// Menus that name no game the page plays (a browser may restore a form as it was): each menu
// back to its first option, the last changed first, until the page plays the choices.
function menusReset(fields) {
  for (const name of [...GAME_MENUS].reverse()) {
    $(`play-${name}`).selectedIndex = 0;
    fields = gameFields();
    if (playedSizes(fields).length) return fields;
  }
  return fields;
}

export function fillHands() {
  const n = Number($("play-n").value);
  const select = $("play-hands");
  const chosen = select.value;
  const options = [["", "any"]];
  for (let k = 1; k <= n; k++) options.push([String(k), String(k)]);
  select.replaceChildren(...options.map(([value, text]) => {
    const option = document.createElement("option");
    option.value = value;
    option.textContent = text;
    return option;
  }));
  select.value = Number(chosen) <= n ? chosen : "";
}

// The game fields of the Play section's menus (only those that differ from the coin game).
export function gameFields() {
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

// The page's opening lines and the belief's caption, for the game in play (fields as the menus
// gave them when it started), so that the words always match the board.  What the Devil may do
// and how sequences count as one are the server's words for the group (words.js).
export function introWords(fields) {
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
  const does = words.group_does[group];
  $("intro").textContent = `${fields.n} ${coins ? "coins" : `dials of ${values} faces`}` +
    ` lie on a round table. ${learn}: each turn you choose positions to ` +
    `${coins ? "flip" : "turn"}${hands}${does ? `; ${does}` : ""}. ` +
    `You win when ${goal}. Position 0 is at 12 o'clock; positions run clockwise.`;
  const goalName = fields.goal === "same" ? `all ${things} the same`
    : coins ? "all heads" : "every dial at 0";
  $("belief-hint").textContent = `Every sequence the table may still show` +
    `${words.group_counted[group] ?? ""}; ${goalName} is left out until you win: you would ` +
    "have been told.";
}
