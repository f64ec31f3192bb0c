// web/workers/messenger.mjs against a worker that runs user code and posts what it likes: fields that cannot
// become strings ({toString: 1, valueOf: 1} survives structured cloning) never throw in the page and
// never leave a request unsettled.
import assert from "node:assert/strict";
import { test } from "node:test";
import { WorkerMessenger } from "../../web/workers/messenger.mjs";
import { FakeWorker } from "./fake-worker.mjs";

/** What String() throws on, as a cloned message delivers it. */
const UNPRINTABLE = { toString: 1, valueOf: 1 };

const tick = () => new Promise((resolve) => setImmediate(resolve));

function started() {
  let worker = null;
  const made = new WorkerMessenger(
    () => {
      worker = new FakeWorker();
      return { worker };
    },
    { name: "practice", silenceLimitMs: 60_000 },
  );
  made.start();
  return { made, worker };
}

/** Settles within a few turns of the event loop, or says it hangs. */
async function outcome(promise) {
  const hangs = Symbol("hangs");
  const result = await Promise.race([
    promise.then(
      () => "resolved",
      (error) => error,
    ),
    tick()
      .then(tick)
      .then(() => hangs),
  ]);
  assert.notEqual(result, hangs, "the request never settled");
  return result;
}

for (const [name, reply] of [
  ["an error whose message cannot be a string", { ok: false, error: { message: UNPRINTABLE } }],
  ["a fatal error whose message cannot be a string", { ok: false, error: { message: UNPRINTABLE, fatal: true } }],
]) {
  test(`a reply with ${name} rejects its request and throws nothing in the page`, async () => {
    const { made, worker } = started();
    worker.say({ type: "progress", stage: "ready" });
    const request = made.call({ op: "load" }, { limitMs: 60_000 });
    await tick();
    const { id } = worker.posted[0];
    worker.say({ id, ...reply });
    const error = await outcome(request);
    assert.ok(error instanceof Error, String(error));
    made.stop();
  });
}

test("start-up reports whose stage or message cannot be a string are read, not thrown on", async () => {
  const { made, worker } = started();
  worker.say({ type: "progress", stage: UNPRINTABLE });
  assert.equal(made.state, "loading");
  worker.say({ type: "progress", stage: "error", message: UNPRINTABLE });
  assert.equal(made.state, "error");
  assert.equal(made.message, "no reason given");
  await tick();
});
