// My boards' entries as stored: a name cleaned, a stored entry read back and checked (its board, rules,
// least moves, words and class set), so the store and the import read boards alike. No DOM.
import { LIMITS, RULES } from "../core/contract.mjs";
import { checkDecks, checkNotes } from "../core/notes.mjs";

export const MAX_NAME = 60;

// Dropped from a name as from a square's text (web/core/notes.mjs): direction controls (a right-to-left
// override in one name reversed the rest of its row in My boards), U+FFFE and U+FFFF, and a lone half of
// a UTF-16 pair (a pair is one character of the loop below, so a lone half is the only one-unit match).
const NAME_DROPS = /^[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufffe\uffff\ud800-\udfff]$/;

/**
 * A name as the library keeps it: text only, white space collapsed, control characters dropped, at
 * most MAX_NAME characters; "" when nothing is left. O(length of the text).
 */
export function cleanName(text) {
  if (typeof text !== "string") return "";
  let name = "";
  for (const char of text.slice(0, MAX_NAME * 4)) {
    const code = char.codePointAt(0);
    name += code < 32 || (code >= 127 && code < 160) ? " " : NAME_DROPS.test(char) ? "" : char;
  }
  return [...name.split(/\s+/).join(" ").trim()].slice(0, MAX_NAME).join("");
}

/** `name`, or "name (2)", "name (3)", … : the first not in `taken` (a Set), within MAX_NAME characters. */
export function uniqueName(name, taken) {
  if (!taken.has(name)) return name;
  for (let number = 2; ; number += 1) {
    const suffix = ` (${number})`;
    const candidate = `${[...name].slice(0, MAX_NAME - suffix.length).join("")}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

function isJumpList(jumps) {
  return (
    Array.isArray(jumps) &&
    jumps.every((pair) => Array.isArray(pair) && pair.length === 2 && pair.every(Number.isInteger))
  );
}

/** A stored entry as read back, or null when it is not one (the store was edited by hand). */
export function readEntry(data) {
  if (!data || typeof data !== "object" || typeof data.id !== "string") return null;
  const name = cleanName(data.name);
  // A size the page cannot show is no board (drawing its thumbnail alone walked n: 100,000,000 threw
  // in the middle of drawing the list, and no board of My boards was shown).
  const sized = Number.isInteger(data.n) && data.n >= LIMITS.MIN_SIZE && data.n <= LIMITS.PAGE_MAX_SIZE;
  if (!name || !sized || !isJumpList(data.jumps)) return null;
  const rules = data.rules && typeof data.rules === "object" ? data.rules : {};
  const start = RULES.start.values.includes(rules.start) ? rules.start : RULES.start.default;
  const overshoot = RULES.overshoot.values.includes(rules.overshoot) ? rules.overshoot : RULES.overshoot.default;
  const sixes = RULES.sixes.values.includes(rules.sixes) ? rules.sixes : RULES.sixes.default;
  const words = entryWords(data, data.n);
  if (!words) return null;
  const set = readSet(data.set);
  return {
    id: data.id,
    name,
    n: data.n,
    jumps: data.jumps,
    rules: { start, overshoot, sixes },
    ...movesFields(data, start),
    ...words,
    ...(set ? { set } : {}),
  };
}

/**
 * A stored or added board's least moves, or null when it has none, or has one counted from another start
 * than `start` (the rules' start is the one rule that changes it): `movesStart` says which, and a figure
 * without it was counted under LeetCode's rules (My boards counted only those before, and a generated
 * board's figure is LeetCode's). Such a figure is asked for again, under the board's own rules.
 */
function checkedMoves(data, start) {
  const counted = data.movesStart ?? RULES.start.default;
  return Number.isInteger(data.moves) && counted === start ? data.moves : null;
}

/** `{moves}` of a stored or added board (checkedMoves), with `movesStart` beside a figure only. */
export function movesFields(data, start) {
  const moves = checkedMoves(data, start);
  return moves === null ? { moves } : { moves, movesStart: start };
}

/** The most boards a class set holds (the generate_set op's count). */
export const MAX_SET = 8;

/**
 * An entry's class set `{id, name, index, count}` (index 1 to count, count 2 to MAX_SET), or null when it
 * has none or it is not one of that form (then the board is kept as a board on its own).
 */
export function readSet(set) {
  if (!set || typeof set !== "object" || typeof set.id !== "string" || set.id.length > 40) return null;
  const name = cleanName(set.name);
  const { index, count } = set;
  const good =
    name &&
    Number.isInteger(count) &&
    count >= 2 &&
    count <= MAX_SET &&
    Number.isInteger(index) &&
    index >= 1 &&
    index <= count;
  return good ? { id: set.id, name, index, count } : null;
}

/**
 * The words on squares of a stored or imported board `{notes, hideNumbers, decks}` (web/core/notes.mjs),
 * checked for an n×n board; null when they are not valid, or, with `where`, throws naming it and the square.
 */
export function entryWords(data, n, where = "") {
  try {
    const notes = checkNotes(data.notes, n, `${where}notes`);
    const decks = checkDecks(data.decks, `${where}decks`);
    if (data.hideNumbers !== undefined && typeof data.hideNumbers !== "boolean")
      throw new Error(`${where}hideNumbers is not true or false`);
    return { notes, hideNumbers: data.hideNumbers === true, decks };
  } catch (error) {
    if (where) throw error;
    return null;
  }
}
