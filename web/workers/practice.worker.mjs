// Practice worker: its own Pyodide, the one place where the user's Python code runs.
// JSON strings in and out through snakes_ladders.api.practice_handle (the practice ops of the one envelope,
// and no other op); the page terminates it on a time limit.
import { announce, loadPackageFunction, serveRequests } from "./pyodide-load.mjs";

const ready = loadPackageFunction(new URL("../", import.meta.url), "snakes_ladders.api", "practice_handle");
announce(ready);
serveRequests(ready, (handle, payload) => handle(payload));
