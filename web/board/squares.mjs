// The board's squares as DOM nodes, built once per size: a row of cells per grid row and, in a layer of
// its own above them, the numbers in rows of the same shape; the marks a cell can show (render.mjs draws).
import { cellToSquare, squareToCell } from "../core/grid.mjs";

/** The classes a cell's marks set, one bit each in a cell's `flags` (render.mjs keeps what each cell shows). */
export const FLAG_CLASSES = [
  "ladder-start",
  "snake-start",
  "on-path",
  "landing",
  "selected",
  "target",
  "current",
  "chained",
  "frontier",
  "wall",
  "linked",
];
/** The flags that colour a square, which its number's chip copies (bits of FLAG_CLASSES). */
export const CHIP_FLAGS = ["ladder-start", "snake-start", "on-path", "landing", "selected", "frontier", "wall"].reduce(
  (bits, name) => bits | (1 << FLAG_CLASSES.indexOf(name)),
  0,
);

/**
 * The n² cells and number spans (indexed by square, 1 to n²) and the rows holding each, in reading order.
 * O(n²) nodes, made once per size.
 */
export function buildSquares(n) {
  const rows = [];
  const cells = new Array(n * n + 1);
  const numberNodes = new Array(n * n + 1);
  for (let row = 0; row < n; row += 1) {
    const rowNode = document.createElement("div");
    rowNode.setAttribute("role", "row");
    rowNode.className = "grid-row";
    rows.push(rowNode);
  }
  for (let square = 1; square <= n * n; square += 1) {
    const { row, col } = squareToCell(square, n);
    const cell = document.createElement("div");
    cell.setAttribute("role", "gridcell");
    const odd = (row + col) % 2 ? " odd" : "";
    cell.className = `cell${odd}`;
    cell.dataset.square = String(square);
    cell.tabIndex = -1;
    const number = document.createElement("span");
    number.className = `square-number${odd}`;
    number.textContent = String(square);
    cells[square] = cell;
    numberNodes[square] = number;
  }
  // Rows hold their cells in column order, so reading order matches the picture; the numbers' layer
  // is a grid of the same size, filled in the same order.
  const numbers = [];
  for (let row = 0; row < n; row += 1) {
    const numberRow = document.createElement("div");
    numberRow.className = "number-row";
    numbers.push(numberRow);
    for (let col = 0; col < n; col += 1) {
      const square = cellToSquare(row, col, n);
      rows[row].append(cells[square]);
      numberRow.append(numberNodes[square]);
    }
  }
  return { cells, numberNodes, rows, numbers };
}
