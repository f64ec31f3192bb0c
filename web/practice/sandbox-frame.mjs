// The page's side of the sandbox frame (practice/sandbox.html): a hidden <iframe sandbox="allow-scripts">
// that starts a worker, seen by the page as that worker (postMessage, terminate, message and error events).
//
// Why a frame: where the browser puts sandboxed frames in a process of their own (Chromium does), code that
// runs the process out of memory crashes the frame, not the page; and everything the worker sends is checked
// in the frame's process first (sandbox-messages.mjs). The page learns of a crash by pings left unanswered.

/** How often the page pings the frame once it has loaded. */
export const PING_MS = 500;
/** A ping unanswered this long means the frame's process is gone. Its main thread does nothing but relay,
 * so a live frame answers within milliseconds; the margin is for a machine busy with other work. */
export const LOST_MS = 3000;
/**
 * How long the frame may take to load before it counts as lost: its pings start only once it has loaded,
 * so a process that crashes while the frame loads (no load event ever comes) is caught here, well before
 * the practice worker's 60 s start limit.
 */
export const LOAD_MS = 15000;

/** The frame's process crashed (out of memory, say) or it stopped answering: the code in it is gone. */
export class SandboxCrashError extends Error {}
/** The frame stopped the worker for breaking the rules (a message over the size limit). */
export class SandboxFaultError extends Error {}

/**
 * One frame and the worker inside it, started at once. `frameUrl`: the frame's page; `workerUrl`: the worker's
 * script, a file of the site; `parent`: where the hidden frame is put. Events: "message" (`data`: a message of
 * the workers' protocol, checked by the frame) and "error" (`message`, `error`: a SandboxCrashError or
 * SandboxFaultError, or an Error when the frame could not start its worker).
 */
export class SandboxFrame extends EventTarget {
  #frame;
  #port;
  #timer = null;
  #pinged = 0;
  #answered = 0;
  /** When the oldest unanswered ping was sent (performance.now()), or null. */
  #waitingSince = null;
  #ended = false;

  /**
   * @param {URL | string} frameUrl
   * @param {URL | string} workerUrl
   * @param {HTMLElement} parent
   * @param {Promise<Record<string, ArrayBuffer>>} files  handed to the worker (absolute address -> bytes), theirs to keep
   */
  constructor(frameUrl, workerUrl, parent, files = Promise.resolve({})) {
    super();
    const channel = new MessageChannel();
    this.#port = channel.port1;
    this.#port.addEventListener("message", (event) => this.#fromFrame(event.data));
    this.#port.start();
    const frame = document.createElement("iframe");
    frame.sandbox.add("allow-scripts"); // and nothing else: no allow-same-origin, top navigation, popups, forms
    Object.assign(frame, { hidden: true, title: "Sandbox for your code", tabIndex: -1 });
    frame.setAttribute("aria-hidden", "true");
    const lost = setTimeout(
      () =>
        this.#fail(new SandboxCrashError(`the sandbox did not load within ${LOAD_MS / 1000} s: its process crashed`)),
      LOAD_MS,
    );
    frame.addEventListener(
      "load",
      () => {
        clearTimeout(lost);
        this.#loaded(channel.port2, String(workerUrl), files);
      },
      { once: true },
    );
    frame.src = String(frameUrl);
    this.#frame = frame;
    parent.append(frame);
  }

  /** Hand the frame its port, ping it, and name the worker to start with its files (once they are read). */
  async #loaded(port, workerUrl, files) {
    if (this.#ended) return;
    this.#frame.contentWindow?.postMessage({ sandbox: "port" }, "*", [port]);
    this.#timer = setInterval(() => this.#ping(), PING_MS);
    this.#ping();
    const given = await files.catch(() => ({}));
    if (!this.#ended)
      this.#port.postMessage({ sandbox: "start", worker: workerUrl, files: given }, Object.values(given));
  }

  #ping() {
    const now = performance.now();
    if (this.#waitingSince !== null && now - this.#waitingSince > LOST_MS) {
      const seconds = Math.round((now - this.#waitingSince) / 1000);
      this.#fail(
        new SandboxCrashError(
          `the sandbox stopped answering (for ${seconds} s): its process crashed or ran out of memory`,
        ),
      );
      return;
    }
    this.#pinged += 1;
    this.#waitingSince ??= now;
    this.#port.postMessage({ sandbox: "ping", ping: this.#pinged });
  }

  #fromFrame(data) {
    if (this.#ended || data === null || typeof data !== "object") return;
    if (data.sandbox === undefined) {
      this.dispatchEvent(new MessageEvent("message", { data }));
    } else if (data.sandbox === "pong" && Number.isSafeInteger(data.ping) && data.ping > this.#answered) {
      this.#answered = Math.min(data.ping, this.#pinged);
      if (this.#answered === this.#pinged) this.#waitingSince = null;
    } else if (data.sandbox === "oversize") {
      this.#fail(new SandboxFaultError(`it sent the page ${text(data.message)} (the limit)`));
    } else if (data.sandbox === "fault") {
      this.#fail(new Error(text(data.message)));
    }
  }

  /** Report `error` once, as a worker's error event, and drop the frame. */
  #fail(error) {
    if (this.#ended) return;
    const event = new ErrorEvent("error", { message: error.message, error, cancelable: true });
    this.terminate();
    this.dispatchEvent(event);
  }

  /** The same call as a worker's: the message goes to the worker inside the frame. */
  postMessage(message) {
    if (!this.#ended) this.#port.postMessage(message);
  }

  /** Drop the frame (its worker and its process with it) and its pings. */
  terminate() {
    if (this.#ended) return;
    this.#ended = true;
    clearInterval(this.#timer);
    this.#port.close();
    this.#frame.remove();
  }
}

/** A frame's own words, bounded (the frame is the page's code, but its process is shared with the user's). */
function text(value) {
  return typeof value === "string" ? value.slice(0, 300) : "no reason given";
}
