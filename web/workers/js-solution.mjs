// A JavaScript practice solution, run by a JavaScript interpreter written in JavaScript (sval, vendored by
// the build): the page's CSP refuses eval and new Function, and the user's code is never compiled by the
// engine. The practice worker hands `load` and `run` to Python (api/practice.py, practice_foreign.py), which
// keeps the battery, shrinking and the first difference: this module only runs the code on a board and says
// what it returned, threw, printed and read, as JSON text of the shape practice_run.Outcome.to_json() has.
//
// The code sees only what LeetCode's JavaScript gives a solution (Math, Array, Map, Set, JSON, ... and a
// console whose output is kept like Python's print), none of the worker's globals. Whatever it returns or
// throws (a non-Error, an object whose toString throws, a BigInt, a Proxy) is worded without running any of
// its code, except reading an Error's name and message, whose failure is caught.
// Work besides the solution's: O(n² + reads kept) a run (the board copied, checked for changes, the reply);
// what it prints is formatted as console.log does (3 levels, 100 items a level) and kept up to OUTPUT_LIMIT.

/** The most printed characters a run keeps (practice_run.OUTPUT_LIMIT); the rest are counted. */
export const OUTPUT_LIMIT = 4000;
/** The most reads kept (practice_reads.LIMIT); the rest are counted. */
export const LIMIT = 10_000;
/** The largest answer (untrusted.LARGEST_ANSWER): JSON numbers are exact up to here. */
const LARGEST_ANSWER = 2 ** 53;
/** The most characters of a value or an error shown (untrusted.SHOWN_LIMIT). */
const SHOWN_LIMIT = 200;
export const NOT_FOUND =
  "no snakesAndLadders found: write var snakesAndLadders = function(board) { ... }, or class Solution with a method snakesAndLadders(board)";

// What the solution's code can reach by name: LeetCode's JavaScript globals, the worker's none.
const GIVEN = [
  "Array", "ArrayBuffer", "BigInt", "Boolean", "DataView", "Date", "Error", "EvalError", "Float32Array", "Float64Array",
  "Infinity", "Int16Array", "Int32Array", "Int8Array", "JSON", "Map", "Math", "NaN", "Number", "Object", "Promise",
  "Proxy", "RangeError", "ReferenceError", "Reflect", "RegExp", "Set", "String", "Symbol", "SyntaxError", "TypeError",
  "Uint16Array", "Uint32Array", "Uint8Array", "Uint8ClampedArray", "URIError", "WeakMap", "WeakSet", "isFinite",
  "isNaN", "parseFloat", "parseInt", "undefined",
];
// Frozen before the first solution runs: a solution that changes them (Array.prototype.push = ...) is refused
// with a TypeError, instead of breaking this module and the Python that shares the worker.
const FROZEN = ["Array", "Object", "Function", "Map", "Set", "WeakMap", "WeakSet", "String", "Number", "Boolean", "Symbol", "BigInt", "Math", "JSON", "Reflect", "Promise", "RegExp", "Date"];

const { apply, getPrototypeOf, ownKeys } = Reflect;
const { defineProperty, freeze, getOwnPropertyDescriptor, setPrototypeOf, hasOwn } = Object;
const isArray = Array.isArray;
const push = (list, item) => apply(Array.prototype.push, list, [item]);
const isInteger = Number.isInteger;

/**
 * Make `key` of `proto` (about to be frozen) an accessor whose setter gives the object assigned to an own
 * property: else `{toString() {...}}` or `this.constructor = ...` in the solution would fail, since an
 * inherited read-only property refuses assignment.
 */
function assignable(proto, key) {
  const descriptor = getOwnPropertyDescriptor(proto, key);
  if (!descriptor || !hasOwn(descriptor, "value") || !descriptor.configurable) return;
  const { value, enumerable } = descriptor;
  defineProperty(proto, key, {
    enumerable,
    configurable: false,
    get: () => value,
    set(next) {
      if (this === proto) throw new TypeError(`Cannot assign to read only property '${String(key)}'`);
      defineProperty(this, key, { value: next, writable: true, enumerable: true, configurable: true });
    },
  });
}

/** Freeze `value` and its prototype, whose keys a solution's own objects may still assign (see assignable). */
function harden(value) {
  const proto = typeof value === "function" ? value.prototype : undefined;
  for (const key of ["constructor", "toString", "valueOf", "name", "message"]) if (proto) assignable(proto, key);
  freeze(value);
  if (proto) freeze(proto);
}

