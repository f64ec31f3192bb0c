// My boards' storage: names, unique names, writes that fail without losing anything, and the export file.
// Run with `node --test tests/js/`.
import assert from "node:assert/strict";
import { test } from "node:test";
import { LIBRARY_KEY, Library, LibraryError, MAX_BOARDS, MAX_NAME, cleanName, parseExport, uniqueName } from "../../web/library-store.mjs";

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

const board = (name, n = 3, jumps = [[2, 8]]) => ({ name, n, jumps, rules: { start: "square1", overshoot: "stay" }, moves: null });

test("names are text, white space collapsed, control characters dropped, bounded", () => {
  assert.equal(cleanName("  Snakes\n\tand\u0000 ladders  "), "Snakes and ladders");
  assert.equal(cleanName("<b>x</b>"), "<b>x</b>"); // text, shown with textContent
  assert.equal(cleanName(42), "");
  assert.equal([...cleanName("é".repeat(500))].length, MAX_NAME);
});

test("a taken name gets the first free number, still within the bound", () => {
  assert.equal(uniqueName("A", new Set()), "A");
  assert.equal(uniqueName("A", new Set(["A", "A (2)"])), "A (3)");
  const long = "x".repeat(MAX_NAME);
  const unique = uniqueName(long, new Set([long]));
  assert.equal(unique.length, MAX_NAME);
  assert.ok(unique.endsWith(" (2)"));
});

test("save, rename, duplicate and remove are stored, newest first", () => {
  const storage = new MemoryStorage();
  const library = new Library(storage);
  library.load();
  library.add([board("One")]);
  const [two] = library.add([board("Two")]);
  library.rename(two.id, "Deux");
  assert.deepEqual(library.entries.map((e) => e.name), ["Deux", "One"]);
  const again = new Library(storage);
  again.load();
  assert.deepEqual(again.entries.map((e) => e.name), ["Deux", "One"]);
  again.remove(two.id);
  assert.deepEqual(JSON.parse(storage.getItem(LIBRARY_KEY)).map((e) => e.name), ["One"]);
});

test("a full store refuses the change and keeps everything already saved", () => {
  const storage = new MemoryStorage();
  const library = new Library(storage);
  library.add([board("Kept")]);
  const before = storage.getItem(LIBRARY_KEY);
  storage.full = true;
  assert.throws(() => library.add([board("New")]), (error) => error instanceof LibraryError && error.kind === "full");
  assert.throws(() => library.rename(library.entries[0].id, "Other"), LibraryError);
  assert.deepEqual(library.entries.map((e) => e.name), ["Kept"]);
  assert.equal(storage.getItem(LIBRARY_KEY), before);
});

test("blocked storage is reported as unavailable", () => {
  const blocked = () => {
    throw new Error("SecurityError: access denied");
  };
  const library = new Library(blocked);
  assert.throws(() => library.load(), (error) => error.kind === "unavailable" && /access denied/.test(error.message));
  assert.throws(() => library.add([board("A")]), (error) => error.kind === "unavailable");
  assert.deepEqual(library.entries, []);
});

test("an unreadable store is kept aside, never silently overwritten", () => {
  const storage = new MemoryStorage();
  storage.setItem(LIBRARY_KEY, "{not json");
  const library = new Library(storage);
  assert.throws(() => library.load(), (error) => error.kind === "unreadable");
  assert.equal(storage.getItem(`${LIBRARY_KEY}:unreadable`), "{not json");
});

test("replacing keeps the entry's place; more than MAX_BOARDS is refused", () => {
  const library = new Library(new MemoryStorage());
  const [a] = library.add([board("A")]);
  library.add([board("B")]);
  library.add([board("A", 4, [])], new Map([["A", a]]));
  assert.deepEqual(library.entries.map((e) => [e.name, e.n]), [["B", 3], ["A", 4]]);
  const many = Array.from({ length: MAX_BOARDS }, (_, i) => board(`N${i}`));
  assert.throws(() => library.add(many), /at most 200 boards/);
  assert.equal(library.entries.length, 2);
});

test("the export file reads back; bad entries are named and kept out, the boards left to Python", () => {
  const library = new Library(new MemoryStorage());
  library.add([board("Mine")]);
  const text = library.exportText(({ n }) => Array.from({ length: n }, () => new Array(n).fill(-1)));
  assert.deepEqual(parseExport(text).entries.map((e) => e.name), ["Mine"]);
  const file = JSON.stringify({
    format: "snakes-ladders-boards",
    version: 1,
    boards: [{ name: "ok", board: [[-1]] }, { board: [] }, { name: "no board" }, null, { name: "  ", board: 1 }],
  });
  const { entries, problems } = parseExport(file);
  assert.deepEqual(entries.map((e) => [e.index, e.name, e.board]), [[0, "ok", [[-1]]]]);
  assert.deepEqual(problems, ["Board 2: it has no name", "Board 3 (“no board”): it has no board", "Board 4: it has no name", "Board 5: it has no name"]);
  assert.throws(() => parseExport("[1, 2"), /not JSON/);
  assert.throws(() => parseExport("[]"), /not a boards export/);
});
