// Pyodide memory snapshots: the only place that names Pyodide's private snapshot options.
// Used by the engine worker (restore) and by tools/make_snapshot.mjs at build time (make, test-restore).
//
// Checked against Pyodide 314.0.7 (node_modules/pyodide/pyodide.d.ts, pyodide.mjs, pyodide.asm.mjs):
//   loadPyodide({ _makeSnapshot: true })      keeps what makeMemorySnapshot needs (marked @ignore)
//   pyodide.makeMemorySnapshot()              the heap plus Pyodide's JS references (marked @private)
//   loadPyodide({ _loadSnapshot: bytes })     starts from such bytes instead of running Python's start-up
//   pyodide._api.config._loadSnapshot         where loadPyodide keeps those bytes afterwards
//   pyodide._module.HEAP8                     the WebAssembly heap (a restore cannot follow a heap that grew)
// tests/test_snapshot.py makes and restores a snapshot through this module under Node and fails when an
// upgrade breaks any of these, instead of the page silently falling back to a plain start.
export const CHECKED_PYODIDE_VERSION = "314.0.7";

/**
 * Where the package's zip is written in Pyodide's file system. It is not unpacked: the zip itself is
 * on sys.path and Python's zipimport reads the bytecode beside each module (tools/compile_package.mjs),
 * which saves the 25 ms or so that unpacking it took.
 */
export const PACKAGE_FILE = "/home/pyodide/snakes_ladders.zip";

/** Python run once the zip is in place: the solver's imports, all a plain start needs to be ready. */
export const IMPORT_SOURCE = `import sys
if ${JSON.stringify(PACKAGE_FILE)} not in sys.path:
    sys.path.insert(0, ${JSON.stringify(PACKAGE_FILE)})
import snakes_ladders.api
`;

/**
 * Python run before a snapshot is taken: the modules the API imports on first use (random play, its
 * analysis, the search explained, the generator), so a visit restored from it never waits for them.
 */
export const IMPORT_LATER_SOURCE = `import importlib, snakes_ladders.api
for name in snakes_ladders.api.LATER:
    importlib.import_module(name)
`;

// After a restore the zip is written again (files live outside the heap). The zip importers kept in
// the snapshot remember the old file's table of contents: read it again, so tracebacks, inspect and
// later imports see the file that is there now. Only ours: importlib.invalidate_caches() would also
// read the standard library's zip again (about 40 ms under Node).
const REREAD_SOURCE = `import sys, zipimport
for finder in list(sys.path_importer_cache.values()):
    if isinstance(finder, zipimport.zipimporter) and finder.archive == ${JSON.stringify(PACKAGE_FILE)}:
        finder.invalidate_caches()
`;

// After a restore: the random module's state is the one frozen into the snapshot, the same for every
// visitor, so draw a new seed from the browser's crypto.getRandomValues (os.urandom in Pyodide).
const RESEED_SOURCE = "import random\nrandom.seed()";

/**
 * The snapshot at `url` (served gzip'd) as a response for the offline cache, inflated with
 * DecompressionStream so that a repeat visit only reads it (inflating 31 MB on every start took
 * about 200 ms). A file that is not valid gzip rejects here and is never cached.
 */
export async function fetchInflated(url) {
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok || !response.body) throw new Error(`the snapshot could not be downloaded (HTTP ${response.status})`);
  const bytes = await new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  return new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } });
}

/** The loadPyodide options that make a later makeSnapshot() possible. */
export function makingOptions() {
  return { _makeSnapshot: true };
}

/** The loadPyodide options that start from `bytes` (a Uint8Array, or a promise of one). */
export function restoringOptions(bytes) {
  return { _loadSnapshot: bytes };
}

/** The snapshot of a Pyodide started with makingOptions(): a Uint8Array (about 31 MB). */
export function makeSnapshot(pyodide) {
  if (typeof pyodide.makeMemorySnapshot !== "function") {
    throw new Error(
      `this Pyodide (${pyodide.version}) has no makeMemorySnapshot; checked against ${CHECKED_PYODIDE_VERSION}`,
    );
  }
  return pyodide.makeMemorySnapshot();
}

/** The size of the WebAssembly heap, in bytes (null when Pyodide no longer exposes it). */
export function heapBytes(pyodide) {
  return pyodide._module?.HEAP8?.length ?? null;
}

/** Put the package's zip (its bytes, a Uint8Array) where sys.path will name it. */
export function writePackage(pyodide, packageBytes) {
  pyodide.FS.writeFile(PACKAGE_FILE, packageBytes);
}

/**
 * Write the package's zip and import the solver from it: on a plain start, only what the solver needs
 * (the rest is imported on first use); before a snapshot is made (`{ later: true }`), all of it.
 */
export function importPackage(pyodide, packageBytes, { later = false } = {}) {
  writePackage(pyodide, packageBytes);
  pyodide.runPython(IMPORT_SOURCE);
  if (later) pyodide.runPython(IMPORT_LATER_SOURCE);
}

/**
 * Finish a start from a snapshot: let go of the snapshot's bytes (kept by loadPyodide's config,
 * about 31 MB), reseed `random`, and write the package's zip again, since files live outside the
 * heap and tracebacks and lazy imports read them. Throws when the snapshot was not in fact restored.
 */
export function afterRestore(pyodide, packageBytes) {
  const config = pyodide._api?.config;
  if (!config || !("_loadSnapshot" in config)) {
    throw new Error(
      `Pyodide ${pyodide.version} no longer keeps _loadSnapshot in its config; checked against ${CHECKED_PYODIDE_VERSION}`,
    );
  }
  config._loadSnapshot = undefined;
  if (!pyodide.runPython("import sys\n'snakes_ladders.api' in sys.modules")) {
    throw new Error("the snapshot was restored but does not hold the solver package");
  }
  pyodide.runPython(RESEED_SOURCE);
  writePackage(pyodide, packageBytes);
  pyodide.runPython(REREAD_SOURCE);
}
