// The board being edited and its rules of play, their undo/redo history, and the events the views follow
// ("change" when the board changes, "ruleschange" when the rules do). A board is `{n, jumps: Map<start, end>}`,
// never mutated: every edit makes a new one; the rules are a frozen `{start, overshoot}` (every rule RULES lists).

import { JUMP_PLACEMENT, LIMITS, RULES } from "./contract.mjs";
import { squareToCell } from "../board/grid.mjs";

// The sizes and the placement rules are Python's (web/core/contract.mjs is written from the package).
export const MIN_SIZE = LIMITS.MIN_SIZE;
export const MAX_SIZE = LIMITS.PAGE_MAX_SIZE;
const HISTORY_LIMIT = 500;

/** The rules of play RULES lists: its entries with values and a default (presets and start positions are not rules). */
const RULE_TABLE = /** @type {Record<string, {values: string[], default: string}>} */ (
  Object.fromEntries(Object.entries(RULES).filter(([, rule]) => "values" in rule && "default" in rule))
);

/** The rules a page starts with: every rule's default, as Python's contract gives them. */
export const DEFAULT_RULES = Object.freeze(Object.fromEntries(Object.entries(RULE_TABLE).map(([name, rule]) => [name, rule.default])));

/**
 * `rules` with every rule of RULES, a rule left out (or undefined) at its default; throws naming an unknown
 * rule or value. O(number of rules).
 */
export function fullRules(rules = {}) {
  const full = { ...DEFAULT_RULES };
  for (const [name, value] of Object.entries(rules ?? {})) {
    if (value === undefined) continue;
    if (!(name in RULE_TABLE)) throw new Error(`there is no rule ${JSON.stringify(name)} (the rules are ${Object.keys(RULE_TABLE).join(", ")})`);
    const { values } = RULE_TABLE[name];
    if (!values.includes(value)) throw new Error(`the rule ${name} cannot be ${JSON.stringify(value)}: it is one of ${values.join(", ")}`);
    full[name] = value;
  }
  return Object.freeze(full);
}

function sameRules(a, b) {
  return Object.keys(RULE_TABLE).every((name) => a[name] === b[name]);
}

export function emptyBoard(n) {
  return { n, jumps: new Map() };
}

function withJumps(n, entries) {
  return { n, jumps: new Map([...entries].sort((a, b) => a[0] - b[0])) };
}

function kindOf(start, end) {
  if (end > start) return "ladder";
  if (end < start) return "snake";
  return "jump";
}

export function describeJump(start, end) {
  return `${kindOf(start, end)} to ${end}`;
}

/** Why `square` cannot be the start of a jump at all, or null. */
export function startProblem(board, square, { allowStartJump = false } = {}) {
  const where = place(square, board.n);
  const { first, lastBeforeGoal } = JUMP_PLACEMENT.starts[allowStartJump ? "off-board" : "square1"];
  if (square < first) return `${where} is where every game starts: it cannot hold a snake or ladder.`;
  if (square > board.n * board.n - lastBeforeGoal) return `${where} is the goal: it cannot hold a snake or ladder.`;
  return null;
}

/** "Square 7 (row 4, column 5)": the square and its place in the LeetCode matrix. */
function place(square, n) {
  const { row, col } = squareToCell(square, n);
  return `Square ${square} (row ${row}, column ${col})`;
}

export function sameBoard(a, b) {
  if (a.n !== b.n || a.jumps.size !== b.jumps.size) return false;
  for (const [start, end] of a.jumps) if (b.jumps.get(start) !== end) return false;
  return true;
}

/**
 * Why a jump from `start` to `end` cannot be placed on `board`, or null when it can.
 * These are the editor's placement rules; Python re-checks every board it is given.
 */
