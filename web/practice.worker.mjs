// Practice worker: its own Pyodide, the one place where the user's Python code runs.
// JSON strings in and out through snakes_ladders.practice_run.handle; the page terminates it on a time limit.
const APP_DIR = "/home/pyodide/app";
const base = new URL("./", import.meta.url);

async function start() {
  const archive = fetch(new URL("py/snakes_ladders.zip", base)).then((response) => {
    if (!response.ok) throw new Error(`could not download the solver package (HTTP ${response.status})`);
    return response.arrayBuffer();
  });
  archive.catch(() => {}); // awaited below; this only silences the early rejection
  const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", base).href);
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", base).href, packages: [] });
  pyodide.unpackArchive(await archive, "zip", { extractDir: APP_DIR });
  pyodide.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(APP_DIR)})`);
  const module = pyodide.pyimport("snakes_ladders.practice_run");
  const handle = module.handle.copy();
  module.destroy();
  return handle;
}

const ready = start();
ready.then(
  () => postMessage({ type: "ready" }),
  (error) => postMessage({ type: "error", message: error?.message ?? String(error) }),
);

self.addEventListener("message", async (event) => {
  const { id, payload } = event.data ?? {};
  try {
    const handle = await ready;
    postMessage({ id, ok: true, result: handle(String(payload)) });
  } catch (error) {
    postMessage({ id, ok: false, message: error?.message ?? String(error) });
  }
});