/**
 * The built-ins the solution reaches through prototype chains, not by name, that the host uses too: typed
 * arrays and buffers (Pyodide reads and writes its strings through them), the string and generator machinery
 * (sval runs on generators), and the constructors of async and generator functions.
 */
function reachedIntrinsics() {
  const typed = GIVEN.filter((name) => name.endsWith("Array") && name !== "Array").map((name) => globalThis[name]);
  const functions = [async () => {}, function* () {}, async function* () {}].map((f) => getPrototypeOf(f));
  const [asyncFunction, generator, asyncGenerator] = /** @type {any[]} */ (functions);
  const iterators = [[][Symbol.iterator](), ""[Symbol.iterator](), /x/[Symbol.matchAll](""), new Map()[Symbol.iterator](), new Set()[Symbol.iterator]()];
  return [
    ...[getPrototypeOf(Uint8Array), ...typed, ArrayBuffer, DataView, Proxy],
    ...[asyncFunction.constructor, generator.constructor, asyncGenerator.constructor], // with their prototypes
    ...[generator.prototype, asyncGenerator.prototype, getPrototypeOf(asyncGenerator.prototype)],
    ...iterators.map((iterator) => getPrototypeOf(iterator)),
  ];
}

/**
 * Error and its kinds, frozen but for Error.stackTraceLimit, which Pyodide sets around each PythonError it
 * makes (still a plain number: a getter there would run in Pyodide's error handling): else a solution could set
 * Error.prepareStackTrace (which V8 calls with the host's frames) or Error[Symbol.hasInstance] (which would
 * change how every later throw is worded).
 */
function hardenErrors() {
  for (const kind of [Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError, AggregateError]) {
    for (const key of ["constructor", "toString", "name", "message"]) assignable(kind.prototype, key);
    freeze(kind.prototype);
    for (const key of ownKeys(kind)) {
      const fixed = hasOwn(getOwnPropertyDescriptor(kind, key), "value") && key !== "stackTraceLimit";
      defineProperty(kind, key, fixed ? { configurable: false, writable: false } : { configurable: false });
    }
    Object.preventExtensions(kind);
  }
}

let frozen = false;
function freezeIntrinsics() {
  if (frozen) return;
  frozen = true;
  for (const key of ownKeys(Object.prototype)) assignable(Object.prototype, key);
  for (const name of FROZEN) harden(globalThis[name]);
  for (const value of reachedIntrinsics()) harden(value);
  hardenErrors();
  freeze(getPrototypeOf(getPrototypeOf([][Symbol.iterator]())));
}

/** `text` with each lone surrogate written \udxxx (untrusted.printable), so that it encodes anywhere. */
export function printable(text) {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
}

function clip(text, limit = SHOWN_LIMIT) {
  return text.length > limit ? `${printable(text.slice(0, limit))}… (cut off)` : printable(text);
}

/** The first `limit` characters printed, and a count of the rest (practice_run._Capped). */
class Capped {
  text = "";
  dropped = 0;

  constructor(sink) {
    this.sink = sink;
  }

  write(piece) {
    const room = OUTPUT_LIMIT - this.text.length;
    const kept = room > 0 ? piece.slice(0, room) : "";
    this.text += kept;
    if (kept && this.sink) this.sink(printable(kept));
    this.dropped += piece.length - kept.length;
  }

  value() {
    return printable(this.text) + (this.dropped ? `\n… (${this.dropped} more characters cut off)` : "");
  }
}

/** A value as console.log writes it: strings as they are at the top, nested ones quoted; 3 levels, 100 items. */
function formatted(value, depth, unwrap) {
  if (typeof value === "string") return depth === 0 ? value : JSON.stringify(value.slice(0, SHOWN_LIMIT));
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "symbol") return "Symbol()";
  if (typeof value === "function") return "[Function]";
  if (value === null || typeof value !== "object") return String(value);
  if (depth >= 3) return isArray(value) ? "[Array]" : "[Object]";
  const target = unwrap(value); // a row of the board: printing it is not reading it (as Python's repr)
  if (isArray(target)) {
    const items = [];
    for (let i = 0; i < target.length && i < 100; i += 1) push(items, formatted(target[i], depth + 1, unwrap));
    if (target.length > 100) push(items, `... ${target.length - 100} more items`);
    return `[ ${items.join(", ")} ]`;
  }
  if (target instanceof Map || target instanceof Set) return `${target instanceof Map ? "Map" : "Set"}(${target.size})`;
  const keys = Object.keys(target).slice(0, 100);
  return `{ ${keys.map((key) => `${key}: ${formatted(target[key], depth + 1, unwrap)}`).join(", ")} }`;
}

