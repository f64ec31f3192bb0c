// Practice worker: the one place where the user's code runs, inside the sandbox frame (practice/sandbox.mjs, which
// checks everything it posts before the page sees it). Python runs in a bare Pyodide holding only the practice
// runner (py/snakes_ladders/runner/: stdlib only), JavaScript and TypeScript in sval (js-solution.mjs); nothing of
// the checker (battery, answers, shrinking) is here: the page hands each reply, as text, to the engine worker.
// Requests: {op: "load", source, language} and {op: "run", board, record}; each reply is the runner's JSON text.
// What a run prints goes out as progress as it prints, so a board stopped at its time limit keeps its output.
import { announce, filesInMemory, loadRunner, serveRequests } from "./pyodide-load.mjs";
import { javaScriptSolutions } from "./js-solution.mjs";
import { typeScriptToJavaScript } from "./js-source.mjs";

const base = new URL("../", import.meta.url);
filesInMemory(globalThis.sandboxFiles); // the runtime files the page handed over (practice/sandbox.mjs)
const stage = (name) => postMessage({ type: "progress", stage: name });
/** Python, started at once unless the page said the code is JavaScript (`?python=0`): then only if asked for. */
let python = null;
const startPython = () => (python ??= loadRunner(base, stage));
announce(new URL(import.meta.url).searchParams.get("python") === "0" ? Promise.resolve() : startPython());

/** The request whose run prints now: what a JavaScript run prints goes out as its progress. */
let current = null;
const progress = (id, text) => postMessage({ id, type: "progress", result: String(text) });
/** The JavaScript runner (js-solution.mjs), made at the first JavaScript or TypeScript load. */
let solutions = null;
/** sucrase's transform (vendor/typescript.mjs), fetched at the first TypeScript load. */
let typeScript = null;
/** The language of the last load: runs go to its runner. */
let language = null;

/** A JavaScript or TypeScript load: the interpreter fetched (vendor/js-runner.mjs, only then), types taken off. */
async function loadJavaScript(source, dialect) {
  if (solutions === null) {
    const { Sval, parse } = await import(new URL("vendor/js-runner.mjs", base).href);
    const onPrint = (text) => current !== null && progress(current, JSON.stringify({ printed: text }));
    solutions = javaScriptSolutions({ Sval, parse, onPrint });
  }
  if (dialect === "typescript") typeScript ??= await import(new URL("vendor/typescript.mjs", base).href);
  const strip = dialect === "typescript" ? (text) => typeScriptToJavaScript(typeScript.transform, text) : null;
  return solutions.load(source, strip);
}

/** One request's reply: the runner's JSON text. */
async function answer(request, id) {
  if (request?.op === "load") {
    language = ["javascript", "typescript"].includes(request.language) ? "javascript" : "python";
    if (language === "javascript") return loadJavaScript(String(request.source), request.language);
    return (await startPython())(JSON.stringify({ op: "load", source: String(request.source) }));
  }
  if (request?.op !== "run" || language === null) throw new Error("the sandbox answers load, then run");
  if (language === "javascript") return solutions.run(JSON.stringify(request.board), request.record !== false, true);
  const handle = await startPython();
  return handle(JSON.stringify({ op: "run", board: request.board, record: request.record !== false }), (text) =>
    progress(id, text),
  );
}

// The reply goes out as a JSON string of the runner's text: the messenger parses it back to that exact text.
serveRequests(Promise.resolve(null), async (_, payload, id) => {
  current = id;
  try {
    return JSON.stringify(await answer(JSON.parse(payload), id));
  } finally {
    current = null;
  }
});
