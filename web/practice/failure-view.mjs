// The failing board the practice panel shows: the smallest board that breaks the solution (the diagnose op),
// beside the size of the one it came from, as squares and as the LeetCode matrix, with the reads step by step,
// the first read that differs from what a correct search needs, and why the right answer is right.
// Made once, in the panel's failure box; every text is set with textContent.
import { LinkedGrids } from "./grids.mjs";
import { ReadsView } from "./reads-view.mjs";
import { shownList, shownText } from "./shown-text.mjs";

/** The most lines "why the right answer is right" shows (a 20×20 board's search has at most 400 layers). */
const WHY_LINES = 500;

/** An element `tag` with `props` (dataset keys as `data`), its text, and children. */
function make(tag, props = {}, text = "", children = []) {
  const el = document.createElement(tag);
  const { data = {}, ...rest } = props;
  Object.assign(el, rest);
  for (const [key, value] of Object.entries(data)) el.dataset[key] = value;
  if (text) el.textContent = text;
  el.append(...children);
  return el;
}

const button = (name, text) => make("button", { type: "button", data: { practice: name } }, text);

/** The layers of a breadth-first search as lines, and the first one their count stops at. */
function layerLines(layers, got, last) {
  const moves = (count) => `${count} move${count === 1 ? "" : "s"}`;
  const lines = layers.slice(0, WHY_LINES).map((squares, count) => `After ${moves(count)}: ${shownList(squares, " ")}`);
  if (got !== null && got >= 0 && got < layers.length) {
    lines.push(
      `Your answer, ${got}: no game of ${moves(got)} reaches square ${last}; it is not among the squares after ${moves(got)}.`,
    );
  } else if (got !== null && got >= 0) {
    lines.push(`Your answer, ${got}: square ${last} is in none of these layers, so no game reaches it.`);
  }
  return lines;
}

/**
 * Why the right answer is right, against theirs (a PracticeWhy: data from the sandbox), as at most WHY_LINES
 * lines of text, each clipped.
 */
export function whyLines(why, got, n) {
  const last = n * n;
  const lines = [];
  if (why.layers) {
    lines.push(
      why.expected < 0
        ? "No game reaches the last square: the squares first stood on after each move are"
        : "No shorter game exists: the squares first stood on after each move are",
    );
    lines.push(...layerLines(why.layers, got, last));
  }
  if (why.game) {
    lines.push(`A shorter game, ${shownText(why.game.steps.length)} moves: ${shownList(why.game.path, " → ")}`);
    for (const step of why.game.steps.slice(0, WHY_LINES)) {
      const jump = step.end === step.landing ? "" : `, then the jump to ${shownText(step.end)}`;
      lines.push(
        `From ${shownText(step.start)} roll ${shownText(step.roll)}: square ${shownText(step.landing)}${jump}.`,
      );
    }
  }
  if (why.chain) {
    const chains = shownList(
      why.chain.chains.slice(0, WHY_LINES).map((chain) => shownList(chain, " → ")),
      "; ",
    );
    lines.push(
      `Your count follows more than one jump in a move: ${chains}. Only the first jump is taken; the square it ends on is not jumped from again in that move.`,
    );
  }
  return lines.slice(0, WHY_LINES);
}

const isInt = (value) => Number.isInteger(value);
const isCell = (cell, n) => Array.isArray(cell) && cell.length === 2 && cell.every((i) => isInt(i) && i >= 0 && i < n);

/**
 * True when `failure` (the practice worker's reply: data from the sandbox, checked before it is drawn) is a
 * PracticeFailure for a board of at most `largest` squares a side: an n×n board of integers, reads within
 * it (each with its square), a first difference within the reads. O(n² + reads).
 */
export function wellFormed(failure, largest) {
  const board = failure?.board;
  const n = board?.length;
  if (!Array.isArray(board) || !isInt(n) || n < 2 || n > largest || failure.n !== n || !isInt(failure.original_n))
    return false;
  if (!board.every((row) => Array.isArray(row) && row.length === n && row.every(isInt))) return false;
  const { reads, read_squares: squares, first_difference: difference, why, shrink } = failure;
  if (
    !Array.isArray(reads) ||
    !Array.isArray(squares) ||
    reads.length !== squares.length ||
    !reads.every((cell) => isCell(cell, n))
  )
    return false;
  if (
    !squares.every(isInt) ||
    !isInt(failure.reads_total) ||
    typeof failure.shown !== "string" ||
    typeof why !== "object" ||
    why === null
  )
    return false;
  if (!isInt(shrink?.runs) || !isInt(failure.expected)) return false;
  if (difference === null) return true;
  return (
    isInt(difference?.read) &&
    difference.read < reads.length &&
    isInt(difference.square) &&
    isCell(difference.actual, n) &&
    typeof difference.text === "string"
  );
}

