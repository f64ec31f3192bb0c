// LeetCode 909 solutions in JavaScript for testing practice mode: right ones, and wrong ones with one mistake
// each, the same mistakes as tests/practice_solutions.py's of the same names. Each reads the board in the same
// order as its Python twin (tests/test_practice_javascript.py compares the reads of both), so the BFS reads
// board[r][c] twice in end() as the Python one does, and the flattening loops read row by row as Python's
// row / row[::-1] do. One mistake a kind of the battery at least (practice.KINDS; "random" catches none).

export const BFS = `/**
 * @param {number[][]} board
 * @return {number}
 */
var snakesAndLadders = function(board) {
  const n = board.length;
  const target = n * n;
  const cell = (square) => {
    const row = Math.floor((square - 1) / n), col = (square - 1) % n;
    return [n - 1 - row, row % 2 === 0 ? col : n - 1 - col];
  };
  const end = (square) => {
    const [r, c] = cell(square);
    return board[r][c] !== -1 ? board[r][c] : square;
  };
  const seen = new Array(target + 1).fill(false);
  seen[1] = true;
  const queue = [[1, 0]];
  while (queue.length) {
    const [square, moves] = queue.shift();
    for (let landing = square + 1; landing <= Math.min(square + 6, target); landing++) {
      let nxt = end(landing);
      if (nxt === target) return moves + 1;
      if (!seen[nxt]) {
        seen[nxt] = true;
        queue.push([nxt, moves + 1]);
      }
    }
  }
  return -1;
};
`;

/** LeetCode's other form, a class. */
export const CLASS_FORM = `class Solution {
  snakesAndLadders(board) {
    const n = board.length;
    const flat = [0];
    [...board].reverse().forEach((row, i) => {
      for (let c = 0; c < n; c++) flat.push(row[i % 2 === 0 ? c : n - 1 - c]);
    });
    const dist = new Map([[1, 0]]);
    const queue = [1];
    for (let head = 0; head < queue.length; head++) {
      const square = queue[head];
      for (let landing = square + 1; landing <= Math.min(square + 6, n * n); landing++) {
        const nxt = flat[landing] !== -1 ? flat[landing] : landing;
        if (!dist.has(nxt)) {
          dist.set(nxt, dist.get(square) + 1);
          queue.push(nxt);
        }
      }
    }
    return dist.has(n * n) ? dist.get(n * n) : -1;
  }
}
`;

/** BFS with `old` (which must occur exactly once) replaced by `replacement`. */
export function mutant(old, replacement) {
  if (BFS.split(old).length !== 2) throw new Error(`not exactly once in BFS: ${old}`);
  return BFS.replace(old, () => replacement);
}

const ROLLS = "landing <= Math.min(square + 6, target);";
const TAKE = `      let nxt = end(landing);
      if (nxt === target) return moves + 1;
      if (!seen[nxt]) {
        seen[nxt] = true;
        queue.push([nxt, moves + 1]);
      }
`;

const GREEDY = `var snakesAndLadders = function(board) {
  const n = board.length;
  const flat = [0];
  for (let i = 0; i < n; i++) {
    const row = board[n - 1 - i];
    for (let c = 0; c < n; c++) flat.push(row[i % 2 === 0 ? c : n - 1 - c]);
  }
  let square = 1, moves = 0;
  const seen = new Set([1]);
  while (square !== n * n) {
    const options = [];
    for (let landing = square + 1; landing <= Math.min(square + 6, n * n); landing++) {
      options.push([landing, flat[landing] !== -1 ? flat[landing] : landing]);
    }
    square = PICK;
    moves++;
    if (seen.has(square)) return -1;
    seen.add(square);
  }
  return moves;
};
`;
const BIGGEST_LADDER =
  "(() => { const up = options.filter((o) => o[1] > o[0]); return (up.length ? up : [options[options.length - 1]]).reduce((a, b) => (b[1] > a[1] ? b : a))[1]; })()";
const ROLL_SIX = "options[options.length - 1][1]";

const ONE_PASS = `var snakesAndLadders = function(board) {
  const n = board.length;
  const flat = [0];
  for (let i = 0; i < n; i++) {
    const row = board[n - 1 - i];
    for (let c = 0; c < n; c++) flat.push(row[i % 2 === 0 ? c : n - 1 - c]);
  }
  const dist = new Array(n * n + 1).fill(Infinity);
  dist[1] = 0;
  for (let square = 1; square < n * n; square++) {
    for (let landing = square + 1; landing <= Math.min(square + 6, n * n); landing++) {
      const nxt = flat[landing] !== -1 ? flat[landing] : landing;
      dist[nxt] = Math.min(dist[nxt], dist[square] + 1);
    }
  }
  return dist[n * n] === Infinity ? -1 : dist[n * n];
};
`;

export const RIGHT = { bfs: BFS, "class-form": CLASS_FORM };

/** name -> [the battery kind made to catch it, its source]; the names are tests/practice_solutions.py's. */
export const WRONG = {
  "parity-from-top": ["numbering-even", mutant("row % 2 === 0 ? col", "(n - 1 - row) % 2 === 0 ? col")],
  "parity-from-top-odd": ["numbering-odd", mutant("row % 2 === 0 ? col", "(n - 1 - row) % 2 === 1 ? col")],
  "chains-jumps": [
    "no-chain",
    mutant("let nxt = end(landing);\n", "let nxt = end(landing);\n      while (end(nxt) !== nxt) nxt = end(nxt);\n"),
  ],
  "optional-jumps": [
    "forced-jump",
    mutant(
      TAKE,
      `      for (const nxt of [landing, end(landing)]) {
        if (nxt === target) return moves + 1;
        if (!seen[nxt]) {
          seen[nxt] = true;
          queue.push([nxt, moves + 1]);
        }
      }
`,
    ),
  ],
  "goal-before-jump": ["ladder-to-last", mutant("if (nxt === target)", "if (landing === target)")],
  "zero-means-none": [
    "snake-to-start",
    mutant(
      "return board[r][c] !== -1 ? board[r][c] : square;",
      "return ((board[r][c] !== -1 ? board[r][c] - 1 : 0) || square - 1) + 1;",
    ),
  ],
  "no-minus-one": ["unreachable", mutant("  return -1;\n};", "  return 0;\n};")],
  "short-rolls": ["smallest", mutant(ROLLS, ROLLS.replace("target)", "target - 1)"))],
  // Sized for 15×15 boards: squares past 225 are never "unseen" (undefined is not false), so never searched on.
  "fixed-size": [
    "largest",
    mutant("new Array(target + 1).fill(false)", "new Array(226).fill(false)").replace(
      "if (!seen[nxt])",
      "if (seen[nxt] === false)",
    ),
  ],
  "greedy-ladder": ["greedy-ladder", GREEDY.replace("PICK", BIGGEST_LADDER)],
  "always-six": ["greedy-six", GREEDY.replace("PICK", ROLL_SIX)],
  "one-pass": ["revisit", ONE_PASS],
  "marks-ladder-foot": [
    "ladder-foot",
    mutant(
      "        seen[nxt] = true;\n",
      "        seen[nxt] = true;\n        if (nxt > landing) seen[landing] = true;\n",
    ),
  ],
  "seen-on-landing": [
    "landing-seen",
    mutant(
      "      if (!seen[nxt]) {\n        seen[nxt] = true;\n",
      "      if (!seen[landing]) {\n        seen[landing] = seen[nxt] = true;\n",
    ),
  ],
  "n-layers": ["long-game", mutant("  while (queue.length) {\n", "  while (queue.length && queue[0][1] < n) {\n")],
};
