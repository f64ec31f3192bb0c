// Unit tests for web/workers/js-solution.mjs: the JavaScript practice runner. Reads recorded as
// practice_reads.py records them (hand-written expected lists on small boards), the solution's forms and load
// errors, and hostile code: whatever it throws, returns or changes fails the board with a plain reason, and it
// reaches none of the worker's globals. (tests/test_practice_javascript.py runs the wrong solutions through
// the Python battery and compares their reads with their Python twins'.)
import assert from "node:assert/strict";
import { test } from "node:test";
import Sval from "sval";
import { parse } from "acorn";
import { LIMIT, NOT_FOUND, OUTPUT_LIMIT, javaScriptSolutions } from "../../web/workers/js-solution.mjs";
import { BFS, RIGHT, WRONG } from "./practice-solutions.mjs";

const BOARD = [
  [-1, -1, -1],
  [-1, 9, -1],
  [-1, -1, -1],
]; // 3×3: square 5 (board[1][1]) is a ladder to 9
const printed = [];
const runner = javaScriptSolutions({ Sval, parse, onPrint: (text) => printed.push(text) });

/** Load `source` (it must load) and run it on `rows`: the parsed outcome. */
function outcome(source, rows = BOARD, record = true, stream = false) {
  const loaded = JSON.parse(runner.load(source));
  assert.equal(loaded.loaded, true, JSON.stringify(loaded));
  return JSON.parse(runner.run(JSON.stringify(rows), record, stream));
}

const fn = (body) => `var snakesAndLadders = function(board) {\n${body}\n};`;

test("index reads, negative at(), iteration, slice, spread, forEach, includes: each cell yielded, in order", () => {
  const cases = [
    [
      "return board[2][0] + board[1][1];",
      [
        [2, 0],
        [1, 1],
      ],
    ],
    ["return board[0].at(-1);", [[0, 2]]],
    [
      "let s = 0; for (const v of board[1]) s += v; return s;",
      [
        [1, 0],
        [1, 1],
        [1, 2],
      ],
    ],
    [
      "return board[2].slice(1).length;",
      [
        [2, 1],
        [2, 2],
      ],
    ],
    [
      "return [...board[0]].length;",
      [
        [0, 0],
        [0, 1],
        [0, 2],
      ],
    ],
    [
      "let k = 0; board[1].forEach(() => k++); return k;",
      [
        [1, 0],
        [1, 1],
        [1, 2],
      ],
    ],
    [
      "return board[1].includes(9) ? 1 : 0;",
      [
        [1, 0],
        [1, 1],
      ],
    ], // stops at the cell that matches, as Python's `in`
    [
      "return board[1].indexOf(9);",
      [
        [1, 0],
        [1, 1],
      ],
    ],
    [
      "return JSON.stringify(board[2]).length;",
      [
        [2, 0],
        [2, 1],
        [2, 2],
      ],
    ], // it asks the row for each cell
    // Not reads: lengths, out-of-range indices, -1 (not an index in JavaScript), the rows themselves, a copy's reads.
    [
      "const c = board[0].slice(); c[0]; c[1]; return board.length + board[0].length + (board[0][5] ?? 0) + (board[0][-1] ?? 0);",
      [
        [0, 0],
        [0, 1],
        [0, 2],
      ],
    ],
  ];
  for (const [body, reads] of cases) {
    const ran = outcome(fn(body));
    assert.equal(ran.error, null, `${body}: ${ran.error}`);
    assert.deepEqual(ran.reads, reads, body);
    assert.equal(ran.reads_total, reads.length, body);
    assert.equal(ran.mutated, false, body);
  }
});

test("the BFS reads each landing's cell twice when it holds a jump, once a read of the cell just read dropped", () => {
  // From square 1: landings 2..7; square 5 (board[1][1]) holds 9 = n², so the search stops there.
  const ran = outcome(BFS);
  assert.equal(ran.answer, 1);
  const cells = { 2: [2, 1], 3: [2, 2], 4: [1, 2], 5: [1, 1] };
  assert.deepEqual(ran.reads, [cells[2], cells[3], cells[4], cells[5], cells[5]]);
});

test("only the reads of the first LIMIT are kept; the rest are counted", () => {
  // 101 rows of 100 cells, read by the engine's own flat(): LIMIT + 100 reads, fast.
  const rows = Array.from({ length: 101 }, () => Array(100).fill(-1));
  const ran = outcome(fn("return board.flat().length;"), rows);
  assert.equal(ran.reads.length, LIMIT);
  assert.equal(ran.reads_total, LIMIT + 100);
  assert.deepEqual(ran.reads.at(-1), [99, 99]);
  assert.deepEqual(outcome(fn("return board[0][0];"), BOARD, false).reads, []); // not recorded when not asked
});

