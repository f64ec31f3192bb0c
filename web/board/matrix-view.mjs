// The LeetCode matrix panel: the board's `board = [[...]]` text, exactly as formatMatrix writes it (so it
// still copies and pastes into LeetCode), in which every value is a cell of a grid, linked both ways with
// the main board. Hovering, focusing or selecting a square marks its matrix cell; hovering or focusing a
// matrix cell marks its square on the board, and a click (or Enter) on it is a click on that square.
// The 2,500 cells of a 50x50 board are built once per size and an edit rewrites only the values it
// changed; while the panel is hidden no cell is built (the text is then one plain string). Text only
// through textContent.
import { cellToSquare, formatMatrix, squareToCell } from "../core/grid.mjs";
import { describeJump } from "../core/state.mjs";
import { afterNextFrame } from "../core/dom.mjs";

/**
 * The screen-reader name of board[row][col] holding `value`: "board[4][5], square 7, ladder to 38", or
 * "board[0][0], square 36, -1 (no snake or ladder)". It holds the value shown (WCAG 2.5.3, label in name).
 */
export function cellLabel(row, col, n, value) {
  const square = cellToSquare(row, col, n);
  return `board[${row}][${col}], square ${square}, ${value === -1 ? "-1 (no snake or ladder)" : describeJump(square, value)}`;
}

/** The matrix values by square (index 0 unused): -1, or the jump's end. O(n² + jumps). */
export function squareValues({ n, jumps }) {
  const values = new Int32Array(n * n + 1).fill(-1);
  for (const [start, end] of jumps) values[start] = end;
  return values;
}

/** The squares whose value differs between `shown` and `values` (squareValues of the same size). O(n²). */
export function changedSquares(shown, values) {
  const changed = [];
  for (let square = 1; square < values.length; square += 1) if (shown[square] !== values[square]) changed.push(square);
  return changed;
}

/**
 * What an edit rewrites: `{squares, width}`, the squares whose shown text changes when `values` replace
 * `shown` (padded to `shownWidth`): the changed values, or every square when the width changed. O(n²).
 */
export function updatePlan(shown, shownWidth, values) {
  const width = valueWidth(values);
  if (width === shownWidth && shown.length === values.length) return { squares: changedSquares(shown, values), width };
  return { squares: Array.from({ length: values.length - 1 }, (_, index) => index + 1), width };
}

/** The width formatMatrix pads every value to: the longest value's digits. O(n²). */
export function valueWidth(values) {
  let width = 0;
  for (let square = 1; square < values.length; square += 1) width = Math.max(width, String(values[square]).length);
  return width;
}

/**
 * The matrix text in pieces, in order: strings (punctuation) and `{row, col, square}` for each value, so
 * that the pieces with each value padded to `valueWidth` join to formatMatrix's text. O(n²).
 * @returns {(string | {row: number, col: number, square: number})[]}
 */
export function matrixPieces(n) {
  /** @type {(string | {row: number, col: number, square: number})[]} */
  const pieces = ["board = [\n"];
  for (let row = 0; row < n; row += 1) {
    pieces.push("  [");
    for (let col = 0; col < n; col += 1) {
      if (col > 0) pieces.push(", ");
      pieces.push({ row, col, square: cellToSquare(row, col, n) });
    }
    pieces.push(row === n - 1 ? "]\n]" : "],\n");
  }
  return pieces;
}

const MOVES = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

/** Where `key` moves the focus from (row, col) in an n×n grid: `{row, col}`, or null for any other key. */
export function movedCell(row, col, key, n, ctrl = false) {
  if (key in MOVES) {
    const [dr, dc] = MOVES[key];
    return { row: Math.min(n - 1, Math.max(0, row + dr)), col: Math.min(n - 1, Math.max(0, col + dc)) };
  }
  if (key === "Home") return ctrl ? { row: 0, col: 0 } : { row, col: 0 };
  if (key === "End") return ctrl ? { row: n - 1, col: n - 1 } : { row, col: n - 1 };
  if (key === "PageUp") return { row: Math.max(0, row - 10), col };
  if (key === "PageDown") return { row: Math.min(n - 1, row + 10), col };
  return null;
}

/** An element holding `text` that screen readers skip: the matrix's punctuation. */
function punctuation(text) {
  const span = document.createElement("span");
  span.setAttribute("aria-hidden", "true");
  span.textContent = text;
  return span;
}

