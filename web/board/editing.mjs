// The Board settings panel's controller: size, undo/redo (buttons and Ctrl+Z/Y), clear, presets and
// the box that says what the selected square is (#inspector). Edits go to the state; nothing here asks Python.
import { matrixToBoard } from "../core/grid.mjs";
import { MAX_SIZE, MIN_SIZE, describeJump, makeWords } from "../core/state.mjs";
import { describeResize, resizeJumps, resizeNotes } from "./resize.mjs";
import { $ } from "../core/dom.mjs";
import { PRESETS } from "../core/presets.mjs";

export class EditingController {
  #app;

  /** `app`: `{state, editor, notify}` from the composition root. */
  constructor(app) {
    this.#app = app;
    const { state, editor, notify } = app;
    const report = (kind) => (error) => error && notify(error, kind);
    $("undo").addEventListener("click", () => report("error")(state.undo()));
    $("redo").addEventListener("click", () => report("error")(state.redo()));
    $("clear").addEventListener("click", () => report("info")(state.clear()));
    $("size").addEventListener("change", (event) => {
      const input = /** @type {HTMLInputElement} */ (event.target);
      const error = this.#resize(Number(input.value));
      if (error) {
        notify(error, "error");
        input.value = String(state.board.n);
      }
    });
    $("remove-jump").addEventListener("click", () => editor.removeSelected());
    $("cancel-selection").addEventListener("click", () => editor.cancel());
    editor.addEventListener("selectionchange", (event) => this.#inspect(/** @type {CustomEvent} */ (event).detail));
    document.addEventListener("keydown", (event) => this.#shortcut(event));
    state.addEventListener("change", (event) => this.boardChanged(/** @type {CustomEvent} */ (event).detail.board));
    state.addEventListener("ruleschange", () => this.historyChanged());
  }

  /** The board changed: the size field and the undo/redo buttons follow. */
  boardChanged(board) {
    /** @type {HTMLInputElement} */ ($("size")).value = String(board.n);
    this.historyChanged();
  }

  /** A step was made, undone or redone (a rules change too): the undo/redo buttons follow. */
  historyChanged() {
    const { state } = this.#app;
    /** @type {HTMLButtonElement} */ ($("undo")).disabled = !state.canUndo;
    /** @type {HTMLButtonElement} */ ($("redo")).disabled = !state.canRedo;
  }

  /**
   * List the presets (built into the page from tests/fixtures by serve.py, so the first visit's board
   * needs no request) and load one when chosen; returns them.
   */
  listPresets() {
    const { state } = this.#app;
    const select = /** @type {HTMLSelectElement} */ ($("preset"));
    for (const preset of PRESETS) {
      const option = document.createElement("option");
      option.value = preset.id;
      option.textContent = preset.name;
      select.append(option);
    }
    select.addEventListener("change", () => {
      const preset = PRESETS.find((p) => p.id === select.value);
      select.value = "";
      if (!preset) return;
      // A preset without rules is played under the defaults; a new board, it has no words. Board, rules and
      // the words it replaced are one undo step.
      state.load(matrixToBoard(preset.board), `Loaded the preset “${preset.name}”.`, preset.rules ?? {}, makeWords());
    });
    return PRESETS;
  }

  /**
   * A new size keeping each jump's and note's place on the grid (web/board/resize.mjs), as one undoable
   * step; returns an error message or null. O(jumps + notes).
   */
  #resize(n) {
    const { state } = this.#app;
    if (!Number.isInteger(n) || n < MIN_SIZE || n > MAX_SIZE)
      return `Board size must be a whole number from ${MIN_SIZE} to ${MAX_SIZE}.`;
    if (n === state.board.n) return null;
    const result = resizeJumps(state.board, n, { allowStartJump: state.allowStartJump });
    const { notes, lost } = resizeNotes(state.notes, state.board.n, n);
    state.load(result.board, describeResize(result, lost), state.rules, makeWords({ ...state.words, notes }));
    return null;
  }

  /** The selected square's box: what it holds, and under Jumps what the next click does. */
  #inspect({ square, jumpStart }) {
    $("inspector").hidden = square === null;
    if (square === null) return;
    const end = this.#app.state.board.jumps.get(square);
    const holds = end === undefined ? "" : `: ${describeJump(square, end)}`;
    let text = `Square ${square}${holds}. Its words are under Words on squares.`;
    if (jumpStart)
      text =
        end === undefined
          ? `Square ${square}: choose where its snake or ladder ends.`
          : `Square ${square}${holds}. Choose a new end square, or remove it.`;
    $("inspector-text").textContent = text;
    $("remove-jump").hidden = end === undefined;
  }

  #shortcut(event) {
    const typing = event.target.closest?.("input, textarea, select");
    if (typing || !(event.ctrlKey || event.metaKey)) return;
    const key = event.key.toLowerCase();
    if (key === "z" && !event.shiftKey) {
      event.preventDefault();
      this.#app.state.undo();
    } else if (key === "y" || (key === "z" && event.shiftKey)) {
      event.preventDefault();
      this.#app.state.redo();
    }
  }
}
