// The fan of tokens on one square (web/board/token-fan.mjs): every place keeps its token inside the
// square and clear of the others, and a lone token stands at the centre.
import { test } from "node:test";
import assert from "node:assert/strict";
import { FAN_SIZE, fanOffsets } from "../../web/board/token-fan.mjs";

test("a lone token is centred", () => {
  assert.deepEqual(fanOffsets(1), [{ x: 0, y: 0 }]);
});

test("two to four tokens each fit inside the square, apart from one another", () => {
  for (const count of [2, 3, 4]) {
    const places = fanOffsets(count);
    assert.equal(places.length, count);
    for (const { x, y } of places) {
      assert.ok(
        Math.abs(x) + FAN_SIZE / 2 <= 0.5 && Math.abs(y) + FAN_SIZE / 2 <= 0.5,
        `${count}: ${x}, ${y} reaches out`,
      );
    }
    for (const [index, a] of places.entries()) {
      for (const b of places.slice(index + 1)) {
        const apart = Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));
        assert.ok(apart >= FAN_SIZE, `${count}: ${JSON.stringify(a)} and ${JSON.stringify(b)} overlap`);
      }
    }
  }
});
