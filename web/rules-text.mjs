// Plain words for the rules of random play (`{start, overshoot}`), shared by the designer's panels.
// Only describes the rules; Python applies them.

const STARTS = { square1: "start on square 1 (LeetCode)", "off-board": "start off the board (classic)" };
const OVERSHOOTS = {
  stay: "a roll past the last square is wasted",
  bounce: "a roll past the last square bounces back",
  win: "any roll reaching the last square wins",
};

/** "start on square 1 (LeetCode); a roll past the last square is wasted". */
export function describeRules({ start, overshoot }) {
  return `${STARTS[start] ?? start}; ${OVERSHOOTS[overshoot] ?? overshoot}`;
}

/** "1 snake", "2 ladders". */
export function count(number, noun) {
  return `${number} ${noun}${number === 1 ? "" : "s"}`;
}
