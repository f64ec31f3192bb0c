// The Solve panel's controller: asks Python for the fewest rolls under the board's rules, shows the answer and plays it back
// on the token (playback row: web/board/playback.mjs), with speed and cancel. It owns the "solve" requests.
import { TokenAnimator } from "../board/animate.mjs";
import { boardToMatrix } from "../core/grid.mjs";
import { ResultPanel } from "./result-panel.mjs";
import { createPlaybackControls } from "../board/playback.mjs";
import { $ } from "../core/dom.mjs";
import { UNSEARCHED_SIXES, describeRules } from "../core/rules-text.mjs";

/** Why Solve does not answer under the rule that a third 6 in a turn sends the token back to the start. */
export const THREE_SIXES_WORDS =
  "Solve finds the fewest rolls when you choose every roll, and does not search the rule that a third 6 " +
  "in a turn sends the token back to the start. Set Sixes to “Nothing special” or “A 6 rolls again” " +
  "(the same fewest rolls) to solve; Random play (Analyze) and Play use this rule.";

/**
 * The line under "Minimum moves: N" saying which rules the answer is under, or "" for LeetCode's own
 * (start on square 1, a roll past the last square wasted, plain sixes): `rules` is the result's `rules`.
 */
export function rulesWords(rules) {
  const { start, overshoot, sixes = "plain" } = rules;
  if (start === "square1" && overshoot === "stay" && sixes === "plain") return "";
  const words = [`Under this board's rules: ${describeRules(rules)}.`];
  words.push(
    start === "off-board"
      ? "The moves count from off the board (the classic start): the first roll lands on square 1 to 6 and takes its jump."
      : "The moves count from square 1, as in LeetCode.",
  );
  if (overshoot !== "stay")
    words.push("A roll past the last square never shortens a game, so that rule changes no answer.");
  if (sixes !== "plain") words.push("Every roll counts as a move, a 6's extra roll too.");
  return words.join(" ");
}

export class SolveController {
  #app;
  #result = new ResultPanel();
  #animator;
  #lastSolution = null;
  /** Counts playbacks, so one that ends after another began does not end the newer one's phase. */
  #runs = 0;

  /** `app`: `{state, view, bridge, ask, modes, message, notify, onCancel}` from the composition root. */
  constructor(app) {
    this.#app = app;
    this.#animator = new TokenAnimator(app.view);
    this.#animator.addEventListener("move", (event) => {
      const { detail } = /** @type {CustomEvent} */ (event);
      this.#result.current(detail.index, detail.step);
      app.view.mark({ current: detail.step.landing });
    });
    // The route's end (Skip to end ends it too): no move is current any more.
    this.#animator.addEventListener("end", () => {
      this.#result.current(null, null);
      app.view.mark({ current: null });
    });
    // Pause/Resume, Step, Skip to end and Replay; the row mirrors the animator's state (data-animation).
    createPlaybackControls({
      root: $("playback"),
      animator: this.#animator,
      replay: () => this.#lastSolution && this.#play(this.#lastSolution),
    });
    $("solve-button").addEventListener("click", () => this.solve());
    $("cancel-solve").addEventListener("click", () => this.#cancel());
    app.state.addEventListener("change", () => this.boardChanged());
    app.state.addEventListener("ruleschange", (event) => {
      if (!(/** @type {CustomEvent} */ (event).detail.withBoard)) this.rulesChanged(); // Solve answers under the rules
    });
  }

  set speed(value) {
    this.#animator.speed = value;
  }

  /** The board changed: the answer on screen is stale. */
  boardChanged() {
    this.#animator.stop();
    this.#app.modes.go("solve", "idle");
    this.#result.say("Press Solve to find the fewest rolls.");
    this.#rulesLine("");
  }

  /** The rules changed (the board did not): the answer, its route and a solve on its way are stale. */
  rulesChanged() {
    this.#app.bridge.cancel("solve", { now: false });
    $("cancel-solve").hidden = true;
    this.boardChanged();
    this.#app.view.clearRoute();
    this.#app.view.mark({ path: new Set(), landings: new Set(), current: null });
  }

  #rulesLine(text) {
    const line = $("solve-rules");
    line.textContent = text;
    line.hidden = !text;
  }

  /** Stop the playback (the mode table clears it when another mode takes the board). */
  stop() {
    this.#animator.stop();
    if (this.#app.modes.phase("solve") === "animating") this.#app.modes.go("solve", "answered");
  }

  async solve() {
    const app = this.#app;
    performance.mark("solve-click");
    this.#animator.stop();
    this.#rulesLine("");
    const { rules } = app.state;
    if (rules.sixes === UNSEARCHED_SIXES) {
      // Python refuses it too; words, not a red error: the board is fine, the question is another one.
      this.#result.say(THREE_SIXES_WORDS);
      app.modes.go("solve", "idle");
      return;
    }
    app.modes.go("solve", "running");
    this.#result.say(app.bridge.engine.state === "ready" ? "Solving…" : "Waiting for Python to load…");
    $("cancel-solve").hidden = false;
    let reply;
    try {
      reply = await app.ask.solve({ board: boardToMatrix(app.state.board), rules });
    } catch (error) {
      this.#result.error(`Could not solve: ${error.message}`);
      app.modes.go("solve", "error");
      return;
    } finally {
      $("cancel-solve").hidden = !app.bridge.busy("solve");
    }
    if (!reply) return; // a newer edit or solve wins
    if (!reply.ok) {
      this.#result.error(`Could not solve: ${reply.error.message}.`);
      app.modes.go("solve", "error");
      return;
    }
    this.#show(reply.result);
  }

  #show(solution) {
    const { view, modes, message, notify } = this.#app;
    this.#result.show(solution);
    this.#rulesLine(rulesWords(solution.rules));
    // The answer replaces a note about the board ("Loaded the preset … Press Solve!"); an error stays.
    if (message.dataset.kind !== "error") notify("", "info");
    performance.mark("solve-shown");
    if (!solution.reachable) {
      const reachable = new Set();
      solution.distances.forEach((distance, square) => distance !== null && reachable.add(square));
      view.mark({ landings: reachable });
      modes.go("solve", "answered");
      return;
    }
    view.mark({ path: new Set(solution.path), landings: new Set(solution.steps.map((step) => step.landing)) });
    view.drawRoute(solution.steps);
    this.#play(solution);
  }

  async #play(solution) {
    const { modes } = this.#app;
    this.#lastSolution = solution;
    const run = ++this.#runs;
    modes.go("solve", "animating");
    await this.#animator.play(solution.steps);
    if (run === this.#runs && modes.phase("solve") === "animating") modes.go("solve", "answered");
  }

  // Cancelling stops the worker mid-computation: a fresh one starts, the board stays as it is.
  #cancel() {
    this.#app.bridge.cancel("solve", { restart: true });
    $("cancel-solve").hidden = true;
    this.#result.say("Solve cancelled. Python is restarting; press Solve to try again.");
    this.#app.modes.go("solve", "cancelled");
    this.#app.onCancel();
  }
}
