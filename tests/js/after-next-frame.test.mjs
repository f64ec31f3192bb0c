// afterNextFrame (web/core/dom.mjs): the one "just after the next frame, once" schedule the board's print
// list and the matrix panel use. Calls before it runs coalesce; a call after it runs schedules it again.
import { test } from "node:test";
import assert from "node:assert/strict";
import { afterNextFrame } from "../../web/core/dom.mjs";

test("runs once after the frame however often it is asked for, and again when asked after", async () => {
  const frames = [];
  globalThis.requestAnimationFrame = (callback) => frames.push(callback);
  const flush = async () => {
    for (const callback of frames.splice(0)) callback(0);
    await new Promise((resolve) => setTimeout(resolve, 5));
  };
  try {
    let runs = 0;
    const soon = afterNextFrame(() => (runs += 1));
    soon();
    soon();
    soon();
    assert.equal(runs, 0, "not before the frame");
    assert.equal(frames.length, 1, "one frame callback for three calls");
    await flush();
    assert.equal(runs, 1);
    soon();
    await flush();
    assert.equal(runs, 2);
  } finally {
    delete globalThis.requestAnimationFrame;
  }
});
