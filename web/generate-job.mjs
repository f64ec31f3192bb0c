// The generate worker's life: started when the dialog first opens, one search at a time, terminated to cancel.
// Owns no DOM; generate-dialog.mjs shows what it reports. Never the solver's worker, so Solve stays free.

import { startPythonWorker } from "./python-worker.mjs";

export class GenerateJob {
  #worker = null;
  #ready = null;
  #current = null;
  #nextId = 1;

  /** Start the worker (Python loads in it) unless it is already running. */
  start() {
    if (this.#worker) return this.#ready;
    const { worker, ready } = startPythonWorker(new URL("generate.worker.mjs", import.meta.url), {
      purpose: "for the generator",
      name: "generate",
      onMessage: (data) => this.#onMessage(data),
      onFailure: (error) => {
        this.#finish((job) => job.reject(error));
        this.#drop();
      },
    });
    this.#worker = worker;
    this.#ready = ready;
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
