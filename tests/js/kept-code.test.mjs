// Practice code kept across tabs: a save from a stale base is refused before anything is written, whether or
// not the other tab's "storage" event has arrived. Run with `node --test tests/js/`.
import assert from "node:assert/strict";
import { test } from "node:test";
import { KeptCode } from "../../web/practice/kept-code.mjs";

class MemoryStorage {
  items = new Map();
  full = false;
  getItem(key) {
    return this.items.has(key) ? this.items.get(key) : null;
  }
  setItem(key, value) {
    if (this.full) throw Object.assign(new Error("The quota has been exceeded."), { name: "QuotaExceededError" });
    this.items.set(key, String(value));
  }
}

const KEY = "snakes-ladders-practice-code";

test("the tester's case: a keystroke in an older tab never stores its older code over newer code", () => {
  const storage = new MemoryStorage();
  storage.setItem(KEY, "version 1");
  const [a, b] = [new KeptCode(KEY, storage), new KeptCode(KEY, storage)];
  a.read();
  b.read(); // tab B opened on version 1 and has not heard of A's save
  assert.deepEqual(a.save("version 2"), { saved: true });
  assert.deepEqual(b.save("version 1!"), { newer: "version 2" });
  assert.equal(storage.getItem(KEY), "version 2");
  assert.deepEqual(b.save("version 1!!"), { newer: "version 2" }); // still, keystroke after keystroke
  assert.deepEqual(b.keep("version 1!!"), { saved: true }); // only when the user chooses theirs
  assert.equal(storage.getItem(KEY), "version 1!!");
  assert.deepEqual(a.save("version 3"), { newer: "version 1!!" }); // and now A's base is the stale one
});

test("a tab that took the newer code saves over it; the same code from both tabs is no conflict", () => {
  const storage = new MemoryStorage();
  const [a, b] = [new KeptCode(KEY, storage), new KeptCode(KEY, storage)];
  assert.equal(a.read(), null);
  b.read();
  a.save("from A");
  assert.equal(b.read(), "from A"); // B followed A's write (its storage event)
  assert.deepEqual(b.save("from B"), { saved: true });
  assert.deepEqual(a.save("from B"), { saved: true }); // what A would write is already stored
  assert.equal(a.base, "from B");
});

test("storage that refuses a write keeps the base: the unsaved edit is not mistaken for a stored one", () => {
  const storage = new MemoryStorage();
  const kept = new KeptCode(KEY, storage);
  kept.read();
  storage.full = true;
  assert.deepEqual(kept.save("mine"), { problem: "your browser's storage for this page is full" });
  assert.equal(kept.base, null);
  storage.full = false;
  assert.deepEqual(kept.save("mine, again"), { saved: true });
  const blocked = new KeptCode(KEY, () => {
    throw new Error("SecurityError: denied");
  });
  assert.equal(blocked.read(), null);
  assert.match(blocked.save("x").problem, /does not let this page store it \(SecurityError: denied\)/);
});
