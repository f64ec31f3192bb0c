// The Solve panel's controller: asks Python for the fewest rolls, shows the answer and plays it back
// on the token (playback row: web/board/playback.mjs), with speed and cancel. It owns the "solve" requests.
import { TokenAnimator } from "../board/animate.mjs";
import { boardToMatrix } from "../board/grid.mjs";
import { ResultPanel } from "../core/panels.mjs";
import { createPlaybackControls } from "../board/playback.mjs";
import { $ } from "../core/dom.mjs";
import { describeJump } from "../core/state.mjs";

/** Why Solve does not answer for a board whose square 1 holds a jump (to `end`), and what answers instead. */
export function squareOneWords(end) {
  const jump = describeJump(1, end);
  return (
    `Solve answers LeetCode's question, where the game starts on square 1, so square 1 cannot hold a snake or ladder; ` +
    `here it holds a ${jump}, which the classic start (off the board) in these rules allows. ` +
    "Random play (Analyze) and Play use the board's own rules. " +
    `For LeetCode's answer, remove the ${jump} from square 1 (select square 1, then Remove).`
  );
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
  }

  set speed(value) {
    this.#animator.speed = value;
  }

  /** The board changed: the answer on screen is stale. */
  boardChanged() {
    this.#animator.stop();
    this.#app.modes.go("solve", "idle");
    this.#result.say("Press Solve to find the fewest rolls.");
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
    const startJump = app.state.board.jumps.get(1);
    if (startJump !== undefined) {
      // Only the classic start (off the board) lets square 1 hold a jump, and LeetCode's question, which
      // Solve answers, starts on square 1: say so plainly rather than send Python a board it must refuse.
      this.#result.say(squareOneWords(startJump));
      app.modes.go("solve", "idle");
      return;
    }
    app.modes.go("solve", "running");
    this.#result.say(app.bridge.engine.state === "ready" ? "Solving…" : "Waiting for Python to load…");
    $("cancel-solve").hidden = false;
    let reply;
    try {
      reply = await app.ask.solve({ board: boardToMatrix(app.state.board) });
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
