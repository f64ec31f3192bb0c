// The solver's Python worker (and the analysis's): its stages in words, the early worker adopted, a
// restart when the interpreter breaks. Requests go through the one messenger (messenger.mjs).
import { WorkerMessenger } from "./messenger.mjs";

const STAGES = {
  downloading: "Python: downloading…",
  starting: "Python: starting…",
  "loading-solver": "Python: loading the solver…",
  ready: "Python ready",
};
/** What the status line says while the start waits for the board to be drawn (startAfter). */
const HELD = "Python: starting once the board is drawn…";

export class Engine extends EventTarget {
  #messenger;
  #adopt;
  /** While startAfter waits: a promise settled once the worker starts (requests wait on it), else null. */
  #held = null;
  /** Settles `#held`: called by start(), whichever start comes first. */
  #release = null;
  /** How the worker started Python: `{ how: "snapshot" | "plain", note }`, or null until ready. */
  startInfo = null;

  /**
   * `loadTimeoutMs`: how long the worker may stay silent while loading before it is given up.
   * `adopt`: take over the worker start-python.js started for this script, if it did, on the first start.
   */
  constructor(workerUrl, { loadTimeoutMs = 90_000, adopt = false } = {}) {
    super();
    this.#adopt = adopt;
    this.#messenger = new WorkerMessenger(() => this.#makeWorker(workerUrl), {
      name: "Python",
      silenceLimitMs: loadTimeoutMs,
      unavailable: (message) => `Python is not available: ${message}`,
    });
    this.#messenger.addEventListener("statechange", (event) => {
      const { state, stage } = /** @type {CustomEvent} */ (event).detail;
      const info = this.#messenger.startInfo;
      this.startInfo = info ? { how: info.start, note: info.startNote } : null;
      this.dispatchEvent(new CustomEvent("statechange", { detail: { state, stage } }));
    });
    // The interpreter is broken: the request that found out is rejected; a fresh one takes the next.
    this.#messenger.addEventListener("fatal", () => this.start());
  }

  /** "loading" | "ready" | "error" */
  get state() {
    const { state } = this.#messenger;
    return state === "ready" || state === "error" ? state : "loading";
  }

  /** A sentence for the status line. */
  get description() {
    if (this.#messenger.state === "error") return `Python failed to load: ${this.#messenger.message}`;
    if (this.#held) return HELD;
    const { stage } = this.#messenger;
    return STAGES[stage] ?? `Python: ${stage}…`;
  }

  /** Start the worker (the early one start-python.js started, the first time, when adopting). */
  start() {
    const release = this.#release;
    this.#held = null;
    this.#release = null;
    try {
      this.#messenger.start("downloading");
    } finally {
      release?.(); // requests made during a hold go now (each is answered by its id: order does not matter)
    }
  }

  /**
   * Start the worker once `signal` (a promise) settles, unless start() ran first (a cancel restarts
   * the engine). Requests made meanwhile wait for whichever start comes first, then go to the worker
   * as usual: nothing is refused or lost.
   */
  startAfter(signal) {
    const held = new Promise((resolve) => (this.#release = resolve));
    this.#held = held;
    Promise.resolve(signal)
      .catch(() => {})
      .then(() => this.#held === held && this.start());
  }

  #makeWorker(workerUrl) {
    const early = this.#adopt ? globalThis.takeEarlyPythonWorker?.(String(workerUrl)) : null;
    this.#adopt = false;
    return early ?? { worker: new Worker(workerUrl, Engine.#workerOptions()), events: [] };
  }

  /**
   * A module worker, named "python:no-service-worker" when no service worker controls the page: on a
   * first visit (or a forced reload) the offline cache holds no snapshot the worker may use, and
   * looking for one cost 4-12 ms of its start (engine.worker.mjs). start-python.js repeats this.
   * @returns {WorkerOptions}
   */
  static #workerOptions() {
    const controlled = Boolean(globalThis.navigator?.serviceWorker?.controller);
    return { type: "module", name: controlled ? "python" : "python:no-service-worker" };
  }

  /** Terminate the worker (cancelling whatever it computes) and start a fresh one. */
  restart() {
    this.start();
  }

  /**
   * Send one API request object; resolves with the API's parsed response. An aborted `signal`
   * keeps a request that still waits for Python from being sent; `onPost` is told when it is sent.
   */
  call(request, { signal = undefined, onPost = undefined } = {}) {
    return this.#afterStart(() => this.#messenger.call(request, { signal, onPost }));
  }

  /** Python's live objects after a collection, and the WebAssembly memory size: `{objects, heapBytes}`. */
  stats() {
    return this.#afterStart(() => this.#messenger.call(null, { type: "stats" }));
  }

  /** `send()` at once, or once a start held by startAfter has begun. */
  #afterStart(send) {
    return this.#held ? this.#held.then(send) : send();
  }
}
