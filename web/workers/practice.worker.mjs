// Practice worker: its own Pyodide, the one place where the user's Python code runs.
// JSON strings in and out through snakes_ladders.api.practice_handle (the practice ops of the one envelope,
// and no other op); the page terminates it on a time limit. Progress (what a run prints as it prints it,
// diagnose's smaller boards) goes out as it comes, so a board stopped at its limit keeps its output.
import { announce, loadPackageFunction, serveRequests } from "./pyodide-load.mjs";

const ready = loadPackageFunction(new URL("../", import.meta.url), "snakes_ladders.api", "practice_handle");
announce(ready);
serveRequests(ready, (handle, payload, id) =>
  handle(payload, (text) => postMessage({ id, type: "progress", result: String(text) })),
);
