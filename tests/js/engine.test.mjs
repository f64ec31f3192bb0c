// Unit tests for the early start of the Python worker: web/start-python.js starts it before the
// page's modules run, and web/workers/engine.mjs adopts it (once, with what it said meanwhile) or starts its own.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { beforeEach, test } from "node:test";
import vm from "node:vm";
import { Engine } from "../../web/workers/engine.mjs";
import { FakeWorker } from "./fake-worker.mjs";

const WORKER_URL = "http://example.test/app/workers/engine.worker.mjs";

beforeEach(() => {
  FakeWorker.made = [];
  delete globalThis.takeEarlyPythonWorker;
});

const READY = { type: "progress", stage: "ready", start: "snapshot", startNote: "restored" };

/** Runs start-python.js as the page's parser would, in a context with a fake document and Worker. */
function runStartScript({
  scriptSrc = "http://example.test/app/start-python.js",
  WorkerClass = FakeWorker,
  navigator = undefined,
  hash = "",
} = {}) {
  const location = { hash };
  const context = vm.createContext({
    document: { currentScript: { src: scriptSrc } },
    Worker: WorkerClass,
    URL,
    URLSearchParams,
    navigator,
    location,
  });
  context.globalThis = context;
  vm.runInContext(readFileSync(new URL("../../web/start-python.js", import.meta.url), "utf8"), context);
  return context;
}

/** Puts the hand-over start-python.js defines where engine.mjs looks for it, for one test. */
function withEarlyWorker(context, body) {
  globalThis.Worker = FakeWorker;
  globalThis.takeEarlyPythonWorker = context.takeEarlyPythonWorker;
  return body();
}

test("start-python.js starts one module worker next to itself and hands it over once", () => {
  const context = runStartScript();
  assert.equal(FakeWorker.made.length, 1);
  const [worker] = FakeWorker.made;
  assert.equal(worker.url, WORKER_URL);
  assert.equal(worker.options.type, "module");
  assert.equal(context.takeEarlyPythonWorker("http://example.test/other/workers/engine.worker.mjs"), null);
  const taken = context.takeEarlyPythonWorker(WORKER_URL);
  assert.equal(taken.worker, worker);
  assert.equal(context.takeEarlyPythonWorker, undefined); // once only
});

test("start-python.js keeps what the worker says before the hand-over, and stops listening after it", () => {
  const context = runStartScript();
  const [worker] = FakeWorker.made;
  worker.say({ type: "progress", stage: "starting" });
  const error = worker.failToLoad();
  assert.equal(error.defaultPrevented, true); // reported by the engine, not as an uncaught error
  const { events } = context.takeEarlyPythonWorker(WORKER_URL);
  worker.say(READY);
  assert.deepEqual(
    Array.from(events, (event) => event.type),
    ["message", "error"],
  );
});

test("start-python.js leaves no hand-over when the browser refuses the worker", () => {
  class Refused {
    constructor() {
      throw new DOMException("blocked", "SecurityError");
    }
  }
  const context = runStartScript({ WorkerClass: Refused });
  assert.equal(context.takeEarlyPythonWorker, undefined);
});

test("the boot engine adopts the early worker and replays what it said, in order, before new messages", async () => {
  const context = runStartScript();
  const [early] = FakeWorker.made;
  early.say({ type: "progress", stage: "starting" });
  early.say(READY);
  await withEarlyWorker(context, async () => {
    const engine = new Engine(new URL(WORKER_URL), { adopt: true });
    const states = [];
    engine.addEventListener("statechange", (event) => states.push(event.detail.stage));
    engine.start();
    assert.equal(FakeWorker.made.length, 1, "no second worker was started");
    assert.deepEqual(states, ["downloading", "starting", "ready"]);
    assert.deepEqual(engine.startInfo, { how: "snapshot", note: "restored" });
    const reply = engine.call({ op: "solve" });
    await new Promise((resolve) => setImmediate(resolve));
    const [{ id }] = early.posted;
    early.say({ id, ok: true, result: JSON.stringify({ moves: 4 }) });
    assert.deepEqual(await reply, { moves: 4 });
    engine.restart(); // a restart makes a worker of its own: the early one is used once
    assert.equal(FakeWorker.made.length, 2);
    assert.equal(early.terminated, true);
    FakeWorker.made[1].say(READY);
  });
});

test("an early worker that failed to load is reported by the engine that adopts it", () => {
  const context = runStartScript();
  FakeWorker.made[0].failToLoad();
  withEarlyWorker(context, () => {
    const engine = new Engine(new URL(WORKER_URL), { adopt: true });
    engine.start();
    assert.equal(engine.state, "error");
    assert.match(engine.description, /the worker script could not be loaded/);
  });
});

test("an engine that does not adopt (the analysis engine) starts its own worker and leaves the early one", () => {
  const context = runStartScript();
  withEarlyWorker(context, () => {
    const engine = new Engine(new URL(WORKER_URL));
    engine.start();
    assert.equal(FakeWorker.made.length, 2);
    assert.equal(typeof globalThis.takeEarlyPythonWorker, "function");
    FakeWorker.made[1].say(READY);
    assert.equal(engine.state, "ready");
  });
});

