// Unit tests for the rules in web/core/state.mjs: they are part of the state, undone and redone with the board.
import assert from "node:assert/strict";
import { test } from "node:test";
import { RULES } from "../../web/core/contract.mjs";
import { BoardState, DEFAULT_RULES, emptyBoard, fullRules } from "../../web/core/state.mjs";

/** A state on an empty 6×6 board and the events it fires, as `type:start/overshoot`. */
function watched(rules = undefined) {
  const state = new BoardState(emptyBoard(6), rules);
  const events = [];
  for (const type of ["change", "ruleschange"]) {
    state.addEventListener(type, () => events.push(`${type}:${state.rules.start}/${state.rules.overshoot}`));
  }
  return { state, events };
}

test("the rules start at the contract's defaults", () => {
  assert.deepEqual(DEFAULT_RULES, {
    start: RULES.start.default,
    overshoot: RULES.overshoot.default,
    sixes: RULES.sixes.default,
  });
  const { state } = watched();
  assert.deepEqual(state.rules, DEFAULT_RULES);
  assert.equal(state.allowStartJump, RULES.start.default === "off-board");
});

test("undo restores a rules change and redo makes it again, firing only ruleschange", () => {
  const { state, events } = watched();
  assert.equal(state.setRules({ overshoot: "bounce" }), null);
  assert.equal(state.rules.overshoot, "bounce");
  assert.equal(state.canUndo, true);
  assert.equal(state.undo(), null);
  assert.equal(state.rules.overshoot, "stay");
  assert.equal(state.redo(), null);
  assert.equal(state.rules.overshoot, "bounce");
  assert.deepEqual(events, ["ruleschange:square1/bounce", "ruleschange:square1/stay", "ruleschange:square1/bounce"]);
});

test("undo steps back through board edits and rules changes in the order they were made", () => {
  const { state } = watched();
  assert.equal(state.setRules({ start: "off-board" }), null);
  assert.equal(state.allowStartJump, true);
  assert.equal(state.place(1, 20), null); // a ladder on square 1 needs the off-board start
  assert.equal(
    state.setRules({ start: "square1" }),
    "Square 1 holds a snake or ladder, which LeetCode's start forbids: remove it first.",
  );
  assert.equal(state.rules.start, "off-board");
  state.undo();
  assert.equal(state.board.jumps.size, 0);
  assert.equal(state.rules.start, "off-board");
  state.undo();
  assert.equal(state.rules.start, "square1");
  assert.equal(state.allowStartJump, false);
  assert.equal(state.undo(), "Nothing to undo.");
});

test("a board loaded with its rules is one undo step, firing change then ruleschange", () => {
  const { state, events } = watched();
  state.load({ n: 5, jumps: new Map([[1, 9]]) }, "Loaded.", { start: "off-board", overshoot: "win" });
  assert.deepEqual(events, ["change:off-board/win", "ruleschange:off-board/win"]);
  state.undo();
  assert.equal(state.board.n, 6);
  assert.deepEqual(state.rules, DEFAULT_RULES);
  state.load({ n: 5, jumps: new Map() }, "Loaded.");
  assert.deepEqual(state.rules, DEFAULT_RULES); // no rules given: the rules in force stay
});

test("a rule change that changes nothing is no undo step", () => {
  const { state, events } = watched();
  assert.equal(state.setRules({ start: "square1" }), null);
  assert.equal(state.canUndo, false);
  assert.deepEqual(events, []);
});

test("unknown rules and values are refused, naming them", () => {
  const { state } = watched();
  assert.equal(
    state.setRules({ overshoot: "fly" }),
    'The rule overshoot cannot be "fly": it is one of stay, bounce, win.',
  );
  assert.equal(
    state.setRules({ gravity: "on" }),
    'There is no rule "gravity" (the rules are start, overshoot, sixes).',
  );
  assert.equal(state.canUndo, false);
  assert.throws(() => state.load(emptyBoard(6), "", { start: "square0" }), /the rule start cannot be "square0"/);
  assert.deepEqual(fullRules({ start: undefined }), DEFAULT_RULES);
  assert.ok(Object.isFrozen(fullRules({})));
});
