// Generate worker: its own Pyodide running the API's generate op, so a long search never holds up Solve.
// One request at a time: `{id, payload}` (a JSON string); progress and the reply come back as JSON strings.
import { announce, loadPackageFunction, serveRequests } from "./pyodide-load.mjs";

const ready = loadPackageFunction(new URL("../", import.meta.url), "snakes_ladders.api");
announce(ready);
serveRequests(ready, (handle, payload, id) =>
  handle(payload, (text) => postMessage({ id, type: "progress", result: String(text) })),
);
