// Module worker: starts Pyodide (from the cached memory snapshot when there is one), then answers JSON
// requests. The only place JavaScript touches Python: strings in, strings out, so no proxies leak.
import { loadPyodide } from "../pyodide/pyodide.mjs";
import { BUILD_ID, PYODIDE_VERSION, SNAPSHOT } from "../build-info.mjs";
import { afterRestore, importPackage, restoringOptions } from "./snapshot.mjs";
import { keepSnapshot } from "./snapshot-cache.mjs";

// loadPyodide() never settles when the wasm fails to instantiate, so bound the time from the end of
// the download to a running interpreter.
const START_TIMEOUT_MS = 60_000;
const base = new URL("../", import.meta.url); // the site's root: the workers live in workers/
const runtimeBase = new URL("pyodide/", base).href;

let stage = null;

function progress(next, extra = {}) {
  stage = next;
  postMessage({ type: "progress", stage: next, ...extra });
}

// Rejected, once, when a runtime file cannot be downloaded; every start races against it.
let rejectRuntime;
let runtimeError = null;
const runtimeFailure = new Promise((_, reject) => (rejectRuntime = reject));
runtimeFailure.catch(() => {}); // raced below; this only marks the rejection as handled

function failRuntime(error) {
  runtimeError ??= error;
  rejectRuntime(error);
}

/**
 * Pyodide fetches its runtime files itself, and a failed download inside it either logs errors and
 * retries or is never handled at all. So its fetches of pyodide/* go through this wrapper: a network
 * failure or an HTTP error is reported at once, by file name, and Pyodide's own promise is left
 * pending (the worker is terminated when the page learns of the error).
 */
const networkFetch = globalThis.fetch.bind(globalThis);
globalThis.fetch = async function runtimeFetch(input, init) {
  const url = typeof input === "string" ? input : (input?.url ?? String(input));
  if (!url.startsWith(runtimeBase)) return networkFetch(input, init);
  const file = url.slice(runtimeBase.length);
  let response;
  try {
    response = await networkFetch(input, init);
  } catch (error) {
    const message = `could not download the Python runtime (${file}: ${error?.message ?? "network error"})`;
    failRuntime(new Error(message, { cause: error }));
    return new Promise(() => {});
  }
  if (!response.ok) {
    failRuntime(new Error(`could not download the Python runtime (${file}: HTTP ${response.status})`));
    return new Promise(() => {});
  }
  return response;
};

/** Move to "starting" when the wasm has arrived (resource timing), and time Python's start from then. */
function watchStart() {
  return new Promise((_, reject) => {
    if (typeof PerformanceObserver === "undefined") return;
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        // Observer callbacks can arrive late, so a later stage is never overwritten.
        if (entry.name === `${runtimeBase}pyodide.asm.wasm` && stage === "downloading") {
          observer.disconnect();
          progress("starting");
          setTimeout(
            () => reject(new Error(`Python did not start within ${START_TIMEOUT_MS / 1000} s`)),
            START_TIMEOUT_MS,
          );
        }
      }
    });
    observer.observe({ type: "resource", buffered: true });
  });
}

async function fetchPackage() {
  const url = new URL("py/snakes_ladders.zip", base);
  let response;
  try {
    response = await fetch(url);
  } catch (error) {
    const message = `could not download the solver package (${url.pathname}: ${error?.message ?? "network error"})`;
    throw new Error(message, { cause: error });
  }
  if (!response.ok) throw new Error(`could not download the solver package (${url.pathname}: HTTP ${response.status})`);
  return new Uint8Array(await response.arrayBuffer());
}

/** The snapshot's response from the offline cache, or a reason why there is none (never a download). */
async function cachedSnapshot() {
  if (!SNAPSHOT) return { why: "this build has no snapshot" };
  // The page names the worker so when no service worker controls it (engine.mjs): then the cache
  // holds nothing this page may start from yet, and opening it would only delay the start.
  if (self.name === "python:no-service-worker") {
    return {
      why: "no service worker controls this page yet (the first visit caches the snapshot), so none was looked for",
    };
  }
  if (typeof caches === "undefined" || typeof DecompressionStream === "undefined") {
    return { why: "this browser lacks CacheStorage or DecompressionStream" };
  }
  try {
    const response = await caches.match(new URL(SNAPSHOT, base).href);
    return response ? { response } : { why: "the snapshot is not cached yet (the first visit caches it)" };
  } catch (error) {
    return { why: `the offline cache could not be read (${error?.message ?? error})` };
  }
}

async function forgetSnapshot() {
  try {
    for (const key of await caches.keys()) await (await caches.open(key)).delete(new URL(SNAPSHOT, base).href);
  } catch {
    // nothing cached, nothing to forget
  }
}

/**
 * After a plain start, in the background: put the snapshot into this build's offline cache when the
 * service worker made that cache but it lacks the snapshot (its download failed, or a bad copy was
 * just dropped), so the next visit is fast. On a first visit there is usually no such cache yet when
 * Python is ready, and the service worker's install caches the snapshot. When the install is under
 * way (a reload during it), or a new release's install looks for the snapshot meanwhile, keepSnapshot's
 * lock lets only one of them download it: the other copies it.
 */
