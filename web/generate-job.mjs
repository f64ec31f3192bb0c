// The generate worker's life: started when the dialog first opens, one search at a time, terminated to cancel.
// Owns no DOM; generate-dialog.mjs shows what it reports. Never the solver's worker, so Solve stays free.

export class GenerateJob {
  #worker = null;
  #ready = null;
  #current = null;
  #nextId = 1;

  /** Start the worker (Python loads in it) unless it is already running. */
  start() {
    if (this.#worker) return this.#ready;
    const worker = new Worker(new URL("generate.worker.mjs", import.meta.url), { type: "module" });
    this.#worker = worker;
    this.#ready = new Promise((resolve, reject) => {
      worker.addEventListener("message", ({ data }) => {
        if (data.type === "ready") resolve();
        else if (data.type === "error") reject(new Error(`Python could not start for the generator (${data.message})`));
        else this.#onMessage(data);
      });
      worker.addEventListener("error", (event) => {
        event.preventDefault();
        const error = new Error(`the generate worker failed (${event.message || "no reason given"})`);
        reject(error);
        this.#finish((job) => job.reject(error));
        this.#drop();
      });
    });
    this.#ready.catch(() => this.#drop());
    return this.#ready;
  }

  get running() {
    return this.#current !== null;
  }

  /** Run one request object; `onProgress` hears each progress report. Resolves with the parsed reply. */
  async run(request, onProgress) {
    if (this.#current) throw new Error("a board is already being generated");
    const id = this.#nextId++;
    const reply = new Promise((resolve, reject) => {
      this.#current = { id, resolve, reject, onProgress };
    });
    try {
      await this.start();
    } catch (error) {
      this.#current = null;
      throw error;
    }
    this.#worker.postMessage({ id, payload: JSON.stringify(request) });
    return reply;
  }

  /** Stop the search at once (terminating the worker) and start a fresh worker for the next one. */
  cancel() {
    this.#finish((job) => job.reject(new CancelledError("cancelled")));
    this.#drop();
    this.start().catch(() => {});
  }

  #onMessage({ id, type, ok, result, message }) {
    const job = this.#current;
    if (!job || job.id !== id) return;
    if (type === "progress") {
      job.onProgress?.(JSON.parse(result));
      return;
    }
    this.#finish((done) => (ok ? done.resolve(JSON.parse(result)) : done.reject(new Error(message))));
  }

  #finish(settle) {
    const job = this.#current;
    this.#current = null;
    if (job) settle(job);
  }

  #drop() {
    this.#worker?.terminate();
    this.#worker = null;
    this.#ready = null;
  }
}

/** The search was cancelled by the user. */
export class CancelledError extends Error {}
