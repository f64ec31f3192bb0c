// LeetCode 909 solutions as people write them, in every form the JavaScript runner accepts (web/workers/
// js-solution.mjs): LeetCode's forms, sloppy-mode assignments, files with export lines, module.exports, require
// and import of assert, top-level tests and console.log, and TypeScript. Right ones answer every board right;
// each wrong one is the same form with one mistake. tests/js/js-solution-forms.test.mjs runs them.

/** A breadth-first search's body over `board`, declared throughout (shared by the forms below). */
const BODY = `
  const n = board.length;
  const flat = [0];
  for (let r = n - 1, i = 0; r >= 0; r--, i++) {
    const row = i % 2 === 0 ? board[r] : [...board[r]].reverse();
    flat.push(...row);
  }
  const seen = new Set([1]);
  let layer = [1];
  for (let moves = 1; layer.length; moves++) {
    const next = [];
    for (const square of layer) {
      for (let landing = square + 1; landing <= Math.min(square + 6, n * n); landing++) {
        const end = flat[landing] === -1 ? landing : flat[landing];
        if (end === n * n) return moves;
        if (!seen.has(end)) {
          seen.add(end);
          next.push(end);
        }
      }
    }
    layer = next;
  }
  return -1;
`;

/** The same search with one mistake: it follows a jump's end into a second jump (a chain). */
const CHAINED = BODY.replace(
  "const end = flat[landing] === -1 ? landing : flat[landing];",
  "let end = flat[landing] === -1 ? landing : flat[landing];\n        if (flat[end] !== -1 && end !== n * n) end = flat[end];",
);

/** LeetCode's example 1, and the test a file of one's own might run on it. */
export const EXAMPLE =
  "[[-1,-1,-1,-1,-1,-1],[-1,-1,-1,-1,-1,-1],[-1,-1,-1,-1,-1,-1],[-1,35,-1,-1,13,-1],[-1,-1,-1,-1,-1,-1],[-1,15,-1,-1,-1,-1]]";

/** Sloppy mode, as on LeetCode: `[pos, mov] = q.shift()` and `for (k in ...)` with nothing declared. */
const SLOPPY = `var snakesAndLadders = function(board) {
  n = board.length;
  cells = [0];
  for (r = n - 1; r >= 0; r--) {
    row = (n - 1 - r) % 2 === 0 ? board[r] : board[r].slice().reverse();
    for (k in row) cells.push(row[k]);
  }
  q = [[1, 0]];
  seen = {1: true};
  while (q.length) {
    [pos, mov] = q.shift();
    for (d = 1; d <= 6 && pos + d <= n * n; d++) {
      next = cells[pos + d] === -1 ? pos + d : cells[pos + d];
      if (next === n * n) return mov + 1;
      if (!seen[next]) { seen[next] = true; q.push([next, mov + 1]); }
    }
  }
  return -1;
};
`;

/**
 * Destructuring assignments to variables declared elsewhere, in the forms the interpreter needs written out
 * (js-destructuring.mjs): an object pattern with a default, an array default, and a swap through members.
 */
const DESTRUCTURING = `var snakesAndLadders = function(board) {
  let n, flat, square, moves, queue;
  const seen = new Set([1]);
  ({ length: n } = board);
  flat = [0];
  for (let r = n - 1; r >= 0; r--) {
    const row = board[r].slice();
    if ((n - 1 - r) % 2) for (let i = 0, j = n - 1; i < j; i++, j--) [row[i], row[j]] = [row[j], row[i]];
    flat.push(...row);
  }
  queue = [{ square: 1 }];
  while (queue.length) {
    ({ square, moves = 0 } = queue.shift());
    for (let landing = square + 1; landing <= Math.min(square + 6, n * n); landing++) {
      let end;
      [end = landing] = [flat[landing] === -1 ? undefined : flat[landing]];
      if (end === n * n) return moves + 1;
      if (!seen.has(end)) { seen.add(end); queue.push({ square: end, moves: moves + 1 }); }
    }
  }
  return -1;
};
`;

