// Generate worker: its own Pyodide running snakes_ladders.genjob, so a long search never holds up Solve.
// One request at a time: `{id, payload}` (a JSON string); progress and the reply come back as JSON strings.
import { announce, loadPackageFunction } from "./pyodide-load.mjs";

const ready = loadPackageFunction(new URL("./", import.meta.url), "snakes_ladders.genjob");
announce(ready);

self.addEventListener("message", async (event) => {
  const { id, payload } = event.data ?? {};
  try {
    const handle = await ready;
    const progress = (text) => postMessage({ id, type: "progress", result: String(text) });
    postMessage({ id, type: "reply", ok: true, result: handle(String(payload), progress) });
  } catch (error) {
    postMessage({ id, type: "reply", ok: false, message: error?.message ?? String(error) });
  }
});
