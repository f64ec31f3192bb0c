// Which squares a change of the board's highlight marks touches (web/board/render.mjs redraws only those).

/**
 * The squares whose marks differ between `marks` and `marks` updated with `changes`: for a mark that is a
 * Set of squares, the squares in one of the old and new sets but not both; for a mark that is one square
 * (or null), the old and the new square. A mark given the same value (the same Set object) touches none.
 * O(size of the old and new marks changed).
 * @param {Record<string, any>} marks
 * @param {Record<string, any>} changes
 * @returns {Set<number>}
 */
export function touchedSquares(marks, changes) {
  const touched = new Set();
  for (const [key, value] of Object.entries(changes)) {
    const old = marks[key];
    if (old === value) continue;
    if (old instanceof Set || value instanceof Set) {
      const before = old instanceof Set ? old : new Set();
      const after = value instanceof Set ? value : new Set();
      for (const square of before) if (!after.has(square)) touched.add(square);
      for (const square of after) if (!before.has(square)) touched.add(square);
    } else {
      for (const square of [old, value]) if (square !== null && square !== undefined) touched.add(square);
    }
  }
  return touched;
}
