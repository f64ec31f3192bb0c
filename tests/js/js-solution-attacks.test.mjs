// Adversarial tests for web/workers/js-solution.mjs: a solution that tries to change what the host (this
// module, Python's Pyodide, the worker) shares with it: the built-ins it reaches by prototype chains and not by
// name (typed arrays, which Pyodide reads its strings through; Error's statics, which V8 calls back on every
// stack; the generator and iterator prototypes sval itself runs on), or to reach the host's Function
// constructor through the objects the runner hands it, which the page's CSP refuses (modelled here by
// --disallow-code-generation-from-strings). Each is refused, the runner's words about later boards unchanged.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { test } from "node:test";
import Sval from "sval";
import { parse } from "acorn";
import { javaScriptSolutions } from "../../web/workers/js-solution.mjs";

const BOARD = [
  [-1, -1],
  [-1, -1],
];
const runner = javaScriptSolutions({ Sval, parse });
const fn = (body) => `var snakesAndLadders = function(board) {\n${body}\n};`;

/** Load `source` (it must load) and run it on BOARD: the parsed outcome. */
function outcome(source) {
  const loaded = JSON.parse(runner.load(source));
  assert.equal(loaded.loaded, true, JSON.stringify(loaded));
  return JSON.parse(runner.run(JSON.stringify(BOARD)));
}

// Each attack replaces a host method with a wrapper that still works (so that a hole shows as a changed
// method, not as a broken test process) and returns 1 only if the change took.
const ATTACKS = {
  "typed arrays' subarray (Pyodide's strings)":
    "const TA = Object.getPrototypeOf(Uint8Array).prototype; const old = TA.subarray; TA.subarray = function (...a) { return old.apply(this, a); }; return TA.subarray === old ? 0 : 1;",
  "Uint8Array.prototype":
    "Uint8Array.prototype.fill = Uint8Array.prototype.fill; Uint8Array.prototype.own = 1; return 1;",
  "ArrayBuffer.prototype.slice":
    "const old = ArrayBuffer.prototype.slice; ArrayBuffer.prototype.slice = function (...a) { return old.apply(this, a); }; return 1;",
  "DataView.prototype.getUint8":
    "const old = DataView.prototype.getUint8; DataView.prototype.getUint8 = function (...a) { return old.apply(this, a); }; return 1;",
  "Error.prepareStackTrace (called with the host's frames)":
    "Error.prepareStackTrace = (e, frames) => String(e); return Error.prepareStackTrace ? 1 : 0;",
  "Error[Symbol.hasInstance]":
    "Object.defineProperty(Error, Symbol.hasInstance, { value: () => false, configurable: true }); return 1;",
  "Error.captureStackTrace":
    "const old = Error.captureStackTrace; Error.captureStackTrace = (...a) => old(...a); return 1;",
  "Error.prototype.toString":
    "const old = Error.prototype.toString; Error.prototype.toString = function () { return old.call(this); }; return Error.prototype.toString === old ? 0 : 1;",
  "TypeError.prototype.name":
    "Object.defineProperty(TypeError.prototype, 'name', { value: 'TypeError', configurable: true }); return 1;",
  "the string iterator":
    "const SI = Object.getPrototypeOf(''[Symbol.iterator]()); const old = SI.next; SI.next = function () { return old.call(this); }; return 1;",
  "the generator prototype (sval's own machinery)":
    "const H = Object.getPrototypeOf(Object.getPrototypeOf((function* () {})())); const old = H.next; H.next = function (...a) { return old.apply(this, a); }; return H.next === old ? 0 : 1;",
  "Error.stackTraceLimit as a getter (Pyodide reads it in each PythonError)":
    "Object.defineProperty(Error, 'stackTraceLimit', { get() { return 10; }, set() {}, configurable: true }); return 1;",
  "Proxy.revocable": "const old = Proxy.revocable; Proxy.revocable = (...a) => old(...a); return 1;",
};

