// Unit tests for web/core/bridge.mjs: the newest request for a key wins, and a slow one is cut off.
import assert from "node:assert/strict";
import { test } from "node:test";
import { EngineBridge, RESTART_AFTER_MS, Superseded } from "../../web/core/bridge.mjs";

/** An engine whose replies the test releases by hand; it records restarts. */
class FakeEngine {
  state = "ready";
  restarts = 0;
  calls = [];
  call(request, { signal, onPost } = {}) {
    return new Promise((resolve, reject) => {
      signal?.throwIfAborted();
      onPost?.();
      this.calls.push({ request, resolve, reject });
    });
  }
  start() {}
  restart() {
    this.restarts += 1;
    for (const call of this.calls.splice(0)) call.reject(new Error("restarted"));
  }
}

function bridgeWithFakes() {
  const main = new FakeEngine();
  const slow = new FakeEngine();
  return { main, slow, bridge: new EngineBridge(main, () => slow) };
}

test("a newer request for the same key supersedes the older one", async () => {
  const { main, bridge } = bridgeWithFakes();
  const first = bridge.latest("solve", { op: "solve", n: 1 });
  const second = bridge.latest("solve", { op: "solve", n: 2 });
  main.calls[0].resolve({ ok: true, n: 1 });
  main.calls[1].resolve({ ok: true, n: 2 });
  await assert.rejects(first, Superseded);
  assert.deepEqual(await second, { ok: true, n: 2 });
  assert.equal(main.restarts, 0); // quick requests are left to finish, their replies dropped
});

test("other keys are independent", async () => {
  const { main, bridge } = bridgeWithFakes();
  const solve = bridge.latest("solve", { op: "solve" });
  const check = bridge.latest("check", { op: "validate" });
  main.calls[0].resolve("solved");
  main.calls[1].resolve("checked");
  assert.equal(await solve, "solved");
  assert.equal(await check, "checked");
});

test("analysis goes to the slow worker, which is created on first use", async () => {
  let made = 0;
  const main = new FakeEngine();
  const slow = new FakeEngine();
  const bridge = new EngineBridge(main, () => ((made += 1), slow));
  assert.equal(made, 0);
  const reply = bridge.latest("analysis", { op: "analyze" });
  assert.equal(made, 1);
  assert.equal(main.calls.length, 0);
  assert.equal(bridge.busy("analysis"), true);
  slow.calls[0].resolve("figures");
  assert.equal(await reply, "figures");
  assert.equal(bridge.busy("analysis"), false);
});

test("cancel with restart cuts a slow request off at once", async () => {
  const { slow, bridge } = bridgeWithFakes();
  const reply = bridge.latest("analysis", { op: "analyze" });
  bridge.cancel("analysis", { restart: true });
  await assert.rejects(reply, Superseded);
  assert.equal(slow.restarts, 1);
});

test("a replaced slow request that keeps running is cut off after the grace period", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const { slow, bridge } = bridgeWithFakes();
  const first = bridge.latest("analysis", { op: "analyze", n: 1 });
  const second = bridge.latest("analysis", { op: "analyze", n: 2 });
  await assert.rejects(first, Superseded);
  assert.equal(slow.restarts, 0);
  t.mock.timers.tick(RESTART_AFTER_MS);
  assert.equal(slow.restarts, 1);
  // The restart dropped the newer request too: the bridge sends it again to the fresh worker.
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(slow.calls.length, 1);
  assert.deepEqual(slow.calls[0].request, { op: "analyze", n: 2 });
  slow.calls[0].resolve("new");
  assert.equal(await second, "new");
});

test("a replaced slow request that finishes in time costs no restart", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const { slow, bridge } = bridgeWithFakes();
  const first = bridge.latest("analysis", { op: "analyze", n: 1 });
  const second = bridge.latest("analysis", { op: "analyze", n: 2 });
  slow.calls[0].resolve("old");
  await assert.rejects(first, Superseded);
  slow.calls[1].resolve("new");
  assert.equal(await second, "new");
  t.mock.timers.tick(RESTART_AFTER_MS);
  assert.equal(slow.restarts, 0);
});
