// What the solution read, one read at a time: Back, Step, Play/Pause and a slider over the recorded reads
// (practice_reads.py records them: at most 10,000). Read i marks its cell on the matrix and the square that
// cell really is on the board; at the first differing read, also the square the solution meant and where
// that square really is. Only the cells of the read left and the read shown are redrawn.
import { shownText } from "./shown-text.mjs";

/** Milliseconds between reads while playing. */
const PLAY_MS = 350;

/** The words for read `index` of `failure` (a PracticeFailure). */
export function readWords(failure, index) {
  const [row, col] = failure.reads[index];
  const square = failure.read_squares[index];
  const kept = failure.reads.length;
  const of = failure.reads_truncated
    ? `${kept.toLocaleString("en")} kept of ${failure.reads_total.toLocaleString("en")}`
    : String(kept);
  return `Read ${index + 1} of ${of}: board[${row}][${col}], which is square ${square}.`;
}

export class ReadsView {
  #grids;
  #el;
  #failure = null;
  #index = -1;
  #marked = [];
  #timer = null;

  /** `grids` a LinkedGrids; `el` {root, back, step, play, slider, text, difference} elements. */
  constructor(grids, el) {
    this.#grids = grids;
    this.#el = el;
    el.back.addEventListener("click", () => this.show(this.#index - 1));
    el.step.addEventListener("click", () => this.show(this.#index + 1));
    el.play.addEventListener("click", () => (this.#timer === null ? this.#play() : this.pause()));
    el.slider.addEventListener("input", () => this.show(Number(el.slider.value) - 1));
  }

  /** Show `failure`'s reads (on the grids already drawn with its board), from the first one. */
  load(failure) {
    this.pause();
    this.#failure = failure;
    this.#marked = [];
    const count = failure.reads.length;
    this.#el.root.hidden = count === 0;
    this.#el.slider.min = "1";
    this.#el.slider.max = String(Math.max(count, 1));
    this.#index = -1;
    if (count) this.show(0);
  }

  get index() {
    return this.#index;
  }

  /** Show read `index` (clamped to the reads kept). */
  show(index) {
    const failure = this.#failure;
    if (!failure || !failure.reads.length) return;
    const i = Math.max(0, Math.min(index, failure.reads.length - 1));
    this.#unmark();
    this.#index = i;
    const [row, col] = failure.reads[i];
    this.#mark(this.#grids.matrix[row]?.[col], "read");
    this.#mark(this.#grids.board[row]?.[col], "read");
    const el = this.#el;
    el.slider.value = String(i + 1);
    el.text.textContent = readWords(failure, i);
    el.root.dataset.read = String(i);
    const difference = failure.first_difference;
    const at = difference !== null && difference.read === i;
    el.difference.hidden = !at;
    el.difference.textContent = at ? `Here your code read the wrong cell: ${shownText(difference.text)}.` : "";
    if (at) {
      this.#mark(this.#grids.squareCell(difference.square), "meant");
      this.#mark(this.#grids.matrix[difference.actual[0]]?.[difference.actual[1]], "meant");
    }
    el.back.disabled = i === 0;
    el.step.disabled = i === failure.reads.length - 1;
    if (i === failure.reads.length - 1) this.pause();
  }

  #mark(cell, name) {
    if (!cell) return;
    cell.classList.add(name);
    this.#marked.push([cell, name]);
  }

  #unmark() {
    for (const [cell, name] of this.#marked) cell.classList.remove(name);
    this.#marked = [];
  }

  #play() {
    const failure = this.#failure;
    if (!failure || !failure.reads.length) return;
    if (this.#index >= failure.reads.length - 1) this.show(0);
    this.#el.play.textContent = "Pause";
    this.#el.play.setAttribute("aria-pressed", "true");
    this.#timer = setInterval(() => this.show(this.#index + 1), PLAY_MS);
  }

  pause() {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
    this.#el.play.textContent = "Play";
    this.#el.play.setAttribute("aria-pressed", "false");
  }
}
