// Unit tests for web/board/tools.mjs: what the board's input does in each workspace and tool, the first
// tool a screen gets, and the words the board says when a gesture does nothing.
import assert from "node:assert/strict";
import { test } from "node:test";
import { TOOLS, boardAction, refusal, touchFirst } from "../../web/board/tools.mjs";

test("only Jumps in a workspace that edits draws; Words writes there; everything else only views", () => {
  const actions = Object.fromEntries(
    TOOLS.flatMap((tool) => [true, false].map((editable) => [`${tool}/${editable}`, boardAction(editable, tool)])),
  );
  assert.deepEqual(actions, {
    "jumps/true": "draw",
    "jumps/false": "view",
    "words/true": "write",
    "words/false": "view",
    "pan/true": "view",
    "pan/false": "view",
  });
});

test("a touch screen with no fine pointer is touch-first; one with a mouse too is not", () => {
  const media = (matches) => (query) => ({ matches: matches[query] ?? false });
  assert.equal(touchFirst(media({ "(pointer: coarse)": true })), true);
  assert.equal(touchFirst(media({ "(pointer: coarse)": true, "(any-pointer: fine)": true })), false);
  assert.equal(touchFirst(media({ "(any-pointer: fine)": true })), false);
});

test("the hint names what the finger, the mouse or the key can do instead", () => {
  assert.equal(
    refusal("view", false, "touch"),
    "Only Design changes the board. Here one finger scrolls and two fingers zoom.",
  );
  assert.equal(refusal("view", false, "mouse"), "Only Design changes the board.");
  assert.equal(refusal("write", true, "touch"), "Words: tap a square to write on it. Choose Jumps to draw.");
  assert.equal(
    refusal("write", true, ""),
    "Words: press Enter on a square to write on it. Choose Jumps to draw or remove snakes and ladders.",
  );
  assert.equal(
    refusal("view", true, "touch"),
    "Pan: one finger scrolls the page or moves the zoomed board. Choose Jumps to draw.",
  );
  assert.equal(refusal("view", true, "mouse"), "Pan: a drag moves a zoomed board. Choose Jumps to draw.");
  assert.equal(refusal("view", true, ""), "Pan: choose Jumps to draw or remove snakes and ladders.");
});
