// diffJumps (web/board/jumpart.mjs): an edit redraws only the jumps that changed, and what is drawn after
// applying the diff is exactly the board's jumps with their lanes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { diffJumps, laneOffsets } from "../../web/board/jumpart.mjs";

/** Apply a diff the way BoardView does, on a Map start -> {end, offset}. */
function apply(drawn, jumps, offsets) {
  const { remove, add } = diffJumps(drawn, jumps, offsets);
  const next = new Map(drawn);
  for (const start of remove) next.delete(start);
  for (const start of add) {
    assert.ok(!next.has(start), `square ${start} is added while still drawn`);
    next.set(start, { end: jumps.get(start), offset: offsets.get(start) ?? 0 });
  }
  return { next, remove, add };
}

function expected(jumps, offsets) {
  return new Map([...jumps].map(([start, end]) => [start, { end, offset: offsets.get(start) ?? 0 }]));
}

/** A seeded random generator (mulberry32), so a failure can be replayed. */
function random(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test("from nothing every jump is drawn, and a second diff has nothing to do", () => {
  const jumps = new Map([
    [2, 15],
    [14, 35],
    [17, 13],
  ]);
  const offsets = laneOffsets(jumps, 6);
  const { next, remove, add } = apply(new Map(), jumps, offsets);
  assert.deepEqual(remove, []);
  assert.deepEqual(add, [2, 14, 17]);
  assert.deepEqual(diffJumps(next, jumps, offsets), { remove: [], add: [] });
});

test("a moved end or a changed lane is redrawn; a removed jump is taken away; the others stay", () => {
  const before = new Map([
    [2, 15],
    [14, 35],
    [17, 13],
    [20, 30],
  ]);
  const drawn = expected(before, laneOffsets(before, 6));
  const after = new Map([
    [2, 16],
    [14, 35],
    [20, 30],
  ]);
  const offsets = laneOffsets(after, 6);
  const { remove, add } = diffJumps(drawn, after, offsets);
  assert.deepEqual(
    remove.sort((a, b) => a - b),
    [2, 17],
  );
  assert.deepEqual(add, [2]);
  const lanes = new Map(offsets).set(14, 0.25);
  assert.deepEqual(diffJumps(expected(after, offsets), after, lanes), { remove: [14], add: [14] });
});

test("after random edits on a 50×50 board, what is drawn equals the board's jumps exactly", () => {
  const n = 50;
  const next = random(23);
  let jumps = new Map();
  let drawn = new Map();
  for (let edit = 0; edit < 400; edit += 1) {
    const changed = new Map(jumps);
    const start = 2 + Math.floor(next() * (n * n - 2));
    if (changed.has(start) && next() < 0.5) changed.delete(start);
    else changed.set(start, 1 + Math.floor(next() * (n * n)));
    jumps = new Map([...changed].sort((a, b) => a[0] - b[0]));
    const offsets = laneOffsets(jumps, n);
    const { next: after, add } = apply(drawn, jumps, offsets);
    for (const other of add) {
      // Only the edited jump is redrawn, and the ones an edit moved to another lane.
      assert.ok(
        other === start || drawn.get(other)?.offset !== offsets.get(other),
        `square ${other} was redrawn for nothing`,
      );
    }
    assert.deepEqual(after, expected(jumps, offsets));
    drawn = after;
  }
  assert.ok(jumps.size > 100, "the board filled up");
});