test("a solution cannot change the built-ins it shares with the host; it fails that board with a TypeError", () => {
  const host = {
    subarray: Object.getPrototypeOf(Uint8Array).prototype.subarray,
    slice: ArrayBuffer.prototype.slice,
    getUint8: DataView.prototype.getUint8,
    prepare: Error.prepareStackTrace,
    capture: Error.captureStackTrace,
    toString: Error.prototype.toString,
    next: Object.getPrototypeOf(""[Symbol.iterator]()).next,
  };
  for (const [name, body] of Object.entries(ATTACKS)) {
    const ran = outcome(fn(body));
    assert.notEqual(ran.answer, 1, `${name}: the change took`);
    assert.match(ran.error ?? "", /^TypeError: /, name);
  }
  assert.equal(Object.getPrototypeOf(Uint8Array).prototype.subarray, host.subarray);
  assert.equal(ArrayBuffer.prototype.slice, host.slice);
  assert.equal(DataView.prototype.getUint8, host.getUint8);
  assert.equal(Error.prepareStackTrace, host.prepare);
  assert.equal(Error.captureStackTrace, host.capture);
  assert.equal(Error.prototype.toString, host.toString);
  assert.equal(Object.getPrototypeOf(""[Symbol.iterator]()).next, host.next);
  assert.equal(Object.getOwnPropertyDescriptor(Error, Symbol.hasInstance), undefined);
  assert.equal(Object.hasOwn(Uint8Array.prototype, "own"), false);
  assert.ok(Object.hasOwn(Object.getOwnPropertyDescriptor(Error, "stackTraceLimit"), "value"));
});

test("what one board's code did to Error does not change how a later board's throw is worded", () => {
  outcome(fn("try { Object.defineProperty(Error, Symbol.hasInstance, { value: () => false }); } catch {} return 1;"));
  outcome(fn("try { Error.prototype.name = 'Forged'; } catch {} return 1;"));
  assert.equal(outcome(fn("throw new Error('x');")).error, "Error: x");
  assert.equal(outcome(fn("null.x;")).error, "TypeError: Cannot read properties of null (reading 'x')");
  // Its own errors may still name themselves, and Pyodide may still lengthen its tracebacks.
  assert.equal(outcome(fn("const e = new RangeError('r'); e.name = 'Mine'; throw e;")).error, "Mine: r");
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = Infinity;
  assert.equal(Error.stackTraceLimit, Infinity);
  Error.stackTraceLimit = limit;
});

test("the host's Function constructor, reached through the runner's objects, compiles nothing where code generation is refused", () => {
  // The page's CSP (script-src without 'unsafe-eval') refuses it in the worker; Node's flag does the same here.
  const script = `
    import Sval from "sval";
    import { parse } from "acorn";
    import { javaScriptSolutions } from "./web/workers/js-solution.mjs";
    const runner = javaScriptSolutions({ Sval, parse });
    const reached = [
      "console.log.constructor", "board.constructor.constructor", "board[0].at.constructor", "board[0].constructor.constructor",
      "Object.getPrototypeOf(async () => {}).constructor", "Object.getPrototypeOf(function* () {}).constructor",
      "Object.getPrototypeOf(async function* () {}).constructor", "(() => {}).constructor", "Symbol.constructor",
    ];
    const body = "const out = []; for (const F of [" + reached.join(", ") + "]) { try { F('return 1'); out.push('compiled'); } catch (e) { out.push(e.name); } } console.log(out.join()); return 0;";
    runner.load("var snakesAndLadders = function(board) {" + body + "};");
    process.stdout.write(JSON.parse(runner.run("[[-1]]")).output);
  `;
  const out = execFileSync(
    process.execPath,
    ["--disallow-code-generation-from-strings", "--input-type=module", "-e", script],
    { encoding: "utf8" },
  );
  assert.equal(out, `${Array(9).fill("EvalError").join()}\n`);
});

test("reads made with the stack nearly used up are kept as they are counted", () => {
  // At each depth on the way back from a stack overflow, one read: some of them run out of stack inside the
  // runner's recording; each read is then either returned, kept and counted, or none of them.
  const ran = outcome(`var snakesAndLadders = function(board) {
  const row = board[0];
  let left = 0, got = 0;
  function probe() { try { probe(); } catch {} if (left > 0) { left--; try { row[0]; got++; } catch {} } }
  for (let k = 0; k < 20; k++) { left = 30; const f = (n) => n > 0 ? f(n - 1) : probe(); f(k % 7); }
  return got;
};`);
  assert.ok(ran.reads_total > 0 && ran.reads_total < 20 * 30, String(ran.reads_total));
  assert.equal(ran.reads.length, ran.reads_total);
  assert.equal(ran.answer, ran.reads_total);
});
