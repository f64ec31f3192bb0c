// Undo and Redo say what they took back or made again: each step keeps the words of the change that made it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { BoardState, emptyBoard } from "../../web/core/state.mjs";

function labels(state) {
  const seen = [];
  for (const type of ["change", "ruleschange"]) state.addEventListener(type, (event) => seen.push(event.detail.label));
  return seen;
}

test("undo names the step it undoes, redo the step it makes again, back through several steps", () => {
  const state = new BoardState(emptyBoard(6));
  const seen = labels(state);
  state.place(2, 15);
  state.place(17, 13);
  state.setRules({ overshoot: "bounce" });
  state.undo();
  state.undo();
  state.redo();
  state.undo();
  state.undo();
  assert.deepEqual(seen.slice(3), [
    "Undone: Rules changed: overshoot is now bounce.",
    "Undone: Placed a snake to 13 on square 17.",
    "Redone: Placed a snake to 13 on square 17.",
    "Undone: Placed a snake to 13 on square 17.",
    "Undone: Placed a ladder to 15 on square 2.",
  ]);
  assert.equal(state.undo(), "Nothing to undo.");
});

test("a new change after an undo is what the next undo names; a reset's first board has no words", () => {
  const state = new BoardState(emptyBoard(6));
  const seen = labels(state);
  state.reset(emptyBoard(5), "Opened the link.");
  state.place(3, 9);
  state.undo();
  state.clear(); // nothing to clear: no step
  state.place(4, 20);
  state.remove(4);
  state.undo();
  state.undo();
  assert.deepEqual(seen.slice(-2), [
    "Undone: Removed the ladder to 20 from square 4.",
    "Undone: Placed a ladder to 20 on square 4.",
  ]);
  assert.equal(state.undo(), "Nothing to undo.");
});

test("a square's words name only what was set, and every event says how its step came", () => {
  const state = new BoardState(emptyBoard(10));
  const seen = labels(state);
  const hows = [];
  for (const type of ["change", "ruleschange"]) state.addEventListener(type, (event) => hows.push(event.detail.how));
  state.setNote(50, { symbol: "♥" });
  state.setNote(51, { text: "Add 3" });
  state.setNote(52, { text: "Add 4", symbol: "★" });
  state.setNote(50, {});
  state.undo();
  state.redo();
  state.reset(emptyBoard(6), "");
  assert.deepEqual(seen.slice(0, 4), [
    "Square 50 has the symbol ♥.",
    "Square 51 says “Add 3”.",
    "Square 52 says “Add 4” with the symbol ★.",
    "Square 50 has no text or symbol now.",
  ]);
  assert.deepEqual(hows, ["step", "step", "step", "step", "undo", "redo", "reset"]);
});
