// The designer's sentences: rules in words, a generated board's figures, a hot-seat turn.
// Run with `node --test tests/js/`.
import assert from "node:assert/strict";
import { test } from "node:test";
import { describeFigures } from "../../web/generate/generate-dialog.mjs";
import { describeRoll } from "../../web/play/hotseat.mjs";
import { describeRules } from "../../web/core/rules-text.mjs";

test("rules in words", () => {
  assert.equal(
    describeRules({ start: "off-board", overshoot: "bounce" }),
    "start off the board (classic); a roll past the last square bounces back",
  );
});

test("figures say when a target figure is missing", () => {
  assert.equal(
    describeFigures({ min_moves: 7, expected_rolls: 39.871, always_finishes: true }),
    "least moves 7, expected rolls ≈ 39.87, always finishes",
  );
  assert.equal(
    describeFigures({ min_moves: -1, expected_rolls: null, always_finishes: false }),
    "the last square cannot be reached, a game can get stuck in a trap",
  );
});

test("a turn: a jump, a wasted roll, a bounce, a win", () => {
  const step = (fields) => ({
    start: 1,
    roll: 1,
    landing: 2,
    end: 2,
    jump: null,
    overshoot: null,
    won: false,
    ...fields,
  });
  assert.equal(
    describeRoll(1, "Ana", step({ end: 8, jump: "ladder" }), 9),
    "Turn 1, Ana: rolled 1 → square 2, ladder to 8",
  );
  assert.equal(
    describeRoll(2, "Bo", step({ start: 0, roll: 6, overshoot: "stay", landing: 0, end: 0 }), 4),
    "Turn 2, Bo: rolled 6, too far: stays on the start",
  );
  assert.equal(
    describeRoll(3, "Ana", step({ start: 8, roll: 3, landing: 7, end: 7, overshoot: "bounce" }), 9),
    "Turn 3, Ana: rolled 3 → square 7, bounced back from 9",
  );
  assert.equal(
    describeRoll(4, "Bo", step({ start: 8, landing: 9, end: 9, won: true }), 9),
    "Turn 4, Bo: rolled 1 → square 9 and wins",
  );
});
