// Unit tests for the workspaces: the fragment's leading workspace token (web/core/workspaces.mjs) and
// what entering a workspace clears off the board (WORKSPACES in web/core/modes.mjs).
import assert from "node:assert/strict";
import { test } from "node:test";
import { LAYERS, ModeMachine, WORKSPACES } from "../../web/core/modes.mjs";
import { WORKSPACE_NAMES, lastWorkspace, splitWorkspace, workspaceHash } from "../../web/core/workspaces.mjs";

test("a leading workspace token is split off; links without one are left as they were", () => {
  assert.deepEqual(splitWorkspace("#solve&n=6&j=2-15"), { workspace: "solve", rest: "#n=6&j=2-15" });
  assert.deepEqual(splitWorkspace("#play"), { workspace: "play", rest: "" });
  assert.deepEqual(splitWorkspace("#practice=&n=6"), { workspace: "practice", rest: "#n=6" }); // URLSearchParams' form
  assert.deepEqual(splitWorkspace("#n=6&j=2-15"), { workspace: null, rest: "#n=6&j=2-15" });
  assert.deepEqual(splitWorkspace("#n=6&solve"), { workspace: null, rest: "#n=6&solve" }); // only a leading token
  assert.deepEqual(splitWorkspace("#solver&n=6"), { workspace: null, rest: "#solver&n=6" });
  assert.deepEqual(splitWorkspace(""), { workspace: null, rest: "" });
  for (const name of WORKSPACE_NAMES) {
    const { workspace, rest } = splitWorkspace(workspaceHash(name, "n=6&j=2-15"));
    assert.equal(workspace, name);
    assert.equal(rest, "#n=6&j=2-15");
  }
});

test("the last workspace is read back only when it is one", () => {
  const storage = (value) => ({ getItem: () => value });
  assert.equal(lastWorkspace(storage("design")), "design");
  assert.equal(lastWorkspace(storage("nonsense")), null);
  assert.equal(lastWorkspace(storage(null)), null);
  assert.equal(
    lastWorkspace({
      getItem: () => {
        throw new Error("denied");
      },
    }),
    null,
  );
});

test("entering a workspace clears what the table says, once, and keeps the board mode and the phases", () => {
  const cleared = [];
  const clear = Object.fromEntries(LAYERS.map((layer) => [layer, () => cleared.push(layer)]));
  const modes = new ModeMachine({ clear });
  const changes = [];
  modes.addEventListener("workspacechange", (event) => changes.push(/** @type {CustomEvent} */ (event).detail));
  modes.go("hotseat", "starting");
  modes.go("hotseat", "playing");
  cleared.length = 0;
  for (const name of ["solve", "design", "design", "play", "practice"]) modes.enter(name);
  assert.deepEqual(cleared, [...WORKSPACES.design.clears, ...WORKSPACES.play.clears, ...WORKSPACES.practice.clears]);
  assert.ok(!cleared.includes("hotseat"), "a hot-seat game is kept across workspaces");
  assert.equal(modes.mode, "playing");
  assert.equal(modes.phase("hotseat"), "playing");
  assert.equal(modes.workspace, "practice");
  assert.deepEqual(
    changes.map(({ to }) => to),
    ["solve", "design", "play", "practice"],
  );
  assert.throws(() => modes.enter("kitchen"), /unknown workspace "kitchen"/);
});

test("every workspace's clears are layers", () => {
  for (const { clears } of Object.values(WORKSPACES))
    for (const layer of clears) assert.ok(LAYERS.includes(layer), layer);
});

test("only Design lets the board's own input change the board; before a workspace is shown nothing does", () => {
  const modes = new ModeMachine();
  assert.equal(modes.editable, false);
  const editable = {};
  for (const name of Object.keys(WORKSPACES)) {
    modes.enter(name);
    editable[name] = modes.editable;
  }
  assert.deepEqual(editable, { design: true, solve: false, practice: false, play: false });
});
