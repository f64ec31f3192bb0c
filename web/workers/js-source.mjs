// A JavaScript practice solution's source made ready for the interpreter (js-solution.mjs): the test scaffolding
// around a solution taken off (export lines, imports of assert), the names it assigns without declaring, and
// the destructuring assignments the interpreter gets wrong written out. Pure, on acorn's AST; work
// O(source length × log). Every edit keeps the source's lines, so errors name the right one.

import { writtenOutDestructuring } from "./js-destructuring.mjs";
import { nodes } from "./js-nodes.mjs";

/** acorn's options for a solution's source (sourceType added where it is parsed). */
const OPTIONS = { ecmaVersion: "latest", locations: true, allowHashBang: true };

/** The modules `require` and `import` may name: a small assert (js-assert.mjs). */
export const ASSERT_MODULES = ["assert", "node:assert", "assert/strict", "node:assert/strict"];

/** A problem with the source, at `line`: the load's error, with the line named. */
export class SourceProblem extends Error {
  /** @param {string} message @param {number | null} line */
  constructor(message, line) {
    super(message);
    this.line = line;
  }
}

/** `text` with the range [start, end) replaced by `insert`, padded with its newlines so later lines keep their numbers. */
function splice(text, start, end, insert) {
  const newlines = text.slice(start, end).replace(/[^\n]/g, "");
  return text.slice(0, start) + insert + newlines + text.slice(end);
}

/** `import ... from "assert"` as a declaration of the same names; anything else imported is refused. */
function importedAssert(node) {
  const from = node.source.value;
  if (!ASSERT_MODULES.includes(from)) {
    throw new SourceProblem(
      `import from ${JSON.stringify(String(from).slice(0, 80))} is not available here: remove this line (LeetCode's JavaScript imports nothing; only "assert" is given, for your own tests)`,
      node.loc.start.line,
    );
  }
  const names = node.specifiers.map((specifier) => {
    if (specifier.type !== "ImportSpecifier") return { whole: specifier.local.name };
    const imported = specifier.imported.name ?? specifier.imported.value;
    return {
      part: imported === specifier.local.name ? imported : `${JSON.stringify(imported)}: ${specifier.local.name}`,
    };
  });
  const wholes = names.filter((name) => name.whole).map((name) => `${name.whole} = require("assert")`);
  const parts = names.filter((name) => name.part).map((name) => name.part);
  const declared = [...wholes, ...(parts.length ? [`{ ${parts.join(", ")} } = require("assert")`] : [])];
  return declared.length ? `var ${declared.join(", ")};` : "";
}

/** What replaces the top-level module statement `node` of `text` (a slice of it kept, or new words). */
function scriptForm(node, text) {
  if (node.type === "ImportDeclaration") return importedAssert(node);
  if (node.type === "ExportNamedDeclaration")
    return node.declaration ? text.slice(node.declaration.start, node.end) : "";
  if (node.type === "ExportAllDeclaration") return "";
  const declaration = node.declaration; // ExportDefaultDeclaration
  const rest = text.slice(declaration.start, node.end);
  if (declaration.type === "FunctionDeclaration" || declaration.type === "ClassDeclaration") {
    if (declaration.id) return rest;
    return `var ${declaration.type === "ClassDeclaration" ? "Solution" : "snakesAndLadders"} = ${rest}`;
  }
  return `module.exports = ${rest}`;
}

const MODULE_SYNTAX = new Set([
  "ImportDeclaration",
  "ExportNamedDeclaration",
  "ExportDefaultDeclaration",
  "ExportAllDeclaration",
]);

/**
 * `source` as a script: unchanged when it parses as one; else, when it parses as a module whose top level has
 * export or import lines, with each export line's `export` (or the whole line, for `export {…}`) taken off and
 * each import of assert made a declaration. Throws a SourceProblem naming the line otherwise.
 * @param {string} source
 * @param {(text: string, options: object) => any} parse acorn's parse
 */
