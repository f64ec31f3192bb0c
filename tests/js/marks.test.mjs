// Which squares a change of highlight marks touches (web/board/marks.mjs): the board view redraws only
// these, so a square left out would keep a stale highlight.
import { test } from "node:test";
import assert from "node:assert/strict";
import { touchedSquares } from "../../web/board/marks.mjs";

const sorted = (set) => [...set].sort((a, b) => a - b);

test("a set mark touches the squares in one of the old and new sets, not both", () => {
  const marks = { path: new Set([1, 2, 3]) };
  assert.deepEqual(sorted(touchedSquares(marks, { path: new Set([2, 3, 4, 5]) })), [1, 4, 5]);
  assert.deepEqual(sorted(touchedSquares(marks, { path: new Set() })), [1, 2, 3]);
});

test("a one-square mark touches its old and new square, and none when it is null both times", () => {
  assert.deepEqual(sorted(touchedSquares({ selected: 7 }, { selected: 9 })), [7, 9]);
  assert.deepEqual(sorted(touchedSquares({ selected: null }, { selected: 9 })), [9]);
  assert.deepEqual(sorted(touchedSquares({ selected: 7 }, { selected: null })), [7]);
  assert.deepEqual(sorted(touchedSquares({ selected: null }, { selected: null })), []);
  assert.deepEqual(sorted(touchedSquares({}, { current: 0 })), [0]);
});

test("several marks at once, and the same Set object again touches nothing", () => {
  const path = new Set([4, 5]);
  const marks = { path, landings: new Set([6]), current: 3 };
  assert.deepEqual(sorted(touchedSquares(marks, { path, landings: new Set([6, 8]), current: null })), [3, 8]);
});

test("marks over many squares: the touched squares are exactly the difference", () => {
  // A wall shifted by one square, at 100 and 10,000 squares: only its two ends are touched.
  for (const size of [100, 10_000]) {
    const before = new Set(Array.from({ length: size }, (_, i) => i + 1));
    const after = new Set(Array.from({ length: size }, (_, i) => i + 2));
    assert.deepEqual(sorted(touchedSquares({ wall: before }, { wall: after })), [1, size + 1]);
  }
});
