// Starts the Python worker before anything else on the page. A classic script, placed before the
// stylesheet, runs as soon as it arrives: the worker's thread then starts while the main thread is
// still free, rather than after the app's modules have been compiled and have drawn the board
// (a worker's start needs the page's main thread for a moment). boot.mjs's engine adopts this
// worker, with every event it sent meanwhile; without this script (or if it failed), the engine
// starts its own. It touches nothing else.
"use strict";
(() => {
  // A board over 30×30 in the address is drawn before Python starts (boot.mjs starts it just after the
  // board's first frame). On a 2-core machine Python's start, beside the page's, held back a new tab's
  // first picture of a dense 50×50 board by about 0.3 s (docs/benchmarks.md); a small board is drawn
  // quickly either way, and Python is ready sooner when started first. The size is read as the page
  // reads it (web/core/codec.mjs): the fragment's `n`, one to three digits, in a fragment the page
  // would read at all (at most 100,000 characters); 30 is the page's "large" size.
  const hash = location.hash;
  const size = hash.length <= 100000 ? new URLSearchParams(hash.slice(1)).get("n") : null;
  if (/^\d{1,3}$/.test(size ?? "") && Number(size) > 30) {
    globalThis.pythonAfterBoard = true;
    return;
  }
  const TYPES = ["message", "error", "messageerror"];
  const script = /** @type {HTMLScriptElement} */ (document.currentScript);
  const url = new URL("workers/engine.worker.mjs", script.src).href;
  // The worker looks for the memory snapshot in the offline cache only when the service worker
  // controls the page (as engine.mjs's #workerOptions says, which this repeats).
  const name = globalThis.navigator?.serviceWorker?.controller ? "python" : "python:no-service-worker";
  let worker;
  try {
    worker = new Worker(url, { type: "module", name });
  } catch {
    return; // the engine will start its own and report what is wrong
  }
  const events = [];
  const keep = (event) => {
    if (event.type === "error") event.preventDefault(); // the engine reports it, once adopted
    events.push(event);
  };
  for (const type of TYPES) worker.addEventListener(type, keep);
  /** Hands the worker over once: `{worker, events}` for the engine whose worker script is `wanted`. */
  globalThis.takeEarlyPythonWorker = (wanted) => {
    if (wanted !== url) return null;
    delete globalThis.takeEarlyPythonWorker;
    for (const type of TYPES) worker.removeEventListener(type, keep);
    return { worker, events };
  };
})();
