// The board being edited and its rules of play, their undo/redo history, and the events the views follow
// ("change" when the board changes, "ruleschange" when the rules do). A board is `{n, jumps: Map<start, end>}`,
// never mutated: every edit makes a new one; the rules are a frozen `{start, overshoot}` (every rule RULES lists).

import { RULES } from "./contract.mjs";
import { describeJump, emptyBoard, MAX_SIZE, MIN_SIZE, placementProblem, withJumps } from "./placement.mjs";
import { checkNote, cleanText, deckProblem, SYMBOLS, wordsTakenOff } from "./notes.mjs";

export {
  MAX_SIZE,
  MIN_SIZE,
  buildBoard,
  describeJump,
  emptyBoard,
  placementProblem,
  sameBoard,
  startProblem,
} from "./placement.mjs";

const HISTORY_LIMIT = 500;

/** The rules of play RULES lists: its entries with values and a default (presets and start positions are not rules). */
const RULE_TABLE = /** @type {Record<string, {values: string[], default: string}>} */ (
  Object.fromEntries(Object.entries(RULES).filter(([, rule]) => "values" in rule && "default" in rule))
);

/** The rules a page starts with: every rule's default, as Python's contract gives them. */
export const DEFAULT_RULES = Object.freeze(
  Object.fromEntries(Object.entries(RULE_TABLE).map(([name, rule]) => [name, rule.default])),
);

/**
 * `rules` with every rule of RULES, a rule left out (or undefined) at its default; throws naming an unknown
 * rule or value. O(number of rules).
 */
export function fullRules(rules = {}) {
  const full = { ...DEFAULT_RULES };
  for (const [name, value] of Object.entries(rules ?? {})) {
    if (value === undefined) continue;
    if (!(name in RULE_TABLE))
      throw new Error(`there is no rule ${JSON.stringify(name)} (the rules are ${Object.keys(RULE_TABLE).join(", ")})`);
    const { values } = RULE_TABLE[name];
    if (!values.includes(value))
      throw new Error(`the rule ${name} cannot be ${JSON.stringify(value)}: it is one of ${values.join(", ")}`);
    full[name] = value;
  }
  return Object.freeze(full);
}

/** Words and symbols on squares, whether the numbers show, and the decks (web/core/notes.mjs): one frozen value. */
/** @typedef {Readonly<{notes: Readonly<Record<string, {text?: string, symbol?: string}>>, hideNumbers: boolean, decks: Readonly<Record<string, string>>}>} Words */
/** @type {Words} */
const NO_WORDS = Object.freeze({ notes: Object.freeze({}), hideNumbers: false, decks: Object.freeze({}) });

/** `words` with the notes of squares past n×n dropped (the board shrank): the same object when none is. */
function wordsFor(words, n) {
  const kept = Object.entries(words.notes).filter(([square]) => Number(square) <= n * n);
  if (kept.length === Object.keys(words.notes).length) return words;
  return Object.freeze({ ...words, notes: Object.freeze(Object.fromEntries(kept)) });
}

/** Words made from `{notes, hideNumbers, decks}` (each already checked: web/core/notes.mjs checkNotes, checkDecks). */
/** @returns {Words} */
export function makeWords({ notes = {}, hideNumbers = false, decks = {} } = {}) {
  return Object.freeze({
    notes: Object.freeze({ ...notes }),
    hideNumbers: Boolean(hideNumbers),
    decks: Object.freeze({ ...decks }),
  });
}

/** What a note holds, naming only what is set: "says “Add 3”", "has the symbol ★", or both. */
function noteWords({ text, symbol }) {
  if (!text) return `has the symbol ${symbol}`;
  return `says “${text}”${symbol ? ` with the symbol ${symbol}` : ""}`;
}

function sameRules(a, b) {
  return Object.keys(RULE_TABLE).every((name) => a[name] === b[name]);
}

export class BoardState extends EventTarget {
  #board;
  #rules;
  /** @type {Words} */
  #words = NO_WORDS;
  /** Undo and redo steps: each `{board, rules, words, label}`. */
  #past = [];
  #future = [];
  /** The words of the change that made the current step ("" for none: a visit's first board). */
  #label = "";

  constructor(board = emptyBoard(6), rules = DEFAULT_RULES) {
    super();
    this.#board = board;
    this.#rules = fullRules(rules);
  }

  get board() {
    return this.#board;
  }

  /** The rules of play, part of the state: undone and redone with the board, carried by links and My boards. */
  get rules() {
    return this.#rules;
  }

  /** The squares' words and symbols: `{[square]: {text?, symbol?}}`, frozen. */
  get notes() {
    return this.#words.notes;
  }

  /** True when the board is drawn without its square numbers (a board of tasks). */
  get hideNumbers() {
    return this.#words.hideNumbers;
  }

  /** The question-card decks: `{[symbol]: text}`, one card a line (web/core/notes.mjs parseDeck). */
  get decks() {
    return this.#words.decks;
  }

