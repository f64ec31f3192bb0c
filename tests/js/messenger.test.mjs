// Unit tests for web/workers/messenger.mjs: the one bridge to every Python worker, against a fake worker.
import assert from "node:assert/strict";
import { test } from "node:test";
import { CancelledError, TimeLimitError, WorkerMessenger } from "../../web/workers/messenger.mjs";
import { FakeWorker } from "./fake-worker.mjs";

const tick = () => new Promise((resolve) => setImmediate(resolve));

function messenger(options = {}) {
  const workers = [];
  const made = new WorkerMessenger(
    () => {
      const worker = new FakeWorker();
      workers.push(worker);
      return { worker };
    },
    { name: "test", silenceLimitMs: 60_000, ...options },
  );
  return { made, workers };
}

function ready(made, workers) {
  made.start();
  workers.at(-1).say({ type: "progress", stage: "ready", start: "plain" });
}

test("requests are numbered, sent as JSON and answered by id, in any order", async () => {
  const { made, workers } = messenger();
  ready(made, workers);
  const first = made.call({ op: "a" });
  const second = made.call({ op: "b" });
  await tick();
  const [one, two] = workers[0].posted;
  assert.deepEqual([one.type, two.type], ["call", "call"]);
  assert.notEqual(one.id, two.id);
  assert.equal(one.payload, JSON.stringify({ op: "a" }));
  workers[0].say({ id: two.id, ok: true, result: '"B"' });
  workers[0].say({ id: one.id, ok: false, error: { message: "bad a" } });
  assert.equal(await second, "B");
  await assert.rejects(first, { message: "bad a" });
  assert.deepEqual(made.startInfo, { type: "progress", stage: "ready", start: "plain" });
});

test("start-up stages are followed, and a call waits for ready", async () => {
  const { made, workers } = messenger();
  const stages = [];
  made.addEventListener("statechange", (event) => stages.push(event.detail.stage));
  const reply = made.call({ op: "x" }); // starts the worker
  workers[0].say({ type: "progress", stage: "downloading" });
  await tick();
  assert.equal(workers[0].posted.length, 0);
  workers[0].say({ type: "progress", stage: "ready" });
  await tick();
  workers[0].say({ id: workers[0].posted[0].id, ok: true, result: "1" });
  assert.equal(await reply, 1);
  assert.deepEqual(stages, ["starting", "downloading", "ready"]);
});

test("malformed messages from the worker are ignored, never thrown", async () => {
  const { made, workers } = messenger();
  ready(made, workers);
  const reply = made.call({ op: "x" });
  await tick();
  const { id } = workers[0].posted[0];
  for (const junk of [
    null,
    7,
    "text",
    { id: 999, ok: true, result: "1" },
    { type: "progress", id, result: "{not json" },
    { type: "ready" },
  ]) {
    workers[0].say(junk);
  }
  workers[0].say({ id, ok: true, result: "{not json" });
  await assert.rejects(reply, { message: "the test worker sent a reply that is not JSON" });
  assert.equal(made.state, "ready");
});

test("progress reports reach the request they belong to", async () => {
  const { made, workers } = messenger();
  ready(made, workers);
  const reports = [];
  const reply = made.call({ op: "long" }, { onProgress: (report) => reports.push(report) });
  await tick();
  const { id } = workers[0].posted[0];
  workers[0].say({ id, type: "progress", result: '{"done": 1}' });
  workers[0].say({ id, type: "progress", result: '{"done": 2}' });
  workers[0].say({ id, ok: true, result: "true" });
  assert.equal(await reply, true);
  assert.deepEqual(reports, [{ done: 1 }, { done: 2 }]);
});

test("a request past its time limit rejects with TimeLimitError and stops the worker; the others reject too", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const { made, workers } = messenger();
  ready(made, workers);
  const slow = made.call({ op: "slow" }, { limitMs: 3000 });
  const other = made.call({ op: "other" });
  await tick();
  t.mock.timers.tick(3000);
  await assert.rejects(slow, TimeLimitError);
  await assert.rejects(other, /ran past its 3 s limit/);
  assert.equal(workers[0].terminated, true);
  assert.equal(made.state, "stopped");
});

