// The practice worker's life: started on the first Run tests, a time limit per request, a fresh worker after a hang.
// Owns no DOM; practice.mjs shows what it reports. Never the solver's worker: user code runs only here.

import { startPythonWorker } from "./python-worker.mjs";

/** A request ran past its time limit; the worker was terminated and a fresh one is starting. */
export class TimeLimitError extends Error {}

export class PracticeRunner {
  #worker = null;
  #ready = null;
  #failed = false;
  #pending = new Map();
  #nextId = 1;

  #start() {
    const { worker, ready } = startPythonWorker(new URL("practice.worker.mjs", import.meta.url), {
      purpose: "for your code",
      name: "practice",
      onMessage: (data) => this.#settle(data),
      onFailure: (error) => this.#rejectAll(error),
    });
    this.#worker = worker;
    this.#failed = false;
    this.#ready = ready;
    this.#ready.catch(() => {
      this.#failed = true;
    });
  }

  #settle({ id, ok, result, message }) {
    const pending = this.#pending.get(id);
    if (!pending) return;
    this.#pending.delete(id);
    if (ok) pending.resolve(JSON.parse(result));
    else pending.reject(new Error(message));
  }

  #rejectAll(error) {
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }

  /** Resolves once Python is ready in the worker, starting it (again, after a failure) if need be. */
  ready() {
    if (this.#worker === null || this.#failed) {
      this.#worker?.terminate();
      this.#start();
    }
    return this.#ready;
  }

  /** Send one request to practice_run.handle; with `limitMs`, a reply later than that is a TimeLimitError. */
  async call(request, limitMs = null) {
    await this.ready();
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      let timer = null;
      const done = (settle) => (value) => {
        clearTimeout(timer);
        settle(value);
      };
      this.#pending.set(id, { resolve: done(resolve), reject: done(reject) });
      if (limitMs !== null) {
        timer = setTimeout(() => {
          this.#pending.delete(id);
          this.restart();
          reject(new TimeLimitError(`no answer within ${limitMs / 1000} s`));
        }, limitMs);
      }
      this.#worker.postMessage({ id, payload: JSON.stringify(request) });
    });
  }

  /** Stop the worker, whatever it is doing, and start a fresh one. */
  restart() {
    this.#worker?.terminate();
    this.#rejectAll(new Error("the practice worker was restarted"));
    this.#start();
  }
}
