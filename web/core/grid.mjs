// The zig-zag numbering: square <-> cell and board <-> LeetCode matrix.
// Pure layout; every rule of play lives in the Python package.

/** Row (0 = top) and column of `square` on an n×n board. */
export function squareToCell(square, n) {
  const fromBottom = Math.floor((square - 1) / n);
  const offset = (square - 1) % n;
  return { row: n - 1 - fromBottom, col: fromBottom % 2 ? n - 1 - offset : offset };
}

/** Square number at (row, col), row 0 at the top. */
export function cellToSquare(row, col, n) {
  const fromBottom = n - 1 - row;
  return fromBottom * n + (fromBottom % 2 ? n - 1 - col : col) + 1;
}

/** The LeetCode matrix of a board `{n, jumps: Map<start, end>}`. */
export function boardToMatrix({ n, jumps }) {
  const rows = Array.from({ length: n }, () => new Array(n).fill(-1));
  for (const [start, end] of jumps) {
    const { row, col } = squareToCell(start, n);
    rows[row][col] = end;
  }
  return rows;
}

/** `board = [[...], ...]` with one row per line, as LeetCode prints it. */
export function formatMatrix(rows) {
  const width = Math.max(...rows.flat().map((v) => String(v).length));
  const lines = rows.map((row) => "  [" + row.map((v) => String(v).padStart(width)).join(", ") + "]");
  return "board = [\n" + lines.join(",\n") + "\n]";
}

/** Jumps of a matrix already checked by Python: `{n, jumps: Map}`. */
export function matrixToBoard(rows) {
  const n = rows.length;
  const jumps = new Map();
  for (let row = 0; row < n; row += 1) {
    for (let col = 0; col < n; col += 1) {
      if (rows[row][col] !== -1) jumps.set(cellToSquare(row, col, n), rows[row][col]);
    }
  }
  return { n, jumps: new Map([...jumps].sort((a, b) => a[0] - b[0])) };
}