async function cacheSnapshotLater() {
  try {
    const key = (await caches.keys()).find((name) => name.endsWith(`-${BUILD_ID}`));
    if (!key) return;
    await keepSnapshot(await caches.open(key), new URL(SNAPSHOT, base).href);
  } catch (error) {
    console.info(`Python: the snapshot could not be cached for the next visit (${error?.message ?? error})`);
  }
}

/** Wait for loadPyodide, failing at once when a runtime file or the package cannot be downloaded. */
function startPyodide(options, packageBytes) {
  return Promise.race([
    loadPyodide({ indexURL: runtimeBase, packages: [], ...options }),
    runtimeFailure,
    watchStart(),
    packageBytes.then(() => new Promise(() => {})), // a missing package fails the start early too
  ]);
}

async function restore(response, packageBytes) {
  // Handed over as a promise: loadPyodide starts fetching the runtime (lock file, wasm, standard
  // library) before it waits for the snapshot, so those downloads overlap reading it.
  const bytes = response.arrayBuffer().then((buffer) => new Uint8Array(buffer)); // cached inflated
  bytes.catch(() => {}); // a corrupt file rejects loadPyodide, which falls back below
  const pyodide = await startPyodide(restoringOptions(bytes), packageBytes);
  performance.mark("python-started");
  afterRestore(pyodide, await packageBytes);
  performance.mark("solver-imported");
  return pyodide;
}

async function plain(packageBytes) {
  const pyodide = await startPyodide({}, packageBytes);
  performance.mark("python-started"); // diagnostics: bench/page_bench.py reads these two marks
  progress("loading-solver");
  importPackage(pyodide, await packageBytes);
  performance.mark("solver-imported");
  return pyodide;
}

/** Start from the cached snapshot, or plainly; any failure to restore falls back to a plain start. */
async function start() {
  progress("downloading");
  const packageBytes = fetchPackage();
  packageBytes.catch(() => {}); // awaited below; this only silences the early rejection
  const found = await cachedSnapshot();
  let pyodide = null;
  let how = "snapshot";
  let note = `restored from ${SNAPSHOT}`;
  if (found.response) {
    try {
      pyodide = await restore(found.response, packageBytes);
    } catch (error) {
      if (runtimeError) throw runtimeError; // the runtime itself is missing: a plain start fails too
      await packageBytes; // and so does a start without the package
      note = `the snapshot could not be restored (${error?.message ?? error}); started without it`;
      await forgetSnapshot();
    }
  } else {
    note = found.why;
  }
  if (!pyodide) {
    how = "plain";
    console.info(`Python: plain start: ${note}`);
    pyodide = await plain(packageBytes);
  }
  if (pyodide.version !== PYODIDE_VERSION) {
    throw new Error(`Pyodide ${pyodide.version} was loaded, but this build expects ${PYODIDE_VERSION}`);
  }
  const api = pyodide.pyimport("snakes_ladders.api");
  const handle = api.handle.copy(); // kept for the worker's life; the module proxy is not
  api.destroy();
  progress("ready", {
    pythonVersion: pyodide.runPython("import sys; sys.version.split()[0]"),
    start: how,
    startNote: note,
  });
  if (how === "plain" && SNAPSHOT && typeof caches !== "undefined") cacheSnapshotLater();
  return { pyodide, handle };
}

// Python's count of live objects, and the size of the WebAssembly memory Python lives in (it only
// grows): both flat across requests when nothing leaks, since the boundary passes only strings.
const STATS_SOURCE = "import gc\nstr(len(gc.get_objects()))";

const ready = start();
ready.catch((error) => progress("error", { message: error?.message ?? String(error) }));

self.addEventListener("message", async (event) => {
  const { id, type, payload } = event.data ?? {};
  try {
    const { pyodide, handle } = await ready;
    if (type === "call" && typeof payload === "string") {
      let result;
      try {
        result = handle(payload);
      } catch (error) {
        // snakes_ladders.api.handle never raises, so this is the interpreter itself failing.
        postMessage({ id, ok: false, error: { message: error?.message ?? String(error), fatal: true } });
        return;
      }
      postMessage({ id, ok: true, result });
    } else if (type === "stats") {
      pyodide.runPython("import gc; gc.collect()");
      const objects = Number(pyodide.runPython(STATS_SOURCE));
      const heapBytes = pyodide._module?.HEAP8?.length ?? null; // not public API; null if it moves
      postMessage({ id, ok: true, result: JSON.stringify({ objects, heapBytes }) });
    } else {
      postMessage({ id, ok: false, error: { message: `unknown request type ${JSON.stringify(type)}` } });
    }
  } catch (error) {
    postMessage({ id, ok: false, error: { message: error?.message ?? String(error) } });
  }
});
