// Practice worker: its own Pyodide, the one place where the user's Python code runs.
// JSON strings in and out through snakes_ladders.practice_run.handle; the page terminates it on a time limit.
import { announce, loadPackageFunction, serveRequests } from "./pyodide-load.mjs";

const ready = loadPackageFunction(new URL("./", import.meta.url), "snakes_ladders.practice_run");
announce(ready);
serveRequests(ready, (handle, payload) => handle(payload));
