// The app's modes as data, one table for every feature. Two things are kept:
// - each feature's phase (a panel's state: solving is running, answered, animating…), moved only along
//   the feature's transitions ({name, from, to}) and written to the panel's data-state attribute, so CSS
//   and the tests read it and no panel keeps a phase of its own;
// - the board mode: which feature owns the board's marks and tokens. A phase may take the board (its
//   `takes`), and entering a mode clears what MODES says, through the one board owner given to the
//   machine (layer name → function), instead of controllers stopping each other. The body's data-mode
//   attribute follows the board mode.

/** What a mode can clear off the board, each cleared by one function of the board owner. */
export const LAYERS = [
  "animation", // the Solve token's playback
  "route", // the fewest-moves path, its landings and the route drawn over the board
  "search", // the Explain layers: distance labels, frontier and wall
  "game", // a seeded replay's tokens and turn list
  "hotseat", // a Play with real dice game and its tokens
]; // the heat map is no layer here: no mode clears it (an edit makes it stale, analysis.mjs)

/**
 * The board modes: `clears` is what entering the mode takes off the board, `takeover` the words a
 * stopped hot-seat game shows. Analysing, practising and generating draw nothing on the board, and the
 * library takes no mode at all (a board any of them loads is an edit: the state's change event clears
 * everything).
 */
export const MODES = {
  editing: { clears: [] },
  solving: { clears: ["animation", "search", "game", "hotseat"], takeover: "A solve took over the board." },
  animating: { clears: ["search", "game", "hotseat"], takeover: "A solve took over the board." },
  analysing: { clears: [] },
  explaining: { clears: ["animation", "route"] },
  replaying: { clears: ["animation", "hotseat"], takeover: "A seeded replay took over the board." },
  playing: { clears: ["animation", "game", "search"] },
  practising: { clears: [] },
  generating: { clears: [] },
};

const EVERY_MODE = Object.keys(MODES);

/**
 * The workspaces (web/core/workspaces.mjs): which job the page shows beside the board. Navigation, not a
 * board mode: switching keeps the board, its undo history and every feature's phase. `clears` is what
 * entering one takes off the board: the Solve token's playback and the Explain layers belong to Solve &
 * understand and stop when the page leaves it. A hot-seat game and a seeded replay are kept (their
 * player tokens show only in Play, by CSS), so Play → Design → Play finds the game where it was; a solve
 * or an edit still stops them as before. `edits`: whether the board's own input (a pointer, a key, a click
 * on the LeetCode matrix) may change the board there. Only Design does: elsewhere the board is shown and
 * read, never changed by a touch (web/board/editor.mjs asks `ModeMachine.editable`).
 */
export const WORKSPACES = {
  design: { clears: ["animation", "search"], edits: true },
  solve: { clears: [], edits: false },
  practice: { clears: ["animation", "search"], edits: false },
  play: { clears: ["animation", "search"], edits: false },
};

/**
 * How the board mode may move: `from` lists the modes it may start from. A mode not reachable from the
 * current one is refused and the board stays with its owner (an analysis started during a solve).
 */
export const TRANSITIONS = [
  { name: "edit", from: EVERY_MODE, to: "editing" },
  { name: "solve", from: EVERY_MODE, to: "solving" },
  { name: "animate", from: ["solving", "editing", "analysing", "explaining"], to: "animating" },
  { name: "analyse", from: ["editing", "animating", "analysing", "explaining"], to: "analysing" },
  { name: "explain", from: EVERY_MODE, to: "explaining" },
  { name: "replay", from: EVERY_MODE, to: "replaying" },
  { name: "play", from: EVERY_MODE, to: "playing" },
  { name: "practise", from: ["editing", "practising"], to: "practising" },
  { name: "generate", from: ["editing", "generating"], to: "generating" },
  { name: "done", from: EVERY_MODE, to: "editing" },
];

const ANY = "*";

/** `{name, from, to}` with `from` a list of phases, or ANY phase of the feature. */
function move(name, from, to) {
  return { name, from: from === ANY ? ANY : [from].flat(), to };
}

/**
 * Every feature: its phases (the first is where it starts), the transitions between them, the panel
 * whose data-state shows the phase (`panel`, an element id), and which phases take the board (`takes`:
 * phase → board-mode transition). Leaving a phase that took the board hands it back to editing.
 */
