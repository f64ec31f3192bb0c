// Text forms of a board outside the editor: the share-link hash and the saved copy in localStorage.
// Decoding only reads numbers; the board is then checked like any other edit.

import { RULES } from "./contract.mjs";
import { SYMBOLS } from "./notes.mjs";
import { copyAside } from "./unreadable.mjs";

const STORAGE_KEY = "snakes-ladders:board:v1";
/** The longest fragment decodeHash reads: a longer one is refused as not a board. */
export const MAX_HASH_LENGTH = 100_000;

/**
 * `n=6&j=2-15.14-35.17-13`: short, readable, and safe in a URL fragment. Rules for random play
 * other than LeetCode's are added as `start=off-board`, `past=bounce` and `sixes=again`; the words on squares
 * (`words`: the state's `{notes, hideNumbers, decks}`) by encodeWords.
 */
export function encodeHash({ n, jumps }, rules = {}, words = null) {
  const pairs = [...jumps].map(([start, end]) => `${start}-${end}`).join(".");
  let text = pairs ? `n=${n}&j=${pairs}` : `n=${n}`;
  if (rules.start && rules.start !== RULES.start.default) text += `&start=${rules.start}`;
  if (rules.overshoot && rules.overshoot !== RULES.overshoot.default) text += `&past=${rules.overshoot}`;
  if (rules.sixes && rules.sixes !== RULES.sixes.default) text += `&sixes=${rules.sixes}`;
  const extra = words ? encodeWords(words) : "";
  return extra ? `${text}&${extra}` : text;
}

/**
 * The words on squares as fragment parameters: `t` holds the notes, one a line, `square.symbol.text` (the
 * symbol's place in SYMBOLS, 0 for none: note text holds no line break, notes.mjs strips them); `hide=1`
 * when the numbers are hidden; `d1`…`d6` the decks. "" when there are none. O(size of the words).
 */
export function encodeWords({ notes, hideNumbers, decks }) {
  const params = new URLSearchParams();
  const lines = Object.entries(notes).map(
    ([square, note]) => `${square}.${note.symbol ? SYMBOLS.indexOf(note.symbol) + 1 : 0}.${note.text ?? ""}`,
  );
  if (lines.length) params.set("t", lines.join("\n"));
  if (hideNumbers) params.set("hide", "1");
  for (const [symbol, text] of Object.entries(decks)) params.set(`d${SYMBOLS.indexOf(symbol) + 1}`, text);
  return params.toString();
}

/** The words a link holds, unchecked (web/core/notes.mjs checkNotes and checkDecks check them). */
function decodeWords(params) {
  const notes = {};
  for (const [index, line] of (params.get("t") ?? "").split("\n").entries()) {
    if (!line) continue;
    const match = /^(\d{1,4})\.([0-6])\.(.*)$/su.exec(line);
    if (!match)
      throw new Error(
        `The share link's note ${index + 1} ("${line.slice(0, 20)}") is not of the form square.symbol.text.`,
      );
    const note = {};
    if (match[3]) note.text = match[3];
    if (match[2] !== "0") note.symbol = SYMBOLS[Number(match[2]) - 1];
    notes[match[1]] = note;
  }
  const decks = {};
  SYMBOLS.forEach((symbol, index) => {
    const text = params.get(`d${index + 1}`);
    if (text !== null) decks[symbol] = text;
  });
  return { notes, hideNumbers: params.get("hide") === "1", decks };
}

// Rule names and defaults are Python's (web/core/contract.mjs); Python checks the rules again anyway.
const STARTS = RULES.start.values;
const OVERSHOOTS = RULES.overshoot.values;
const SIXES = RULES.sixes.values;

