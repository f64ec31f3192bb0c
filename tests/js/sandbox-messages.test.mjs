// Unit tests for web/practice/sandbox-messages.mjs (what the sandbox frame passes on to the page) and
// web/practice/shown-text.mjs (how the page shows text from the sandbox).
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  MAX_STAGES,
  MIN_COST,
  REQUEST_BUDGET,
  RelayGate,
  measure,
  protocolMessage,
} from "../../web/practice/sandbox-messages.mjs";
import { shownList, shownText } from "../../web/practice/shown-text.mjs";

test("measure counts every field at any depth, and stops soon past the limit whatever the value", () => {
  assert.equal(measure("abc", 100), 4);
  assert.equal(measure({ id: 1, error: { message: "x".repeat(50) } }, 1000), 1 + 3 + 1 + 6 + 1 + 8 + 51);
  assert.ok(measure({ a: [[["y".repeat(500)]]] }, 100) > 100);
  const cycle = { name: "loop" };
  cycle.self = cycle;
  assert.ok(measure(cycle, 1000) > 1000); // a cycle is counted until the limit, not forever
  const started = process.hrtime.bigint();
  const sparse = [];
  sparse.length = 2 ** 32 - 1;
  assert.ok(measure(sparse, 10_000) > 10_000);
  assert.ok(measure(new Map([[1, "z".repeat(200)]]), 100) > 100);
  assert.ok(measure(new Uint8Array(500), 100) > 100);
  assert.ok(Number(process.hrtime.bigint() - started) / 1e6 < 1000); // bounded by the limit, not the array
});

test("only the protocol's messages are rebuilt, with only their fields", () => {
  assert.deepEqual(protocolMessage({ id: 3, ok: true, result: "{}", extra: "x".repeat(10) }), {
    id: 3,
    ok: true,
    result: "{}",
  });
  assert.deepEqual(protocolMessage({ id: 3, ok: false, error: { message: "m", fatal: true, more: 1 } }), {
    id: 3,
    ok: false,
    error: { message: "m", fatal: true },
  });
  assert.deepEqual(protocolMessage({ id: 3, type: "progress", result: "r" }), { id: 3, type: "progress", result: "r" });
  assert.deepEqual(protocolMessage({ type: "progress", stage: "ready", start: "plain", nested: { a: 1 } }), {
    type: "progress",
    stage: "ready",
    start: "plain",
  });
  for (const forged of [
    null,
    5,
    "x",
    [],
    { id: 3, ok: false, error: { message: { toString: 1 } } },
    { id: 0, ok: true, result: "1" },
    { id: 3, ok: true, result: 1 },
    { type: "progress", stage: 1 },
    { id: "3", ok: true, result: "1" },
  ]) {
    assert.equal(protocolMessage(forged), null, JSON.stringify(forged));
  }
});

test("the gate passes replies of open requests once, their reports within a budget, and stages until ready", () => {
  const gate = new RelayGate();
  assert.equal(gate.admit({ type: "progress", stage: "starting" }, 10), true);
  assert.equal(gate.admit({ type: "progress", stage: "ready" }, 10), true);
  assert.equal(gate.admit({ type: "progress", stage: "error" }, 10), false); // after ready: forged
  assert.equal(gate.admit({ id: 1, ok: true, result: "1" }, 10), false); // never asked
  gate.sent(1);
  let passed = 0;
  while (gate.admit({ id: 1, type: "progress", result: "" }, 1)) passed += 1;
  assert.equal(passed, REQUEST_BUDGET / MIN_COST);
  assert.equal(gate.admit({ id: 1, ok: true, result: "1" }, 10), true);
  assert.equal(gate.admit({ id: 1, ok: true, result: "1" }, 10), false); // answered already
  const fresh = new RelayGate();
  let stages = 0;
  while (fresh.admit({ type: "progress", stage: "downloading" }, 10)) stages += 1;
  assert.equal(stages, MAX_STAGES);
});

test("text from the sandbox is clipped, saying how much, with control characters shown and not interpreted", () => {
  assert.equal(shownText("plain\ttab\nline"), "plain\ttab\nline");
  assert.equal(shownText("\x1b[31mred\x1b[0m"), "\u241b[31mred\u241b[0m");
  assert.equal(shownText("a\x00b\rc\x7f"), "a\u2400b\u240dc\u2421");
  assert.equal(shownText("\u202eevil\u2066"), "\\u202eevil\\u2066");
  assert.equal(shownText("lone \ud800 surrogate"), "lone \\ud800 surrogate");
  assert.equal(shownText("x".repeat(60_000_000), 10), `${"x".repeat(10)}… (59,999,990 more characters)`);
  assert.equal(shownText(`${"y".repeat(9)}\u{1F600}`, 10), `${"y".repeat(9)}… (2 more characters)`); // not half a pair
  assert.equal(shownText(7), "7");
  assert.equal(shownText({ toString: 1 }), "(object)");
  assert.equal(shownList([1, 2, 3], " → "), "1 → 2 → 3");
  const long = shownList(
    Array.from({ length: 100_000 }, (_, i) => i),
    " ",
    50,
  );
  assert.ok(long.length < 120 && long.endsWith("more items)"), long);
});