test("both of LeetCode's forms load; a syntax error gives its line, a missing function says what to write", () => {
  for (const source of Object.values(RIGHT)) assert.equal(outcome(source).answer, 1);
  assert.equal(outcome("class Solution { snakesAndLadders(board) { return board.length; } }").answer, 3);
  assert.deepEqual(JSON.parse(runner.load("var snakesAndLadders = function(board) {\n  return board.length *;\n};")), {
    error: "SyntaxError: Unexpected token",
    line: 2,
    output: "",
  });
  assert.deepEqual(JSON.parse(runner.load("console.log('top');\nvar snakesAndLadder = 1;")), {
    error: NOT_FOUND,
    line: null,
    output: "top\n",
  });
  assert.equal(JSON.parse(runner.load("null.x;")).error, "TypeError: Cannot read properties of null (reading 'x')");
  assert.throws(() => runner.run("[[-1]]"), /no JavaScript solution is loaded/);
});

test("console.log is kept up to OUTPUT_LIMIT characters and streamed when asked; printing a row is not reading it", () => {
  const ran = outcome(fn("console.log('row', board[0], {a: [1, 'x']}); return 0;"), BOARD, true, true);
  assert.equal(ran.output, 'row [ -1, -1, -1 ] { a: [ 1, "x" ] }\n');
  assert.deepEqual(ran.reads, []);
  assert.deepEqual(printed.splice(0), [ran.output]);
  const long = outcome(fn(`console.log("x".repeat(${OUTPUT_LIMIT + 10})); return 0;`));
  assert.equal(long.output, `${"x".repeat(OUTPUT_LIMIT)}\n… (11 more characters cut off)`);
});

test("what a solution returns that is not an integer answer is said plainly, never by running its code", () => {
  const shown = (value) => outcome(fn(`return ${value};`));
  assert.deepEqual([shown("2.5").answer, shown("2.5").shown], [null, "2.5 (a number), not an integer"]);
  assert.equal(shown("1e300").shown, "1e+300 (past 2**53, not exact), not an answer");
  assert.equal(shown("-0").answer, 0);
  assert.equal(shown("3n").shown, "3n (a BigInt), not a number");
  assert.equal(shown("2n ** 5000n").shown, "a BigInt of about 1,506 digits, not a number");
  assert.equal(shown("'4'").shown, '"4" (a string), not a number');
  assert.equal(shown("undefined").shown, "undefined, not a number");
  assert.equal(shown("{ toString() { throw 1; }, valueOf() { throw 2; } }").shown, "an object, not a number");
  assert.equal(shown("new Proxy([], { get() { throw 1; } })").shown, "an array, not a number");
  assert.equal(
    shown("(() => { const p = Proxy.revocable({}, {}); p.revoke(); return p.proxy; })()").shown,
    "an object, not a number",
  );
});

test("hostile throws, board changes and prototype changes fail the board with a plain reason", () => {
  const error = (body) => outcome(fn(body)).error;
  assert.equal(error("throw 5;"), "threw 5 (a number), not an Error");
  assert.equal(error("throw { toString() { throw 1; } };"), "threw an object, not an Error");
  assert.equal(error("throw new Proxy({}, { getPrototypeOf() { throw 1; } });"), "threw an object, not an Error");
  assert.equal(
    error("const e = new Error('x'); Object.defineProperty(e, 'message', { get() { throw 1; } }); throw e;"),
    "Error",
  );
  assert.equal(
    error("class Mine extends Error { constructor() { super('m'); this.name = 'Mine'; } } throw new Mine();"),
    "Mine: m",
  );
  assert.equal(error("const f = (k) => f(k + 1); return f(0);"), "RangeError: Maximum call stack size exceeded");
  assert.match(
    error("Array.prototype.push = () => 0; return 1;"),
    /^TypeError: Cannot assign to read only property 'push'/,
  );
  assert.match(
    error("Object.prototype.x = 1; return 1;"),
    /^TypeError: Cannot add property x, object is not extensible/,
  );
  // An object literal may still have its own toString: the frozen prototype's is not in its way.
  assert.equal(outcome(fn("const o = { toString() { return 'o'; } }; return String(o).length;")).answer, 1);
  // The runner still works after all of it.
  assert.equal(outcome(BFS).answer, 1);
  const changed = outcome(fn("board[0][0] = 7; return 1;"));
  assert.equal(changed.mutated, true);
  assert.equal(outcome(fn("board.reverse(); return 1;")).mutated, true);
  assert.equal(outcome(fn("Object.defineProperty(board[0], 0, { get() { throw 1; } }); return 1;")).mutated, true);
  assert.equal(outcome(fn("board.push([]); return 1;")).mutated, true);
});

test("the code reaches LeetCode's globals and none of the worker's", () => {
  const ran = outcome(
    fn(`const names = ["postMessage", "fetch", "importScripts", "process", "setTimeout", "snakesLaddersJavaScript"];
  const seen = names.filter((name) => typeof globalThis[name] !== "undefined" || typeof self[name] !== "undefined");
  console.log(seen.length, Object.getPrototypeOf(globalThis) === null, typeof Math.max, typeof new Map().set, typeof JSON.stringify);
  return 0;`),
  );
  assert.equal(ran.output, "0 true function function function\n");
  assert.equal(outcome(fn("return typeof process + typeof importScripts;")).answer, null);
});

test("each wrong solution loads and answers, as its Python twin does on this board", () => {
  for (const [name, [, source]] of Object.entries(WRONG)) {
    const ran = outcome(source);
    assert.equal(ran.error, null, name);
    assert.ok(Number.isInteger(ran.answer), name);
  }
});
