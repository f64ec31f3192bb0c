// Destructuring assignments written out for the interpreter. sval 0.6.12 runs a destructuring *declaration*
// right, but an *assignment* to variables declared elsewhere goes wrong in three forms: an object pattern
// (`({a, b} = pair)`) and a default (`[a = 5] = row`) declare new variables instead of assigning the outer
// ones (an error, or a silently wrong answer), and a member target (`[q[i], q[j]] = [q[j], q[i]]`) is a
// syntax error. Those assignments, and `for (pattern of list)` loops over them, are rewritten here into
// plain assignments, one target at a time, in the order JavaScript assigns them. The plain array forms
// (`[pos, moves] = queue.shift()`) are left as written: sval runs them right and they sit in hot loops.
// Pure, on acorn's AST; work O(source length × log); every edit keeps the source's line count.

import { nodes } from "./js-nodes.mjs";

/** The prefix of the rewrite's own names; a name a solution would not use. */
const TEMP = "__sl_";

/** True when sval assigns `pattern` right: identifiers, holes and rest elements in array patterns. */
function plain(pattern) {
  const stack = [pattern];
  while (stack.length) {
    const node = stack.pop();
    if (!node || node.type === "Identifier") continue;
    if (node.type === "ArrayPattern") stack.push(...node.elements);
    else if (node.type === "RestElement") stack.push(node.argument);
    else return false;
  }
  return true;
}

/** True when a subtree holds `yield` or `await` (not a nested function's own), which an arrow around it would change. */
function suspends(root) {
  for (const node of nodes(root, (inner) => !/Function/.test(inner.type)))
    if (node.type === "YieldExpression" || node.type === "AwaitExpression") return true;
  return false;
}

/** The pattern a node assigns through, when it is one this module rewrites; else null. */
function rewrittenPattern(node) {
  let pattern = null;
  if (node.type === "AssignmentExpression" && node.operator === "=") pattern = node.left;
  else if (
    (node.type === "ForOfStatement" || node.type === "ForInStatement") &&
    node.left.type !== "VariableDeclaration"
  )
    pattern = node.left;
  if (!pattern || (pattern.type !== "ObjectPattern" && pattern.type !== "ArrayPattern") || plain(pattern)) return null;
  if (node.type === "AssignmentExpression" && suspends(pattern)) return null;
  return pattern;
}

const newlines = (text) => text.replace(/[^\n]/g, "");

/** The rewritten nodes as a tree (they nest properly, each inside one part of another): node -> its children. */
function nesting(program, found) {
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const children = new Map([[program, []]]);
  const open = [program];
  for (const node of found) {
    while (open.length > 1 && open[open.length - 1].end <= node.start) open.pop();
    children.get(open[open.length - 1]).push(node);
    children.set(node, []);
    open.push(node);
  }
  return children;
}

/** Writes the rewritten nodes of one source out, each once, naming its values __sl_1, __sl_2, ... */
class Writer {
  #count = 0;

  /** @param {string} text @param {Map<any, any[]>} children */
  constructor(text, children) {
    this.text = text;
    this.children = children;
  }

  temp() {
    this.#count += 1;
    return `${TEMP}${this.#count}`;
  }

  /** `text[start, end)` with the rewritten nodes of `parent` that lie in it written out. */
  part(parent, start, end) {
    const list = this.children.get(parent) ?? [];
    let low = 0;
    let high = list.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (list[middle].start < start) low = middle + 1;
      else high = middle;
    }
    let out = "";
    let at = start;
    for (let i = low; i < list.length && list[i].start < end; i += 1) {
      out += this.text.slice(at, list[i].start) + this.writtenOut(list[i]);
      at = list[i].end;
    }
    return out + this.text.slice(at, end);
  }

  /** Statements (pushed on `out`) assigning `value`, an expression's text evaluated once, through `pattern`. */
  assign(owner, pattern, value, out) {
    const of = (node) => this.part(owner, node.start, node.end);
    if (pattern.type === "Identifier" || pattern.type === "MemberExpression") {
      out.push(`${of(pattern)} = ${value};`);
    } else if (pattern.type === "AssignmentPattern") {
      const name = this.temp();
      out.push(`let ${name} = ${value}; if (${name} === void 0) ${name} = (${of(pattern.right)});`);
      this.assign(owner, pattern.left, name, out);
    } else if (pattern.type === "ArrayPattern") {
      const name = this.temp();
      out.push(`const ${name} = [...${value}];`);
      pattern.elements.forEach((element, index) => {
        if (!element) return;
        if (element.type === "RestElement") this.assign(owner, element.argument, `${name}.slice(${index})`, out);
        else this.assign(owner, element, `${name}[${index}]`, out);
      });
    } else if (pattern.type === "ObjectPattern") {
      this.assignObject(owner, pattern, value, out);
    }
  }

  /** `assign` for an object pattern: each key read once, in order; a rest gets what the keys left. */
  assignObject(owner, pattern, value, out) {
    const name = this.temp();
    out.push(`const ${name} = ${value}; if (${name} == null) throw new TypeError("Cannot destructure " + ${name});`);
    const keys = [];
    for (const property of pattern.properties) {
      if (property.type === "RestElement") {
        const rest = this.temp();
        out.push(`const ${rest} = { ...${name} };${keys.map((key) => ` delete ${rest}[${key}];`).join("")}`);
        this.assign(owner, property.argument, rest, out);
        continue;
      }
      let key;
      if (property.computed) {
        key = this.temp();
        out.push(`const ${key} = (${this.part(owner, property.key.start, property.key.end)});`);
      } else key = JSON.stringify(property.key.type === "Identifier" ? property.key.name : String(property.key.value));
      keys.push(key);
      this.assign(owner, property.value, `${name}[${key}]`, out);
    }
  }

  /** A rewritten node's new text, its line count kept. */
  writtenOut(node) {
    const statements = [];
    const value = this.temp();
    this.assign(node, node.left, value, statements);
    const written = statements.join(" ");
    const text = this.text;
    // The pattern's lines, less those its defaults, keys and targets still take: the lines after keep their numbers.
    const pad = newlines(text.slice(node.left.start, node.left.end)).slice(newlines(written).length);
    if (node.type === "AssignmentExpression") {
      const between = newlines(text.slice(node.left.end, node.right.start));
      const right = this.part(node, node.right.start, node.end);
      return `((${value}) => { ${written} return ${value}; })(${pad}${between}${right})`;
    }
    const head = text.slice(node.start, node.left.start);
    const between = this.part(node, node.left.end, node.body.start);
    const body = this.part(node, node.body.start, node.body.end);
    return `${head}const ${value}${pad}${between}{ ${written} ${body} }`;
  }
}

/**
 * `text` (the source `program` was parsed from) with every destructuring assignment sval gets wrong written
 * out; the same text when there is none. Work O(n log n) in the source's length n; no recursion deeper than
 * the patterns' nesting, which acorn has already parsed.
 * @param {string} text
 * @param {any} program acorn's AST of `text`
 * @param {Iterable<any>} all every node of `program` (js-source.mjs's walk)
 */
export function writtenOutDestructuring(text, program, all) {
  const found = [];
  for (const node of all) if (rewrittenPattern(node)) found.push(node);
  if (!found.length) return text;
  const writer = new Writer(text, nesting(program, found));
  return writer.part(program, 0, text.length);
}