test("a worker that fails rejects every open request, and start() makes a fresh one", async () => {
  const { made, workers } = messenger({ unavailable: (message) => `gone: ${message}` });
  ready(made, workers);
  const open = made.call({ op: "x" });
  await tick();
  const event = workers[0].failToLoad("boom");
  assert.equal(event.defaultPrevented, true);
  await assert.rejects(open, { message: "gone: boom" });
  assert.equal(made.state, "error");
  ready(made, workers);
  assert.equal(workers.length, 2);
  assert.equal(made.state, "ready");
});

test("a worker silent past its limit while starting is given up", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const { made } = messenger({ silenceLimitMs: 1000 });
  made.start();
  t.mock.timers.tick(1000);
  await assert.rejects(made.ready, /no word from Python for 1 s/);
  assert.equal(made.state, "error");
});

test("stop() cancels with the reason given; a fatal reply is reported for the owner to restart", async () => {
  const { made, workers } = messenger();
  ready(made, workers);
  let fatal = 0;
  made.addEventListener("fatal", () => (fatal += 1));
  const broken = made.call({ op: "x" });
  await tick();
  workers[0].say({ id: workers[0].posted[0].id, ok: false, error: { message: "MemoryError", fatal: true } });
  await assert.rejects(broken, /Python crashed \(MemoryError\)/);
  assert.equal(fatal, 1);
  const open = made.call({ op: "y" });
  await tick();
  made.stop(new CancelledError("cancelled"));
  await assert.rejects(open, CancelledError);
  assert.equal(workers[0].terminated, true);
});

test("a reply over the size limit rejects its request and stops the worker", async () => {
  const { made, workers } = messenger({ maxReplyChars: 100 });
  ready(made, workers);
  const reply = made.call({ op: "x" });
  await tick();
  workers[0].say({ id: workers[0].posted[0].id, ok: true, result: JSON.stringify("y".repeat(200)) });
  await assert.rejects(reply, { message: "the test worker sent a message of 202 characters, over the limit of 100" });
  assert.equal(workers[0].terminated, true);
  assert.equal(made.state, "stopped");
});

test("the size limit counts an error's message and a start-up stage's message too", async () => {
  const { made, workers } = messenger({ maxReplyChars: 100 });
  ready(made, workers);
  const reply = made.call({ op: "x" });
  await tick();
  workers[0].say({
    id: workers[0].posted[0].id,
    ok: false,
    error: { message: "e".repeat(60) },
    result: "r".repeat(60),
  });
  await assert.rejects(reply, { message: "the test worker sent a message of 120 characters, over the limit of 100" });
  assert.equal(made.state, "stopped");
  made.start();
  const early = made.call({ op: "y" });
  workers[1].say({ type: "progress", stage: "error", message: "m".repeat(101) });
  await assert.rejects(early, { message: "the test worker sent a message of 101 characters, over the limit of 100" });
  assert.equal(made.state, "error");
});

test("an error event that carries an Error (a sandbox frame's) rejects open requests with that very error", async () => {
  class Crash extends Error {}
  const { made, workers } = messenger({ unavailable: (message) => `gone: ${message}` });
  ready(made, workers);
  const reply = made.call({ op: "x" });
  await tick();
  const crash = new Crash("the sandbox stopped answering");
  workers[0].dispatchEvent(
    Object.assign(new Event("error", { cancelable: true }), { message: crash.message, error: crash }),
  );
  await assert.rejects(reply, (error) => error === crash);
  assert.equal(made.state, "error");
});

test("a worker the browser refuses to create is an error with its reason, not a start that never ends", async () => {
  let refuse = true;
  const workers = [];
  const made = new WorkerMessenger(
    () => {
      if (refuse) throw new DOMException("blocked by policy", "SecurityError");
      const worker = new FakeWorker();
      workers.push(worker);
      return { worker };
    },
    { name: "test", silenceLimitMs: 60_000, unavailable: (message) => `gone: ${message}` },
  );
  const call = made.call({ op: "x" }); // starts the worker: refused
  await assert.rejects(call, { message: "gone: the worker could not be started (blocked by policy)" });
  assert.equal(made.state, "error");
  refuse = false; // Retry
  ready(made, workers);
  assert.equal(made.state, "ready");
});
