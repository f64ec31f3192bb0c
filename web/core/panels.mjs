// The side panels: engine status, solve result with its move list, and the LeetCode matrix panel.
// Each class owns its own elements and only shows what it is given.
import { formatWays } from "./format.mjs";
import { MatrixView } from "../board/matrix-view.mjs";
import { $ } from "./dom.mjs";


export class EngineStatus {
  #root = $("engine");
  #text = $("engine-text");
  #retry = $("engine-retry");

  constructor(engine, onRetry) {
    this.#retry.addEventListener("click", onRetry);
    engine.addEventListener("statechange", () => this.show(engine));
    this.show(engine);
  }

  show(engine) {
    this.#root.dataset.engine = engine.state;
    this.#text.textContent = engine.description;
    this.#retry.hidden = engine.state !== "error";
  }
}

export class ResultPanel {
  #status = $("result");
  #moves = $("moves");
  #detail = $("detail");
  #die = $("die");
  #playback = $("playback");
  /** The move list's item marked current, if any. */
  #currentItem = null;

  /** A plain sentence in the status line; clears the moves. */
  say(text) {
    this.#status.textContent = text;
    this.#status.dataset.kind = "info";
    this.#moves.replaceChildren();
    this.#detail.textContent = "";
    this.#die.textContent = "";
    this.#playback.hidden = true;
  }

  error(text) {
    this.say(text);
    this.#status.dataset.kind = "error";
  }

  /** Show a solution from the API: the answer, the detail line and one item per move. */
  show(solution) {
    const last = solution.n * solution.n;
    this.#moves.replaceChildren();
    this.#die.textContent = "";
    if (!solution.reachable) {
      this.#status.textContent = `Unreachable: no sequence of rolls reaches square ${last}.`;
      this.#status.dataset.kind = "unreachable";
      const from = solution.rules?.start === "off-board" ? "off the board" : "square 1";
      this.#detail.textContent = `${solution.explored} of ${last} squares can be reached from ${from}.`;
      this.#playback.hidden = true;
      return;
    }
    this.#status.textContent = `Minimum moves: ${solution.moves}`;
    this.#status.dataset.kind = "solved";
    for (const [index, step] of solution.steps.entries()) {
      const item = document.createElement("li");
      item.textContent = describeMove(index, step);
      this.#moves.append(item);
    }
    this.#detail.textContent = `${formatWays(solution.paths_count)} · ${solution.explored} squares explored`;
    this.#playback.hidden = false;
  }

  /** Highlight the move being played (null for none) and show its roll. */
  current(index, step) {
    // O(1) a move, not O(moves): a 417-move route calls this for every move it plays.
    this.#currentItem?.removeAttribute("aria-current");
    this.#currentItem = index === null ? null : (this.#moves.children[index] ?? null);
    this.#currentItem?.setAttribute("aria-current", "step");
    this.#die.textContent = step ? `Roll ${step.roll}` : "";
    this.#die.dataset.roll = step ? String(step.roll) : "";
  }
}

export function describeMove(index, step) {
  const jump = step.jump ? `, ${step.jump} to ${step.end}` : "";
  return `Move ${index + 1}: roll ${step.roll} → square ${step.landing}${jump}`;
}

/** The LeetCode matrix panel (web/board/matrix-view.mjs) and the board's counts line in Board settings. */
export class MatrixPanel {
  #root = $("matrix");
  #counts = $("counts");
  #modes = null;
  #view = new MatrixView(this.#root, () => this.#visible());

  /**
   * Link the matrix to the board: hover, focus and selection both ways (`view`, `editor`); `modes` says
   * which workspace is shown, so the hidden panel builds nothing until it is shown.
   */
  link({ view, editor, modes }) {
    this.#modes = modes;
    this.#view.link(view, editor);
    modes.addEventListener("workspacechange", () => {
      if (this.#visible()) this.#view.shown();
    });
  }

  /** Whether the panel shows in the current workspace: from the attributes, with no layout read. */
  #visible() {
    const workspace = this.#modes?.workspace ?? null;
    const panel = /** @type {HTMLElement | null} */ (this.#root.closest("[data-workspaces]"));
    return workspace !== null && (panel?.dataset.workspaces ?? "").split(" ").includes(workspace);
  }

  show(board) {
    this.#view.show(board);
    let ladders = 0;
    let snakes = 0;
    for (const [start, end] of board.jumps) {
      if (end > start) ladders += 1;
      else if (end < start) snakes += 1;
    }
    const plural = (count, word) => `${count} ${word}${count === 1 ? "" : "s"}`;
    this.#counts.textContent = `${board.n}×${board.n}, ${board.n * board.n} squares · ${plural(ladders, "ladder")} · ${plural(snakes, "snake")}`;
  }

  get text() {
    return this.#view.text;
  }
}
