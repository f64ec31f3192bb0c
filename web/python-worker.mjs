// Starts a module worker that loads its own Python, and settles `ready` when Python is up or cannot start.
// Page side of the practice and generate workers (their owners decide when to start and terminate them).

/** Python that has not started within this is given up (a wasm that never finishes loading hangs forever). */
export const START_LIMIT_MS = 60_000;

/**
 * Start the worker at `url` (a URL, or a data: URL string for a worker with an opaque origin).
 * `purpose` finishes "Python could not start …"; `name` names the worker in failures. `onMessage` gets
 * every message but the start-up ones; `onFailure` hears a crash. `ready` rejects after `startLimitMs`.
 * @param {URL | string} url
 * @param {{purpose: string, name: string, onMessage: (data: any) => void, onFailure: (error: Error) => void, startLimitMs?: number}} how
 * @returns {{worker: Worker, ready: Promise<void>}}
 */
export function startPythonWorker(url, { purpose, name, onMessage, onFailure, startLimitMs = START_LIMIT_MS }) {
  const worker = new Worker(url, { type: "module" });
  let timer = null;
  const ready = new Promise((resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`Python did not start ${purpose} within ${startLimitMs / 1000} s`)), startLimitMs);
    worker.addEventListener("message", ({ data }) => {
      if (data?.type === "ready") resolve();
      else if (data?.type === "error") reject(new Error(`Python could not start ${purpose} (${String(data.message)})`));
      else onMessage(data);
    });
    worker.addEventListener("error", (event) => {
      event.preventDefault(); // reported through onFailure, not as an uncaught error
      const error = new Error(`the ${name} worker failed (${event.message || "no reason given"})`);
      reject(error);
      onFailure(error);
    });
  });
  ready.then(() => clearTimeout(timer), () => clearTimeout(timer));
  return { worker, ready };
}
