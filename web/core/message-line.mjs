// The message line under the board, its one writer (`notify`), and its rule: when a message goes, and when
// it offers Undo or Redo for the step it reports. It follows the state's and the workspace's events itself.
import { $ } from "./dom.mjs";

export class MessageLine {
  #line = $("message");
  #action = /** @type {HTMLButtonElement} */ ($("message-action"));
  #modes;
  /**
   * What the line may offer for the step just made: "undo" after a change, "redo" after an undo. Set by the
   * state's events and kept for the rest of the task only, so only the message that reports the step (the
   * change's own words, or its controller's right after it) offers it.
   */
  #offer = null;

  /**
   * `state`: the BoardState whose steps it reports; `modes`: the ModeMachine (whether the workspace edits,
   * and its switches). Construct it before any other listener of the state's events, so the offer is set
   * before a controller's message in the same task.
   */
  constructor({ state, modes }) {
    this.#modes = modes;
    this.notify = this.notify.bind(this);
    this.#action.addEventListener("click", () => {
      const problem = this.#action.dataset.action === "redo" ? state.redo() : state.undo();
      if (problem) this.notify(problem, "error");
    });
    state.addEventListener("change", (event) => {
      const { label, how } = /** @type {CustomEvent} */ (event).detail;
      this.#offerFor(how);
      this.notify(label ?? "", "info"); // the old board's message goes with it
    });
    state.addEventListener("ruleschange", (event) => {
      const { label, withBoard, how } = /** @type {CustomEvent} */ (event).detail;
      this.#offerFor(how);
      if (!withBoard && label) this.notify(label, "info"); // with the board, its change has said it
    });
    modes.addEventListener("workspacechange", (event) => {
      // What the last action or the start-up said goes; an error saying why the board on screen is not
      // the link's stays until the board changes.
      const linkError = this.#line.dataset.source === "link" && this.#line.dataset.kind === "error";
      if (/** @type {CustomEvent} */ (event).detail.from && !linkError) this.notify("");
    });
  }

  #offerFor(how) {
    this.#offer = how === "undo" ? "redo" : how === "step" || how === "redo" ? "undo" : null;
    queueMicrotask(() => (this.#offer = null));
  }

  /**
   * Say `text`. A message says what an action did, or (`source` "link") what became of the link's board, and
   * stays while it applies: the next message replaces it; a change of the board replaces it with the
   * change's own words, or takes it off when the change has none (an error about the old board goes with
   * it); a workspace switch takes it off (what the last action or the start-up said), unless it is an error
   * saying why the board on screen is not the link's, which stays until the board changes. Outside Design,
   * whose Undo and Redo buttons are elsewhere, a message that reports a step offers to take it back (or,
   * after Undo, to make it again): the page changes nowhere without an Undo where the user is.
   */
  notify(text, kind = "info", source = "") {
    const line = this.#line;
    line.textContent = text;
    line.dataset.kind = kind;
    line.dataset.source = source;
    const action = kind === "info" && text && !this.#modes.editable ? this.#offer : null;
    this.#action.hidden = action === null;
    this.#action.dataset.action = action ?? "";
    this.#action.textContent = action === "redo" ? "Redo" : "Undo";
    this.#action.setAttribute("aria-label", `${this.#action.textContent} this change`);
  }

  /** The line's element, for the controllers that read what it says. */
  get element() {
    return this.#line;
  }
}
