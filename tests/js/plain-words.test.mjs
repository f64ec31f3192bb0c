// A practice board's kind in plain words (web/practice/plain-words.mjs): "boustrophedon" is explained.
import { test } from "node:test";
import assert from "node:assert/strict";
import { plainWords } from "../../web/practice/plain-words.mjs";

test("boustrophedon is explained where it appears, once", () => {
  assert.equal(
    plainWords("boustrophedon numbering on an even n: rows from the bottom, direction alternating"),
    "boustrophedon (numbered in a zig-zag: left to right along the bottom row, right to left on the row above, and so on) numbering on an even n: rows from the bottom, direction alternating",
  );
  assert.equal(plainWords("snakes back onto square 1"), "snakes back onto square 1");
  assert.equal(plainWords("Boustrophedon, boustrophedon").match(/zig-zag/g)?.length, 1);
});
