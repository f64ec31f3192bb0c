// Promise bridge to the Python worker: numbered requests, replies matched by id, errors as data.
// Owns the worker's life: start at page open, restart on Retry or to cancel a runaway solve.

const STAGES = {
  downloading: "Python: downloading…",
  starting: "Python: starting…",
  "loading-solver": "Python: loading the solver…",
  ready: "Python ready",
};

function deferred() {
  const result = {};
  result.promise = new Promise((resolve, reject) => Object.assign(result, { resolve, reject }));
  result.promise.catch(() => {}); // callers see the rejection through call()
  return result;
}

export class Engine extends EventTarget {
  #workerUrl;
  #loadTimeoutMs;
  #worker = null;
  #pending = new Map();
  #nextId = 1;
  #state = "loading";
  #stage = "downloading";
  #message = "";
  #ready = null;
  #timer = null;
  /** How the worker started Python: `{ how: "snapshot" | "plain", note }`, or null until ready. */
  startInfo = null;

  #adopt;

  /**
   * `loadTimeoutMs`: how long the worker may stay silent while loading before it is given up.
   * `adopt`: take over the worker start-python.js started for this script, if it did, on the first start.
   */
  constructor(workerUrl, { loadTimeoutMs = 90_000, adopt = false } = {}) {
    super();
    this.#workerUrl = workerUrl;
    this.#loadTimeoutMs = loadTimeoutMs;
    this.#adopt = adopt;
  }

  /** "loading" | "ready" | "error" */
  get state() {
    return this.#state;
  }

  /** A sentence for the status line. */
  get description() {
    if (this.#state === "error") return `Python failed to load: ${this.#message}`;
    return STAGES[this.#stage] ?? `Python: ${this.#stage}…`;
  }

  start() {
    this.#stop(new Error("The Python engine was restarted."));
    this.startInfo = null;
    this.#setState("loading", "downloading");
    this.#ready = deferred();
    const early = this.#adopt ? globalThis.takeEarlyPythonWorker?.(String(this.#workerUrl)) : null;
    this.#adopt = false;
    const worker = early?.worker ?? new Worker(this.#workerUrl, Engine.#workerOptions());
    this.#worker = worker;
    this.#armTimer();
    const handlers = {
      message: (event) => this.#onMessage(event.data),
      error: (event) => {
        event.preventDefault();
        this.#fail(event.message || "the worker script could not be loaded");
      },
      messageerror: () => this.#fail("a reply from Python could not be read"),
    };
    for (const [type, handler] of Object.entries(handlers)) worker.addEventListener(type, handler);
    // What the early worker said before it was adopted, in order, before anything it says next.
    for (const event of early?.events ?? []) if (this.#worker === worker) handlers[event.type](event);
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
    return this.#send("call", JSON.stringify(request), signal, onPost);
  }

  /** Python's live objects after a collection, and the WebAssembly memory size: `{objects, heapBytes}`. */
  stats() {
    return this.#send("stats", null);
  }

  async #send(type, payload, signal = undefined, onPost = undefined) {
    await this.#ready.promise;
    signal?.throwIfAborted();
    const worker = this.#worker;
    if (!worker) throw new Error(`Python is not available: ${this.#message}`);
    const id = this.#nextId++;
    const reply = new Promise((resolve, reject) => this.#pending.set(id, { resolve, reject }));
    worker.postMessage({ id, type, payload });
    onPost?.();
    return JSON.parse(await reply);
  }

  #onMessage(data) {
    if (data?.type === "progress") {
      if (data.stage === "error") this.#fail(data.message);
      else if (data.stage === "ready") {
        clearTimeout(this.#timer);
        this.startInfo = { how: data.start, note: data.startNote };
        this.#setState("ready", "ready");
        this.#ready.resolve();
      } else {
        this.#armTimer();
        this.#setState("loading", data.stage);
      }
      return;
    }
    const waiting = this.#pending.get(data?.id);
    if (!waiting) return;
    this.#pending.delete(data.id);
    if (data.ok) {
      waiting.resolve(data.result);
    } else if (data.error?.fatal) {
      // The interpreter is broken: reject this call and start a fresh one.
      waiting.reject(new Error(`Python crashed (${data.error.message}) and is restarting`));
      this.start();
    } else {
      waiting.reject(new Error(data.error?.message ?? "unknown error in the Python worker"));
    }
  }

  #armTimer() {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(
      () => this.#fail(`no word from Python for ${this.#loadTimeoutMs / 1000} s`),
      this.#loadTimeoutMs,
    );
  }

  #fail(message) {
    if (this.#state === "error") return;
    this.#message = message;
    this.#stop(new Error(`Python is not available: ${message}`));
    this.#setState("error", "error");
  }

  #stop(error) {
    clearTimeout(this.#timer);
    this.#worker?.terminate();
    this.#worker = null;
    this.#ready?.reject(error);
    for (const { reject } of this.#pending.values()) reject(error);
    this.#pending.clear();
  }

  #setState(state, stage) {
    this.#state = state;
    this.#stage = stage;
    this.dispatchEvent(new CustomEvent("statechange", { detail: { state, stage } }));
  }
}
