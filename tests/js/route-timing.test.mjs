// The playback's timing rule (web/board/animate.mjs): at the default speed a route takes its natural time
// (MOVE_MS a move) up to ROUTE_MS, never more, whatever its length; each move's squares share its time.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  MOVE_MS,
  ROUTE_MARGIN_MS,
  ROUTE_MS,
  moveDuration,
  moveSegments,
  routeDuration,
} from "../../web/board/animate.mjs";

const PLANNED = ROUTE_MS - ROUTE_MARGIN_MS;

test("a route takes min(moves × MOVE_MS, ROUTE_MS - ROUTE_MARGIN_MS) at any length", () => {
  assert.ok(ROUTE_MARGIN_MS > 0 && ROUTE_MARGIN_MS < 1000 && ROUTE_MS === 30_000);
  for (const moves of [1, 2, 10, 32, 33, 34, 35, 100, 417, 2499, 100_000]) {
    const expected = Math.min(moves * MOVE_MS, PLANNED);
    assert.ok(Math.abs(routeDuration(moves) - expected) < 1e-6, `${moves} moves: ${routeDuration(moves)} ms`);
    assert.ok(moveDuration(moves) <= MOVE_MS);
  }
  assert.equal(moveDuration(1), MOVE_MS);
  assert.ok(moveDuration(417) < MOVE_MS, "a long route's moves are quicker");
});

test("a move's squares are reached in order, the last exactly when the move ends", () => {
  const moveMs = moveDuration(417);
  const plain = moveSegments({ start: 3, landing: 9, end: 9 }, moveMs);
  assert.deepEqual(
    plain.map((segment) => segment.square),
    [4, 5, 6, 7, 8, 9],
  );
  assert.equal(plain.at(-1).at, moveMs);
  plain.slice(1).forEach((segment, index) => assert.ok(segment.at > plain[index].at));
  const jump = moveSegments({ start: 3, landing: 5, end: 40 }, 900);
  assert.deepEqual(
    jump.map((segment) => segment.square),
    [4, 5, 40],
  );
  assert.ok(Math.abs(jump[1].at - 900 * 0.65) < 1e-9, "the walk takes the move's time but the jump's share");
  assert.equal(jump.at(-1).at, 900);
  const reduced = moveSegments({ start: 3, landing: 5, end: 40 }, 900, true);
  assert.deepEqual(
    reduced.map((segment) => segment.square),
    [5, 40],
  );
  const bounce = moveSegments({ start: 33, landing: 34, end: 34, visits: [34, 35, 36, 35, 34] }, 900);
  assert.deepEqual(
    bounce.map((segment) => segment.square),
    [34, 35, 36, 35, 34],
  );
  assert.deepEqual(moveSegments({ start: 7, landing: 7, end: 7, visits: [] }, 900), []);
});

test("the sum of every move's time is the route's time", () => {
  for (const moves of [5, 417, 2499]) {
    const moveMs = moveDuration(moves);
    let total = 0;
    for (let index = 0; index < moves; index += 1)
      total += moveSegments({ start: 1, landing: 7, end: 7 }, moveMs).at(-1).at;
    assert.ok(Math.abs(total - Math.min(moves * MOVE_MS, PLANNED)) < 1e-6);
  }
});