/** What a value is, without running any of its code: "a string", "an array", ... */
function kindOf(value) {
  if (value === null) return "null";
  if (typeof value === "object") {
    try {
      return isArray(value) ? "an array" : "an object";
    } catch {
      return "an object"; // a revoked Proxy
    }
  }
  return { string: "a string", boolean: "a boolean", bigint: "a BigInt", symbol: "a symbol", function: "a function", undefined: "undefined" }[typeof value] ?? "a number";
}

/**
 * `[answer, shown]` for what the solution returned (untrusted.describe_value): an integer answer up to 2**53.
 * @returns {[number | null, string]}
 */
export function describeValue(value) {
  if (typeof value === "number") {
    if (!isInteger(value)) return [null, `${value} (a number), not an integer`];
    if (Math.abs(value) > LARGEST_ANSWER) return [null, `${value} (past 2**53, not exact), not an answer`];
    return [value === 0 ? 0 : value, String(value)];
  }
  if (typeof value === "bigint") {
    const hex = (value < 0n ? -value : value).toString(16).length;
    if (hex * 1.2 > SHOWN_LIMIT) return [null, `a BigInt of about ${Math.round(hex * Math.log10(16)).toLocaleString("en")} digits, not a number`];
    return [null, `${value}n (a BigInt), not a number`];
  }
  if (typeof value === "string") return [null, `${JSON.stringify(clip(value))} (a string), not a number`];
  if (typeof value === "boolean" || value === undefined || value === null) return [null, `${value}, not a number`];
  return [null, `${kindOf(value)}, not a number`];
}

/** A string property of a thrown value, or null (a getter that throws, or not a string). */
function readText(error, key) {
  try {
    const value = error[key];
    return typeof value === "string" ? value : null;
  } catch {
    return null;
  }
}

/** A thrown value that is not an Error, in words: `5 (a number)`, `"x" (a string)`, `an object`. */
function thrownValue(value) {
  if (value === null || value === undefined) return String(value);
  if (typeof value === "object" || typeof value === "function" || typeof value === "symbol") return kindOf(value);
  if (typeof value === "bigint") return describeValue(value)[1].replace(/, not a number$/, "");
  const text = typeof value === "string" ? JSON.stringify(clip(value)) : String(value);
  return `${text} (${kindOf(value)})`;
}

/** "TypeError: x is not a function" for what the solution threw; "threw 5 (a number), not an Error" otherwise. */
export function describeThrown(error) {
  let isError;
  try {
    isError = error instanceof Error;
  } catch {
    isError = false; // a Proxy whose getPrototypeOf throws
  }
  if (!isError) return `threw ${thrownValue(error)}, not an Error`;
  const name = clip(readText(error, "name") ?? "Error", 80);
  const message = readText(error, "message");
  return message ? `${name}: ${clip(message)}` : name;
}

/** The line and message of a syntax error acorn reported ("Unexpected token (3:4)"). */
function syntaxProblem(error) {
  const line = error?.loc?.line;
  const message = readText(error, "message") ?? "invalid syntax";
  return { error: `SyntaxError: ${clip(message.replace(/ \(\d+:\d+\)$/, ""))}`, line: isInteger(line) ? line : null };
}

/** A board that records each cell read (practice_reads.recording): rows are Proxies over copies of the rows. */
function recording(rows, log) {
  const targets = rows.map((row) => row.slice());
  const proxies = targets.map(
    (target, row) =>
      new Proxy(target, {
        // Read, then kept, then counted: a read that fails (the stack used up, as deep recursion can leave it
        // anywhere in here) is neither kept nor counted, so the reads kept are the reads counted up to LIMIT.
        get(inner, key, receiver) {
          const value = Reflect.get(inner, key, receiver);
          if (typeof key === "string") {
            const column = +key;
            if (isInteger(column) && column >= 0 && column < inner.length && String(column) === key) {
              if (log.total < LIMIT) push(log.cells, [row, column]);
              log.total += 1;
            }
          }
          return value;
        },
      }),
  );
  return { board: proxies.slice(), proxies, targets };
}

