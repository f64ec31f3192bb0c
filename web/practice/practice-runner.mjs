// The sandboxes the user's code runs in: each a sandboxed frame (sandbox-frame.mjs, an opaque origin and, where
// the browser isolates such frames, a process of its own) with a worker inside; a fresh one for every run, a
// time limit on every request, Cancel. Owns no DOM but the hidden frames; practice.mjs shows what it reports.

import { CancelledError, TimeLimitError, WorkerMessenger } from "../workers/messenger.mjs";
import { SandboxCrashError, SandboxFaultError, SandboxFrame } from "./sandbox-frame.mjs";
import { MAX_MESSAGE_CHARS } from "./sandbox-messages.mjs";
import { siteUrl } from "../core/site.mjs";
import { RUNNER_FILES, RUNNER_FOLDER } from "../workers/runner-files.mjs";

export { CancelledError, SandboxCrashError, SandboxFaultError, TimeLimitError };

/** The longest message the practice worker may send: its frame refuses longer ones, every field counted. */
export const MAX_REPLY_CHARS = MAX_MESSAGE_CHARS;
/** Python that has not started within this is given up. */
const START_LIMIT_MS = 60_000;

/**
 * A frame from the site's practice/sandbox.html running workers/practice.worker.mjs (told not to start Python
 * when the code is JavaScript or TypeScript: `python` false). The frame and the worker have an opaque origin: no CacheStorage, IndexedDB, cookies or storage of the site; the frame's CSP (which
 * the worker inherits) lets them reach only the site's own files, served with Access-Control-Allow-Origin: *
 * (docs/design.md). User code never runs with the site's origin, nor in the page's process where the browser
 * isolates sandboxed frames.
 */
function sandboxedWorker(python) {
  const worker = siteUrl("workers/practice.worker.mjs");
  if (!python) worker.searchParams.set("python", "0");
  return new SandboxFrame(
    siteUrl("practice/sandbox.html"),
    worker,
    document.body,
    python ? runtimeFiles() : Promise.resolve({}),
  );
}

/** The files of Python's runtime the practice worker fetches (its modules it imports, which it must download):
 * a bare Pyodide and the practice runner, never the package (the checker is not in the sandbox). */
const RUNTIME_FILES = [
  "pyodide/pyodide.asm.wasm",
  "pyodide/python_stdlib.zip",
  "pyodide/pyodide-lock.json",
  ...RUNNER_FILES.map((name) => RUNNER_FOLDER + name),
];
/** Their bytes, read once from the page's own caches (the offline cache, the HTTP cache). */
let runtime = null;

/**
 * A copy of the runtime's files for one sandbox, by address: the frame's opaque origin has an HTTP cache of
 * its own, empty for each new frame, so without them every run would download 12.6 MB again. A file that
 * cannot be read is left out (the worker downloads it).
 * @returns {Promise<Record<string, ArrayBuffer>>}
 */
async function runtimeFiles() {
  runtime ??= Promise.all(
    RUNTIME_FILES.map(async (path) => {
      const address = siteUrl(path).href;
      try {
        const response = await fetch(address);
        return response.ok ? [address, await response.arrayBuffer()] : null;
      } catch {
        return null;
      }
    }),
  );
  const files = (await runtime).filter((entry) => entry !== null);
  return Object.fromEntries(files.map(([address, bytes]) => [address, bytes.slice(0)]));
}

/** One sandbox (a frame and its worker), started at once, serving one run and then stopped. */
class Session {
  #messenger;

  /** @param {boolean} python  whether the code is Python (else the sandbox does not start Python) */
  constructor(python) {
    this.python = python;
    this.#messenger = new WorkerMessenger(
      () => ({ worker: /** @type {Worker} */ (/** @type {unknown} */ (sandboxedWorker(python))) }),
      {
        name: "practice",
        silenceLimitMs: START_LIMIT_MS,
        unavailable: (message) => `Python could not start for your code (${message})`,
        // The frame already refuses longer messages; checked again here, where the page would pay for one.
        maxReplyChars: MAX_REPLY_CHARS,
      },
    );
    this.#messenger.start();
  }

  /**
   * One request to the sandbox (`{op: "load", source, language}`, `{op: "run", board, record}`), answered within
   * `limitMs` with the runner's reply as text (untrusted: the engine's practice ops check it), else a
   * TimeLimitError (and the worker stopped); `onProgress` hears what the run prints (parsed JSON, unchecked).
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

  /** Start the next run on a fresh worker (the spare, if one is ready or loading for the same kind of code); any
   * run still going is stopped. `python`: whether the code is Python. */
  begin(python = true) {
    this.#current?.stop(new CancelledError("a newer run took over"));
    const spare = this.#spare;
    this.#spare = null;
    const usable = spare && !spare.isStopped && spare.python === python;
    if (spare && !usable) spare.stop();
    this.#current = usable ? spare : new Session(python);
    return this.#current;
  }

  /** The run is over: stop its worker and start a spare for the next one, of the same kind. */
  end(session) {
    session.stop();
    if (this.#current === session) this.#current = null;
    this.#spare ??= new Session(session.python);
  }

  /** Stop the current run now (Cancel): its open request rejects with a CancelledError. */
  cancel() {
    this.#current?.stop(new CancelledError("cancelled"));
  }
}