/** Runs `body` with `navigator.serviceWorker.controller` set to `controller` (null: not controlled). */
function underServiceWorker(controller, body) {
  const saved = Object.getOwnPropertyDescriptor(globalThis, "navigator");
  Object.defineProperty(globalThis, "navigator", { value: { serviceWorker: { controller } }, configurable: true });
  try {
    return body();
  } finally {
    if (saved) Object.defineProperty(globalThis, "navigator", saved);
    else delete globalThis.navigator;
  }
}

test("both starts tell the worker whether a service worker controls the page (no snapshot lookup without one)", () => {
  const controlled = { serviceWorker: { controller: {} } };
  runStartScript({ navigator: controlled });
  runStartScript({ navigator: { serviceWorker: { controller: null } } });
  runStartScript(); // a browser without navigator.serviceWorker at all
  assert.deepEqual(
    FakeWorker.made.map((worker) => worker.options.name),
    ["python", "python:no-service-worker", "python:no-service-worker"],
  );
  globalThis.Worker = FakeWorker;
  for (const controller of [{}, null]) {
    underServiceWorker(controller, () => new Engine(new URL(WORKER_URL)).start());
    FakeWorker.made.at(-1).say(READY); // a ready engine leaves no load timer behind
  }
  assert.deepEqual(
    FakeWorker.made.slice(3).map((worker) => [worker.options.type, worker.options.name]),
    [
      ["module", "python"],
      ["module", "python:no-service-worker"],
    ],
  );
});

test("start-python.js leaves a board over 30×30 in the address to be drawn first, and starts for any other", () => {
  const held = ["#n=50&j=2-40.7-3", "#solve&n=31&j=", "#design&n=100", "#n=050", "#n=%33%31"];
  // The page reads none of these as a board over 30×30: not held (web/core/codec.mjs decodeHash).
  const started = [
    "",
    "#n=30&j=2-40",
    "#practice&code=eJw",
    "#n=abc",
    "#j=2-3&n=10",
    "#n=1e3",
    "#n=+40",
    "#n=%2040",
    "#n=1000",
    `#n=50&j=${"2-3.".repeat(25000)}`,
  ];
  for (const hash of held) {
    const context = runStartScript({ hash });
    assert.equal(context.pythonAfterBoard, true, hash);
    assert.equal(context.takeEarlyPythonWorker, undefined, hash);
  }
  assert.equal(FakeWorker.made.length, 0);
  for (const hash of started) assert.equal(runStartScript({ hash }).pythonAfterBoard, undefined, hash);
  assert.equal(FakeWorker.made.length, started.length);
});

test("a start held until the board is drawn: requests wait for it, nothing is lost, and it starts once", async () => {
  globalThis.Worker = FakeWorker;
  const engine = new Engine(new URL(WORKER_URL), { adopt: true });
  let drawn;
  engine.startAfter(new Promise((resolve) => (drawn = resolve)));
  assert.equal(engine.state, "loading");
  assert.equal(engine.description, "Python: starting once the board is drawn…");
  const reply = engine.call({ op: "validate" });
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(FakeWorker.made.length, 0, "no worker before the board is drawn");
  drawn();
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(FakeWorker.made.length, 1);
  const [worker] = FakeWorker.made;
  worker.say(READY);
  await new Promise((resolve) => setImmediate(resolve));
  const [{ id }] = worker.posted;
  worker.say({ id, ok: true, result: JSON.stringify({ n: 6 }) });
  assert.deepEqual(await reply, { n: 6 });
});

test("a start asked for while one is held starts at once and takes the waiting requests; the held one then starts nothing", async () => {
  globalThis.Worker = FakeWorker;
  const engine = new Engine(new URL(WORKER_URL));
  let drawn;
  engine.startAfter(new Promise((resolve) => (drawn = resolve)));
  const first = engine.call({ op: "validate" });
  engine.start(); // a cancel (Bridge) restarts the engine
  const second = engine.call({ op: "solve" });
  assert.equal(FakeWorker.made.length, 1);
  const [worker] = FakeWorker.made;
  worker.say(READY);
  await new Promise((resolve) => setImmediate(resolve));
  // Both sent (each answered by its id, so their order does not matter), though the board has not been drawn yet.
  const ops = worker.posted.map((message) => JSON.parse(message.payload).op);
  assert.deepEqual([...ops].sort(), ["solve", "validate"]);
  for (const { id, payload } of worker.posted)
    worker.say({ id, ok: true, result: JSON.stringify({ op: JSON.parse(payload).op }) });
  assert.deepEqual([await first, await second], [{ op: "validate" }, { op: "solve" }]);
  drawn();
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(FakeWorker.made.length, 1, "the worker running was not replaced");
  assert.equal(worker.terminated, false);
  assert.equal(engine.state, "ready");
});
