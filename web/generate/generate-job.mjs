// The generate worker's life: started when the dialog first opens, one search at a time, terminated to cancel.
// Owns no DOM; generate-dialog.mjs shows what it reports. Never the solver's worker, so Solve stays free.
import { CancelledError, WorkerMessenger } from "../workers/messenger.mjs";
import { siteUrl } from "../core/site.mjs";

export { CancelledError };

/** Python that has not started within this is given up. */
const START_LIMIT_MS = 60_000;

export class GenerateJob {
  #messenger = new WorkerMessenger(
    () => ({ worker: new Worker(siteUrl("workers/generate.worker.mjs"), { type: "module" }) }),
    {
      name: "generate",
      silenceLimitMs: START_LIMIT_MS,
      unavailable: (message) => `Python could not start for the generator (${message})`,
    },
  );
  #running = false;

  /** Start the worker (Python loads in it) unless it is already running or starting. */
  start() {
    const { state } = this.#messenger;
    if (state !== "loading" && state !== "ready") this.#messenger.start();
    return this.#messenger.ready;
  }

  get running() {
    return this.#running;
  }

  /** Run one request object; `onProgress` hears each progress report. Resolves with the parsed reply. */
  async run(request, onProgress) {
    if (this.#running) throw new Error("a board is already being generated");
    this.#running = true;
    try {
      this.start();
      return await this.#messenger.call(request, { onProgress });
    } finally {
      this.#running = false;
    }
  }

  /** Stop the search at once (terminating the worker) and start a fresh worker for the next one. */
  cancel() {
    this.#messenger.stop(new CancelledError("cancelled"));
    this.start().catch(() => {});
  }
}
