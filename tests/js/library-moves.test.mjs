// My boards' least-moves line: under the board's own rules, saying so when they are not LeetCode's.
// Run with `node --test tests/js/`.
import assert from "node:assert/strict";
import { test } from "node:test";
import { movesText } from "../../web/library/library.mjs";

const LEETCODE = { start: "square1", overshoot: "stay", sixes: "plain" };
const CLASSIC = { ...LEETCODE, start: "off-board" };

test("the figure, '—' until Python has said, and an unreachable goal in words", () => {
  assert.equal(movesText({ moves: 7, rules: LEETCODE }), "least moves 7");
  assert.equal(movesText({ moves: null, rules: LEETCODE }), "least moves —");
  assert.equal(movesText({ moves: -1, rules: { ...LEETCODE, overshoot: "bounce" } }), "least moves none (unreachable)");
});

test("the classic start is named: its figure can be LeetCode's plus one", () => {
  assert.equal(movesText({ moves: 7, rules: CLASSIC }), "least moves from off the board: 7");
  assert.equal(movesText({ moves: null, rules: { ...CLASSIC, sixes: "again" } }), "least moves from off the board: —");
  assert.equal(movesText({ moves: -1, rules: CLASSIC }), "least moves from off the board: none (unreachable)");
});

test("under three 6s to the start, which Python does not search, the line says it is not counted", () => {
  for (const rules of [
    { ...LEETCODE, sixes: "again-three-to-start" },
    { ...CLASSIC, sixes: "again-three-to-start" },
  ]) {
    assert.equal(
      movesText({ moves: null, rules }),
      "least moves not counted (three 6s in a turn go back to the start)",
    );
  }
});
