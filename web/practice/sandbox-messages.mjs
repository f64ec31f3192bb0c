// What the sandbox frame (sandbox.mjs) passes on from the worker inside it to the page: only messages of the
// workers' protocol (workers/messenger.mjs), rebuilt field by field, each measured whole and bounded. Pure.

/** The most characters one message from the sandbox may hold, every field counted (the battery's reply, the
 * longest real one, is about 26 kB; a failing board's diagnosis with 10,000 reads about 150 kB). */
export const MAX_MESSAGE_CHARS = 1_000_000;
/** What a request's messages may add up to before its later progress reports are dropped: a worker posting
 * millions of small reports would keep the page's main thread busy. Each message counts at least MIN_COST. */
export const REQUEST_BUDGET = 4 * MAX_MESSAGE_CHARS;
export const MIN_COST = 64;
/** Start-up stage reports passed on before "ready" or "error" (Python's start reports a handful). */
export const MAX_STAGES = 50;

/**
 * The size of `value` in characters: each string's length, each other value, key and item at least 1, every
 * field and item at any depth. Counting stops past `limit`, so the work is O(limit) whatever `value` is (a
 * cycle, a sparse array of length 2**32 - 1, a million keys): the result is then `limit + 1` or a little more.
 * @param {unknown} value
 * @param {number} limit
 */
export function measure(value, limit) {
  let total = 0;
  const stack = [value];
  while (stack.length > 0 && total <= limit) {
    const item = stack.pop();
    total += 1;
    if (typeof item === "string") total += item.length;
    else if (ArrayBuffer.isView(item)) total += item.byteLength;
    else if (item instanceof ArrayBuffer) total += item.byteLength;
    else if (typeof Blob !== "undefined" && item instanceof Blob) total += item.size;
    else if (item instanceof Map || item instanceof Set) {
      for (const entry of item.entries()) {
        if (total > limit) break;
        total += 1;
        stack.push(entry[0], entry[1]);
      }
    } else if (Array.isArray(item)) {
      for (let index = 0; index < item.length && total <= limit; index += 1) {
        total += 1;
        stack.push(item[index]);
      }
    } else if (item !== null && typeof item === "object") {
      for (const key in item) {
        if (total > limit) break;
        total += key.length + 1;
        stack.push(item[key]);
      }
    }
  }
  return total;
}

const isId = (value) => Number.isSafeInteger(value) && value > 0;
const primitive = (value) => ["string", "number", "boolean"].includes(typeof value);

/**
 * The message `data` from the worker as the page may receive it, or null when it is not one of the protocol's
 * (messenger.mjs): `{id, ok: true, result}`, `{id, ok: false, error: {message, fatal?}}`,
 * `{id, type: "progress", result}`, `{type: "progress", stage, ...}` (that one's other fields kept when they
 * are strings, numbers or booleans). Only those fields are copied: nothing else the worker put in reaches the
 * page. Call it on a message `measure` found within the limit.
 * @param {any} data
 * @returns {Record<string, unknown> | null}
 */
export function protocolMessage(data) {
  if (data === null || typeof data !== "object" || Array.isArray(data)) return null;
  if (data.type === "progress" && data.id === undefined) {
    if (typeof data.stage !== "string") return null;
    /** @type {Record<string, unknown>} */
    const stage = {};
    for (const key in data) if (Object.hasOwn(data, key) && primitive(data[key])) stage[key] = data[key];
    return stage;
  }
  if (!isId(data.id)) return null;
  if (data.type === "progress")
    return typeof data.result === "string" ? { id: data.id, type: "progress", result: data.result } : null;
  if (data.ok === true) return typeof data.result === "string" ? { id: data.id, ok: true, result: data.result } : null;
  const error = data.error;
  if (data.ok !== false || error === null || typeof error !== "object" || typeof error.message !== "string")
    return null;
  return {
    id: data.id,
    ok: false,
    error: error.fatal === true ? { message: error.message, fatal: true } : { message: error.message },
  };
}

/**
 * Which messages from the worker go on to the page: those of requests the page has sent and not yet had
 * answered (each request's reports up to REQUEST_BUDGET), and start-up stages until "ready" or "error".
 */
export class RelayGate {
  #open = new Map(); // request id -> characters passed on for it so far
  #stages = 0;
  #started = false;

  /** The page sent request `id`. */
  sent(id) {
    if (isId(id)) this.#open.set(id, 0);
  }

  /** Whether `message` (a protocolMessage) of `size` characters goes on; a final reply closes its request. */
  admit(message, size) {
    if (message.id === undefined) {
      if (this.#started || this.#stages >= MAX_STAGES) return false;
      this.#stages += 1;
      this.#started = message.stage === "ready" || message.stage === "error";
      return true;
    }
    const spent = this.#open.get(message.id);
    if (spent === undefined) return false;
    if (message.type !== "progress") {
      this.#open.delete(message.id);
      return true;
    }
    const cost = Math.max(size, MIN_COST);
    if (spent + cost > REQUEST_BUDGET) return false;
    this.#open.set(message.id, spent + cost);
    return true;
  }
}
