// Practice worker: its own Pyodide, the one place where the user's code runs (Python in Pyodide; JavaScript
// in sval, a JavaScript interpreter, through js-solution.mjs, which Python calls for each run).
// JSON strings in and out through snakes_ladders.api.practice_handle (the practice ops of the one envelope,
// and no other op); the page terminates it on a time limit. Progress (what a run prints as it prints it,
// diagnose's smaller boards) goes out as it comes, so a board stopped at its limit keeps its output.
import { announce, loadPackageFunction, serveRequests } from "./pyodide-load.mjs";
import { javaScriptSolutions } from "./js-solution.mjs";

const base = new URL("../", import.meta.url);
const ready = loadPackageFunction(base, "snakes_ladders.api", "practice_handle");
announce(ready);

/** The request whose run prints now: what a JavaScript run prints goes out as its progress. */
let current = null;
const progress = (id, text) => postMessage({ id, type: "progress", result: String(text) });

/**
 * Before the first JavaScript load: fetch the interpreter (vendor/js-runner.mjs, only then) and put the runner
 * where Python finds it (api/practice.py: js.snakesLaddersJavaScript). The solution's code sees none of this.
 */
async function prepare(payload) {
  if (globalThis.snakesLaddersJavaScript || !payload.includes('"javascript"')) return;
  const request = JSON.parse(payload);
  if (request?.op !== "load" || request.language !== "javascript") return;
  const { Sval, parse } = await import(new URL("vendor/js-runner.mjs", base).href);
  const onPrint = (text) => current !== null && progress(current, JSON.stringify({ printed: text }));
  globalThis.snakesLaddersJavaScript = javaScriptSolutions({ Sval, parse, onPrint });
}

serveRequests(ready, async (handle, payload, id) => {
  await prepare(payload);
  current = id;
  try {
    return handle(payload, (text) => progress(id, text));
  } finally {
    current = null;
  }
});
