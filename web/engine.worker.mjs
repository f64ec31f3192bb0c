// Module worker: loads Pyodide and the snakes_ladders package, then answers JSON requests.
// The only place JavaScript touches Python: strings in, strings out, so no proxies leak.
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { PYODIDE_VERSION } from "./build-info.mjs";

// loadPyodide() never settles when the wasm fails to instantiate, so bound it.
const LOAD_TIMEOUT_MS = 60_000;
const APP_DIR = "/home/pyodide/app";
const base = new URL("./", import.meta.url);

let stage = null;

function progress(next, extra = {}) {
  stage = next;
  postMessage({ type: "progress", stage: next, ...extra });
}

function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function fetchPackage() {
  const url = new URL("py/snakes_ladders.zip", base);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not download the solver package (${url.pathname}: HTTP ${response.status})`);
  return response.arrayBuffer();
}

// The download ends when the wasm's resource-timing entry appears; Python then starts.
// Observer callbacks can arrive late, so a later stage is never overwritten.
function watchDownload() {
  if (typeof PerformanceObserver === "undefined") return;
  const observer = new PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => entry.name.endsWith("pyodide.asm.wasm"))) {
      observer.disconnect();
      if (stage === "downloading") progress("starting");
    }
  });
  observer.observe({ type: "resource", buffered: true });
}

async function start() {
  progress("downloading");
  watchDownload();
  const packageBytes = fetchPackage();
  packageBytes.catch(() => {}); // awaited below; this only silences the early rejection
  const pyodide = await withTimeout(
    loadPyodide({ indexURL: new URL("pyodide/", base).href, packages: [] }),
    LOAD_TIMEOUT_MS,
    "Starting Python",
  );
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
  return handle;
}

const ready = start();
ready.catch((error) => progress("error", { message: error?.message ?? String(error) }));

self.addEventListener("message", async (event) => {
  const { id, type, payload } = event.data ?? {};
  if (type !== "call" || typeof payload !== "string") {
    postMessage({ id, ok: false, error: { message: `unknown request type ${JSON.stringify(type)}` } });
    return;
  }
  try {
    const handle = await ready;
    postMessage({ id, ok: true, result: handle(payload) });
  } catch (error) {
    postMessage({ id, ok: false, error: { message: error?.message ?? String(error) } });
  }
});
