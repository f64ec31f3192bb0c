// The workers the user's code runs in: each with an opaque origin (started from a data: URL), a fresh one
// for every run, a time limit on every request, Cancel. Owns no DOM; practice.mjs shows what it reports.

import { CancelledError, TimeLimitError, WorkerMessenger } from "../workers/messenger.mjs";
import { siteUrl } from "../core/site.mjs";

export { CancelledError, TimeLimitError };

/** The longest reply the practice worker may send (the battery's, about 26 kB, is the longest real one). */
export const MAX_REPLY_CHARS = 1_000_000;
/** Python that has not started within this is given up. */
const START_LIMIT_MS = 60_000;

/**
 * A data: URL whose one line imports the practice worker from the site. A worker started from it has
 * an opaque origin ("null"): no CacheStorage, IndexedDB, cookies or storage of the site, and the
 * page's CSP (which it inherits) lets it reach only the site's own files, served with
 * Access-Control-Allow-Origin: * (docs/design.md). User code never runs with the site's origin.
 */
function sandboxedWorkerUrl() {
  const entry = siteUrl("workers/practice.worker.mjs").href;
  return `data:text/javascript,${encodeURIComponent(`import ${JSON.stringify(entry)};`)}`;
}

/** One sandboxed worker, started at once, serving one run and then stopped. */
class Session {
  #messenger = new WorkerMessenger(() => ({ worker: new Worker(sandboxedWorkerUrl(), { type: "module" }) }), {
    name: "practice",
    silenceLimitMs: START_LIMIT_MS,
    unavailable: (message) => `Python could not start for your code (${message})`,
    // Real replies are at most tens of kB (printed output is cut at 4,000 characters a board); a forged
    // one of megabytes a board would keep the page busy copying it.
    maxReplyChars: MAX_REPLY_CHARS,
  });

  constructor() {
    this.#messenger.start();
  }

  /**
   * One request to api.practice_handle, answered within `limitMs`, else a TimeLimitError (and the worker
   * stopped); `onProgress` hears the op's progress reports (parsed JSON, unchecked: check what you read).
   */
  call(request, limitMs, onProgress = undefined) {
    return this.#messenger.call(request, { limitMs, onProgress });
  }

  /** Terminate the worker, whatever it is doing; open requests reject with `reason`. */
  stop(reason = "the run is over") {
    this.#messenger.stop(reason);
  }

  get isStopped() {
    const { state } = this.#messenger;
    return state === "stopped" || state === "error";
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
