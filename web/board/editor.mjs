// Pointer and keyboard input on the board, turned into BoardState actions as the board's tool says
// (web/board/tools.mjs): under Jumps a drag, or a start square then an end square, places a jump (a drag
// from a jump's end moves that end); under Words a click selects the square to write on; under Pan, and
// in every workspace but Design, a click selects a square to read and nothing changes the board.
import { describeJump, startProblem } from "../core/state.mjs";

/** The start of the first jump (in square order) ending on `square`, or null. O(jumps). */
export function jumpEndingOn(jumps, square) {
  let found = null;
  for (const [start, end] of jumps)
    if (end === square && start !== square && (found === null || start < found)) found = start;
  return found;
}

export class Editor extends EventTarget {
  #state;
  #view;
  #notify;
  #tools;
  #selected = null;
  /** Whether the selected square is the start of a half-made jump: only a click under Jumps makes one. */
  #jumpStart = false;
  /** A drag under Jumps: `{pointerId, start, over, moving}`. */
  #drag = null;
  /** A press under Words or Pan, or outside Design: `{pointerId, start, moved, type}`; a tap selects. */
  #press = null;

  /** `notify(message, kind)` shows feedback; kind is "info" or "error". `tools`: the BoardTools. */
  constructor(state, view, notify, tools) {
    super();
    this.#state = state;
    this.#view = view;
    this.#notify = notify;
    this.#tools = tools;
    const grid = view.grid;
    grid.addEventListener("pointerdown", (event) => this.#onPointerDown(event));
    grid.addEventListener("pointermove", (event) => this.#onPointerMove(event));
    grid.addEventListener("pointerup", (event) => this.#onPointerUp(event));
    grid.addEventListener("pointercancel", (event) => this.#onPointerCancel(event));
    grid.addEventListener("lostpointercapture", () => this.#endDrag());
    grid.addEventListener("keydown", (event) => this.#onKeyDown(event));
    // Escape ends a selection (a half-made jump above all) wherever the focus is: on the board, in the
    // Symbol menu or a field (which keep their square while in use: square-words.mjs), on a button.
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && !event.defaultPrevented && (this.#selected !== null || this.#drag)) this.cancel();
    });
    // A half-made jump never outlives the tool or the workspace it was begun in: the square stays
    // selected, to read or write on, and a click under Jumps starts a jump afresh. The square Words
    // selected to write on does not outlive Design: another workspace shows no square as being written on.
    tools.addEventListener("actionchange", (event) => {
      this.#endDrag();
      this.#press = null;
      if (event.detail.from === "write" && !tools.editable) this.select(null);
      else if (this.#jumpStart) this.select(this.#selected);
    });
    state.addEventListener("change", () => {
      if (this.#selected !== null && this.#selected > state.board.n * state.board.n) this.select(null);
    });
  }

  get selected() {
    return this.#selected;
  }

  /**
   * Select a square (null clears): the one the Words on squares fields edit, and the start of a jump
   * when `jumpStart` (Jumps only). Fires "selectionchange" with `{square, jumpStart}`.
   */
  select(square, jumpStart = false) {
    this.#selected = square;
    this.#jumpStart = square !== null && jumpStart;
    this.#view.mark({ selected: square });
    this.dispatchEvent(new CustomEvent("selectionchange", { detail: { square, jumpStart: this.#jumpStart } }));
  }

  /** What a click, a tap or Enter on `square` does: under Jumps the start or the end of a jump, else a selection. */
  activate(square) {
    const action = this.#tools.action;
    if (action !== "draw") {
      if (square !== this.#selected) this.select(square);
      if (action === "write")
        this.#notify(`Square ${square} selected: write its text and choose its symbol under Words on squares.`, "info");
      return;
    }
    const selected = this.#jumpStart ? this.#selected : null;
    if (selected === null) return this.#begin(square);
    if (square === selected) {
      this.select(null);
      this.#notify("Selection cancelled.", "info");
      return;
    }
    const jumps = this.#state.board.jumps;
    this.#edit(() =>
      jumps.has(selected) ? this.#state.change(selected, square) : this.#state.place(selected, square),
    );
  }

  removeSelected() {
    const square = this.#selected ?? this.#view.focusedSquare();
    if (square === null) return;
    this.#edit(() => this.#state.remove(square));
  }

  cancel() {
    if (this.#drag) this.#endDrag();
    if (this.#selected !== null) {
      this.select(null);
      this.#notify("Selection cancelled.", "info");
    }
  }

  /** The start of a jump under Jumps: refused, with why, where no jump may start. */
  #begin(square) {
    const board = this.#state.board;
    const problem = startProblem(board, square, { allowStartJump: this.#state.allowStartJump });
    if (problem) {
      if (this.#selected !== null) this.select(null);
      this.#notify(`${problem} Choose another start square.`, "error");
      return;
    }
    this.select(square, true);
    const next = board.jumps.has(square)
      ? "Choose a new end square, or remove its snake or ladder."
      : "Now choose the square where its snake or ladder ends.";
    this.#notify(`Square ${square} selected. ${next}`, "info");
  }

  /**
   * Every change the board's input makes goes through here: made only under Jumps in a workspace that
   * edits (the tools' action, from the mode table's WORKSPACES), else refused with the board's hint.
   * `change()` returns an error message or null. The selection ends either way.
   */
  #edit(change, pointerType = "") {
    if (this.#tools.action !== "draw") {
      this.#tools.hint(pointerType);
      return;
    }
    const error = change();
    this.select(null);
    if (error) this.#notify(error, "error");
  }

  #onPointerDown(event) {
    if (event.button !== 0) return;
    const square = this.#view.squareAt(event.clientX, event.clientY);
    if (square === null) return;
    if (this.#tools.action !== "draw") {
      // No preventDefault for a finger: the browser scrolls the page or pans a zoomed board with it.
      if (event.pointerType !== "touch") event.preventDefault();
      this.#press = { pointerId: event.pointerId, start: square, moved: false, type: event.pointerType };
      return;
    }
    event.preventDefault();
    this.#view.grid.setPointerCapture(event.pointerId);
    const jumps = this.#state.board.jumps;
    const moving = jumps.has(square) ? null : jumpEndingOn(jumps, square);
    this.#drag = { pointerId: event.pointerId, start: square, over: square, moving };
    this.#view.focus(square);
  }

  #onPointerMove(event) {
    const press = this.#press;
    if (press && event.pointerId === press.pointerId) {
      if (this.#view.squareAt(event.clientX, event.clientY) !== press.start) press.moved = true;
      return;
    }
    const drag = this.#drag;
    if (!drag || event.pointerId !== drag.pointerId) return;
    const square = this.#view.squareAt(event.clientX, event.clientY);
    if (square === drag.over) return;
    drag.over = square;
    this.#view.preview(drag.moving ?? drag.start, square);
    this.#view.mark({ target: square !== drag.start ? square : null });
  }

  #onPointerUp(event) {
    const press = this.#press;
    if (press && event.pointerId === press.pointerId) {
      this.#press = null;
      const end = this.#view.squareAt(event.clientX, event.clientY);
      if (!press.moved && end === press.start) {
        this.#view.focus(end);
        this.activate(end);
      } else if (this.#view.frame.dataset.zoomed === undefined || this.#tools.action === "write") {
        this.#tools.hint(press.type); // a drag that neither drew nor panned a zoomed board
      }
      return;
    }
    const drag = this.#drag;
    if (!drag || event.pointerId !== drag.pointerId) return;
    const end = this.#view.squareAt(event.clientX, event.clientY);
    this.#endDrag();
    if (end === null) {
      this.#notify(
        `Nothing was placed: the drag from square ${drag.start} ended outside the board. Let go over a square to place a snake or ladder.`,
        "error",
      );
      return;
    }
    if (end === drag.start) {
      this.activate(end);
      return;
    }
    if (drag.moving !== null) return this.#moveEnd(drag.moving, drag.start, end);
    this.#edit(() => this.#state.place(drag.start, end), event.pointerType);
  }

  /** The browser took a finger to scroll or pan (Words, Pan, outside Design): say what a finger does here. */
  #onPointerCancel(event) {
    const press = this.#press;
    if (press && event.pointerId === press.pointerId) {
      this.#press = null;
      // The pinch (zoom.mjs) ends a press with a pointercancel of its own, which is no scroll.
      if (event.isTrusted && press.type === "touch") this.#tools.hint("touch");
      return;
    }
    this.#endDrag();
  }

  /** Move the end of the jump from `start` (now ending on `from`) to `end`, as one undoable edit. */
  #moveEnd(start, from, end) {
    this.#edit(() => {
      const error = this.#state.change(start, end);
      if (!error) return null;
      const jump = describeJump(start, from);
      return `Square ${end} cannot be the new end of the ${jump} on square ${start}, which still ends on square ${from}: ${error}`;
    });
  }

  #endDrag() {
    if (!this.#drag) return;
    this.#drag = null;
    this.#view.preview(null, null);
    this.#view.mark({ target: null });
  }

  #onKeyDown(event) {
    const square = this.#view.focusedSquare();
    if (square === null) return;
    const n = this.#state.board.n;
    const cell = this.#view.cell(square);
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (event.key in moves) {
      event.preventDefault();
      const [dr, dc] = moves[event.key];
      const row = [...cell.parentElement.parentElement.children].indexOf(cell.parentElement) + dr;
      const col = [...cell.parentElement.children].indexOf(cell) + dc;
      if (row < 0 || col < 0 || row >= n || col >= n) return;
      this.#view.focus(Number(this.#view.grid.children[row].children[col].dataset.square));
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      this.#view.focus(event.key === "Home" ? 1 : n * n);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      this.activate(square);
    } else if (event.key === "Delete" || event.key === "Backspace") {
      event.preventDefault();
      const target = this.#selected ?? square;
      this.#edit(() => this.#state.remove(target));
    }
  }
}
