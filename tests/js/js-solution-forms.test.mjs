// Unit tests for the forms a JavaScript or TypeScript practice solution may take (web/workers/js-solution.mjs,
// js-source.mjs, js-assert.mjs): tests/js/solution-forms.mjs's right forms answer as an independent breadth-first
// search on 120 seeded random boards and LeetCode's examples, each wrong one fails one at least; refusals name
// the line and say what to remove; sloppy globals stay on the solution's own global object.
import assert from "node:assert/strict";
import { test } from "node:test";
import Sval from "sval";
import { parse } from "acorn";
import { transform } from "sucrase";
import { javaScriptSolutions } from "../../web/workers/js-solution.mjs";
import { typeScriptToJavaScript } from "../../web/workers/js-source.mjs";
import { EXAMPLE, RIGHT_FORMS, TYPESCRIPT_RIGHT, TYPESCRIPT_WRONG, WRONG_FORMS } from "./solution-forms.mjs";

const runner = javaScriptSolutions({ Sval, parse });
const typeScript = (source) => typeScriptToJavaScript(transform, source);

/** LeetCode 909 by a search written here: squares numbered by their own formula, jumps taken once. */
function reference(board) {
  const n = board.length;
  const jump = (square) => {
    const fromBottom = Math.floor((square - 1) / n);
    const along = (square - 1) % n;
    return board[n - 1 - fromBottom][fromBottom % 2 ? n - 1 - along : along];
  };
  const moves = new Map([[1, 0]]);
  for (const square of moves.keys()) {
    for (let roll = 1; roll <= 6 && square + roll <= n * n; roll += 1) {
      const end = jump(square + roll) === -1 ? square + roll : jump(square + roll);
      if (!moves.has(end)) moves.set(end, moves.get(square) + 1);
    }
  }
  return moves.get(n * n) ?? -1;
}

/** LeetCode's examples, an unreachable board, and seeded boards: n from 2 to 12, about one square in five a jump. */
function boards() {
  let seed = 909;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const unreachable = [
    [1, -1, -1],
    [1, 1, 1],
    [-1, 1, 1],
  ]; // squares 2 to 7 all snakes to 1
  const made = [
    JSON.parse(EXAMPLE),
    [
      [-1, -1],
      [-1, 3],
    ],
    unreachable,
  ];
  for (let count = 0; count < 120; count += 1) {
    const n = 2 + Math.floor(random() * 11);
    const board = Array.from({ length: n }, () => new Array(n).fill(-1));
    for (let square = 2; square < n * n; square += 1) {
      if (random() > 0.2) continue;
      const end = 2 + Math.floor(random() * (n * n - 1));
      const fromBottom = Math.floor((square - 1) / n);
      const along = (square - 1) % n;
      if (end !== square) board[n - 1 - fromBottom][fromBottom % 2 ? n - 1 - along : along] = end;
    }
    made.push(board);
  }
  return made;
}
const BOARDS = boards();

/** The load's reply, and the answers on every board (when it loaded). */
function answers(source, strip = null) {
  const loaded = JSON.parse(runner.load(source, strip));
  if (!loaded.loaded) return { loaded, answers: null };
  return { loaded, answers: BOARDS.map((board) => JSON.parse(runner.run(JSON.stringify(board), false, false))) };
}

test("every right form loads and answers every board as the reference search", () => {
  const expected = BOARDS.map(reference);
  assert.ok(expected.includes(-1) && expected.some((moves) => moves > 4)); // the boards are not all alike
  const right = [
    ...Object.entries(RIGHT_FORMS).map(([name, source]) => [name, source, null]),
    ...Object.entries(TYPESCRIPT_RIGHT).map(([name, source]) => [`ts ${name}`, source, typeScript]),
  ];
  for (const [name, source, strip] of right) {
    const ran = answers(source, strip);
    assert.equal(ran.loaded.loaded, true, `${name}: ${JSON.stringify(ran.loaded)}`);
    const wrong = ran.answers.findIndex(
      (outcome, index) => outcome.error !== null || outcome.answer !== expected[index],
    );
    assert.equal(wrong, -1, `${name} on board ${wrong}: ${JSON.stringify(ran.answers[wrong])}`);
  }
});

test("every wrong form fails a board, or its file's own assert fails at load naming the line", () => {
  const expected = BOARDS.map(reference);
  const wrong = [
    ...Object.entries(WRONG_FORMS).map(([name, source]) => [name, source, null]),
    ...Object.entries(TYPESCRIPT_WRONG).map(([name, source]) => [`ts ${name}`, source, typeScript]),
  ];
  for (const [name, source, strip] of wrong) {
    const ran = answers(source, strip);
    if (!ran.loaded.loaded) {
      assert.match(ran.loaded.error, /^AssertionError: /, name);
      assert.ok(Number.isInteger(ran.loaded.line) && source.split("\n")[ran.loaded.line - 1].includes("assert"), name);
      continue;
    }
    assert.ok(
      ran.answers.some((outcome, index) => outcome.answer !== expected[index]),
      name,
    );
  }
});

test("a failed top-level assert, a require or import of another module, and bad TypeScript name their line", () => {
  const fn = "function snakesAndLadders(board) { return 3; }\n";
  const cases = [
    [
      `const assert = require("node:assert");\n${fn}assert.strictEqual(snakesAndLadders(${EXAMPLE}), 4);\n`,
      null,
      3,
      "AssertionError: Expected values to be strictly equal: 3 !== 4",
    ],
    [
      `${fn}\nconst fs = require("fs");\n`,
      null,
      3,
      'Error: require("fs") is not available here: remove it (only "assert" is given)',
    ],
    [
      `import _ from "lodash";\n${fn}export default snakesAndLadders;\n`,
      null,
      1,
      'import from "lodash" is not available here: remove this line',
    ],
    [`${fn}console.log(snakesAndLadders(1) +\n`, null, 3, "SyntaxError: Unexpected token"],
    [
      "interface P { a: number }\nfunction snakesAndLadders(board: number[][]: number {\n  return 1;\n}\n",
      typeScript,
      2,
      "SyntaxError: Unexpected token",
    ],
  ];
  for (const [source, strip, line, words] of cases) {
    const loaded = JSON.parse(runner.load(source, strip));
    assert.equal(loaded.loaded, undefined, source);
    assert.equal(loaded.line, line, `${source}: ${JSON.stringify(loaded)}`);
    assert.ok(loaded.error.startsWith(words), `${loaded.error} does not start with ${words}`);
  }
});

test("what a file prints at its top level is kept; its asserts that hold do not stop it", () => {
  const loaded = JSON.parse(runner.load(RIGHT_FORMS["require-assert-tests"]));
  assert.deepEqual(loaded, { loaded: true, output: "4\n" });
});

test("sloppy globals live on the solution's own global object, from board to board as on LeetCode, not the host's", () => {
  const counter =
    "var snakesAndLadders = function(board) {\n  calls = (calls || 0) + 1;\n  [seen, last] = [calls, board.length];\n  return calls;\n};\n";
  assert.equal(JSON.parse(runner.load(counter)).loaded, true);
  const run = () => JSON.parse(runner.run(JSON.stringify(BOARDS[1]), false, false)).answer;
  assert.deepEqual([run(), run(), run()], [1, 2, 3]); // LeetCode loads the file once for all its tests too
  assert.equal(typeof globalThis.calls, "undefined");
  assert.equal(typeof globalThis.seen, "undefined");
  assert.equal(JSON.parse(runner.load(counter)).loaded, true); // a new load starts afresh
  assert.equal(run(), 1);
});
