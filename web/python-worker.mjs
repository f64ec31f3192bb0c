// Starts a module worker that loads its own Python, and settles `ready` when Python is up or cannot start.
// Page side of the practice and generate workers (their owners decide when to start and terminate them).

/**
 * Start the worker at `url`. `purpose` finishes "Python could not start …"; `name` names the worker in
 * failures. `onMessage` gets every message but the start-up ones; `onFailure` hears a crash.
 * @param {URL} url
 * @param {{purpose: string, name: string, onMessage: (data: any) => void, onFailure: (error: Error) => void}} how
 * @returns {{worker: Worker, ready: Promise<void>}}
 */
export function startPythonWorker(url, { purpose, name, onMessage, onFailure }) {
  const worker = new Worker(url, { type: "module" });
  const ready = new Promise((resolve, reject) => {
    worker.addEventListener("message", ({ data }) => {
      if (data.type === "ready") resolve();
      else if (data.type === "error") reject(new Error(`Python could not start ${purpose} (${data.message})`));
      else onMessage(data);
    });
    worker.addEventListener("error", (event) => {
      event.preventDefault(); // reported through onFailure, not as an uncaught error
      const error = new Error(`the ${name} worker failed (${event.message || "no reason given"})`);
      reject(error);
      onFailure(error);
    });
  });
  return { worker, ready };
}