export const FEATURES = {
  solve: {
    panel: null, // the Solve section (no id): the controller attaches it
    phases: ["idle", "running", "answered", "animating", "error", "cancelled"],
    transitions: [
      move("solve", ANY, "running"),
      move("answer", "running", "answered"),
      move("animate", ANY, "animating"), // Replay plays the last answer again, whatever came since
      move("end", "animating", "answered"),
      move("fail", ANY, "error"),
      move("cancel", ANY, "cancelled"),
      move("reset", ANY, "idle"),
    ],
    takes: { running: "solve", animating: "animate" },
  },
  analysis: {
    panel: "analysis",
    phases: ["idle", "running"],
    transitions: [move("analyse", ANY, "running"), move("settle", ANY, "idle")],
    takes: { running: "analyse" },
  },
  "jump-use": {
    panel: "jump-use",
    phases: ["idle", "running", "done", "refused", "cancelled"],
    transitions: [
      move("find", ANY, "running"),
      move("found", ANY, "done"), // a reply can land after a new analysis reset the stage
      move("refuse", ANY, "refused"),
      move("cancel", ANY, "cancelled"),
      move("reset", ANY, "idle"),
    ],
    takes: {},
  },
  explain: {
    panel: null, // the Explain section (no id)
    phases: ["idle", "running", "shown", "error"],
    transitions: [
      move("explain", ANY, "running"),
      move("show", ANY, "shown"), // an answer asked for before a solve cleared the search still shows
      move("fail", ANY, "error"),
      move("clear", ANY, "idle"),
    ],
    takes: { shown: "explain" },
  },
  replay: {
    panel: null, // the Random play section (no id)
    phases: ["idle", "rolling", "playing", "done", "error"],
    transitions: [
      move("roll", ANY, "rolling"),
      move("play", "rolling", "playing"),
      move("end", "playing", "done"),
      move("fail", ANY, "error"),
      move("clear", ANY, "idle"),
    ],
    takes: { rolling: "replay", playing: "replay" },
  },
  hotseat: {
    panel: "hotseat",
    phases: ["setup", "starting", "playing", "won", "stuck", "stopped", "error"],
    transitions: [
      move("start", ANY, "starting"),
      move("ready", "starting", "playing"),
      move("win", "playing", "won"),
      move("stick", "playing", "stuck"),
      move("stop", "playing", "stopped"),
      move("fail", ["starting", "playing"], "error"),
      move("leave", ANY, "setup"),
    ],
    takes: { starting: "play", playing: "play" },
  },
  practice: {
    panel: "practice-panel",
    phases: ["closed", "loading", "idle", "running", "passed", "failed", "error"],
    transitions: [
      move("load", ANY, "loading"),
      move("ready", ANY, "idle"),
      move("run", ANY, "running"),
      move("pass", "running", "passed"),
      move("fail", "running", "failed"),
      move("break", ANY, "error"),
    ],
    takes: { running: "practise" },
  },
  generate: {
    panel: "generate-dialog",
    phases: ["idle", "running", "met", "missed", "closest", "refused", "cancelled", "error"],
    transitions: [
      move("generate", ANY, "running"),
      move("meet", "running", "met"),
      move("miss", "running", "missed"),
      move("use-closest", "missed", "closest"),
      move("refuse", "running", "refused"),
      move("cancel", "running", "cancelled"),
      move("break", ANY, "error"),
    ],
    takes: { running: "generate" },
  },
  library: {
    panel: "library",
    phases: ["loading", "ready"],
    transitions: [move("load", ANY, "ready")],
    takes: {},
  },
};

/** Throw unless every name in the tables is known: a typo in the data fails at start-up, not later. */
export function checkTables(features = FEATURES, transitions = TRANSITIONS) {
  for (const [mode, { clears }] of Object.entries(MODES)) {
    for (const layer of clears)
      if (!LAYERS.includes(layer)) throw new Error(`unknown layer ${JSON.stringify(layer)} cleared by ${mode}`);
  }
  for (const [workspace, { clears }] of Object.entries(WORKSPACES)) {
    for (const layer of clears)
      if (!LAYERS.includes(layer))
        throw new Error(`unknown layer ${JSON.stringify(layer)} cleared by the workspace ${workspace}`);
  }
  for (const { name, from, to } of transitions) {
    for (const mode of [...from, to]) {
      if (!(mode in MODES)) throw new Error(`unknown mode ${JSON.stringify(mode)} in the board transition ${name}`);
    }
  }
  for (const [feature, { phases, transitions: moves, takes }] of Object.entries(features)) {
    for (const { name, from, to } of moves) {
      for (const phase of from === ANY ? [to] : [...from, to]) {
        if (!phases.includes(phase))
          throw new Error(`unknown phase ${JSON.stringify(phase)} in ${feature}'s transition ${name}`);
      }
    }
    for (const [phase, taking] of Object.entries(takes)) {
      if (!phases.includes(phase))
        throw new Error(`unknown phase ${JSON.stringify(phase)} taking the board in ${feature}`);
      if (!transitions.some((transition) => transition.name === taking)) {
        throw new Error(`unknown board transition ${JSON.stringify(taking)} in ${feature}'s phase ${phase}`);
      }
    }
  }
}

