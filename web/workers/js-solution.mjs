// A JavaScript practice solution, run by a JavaScript interpreter written in JavaScript (sval, vendored by
// the build): the page's CSP refuses eval and new Function, and the user's code is never compiled by the
// browser. The practice worker hands `load` and `run` to Python (api/practice.py, practice_foreign.py), which
// keeps the battery, shrinking and the first difference: this module only runs the code on a board and says
// what it returned, threw, printed and read, as JSON text of the shape practice_run.Outcome.to_json() has.
//
// The code sees only what LeetCode's JavaScript gives a solution (Math, Array, Map, Set, JSON, ... and a
// console whose output is kept like Python's print), none of the worker's globals. Whatever it returns or
// throws (a non-Error, an object whose toString throws, a BigInt, a Proxy) is worded without running any of
// its code, except reading an Error's name and message, whose failure is caught.
// Work besides the solution's: O(n² + reads kept) a run (the board copied, checked for changes, the reply);
// what it prints is formatted as console.log does (3 levels, 100 items a level) and kept up to OUTPUT_LIMIT.
//
// The code runs as LeetCode runs it: a sloppy script, loaded once for all the boards (a global it makes on one
// board is still there on the next), with the test scaffolding of a file taken off (js-source.mjs): export
// lines, `module.exports`, `require("assert")` and a small assert (js-assert.mjs), top-level test calls.
import { makeAssert } from "./js-assert.mjs";
import { GIVEN, freezeIntrinsics } from "./js-intrinsics.mjs";
import { ASSERT_MODULES, SourceProblem, scriptSource, syntaxProblem, undeclaredAssignments } from "./js-source.mjs";

/** The most printed characters a run keeps (practice_run.OUTPUT_LIMIT); the rest are counted. */
export const OUTPUT_LIMIT = 4000;
/** The most reads kept (practice_reads.LIMIT); the rest are counted. */
export const LIMIT = 10_000;
/** The largest answer (untrusted.LARGEST_ANSWER): JSON numbers are exact up to here. */
const LARGEST_ANSWER = 2 ** 53;
/** The most characters of a value or an error shown (untrusted.SHOWN_LIMIT). */
const SHOWN_LIMIT = 200;
export const NOT_FOUND =
  "no snakesAndLadders found: write var snakesAndLadders = function(board) { ... }, or class Solution with a method snakesAndLadders(board) (or export one of them)";

const { apply, ownKeys } = Reflect;
const { freeze, getOwnPropertyDescriptor, setPrototypeOf, hasOwn } = Object;
const isArray = Array.isArray;
const push = (list, item) => apply(Array.prototype.push, list, [item]);
const isInteger = Number.isInteger;

