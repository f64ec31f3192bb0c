// The page's rooms import one way: web/core at the bottom, main.mjs at the top (docs/design.md, "Layers").
// Every relative import of every module in web/ (static, dynamic and JSDoc's import() types) is checked.
import assert from "node:assert/strict";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { dirname, join, normalize, relative, sep } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const WEB = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "web");

/**
 * The layer of each room (a folder of web/; "." is the modules at web/'s top). A module may import its own
 * room and rooms on lower layers, never a room on its own layer or above.
 */
export const LAYERS = {
  // what every feature shares: the state, the contract, links, modes, pure helpers (the grid's numbering)
  core: 0,
  // the board view and its editor; the Python workers and the one way of talking to them
  board: 1,
  workers: 1,
  // one feature each: Solve, Random play (with Explain), Practice, the printed pages
  solve: 2,
  "random-play": 2,
  practice: 2,
  print: 2,
  // the Generate dialog prints its class sets (print/)
  generate: 3,
  // My boards groups class sets as the generator made them (generate/class-sets.mjs)
  library: 4,
  // Play with real dice cleans the players' names as My boards does (library/library-store.mjs)
  play: 5,
  // main.mjs, the composition root, and boot.mjs and sw.mjs beside it
  ".": 6,
};

/** Files the build writes into dist/ beside web/'s (serve.py build): no room of their own to check. */
const BUILT = ["build-info.mjs", "pyodide/", "vendor/", "core/presets.mjs"];

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["']([^"']+)["']/gm;

/** The room of a path relative to web/ ("core/state.mjs" -> "core", "main.mjs" -> "."). */
function roomOf(path) {
  const parts = path.split("/");
  return parts.length > 1 ? parts[0] : ".";
}

/**
 * What is wrong with the imports in `source`, the text of the module at `path` (relative to web/, with "/").
 * Bounded by the source's length: one pass of a regular expression without nested quantifiers.
 */
export function violations(path, source) {
  const here = roomOf(path);
  const problems = [];
  for (const [, specifier] of source.matchAll(IMPORT)) {
    if (!specifier.startsWith(".")) continue;
    const target = normalize(join(dirname(path), specifier))
      .split(sep)
      .join("/");
    if (BUILT.some((built) => target === built || target.startsWith(built))) continue;
    const there = target.startsWith("../") ? null : roomOf(target);
    if (there === here) continue;
    if (there === null || !(there in LAYERS)) problems.push(`${path} imports ${target}, which is in no room`);
    else if (!(here in LAYERS)) problems.push(`${path} is in ${here}, which has no layer`);
    else if (LAYERS[there] >= LAYERS[here]) {
      problems.push(`${path} (${here}, layer ${LAYERS[here]}) imports ${target} (${there}, layer ${LAYERS[there]})`);
    }
  }
  return problems;
}

function* modules(folder = WEB) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory() && relative(WEB, path) !== "vendor") yield* modules(path);
    else if (/\.(mjs|js)$/.test(entry.name)) yield relative(WEB, path).split(sep).join("/");
  }
}

test("every module of web/ imports only its own room and rooms on lower layers", () => {
  const found = [...modules()];
  assert.ok(found.includes("core/state.mjs") && found.includes("main.mjs"), "the walk found the modules");
  const problems = found.flatMap((path) => violations(path, readFileSync(join(WEB, path), "utf8")));
  assert.deepEqual(problems, []);
});

test("every room of web/ has a layer, and every room in the table exists", () => {
  const rooms = readdirSync(WEB, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== "vendor" && entry.name !== "pyodide")
    .map((entry) => entry.name);
  assert.deepEqual(
    rooms.filter((room) => !(room in LAYERS)),
    [],
  );
  assert.deepEqual(
    Object.keys(LAYERS).filter((room) => !existsSync(join(WEB, room))),
    [],
  );
});

test("an upward import, a sideways one and a dynamic one are each found", () => {
  assert.deepEqual(violations("core/state.mjs", 'import { squareToCell } from "../board/grid.mjs";'), [
    "core/state.mjs (core, layer 0) imports board/grid.mjs (board, layer 1)",
  ]);
  assert.equal(violations("solve/solving.mjs", 'const x = await import("../practice/practice.mjs");').length, 1);
  assert.equal(violations("board/render.mjs", '/** @typedef {import("../workers/engine.mjs").Engine} E */').length, 1);
  assert.equal(violations("solve/solving.mjs", 'import "../../elsewhere.mjs";').length, 1);
  assert.deepEqual(violations("main.mjs", 'import { x } from "./solve/solving.mjs";\nimport "./core/dom.mjs";'), []);
  assert.deepEqual(violations("workers/engine.worker.mjs", 'import { BUILD_ID } from "../build-info.mjs";'), []);
});
