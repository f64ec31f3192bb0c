// A failing board drawn twice, side by side: as squares (the board the player sees) and as the LeetCode
// matrix the solution was given. A square and its matrix cell are linked both ways: hovering or focusing
// one marks the other. Every text is set with textContent.
import { cellToSquare, squareToCell } from "../core/grid.mjs";

/** Fill `table` with an n×n grid, `text(row, col)` in each cell; the cells by [row][col]. */
function fill(table, n, text, mark) {
  table.replaceChildren();
  const body = table.createTBody();
  const cells = [];
  for (let row = 0; row < n; row += 1) {
    const tr = body.insertRow();
    cells.push([]);
    for (let col = 0; col < n; col += 1) {
      const cell = tr.insertCell();
      cell.textContent = text(row, col);
      cell.dataset.row = String(row);
      cell.dataset.col = String(col);
      cell.tabIndex = -1;
      mark(cell, row, col);
      cells[row].push(cell);
    }
  }
  return cells;
}

/** The jump's kind at a matrix value on `square`, as a class name ("" for none). */
function jumpClass(value, square) {
  if (value === -1) return "";
  return value > square ? "ladder" : value < square ? "snake" : "jump";
}

/**
 * The board and its matrix side by side, linked. `boardTable` shows each square's number and its jump's
 * end; `matrixTable` each board[r][c] with its row and column indices as headers.
 */
export class LinkedGrids {
  /** @type {HTMLTableCellElement[][]} */
  board = [];
  /** @type {HTMLTableCellElement[][]} */
  matrix = [];
  n = 0;
  #linked = [];

  constructor(boardTable, matrixTable) {
    this.boardTable = boardTable;
    this.matrixTable = matrixTable;
    for (const table of [boardTable, matrixTable]) {
      table.addEventListener("pointerover", (event) => this.#point(event.target));
      table.addEventListener("focusin", (event) => this.#point(event.target));
      table.addEventListener("pointerleave", () => this.#unlink());
      table.addEventListener("click", (event) => this.#point(event.target, true));
    }
  }

  /** Draw `rows` (the LeetCode matrix); `path` squares (one shortest game) get the on-path class. */
  draw(rows, path = null) {
    const n = rows.length;
    this.n = n;
    this.#linked = [];
    const onPath = new Set(path ?? []);
    this.board = fill(
      this.boardTable,
      n,
      (row, col) => {
        const square = cellToSquare(row, col, n);
        return rows[row][col] === -1 ? String(square) : `${square}→${rows[row][col]}`;
      },
      (cell, row, col) => {
        const square = cellToSquare(row, col, n);
        cell.dataset.square = String(square);
        const kind = jumpClass(rows[row][col], square);
        if (kind) cell.classList.add(kind);
        if (onPath.has(square)) cell.classList.add("on-path");
        cell.title = `square ${square} is board[${row}][${col}]`;
      },
    );
    this.matrix = fill(
      this.matrixTable,
      n,
      (row, col) => String(rows[row][col]),
      (cell, row, col) => {
        cell.dataset.square = String(cellToSquare(row, col, n));
        cell.title = `board[${row}][${col}] is square ${cellToSquare(row, col, n)}`;
      },
    );
  }

  /** The board's cell of `square`. */
  squareCell(square) {
    const { row, col } = squareToCell(square, this.n);
    return this.board[row]?.[col] ?? null;
  }

  /** Mark the hovered (or chosen) cell's square on the board and its cell on the matrix. */
  #point(target, chosen = false) {
    /** @type {HTMLElement | null} */
    const cell = target instanceof Element ? target.closest("td[data-row]") : null;
    if (!cell) return;
    const row = Number(cell.dataset.row);
    const col = Number(cell.dataset.col);
    this.#unlink();
    this.#linked = [this.board[row]?.[col], this.matrix[row]?.[col]].filter(Boolean);
    for (const linked of this.#linked) linked.classList.add("linked");
    if (chosen) cell.focus();
  }

  #unlink() {
    for (const cell of this.#linked) cell.classList.remove("linked");
    this.#linked = [];
  }
}
