// The one bridge to every Python worker (solver, analysis, generator, practice sandbox): numbered
// requests, a pending map, time limits, restart, reject-all on failure. Owns a worker's life, no DOM.

/*
 * The protocol every worker speaks (docs/design.md, "Workers"):
 *   page -> worker  {id, type: "call", payload}        payload: the request as a JSON string
 *   worker -> page  {id, ok: true, result}             result: the reply as a JSON string
 *                   {id, ok: false, error: {message, fatal?}}   fatal: the interpreter itself broke
 *                   {id, type: "progress", result}     a report while request `id` runs (JSON string)
 *                   {type: "progress", stage, ...}     start-up: "downloading", "starting", …, then
 *                                                      "ready" (with what the worker says of its start)
 *                                                      or "error" (with a message)
 * A worker that runs user code can post anything: every message is checked, a malformed one ignored.
 */

/** A request ran past its time limit; the worker was stopped. */
export class TimeLimitError extends Error {}
/** The request was cancelled (the user's Cancel, or a newer request); the worker may have been stopped. */
export class CancelledError extends Error {}

function deferred() {
  const result = {};
  result.promise = new Promise((resolve, reject) => Object.assign(result, { resolve, reject }));
  result.promise.catch(() => {}); // callers see the rejection through ready or call()
  return result;
}

/**
 * One worker at a time, started by `makeWorker()` (which returns `{worker, events}`: events the
 * worker sent before this messenger took it, replayed in order). `silenceLimitMs`: how long the worker
 * may stay silent while it starts before it is given up. `name` names it in errors. Events:
 * "statechange" with `{state, stage}`; "fatal" when the interpreter broke (its owner may restart it).
 */
export class WorkerMessenger extends EventTarget {
  #makeWorker;
  #silenceLimitMs;
  #name;
  #unavailable;
  #maxReplyChars;
  #worker = null;
  #pending = new Map();
  #nextId = 1;
  #state = "idle";
  #stage = "";
  #message = "";
  #ready = deferred();
  #timer = null;
  /** What the worker said in its "ready" message (how it started), or null until then. */
  startInfo = null;

  /** `unavailable(message)`: the words open requests reject with when the worker fails. */
  /**
   * `maxReplyChars`: a message whose texts are longer stops the worker (one from user code could be megabytes).
   * @param {() => {worker: Worker, events?: Event[]}} makeWorker
   * @param {{name: string, silenceLimitMs?: number, unavailable?: (message: string) => string, maxReplyChars?: number}} options
   */
  constructor(
    makeWorker,
    {
      name,
      silenceLimitMs = 90_000,
      unavailable = (message) => `the ${name} worker failed: ${message}`,
      maxReplyChars = Infinity,
    },
  ) {
    super();
    this.#makeWorker = makeWorker;
    this.#name = name;
    this.#silenceLimitMs = silenceLimitMs;
    this.#unavailable = unavailable;
    this.#maxReplyChars = maxReplyChars;
  }

  /** "idle" (not started) | "loading" | "ready" | "error" | "stopped" */
  get state() {
    return this.#state;
  }

  /** The last start-up stage the worker reported ("downloading", "starting", …, "ready", "error"). */
  get stage() {
    return this.#stage;
  }

  /** Why the worker failed or was stopped, once it has. */
  get message() {
    return this.#message;
  }

  /** Resolves once the worker is ready; rejects when it fails or is stopped first. */
  get ready() {
    return this.#ready.promise;
  }