/** `text` with each lone surrogate written \udxxx (untrusted.printable), so that it encodes anywhere. */
export function printable(text) {
  return text.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16)}`,
  );
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
  return (
    {
      string: "a string",
      boolean: "a boolean",
      bigint: "a BigInt",
      symbol: "a symbol",
      function: "a function",
      undefined: "undefined",
    }[typeof value] ?? "a number"
  );
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
    if (hex * 1.2 > SHOWN_LIMIT)
      return [null, `a BigInt of about ${Math.round(hex * Math.log10(16)).toLocaleString("en")} digits, not a number`];
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

/** `require` for a solution's own tests: assert, and a refusal naming what to remove for anything else. */
function requireFor(assert) {
  return (name) => {
    if (ASSERT_MODULES.includes(name)) return assert;
    throw new Error(
      `require(${JSON.stringify(String(name).slice(0, 80))}) is not available here: remove it (only "assert" is given)`,
    );
  };
}

/**
 * The sandbox's global object: LeetCode's globals, `console`, `module`, `require`, and the names `program`
 * assigns without declaring them (as a sloppy script's assignment would make them); nothing of the worker's.
 */
function sandboxGlobals(interpreter, console, program) {
  const scope = interpreter["scope"]; // sval's global scope: its window is what unknown names resolve on
  const win = scope.find("window").get();
  for (const key of ownKeys(win)) delete win[key];
  setPrototypeOf(win, null); // its prototype holds the worker's global object, which sval falls back on
  for (const name of GIVEN) win[name] = globalThis[name];
  const module = { exports: interpreter["exports"] };
  Object.assign(win, { console, module, require: requireFor(makeAssert()) });
  const known = [...ownKeys(win).map(String), "exports", "window", "self", "globalThis"];
  for (const name of undeclaredAssignments(program, known)) win[name] = undefined;
  return { scope, module };
}

/** A statement of its own to run: sval runs a Program. */
const alone = (body) => ({ type: "Program", sourceType: "script", body });

/** `var a, b;` for the names the top level declares with var: hoisted, as the whole file's would be. */
function hoistedVars(body) {
  const names = [];
  for (const statement of body) {
    if (statement.type !== "VariableDeclaration" || statement.kind !== "var") continue;
    for (const declarator of statement.declarations)
      if (declarator.id.type === "Identifier") push(names, declarator.id.name);
  }
  const declarations = names.map((name) => ({
    type: "VariableDeclarator",
    id: { type: "Identifier", name },
    init: null,
  }));
  return declarations.length ? [{ type: "VariableDeclaration", kind: "var", declarations }] : [];
}

/**
 * Run the program's top level a statement at a time, after its directives, var names and function declarations
 * (as hoisting would have them): what throws is named with the line of the top-level statement it came from (a
 * failed assert in the file's own tests, say). Null when it all ran, else `{error, line}`.
 */
function runTopLevel(interpreter, program) {
  const body = program.body;
  let count = 0;
  while (count < body.length && body[count].directive !== undefined) count += 1;
  const directives = body.slice(0, count);
  const functions = body.filter((statement) => statement.type === "FunctionDeclaration");
  const steps = [[alone([...directives, ...hoistedVars(body), ...functions]), functions[0]?.loc.start.line ?? null]];
  for (const statement of body.slice(count))
    if (statement.type !== "FunctionDeclaration") push(steps, [alone([statement]), statement.loc.start.line]);
  for (const [step, line] of steps) {
    try {
      interpreter.run(step);
    } catch (error) {
      return { error: describeThrown(error), line };
    }
  }
  return null;
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

  /** Load `source`; `strip(source)` first, when given, gives the JavaScript (TypeScript's types taken off). */
  function load(source, strip = null) {
    solver = null;
    output = new Capped(null);
    const { program, refused } = programOf(source, strip, parse);
    if (refused) return refused;
    freezeIntrinsics();
    try {
      const interpreter = new Sval({ ecmaVer: "latest", sandBox: true });
      const { scope, module } = sandboxGlobals(interpreter, console, program);
      const failed = runTopLevel(interpreter, program);
      if (failed) return JSON.stringify({ ...failed, output: output.value() });
      solver = found(scope, module);
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
    const { made, given } = handedBoard(rows, record, log);
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
    return JSON.stringify({
      answer,
      shown,
      error,
      line: null,
      output: output.value(),
      reads,
      reads_total: log.total,
      mutated: changed,
    });
  }

  return { load, run };
}

/** The script `source` makes (`strip` first, when given), or `refused`: the load's reply saying why not. */
function programOf(source, strip, parse) {
  try {
    return { program: scriptSource(strip ? strip(String(source)) : String(source), parse), refused: null };
  } catch (error) {
    const problem = error instanceof SourceProblem ? error : syntaxProblem(error);
    return { program: null, refused: JSON.stringify({ error: clip(problem.message), line: problem.line, output: "" }) };
  }
}

/** The board a run hands the solution: the rows behind recording Proxies (`record`), else a plain copy. */
function handedBoard(rows, record, log) {
  const made = record ? recording(rows, log) : { board: rows.map((row) => row.slice()), proxies: [], targets: null };
  const given = made.board.slice();
  made.targets ??= given;
  return { made, given };
}

/** `candidate` as a solution: a class with a method snakesAndLadders, else (unless `classOnly`) a function; or null. */
function solutionFrom(candidate, classOnly = false) {
  if (typeof candidate !== "function") return null;
  if (typeof candidate.prototype?.snakesAndLadders === "function")
    return (board) => new candidate().snakesAndLadders(board);
  return classOnly ? null : (board) => candidate(board);
}

/**
 * The solution the code defines: `new Solution().snakesAndLadders`, the function `snakesAndLadders`, or what
 * `module.exports` (or `export`) gives: itself, or its `Solution`, `snakesAndLadders` or `default`; else null.
 */
function found(scope, module) {
  const value = (name) => {
    const variable = scope.find(name);
    return variable ? variable.get() : undefined;
  };
  const exported = module.exports;
  const named = (key) => (exported !== null && typeof exported === "object" ? exported[key] : undefined);
  const candidates = [
    solutionFrom(value("Solution"), true),
    solutionFrom(value("snakesAndLadders")),
    solutionFrom(exported),
  ];
  for (const key of ["Solution", "snakesAndLadders", "default"]) push(candidates, solutionFrom(named(key)));
  return candidates.find((candidate) => candidate !== null) ?? null;
}
