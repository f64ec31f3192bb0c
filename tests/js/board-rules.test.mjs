// Unit tests for the page's pure board modules (grid, state, codec) against web/core/contract.mjs: the
// numbering, the editor's placement rules and the share-link codec take their rules from Python's table.
import assert from "node:assert/strict";
import { test } from "node:test";
import { decodeHash, encodeHash } from "../../web/core/codec.mjs";
import { JUMP_PLACEMENT, LIMITS, RULES } from "../../web/core/contract.mjs";
import { boardToMatrix, cellToSquare, matrixToBoard, squareToCell } from "../../web/core/grid.mjs";
import { MAX_SIZE, MIN_SIZE, buildBoard, emptyBoard, placementProblem, startProblem } from "../../web/core/state.mjs";

test("the zig-zag numbering round-trips for every square of boards 2..12, odd and even", () => {
  for (let n = 2; n <= 12; n += 1) {
    const seen = new Set();
    for (let square = 1; square <= n * n; square += 1) {
      const { row, col } = squareToCell(square, n);
      assert.equal(cellToSquare(row, col, n), square);
      seen.add(`${row},${col}`);
    }
    assert.equal(seen.size, n * n);
    assert.deepEqual(squareToCell(1, n), { row: n - 1, col: 0 }); // bottom-left
    assert.deepEqual(squareToCell(n + 1, n), { row: n - 2, col: n - 1 }); // the second row runs right to left
  }
});

test("a board survives the LeetCode matrix both ways", () => {
  const board = {
    n: 6,
    jumps: new Map([
      [2, 15],
      [14, 35],
      [17, 13],
    ]),
  };
  const back = matrixToBoard(boardToMatrix(board));
  assert.equal(back.n, 6);
  assert.deepEqual([...back.jumps], [...board.jumps]);
});

test("sizes come from the contract", () => {
  assert.equal(MIN_SIZE, LIMITS.MIN_SIZE);
  assert.equal(MAX_SIZE, LIMITS.PAGE_MAX_SIZE);
  assert.throws(() => buildBoard(LIMITS.PAGE_MAX_SIZE + 1, []), /not a whole number from 2 to 50/);
});

test("start and goal squares follow the contract's placement table", () => {
  const board = emptyBoard(4);
  assert.equal(JUMP_PLACEMENT.starts.square1.first, 2);
  assert.match(startProblem(board, 1), /where every game starts/);
  assert.equal(startProblem(board, 1, { allowStartJump: true }), null);
  assert.match(startProblem(board, 16), /the goal/);
  assert.equal(startProblem(board, 15), null);
  assert.match(placementProblem(board, 3, 3), /must go somewhere/);
  assert.equal(placementProblem(board, 3, 3, { loading: true }), null); // LeetCode accepts a self-jump
  assert.match(placementProblem(board, 3, 17), /not on this board/);
  const withOne = buildBoard(4, [[3, 9]]);
  assert.match(placementProblem(withOne, 3, 10), /already has a ladder to 9/);
});

test("share links carry the contract's rule names and leave the defaults out", () => {
  const board = { n: 6, jumps: new Map([[2, 15]]) };
  assert.equal(encodeHash(board, { start: RULES.start.default, overshoot: RULES.overshoot.default }), "n=6&j=2-15");
  const hash = encodeHash(board, { start: "off-board", overshoot: "bounce" });
  assert.deepEqual(decodeHash(`#${hash}`).rules, {
    start: "off-board",
    overshoot: "bounce",
    sixes: RULES.sixes.default,
  });
  assert.throws(() => decodeHash("#n=6&past=wrap"), /not one of stay, bounce, win/);
  // The sixes rule: written only when not the default, read back checked against RULES.
  assert.equal(encodeHash(board, { sixes: RULES.sixes.default }), "n=6&j=2-15");
  const sixes = encodeHash(board, { sixes: "again-three-to-start" });
  assert.equal(sixes, "n=6&j=2-15&sixes=again-three-to-start");
  assert.equal(decodeHash(`#${sixes}`).rules.sixes, "again-three-to-start");
  assert.throws(
    () => decodeHash("#n=6&sixes=always"),
    /sixes rule "always" is not one of plain, again, again-three-to-start/,
  );
});
