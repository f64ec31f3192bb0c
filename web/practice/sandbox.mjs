// The sandbox frame's one module (sandbox.html: an opaque origin, a process of its own where the browser
// isolates sandboxed frames): starts the worker the page names and relays the workers' protocol both ways.
//
// Everything the worker sends is received here, in the frame's process, and checked before the page sees it
// (sandbox-messages.mjs): measured whole, rebuilt field by field, over-long ones never passed on. The page
// talks to this frame only through the MessagePort it hands over in its first message; it pings on that
// port, and a frame that stops answering (its process crashed: out of memory, say) is dropped by the page.
import { MAX_MESSAGE_CHARS, RelayGate, measure, protocolMessage } from "./sandbox-messages.mjs";

/** The page's port, once it has handed it over; the worker, once started. */
let port = null;
let worker = null;
const gate = new RelayGate();

/** A report from the frame itself to the page (never of the workers' protocol: it has a `sandbox` key). */
const report = (sandbox, message = "") => port?.postMessage({ sandbox, message });

/** `address` resolved, when it is a file of this site (the frame's own origin's address), else null. */
function siteAddress(address) {
  try {
    const url = new URL(String(address), location.href);
    return url.origin === new URL(location.href).origin ? url : null;
  } catch {
    return null;
  }
}

/** The worker's script: a module of this site, else null. */
const siteScript = (address) => {
  const url = siteAddress(address);
  return url && url.pathname.endsWith(".mjs") ? url.href : null;
};

/** `files` as the page handed them: address -> ArrayBuffer, only addresses of this site. */
function siteFiles(files) {
  /** @type {Record<string, ArrayBuffer>} */
  const kept = {};
  if (files === null || typeof files !== "object") return kept;
  for (const [address, bytes] of Object.entries(files))
    if (bytes instanceof ArrayBuffer && siteAddress(address)?.href === address) kept[address] = bytes;
  return kept;
}

/**
 * Start the worker from a data: URL that imports `script`: it has an opaque origin and this frame's CSP. (A
 * dynamic import: a static one from a data: module worker is refused in a sandboxed frame by Chromium.) Its
 * first message is `files`, which it keeps as `sandboxFiles` before the import (files the page read from its
 * cache, for the worker to use rather than download: the frame's opaque origin has a cache of its own).
 */
function startWorker(script, files) {
  const failed = `(error) => postMessage({type: "progress", stage: "error", message: "the worker script could not be loaded (" + error + ")"})`;
  const start = `self.sandboxFiles = event.data; import(${JSON.stringify(script)}).catch(${failed});`;
  const source = `addEventListener("message", (event) => { ${start} }, { once: true });`;
  worker = new Worker(`data:text/javascript,${encodeURIComponent(source)}`, { type: "module" });
  worker.postMessage(files, Object.values(files));
  worker.addEventListener("message", (event) => relay(event.data));
  worker.addEventListener("error", (event) => {
    event.preventDefault();
    report("fault", event.message || "the worker script could not be loaded");
  });
  worker.addEventListener("messageerror", () => report("fault", "a message from the worker could not be read"));
}

/** Pass one message from the worker on to the page, if it is of the protocol, within the size limit and wanted. */
function relay(data) {
  const size = measure(data, MAX_MESSAGE_CHARS);
  if (size > MAX_MESSAGE_CHARS) {
    worker?.terminate(); // nothing more from it: it may be flooding
    worker = null;
    report("oversize", `a message of more than ${MAX_MESSAGE_CHARS.toLocaleString("en")} characters`);
    return;
  }
  const message = protocolMessage(data);
  if (message !== null && gate.admit(message, size)) port?.postMessage(message);
}

/** A message from the page: a ping, or a request for the worker (`{id, type, payload}`). */
function fromPage(data) {
  if (data?.sandbox === "ping") {
    port?.postMessage({ sandbox: "pong", ping: Number(data.ping) });
    return;
  }
  if (data?.sandbox === "start" && worker === null) {
    const script = siteScript(data.worker);
    if (script) startWorker(script, siteFiles(data.files));
    else report("fault", "the page named no worker script of this site");
    return;
  }
  if (worker === null || typeof data?.type !== "string") return;
  gate.sent(data.id);
  worker.postMessage({ id: data.id, type: data.type, payload: data.payload });
}

// The page's first message hands over its port; only the page that made this frame may.
addEventListener("message", (event) => {
  if (port !== null || event.source !== parent || event.ports.length !== 1) return;
  port = event.ports[0];
  port.addEventListener("message", (message) => fromPage(message.data));
  port.start();
});