/**
 * The machine over the tables: one board mode, one phase per feature. Fires "modechange" with
 * `{from, to, name}` when the board mode changes and "phasechange" with `{feature, from, to}`.
 * `clear`: the board owner, one function per layer of LAYERS, called with the mode being entered.
 */
export class ModeMachine extends EventTarget {
  #mode = "editing";
  /** The workspace shown (WORKSPACES), or null before the page has chosen one. */
  #workspace = null;
  /** The feature whose phase took the board, or null (an edit, or a transition fired directly). */
  #owner = null;
  #features;
  #table = new Map();
  #phases = new Map();
  #panels = new Map();
  #clear;

  constructor({ features = FEATURES, transitions = TRANSITIONS, clear = {} } = {}) {
    super();
    checkTables(features, transitions);
    for (const transition of transitions) this.#table.set(transition.name, transition);
    for (const [feature, { phases }] of Object.entries(features)) this.#phases.set(feature, phases[0]);
    this.#features = features;
    this.#clear = clear;
  }

  get mode() {
    return this.#mode;
  }

  get workspace() {
    return this.#workspace;
  }

  /** Whether the board's own input may change the board in the workspace shown (WORKSPACES' `edits`). */
  get editable() {
    return this.#workspace !== null && WORKSPACES[this.#workspace].edits;
  }

  /** Enter `workspace` (WORKSPACES): clears what it clears, leaves the board mode and the phases alone. */
  enter(workspace) {
    if (!(workspace in WORKSPACES)) throw new Error(`unknown workspace ${JSON.stringify(workspace)}`);
    const from = this.#workspace;
    this.#workspace = workspace;
    if (from === workspace) return;
    for (const layer of WORKSPACES[workspace].clears) this.#clear[layer]?.(this.#mode);
    this.dispatchEvent(new CustomEvent("workspacechange", { detail: { from, to: workspace } }));
  }

  /** Give the board owner (layer → function) once the controllers that draw the layers exist. */
  own(clear) {
    this.#clear = clear;
  }

  /** The phase `feature` is in. */
  phase(feature) {
    if (!this.#phases.has(feature)) throw new Error(`unknown feature ${JSON.stringify(feature)}`);
    return this.#phases.get(feature);
  }

  /** Show `feature`'s phase on `element`'s data-state attribute from now on. */
  attach(feature, element) {
    this.phase(feature);
    this.#panels.set(feature, element);
    element.dataset.state = this.#phases.get(feature);
  }

  /** Whether the board transition `name` may be taken from the current mode. */
  can(name) {
    const transition = this.#table.get(name);
    if (!transition) throw new Error(`unknown transition ${JSON.stringify(name)}`);
    return transition.from.includes(this.#mode);
  }

  /** Take the board transition `name` if it may be taken now, clearing what its mode clears; returns whether it was. */
  fire(name, owner = null) {
    if (!this.can(name)) return false;
    const from = this.#mode;
    const { to } = this.#table.get(name);
    this.#mode = to;
    this.#owner = owner;
    for (const layer of MODES[to].clears) this.#clear[layer]?.(to);
    if (from !== to) this.dispatchEvent(new CustomEvent("modechange", { detail: { from, to, name } }));
    return true;
  }

  /** Leave `mode` for editing, if the page is still in it (a task finishing after another began). */
  finish(mode) {
    return this.#mode === mode && this.fire("done");
  }

  /**
   * Move `feature` to `phase` along its transitions (throws, naming both, if the table has none): the
   * panel's data-state follows, a phase that takes the board enters its mode, and leaving one hands the
   * board back to editing if this feature still owns it.
   */
  go(feature, phase) {
    const from = this.phase(feature);
    const { transitions, takes } = this.#features[feature];
    const allowed = transitions.some(
      ({ from: starts, to }) => to === phase && (starts === ANY || starts.includes(from)),
    );
    if (!allowed)
      throw new Error(`${feature} has no transition from ${JSON.stringify(from)} to ${JSON.stringify(phase)}`);
    this.#phases.set(feature, phase);
    const panel = this.#panels.get(feature);
    if (panel) panel.dataset.state = phase;
    if (from !== phase) this.dispatchEvent(new CustomEvent("phasechange", { detail: { feature, from, to: phase } }));
    if (phase in takes) {
      // A feature moving between two phases of the mode it already owns (a hot-seat game starting, then
      // playing) does not clear the board again: the second clear would take its own tokens off.
      const holds = this.#owner === feature && this.#mode === this.#table.get(takes[phase]).to;
      if (!holds) this.fire(takes[phase], feature);
    } else if (this.#owner === feature) this.fire("done");
  }
}
