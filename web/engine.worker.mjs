// Module worker: loads Pyodide and the snakes_ladders package, then answers JSON requests.
// The only place JavaScript touches Python: strings in, strings out, so no proxies leak.
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { PYODIDE_VERSION } from "./build-info.mjs";

// loadPyodide() never settles when the wasm fails to instantiate, so bound the time from the end of
// the download to a running interpreter, and fail at once when a runtime file cannot be downloaded.
const START_TIMEOUT_MS = 60_000;
const APP_DIR = "/home/pyodide/app";
const base = new URL("./", import.meta.url);

let stage = null;

function progress(next, extra = {}) {
  stage = next;
  postMessage({ type: "progress", stage: next, ...extra });
}

async function fetchPackage() {
  const url = new URL("py/snakes_ladders.zip", base);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not download the solver package (${url.pathname}: HTTP ${response.status})`);
  return response.arrayBuffer();
}

/**
 * Watch the runtime's downloads through resource timing: move to "starting" when the wasm has
 * arrived, and reject when a runtime file fails or Python takes too long to start after that.
 * Observer callbacks can arrive late, so a later stage is never overwritten.
 */
function watchRuntime() {
  return new Promise((_, reject) => {
    if (typeof PerformanceObserver === "undefined") return;
    const runtime = new URL("pyodide/", base).href;
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (!entry.name.startsWith(runtime)) continue;
        const file = entry.name.slice(runtime.length);
        if (entry.responseStatus >= 400) {
          observer.disconnect();
          reject(new Error(`could not download the Python runtime (${file}: HTTP ${entry.responseStatus})`));
          return;
        }
        if (file === "pyodide.asm.wasm" && stage === "downloading") {
          progress("starting");
          setTimeout(() => reject(new Error(`Python did not start within ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
        }
      }
    });
    observer.observe({ type: "resource", buffered: true });
  });
}

async function start() {
  progress("downloading");
  const packageBytes = fetchPackage();
  packageBytes.catch(() => {}); // awaited below; this only silences the early rejection
  const pyodide = await Promise.race([
    loadPyodide({ indexURL: new URL("pyodide/", base).href, packages: [] }),
    watchRuntime(),
    packageBytes.then(() => new Promise(() => {})), // a missing package fails the start early too
  ]);
  if (pyodide.version !== PYODIDE_VERSION) {
    throw new Error(`Pyodide ${pyodide.version} was loaded, but this build expects ${PYODIDE_VERSION}`);
  }
  progress("loading-solver");
  pyodide.unpackArchive(await packageBytes, "zip", { extractDir: APP_DIR });
  pyodide.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(APP_DIR)})`);
  const api = pyodide.pyimport("snakes_ladders.api");
  const handle = api.handle.copy(); // kept for the worker's life; the module proxy is not
  api.destroy();
  progress("ready", { pythonVersion: pyodide.runPython("import sys; sys.version.split()[0]") });
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
