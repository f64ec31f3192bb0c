// A new board size that keeps each snake and ladder where it was drawn: both of its squares keep their
// place on the grid (row and column counted from the bottom-left, where square 1 is), so a ladder up
// the left edge stays up the left edge. A jump whose square falls off the smaller grid, or lands where
// the rules forbid a jump (the new goal), is dropped; the words say what moved and what was dropped.
import { placementProblem } from "../core/state.mjs";

/** How many moved or dropped jumps the words name; the rest are counted. */
const NAMED = 3;

/** `square`'s place on an `n`×`n` board: row from the bottom and column from the left, both from 0. */
export function placeOf(square, n) {
  const row = Math.floor((square - 1) / n);
  const along = (square - 1) % n;
  return { row, col: row % 2 === 0 ? along : n - 1 - along };
}

/** The square at `row` (from the bottom) and `col` (from the left) of an `n`×`n` board, or null off it. */
export function squareAt(row, col, n) {
  if (row >= n || col >= n) return null;
  return row * n + (row % 2 === 0 ? col : n - 1 - col) + 1;
}

/**
 * `board` (`{n, jumps}`) at size `n`: `{board, moved, dropped}`, where `moved` lists `[start, end,
 * newStart, newEnd]` for each kept jump whose numbers changed and `dropped` lists `[start, end, why]`.
 * `allowStartJump` is the rules' (a jump on square 1 under the classic start). O(jumps).
 */
export function resizeJumps(board, n, { allowStartJump = false } = {}) {
  const next = { n, jumps: new Map() };
  const moved = [];
  const dropped = [];
  for (const [start, end] of board.jumps) {
    const from = placeOf(start, board.n);
    const to = placeOf(end, board.n);
    const newStart = squareAt(from.row, from.col, n);
    const newEnd = squareAt(to.row, to.col, n);
    if (newStart === null || newEnd === null) {
      dropped.push([start, end, `square ${newStart === null ? start : end} is off the ${n}×${n} grid`]);
      continue;
    }
    const problem = placementProblem(next, newStart, newEnd, { allowStartJump });
    if (problem) {
      dropped.push([start, end, problem.replace(/\.$/, "")]);
      continue;
    }
    next.jumps.set(newStart, newEnd);
    if (newStart !== start || newEnd !== end) moved.push([start, end, newStart, newEnd]);
  }
  next.jumps = new Map([...next.jumps].sort((a, b) => a[0] - b[0]));
  return { board: next, moved, dropped };
}

/** The squares' notes (`{[square]: note}`) at size `n`, each on its square's place: `{notes, lost}`. O(notes). */
export function resizeNotes(notes, oldN, n) {
  const kept = {};
  let lost = 0;
  for (const [square, note] of Object.entries(notes)) {
    const { row, col } = placeOf(Number(square), oldN);
    const moved = squareAt(row, col, n);
    if (moved === null) lost += 1;
    else kept[moved] = note;
  }
  return { notes: kept, lost };
}

/** The status line's words for a resize: the size, what moved (new numbers), what was dropped and how many notes were lost, bounded. */
export function describeResize({ board, moved, dropped }, lostNotes = 0) {
  const parts = [`Board is now ${board.n}×${board.n}.`];
  if (moved.length) {
    const named = moved.slice(0, NAMED).map(([s, e, ns, ne]) => `${s}→${e} is now ${ns}→${ne}`);
    const more = moved.length > NAMED ? `, and ${moved.length - NAMED} more` : "";
    parts.push(`Kept in place with new numbers (${moved.length}): ${named.join(", ")}${more}.`);
  }
  if (dropped.length) {
    const named = dropped.slice(0, NAMED).map(([s, e, why]) => `${s}→${e} (${why})`);
    const more = dropped.length > NAMED ? `, and ${dropped.length - NAMED} more` : "";
    parts.push(`Dropped, as they no longer fit (${dropped.length}): ${named.join("; ")}${more}.`);
  }
  if (!moved.length && !dropped.length && board.jumps.size)
    parts.push("Every snake and ladder kept its place and its numbers.");
  if (lostNotes)
    parts.push(
      `Removed the text or symbol of ${lostNotes} square${lostNotes === 1 ? "" : "s"} off the ${board.n}×${board.n} grid.`,
    );
  return parts.join(" ");
}
