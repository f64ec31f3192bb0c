// Unit tests for web/core/format.mjs: bounded text for counts, figures, truncation notes and warnings.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  approximationReason,
  formatAbout,
  formatChance,
  formatCount,
  formatPercent,
  formatPercentile,
  formatPowerOfTen,
  formatRolls,
  formatWays,
  groupDigits,
  rollsChange,
  shares,
  truncationNote,
  warningsText,
  plural,
} from "../../web/core/format.mjs";

const exact = (value) => ({
  exact: true,
  value,
  mantissa: Number(`${value[0]}.${value.slice(1, 4) || "0"}`),
  exponent: value.length - 1,
});
const approx = (mantissa, exponent) => ({ exact: false, value: null, mantissa, exponent });

test("digits are grouped by thousands", () => {
  assert.equal(groupDigits("1"), "1");
  assert.equal(groupDigits("123"), "123");
  assert.equal(groupDigits("1234"), "1,234");
  assert.equal(groupDigits("1234567"), "1,234,567");
  assert.equal(groupDigits("-1234"), "-1,234");
});

test("exact counts are shown in full, approximate ones as about m × 10^e", () => {
  assert.equal(formatCount(exact("21")), "21");
  assert.equal(formatCount(exact("123456789")), "123,456,789");
  assert.equal(formatCount(approx(1.5, 101768)), "about 1.5 × 10^101,768");
  assert.equal(formatWays(exact("1")), "1 optimal roll sequence");
  assert.equal(formatWays(exact("2")), "2 optimal roll sequences");
  assert.equal(formatWays(approx(3.98, 6020)), "about 4.0 × 10^6,020 optimal roll sequences");
});

test("an exact count too long to read is bounded like an approximate one", () => {
  const digits = "9".repeat(5000);
  const text = formatCount({ exact: true, value: digits, mantissa: 9.99, exponent: 4999 });
  assert.equal(text, "about 1.0 × 10^5,000"); // 9.99 rounds up to the next power of ten
  assert.ok(text.length < 40);
});

test("figures in rolls: floats, bounded objects and null (infinite)", () => {
  assert.equal(formatRolls(12.94), "12.9");
  assert.equal(formatRolls(12345.67), "12,345.7");
  assert.equal(formatRolls(null), "—");
  assert.equal(formatRolls(approx(2.5, 400)), "about 2.5 × 10^400");
  assert.equal(formatRolls(3e20), "about 3.0 × 10^20");
  assert.equal(formatPowerOfTen(9.96e16), "about 1.0 × 10^17"); // the legend's scale writes large numbers the same way
});

test("the what-if change needs two plain floats", () => {
  assert.deepEqual(rollsChange(10, 12.5), { change: 2.5, before: "10.0", after: "12.5" });
  assert.equal(rollsChange(10, approx(1, 400)), null);
  assert.equal(rollsChange(null, 3), null);
});

test("shares divide by the largest on logarithms, so huge figures do not overflow", () => {
  assert.deepEqual(shares([null, 1, 2, 4]), [null, 0.25, 0.5, 1]);
  const [small, big] = shares([approx(1, 400), approx(1, 401)]);
  assert.ok(Math.abs(small - 0.1) < 1e-12 && big === 1);
  assert.deepEqual(shares([0, 0]), [0, 0]);
});

test("a truncated length distribution says how many games are still going", () => {
  const length = { truncated: true, remaining: 0.09, p_on_turn: new Array(10_000).fill(0) };
  assert.equal(truncationNote(length), "after 10,000 rolls 9.0% of games are still going");
  assert.equal(truncationNote({ ...length, truncated: false }), "");
  assert.equal(formatPercentile(null, length), "over 10,000 rolls");
  assert.equal(formatPercentile(null, { ...length, truncated: false }), "—");
  assert.equal(formatPercentile(1234, length), "1,234 rolls");
});

test("warnings show the listed messages and count the rest", () => {
  assert.equal(warningsText({ total: 0, shown: [] }), "");
  const shown = [1, 2, 3, 4, 5].map((square) => ({ square, message: `Jump ${square} is chained.` }));
  assert.equal(warningsText({ total: 2, shown: shown.slice(0, 2) }), "Jump 1 is chained; Jump 2 is chained.");
  assert.match(warningsText({ total: 1205, shown }), /Jump 5 is chained; and 1,200 more\.$/);
});

test("figures beyond float range read as bounded numbers, never [object Object]", () => {
  const huge = { exact: false, value: null, mantissa: 1.28, exponent: 324 };
  const tiny = { exact: false, value: null, mantissa: 1.2, exponent: -400 };
  assert.equal(formatPercentile(huge, { truncated: true, p_on_turn: [] }), "about 1.3 × 10^324 rolls");
  assert.equal(formatPercent(tiny), "about 1.2 × 10^-398%");
});

// An analysis over the work budget: its `approximate` as the API sends it (markov.Approximation).
const estimated = (p_finish, tail_share) => ({
  rolls: 1681,
  p_finish,
  decay: 0.98,
  tail_share,
  note: "approximate: ...",
});

test("estimated figures read 'about', never as exact; a null one does not crash", () => {
  assert.equal(formatAbout(312.44), "about 312.4");
  assert.equal(formatAbout(0.5, formatPercent), "about 50.0%");
  assert.equal(formatAbout(approx(1.5, 30)), "about 1.5 × 10^30");
  assert.equal(formatAbout(null), "not estimated");
  assert.equal(formatAbout(undefined, formatPercent), "not estimated");
});

test("the reason for an estimate names the rolls propagated, the extrapolated share and the page's limit", () => {
  assert.equal(
    approximationReason(estimated([1, 1], 0.25)),
    "computed from the first 1,681 rolls of play (25.0% of the expected rolls extrapolated from how fast games were ending); the exact figure would take more work than the page allows",
  );
  assert.match(approximationReason(estimated([1, 1], 1e-15)), /\(the games still going after them are negligible\);/);
  assert.doesNotMatch(approximationReason(estimated([0.2, 0.7], null)), /extrapolated|negligible/);
});

test("the chance to finish: exact without an estimate or when the interval is a point, else about and the interval", () => {
  assert.equal(formatChance(0.25, null), "25.0%");
  assert.equal(formatChance(null, null), "not computed");
  assert.equal(formatChance(1, estimated([1, 1], 0.1)), "100.0%");
  assert.equal(formatChance(0.644, estimated([0.642, 0.645], 0.01)), "about 64.4% (between 64.2% and 64.5%)");
  assert.equal(formatChance(null, estimated([0.2, 0.7], null)), "between 20.0% and 70.0%");
});

test("a count is worded in the singular for exactly one", () => {
  assert.equal(plural(1, "snake or ladder", "snakes and ladders"), "1 snake or ladder");
  assert.equal(plural(0, "snake or ladder", "snakes and ladders"), "0 snakes and ladders");
  assert.equal(plural(2, "ladder"), "2 ladders");
  assert.equal(plural(1, "ladder"), "1 ladder");
});
