// How long a game takes in class: minutes from the race's total rolls, rounded honestly, cut-off figures said.
// Run with `node --test tests/js/`.
import assert from "node:assert/strict";
import { test } from "node:test";
import { durationText, readSeconds, typicalMinutes, withinMinutes } from "../../web/random-play/duration.mjs";

const race = (median, p90, cutOff = false, players = 4) => ({
  players,
  total_rolls_median: median,
  total_rolls_p90: p90,
  total_rolls_cut_off: cutOff,
});

test("the median is rounded to the nearest minute and said 'about'; the 90th percentile rounded up", () => {
  assert.equal(
    durationText(race(72, 149), 10),
    "A game of 4 usually takes about 12 minutes; 9 in 10 games are over within 25.",
  );
  assert.equal(typicalMinutes(75, 10), 13);
  assert.equal(typicalMinutes(74, 10), 12);
  assert.equal(withinMinutes(145, 10), 25); // 24.17 minutes: within 24 would be false
  assert.equal(withinMinutes(144, 10), 24);
  assert.equal(typicalMinutes(1, 1), 1); // a game that takes any time is not "0 minutes"
});

test("a figure beyond what was computed says so; a trap says the race is not won that often", () => {
  assert.match(
    durationText(race(72, null, true), 10),
    /about 12 minutes; the slowest 1 in 10 take more than could be worked out exactly\.$/,
  );
  assert.match(durationText(race(null, null, true), 10), /takes more than could be worked out exactly/);
  assert.match(durationText(race(40, null, false), 10), /fewer than 9 in 10 games are ever won\.$/);
});

test("one player, or an analysis without the figures, says nothing; seconds are checked", () => {
  assert.equal(durationText(race(10, 20, false, 1), 10), "");
  assert.equal(durationText({ players: 2 }, 10), "");
  assert.equal(durationText(null, 10), "");
  assert.equal(readSeconds("7.5"), 7.5);
  for (const bad of ["", "0", "-3", "abc", "601", "Infinity"]) assert.equal(readSeconds(bad), null, bad);
});
