// The LeetCode matrix panel's pure parts (web/board/matrix-view.mjs): its pieces join to exactly the text
// formatMatrix writes (what Copy matrix copies and people paste into LeetCode), an edit rewrites only the
// values it changed (every value only when the padding width changes) and the text stays exact, each
// cell's spoken name, and the arrow keys' moves.
import { test } from "node:test";
import assert from "node:assert/strict";
import { boardToMatrix, formatMatrix, squareToCell } from "../../web/core/grid.mjs";
import {
  cellLabel,
  changedSquares,
  matrixPieces,
  movedCell,
  squareValues,
  updatePlan,
  valueWidth,
} from "../../web/board/matrix-view.mjs";

/** The panel's text as the cells show it: the pieces, each value padded to `width` from `texts[square]`. */
function joined(n, texts) {
  return matrixPieces(n)
    .map((piece) => (typeof piece === "string" ? piece : texts[piece.square]))
    .join("");
}

/** What a fresh build shows: each square's value padded to the board's width. */
function built(board) {
  const values = squareValues(board);
  const width = valueWidth(values);
  return { values, width, texts: [...values].map((value) => String(value).padStart(width)) };
}

/** A deterministic board of `n` with `count` jumps whose ends spread over the whole board. */
function spreadBoard(n, count) {
  const jumps = new Map();
  const last = n * n;
  for (let k = 0; k < count; k += 1) {
    const start = 2 + ((k * 7919) % (last - 2));
    if (!jumps.has(start)) jumps.set(start, 1 + ((start * 104729 + k) % last));
  }
  return { n, jumps };
}

test("the pieces join to formatMatrix's text, at every size and width", () => {
  const boards = [
    { n: 2, jumps: new Map() },
    { n: 2, jumps: new Map([[2, 3]]) },
    {
      n: 6,
      jumps: new Map([
        [2, 15],
        [14, 35],
        [17, 13],
      ]),
    },
    spreadBoard(10, 30),
    spreadBoard(32, 200),
    spreadBoard(50, 750),
  ];
  for (const board of boards) {
    const { texts } = built(board);
    assert.equal(
      joined(board.n, texts),
      formatMatrix(boardToMatrix(board)),
      `n = ${board.n}, ${board.jumps.size} jumps`,
    );
  }
});

test("an edit rewrites only the values it changed, and the text stays exactly formatMatrix's", () => {
  const board = spreadBoard(50, 750);
  const shown = built(board);
  const edits = [
    (jumps) => jumps.set(2500 - 1, 7), // a snake placed (a new start)
    (jumps) => jumps.delete(2500 - 1), // and removed
    (jumps) => jumps.set([...jumps.keys()][5], 2000), // a jump's end moved
    (jumps) => jumps.set(4, 2), // a new snake
  ];
  for (const [index, edit] of edits.entries()) {
    const jumps = new Map(board.jumps);
    edit(jumps);
    board.jumps = jumps;
    const values = squareValues(board);
    const { squares, width } = updatePlan(shown.values, shown.width, values);
    const differing = changedSquares(shown.values, values);
    assert.ok(differing.length >= 1 && differing.length <= 2, `edit ${index}: ${differing.length} squares differ`);
    assert.deepEqual(squares, differing, `edit ${index} rewrites only what differs`);
    for (const square of squares) shown.texts[square] = String(values[square]).padStart(width);
    Object.assign(shown, { values, width });
    assert.equal(joined(50, shown.texts), formatMatrix(boardToMatrix(board)), `edit ${index}`);
  }
});

test("a change of width (the first end of more digits) rewrites every value, and only then", () => {
  const board = { n: 10, jumps: new Map([[2, 38]]) };
  const shown = built(board);
  assert.equal(shown.width, 2);
  board.jumps = new Map([
    [2, 38],
    [5, 100],
  ]);
  const values = squareValues(board);
  const { squares, width } = updatePlan(shown.values, shown.width, values);
  assert.equal(width, 3);
  assert.equal(squares.length, 100);
  for (const square of squares) shown.texts[square] = String(values[square]).padStart(width);
  assert.equal(joined(10, shown.texts), formatMatrix(boardToMatrix(board)));
  // A different size is never an update in place: every square is listed.
  assert.equal(updatePlan(values, 3, squareValues({ n: 3, jumps: new Map() })).squares.length, 9);
});

test("each cell's spoken name: the matrix index, the square, its jump or -1 (the value shown is in the name)", () => {
  const { row, col } = squareToCell(7, 6);
  assert.deepEqual([row, col], [4, 5]);
  assert.equal(cellLabel(row, col, 6, 38), "board[4][5], square 7, ladder to 38");
  assert.equal(cellLabel(row, col, 6, 2), "board[4][5], square 7, snake to 2");
  assert.equal(cellLabel(0, 0, 6, -1), "board[0][0], square 36, -1 (no snake or ladder)");
  assert.equal(cellLabel(49, 0, 50, -1), "board[49][0], square 1, -1 (no snake or ladder)");
});

test("the arrow keys move inside the grid and stop at its edges; Home and End go along the row", () => {
  assert.deepEqual(movedCell(0, 0, "ArrowUp", 6), { row: 0, col: 0 });
  assert.deepEqual(movedCell(0, 0, "ArrowDown", 6), { row: 1, col: 0 });
  assert.deepEqual(movedCell(3, 5, "ArrowRight", 6), { row: 3, col: 5 });
  assert.deepEqual(movedCell(3, 5, "ArrowLeft", 6), { row: 3, col: 4 });
  assert.deepEqual(movedCell(3, 2, "Home", 6), { row: 3, col: 0 });
  assert.deepEqual(movedCell(3, 2, "End", 6), { row: 3, col: 5 });
  assert.deepEqual(movedCell(3, 2, "End", 6, true), { row: 5, col: 5 });
  assert.deepEqual(movedCell(3, 2, "PageDown", 50), { row: 13, col: 2 });
  assert.deepEqual(movedCell(3, 2, "PageUp", 50), { row: 0, col: 2 });
  assert.equal(movedCell(3, 2, "a", 6), null);
});
