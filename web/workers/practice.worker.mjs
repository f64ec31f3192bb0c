// Practice worker: its own Pyodide, the one place where the user's code runs (Python in Pyodide; JavaScript and
// TypeScript in sval, a JavaScript interpreter, through js-solution.mjs, which Python calls for each run). It
// runs inside the sandbox frame (practice/sandbox.mjs), which checks everything it posts before the page sees it.
// JSON strings in and out through snakes_ladders.api.practice_handle (the practice ops of the one envelope,
// and no other op); the page terminates it on a time limit. Progress (what a run prints as it prints it,
// diagnose's smaller boards) goes out as it comes, so a board stopped at its limit keeps its output.
import { announce, filesInMemory, loadPackageFunction, serveRequests } from "./pyodide-load.mjs";
import { javaScriptSolutions } from "./js-solution.mjs";
import { typeScriptToJavaScript } from "./js-source.mjs";

const base = new URL("../", import.meta.url);
filesInMemory(globalThis.sandboxFiles); // the runtime files the page handed over (practice/sandbox.mjs)
// Each stage is reported: the page gives up on a start silent for 60 s, not on one that is slow.
const ready = loadPackageFunction(base, "snakes_ladders.api", "practice_handle", (stage) => postMessage({ type: "progress", stage }));
announce(ready);

/** The request whose run prints now: what a JavaScript run prints goes out as its progress. */
let current = null;
const progress = (id, text) => postMessage({ id, type: "progress", result: String(text) });
/** The JavaScript runner (js-solution.mjs), made at the first JavaScript or TypeScript load. */
let solutions = null;
/** sucrase's transform (vendor/typescript.mjs), fetched at the first TypeScript load; and the load's dialect. */
let typeScript = null;
let strip = null;

/**
 * Before a JavaScript or TypeScript load: fetch the interpreter (vendor/js-runner.mjs, only then) and put the
 * runner where Python finds it (api/practice.py: js.snakesLaddersJavaScript). A TypeScript load is handed to
 * Python as a JavaScript one, the runner told to take the types off first (vendor/typescript.mjs, fetched then):
 * Python, the contract and the battery know two languages. The solution's code sees none of this.
 */
async function prepare(payload) {
  if (!payload.includes('"javascript"') && !payload.includes('"typescript"')) return payload;
  const request = JSON.parse(payload);
  if (request?.op !== "load" || !["javascript", "typescript"].includes(request.language)) return payload;
  if (solutions === null) {
    const { Sval, parse } = await import(new URL("vendor/js-runner.mjs", base).href);
    const onPrint = (text) => current !== null && progress(current, JSON.stringify({ printed: text }));
    solutions = javaScriptSolutions({ Sval, parse, onPrint });
    globalThis.snakesLaddersJavaScript = { load: (source) => solutions.load(source, strip), run: (...args) => solutions.run(...args) };
  }
  strip = null;
  if (request.language === "javascript") return payload;
  typeScript ??= await import(new URL("vendor/typescript.mjs", base).href);
  strip = (source) => typeScriptToJavaScript(typeScript.transform, source);
  return JSON.stringify({ ...request, language: "javascript" });
}

serveRequests(ready, async (handle, payload, id) => {
  const request = await prepare(payload);
  current = id;
  try {
    return handle(request, (text) => progress(id, text));
  } finally {
    current = null;
  }
});
