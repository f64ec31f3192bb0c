// Freshness for every request to Python: the newest request for a key wins, older ones are dropped
// or cancelled. Slow operations (the analysis) run in a second worker so they never delay a Solve.
import { OPS } from "./contract.mjs";

/** Thrown to the caller of a request that a newer one with the same key (or a cancel) replaced. */
export class Superseded extends Error {
  constructor(key) {
    super(`the request for ${key} was replaced by a newer one`);
    this.name = "Superseded";
  }
}

/** Rejects with the signal's reason once it is aborted. */
function aborted(signal) {
  return new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason), { once: true }));
}

/** The same promise, with its rejection marked handled (a race's loser may reject later). */
function quiet(promise) {
  promise.catch(() => {});
  return promise;
}

/** Operations that can run for seconds (the contract's worker "analysis"): their own worker, restarted to cancel them. */
const SLOW_OPS = new Set(Object.keys(OPS).filter((op) => OPS[op].worker === "analysis"));

/**
 * A request still computing this long after it was replaced is cut off by restarting its worker;
 * a quicker one is left to finish (a restart costs a Python start, seconds), its reply dropped.
 */
export const RESTART_AFTER_MS = 500;

/**
 * Two lanes of Python workers: `main` (validate, solve, explain, play: each bounded and quick) and
 * `slow` (analyze, jump_use), started on first use. `latest(key, request)` is the only way callers ask.
 */
export class EngineBridge {
  #main;
  #makeSlow;
  #slow = null;
  #tickets = new Map();
  #cuts = 0;

  /** `main`: the page's Engine, already started; `makeSlow()`: a new, unstarted Engine. */
  constructor(main, makeSlow) {
    this.#main = main;
    this.#makeSlow = makeSlow;
  }

  /** The main engine, whose state the status line shows. */
  get engine() {
    return this.#main;
  }

  /** True while a request for `key` is waiting for its reply. */
  busy(key) {
    return this.#tickets.has(key);
  }

  /**
   * Send `request` as the newest for `key`: an older request for the same key is superseded (its
   * caller gets a Superseded rejection at once, never a stale reply). Resolves with the API's reply.
   */
  async latest(key, request) {
    this.cancel(key, { now: false });
    const slow = SLOW_OPS.has(request.op);
    const ticket = {
      slow,
      engine: null,
      controller: new AbortController(),
      postedAt: null,
      settled: false,
      timer: null,
    };
    this.#tickets.set(key, ticket);
    try {
      for (;;) {
        const cuts = this.#cuts;
        try {
          ticket.engine = slow ? this.#slowEngine() : this.#main;
          const reply = await this.#send(ticket, request);
          if (this.#tickets.get(key) !== ticket) throw new Superseded(key);
          return reply;
        } catch (error) {
          if (this.#tickets.get(key) !== ticket) throw new Superseded(key);
          // Cutting off an older request restarted the worker under this one too: send it again.
          if (this.#cuts === cuts) throw error;
        }
      }
    } finally {
      if (this.#tickets.get(key) === ticket) this.#tickets.delete(key);
    }
  }

  /** One try at a ticket's request: its reply, or the abort reason as soon as it is replaced. */
  #send(ticket, request) {
    ticket.settled = false;
    ticket.postedAt = null;
    const { signal } = ticket.controller;
    const call = ticket.engine.call(request, { signal, onPost: () => (ticket.postedAt = performance.now()) });
    const settle = () => {
      ticket.settled = true; // Python is done with it: nothing left to cut off
      clearTimeout(ticket.timer);
    };
    call.then(settle, settle);
    return Promise.race([quiet(call), quiet(aborted(signal))]);
  }

  /**
   * Drop the request for `key`: its caller gets Superseded. A slow one still computing is cut off
   * by restarting its worker: at once with `now`, else once it has run RESTART_AFTER_MS. `restart`
   * restarts the request's worker whatever it is doing (the Cancel buttons).
   */
  cancel(key, { now = true, restart = false } = {}) {
    const ticket = this.#tickets.get(key);
    if (!ticket) return;
    this.#tickets.delete(key);
    ticket.controller.abort(new Superseded(key));
    if (restart) {
      this.#cuts += 1; // other requests on that worker are sent again to the fresh one
      ticket.engine?.restart();
    }
    if (restart || !ticket.slow || ticket.postedAt === null) return;
    const ran = performance.now() - ticket.postedAt;
    const cutOff = () => {
      if (ticket.settled || ticket.engine !== this.#slow) return;
      this.#cuts += 1;
      ticket.engine.restart();
    };
    if (now || ran >= RESTART_AFTER_MS) cutOff();
    else ticket.timer = setTimeout(cutOff, RESTART_AFTER_MS - ran);
  }

  /** Drop every request (the board changed): see cancel. */
  cancelAll({ now = false } = {}) {
    for (const key of [...this.#tickets.keys()]) this.cancel(key, { now });
  }

  /** Retry after a failed start: a fresh main worker, and a fresh slow one when it has failed too. */
  restart() {
    this.#main.restart();
    if (this.#slow?.state === "error") this.#slow.restart();
  }

  #slowEngine() {
    if (!this.#slow) {
      this.#slow = this.#makeSlow();
      this.#slow.start();
    }
    return this.#slow;
  }
}
