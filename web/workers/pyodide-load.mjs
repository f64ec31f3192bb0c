// Loads Pyodide inside a worker, for the workers that are not the solver's: with the snakes_ladders package
// (generate.worker.mjs, the board generator), or bare with only the practice runner (practice.worker.mjs).
import { PACKAGE_FILE, writePackage } from "./snapshot.mjs";
import { RUNNER_FILES, RUNNER_FOLDER } from "./runner-files.mjs";

/**
 * Start Pyodide from the site's own files (`base` is the site's root URL), put the package's zip on
 * sys.path (zipimport reads it, as in the solver's worker) and return a copy of `name`'s attribute
 * `attribute` (a Python callable), kept for the worker's life. `onStage` hears each stage begin
 * ("downloading", "starting", "loading the solver"): a start slowed by a busy machine is still heard from.
 */
export async function loadPackageFunction(base, name, attribute = "handle", onStage = (_stage) => {}) {
  onStage("downloading");
  const archive = fetch(new URL("py/snakes_ladders.zip", base)).then((response) => {
    if (!response.ok) throw new Error(`could not download the solver package (HTTP ${response.status})`);
    return response.arrayBuffer();
  });
  archive.catch(() => {}); // awaited below; this only silences the early rejection
  const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", base).href);
  onStage("starting");
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", base).href, packages: [] });
  onStage("loading the solver");
  writePackage(pyodide, new Uint8Array(await archive));
  pyodide.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(PACKAGE_FILE)})`);
  const module = pyodide.pyimport(name);
  const callable = module[attribute].copy();
  module.destroy();
  return callable;
}

/** Where the runner's files are written in the bare Pyodide: a folder of its own on sys.path. */
const RUNNER_HOME = "/home/pyodide/practice";

/**
 * Start a bare Pyodide from the site's own files (no package: nothing of the checker is in its file system or
 * modules), write the practice runner's files into it and return a copy of `runner.page.handle`. `onStage`
 * hears each stage begin ("downloading", "starting", "loading the runner").
 */
export async function loadRunner(base, onStage = (_stage) => {}) {
  onStage("downloading");
  const files = Promise.all(
    RUNNER_FILES.map(async (name) => {
      const response = await fetch(new URL(RUNNER_FOLDER + name, base));
      if (!response.ok) throw new Error(`could not download the practice runner (HTTP ${response.status})`);
      return [name, await response.text()];
    }),
  );
  files.catch(() => {}); // awaited below; this only silences the early rejection
  const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", base).href);
  onStage("starting");
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", base).href, packages: [] });
  onStage("loading the runner");
  pyodide.FS.mkdirTree(`${RUNNER_HOME}/runner`);
  for (const [name, text] of await files) pyodide.FS.writeFile(`${RUNNER_HOME}/runner/${name}`, text);
  pyodide.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(RUNNER_HOME)})`);
  const module = pyodide.pyimport("runner.page");
  const callable = module.handle.copy();
  module.destroy();
  return callable;
}

/**
 * Serve `files` (absolute address -> ArrayBuffer: runtime files the page read from its own cache and handed
 * over) to this worker's fetch, each once; any other address goes to the network. A worker in the sandbox
 * frame has an opaque origin, whose HTTP cache is its own and starts empty: without this every sandbox would
 * download the 12.6 MB of Pyodide's runtime again.
 * @param {unknown} files
 */
export function filesInMemory(files) {
  const kept = new Map(
    Object.entries(files !== null && typeof files === "object" ? files : {}).filter(
      ([, bytes]) => bytes instanceof ArrayBuffer,
    ),
  );
  if (kept.size === 0) return;
  const network = globalThis.fetch.bind(globalThis);
  globalThis.fetch = (input, init) => {
    const address = input instanceof Request ? input.url : String(input);
    const bytes = kept.get(address);
    if (bytes === undefined) return network(input, init);
    kept.delete(address); // the Response owns them now
    const type = address.endsWith(".wasm")
      ? "application/wasm"
      : address.endsWith(".json")
        ? "application/json"
        : "application/octet-stream";
    return Promise.resolve(new Response(bytes, { headers: { "Content-Type": type } }));
  };
}

/** Tell the page when Python is ready or could not start, in the messenger's protocol (messenger.mjs). */
export function announce(ready) {
  ready.then(
    () => postMessage({ type: "progress", stage: "ready" }),
    (error) => postMessage({ type: "progress", stage: "error", message: error?.message ?? String(error) }),
  );
}

/**
 * Answer the page's requests `{id, type: "call", payload}` one by one with `answer(handle, payload, id)` (or what
 * its promise resolves to) once Python is ready: replies are `{id, ok: true, result}` or `{id, ok: false, error: {message}}`.
 */
export function serveRequests(ready, answer) {
  self.addEventListener("message", async (event) => {
    const { id, payload } = event.data ?? {};
    try {
      const handle = await ready;
      postMessage({ id, ok: true, result: await answer(handle, String(payload), id) });
    } catch (error) {
      postMessage({ id, ok: false, error: { message: error?.message ?? String(error) } });
    }
  });
}
