// Unit tests for the words of Practice's failing board (web/practice/failure-view.mjs, reads-view.mjs):
// why the right answer is right against the solution's, and one read's words, cut-off reads included.
import assert from "node:assert/strict";
import { test } from "node:test";
import { wellFormed, whyLines } from "../../web/practice/failure-view.mjs";
import { readWords } from "../../web/practice/reads-view.mjs";

const layers = [[1], [2, 3, 4, 5, 6, 7], [8, 9]];

test("a count too small is placed against the layers: the last square is not among them", () => {
  const lines = whyLines({ expected: 3, layers, game: null, chain: null }, 1, 3);
  assert.equal(lines[0], "No shorter game exists: the squares first stood on after each move are");
  assert.deepEqual(lines.slice(1, 4), ["After 0 moves: 1", "After 1 move: 2 3 4 5 6 7", "After 2 moves: 8 9"]);
  assert.equal(
    lines.at(-1),
    "Your answer, 1: no game of 1 move reaches square 9; it is not among the squares after 1 move.",
  );
  // An answer past the last layer (an unreachable last square): in none of them.
  const none = whyLines({ expected: -1, layers, game: null, chain: null }, 5, 3);
  assert.match(none[0], /^No game reaches the last square/);
  assert.equal(none.at(-1), "Your answer, 5: square 9 is in none of these layers, so no game reaches it.");
});

test("a count too large gets a shorter game move by move, and a chain is named", () => {
  const game = {
    path: [1, 3, 9],
    steps: [
      { start: 1, roll: 2, landing: 3, end: 3 },
      { start: 3, roll: 4, landing: 7, end: 9 },
    ],
  };
  const lines = whyLines({ expected: 2, layers: null, game, chain: { path: [1, 9], chains: [[2, 5, 9]] } }, 4, 3);
  assert.deepEqual(lines.slice(0, 3), [
    "A shorter game, 2 moves: 1 → 3 → 9",
    "From 1 roll 2: square 3.",
    "From 3 roll 4: square 7, then the jump to 9.",
  ]);
  assert.match(lines[3], /^Your count follows more than one jump in a move: 2 → 5 → 9\./);
  assert.deepEqual(whyLines({ expected: 2, layers: null, game: null, chain: null }, 2, 3), []);
});

test("a read names its cell and the square that cell is, and says when the reads were cut off", () => {
  const failure = {
    reads: [
      [2, 0],
      [1, 2],
    ],
    read_squares: [1, 6],
    reads_total: 2,
    reads_truncated: false,
  };
  assert.equal(readWords(failure, 1), "Read 2 of 2: board[1][2], which is square 6.");
  const cut = { ...failure, reads_total: 52113, reads_truncated: true };
  assert.equal(readWords(cut, 0), "Read 1 of 2 kept of 52,113: board[2][0], which is square 1.");
});

test("a failure from the sandbox is drawn only when well formed", () => {
  const good = {
    board: [
      [-1, -1],
      [-1, 4],
    ],
    n: 2,
    original_n: 6,
    expected: 1,
    shown: "2",
    reads: [
      [1, 1],
      [1, 0],
    ],
    read_squares: [2, 1],
    reads_total: 2,
    first_difference: { read: 1, square: 2, actual: [1, 1], text: "words" },
    why: { expected: 1, layers: null, game: null, chain: null },
    shrink: { runs: 3, cut_short: null },
  };
  assert.equal(wellFormed(good, 6), true);
  assert.equal(wellFormed({ ...good, first_difference: null }, 6), true);
  const bad = [
    { board: [[-1, -1], [-1]] }, // a short row
    {
      board: [
        [-1, "x"],
        [-1, 4],
      ],
    }, // not an integer
    { n: 3 }, // n says otherwise
    { reads: [[1, 2]] }, // a cell off the board, and one square for two reads
    {
      reads: [
        [1, 1],
        [2, 0],
      ],
    }, // a row off the board
    { read_squares: [2] },
    { first_difference: { read: 2, square: 2, actual: [1, 1], text: "" } }, // past the reads
    { why: null },
    { shrink: {} },
  ];
  for (const change of bad) assert.equal(wellFormed({ ...good, ...change }, 6), false, JSON.stringify(change));
  assert.equal(wellFormed(good, 1), false); // larger than the board that was sent
  assert.equal(wellFormed(null, 6), false);
});
