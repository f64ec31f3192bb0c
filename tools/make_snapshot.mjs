// Build step (run by serve.py build under Node): make the Pyodide memory snapshot the page starts from.
// Loads the built runtime and package, imports the whole API (its later imports too), snapshots, test-restores, and reports as JSON.
//
//   node tools/make_snapshot.mjs SITE_DIR OUT_FILE REQUEST_JSON [EXTRA_PYTHON]
//
// SITE_DIR is the build (its pyodide/ and py/snakes_ladders.zip are used); OUT_FILE receives the
// snapshot, gzip'd. REQUEST_JSON is put to snakes_ladders.api.handle by the snapshotting interpreter
// (after the snapshot is taken) and by a second one restored from the snapshot. Prints one JSON
// object: {bytes, gzipBytes, heapBefore, heapAfter, plainReply, restoredReply, seconds}; serve.py
// checks it. Exits 1 with a message on stderr when the heap grew during the imports (such a snapshot
// cannot be restored by Pyodide 314: "offset is out of bounds") or anything else fails. EXTRA_PYTHON
// runs after the imports, before the heap is measured (tests/test_snapshot.py grows the heap with it).
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import {
  afterRestore,
  heapBytes,
  importPackage,
  makeSnapshot,
  makingOptions,
  restoringOptions,
} from "../web/workers/snapshot.mjs";

const [site, outFile, request, extraPython] = process.argv.slice(2);
if (!site || !outFile || request === undefined) {
  console.error("usage: node tools/make_snapshot.mjs SITE_DIR OUT_FILE REQUEST_JSON");
  process.exit(2);
}

const began = performance.now();
const indexURL = join(resolve(site), "pyodide") + "/";
const { loadPyodide } = await import(pathToFileURL(join(indexURL, "pyodide.mjs")).href);
const packageBytes = new Uint8Array(readFileSync(join(site, "py", "snakes_ladders.zip")));
const quiet = { stdout: () => {}, stderr: (line) => console.error(line) };

function ask(pyodide) {
  pyodide.globals.set("_request", request);
  const reply = pyodide.runPython("import snakes_ladders.api\nsnakes_ladders.api.handle(_request)");
  pyodide.runPython("del _request");
  return reply;
}

const maker = await loadPyodide({ indexURL, packages: [], ...quiet, ...makingOptions() });
const heapBefore = heapBytes(maker);
importPackage(maker, packageBytes, { later: true });
if (extraPython) maker.runPython(extraPython);
const heapAfter = heapBytes(maker);
if (heapBefore === null || heapBefore !== heapAfter) {
  console.error(
    `make_snapshot: the wasm heap grew from ${heapBefore} to ${heapAfter} bytes while importing the package; ` +
      "Pyodide cannot restore such a snapshot (offset is out of bounds)",
  );
  process.exit(1);
}
const snapshot = makeSnapshot(maker);
const plainReply = ask(maker);

// As a promise, the way the engine worker hands it over (so a Pyodide that stops accepting one fails here).
const restored = await loadPyodide({
  indexURL,
  packages: [],
  ...quiet,
  ...restoringOptions(Promise.resolve(snapshot)),
});
afterRestore(restored, packageBytes);
const restoredReply = ask(restored);

const gzipped = gzipSync(snapshot, { level: 6 });
writeFileSync(outFile, gzipped);
console.log(
  JSON.stringify({
    bytes: snapshot.length,
    gzipBytes: gzipped.length,
    heapBefore,
    heapAfter,
    plainReply,
    restoredReply,
    seconds: (performance.now() - began) / 1000,
  }),
);
