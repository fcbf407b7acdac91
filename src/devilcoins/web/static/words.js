// The words the server owns, asked for once as the page starts (/api/words, built from the
// library's own names): each Devil as the menus name him, how a verdict was reached, and what
// each group lets the Devil do.  Until they come (or if they never do) a name stands for itself.

import { api } from "./draw.js";

// devils: name -> word ("adversarial" -> "strongest"); how: a verdict's route -> a line;
// group_does: the group menu's value -> what the Devil may do; group_counted: -> how the list
// of what you know counts sequences as one.
export const words = { devils: {}, how: {}, group_does: {}, group_counted: {} };

export async function loadWords() {
  Object.assign(words, await api("/api/words"));
}

// A Devil in words: "strongest" for "adversarial".
export const devilWord = (devil) => words.devils[devil] || devil;