export class MatrixView {
  #root;
  #visible;
  #n = 0;
  /** The cells by square (empty while no grid is built); the values and width they show. */
  #cells = [];
  #shown = new Int32Array(0);
  #width = 0;
  #rowWidth = "";
  #board = null;
  /**
   * What points at a square now, oldest first: the pointer or the focus on this panel ("matrixHover",
   * "matrixFocus"), on the board ("boardHover", "boardFocus"), the editor's selection ("selected"). The newest wins.
   * @type {Map<string, number>}
   */
  #at = new Map();
  #linkedCell = null;
  /** The square marked "linked" on the board: only one this panel points at (the board's own are shown there). */
  #boardMark = null;
  #tabCell = null;
  /** Build the cells for the board's size just after the next frame, if still needed and shown. */
  #buildSoon = afterNextFrame(() => {
    if (this.#board && this.#n !== this.#board.n && this.#visible()) this.#build(this.#board);
  });
  /**
   * Scroll the linked cell into the panel's view just after the next frame: reading its place in an input's
   * handler would lay out the page there, and again in the frame after the handler's other writes; at the
   * frame's start it made that frame lay out and paint the panel too (an edit on a 50×50 board waited
   * 30 to 80 ms more for its frame). The mark shows in the edit's frame, the scroll in the one after.
   */
  #scrollSoon = afterNextFrame(() => {
    if (this.#linkedCell?.isConnected) scrollWithin(this.#root, this.#linkedCell);
  });
  #view = null;
  #editor = null;

  /** `root`: the `<pre>` the matrix is drawn in; `visible()`: whether its panel is shown now (no layout read). */
  constructor(root, visible) {
    this.#root = root;
    this.#visible = visible;
    root.addEventListener("pointerover", (event) => this.#point("matrixHover", this.#squareOf(event.target)));
    root.addEventListener("pointerleave", () => this.#point("matrixHover", null));
    root.addEventListener("focusin", (event) => this.#focused(event.target));
    root.addEventListener("focusout", (event) => {
      if (!root.contains(/** @type {Node | null} */ (event.relatedTarget))) this.#point("matrixFocus", null);
    });
    root.addEventListener("click", (event) => {
      const square = this.#squareOf(event.target);
      // A double or triple click selects text to copy; only a plain click is a click on the square.
      if (square !== null && event.detail <= 1 && document.getSelection()?.isCollapsed !== false)
        this.#editor?.activate(square);
    });
    root.addEventListener("keydown", (event) => this.#key(event));
  }

  /** Link to the main board: its view (marks, hover, focus) and the editor (selection, a click on a square). */
  link(view, editor) {
    this.#view = view;
    this.#editor = editor;
    const grid = view.grid;
    grid.addEventListener("pointerover", (event) =>
      this.#point("boardHover", squareIn(event.target, ".cell[data-square]")),
    );
    grid.addEventListener("pointerleave", () => this.#point("boardHover", null));
    grid.addEventListener("focusin", (event) =>
      this.#point("boardFocus", squareIn(event.target, ".cell[data-square]")),
    );
    grid.addEventListener("focusout", (event) => {
      if (!grid.contains(/** @type {Node | null} */ (event.relatedTarget))) this.#point("boardFocus", null);
    });
    editor.addEventListener("selectionchange", (event) =>
      this.#point("selected", /** @type {CustomEvent} */ (event).detail.square),
    );
  }

  /**
   * Show `board`. The same size as shown: rewrites only the values that differ (O(n²) JavaScript, DOM
   * writes for the changed cells, or all of them when the values' width changed). A new size: writes the
   * text alone (one text node), and builds the n² cells after the next frame if the panel is shown then,
   * so a new size's frame never waits for them (2,500 cells: 50 ms of script and 100 ms of layout).
   */
  show(board) {
    this.#board = board;
    if (board.n === this.#n) return this.#update(squareValues(board));
    this.#plain();
    if (this.#visible()) this.#buildSoon();
  }

  /** The panel has been shown: build the cells (after the frame) if only the text is there. */
  shown() {
    if (this.#board && this.#n !== this.#board.n) this.#buildSoon();
    this.#relink();
  }

  /** The text, as LeetCode prints it: what Copy matrix copies. */
  get text() {
    return this.#board ? formatMatrix(matrixRows(this.#board)) : "";
  }

  /** The cell showing `square` (null when none is built). */
  cell(square) {
    return this.#cells[square] ?? null;
  }

  #plain() {
    this.#n = 0;
    this.#cells = [];
    this.#linkedCell = null;
    this.#tabCell = null;
    // The cells focused or hovered are gone with the grid (no focusout comes from a removed cell).
    this.#at.delete("matrixHover");
    this.#at.delete("matrixFocus");
    this.#root.removeAttribute("role");
    this.#root.tabIndex = 0; // a scrollable region is reached by the keyboard
    this.#root.textContent = this.text;
    this.#relink();
  }

  #build(board) {
    const n = board.n;
    const values = squareValues(board);
    const width = valueWidth(values);
    const cells = new Array(n * n + 1);
    const fragment = document.createDocumentFragment();
    let row = null;
    for (const piece of matrixPieces(n)) {
      if (typeof piece !== "string") {
        const cell = document.createElement("span");
        cell.className = "matrix-cell";
        cell.setAttribute("role", "gridcell");
        cell.dataset.square = String(piece.square);
        cell.tabIndex = -1;
        writeCell(cell, piece.row, piece.col, n, values[piece.square], width);
        row.append((cells[piece.square] = cell));
        continue;
      }
      if (piece === "  [") {
        row = document.createElement("span");
        row.setAttribute("role", "row");
        fragment.append(row);
      }
      (row ?? fragment).append(punctuation(piece));
      if (piece.startsWith("]")) row = null;
    }
    this.#n = n;
    this.#cells = cells;
    this.#shown = values;
    this.#setWidth(width);
    this.#linkedCell = null;
    this.#root.setAttribute("role", "grid");
    this.#root.removeAttribute("tabindex");
    this.#root.replaceChildren(fragment);
    this.#tabCell = null;
    this.#rove(cells[cellToSquare(0, 0, n)]);
    this.#relink();
  }

  #update(values) {
    const n = this.#n;
    const { squares, width } = updatePlan(this.#shown, this.#width, values);
    for (const square of squares) {
      const { row, col } = squareToCell(square, n);
      writeCell(this.#cells[square], row, col, n, values[square], width);
    }
    this.#shown = values;
    this.#setWidth(width);
  }

  /** The values' width, and a row's width in characters ("  [", n values and ", " between them, "],") for CSS. */
  #setWidth(width) {
    this.#width = width;
    const n = this.#n;
    const row = `${3 + n * width + 2 * (n - 1) + 2}ch`;
    if (this.#rowWidth !== row) this.#root.style.setProperty("--matrix-row", (this.#rowWidth = row));
  }

  #squareOf(target) {
    return squareIn(target, ".matrix-cell");
  }

  #point(source, square) {
    if ((this.#at.get(source) ?? null) === square) return;
    this.#at.delete(source);
    if (square !== null) this.#at.set(source, square);
    this.#relink();
  }

  #focused(target) {
    const square = this.#squareOf(target);
    if (square === null) return;
    this.#rove(this.#cells[square]);
    this.#point("matrixFocus", square);
  }

  /** Mark the square pointed at last (of at most five pointers): its cell here, and on the board if this panel points. */
  #relink() {
    const [source, square] = [...this.#at].at(-1) ?? ["", null];
    const fromMatrix = source.startsWith("matrix") ? square : null;
    const cell = square === null ? null : (this.#cells[square] ?? null);
    if (cell !== this.#linkedCell) {
      this.#linkedCell?.classList.remove("linked");
      cell?.classList.add("linked");
      this.#linkedCell = cell;
      // Never under the pointer: a cell this panel points at is already in view.
      if (cell && fromMatrix === null && this.#visible()) this.#scrollSoon();
    }
    const mark = cell ? fromMatrix : null;
    if (mark !== this.#boardMark) {
      this.#boardMark = mark;
      this.#view?.mark({ linked: mark });
    }
  }

  #key(event) {
    const square = this.#squareOf(event.target);
    if (square === null) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      this.#editor?.activate(square);
      return;
    }
    if (event.key === "Escape") return this.#editor?.cancel();
    const { row, col } = squareToCell(square, this.#n);
    const to = movedCell(row, col, event.key, this.#n, event.ctrlKey || event.metaKey);
    if (!to) return;
    event.preventDefault();
    const cell = this.#cells[cellToSquare(to.row, to.col, this.#n)];
    this.#rove(cell);
    cell.focus({ preventScroll: true }); // the page stays where it is; the panel scrolls
    this.#scrollSoon();
  }

  /** One tab stop in the grid: the cell last focused. */
  #rove(cell) {
    if (this.#tabCell === cell) return;
    if (this.#tabCell) this.#tabCell.tabIndex = -1;
    cell.tabIndex = 0;
    this.#tabCell = cell;
  }
}

/** The square of the element `selector` finds at or above `target`, or null. */
function squareIn(target, selector) {
  /** @type {HTMLElement | null} */
  const found = target instanceof Element ? target.closest(selector) : null;
  return found ? Number(found.dataset.square) : null;
}

function writeCell(cell, row, col, n, value, width) {
  cell.textContent = String(value).padStart(width);
  cell.setAttribute("aria-label", cellLabel(row, col, n, value));
}

function matrixRows(board) {
  const { n } = board;
  const values = squareValues(board);
  return Array.from({ length: n }, (_, row) =>
    Array.from({ length: n }, (_, col) => values[cellToSquare(row, col, n)]),
  );
}

/** Scroll `box` (not the page) to centre `cell` when it is not wholly inside it. Reads layout: at a frame's start. */
function scrollWithin(box, cell) {
  // From the boxes on screen: a row is its cells' offsetParent (content-visibility contains its layout).
  const outer = box.getBoundingClientRect();
  const inner = cell.getBoundingClientRect();
  const top = inner.top - outer.top - box.clientTop + box.scrollTop;
  const left = inner.left - outer.left - box.clientLeft + box.scrollLeft;
  if (top < box.scrollTop || top + inner.height > box.scrollTop + box.clientHeight)
    box.scrollTop = top - (box.clientHeight - inner.height) / 2;
  if (left < box.scrollLeft || left + inner.width > box.scrollLeft + box.clientWidth)
    box.scrollLeft = left - (box.clientWidth - inner.width) / 2;
}
