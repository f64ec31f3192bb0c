// Baseline worker for bench/page_bench.py: loadPyodide() from the same build, no app code.
// Served from /bare/, so the runtime is one directory up, exactly where the app loads it from.
/* global postMessage */
import { loadPyodide } from "../pyodide/pyodide.mjs";

try {
  const pyodide = await loadPyodide({ indexURL: new URL("../pyodide/", import.meta.url).href, packages: [] });
  performance.mark("python-started"); // as the app's worker marks it, for the bench's timeline
  postMessage({ type: "ready", version: pyodide.version });
} catch (error) {
  postMessage({ type: "error", message: error?.message ?? String(error) });
}