/** An own data property's value, or `missing` (a getter, or no such property): no code of the solution runs. */
function own(object, key, missing) {
  const descriptor = getOwnPropertyDescriptor(object, key);
  return descriptor && hasOwn(descriptor, "value") ? descriptor.value : missing;
}

/** Whether the solution changed the board (practice_reads.mutated): the same rows, holding the same ints. */
function mutated(board, given, targets, rows) {
  const missing = {};
  if (!isArray(board) || own(board, "length", -1) !== rows.length) return true;
  return rows.some((values, r) => {
    if (own(board, String(r), missing) !== given[r] || own(targets[r], "length", -1) !== values.length) return true;
    return values.some((value, c) => own(targets[r], String(c), missing) !== value);
  });
}

/** The sandbox's global object: LeetCode's globals and `console`, nothing of the worker's. */
function sandboxGlobals(interpreter, console) {
  const scope = interpreter["scope"]; // sval's global scope: its window is what unknown names resolve on
  const win = scope.find("window").get();
  for (const key of ownKeys(win)) delete win[key];
  setPrototypeOf(win, null); // its prototype holds the worker's global object, which sval falls back on
  for (const name of GIVEN) win[name] = globalThis[name];
  win.console = console;
  return scope;
}

/**
 * `{load(source), run(rowsJson, record, stream)}`, each returning JSON text: `Sval` is sval's interpreter class,
 * `parse` acorn's (for syntax errors with their line), `onPrint(text)` hears what a streamed run prints.
 */
export function javaScriptSolutions({ Sval, parse, onPrint = () => {} }) {
  let solver = null;
  let output = new Capped(null);
  let targetOf = new WeakMap(); // a row's Proxy -> the row, for printing
  const unwrap = (value) => targetOf.get(value) ?? value;
  const print = (...args) => output.write(`${args.map((arg) => formatted(arg, 0, unwrap)).join(" ")}\n`);
  const console = freeze({ log: print, info: print, warn: print, error: print, debug: print });

  function load(source) {
    solver = null;
    output = new Capped(null);
    let program;
    try {
      program = parse(String(source), { ecmaVersion: "latest", sourceType: "script", locations: true });
    } catch (error) {
      return JSON.stringify({ ...syntaxProblem(error), output: "" });
    }
    freezeIntrinsics();
    try {
      const interpreter = new Sval({ ecmaVer: "latest", sandBox: true });
      const scope = sandboxGlobals(interpreter, console);
      interpreter.run(program);
      solver = found(scope);
    } catch (error) {
      return JSON.stringify({ error: describeThrown(error), line: null, output: output.value() });
    }
    if (solver === null) return JSON.stringify({ error: NOT_FOUND, line: null, output: output.value() });
    return JSON.stringify({ loaded: true, output: output.value() });
  }

  function run(rowsJson, record = true, stream = false) {
    if (solver === null) throw new Error("no JavaScript solution is loaded");
    const rows = JSON.parse(rowsJson);
    const log = { cells: [], total: 0 };
    const made = record ? recording(rows, log) : { board: rows.map((row) => row.slice()), proxies: [], targets: null };
    const given = made.board.slice();
    made.targets ??= given;
    targetOf = new WeakMap(made.proxies.map((proxy, r) => [proxy, made.targets[r]]));
    output = new Capped(stream ? onPrint : null);
    let answer = null;
    let shown;
    let error = null;
    try {
      [answer, shown] = describeValue(solver(made.board));
    } catch (thrown) {
      [shown, error] = ["an exception", describeThrown(thrown)];
    }
    const changed = mutated(made.board, given, made.targets, rows);
    const reads = log.cells;
    return JSON.stringify({ answer, shown, error, line: null, output: output.value(), reads, reads_total: log.total, mutated: changed });
  }

  return { load, run };
}

/** The solution the code defines: `new Solution().snakesAndLadders` or the function `snakesAndLadders`; else null. */
function found(scope) {
  const value = (name) => {
    const variable = scope.find(name);
    return variable ? variable.get() : undefined;
  };
  const Solution = value("Solution");
  if (typeof Solution === "function" && typeof Solution.prototype?.snakesAndLadders === "function") return (board) => new Solution().snakesAndLadders(board);
  const plain = value("snakesAndLadders");
  return typeof plain === "function" ? (board) => plain(board) : null;
}