/** Each form with the body `body`: name -> source. */
function forms(body) {
  return {
    "var-function": `var snakesAndLadders = function(board) {${body}};\n`,
    "const-function": `const snakesAndLadders = function (board) {${body}};\n`,
    "let-arrow": `let snakesAndLadders = (board) => {${body}};\n`,
    declaration: `function snakesAndLadders(board) {${body}}\n`,
    "class-method": `class Solution {\n  snakesAndLadders(board) {${body}}\n}\n`,
    "use-strict": `"use strict";\nconst snakesAndLadders = (board) => {${body}};\n`,
    "export-function": `export function snakesAndLadders(board) {${body}}\n`,
    "export-default-anonymous": `export default function (board) {${body}}\n`,
    "export-list": `function snakesAndLadders(board) {${body}}\n\nexport { snakesAndLadders };\n`,
    "export-default-name": `const snakesAndLadders = (board) => {${body}};\nexport default snakesAndLadders;\n`,
    "module-exports-object": `function snakesAndLadders(board) {${body}}\nmodule.exports = { snakesAndLadders };\n`,
    "module-exports-function": `module.exports = function (board) {${body}};\n`,
    "require-assert-tests": `const assert = require("assert");\n\nfunction snakesAndLadders(board) {${body}}\n\nconst example = ${EXAMPLE};\nconsole.log(snakesAndLadders(example));\nassert.strictEqual(snakesAndLadders(example), 4);\nassert.deepStrictEqual([snakesAndLadders([[-1, -1], [-1, 3]])], [1]);\nmodule.exports = snakesAndLadders;\n`,
    "node-assert-import": `import assert from "node:assert";\nimport { strictEqual } from "node:assert/strict";\n\nexport const snakesAndLadders = (board) => {${body}};\nassert.equal(snakesAndLadders(${EXAMPLE}), "4");\nstrictEqual(snakesAndLadders(${EXAMPLE}), 4);\n`,
  };
}

/** Right: each form of the right search, and the sloppy one. */
export const RIGHT_FORMS = { ...forms(BODY), sloppy: SLOPPY, destructuring: DESTRUCTURING };
/** Wrong: each form of the chained search (its file's own asserts on example 1 still pass), and a sloppy one. */
export const WRONG_FORMS = {
  ...forms(CHAINED),
  sloppy: SLOPPY.replace("if (next === n * n) return mov + 1;", "if (next >= n * n - 1) return mov + 1;"),
  destructuring: DESTRUCTURING.replace("[end = landing] = [", "[end = landing] = [square === 1 ? n * n :"),
};

/** TypeScript: types on everything LeetCode's TypeScript solutions use. */
const TS_BODY = `
  const n: number = board.length;
  const flat: number[] = [0];
  for (let r = n - 1, i = 0; r >= 0; r--, i++) flat.push(...(i % 2 === 0 ? board[r] : [...board[r]].reverse()));
  const seen = new Set<number>([1]);
  const queue: Array<[number, number]> = [[1, 0]];
  while (queue.length) {
    const [square, moves] = queue.shift()!;
    for (let landing = square + 1; landing <= Math.min(square + 6, n * n); landing++) {
      const end = (flat[landing] === Cell.Empty ? landing : flat[landing]) as number;
      if (end === n * n) return moves + 1;
      if (!seen.has(end)) {
        seen.add(end);
        queue.push([end, moves + 1]);
      }
    }
  }
  return -1;
`;

const TS_HEAD = `enum Cell {\n  Empty = -1,\n}\ninterface Step {\n  square: number;\n  moves: number;\n}\ntype Board = number[][];\n`;

/** TypeScript forms of the right search: name -> source. */
export const TYPESCRIPT_RIGHT = {
  function: `${TS_HEAD}function snakesAndLadders(board: number[][]): number {${TS_BODY}}\n`,
  "class-private": `${TS_HEAD}class Solution {\n  private readonly limit: number = 6;\n  public snakesAndLadders(board: Board): number {${TS_BODY}}\n}\n`,
  "export-and-assert": `${TS_HEAD}import assert from "assert";\nexport function snakesAndLadders<T extends Board>(board: T): number {${TS_BODY}}\nconst first: Step = { square: 1, moves: 0 };\nassert.strictEqual(snakesAndLadders(${EXAMPLE}), 4);\n`,
};
/** TypeScript with one mistake: it counts the jump as a move of its own. */
export const TYPESCRIPT_WRONG = {
  function: TYPESCRIPT_RIGHT.function.replace(
    "queue.push([end, moves + 1]);",
    "queue.push([end, moves + (end === landing ? 1 : 2)]);",
  ),
};
