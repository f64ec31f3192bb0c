// Unit tests for web/core/modes.mjs: one table for every feature's phases, the board modes and what entering
// each mode clears off the board.
import assert from "node:assert/strict";
import { test } from "node:test";
import { FEATURES, LAYERS, MODES, ModeMachine, TRANSITIONS, checkTables } from "../../web/core/modes.mjs";

/** A machine whose board owner records every layer cleared, as `mode:layer`. */
function recorded() {
  const cleared = [];
  const clear = Object.fromEntries(LAYERS.map((layer) => [layer, (mode) => cleared.push(`${mode}:${layer}`)]));
  return { modes: new ModeMachine({ clear }), cleared };
}

/** The phases of `feature` reachable from its first one along its transitions. */
function reachable(feature) {
  const { phases, transitions } = FEATURES[feature];
  const seen = new Set([phases[0]]);
  for (let grown = true; grown;) {
    grown = false;
    for (const { from, to } of transitions) {
      const open = from === "*" ? seen.size > 0 : from.some((phase) => seen.has(phase));
      if (open && !seen.has(to)) {
        seen.add(to);
        grown = true;
      }
    }
  }
  return seen;
}

test("every transition's endpoints exist, and the shipped tables pass the check", () => {
  for (const { from, to } of TRANSITIONS) for (const mode of [...from, to]) assert.ok(mode in MODES, mode);
  for (const [feature, { phases, transitions, takes }] of Object.entries(FEATURES)) {
    for (const { from, to } of transitions) {
      assert.ok(phases.includes(to), `${feature}: ${to}`);
      if (from !== "*") for (const phase of from) assert.ok(phases.includes(phase), `${feature}: ${phase}`);
    }
    for (const taking of Object.values(takes))
      assert.ok(
        TRANSITIONS.some(({ name }) => name === taking),
        taking,
      );
  }
  for (const { clears } of Object.values(MODES)) for (const layer of clears) assert.ok(LAYERS.includes(layer), layer);
  const cleared = new Set(Object.values(MODES).flatMap(({ clears }) => clears));
  assert.deepEqual([...cleared].sort(), [...LAYERS].sort(), "every layer is cleared by some mode");
  assert.doesNotThrow(() => checkTables());
});

test("every board mode but editing is taken by some feature's phase, so none is dead", () => {
  const taken = new Set();
  for (const { takes } of Object.values(FEATURES)) {
    for (const name of Object.values(takes)) taken.add(TRANSITIONS.find((transition) => transition.name === name).to);
  }
  assert.deepEqual(
    [...taken].sort(),
    Object.keys(MODES)
      .filter((mode) => mode !== "editing")
      .sort(),
  );
});

