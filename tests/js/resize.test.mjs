// resizeJumps: a new size keeps each jump's squares on the same (row, column) from the bottom-left, drops
// what falls off the grid or breaks a placement rule, and says so in bounded words.
import assert from "node:assert/strict";
import { test } from "node:test";
import { squareToCell } from "../../web/core/grid.mjs";
import { describeResize, placeOf, resizeJumps, resizeNotes, squareAt } from "../../web/board/resize.mjs";
import { placementProblem } from "../../web/core/state.mjs";

/** Row from the bottom and column from the left, by grid.mjs's LeetCode matrix cell (an independent numbering). */
const gridPlace = (square, n) => {
  const { row, col } = squareToCell(square, n);
  return { row: n - 1 - row, col };
};

const EXAMPLE_1 = {
  n: 6,
  jumps: new Map([
    [2, 15],
    [14, 35],
    [17, 13],
  ]),
};

test("placeOf and squareAt agree with the matrix numbering and invert each other", () => {
  for (let n = 2; n <= 13; n += 1) {
    for (let square = 1; square <= n * n; square += 1) {
      const place = placeOf(square, n);
      assert.deepEqual(place, gridPlace(square, n));
      assert.equal(squareAt(place.row, place.col, n), square);
    }
    assert.equal(squareAt(n, 0, n), null);
    assert.equal(squareAt(0, n, n), null);
  }
});

test("LeetCode's example made 20×20 keeps its ladders upright: the rows a jump spans stay the rows it spanned", () => {
  const { board, moved, dropped } = resizeJumps(EXAMPLE_1, 20);
  assert.equal(dropped.length, 0);
  assert.equal(board.jumps.size, 3);
  const spans = (jumps, n) => [...jumps].map(([start, end]) => placeOf(end, n).row - placeOf(start, n).row).sort();
  assert.deepEqual(spans(board.jumps, 20), spans(EXAMPLE_1.jumps, 6)); // 2 rows up, 3 rows up, the same row
  assert.deepEqual(spans(board.jumps, 20), [0, 2, 3]);
  assert.deepEqual(moved[0], [2, 15, 2, 43]); // 15 is row 2, column 2: on 20×20 that is square 43
});

test("every kept jump keeps both places; every dropped one had a square off the grid or a rule against it", () => {
  let seed = 7;
  const random = (k) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % k;
  };
  for (let trial = 0; trial < 300; trial += 1) {
    const n = 2 + random(11);
    const m = 2 + random(11);
    const last = n * n;
    const jumps = new Map();
    for (let i = 0; i < n; i += 1) {
      const start = 2 + random(last - 2);
      const end = 1 + random(last - 1);
      if (start !== end) jumps.set(start, end);
    }
    const { board, moved, dropped } = resizeJumps({ n, jumps }, m);
    assert.equal(board.jumps.size + dropped.length, jumps.size);
    const kept = new Map(moved.map(([s, e, ns, ne]) => [`${s}`, [ns, ne, e]]));
    for (const [start, end] of jumps) {
      const entry = kept.get(`${start}`);
      const [ns, ne] = entry ?? [start, end];
      if (dropped.some(([s]) => s === start)) continue;
      assert.equal(board.jumps.get(ns), ne);
      assert.deepEqual(placeOf(ns, m), placeOf(start, n));
      assert.deepEqual(placeOf(ne, m), placeOf(end, n));
    }
    const moveTo = (square) => {
      const { row, col } = placeOf(square, n);
      return squareAt(row, col, m);
    };
    for (const [start, end] of dropped) {
      const off = moveTo(start) === null || moveTo(end) === null;
      assert.ok(
        off || placementProblem(board, moveTo(start), moveTo(end)) !== null,
        `${start}→${end} was dropped for no reason`,
      );
    }
  }
});

test("a jump whose start becomes the new goal is dropped, with the rule's words", () => {
  // 3×3 → 2×2: square 4 of the 2×2 (row 1, column 0) is the goal; on the 3×3 that place is square 6.
  const result = resizeJumps({ n: 3, jumps: new Map([[6, 1]]) }, 2);
  assert.equal(result.board.jumps.size, 0);
  assert.match(result.dropped[0][2], /goal/);
  assert.match(
    describeResize(result),
    /^Board is now 2×2\. Dropped, as they no longer fit \(1\): 6→1 \(Square 4 .*goal/,
  );
});

test("the words name the first three moved and dropped jumps and count the rest", () => {
  const jumps = new Map();
  for (let start = 2; start <= 60; start += 1) jumps.set(start, start < 30 ? start + 40 : start - 1);
  const text = describeResize(resizeJumps({ n: 10, jumps }, 9));
  assert.match(
    text,
    /^Board is now 9×9\. Kept in place with new numbers \(\d+\): (\d+→\d+ is now \d+→\d+, ){3}and \d+ more\. Dropped, as they no longer fit \(\d+\): [^;]+; [^;]+; [^;]+, and \d+ more\.$/,
  );
  assert.ok(text.length < 400, text);
  assert.equal(
    describeResize(resizeJumps({ n: 4, jumps: new Map([[2, 3]]) }, 5)),
    "Board is now 5×5. Every snake and ladder kept its place and its numbers.",
  );
});

test("notes keep their squares' places too; those off the grid are counted", () => {
  const { notes, lost } = resizeNotes({ 2: { text: "a" }, 15: { symbol: "★" }, 36: { text: "goal" } }, 6, 4);
  // 2 is row 0, column 1 (square 2 again); 15 is row 2, column 2 (square 11 on 4×4); 36 is column 5: off.
  assert.deepEqual(notes, { 2: { text: "a" }, 11: { symbol: "★" } });
  assert.equal(lost, 1);
  assert.match(
    describeResize(resizeJumps({ n: 6, jumps: new Map() }, 4), lost),
    /Removed the text or symbol of 1 square off the 4×4 grid\.$/,
  );
});
