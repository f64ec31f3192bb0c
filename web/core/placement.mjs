// The editor's placement rules: where a snake or ladder may start and end, a jump in words, and a board
// built from outside the editor with the same checks. Boards are `{n, jumps: Map<start, end>}`, never mutated.
import { JUMP_PLACEMENT, LIMITS } from "./contract.mjs";
import { squareToCell } from "./grid.mjs";

// The sizes and the placement rules are Python's (web/core/contract.mjs is written from the package).
export const MIN_SIZE = LIMITS.MIN_SIZE;
export const MAX_SIZE = LIMITS.PAGE_MAX_SIZE;

export function emptyBoard(n) {
  return { n, jumps: new Map() };
}

export function withJumps(n, entries) {
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
export function placementProblem(
  board,
  start,
  end,
  { replacing = false, loading = false, allowStartJump = false } = {},
) {
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
  if (start === end && !(loading && JUMP_PLACEMENT.selfJumpAccepted))
    return `${where}: a snake or ladder must go somewhere, so its end cannot be square ${start} itself.`;
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
