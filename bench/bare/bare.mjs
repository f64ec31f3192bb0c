// Baseline page for bench/page_bench.py: starts Pyodide in a module worker and nothing else.
// Marks "python-ready" on the main thread when the worker says so, exactly as the app does.
/* global document, Worker */
const status = document.getElementById("status");
const worker = new Worker(new URL("bare.worker.mjs", import.meta.url), { type: "module" });

worker.addEventListener("message", ({ data }) => {
  if (data?.type === "ready") {
    performance.mark("python-ready");
    document.documentElement.dataset.python = "ready";
    status.textContent = `Python ready (Pyodide ${data.version})`;
  } else {
    document.documentElement.dataset.python = "error";
    status.textContent = `Python failed to load: ${data?.message}`;
  }
});
worker.addEventListener("error", (event) => {
  document.documentElement.dataset.python = "error";
  status.textContent = `Worker error: ${event.message}`;
});
