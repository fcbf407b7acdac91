// The play section's menus: offer only the games the server plays.  A choice no size plays
// with the other menus is greyed out, with its reason and a choice that works (in its tooltip
// and in a line under the menus); N and Hands are filled for the choices made.  Loaded before
// app.js, whose helpers ($, gameFields, goalMenuWords, menusChanged) it calls once the page runs.
"use strict";

// The most states a game on the page may have (the server's MAX_GAME_STATES): past it the
// server refuses the game, so the menus do not offer it.
const MAX_STATES = 4096;

// Why the server would refuse the game the menus name, or null when it plays it.
function refusal(fields) {
  const values = fields.values || 2;
  if (values ** fields.n > MAX_STATES) {
    return `${fields.n} dials of ${values} faces make ${(values ** fields.n).toLocaleString("en")} ` +
      `states, more than this page plays (${MAX_STATES.toLocaleString("en")})`;
  }
  if (fields.n === 1 && fields.goal === "same") return "one position is always all the same";
  if (fields.observe === "count" && fields.group === "none" && fields.n > 6) {
    return "the page plays “how many tails” with no turning up to 6 coins";
  }
  if (fields.observe === "count" && values !== 2) {
    return "the page plays “how many tails” with coins only";
  }
  return null;
}

// The menus whose options are fixed, with the field each sets (N and Hands are filled here).
const GAME_MENUS = ["values", "group", "goal", "observe"];

// A menu's option as a field value (the faces are a number).
const menuValue = (name, value) => (name === "values" ? Number(value) : value);

// The sizes the page plays with these fields (any N: fields.n is ignored).
function playedSizes(fields) {
  const sizes = [];
  for (let n = 1; n <= 8; n++) if (refusal({ ...fields, n: n }) === null) sizes.push(n);
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
function insteadOf(fields) {
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
// the largest offered.  The menus as chosen always name a game the page plays.
function fillChoices() {
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
  menusChanged();
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

function fillHands() {
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