  /** Start a worker, stopping the one running (its open requests reject). */
  start(stage = "starting") {
    this.#stopWorker(new Error(`the ${this.#name} worker was restarted`));
    this.startInfo = null;
    this.#ready = deferred();
    this.#setState("loading", stage);
    let made;
    try {
      made = this.#makeWorker();
    } catch (error) {
      // The browser refused the worker (a policy, say): an error with Retry, not "loading" for good.
      this.fail(`the worker could not be started (${error?.message ?? error})`);
      return;
    }
    const { worker, events = [] } = made;
    this.#worker = worker;
    this.#armTimer();
    const handlers = {
      message: (event) => this.#worker === worker && this.#onMessage(event.data),
      error: (event) => {
        event.preventDefault(); // reported as the worker's failure, not as an uncaught error
        // A worker's own error event carries no error; a sandbox frame's (practice/sandbox-frame.mjs) says what broke.
        const error = event.error instanceof Error ? event.error : null;
        if (this.#worker === worker) this.fail(event.message || "the worker script could not be loaded", error);
      },
      messageerror: () => this.#worker === worker && this.fail("a reply from the worker could not be read"),
    };
    for (const [type, handler] of Object.entries(handlers)) worker.addEventListener(type, handler);
    for (const event of events) if (this.#worker === worker) handlers[event.type]?.(event);
  }

  /**
   * Send one request object; resolves with the parsed reply. `limitMs`: past it the worker is stopped
   * and the request rejects with a TimeLimitError. An aborted `signal` keeps a request that still
   * waits for the worker from being sent; `onPost` hears when it is sent, `onProgress` each report.
   */
  async call(
    request,
    { limitMs = null, signal = undefined, onPost = undefined, onProgress = undefined, type = "call" } = {},
  ) {
    if (this.#state === "idle") this.start();
    await this.#ready.promise;
    signal?.throwIfAborted();
    const worker = this.#worker;
    if (!worker) throw new Error(this.#unavailable(this.#message));
    const id = this.#nextId++;
    const reply = new Promise((resolve, reject) => {
      const entry = { resolve, reject, onProgress, timer: null };
      if (limitMs !== null) {
        entry.timer = setTimeout(() => {
          reject(new TimeLimitError(`no answer within ${limitMs / 1000} s`));
          this.stop(`a request ran past its ${limitMs / 1000} s limit`);
        }, limitMs);
      }
      this.#pending.set(id, entry);
    });
    worker.postMessage({ id, type, payload: request === null ? null : JSON.stringify(request) });
    onPost?.();
    return reply;
  }

  /**
   * Terminate the worker, whatever it is doing; every open request rejects with `reason` (an Error or words).
   * @param {Error | string} reason
   */
  stop(reason = `the ${this.#name} worker was stopped`) {
    const error = reason instanceof Error ? reason : new Error(`the ${this.#name} worker was stopped: ${reason}`);
    this.#message = error.message;
    this.#stopWorker(error);
    this.#setState("stopped", "stopped");
  }

  /**
   * The worker cannot serve: stop it and say why (state "error"); open requests reject with `error`, else with
   * the `unavailable` words.
   * @param {string} message
   * @param {Error | null} error
   */
  fail(message, error = null) {
    if (this.#state === "error") return;
    this.#message = message;
    this.#stopWorker(error ?? new Error(this.#unavailable(message)));
    this.#setState("error", "error");
  }

  #onMessage(data) {
    if (data === null || typeof data !== "object") return;
    const size = textSize(data);
    if (size > this.#maxReplyChars) {
      const limit = this.#maxReplyChars.toLocaleString("en");
      const error = new Error(
        `the ${this.#name} worker sent a message of ${size.toLocaleString("en")} characters, over the limit of ${limit}`,
      );
      this.#pending.get(data.id)?.reject(error);
      if (this.#state === "loading") this.fail(error.message, error);
      else this.stop("it sent a message over the size limit");
      return;
    }
    if (data.type === "progress" && data.id === undefined) {
      this.#onStage(data);
      return;
    }
    const entry = this.#pending.get(data.id);
    if (!entry) return;
    if (data.type === "progress") {
      const report = parsed(data.result);
      if (report.ok) entry.onProgress?.(report.value);
      return;
    }
    this.#pending.delete(data.id);
    clearTimeout(entry.timer);
    if (data.ok === true) {
      const reply = parsed(data.result);
      if (reply.ok) entry.resolve(reply.value);
      else entry.reject(new Error(`the ${this.#name} worker sent a reply that is not JSON`));
    } else if (data.error?.fatal) {
      entry.reject(new Error(`Python crashed (${text(data.error.message, "no reason given")}) and is restarting`));
      this.dispatchEvent(new CustomEvent("fatal"));
    } else {
      entry.reject(
        new Error(
          text(
            data.error?.message ?? `unknown error in the ${this.#name} worker`,
            `an unreadable error in the ${this.#name} worker`,
          ),
        ),
      );
    }
  }

  #onStage(data) {
    if (data.stage === "error") this.fail(text(data.message, "no reason given"));
    else if (data.stage === "ready") {
      if (this.#state !== "loading") return;
      clearTimeout(this.#timer);
      this.startInfo = data;
      this.#setState("ready", "ready");
      this.#ready.resolve();
    } else if (this.#state === "loading") {
      this.#armTimer();
      this.#setState("loading", text(data.stage, "starting"));
    }
  }

  #armTimer() {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(
      () => this.fail(`no word from Python for ${this.#silenceLimitMs / 1000} s`),
      this.#silenceLimitMs,
    );
  }

  #stopWorker(error) {
    clearTimeout(this.#timer);
    this.#worker?.terminate();
    this.#worker = null;
    this.#ready.reject(error);
    for (const entry of this.#pending.values()) {
      clearTimeout(entry.timer);
      entry.reject(error);
    }
    this.#pending.clear();
  }

  #setState(state, stage) {
    this.#state = state;
    this.#stage = stage;
    this.dispatchEvent(new CustomEvent("statechange", { detail: { state, stage } }));
  }
}

/**
 * `String(value)`, or `fallback` when it cannot be one: a worker running user code can send
 * `{toString: 1, valueOf: 1}`, on which String throws (in the message listener: an uncaught error in the
 * page, and the request it answered would never settle).
 */
function text(value, fallback) {
  try {
    return String(value);
  } catch {
    return fallback;
  }
}

/** The characters of a message's texts: its result, message and error's message, those that are strings. */
function textSize(data) {
  const error = data.error !== null && typeof data.error === "object" ? data.error.message : undefined;
  return [data.result, data.message, error].reduce(
    (sum, value) => sum + (typeof value === "string" ? value.length : 0),
    0,
  );
}

/** `{ok: true, value}` for a JSON string, `{ok: false}` for anything else (a worker may send anything). */
function parsed(text) {
  if (typeof text !== "string") return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}
