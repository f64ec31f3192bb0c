// Unit tests for web/workers/js-destructuring.mjs (through js-source.mjs's scriptSource, as the runner uses
// it): each destructuring assignment the interpreter gets wrong gives, once written out, what the same code
// gives when V8 runs it; plain forms are left as written; lines keep their numbers; work grows with the
// source's length, measured at two sizes.
import assert from "node:assert/strict";
import { test } from "node:test";
import Sval from "sval";
import { parse } from "acorn";
import { writtenOutDestructuring } from "../../web/workers/js-destructuring.mjs";
import { nodes } from "../../web/workers/js-nodes.mjs";
import { scriptSource } from "../../web/workers/js-source.mjs";
import { javaScriptSolutions } from "../../web/workers/js-solution.mjs";
import { cpuTime } from "./cpu-time.mjs";

/** Each body sets `exports.r`; V8's answer is the reference. */
const FORMS = {
  "object pattern, same scope": "let a = 1, b = 2; ({ a, b } = { a: 5, b: 7 }); exports.r = [a, b];",
  "object pattern, inner function": "let a = 1, b = 2; (() => { ({ a, b } = { a: 5, b: 7 }); })(); exports.r = [a, b];",
  "array default": "let a = 1, b = 2; (() => { [a = 5, b] = [undefined, 7]; })(); exports.r = [a, b];",
  "member targets (a swap)": "const q = [1, 2, 3]; (() => { [q[0], q[2]] = [q[2], q[0]]; })(); exports.r = q;",
  "a default sees the target before it": "let a = 0, b = 0; (() => { [a, b = a] = [1]; })(); exports.r = [a, b];",
  "object rest": "let a, r; (() => { ({ a, ...r } = { a: 1, b: 2, c: 3 }); })(); exports.r = [a, r];",
  "computed key with a default": "let k = 'z', v; (() => { ({ [k]: v = 9 } = { z: 4 }); })(); exports.r = v;",
  "string and number keys": "let a, b; ({ 'x y': a, 0: b } = { 'x y': 1, 0: 2 }); exports.r = [a, b];",
  nested: "let a, b, c; (() => { ({ a: [b, { c = 3 }] } = { a: [1, {}] }); a = 0; })(); exports.r = [a, b, c];",
  "array rest and holes": "let a, r; [, a = 4, ...r] = [0, undefined, 5, 6]; exports.r = [a, r];",
  "its value is the right side": "let a; const x = ({ a } = { a: 2 }); exports.r = [a, x];",
  "a chain": "let a, b; ({ a } = { b } = { a: 1, b: 2 }); exports.r = [a, b];",
  "one inside another's default": "let a, b; ({ a = ({ b } = { b: 7 }).b } = {}); exports.r = [a, b];",
  "one inside another's right side":
    "let a, b; ({ a } = (() => { [b = 3] = []; return { a: b + 1 }; })()); exports.r = [a, b];",
  "null throws a TypeError":
    "let a; try { ({ a } = null); exports.r = 'no'; } catch (e) { exports.r = e instanceof TypeError; }",
  "this in a method":
    "class A { m() { [this.x, this.y = 2] = [1]; return this.x + this.y; } } exports.r = new A().m();",
  "for-of over an object pattern":
    "let a = 0, s = 0; (() => { for ({ a } of [{ a: 1 }, { a: 2 }]) s += a; })(); exports.r = [a, s];",
  "for-of with a default": "let a = 0, s = 0; for ([a = 3] of [[1], []]) { s += a; } exports.r = [a, s];",
  "for-in over a pattern": "let k, s = ''; for ([k = 'x'] in { ab: 1 }) s += k; exports.r = s;",
  "labelled for-of with continue":
    "let a, s = 0; outer: for ({ a } of [{ a: 1 }, { a: 2 }]) { if (a === 1) continue outer; s += a; } exports.r = s;",
};

/** `body` run by V8: its `exports.r` as JSON, or the error's name. */
function native(body) {
  try {
    const exports = {};
    new Function("exports", body)(exports);
    return JSON.stringify(exports.r);
  } catch (error) {
    return `threw ${error.name}`;
  }
}

