// Board geometry, owned once: where a square's centre is, in board units (one square = 1, row 0 at top).
// The token, the route, the jumps, the labels and the zoom all place things through these functions.
import { squareToCell } from "../core/grid.mjs";

/** Centre of `square` on an n×n board in board units: x from the left edge, y from the top edge. */
export function squareCentre(square, n) {
  const { row, col } = squareToCell(square, n);
  return { x: col + 0.5, y: row + 0.5 };
}

/** Where a token waits before it enters the board (square 0 of the classic rules): left of square 1. */
export function offBoardCentre(n) {
  const { x, y } = squareCentre(1, n);
  return { x: x - 0.9, y };
}

/** Centre of `square`, or of the off-board start for square 0. */
export function standCentre(square, n) {
  return square === 0 ? offBoardCentre(n) : squareCentre(square, n);
}

/**
 * A point in board units as CSS `left`/`top` percentages of the stage, the element that is exactly the
 * board's squares (no padding), so 0% is the left edge of the first column and 100% the right edge of the last.
 */
export function toPercent({ x, y }, n) {
  return { left: `${(x / n) * 100}%`, top: `${(y / n) * 100}%` };
}

/**
 * Sizes of strokes and marks in board units: they follow the squares on large boards and stop growing
 * on small ones (a 2×2 board's ladder is as thick as a 10×10 one's, not five times thicker).
 */
export function strokeScale(n) {
  return Math.min(1, n / 10);
}
