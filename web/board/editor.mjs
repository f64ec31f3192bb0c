// Pointer and keyboard input on the board, turned into BoardState actions.
// Two ways to place a jump: drag from start to end, or select the start and then the end. A drag that
// starts on a jump's end (a square with no jump of its own) moves that end to the square let go over.
import { describeJump, startProblem } from "../core/state.mjs";

/** The start of the first jump (in square order) ending on `square`, or null. O(jumps). */
export function jumpEndingOn(jumps, square) {
  let found = null;
  for (const [start, end] of jumps) if (end === square && start !== square && (found === null || start < found)) found = start;
  return found;
}

export class Editor extends EventTarget {
  #state;
  #view;
  #notify;
  #selected = null;
  #drag = null;

  /** `notify(message, kind)` shows feedback; kind is "info" or "error". */
  constructor(state, view, notify) {
    super();
    this.#state = state;
    this.#view = view;
    this.#notify = notify;
    const grid = view.grid;
    grid.addEventListener("pointerdown", (event) => this.#onPointerDown(event));
    grid.addEventListener("pointermove", (event) => this.#onPointerMove(event));
    grid.addEventListener("pointerup", (event) => this.#onPointerUp(event));
    grid.addEventListener("pointercancel", () => this.#endDrag());
    grid.addEventListener("lostpointercapture", () => this.#endDrag());
    grid.addEventListener("keydown", (event) => this.#onKeyDown(event));
    state.addEventListener("change", () => {
      if (this.#selected !== null && this.#selected > state.board.n * state.board.n) this.select(null);
    });
  }

  get selected() {
    return this.#selected;
  }

  /** Select a square (null clears) and say what can be done with it. */
  select(square) {
    this.#selected = square;
    this.#view.mark({ selected: square });
    this.dispatchEvent(new CustomEvent("selectionchange", { detail: { square } }));
  }

  /** What a click, a tap or Enter on `square` does. */
  activate(square) {
    const board = this.#state.board;
    const selected = this.#selected;
    if (selected === null) {
      const problem = startProblem(board, square, { allowStartJump: this.#state.allowStartJump });
      if (problem) {
        this.#notify(`${problem} Choose another start square.`, "error");
        return;
      }
      this.select(square);
      if (board.jumps.has(square)) {
        this.#notify(`Square ${square} selected. Choose a new end square, or remove its snake or ladder.`, "info");
      } else {
        this.#notify(`Square ${square} selected. Now choose the square where its snake or ladder ends.`, "info");
      }
      return;
    }
    if (square === selected) {
      this.select(null);
      this.#notify("Selection cancelled.", "info");
      return;
    }
    const error = board.jumps.has(selected) ? this.#state.change(selected, square) : this.#state.place(selected, square);
    this.select(null);
    if (error) this.#notify(error, "error");
  }

  removeSelected() {
    const square = this.#selected ?? this.#view.focusedSquare();
    if (square === null) return;
    const error = this.#state.remove(square);
    this.select(null);
    if (error) this.#notify(error, "error");
  }

  cancel() {
    if (this.#drag) this.#endDrag();
    if (this.#selected !== null) {
      this.select(null);
      this.#notify("Selection cancelled.", "info");
    }
  }

  #onPointerDown(event) {
    if (event.button !== 0) return;
    const square = this.#view.squareAt(event.clientX, event.clientY);
    if (square === null) return;
    event.preventDefault();
    this.#view.grid.setPointerCapture(event.pointerId);
    const jumps = this.#state.board.jumps;
    const moving = jumps.has(square) ? null : jumpEndingOn(jumps, square);
    this.#drag = { pointerId: event.pointerId, start: square, over: square, moving };
    this.#view.focus(square);
  }

  #onPointerMove(event) {
    const drag = this.#drag;
    if (!drag || event.pointerId !== drag.pointerId) return;
    const square = this.#view.squareAt(event.clientX, event.clientY);
    if (square === drag.over) return;
    drag.over = square;
    this.#view.preview(drag.moving ?? drag.start, square);
    this.#view.mark({ target: square !== drag.start ? square : null });
  }

  #onPointerUp(event) {
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
    this.select(null);
    if (drag.moving !== null) return this.#moveEnd(drag.moving, drag.start, end);
    const error = this.#state.place(drag.start, end);
    if (error) this.#notify(error, "error");
  }

  /** Move the end of the jump from `start` (now ending on `from`) to `end`, as one undoable edit. */
  #moveEnd(start, from, end) {
    const error = this.#state.change(start, end);
    if (!error) return;
    const jump = describeJump(start, from);
    this.#notify(`Square ${end} cannot be the new end of the ${jump} on square ${start}, which still ends on square ${from}: ${error}`, "error");
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
      const error = this.#state.remove(this.#selected ?? square);
      this.select(null);
      if (error) this.#notify(error, "error");
    } else if (event.key === "Escape") {
      this.cancel();
    }
  }
}
