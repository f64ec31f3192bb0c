// The app's modes as data: which mode the page is in, and a transition table ({name, from, to}) saying
// how it may move on. The body's data-mode attribute follows, so CSS and tests can read the mode.

/** Every mode; "practising" and "generating" are for features to come. */
export const MODES = ["editing", "solving", "animating", "analysing", "playing", "practising", "generating"];

const ANY = MODES;

/** The transitions: `from` lists the modes the transition may start from. */
export const TRANSITIONS = [
  { name: "edit", from: ANY, to: "editing" },
  { name: "solve", from: ANY, to: "solving" },
  { name: "animate", from: ["solving", "editing"], to: "animating" },
  { name: "analyse", from: ["editing", "animating", "analysing"], to: "analysing" },
  { name: "play", from: ANY, to: "playing" },
  { name: "practise", from: ["editing"], to: "practising" },
  { name: "generate", from: ["editing"], to: "generating" },
  { name: "done", from: ANY, to: "editing" },
];

/** A finite state machine over `transitions`; fires "modechange" with `{from, to, name}`. */
export class ModeMachine extends EventTarget {
  #mode;
  #table = new Map();

  constructor(transitions = TRANSITIONS, initial = "editing") {
    super();
    for (const transition of transitions) {
      for (const mode of [...transition.from, transition.to]) {
        if (!MODES.includes(mode)) throw new Error(`unknown mode ${JSON.stringify(mode)} in ${transition.name}`);
      }
      this.#table.set(transition.name, transition);
    }
    this.#mode = initial;
  }

  get mode() {
    return this.#mode;
  }

  /** Whether the transition `name` may be taken from the current mode. */
  can(name) {
    const transition = this.#table.get(name);
    if (!transition) throw new Error(`unknown transition ${JSON.stringify(name)}`);
    return transition.from.includes(this.#mode);
  }

  /** Take the transition `name` if it may be taken now; returns whether it was. */
  fire(name) {
    if (!this.can(name)) return false;
    const from = this.#mode;
    const { to } = this.#table.get(name);
    this.#mode = to;
    if (from !== to) this.dispatchEvent(new CustomEvent("modechange", { detail: { from, to, name } }));
    return true;
  }

  /** Leave `mode` for editing, if the page is still in it (a task finishing after another began). */
  finish(mode) {
    return this.#mode === mode && this.fire("done");
  }
}
