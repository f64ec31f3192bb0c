// Unit tests for web/board/layers.mjs: the heat legend's values stay short at every size, floats and the
// API's bounded objects (figures beyond float range) alike.
import assert from "node:assert/strict";
import { test } from "node:test";
import { formatScale, partOf } from "../../web/board/layers.mjs";

const huge = { exact: false, value: null, mantissa: 1.5, exponent: 400 };

test("small and compact figures keep three significant digits", () => {
  assert.equal(formatScale(12.345), "12.3");
  assert.equal(formatScale(0), "0");
  assert.equal(formatScale(2.5e7), "25M");
});

test("figures from 10^15 on read as about m × 10^e, never as a long string of digits", () => {
  assert.equal(formatScale(1e300), "about 1.0 × 10^300");
  assert.ok(formatScale(Number.MAX_VALUE).length < 24);
  assert.equal(formatScale(Infinity), "∞");
});

test("a bounded maximum (beyond float range) is shown, and its fractions too", () => {
  assert.equal(formatScale(huge), "about 1.5 × 10^400");
  assert.equal(formatScale(partOf(huge, 0.5)), "about 7.5 × 10^399");
  assert.equal(partOf(huge, 0), 0);
  assert.equal(partOf(8, 0.5), 4);
});