export function scriptSource(source, parse) {
  let failure;
  try {
    return assignable(source, parse(source, { ...OPTIONS, sourceType: "script" }), parse);
  } catch (error) {
    failure = error;
  }
  let module;
  try {
    module = parse(source, { ...OPTIONS, sourceType: "module" });
  } catch {
    throw syntaxProblem(failure);
  }
  const edits = module.body.filter((node) => MODULE_SYNTAX.has(node.type));
  if (!edits.length) throw syntaxProblem(failure);
  let text = source;
  for (const node of edits.reverse()) text = splice(text, node.start, node.end, scriptForm(node, text));
  let program;
  try {
    program = parse(text, { ...OPTIONS, sourceType: "script" });
  } catch (error) {
    throw syntaxProblem(error);
  }
  return assignable(text, program, parse);
}

/**
 * `program` (parsed from `text`), or when it holds destructuring assignments the interpreter gets wrong, the
 * script with them written out (js-destructuring.mjs), parsed again: the same lines, the same meaning.
 */
function assignable(text, program, parse) {
  const written = writtenOutDestructuring(text, program, nodes(program));
  if (written === text) return program;
  try {
    return parse(written, { ...OPTIONS, sourceType: "script" });
  } catch {
    return program; // not reached by any source the tests know: the interpreter then runs the code as written
  }
}

/** acorn's syntax error ("Unexpected token (3:4)") as a SourceProblem on its line. */
export function syntaxProblem(error) {
  const line = error?.loc?.line;
  let message = "invalid syntax";
  try {
    message = String(error?.message ?? message).replace(/ \(\d+:\d+\)$/, "");
  } catch {
    // keep the plain words
  }
  return new SourceProblem(`SyntaxError: ${message}`, Number.isInteger(line) ? line : null);
}

/**
 * `source` (TypeScript) as JavaScript, with `transform` (sucrase's, vendor/typescript.mjs): types, interfaces,
 * `!`, `as` and generics taken off, enums made objects, every line kept where it was. Throws a SourceProblem
 * naming the line when it is not TypeScript.
 * @param {(source: string, options: object) => {code: string}} transform
 * @param {string} source
 */
export function typeScriptToJavaScript(transform, source) {
  try {
    return transform(source, { transforms: ["typescript"], disableESTransforms: true }).code;
  } catch (error) {
    throw syntaxProblem(error);
  }
}

/** The identifiers a pattern (a declaration's or an assignment's target) binds. */
function patternNames(pattern, names) {
  const stack = [pattern];
  while (stack.length) {
    const node = stack.pop();
    if (!node) continue;
    if (node.type === "Identifier") names.push(node.name);
    else if (node.type === "ArrayPattern") stack.push(...node.elements);
    else if (node.type === "ObjectPattern")
      stack.push(...node.properties.map((property) => (property.type === "RestElement" ? property : property.value)));
    else if (node.type === "RestElement") stack.push(node.argument);
    else if (node.type === "AssignmentPattern") stack.push(node.left);
  }
  return names;
}

/** The names a node declares anywhere: variables, functions, classes, parameters, catch parameters. */
function declaredBy(node, names) {
  if (node.type === "VariableDeclarator") patternNames(node.id, names);
  else if (/^(Function|Class)(Declaration|Expression)$/.test(node.type) && node.id) names.push(node.id.name);
  if (/Function/.test(node.type)) for (const param of node.params ?? []) patternNames(param, names);
  if (node.type === "CatchClause" && node.param) patternNames(node.param, names);
}

/** The names a node assigns to: assignments, ++ and --, for-in and for-of over a bare target. */
function assignedBy(node, names) {
  if (node.type === "AssignmentExpression") patternNames(node.left, names);
  else if (node.type === "UpdateExpression") patternNames(node.argument, names);
  else if (
    (node.type === "ForInStatement" || node.type === "ForOfStatement") &&
    node.left.type !== "VariableDeclaration"
  )
    patternNames(node.left, names);
}

/**
 * The names `program` assigns but declares nowhere: in a sloppy script (LeetCode runs JavaScript so) such an
 * assignment makes a global variable. sval does that for `x = 1` but refuses `[x, y] = ...` and `for (k in o)`;
 * the caller declares these names on the solution's global object first. `known`: names given already.
 * @param {any} program
 * @param {Iterable<string>} known
 */
export function undeclaredAssignments(program, known) {
  const declared = [];
  const assigned = [];
  for (const node of nodes(program)) {
    declaredBy(node, declared);
    assignedBy(node, assigned);
  }
  const skip = new Set([...declared, ...known, "arguments", "undefined", "eval"]);
  return [...new Set(assigned)].filter((name) => !skip.has(name));
}