/** Decode a hash made by encodeHash; throws an Error whose message says what is wrong. */
export function decodeHash(hash) {
  const text = hash.replace(/^#/, "");
  if (text.length > MAX_HASH_LENGTH) throw new Error("The share link is too long to be a board.");
  const params = new URLSearchParams(text);
  const size = params.get("n");
  if (size === null) throw new Error("The share link has no board size (n=…).");
  if (!/^\d{1,3}$/.test(size))
    throw new Error(`The share link's board size "${size.slice(0, 20)}" is not a whole number.`);
  const jumps = [];
  const list = params.get("j");
  if (list) {
    for (const [index, pair] of list.split(".").entries()) {
      const match = /^(\d{1,7})-(\d{1,7})$/.exec(pair);
      if (!match)
        throw new Error(`The share link's jump ${index + 1} ("${pair.slice(0, 20)}") is not of the form start-end.`);
      jumps.push([Number(match[1]), Number(match[2])]);
    }
  }
  const start = params.get("start") ?? RULES.start.default;
  const overshoot = params.get("past") ?? RULES.overshoot.default;
  if (!STARTS.includes(start))
    throw new Error(`The share link's start "${start.slice(0, 20)}" is not one of ${STARTS.join(", ")}.`);
  if (!OVERSHOOTS.includes(overshoot))
    throw new Error(`The share link's rule "${overshoot.slice(0, 20)}" is not one of ${OVERSHOOTS.join(", ")}.`);
  const sixes = params.get("sixes") ?? RULES.sixes.default;
  if (!SIXES.includes(sixes))
    throw new Error(`The share link's sixes rule "${sixes.slice(0, 30)}" is not one of ${SIXES.join(", ")}.`);
  return { n: Number(size), jumps, rules: { start, overshoot, sixes }, words: decodeWords(params) };
}

/** Why a write to localStorage failed, in words for a sentence ("… : <reason>."). */
export function storageProblem(error) {
  return error?.name === "QuotaExceededError"
    ? "your browser's storage for this page is full"
    : `your browser does not let this page store it (${error?.message ?? error})`;
}

/** Keep the board for the next visit: null when that worked, else why not (storageProblem). */
export function saveBoard(storage, board, rules = {}, words = null) {
  try {
    const { notes = {}, hideNumbers = false, decks = {} } = words ?? {};
    storage.setItem(
      STORAGE_KEY,
      JSON.stringify({ n: board.n, jumps: [...board.jumps], rules, notes, hideNumbers, decks }),
    );
    return null;
  } catch (error) {
    return storageProblem(error); // the board still lives in the page and its address
  }
}

/** The saved copy's text, or null (none, or storage cannot be read). */
export function savedText(storage) {
  try {
    return storage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The saved `{n, jumps: [[start, end], ...], rules, words}` (words unchecked), or null; throws when it is corrupt. */
export function loadSavedBoard(storage) {
  const text = savedText(storage);
  if (text === null) return null;
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error("The saved board could not be read (it is not valid JSON).");
  }
  const valid =
    data &&
    Number.isInteger(data.n) &&
    Array.isArray(data.jumps) &&
    data.jumps.every((pair) => Array.isArray(pair) && pair.length === 2 && pair.every(Number.isInteger));
  if (!valid) throw new Error("The saved board could not be read (it is not a board).");
  const rules = data.rules && typeof data.rules === "object" ? data.rules : {};
  return {
    n: data.n,
    jumps: data.jumps,
    rules: {
      start: STARTS.includes(rules.start) ? rules.start : RULES.start.default,
      overshoot: OVERSHOOTS.includes(rules.overshoot) ? rules.overshoot : RULES.overshoot.default,
      sixes: SIXES.includes(rules.sixes) ? rules.sixes : RULES.sixes.default,
    },
    words: { notes: data.notes ?? {}, hideNumbers: data.hideNumbers === true, decks: data.decks ?? {} },
  };
}

/**
 * Set aside a saved copy that could not be used: copied under a key of its own (core/unreadable.mjs), then
 * removed. Returns `{aside, text, problem}`: the key it is kept under, or null (then `text` is still saved
 * where it was, and `problem` says why it could not be copied); null when nothing is saved.
 */
export function setAsideSavedBoard(storage) {
  const text = savedText(storage);
  if (text === null) return null;
  const { aside, problem } = copyAside(storage, STORAGE_KEY, text);
  if (aside) forgetSavedBoard(storage);
  return { aside, text, problem };
}

function forgetSavedBoard(storage) {
  try {
    storage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing to forget.
  }
}