/** `body` run by sval, from `program` (its AST): its `exports.r` as JSON, or the error. */
function interpreted(program) {
  try {
    const interpreter = new Sval({ ecmaVer: "latest", sandBox: true });
    interpreter.run(program);
    return JSON.stringify(interpreter.exports.r);
  } catch (error) {
    return `threw ${error.name}: ${error.message}`;
  }
}

test("every destructuring assignment the interpreter gets wrong gives V8's result once written out", () => {
  for (const [name, body] of Object.entries(FORMS))
    assert.equal(interpreted(scriptSource(body, parse)), native(body), name);
});

test("without the rewrite the interpreter gets these forms wrong (so the cases test something)", () => {
  const wrong = Object.entries(FORMS).filter(
    ([, body]) =>
      !native(body).startsWith("threw") && interpreted(parse(body, { ecmaVersion: "latest" })) !== native(body),
  );
  for (const name of ["object pattern, same scope", "object pattern, inner function", "array default"])
    assert.ok(
      wrong.some(([found]) => found === name),
      `${name}: sval 0.6.12 runs it right now; the rewrite may go`,
    );
  assert.ok(wrong.some(([found]) => found === "member targets (a swap)"));
  assert.ok(wrong.some(([found]) => found === "for-of over an object pattern"));
});

test("plain array assignments, declarations and parameters are left as written", () => {
  const plain = [
    "let pos, mov; const q = [[1, 0]]; [pos, mov] = q.shift();",
    "let a, r; [a, [r], ...q] = [1, [2], 3];",
    "const { a, b: [c = 1] } = { a: 1, b: [] }; function f({ x = 1, ...y }, [z] = []) { return x; }",
    "for (const [k, v] of Object.entries({ a: 1 })) {} for (let { a } of []) {}",
    "async function f(o) { let a; ({ a = await o } = o); }",
  ];
  for (const text of plain) {
    const program = parse(text, { ecmaVersion: "latest" });
    assert.equal(writtenOutDestructuring(text, program, nodes(program)), text, text);
  }
});

test("a written-out source keeps its line count, and an error after it names its own line", () => {
  const source = [
    "var snakesAndLadders = function (board) {",
    "  let a, b;",
    "  ({",
    "    a,",
    "    b = 2,",
    "  } = { a: 1 });",
    "  for ({",
    "    a",
    "  } of [{ a: 3 }]) b += a;",
    "  return a + b;",
    "};",
    "throw new Error('line 12');",
  ].join("\n");
  const program = parse(source, { ecmaVersion: "latest", locations: true });
  const written = writtenOutDestructuring(source, program, nodes(program));
  assert.notEqual(written, source);
  assert.equal(written.split("\n").length, source.split("\n").length);
  const runner = javaScriptSolutions({ Sval, parse });
  const loaded = JSON.parse(runner.load(source));
  assert.equal(loaded.line, 12, JSON.stringify(loaded));
  assert.match(loaded.error, /line 12/);
  const fine = JSON.parse(runner.load(source.replace("throw new Error('line 12');", "")));
  assert.equal(fine.loaded, true, JSON.stringify(fine));
  assert.equal(JSON.parse(runner.run("[[-1, -1], [-1, -1]]")).answer, 8); // a = 1, then 3; b = 2, then 5
});

test("writing out grows with the source: many assignments and deep nesting at two sizes", () => {
  const many = (count) => `let a, b, c; const o = {};\n${"({ a, b: [c = 1] = [] } = o);\n".repeat(count)}`;
  const deep = (depth) => `let a; ({ a: ${"[".repeat(depth)}a = 1${"]".repeat(depth)} } = { a: [] });`;
  for (const [what, make, small] of [
    ["assignments", many, 500],
    ["nesting", deep, 200],
  ]) {
    const work = (size) => {
      const text = make(size);
      return () => scriptSource(text, parse);
    };
    const ratio = cpuTime(work(small * 4)) / cpuTime(work(small));
    // 4 times the source: about 4 times the work (a log factor in the sort); quadratic would be 16.
    assert.ok(ratio < 9, `${what}: 4 times the source took ${ratio.toFixed(1)} times as long`);
  }
});
