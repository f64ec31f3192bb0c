// The die of hot-seat play: fair by rejection sampling, bounded draws, and a broken source reported.
// Run with `node --test tests/js/`.
import assert from "node:assert/strict";
import { test } from "node:test";
import { FACES, MAX_DRAWS, rollDie } from "../../web/play/dice.mjs";

/** A source that hands out the given bytes in order and counts the draws. */
function source(bytes) {
  const queue = [...bytes];
  const fake = (array) => {
    fake.draws += 1;
    array[0] = queue.shift();
    return array;
  };
  fake.draws = 0;
  return fake;
}

test("every byte below 252 maps to a face, each face from exactly 42 bytes", () => {
  const counts = [0, 0, 0, 0, 0, 0];
  for (let byte = 0; byte < 252; byte += 1) counts[rollDie(source([byte])) - 1] += 1;
  assert.deepEqual(counts, [42, 42, 42, 42, 42, 42]);
});

test("bytes 252 to 255 are drawn again instead of favouring faces 1 to 4", () => {
  const fake = source([252, 253, 254, 255, 5]);
  assert.equal(rollDie(fake), 6);
  assert.equal(fake.draws, 5);
});

test("a source that never gives a usable byte is reported after MAX_DRAWS draws", () => {
  const fake = source(new Array(MAX_DRAWS + 5).fill(255));
  assert.throws(() => rollDie(fake), /no usable byte in 64 draws/);
  assert.equal(fake.draws, MAX_DRAWS);
});

test("the real crypto source gives faces 1 to 6 only, and every face shows", () => {
  const seen = new Set();
  for (let i = 0; i < 600; i += 1) {
    const face = rollDie();
    assert.ok(Number.isInteger(face) && face >= 1 && face <= 6);
    seen.add(face);
  }
  assert.equal(seen.size, 6);
  assert.equal(FACES.length, 6);
});
