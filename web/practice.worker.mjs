// Practice worker: its own Pyodide, the one place where the user's Python code runs.
// JSON strings in and out through snakes_ladders.practice_run.handle; the page terminates it on a time limit.
import { announce, loadPackageFunction } from "./pyodide-load.mjs";

const ready = loadPackageFunction(new URL("./", import.meta.url), "snakes_ladders.practice_run");
announce(ready);

self.addEventListener("message", async (event) => {
  const { id, payload } = event.data ?? {};
  try {
    const handle = await ready;
    postMessage({ id, ok: true, result: handle(String(payload)) });
  } catch (error) {
    postMessage({ id, ok: false, message: error?.message ?? String(error) });
  }
});