test("a typo in the tables fails at once, naming what is wrong", () => {
  assert.throws(
    () => new ModeMachine({ transitions: [{ name: "x", from: ["nowhere"], to: "editing" }] }),
    /unknown mode "nowhere" in the board transition x/,
  );
  const bad = { demo: { phases: ["idle"], transitions: [{ name: "go", from: "*", to: "gone" }], takes: {} } };
  assert.throws(() => new ModeMachine({ features: bad }), /unknown phase "gone" in demo's transition go/);
  const taking = { demo: { phases: ["idle"], transitions: [], takes: { idle: "fly" } } };
  assert.throws(() => new ModeMachine({ features: taking }), /unknown board transition "fly" in demo's phase idle/);
  assert.throws(() => new ModeMachine().fire("fly"), /unknown transition "fly"/);
  assert.throws(() => new ModeMachine().phase("juggling"), /unknown feature "juggling"/);
});

test("every phase of every feature is reachable from its first, and every feature can get back to a phase that holds no board", () => {
  for (const [feature, { phases, takes }] of Object.entries(FEATURES)) {
    assert.deepEqual([...reachable(feature)].sort(), [...phases].sort(), feature);
    assert.ok(
      phases.some((phase) => !(phase in takes)),
      `${feature} can leave the board`,
    );
  }
});

/** The phases from `feature`'s first phase to `target`, along its transitions (breadth first). */
function pathTo(feature, target) {
  const { phases, transitions } = FEATURES[feature];
  const queue = [[phases[0]]];
  for (const route of queue) {
    const at = route.at(-1);
    if (at === target) return route.slice(1);
    for (const { from, to } of transitions) {
      if ((from === "*" || from.includes(at)) && !route.includes(to)) queue.push([...route, to]);
    }
  }
  throw new Error(`${feature} cannot reach ${target}`);
}

test("every feature that takes the board enters its mode, and leaving hands the board back to editing", () => {
  for (const [feature, { phases, transitions, takes }] of Object.entries(FEATURES)) {
    for (const [phase, taking] of Object.entries(takes)) {
      const { modes } = recorded();
      for (const step of pathTo(feature, phase)) modes.go(feature, step);
      const mode = TRANSITIONS.find(({ name }) => name === taking).to;
      assert.equal(modes.mode, mode, `${feature} ${phase}`);
      const exit = transitions.find(({ from, to }) => !(to in takes) && (from === "*" || from.includes(phase)));
      assert.ok(exit, `${feature} has a way out of ${phase}`);
      modes.go(feature, exit.to);
      assert.equal(modes.mode, "editing", `${feature} ${phase} → ${exit.to}`);
    }
    assert.ok(phases.length > 0);
  }
});

test("entering a mode clears exactly what the table says, through the board owner", () => {
  for (const [mode, { clears }] of Object.entries(MODES)) {
    const { modes, cleared } = recorded();
    const transition = TRANSITIONS.find(({ to }) => to === mode);
    assert.ok(transition, `a transition enters ${mode}`);
    assert.equal(modes.fire(transition.name), true, mode);
    assert.deepEqual(
      cleared,
      clears.map((layer) => `${mode}:${layer}`),
      mode,
    );
  }
});

test("a solve takes the board from an explanation, a replay and a hot-seat game; an explanation takes the route", () => {
  assert.deepEqual([...MODES.solving.clears].sort(), ["animation", "game", "hotseat", "search"]);
  assert.deepEqual([...MODES.explaining.clears].sort(), ["animation", "route"]);
  assert.deepEqual([...MODES.replaying.clears].sort(), ["animation", "hotseat"]);
  assert.deepEqual([...MODES.playing.clears].sort(), ["animation", "game", "search"]);
  for (const mode of ["analysing", "practising", "generating", "editing"])
    assert.deepEqual(MODES[mode].clears, [], mode);
  const { modes, cleared } = recorded();
  modes.go("hotseat", "starting");
  modes.go("hotseat", "playing");
  modes.go("solve", "running");
  // Starting then playing is one take of the board: a second clear would take the game's own tokens off.
  assert.deepEqual(cleared, [
    "playing:animation",
    "playing:game",
    "playing:search",
    "solving:animation",
    "solving:search",
    "solving:game",
    "solving:hotseat",
  ]);
});

test("a feature finishing leaves the board alone when another took it meanwhile", () => {
  const { modes } = recorded();
  modes.go("solve", "running");
  modes.go("solve", "animating");
  modes.go("analysis", "running"); // an edit's analysis starts while the answer plays
  assert.equal(modes.mode, "analysing");
  modes.go("solve", "answered");
  assert.equal(modes.mode, "analysing");
  modes.go("analysis", "idle");
  assert.equal(modes.mode, "editing");
  modes.go("solve", "running");
  modes.go("analysis", "running"); // refused by the board table: the solve keeps the board
  assert.equal(modes.mode, "solving");
  modes.go("analysis", "idle");
  assert.equal(modes.mode, "solving");
});

test("an edit takes the board from everyone, and the old owner's end does not hand it back", () => {
  const { modes } = recorded();
  modes.go("replay", "rolling");
  modes.go("replay", "playing");
  assert.equal(modes.fire("edit"), true);
  assert.equal(modes.mode, "editing");
  modes.go("practice", "running");
  assert.equal(modes.mode, "practising");
  modes.go("replay", "done");
  assert.equal(modes.mode, "practising");
});

test("a phase is shown on the attached panel's data-state and a move the table lacks is refused", () => {
  const { modes } = recorded();
  const panel = { dataset: {} };
  modes.attach("hotseat", panel);
  assert.equal(panel.dataset.state, "setup");
  const seen = [];
  modes.addEventListener("phasechange", ({ detail }) => seen.push(`${detail.feature}:${detail.from}>${detail.to}`));
  modes.go("hotseat", "starting");
  modes.go("hotseat", "playing");
  modes.go("hotseat", "won");
  assert.equal(panel.dataset.state, "won");
  assert.deepEqual(seen, ["hotseat:setup>starting", "hotseat:starting>playing", "hotseat:playing>won"]);
  assert.throws(() => modes.go("hotseat", "stuck"), /hotseat has no transition from "won" to "stuck"/);
  assert.throws(() => modes.go("hotseat", "asleep"), /hotseat has no transition from "won" to "asleep"/);
  assert.equal(panel.dataset.state, "won");
});

test("modechange reports the board's moves, and the body follows", () => {
  const modes = new ModeMachine();
  const seen = [];
  modes.addEventListener("modechange", ({ detail }) => seen.push(`${detail.from}>${detail.to}`));
  modes.go("solve", "running");
  modes.go("solve", "animating");
  modes.go("solve", "answered");
  assert.deepEqual(seen, ["editing>solving", "solving>animating", "animating>editing"]);
  assert.equal(modes.finish("solving"), false);
});
