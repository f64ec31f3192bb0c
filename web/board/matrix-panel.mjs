// The LeetCode matrix panel in Board settings (its grid is matrix-view.mjs) and the board's counts line.
// It builds nothing while its workspace is hidden.
import { MatrixView } from "./matrix-view.mjs";
import { $ } from "../core/dom.mjs";

/** The LeetCode matrix panel (web/board/matrix-view.mjs) and the board's counts line in Board settings. */
export class MatrixPanel {
  #root = $("matrix");
  #counts = $("counts");
  #modes = null;
  #view = new MatrixView(this.#root, () => this.#visible());

  /**
   * Link the matrix to the board: it follows the `state`'s changes, hover, focus and selection both ways
   * (`view`, `editor`); `modes` says which workspace is shown, so the hidden panel builds nothing until it is shown.
   */
  link({ state, view, editor, modes }) {
    this.#modes = modes;
    state.addEventListener("change", (event) => this.show(/** @type {CustomEvent} */ (event).detail.board));
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
