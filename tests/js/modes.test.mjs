// Unit tests for web/modes.mjs: the transition table decides which moves are allowed.
import assert from "node:assert/strict";
import { test } from "node:test";
import { MODES, ModeMachine, TRANSITIONS } from "../../web/modes.mjs";

test("the machine starts editing and follows the table", () => {
  const modes = new ModeMachine();
  const seen = [];
  modes.addEventListener("modechange", ({ detail }) => seen.push(`${detail.from}>${detail.to}`));
  assert.equal(modes.mode, "editing");
  assert.equal(modes.fire("solve"), true);
  assert.equal(modes.fire("animate"), true);
  assert.equal(modes.fire("done"), true);
  assert.deepEqual(seen, ["editing>solving", "solving>animating", "animating>editing"]);
});

test("a transition not allowed from the current mode is refused", () => {
  const modes = new ModeMachine();
  modes.fire("play");
  assert.equal(modes.can("animate"), false);
  assert.equal(modes.fire("animate"), false);
  assert.equal(modes.mode, "playing");
  assert.equal(modes.fire("practise"), false);
});

test("finish only leaves the mode it names", () => {
  const modes = new ModeMachine();
  modes.fire("analyse");
  modes.fire("solve"); // a solve started while the analysis computes
  assert.equal(modes.finish("analysing"), false);
  assert.equal(modes.mode, "solving");
  assert.equal(modes.finish("solving"), true);
  assert.equal(modes.mode, "editing");
});

test("the table names only known modes, and unknown names throw", () => {
  for (const { from, to } of TRANSITIONS) for (const mode of [...from, to]) assert.ok(MODES.includes(mode));
  assert.throws(() => new ModeMachine([{ name: "x", from: ["nowhere"], to: "editing" }]), /unknown mode/);
  assert.throws(() => new ModeMachine().fire("fly"), /unknown transition/);
});