export function placementProblem(board, start, end, { replacing = false, loading = false, allowStartJump = false } = {}) {
  const last = board.n * board.n;
  const { ends } = JUMP_PLACEMENT;
  for (const [square, low, high] of [
    [start, 1, last],
    [end, ends.first, last - ends.lastBeforeGoal],
  ]) {
    if (!Number.isInteger(square) || square < low || square > high) {
      return `Square ${square} is not on this board (squares run from 1 to ${last}).`;
    }
  }
  const problem = startProblem(board, start, { allowStartJump });
  if (problem) return problem;
  const where = place(start, board.n);
  // LeetCode accepts a square that names itself (a jump that goes nowhere), so a loaded board
  // may hold one; the editor does not place new ones.
  if (start === end && !(loading && JUMP_PLACEMENT.selfJumpAccepted)) return `${where}: a snake or ladder must go somewhere, so its end cannot be square ${start} itself.`;
  if (!replacing && board.jumps.has(start) && JUMP_PLACEMENT.jumpsPerSquare === 1) {
    const existing = describeJump(start, board.jumps.get(start));
    return `${where} already has a ${existing}. Select it to change or remove it.`;
  }
  return null;
}

/**
 * A board from outside the editor (a share link, a saved copy, a preset), checked with the
 * same placement rules as the editor. Throws an Error saying what is wrong.
 */
export function buildBoard(n, pairs, { allowStartJump = false } = {}) {
  if (!Number.isInteger(n) || n < MIN_SIZE || n > MAX_SIZE) {
    throw new Error(`the board size ${n} is not a whole number from ${MIN_SIZE} to ${MAX_SIZE}`);
  }
  const board = emptyBoard(n); // filled in place: nobody else sees it yet
  for (const [start, end] of pairs) {
    const problem = placementProblem(board, start, end, { loading: true, allowStartJump });
    if (problem) throw new Error(problem);
    board.jumps.set(start, end);
  }
  return withJumps(n, board.jumps);
}

export class BoardState extends EventTarget {
  #board;
  #rules;
  /** Undo and redo steps: each `{board, rules}`. */
  #past = [];
  #future = [];

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
    this.#commit(this.#board, label, rules);
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
    const note = dropped ? ` Removed ${dropped} snake${dropped === 1 ? "" : "s"} or ladder${dropped === 1 ? "" : "s"} that no longer fit.` : "";
    this.#commit(withJumps(n, kept), `Board is now ${n}×${n}.${note}`);
    return null;
  }

  /**
   * Start over from `board` (and `rules`, default: the rules in force) with an empty history (the board a
   * visit opens with). Throws naming an unknown rule.
   */
  reset(board, label, rules = this.#rules) {
    this.#past = [];
    this.#future = [];
    this.#set({ board: withJumps(board.n, board.jumps), rules: fullRules(rules) }, label);
  }

  /**
   * Replace the whole board (a load, a preset, a share link, a board from My boards), and the rules when
   * `rules` is given, as one undoable step. Throws naming an unknown rule.
   */
  load(board, label, rules = this.#rules) {
    this.#commit(withJumps(board.n, board.jumps), label, fullRules(rules));
  }

  undo() {
    if (!this.#past.length) return "Nothing to undo.";
    this.#future.push({ board: this.#board, rules: this.#rules });
    this.#set(this.#past.pop(), "Undone.");
    return null;
  }

  redo() {
    if (!this.#future.length) return "Nothing to redo.";
    this.#past.push({ board: this.#board, rules: this.#rules });
    this.#set(this.#future.pop(), "Redone.");
    return null;
  }

  #commit(board, label, rules = this.#rules) {
    this.#past.push({ board: this.#board, rules: this.#rules });
    if (this.#past.length > HISTORY_LIMIT) this.#past.shift();
    this.#future = [];
    this.#set({ board, rules }, label);
  }

  /**
   * Make `step` current. A step that keeps the board object (a rules change, or its undo) fires only
   * "ruleschange"; any other fires "change", then "ruleschange" (with `withBoard`) if the rules differ.
   */
  #set({ board, rules }, label) {
    const boardKept = board === this.#board && !sameRules(rules, this.#rules);
    const rulesChanged = !sameRules(rules, this.#rules);
    this.#board = board;
    this.#rules = rules;
    if (!boardKept) this.dispatchEvent(new CustomEvent("change", { detail: { board, label } }));
    if (rulesChanged) this.dispatchEvent(new CustomEvent("ruleschange", { detail: { rules, label, withBoard: !boardKept } }));
  }
}