  /** Notes, hideNumbers and decks as one frozen value, for links, My boards and the board document. */
  get words() {
    return this.#words;
  }

  /**
   * Set the text and symbol of `square` (both empty: no note) as one undoable step: `{problem, removed}`,
   * `problem` an error message naming the square or null, `removed` the control characters dropped or "".
   */
  setNote(square, fields) {
    const last = this.#board.n * this.#board.n;
    if (!Number.isInteger(square) || square < 1 || square > last)
      return { problem: `Square ${square} is not on this board (squares run from 1 to ${last}).`, removed: "" };
    const { note, problem, removed } = checkNote(square, fields);
    if (problem) return { problem, removed };
    const old = this.#words.notes[square];
    if ((old?.text ?? "") === (note?.text ?? "") && (old?.symbol ?? "") === (note?.symbol ?? ""))
      return { problem: null, removed };
    const notes = { ...this.#words.notes };
    if (note) notes[square] = note;
    else delete notes[square];
    const label = note ? `Square ${square} ${noteWords(note)}.` : `Square ${square} has no text or symbol now.`;
    this.#commit(
      this.#board,
      removed ? `${label} ${removed}` : label,
      this.#rules,
      makeWords({ ...this.#words, notes }),
    );
    return { problem: null, removed };
  }

  /** Show or hide the square numbers, as one undoable step. */
  setHideNumbers(hide) {
    if (Boolean(hide) === this.#words.hideNumbers) return null;
    this.#commit(
      this.#board,
      hide ? "The square numbers are hidden." : "The square numbers are shown.",
      this.#rules,
      makeWords({ ...this.#words, hideNumbers: hide }),
    );
    return null;
  }

  /** Replace the deck of `symbol` (the text as typed), as one undoable step; returns an error message or null. */
  setDeck(symbol, text) {
    if (!SYMBOLS.includes(symbol))
      return `There is no symbol ${JSON.stringify(symbol)} (the symbols are ${SYMBOLS.join(" ")}).`;
    const problem = deckProblem(symbol, text);
    if (problem) return problem;
    const clean = cleanText(text, { keepLines: true }).text; // as a link or a file would bring it back
    if ((this.#words.decks[symbol] ?? "") === clean) return null;
    const decks = { ...this.#words.decks };
    if (clean) decks[symbol] = clean;
    else delete decks[symbol];
    this.#commit(this.#board, `The ${symbol} deck changed.`, this.#rules, makeWords({ ...this.#words, decks }));
    return null;
  }

  /** True when the game starts off the board (classic rules), so square 1 may hold a ladder. */
  get allowStartJump() {
    return this.#rules.start === "off-board";
  }

  /**
   * Change some rules (`{start}`, `{overshoot}`…) as one undoable step; returns an error message or null.
   * LeetCode's start on square 1 is refused while square 1 holds a jump.
   */
  setRules(changes, label = "") {
    let rules;
    try {
      rules = fullRules({ ...this.#rules, ...changes });
    } catch (error) {
      return `${error.message[0].toUpperCase()}${error.message.slice(1)}.`;
    }
    if (rules.start === "square1" && this.#board.jumps.has(1)) {
      return "Square 1 holds a snake or ladder, which LeetCode's start forbids: remove it first.";
    }
    if (sameRules(rules, this.#rules)) return null;
    const changed = Object.keys(RULE_TABLE).filter((name) => rules[name] !== this.#rules[name]);
    this.#commit(
      this.#board,
      label || `Rules changed: ${changed.map((name) => `${name} is now ${rules[name]}`).join(", ")}.`,
      rules,
    );
    return null;
  }

  get canUndo() {
    return this.#past.length > 0;
  }

  get canRedo() {
    return this.#future.length > 0;
  }

  /** Place a new jump; returns an error message or null. */
  place(start, end) {
    const problem = placementProblem(this.#board, start, end, { allowStartJump: this.allowStartJump });
    if (problem) return problem;
    const { n, jumps } = this.#board;
    this.#commit(withJumps(n, [...jumps, [start, end]]), `Placed a ${describeJump(start, end)} on square ${start}.`);
    return null;
  }

  /** Move the end of the jump starting on `start`; returns an error message or null. */
  change(start, end) {
    const problem = placementProblem(this.#board, start, end, { replacing: true, allowStartJump: this.allowStartJump });
    if (problem) return problem;
    const { n, jumps } = this.#board;
    const next = new Map(jumps).set(start, end);
    this.#commit(withJumps(n, next), `Square ${start} now has a ${describeJump(start, end)}.`);
    return null;
  }

  remove(start) {
    const { n, jumps } = this.#board;
    if (!jumps.has(start)) return `Square ${start} has no snake or ladder to remove.`;
    const removed = describeJump(start, jumps.get(start));
    const next = new Map(jumps);
    next.delete(start);
    this.#commit(withJumps(n, next), `Removed the ${removed} from square ${start}.`);
    return null;
  }

  clear() {
    if (this.#board.jumps.size === 0) return "The board is already empty.";
    this.#commit(emptyBoard(this.#board.n), "Cleared the board.");
    return null;
  }

  /** Change the size, keeping the jumps that still fit; returns an error message or null. */
  resize(n) {
    if (!Number.isInteger(n) || n < MIN_SIZE || n > MAX_SIZE) {
      return `Board size must be a whole number from ${MIN_SIZE} to ${MAX_SIZE}.`;
    }
    if (n === this.#board.n) return null;
    const last = n * n;
    const kept = [...this.#board.jumps].filter(([start, end]) => start < last && end <= last);
    const dropped = this.#board.jumps.size - kept.length;
    const note = dropped
      ? ` Removed ${dropped} snake${dropped === 1 ? "" : "s"} or ladder${dropped === 1 ? "" : "s"} that no longer fit.`
      : "";
    const words = wordsFor(this.#words, n);
    const lost = Object.keys(this.#words.notes).length - Object.keys(words.notes).length;
    const notesNote = lost ? ` Removed the text or symbol of ${lost} square${lost === 1 ? "" : "s"} past ${last}.` : "";
    this.#commit(withJumps(n, kept), `Board is now ${n}×${n}.${note}${notesNote}`, this.#rules, words);
    return null;
  }

  /**
   * Start over from `board` (and `rules`, default: the rules in force) with an empty history (the board a
   * visit opens with). Throws naming an unknown rule.
   */
  reset(board, label, rules = this.#rules, words = this.#words) {
    this.#past = [];
    this.#future = [];
    this.#label = "";
    this.#set(
      { board: withJumps(board.n, board.jumps), rules: fullRules(rules), words: wordsFor(words, board.n) },
      label,
      "reset",
    );
  }

  /**
   * Replace the whole board (a load, a preset, a share link, a board from My boards), and the rules when
   * `rules` is given, and the words (notes, hideNumbers, decks: makeWords; makeWords() for none) when `words`
   * is, as one undoable step: Undo brings back board, rules and words together. Without `words` the squares
   * keep theirs (those past the new size are dropped): the same board resized or restored. A label gets a
   * sentence when the old words went; returns that sentence ("" if none). Throws naming an unknown rule.
   */
  load(board, label, rules = this.#rules, words = this.#words) {
    const kept = wordsFor(words, board.n);
    const gone = wordsTakenOff(this.#words, kept);
    this.#commit(withJumps(board.n, board.jumps), label && gone ? `${label} ${gone}` : label, fullRules(rules), kept);
    return gone;
  }

  /** Undo the last step; the status names it ("Undone: Placed a ladder to 15 on square 2."). */
  undo() {
    if (!this.#past.length) return "Nothing to undo.";
    const undone = this.#label;
    this.#future.push({ board: this.#board, rules: this.#rules, words: this.#words, label: undone });
    const step = this.#past.pop();
    this.#set(step, undone ? `Undone: ${undone}` : "Undone.", "undo");
    this.#label = step.label ?? "";
    return null;
  }

  redo() {
    if (!this.#future.length) return "Nothing to redo.";
    this.#past.push({ board: this.#board, rules: this.#rules, words: this.#words, label: this.#label });
    const step = this.#future.pop();
    this.#set(step, step.label ? `Redone: ${step.label}` : "Redone.", "redo");
    this.#label = step.label ?? "";
    return null;
  }

  // Each step keeps the words of the change that made it, so Undo and Redo can say what they took back.
  #commit(board, label, rules = this.#rules, words = this.#words) {
    this.#past.push({ board: this.#board, rules: this.#rules, words: this.#words, label: this.#label });
    if (this.#past.length > HISTORY_LIMIT) this.#past.shift();
    this.#future = [];
    this.#set({ board, rules, words }, label);
    this.#label = label;
  }

  /**
   * Make `step` current. A step that keeps the board and words objects (a rules change, or its undo) fires
   * only "ruleschange"; any other fires "change" (`wordsOnly` when only the words changed), then
   * "ruleschange" (with `withBoard`) if the rules differ. Both say `how` the step came: "step" (a change
   * that Undo takes back), "undo", "redo" or "reset" (a new history).
   */
  #set({ board, rules, words = this.#words }, label, how = "step") {
    const boardKept = board === this.#board && words === this.#words && !sameRules(rules, this.#rules);
    const rulesChanged = !sameRules(rules, this.#rules);
    const wordsOnly = board === this.#board && words !== this.#words;
    this.#board = board;
    this.#rules = rules;
    this.#words = words;
    if (!boardKept) this.dispatchEvent(new CustomEvent("change", { detail: { board, label, wordsOnly, how } }));
    if (rulesChanged)
      this.dispatchEvent(new CustomEvent("ruleschange", { detail: { rules, label, withBoard: !boardKept, how } }));
  }
}