export class FailureView {
  grids;
  reads;
  #el;

  /** Build the view's parts inside `box` (the panel's failure box), before `before`; `boardTable` is the box's board. */
  constructor(box, before, boardTable) {
    const el = {
      shrunk: make("p", { data: { practice: "failure-shrunk" } }),
      boardTable,
      matrixTable: make("table", { className: "practice-board practice-matrix" }),
      root: make("div", {
        className: "practice-reads",
        data: { practice: "reads" },
        role: "group",
        ariaLabel: "Your code's reads",
      }),
      back: button("read-back", "Back"),
      step: button("read-step", "Step"),
      play: button("read-play", "Play"),
      slider: make("input", { type: "range", ariaLabel: "Read", data: { practice: "read-slider" } }),
      text: make("p", { data: { practice: "read-text" }, ariaLive: "polite" }),
      difference: make("p", { className: "practice-mistake", data: { practice: "read-difference" } }),
      first: make("p", { className: "practice-mistake", data: { practice: "first-difference" } }),
      toFirst: button("to-difference", ""),
      why: make("div", { className: "practice-why", data: { practice: "why" } }),
      warning: make("p", { className: "practice-mistake", data: { practice: "mutated" } }),
    };
    el.matrixTable.setAttribute("aria-label", "LeetCode matrix of the failing board");
    box.insertBefore(el.shrunk, boardTable);
    const after = boardTable.nextSibling; // the board moves into its figure below
    const figure = (table, caption) =>
      make("figure", {}, "", [
        make("figcaption", {}, caption),
        make("div", { className: "practice-scroll" }, "", [table]),
      ]);
    const grids = make("div", { className: "practice-grids" }, "", [
      figure(el.boardTable, "Board (squares)"),
      figure(el.matrixTable, "board[r][c] as LeetCode gives it"),
    ]);
    el.root.append(
      make("div", { className: "row practice-read-controls" }, "", [el.back, el.step, el.play, el.slider]),
      el.text,
      el.difference,
    );
    box.insertBefore(grids, after);
    box.insertBefore(el.first, before);
    box.insertBefore(el.root, before);
    box.insertBefore(el.why, before);
    box.insertBefore(el.warning, before);
    this.#el = el;
    this.grids = new LinkedGrids(el.boardTable, el.matrixTable);
    this.reads = new ReadsView(this.grids, el);
    el.toFirst.addEventListener("click", () => this.reads.show(Number(el.toFirst.dataset.read)));
  }

  /** A failing board without a diagnosis (it timed out, or shrinking could not run): the board and nothing read. */
  plain(rows, path) {
    this.grids.draw(rows, path);
    this.reads.load({ reads: [], read_squares: [], reads_total: 0, reads_truncated: false, first_difference: null });
    for (const name of ["shrunk", "first", "why", "warning"]) this.#el[name].replaceChildren();
  }

  /** Show a PracticeFailure (the diagnose op's), `path` one shortest game of its board. */
  show(failure, path) {
    const el = this.#el;
    this.grids.draw(failure.board, path);
    const { n, original_n: original, shrink } = failure;
    const runs = `${shrink.runs.toLocaleString("en")} run${shrink.runs === 1 ? "" : "s"}`;
    const cut = shrink.cut_short ? ` Shrinking was cut short (${shrink.cut_short}): a smaller one may exist.` : "";
    el.shrunk.textContent = `Smallest board that breaks it: ${n}×${n} (the board was ${original}×${original}), found in ${runs}.${cut}`;
    const difference = failure.first_difference;
    // Said once: the reads view below shows the sentence at that read (and opens there); this only points to it.
    el.toFirst.textContent = difference ? `Go to the first differing read (read ${difference.read + 1})` : "";
    el.toFirst.dataset.read = difference ? String(difference.read) : "";
    el.first.replaceChildren(...(difference ? [el.toFirst] : []));
    el.why.replaceChildren(
      make("h4", {}, "Why the right answer is right"),
      ...whyLines(failure.why, failure.got, n).map((line) => make("p", {}, line)),
    );
    for (const chain of failure.why.chain?.chains ?? [])
      for (const square of chain) this.grids.squareCell(square)?.classList.add("chain");
    el.warning.textContent = failure.mutated ? "Warning: your solution changed the board it was given." : "";
    this.reads.load(failure);
    if (difference) this.reads.show(difference.read);
  }
}
