// A won game's words (web/core/rules-text.mjs describeWin): the winner's round, not every player's turns
// added up, and the winner's own rolls when a 6 rolled again.
import { test } from "node:test";
import assert from "node:assert/strict";
import { describeWin, ordinal } from "../../web/core/rules-text.mjs";

test("two players: turn 30 is the 15th round, Dad's 15th roll", () => {
  assert.equal(describeWin("Dad", { number: 30, players: 2, rolls: 15 }), "Dad wins in round 15");
  assert.equal(describeWin("Ana", { number: 29, players: 2, rolls: 15 }), "Ana wins in round 15");
});

test("a 6 that rolls again: the round and the winner's own rolls", () => {
  assert.equal(describeWin("Dad", { number: 24, players: 2, rolls: 15 }), "Dad wins in round 12, on Dad's 15th roll");
  assert.equal(describeWin("Bo", { number: 9, players: 4, rolls: 3 }), "Bo wins in round 3");
});

test("one player: turns, and rolls when they differ", () => {
  assert.equal(describeWin("Ana", { number: 1, players: 1, rolls: 1 }), "Ana wins after 1 turn");
  assert.equal(describeWin("Ana", { number: 12, players: 1, rolls: 15 }), "Ana wins after 12 turns (15 rolls)");
});

test("ordinals", () => {
  assert.deepEqual([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112].map(ordinal), [
    "1st",
    "2nd",
    "3rd",
    "4th",
    "11th",
    "12th",
    "13th",
    "21st",
    "22nd",
    "23rd",
    "101st",
    "111th",
    "112th",
  ]);
});
