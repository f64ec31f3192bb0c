// The workers the user's code runs in: each with an opaque origin (started from a data: URL), a fresh one
// for every run, a time limit on every request, Cancel. Owns no DOM; practice.mjs shows what it reports.

import { startPythonWorker } from "./python-worker.mjs";

/** A request ran past its time limit; the worker was stopped. */
export class TimeLimitError extends Error {}
/** The user pressed Cancel; the worker was stopped. */
export class CancelledError extends Error {}

/**
 * A data: URL whose one line imports the practice worker from the site. A worker started from it has
 * an opaque origin ("null"): no CacheStorage, IndexedDB, cookies or storage of the site, and the
 * page's CSP (which it inherits) lets it reach only the site's own files, served with
 * Access-Control-Allow-Origin: * (docs/design.md). User code never runs with the site's origin.
 */
function sandboxedWorkerUrl() {
  const entry = new URL("practice.worker.mjs", import.meta.url).href;
  return `data:text/javascript,${encodeURIComponent(`import ${JSON.stringify(entry)};`)}`;
}

/** One worker and its requests; stopped (terminated) at the end of the run it served. */
class Session {
  #worker;
  #pending = new Map();
  #nextId = 1;
  #stopped = null;
  ready;

  constructor() {
    const { worker, ready } = startPythonWorker(sandboxedWorkerUrl(), {
      purpose: "for your code",
      name: "practice",
      onMessage: (data) => this.#settle(data),
      onFailure: (error) => this.stop(error),
    });
    this.#worker = worker;
    this.ready = ready;
    ready.catch((error) => this.stop(error));
  }

  /** Replies come from a worker that runs user code: anything malformed is ignored, never thrown. */
  #settle(data) {
    const pending = this.#pending.get(data?.id);
    if (!pending || data.type !== "reply") return;
    this.#pending.delete(data.id);
    if (!data.ok) {
      pending.reject(new Error(String(data.message)));
      return;
    }
    try {
      pending.resolve(JSON.parse(String(data.result)));
    } catch {
      pending.reject(new Error("the practice worker sent a reply that is not JSON"));
    }
  }

  /** One request to practice_run.handle, answered within `limitMs` or a TimeLimitError (and the worker stopped). */
  async call(request, limitMs) {
    if (this.#stopped) throw this.#stopped;
    await this.ready;
    if (this.#stopped) throw this.#stopped;
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.stop(new TimeLimitError(`no answer within ${limitMs / 1000} s`)), limitMs);
      const done = (settle) => (value) => {
        clearTimeout(timer);
        settle(value);
      };
      this.#pending.set(id, { resolve: done(resolve), reject: done(reject) });
      this.#worker.postMessage({ id, payload: JSON.stringify(request) });
    });
  }

  /** Terminate the worker, whatever it is doing; every request still open rejects with `reason`. */
  stop(reason = new Error("the practice worker was stopped")) {
    if (this.#stopped) return;
    this.#stopped = reason;
    this.#worker.terminate();
    for (const pending of this.#pending.values()) pending.reject(reason);
    this.#pending.clear();
  }

  get isStopped() {
    return this.#stopped !== null;
  }
}

/**
 * Hands out a fresh worker for each run: nothing a run's code left behind (a timer loop, patched
 * modules, a hung thread) can reach the next one. A spare is started when a run ends, so the next
 * Run tests finds Python already loaded.
 */
export class PracticeRunner {
  #spare = null;
  #current = null;

  /** Start the next run on a fresh worker (the spare, if one is ready or loading); any run still going is stopped. */
  begin() {
    this.#current?.stop(new CancelledError("a newer run took over"));
    const spare = this.#spare;
    this.#spare = null;
    this.#current = spare && !spare.isStopped ? spare : new Session();
    return this.#current;
  }

  /** The run is over: stop its worker and start a spare for the next one. */
  end(session) {
    session.stop();
    if (this.#current === session) this.#current = null;
    this.#spare ??= new Session();
  }

  /** Stop the current run now (Cancel): its open request rejects with a CancelledError. */
  cancel() {
    this.#current?.stop(new CancelledError("cancelled"));
  }
}
