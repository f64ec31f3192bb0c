// My boards' storage: names, unique names, writes that fail without losing anything, and the export file.
// Run with `node --test tests/js/`.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  LIBRARY_KEY,
  Library,
  LibraryError,
  MAX_BOARDS,
  MAX_NAME,
  cleanName,
  uniqueName,
} from "../../web/library/library-store.mjs";
import { parseExport } from "../../web/library/library-import.mjs";
import { cpuTime } from "./cpu-time.mjs";

/** localStorage in memory: `full` refuses every write; `quota` (characters of keys and values) only those that would pass it, as a browser's does. */
class MemoryStorage {
  items = new Map();
  full = false;
  quota = Infinity;
  getItem(key) {
    return this.items.has(key) ? this.items.get(key) : null;
  }
  setItem(key, value) {
    const size = [...this.items].reduce(
      (sum, [k, v]) => sum + (k === key ? 0 : k.length + v.length),
      key.length + String(value).length,
    );
    if (this.full || size > this.quota)
      throw Object.assign(new Error("The quota has been exceeded."), { name: "QuotaExceededError" });
    this.items.set(key, String(value));
  }
}

const board = (name, n = 3, jumps = [[2, 8]]) => ({
  name,
  n,
  jumps,
  rules: { start: "square1", overshoot: "stay" },
  moves: null,
});

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
  library.rename(two, "Deux");
  assert.deepEqual(
    library.entries.map((e) => e.name),
    ["Deux", "One"],
  );
  const again = new Library(storage);
  again.load();
  assert.deepEqual(
    again.entries.map((e) => e.name),
    ["Deux", "One"],
  );
  again.remove(two);
  assert.deepEqual(
    JSON.parse(storage.getItem(LIBRARY_KEY)).map((e) => e.name),
    ["One"],
  );
});

test("a full store refuses the change and keeps everything already saved", () => {
  const storage = new MemoryStorage();
  const library = new Library(storage);
  library.add([board("Kept")]);
  const before = storage.getItem(LIBRARY_KEY);
  storage.full = true;
  assert.throws(
    () => library.add([board("New")]),
    (error) => error instanceof LibraryError && error.kind === "full",
  );
  assert.throws(() => library.rename(library.entries[0], "Other"), LibraryError);
  assert.deepEqual(
    library.entries.map((e) => e.name),
    ["Kept"],
  );
  assert.equal(storage.getItem(LIBRARY_KEY), before);
});

test("blocked storage is reported as unavailable", () => {
  const blocked = () => {
    throw new Error("SecurityError: access denied");
  };
  const library = new Library(blocked);
  assert.throws(
    () => library.load(),
    (error) => error.kind === "unavailable" && /access denied/.test(error.message),
  );
  assert.throws(
    () => library.add([board("A")]),
    (error) =>
      error.kind === "unavailable" &&
      error.message ===
        "Your browser does not let this page read stored boards (SecurityError: access denied), so nothing was changed: “A” was not saved.",
  );
  assert.deepEqual(library.entries, []);
});

test("an unreadable store is kept aside, never silently overwritten", () => {
  const storage = new MemoryStorage();
  storage.setItem(LIBRARY_KEY, "{not json");
  const library = new Library(storage);
  assert.throws(
    () => library.load(),
    (error) => error.kind === "unreadable",
  );
  assert.equal(storage.getItem(`${LIBRARY_KEY}:unreadable`), "{not json");
});

test("replacing keeps the entry's place; more than MAX_BOARDS is refused", () => {
  const library = new Library(new MemoryStorage());
  const [a] = library.add([board("A")]);
  library.add([board("B")]);
  library.add([board("A", 4, [])], new Map([["A", a]]));
  assert.deepEqual(
    library.entries.map((e) => [e.name, e.n]),
    [
      ["B", 3],
      ["A", 4],
    ],
  );
  const many = Array.from({ length: MAX_BOARDS }, (_, i) => board(`N${i}`));
  assert.throws(() => library.add(many), /at most 200 boards/);
  assert.equal(library.entries.length, 2);
});

test("the export file reads back; bad entries are named and kept out, the boards left to Python", () => {
  const library = new Library(new MemoryStorage());
  library.add([board("Mine")]);
  const text = library.exportText(({ n }) => Array.from({ length: n }, () => new Array(n).fill(-1)));
  assert.deepEqual(
    parseExport(text).entries.map((e) => e.name),
    ["Mine"],
  );
  const file = JSON.stringify({
    format: "snakes-ladders-boards",
    version: 1,
    boards: [{ name: "ok", board: [[-1]] }, { board: [] }, { name: "no board" }, null, { name: "  ", board: 1 }],
  });
  const { entries, problems } = parseExport(file);
  assert.deepEqual(
    entries.map((e) => [e.index, e.name, e.board]),
    [[0, "ok", [[-1]]]],
  );
  assert.deepEqual(problems, [
    "Board 2: it has no name",
    "Board 3 (“no board”): it has no board",
    "Board 4: it has no name",
    "Board 5: it has no name",
  ]);
  assert.throws(() => parseExport("[1, 2"), /not JSON/);
  assert.throws(() => parseExport("[]"), /not a boards export/);
});

// Two tabs: two Library objects over one storage. Neither sees the other's writes until it re-reads,
// as a tab that has not yet had the other's "storage" event.
function twoTabs() {
  const storage = new MemoryStorage();
  const a = new Library(storage);
  const b = new Library(storage);
  a.load();
  b.load();
  return { storage, a, b, stored: () => JSON.parse(storage.getItem(LIBRARY_KEY) ?? "[]") };
}

test("two tabs saving keep both boards, newest first, with distinct ids and names", () => {
  const { a, b, stored } = twoTabs();
  const [one] = a.add([board("One")]);
  const [two] = b.add([board("Two")]);
  assert.deepEqual(
    stored().map((e) => e.name),
    ["Two", "One"],
  );
  assert.deepEqual(
    b.entries.map((e) => e.name),
    ["Two", "One"],
  ); // the write re-read the list
  assert.notEqual(one.id, two.id);
  const [same] = a.add([board("Two")]); // a stale tab's clash check missed it; the store did not
  assert.equal(same.name, "Two (2)");
  assert.deepEqual(
    stored().map((e) => e.name),
    ["Two (2)", "Two", "One"],
  );
});

test("rename and duplicate of a board another tab deleted are refused; nothing comes back", () => {
  const { a, b, stored } = twoTabs();
  const [gone] = a.add([board("Gone")]);
  b.load();
  a.remove(gone);
  assert.throws(
    () => b.rename(gone, "Back"),
    (error) => error.kind === "gone" && error.message === "“Gone” was deleted in another tab, so it was not renamed.",
  );
  assert.throws(
    () => b.duplicate(gone),
    (error) => error.kind === "gone" && /not duplicated/.test(error.message),
  );
  assert.deepEqual(stored(), []);
  assert.deepEqual(b.entries, []);
});

test("delete goes by id: a board another tab renamed is deleted; one already deleted writes nothing", () => {
  const { storage, a, b, stored } = twoTabs();
  const [entry] = a.add([board("Old")]);
  b.load();
  a.rename(entry, "New");
  assert.equal(b.remove(entry).name, "New");
  assert.deepEqual(stored(), []);
  a.add([board("Other")]);
  const before = storage.getItem(LIBRARY_KEY);
  storage.full = true; // a write would throw: none is made
  assert.equal(a.remove(entry), null);
  assert.equal(storage.getItem(LIBRARY_KEY), before);
});

test("rename writes only the name: least moves another tab filled in are kept; a name taken meanwhile is refused", () => {
  const { a, b, stored } = twoTabs();
  const [entry] = a.add([board("Board")]);
  b.load();
  a.setMoves(entry, 5);
  assert.equal(b.rename(entry, "Renamed"), "Board");
  assert.deepEqual(
    stored().map((e) => [e.name, e.moves]),
    [["Renamed", 5]],
  );
  a.add([board("Taken")]);
  assert.throws(
    () => b.rename(b.find(entry.id), "Taken"),
    (error) => error.kind === "taken",
  );
  assert.deepEqual(
    stored().map((e) => e.name),
    ["Taken", "Renamed"],
  );
});

test("a stale fill-in keeps the new name, never resurrects, never lands on a replaced board", () => {
  const { storage, a, b, stored } = twoTabs();
  const [renamed] = a.add([board("Before")]);
  b.load();
  b.rename(renamed, "After");
  assert.equal(a.setMoves(renamed, 7), true);
  assert.deepEqual(
    stored().map((e) => [e.name, e.moves]),
    [["After", 7]],
  );
  assert.deepEqual(
    a.entries.map((e) => [e.name, e.moves]),
    [["After", 7]],
  );

  const [deleted] = a.add([board("Deleted")]);
  b.load();
  b.remove(deleted);
  const before = storage.getItem(LIBRARY_KEY);
  assert.equal(a.setMoves(deleted, 3), false);
  assert.equal(storage.getItem(LIBRARY_KEY), before);
  assert.ok(!a.find(deleted.id));

  const [replaced] = a.add([board("Replaced", 3, [[2, 8]])]);
  b.load();
  b.add([board("Replaced", 3, [[3, 7]])], new Map([["Replaced", b.find(replaced.id)]]));
  assert.equal(a.setMoves(replaced, 1), false); // 1 was for the board that is no longer there
  const stored3 = stored().find((e) => e.id === replaced.id);
  assert.deepEqual([stored3.jumps, stored3.moves], [[[3, 7]], null]);
});

test("replacing a board another tab deleted saves the new one instead", () => {
  const { a, b, stored } = twoTabs();
  const [old] = a.add([board("Name")]);
  b.load();
  a.remove(old);
  const [saved] = b.add([board("Name", 4, [])], new Map([["Name", old]]));
  assert.notEqual(saved.id, old.id);
  assert.deepEqual(
    stored().map((e) => [e.name, e.n]),
    [["Name", 4]],
  );
});

test("every write path, refused by a full store, says what was not saved and keeps what was", () => {
  const storage = new MemoryStorage();
  const library = new Library(storage);
  const [kept] = library.add([board("Kept")]);
  const before = storage.getItem(LIBRARY_KEY);
  storage.full = true;
  const refusals = [
    [() => library.add([board("New")]), "“New” was not saved"],
    [() => library.add([board("X"), board("Y")]), "the 2 boards were not saved"],
    [() => library.duplicate(kept), "“Kept” was not duplicated"],
    [() => library.rename(kept, "Other"), "“Kept” was not renamed"],
    [() => library.remove(kept), "“Kept” was not deleted"],
    [() => library.setMoves(kept, 4), "the least moves of “Kept” (4) were not stored, only shown here"],
  ];
  for (const [write, what] of refusals) {
    assert.throws(write, (error) => {
      assert.equal(error.kind, "full");
      assert.equal(
        error.message,
        `Your browser's storage for this page is full, so nothing was changed: ${what}. Delete or export some boards to make room.`,
      );
      return true;
    });
    assert.equal(storage.getItem(LIBRARY_KEY), before);
  }
  assert.deepEqual(
    library.entries.map((e) => [e.name, e.moves]),
    [["Kept", 4]],
  ); // shown, not stored
  library.load();
  assert.equal(library.entries[0].moves, 4); // still shown after a re-read
  storage.full = false;
  library.rename(kept, "Kept too"); // the next change stores it
  assert.deepEqual(
    JSON.parse(storage.getItem(LIBRARY_KEY)).map((e) => [e.name, e.moves]),
    [["Kept too", 4]],
  );
});

test("storage that refuses writes (not full) says so for every write path", () => {
  const storage = new MemoryStorage();
  const library = new Library(storage);
  const [kept] = library.add([board("Kept")]);
  storage.setItem = () => {
    throw new Error("SecurityError: writes are blocked");
  };
  for (const write of [
    () => library.add([board("New")]),
    () => library.rename(kept, "B"),
    () => library.remove(kept),
    () => library.duplicate(kept),
    () => library.setMoves(kept, 2),
  ]) {
    assert.throws(
      write,
      (error) =>
        error.kind === "unavailable" &&
        /^Your browser does not let this page store boards \(SecurityError: writes are blocked\), so nothing was changed: .+ (was|were) not /.test(
          error.message,
        ),
    );
  }
  assert.deepEqual(
    JSON.parse(storage.getItem(LIBRARY_KEY)).map((e) => e.name),
    ["Kept"],
  );
});

test("a write over an unreadable store starts the list again, the bad copy kept aside", () => {
  const storage = new MemoryStorage();
  storage.setItem(LIBRARY_KEY, '{"not": "a list"}');
  const library = new Library(storage);
  assert.throws(
    () => library.load(),
    (error) => error.kind === "unreadable",
  );
  library.add([board("Fresh")]);
  assert.deepEqual(
    JSON.parse(storage.getItem(LIBRARY_KEY)).map((e) => e.name),
    ["Fresh"],
  );
  assert.equal(storage.getItem(`${LIBRARY_KEY}:unreadable`), '{"not": "a list"}');
});

test("a change re-reads and rewrites the stored list in time linear in its size", () => {
  // Large entries: 50×50 boards with 400 jumps each.
  const jumps = Array.from({ length: 400 }, (_, i) => [2 * i + 2, 2 * i + 3]);
  const renames = (count) => {
    const library = new Library(new MemoryStorage());
    library.add(Array.from({ length: count }, (_, i) => board(`B${i}`, 50, jumps)));
    const [entry] = library.entries;
    return () => {
      for (let i = 0; i < 2; i += 1) library.rename(library.find(entry.id), `Name ${i}`);
    };
  };
  const small = cpuTime(renames(40));
  const large = cpuTime(renames(160));
  // 4 times the boards: linear work takes about 4 times as long; work quadratic in the list, 16 times.
  assert.ok(large / small < 9, `160 boards took ${(large / small).toFixed(1)} times as long as 40 (${small} µs)`);
});

test("a class set is stored together and read back checked; a bad set or sixes rule is dropped, the board kept", async () => {
  const { groupSets } = await import("../../web/generate/class-sets.mjs");
  const storage = new MemoryStorage();
  const library = new Library(storage);
  library.load();
  const set = (index) => ({ id: "s1", name: "Class set 3×3", index, count: 2 });
  const sixes = { start: "square1", overshoot: "stay", sixes: "again" };
  library.add([
    { ...board("B"), rules: sixes, set: set(2) },
    board("Alone"),
    { ...board("A", 3, [[3, 7]]), set: set(1) },
  ]);
  const again = new Library(storage);
  again.load();
  assert.deepEqual(
    again.entries
      .filter((entry) => entry.set)
      .map((entry) => entry.set.index)
      .sort(),
    [1, 2],
  );
  assert.equal(again.entries.find((entry) => entry.name === "B").rules.sixes, "again");
  assert.equal(again.entries.find((entry) => entry.name === "Alone").rules.sixes, "plain");
  const groups = groupSets(again.entries);
  assert.equal(groups.length, 2);
  const grouped = groups.find((group) => group.set);
  assert.deepEqual(
    grouped.entries.map((entry) => entry.name),
    ["A", "B"],
  );
  // A set or rule edited by hand into something else is not trusted: the board stays, on its own.
  const stored = JSON.parse(storage.getItem(LIBRARY_KEY));
  const named = (name) => stored.find((entry) => entry.name === name);
  named("A").set = { id: "s1", name: "x", index: 3, count: 2 };
  named("B").set = { id: "s2", name: "y", index: 1, count: 9 };
  named("B").rules = { ...named("B").rules, sixes: "always" };
  storage.setItem(LIBRARY_KEY, JSON.stringify(stored));
  again.load();
  assert.equal(again.entries.filter((entry) => entry.set).length, 0);
  assert.equal(again.entries.length, 3);
  assert.equal(again.entries.find((entry) => entry.name === "B").rules.sixes, "plain");
  // A copy of a set's board is a board on its own.
  const fresh = new Library(storage);
  fresh.load();
  library.load();
  const [copy] = library.duplicate({ ...library.entries[0], set: set(1) });
  assert.equal(copy.set, undefined);
});

test("the export file keeps a class set: imported, its boards are one set again; a broken set keeps the board, named", async () => {
  const { groupSets } = await import("../../web/generate/class-sets.mjs");
  const library = new Library(new MemoryStorage());
  const set = (index) => ({ id: "s1", name: "Class 4B", index, count: 3 });
  library.add([
    { ...board("Set 2"), set: set(2) },
    board("Alone"),
    { ...board("Set 3"), set: set(3) },
    { ...board("Set 1"), set: set(1) },
  ]);
  const text = library.exportText(({ n }) => Array.from({ length: n }, () => new Array(n).fill(-1)));
  // What the panel keeps of each imported board once Python has checked it (library.mjs #check).
  const imported = (entries) =>
    entries.map((entry) => ({ ...board(entry.name), ...(entry.set ? { set: entry.set } : {}) }));
  const parsed = parseExport(text);
  assert.deepEqual(parsed.unset, []);
  const other = new Library(new MemoryStorage());
  other.add(imported(parsed.entries));
  const groups = groupSets(other.entries);
  assert.equal(groups.length, 2);
  const grouped = groups.find((group) => group.set);
  assert.deepEqual(
    grouped.entries.map((entry) => [entry.name, entry.set.index, entry.set.count]),
    [
      ["Set 1", 1, 3],
      ["Set 2", 2, 3],
      ["Set 3", 3, 3],
    ],
  );
  assert.equal(grouped.set.name, "Class 4B");
  // The same file imported again is a second set of 3, not one set of 6.
  other.add(imported(parseExport(text).entries));
  assert.deepEqual(
    groupSets(other.entries)
      .filter((group) => group.set)
      .map((group) => group.entries.length),
    [3, 3],
  );
  // A set field broken by hand: that board comes in on its own, named in the message; the others stay a set.
  const file = JSON.parse(text);
  file.boards.find((item) => item.name === "Set 3").set = { id: "s1", name: "Class 4B", index: 4, count: 3 };
  file.boards.find((item) => item.name === "Alone").set = "s1";
  const broken = parseExport(JSON.stringify(file));
  assert.deepEqual(broken.entries.map((entry) => entry.name).sort(), ["Alone", "Set 1", "Set 2", "Set 3"]);
  assert.deepEqual(broken.problems, []);
  assert.deepEqual(broken.unset, [
    "Board 2 (“Set 3”): its class set is not one (it needs an id, a name, an index from 1 to its count and a count from 2 to 8), so it is imported as a board on its own",
    "Board 3 (“Alone”): its class set is not one (it needs an id, a name, an index from 1 to its count and a count from 2 to 8), so it is imported as a board on its own",
  ]);
  assert.deepEqual(
    broken.entries
      .filter((entry) => entry.set)
      .map((entry) => entry.name)
      .sort(),
    ["Set 1", "Set 2"],
  );
});

test("a least-moves figure belongs to its board's start rule: one counted from another start is asked for again", () => {
  const classic = { start: "off-board", overshoot: "stay", sixes: "plain" };
  const storage = new MemoryStorage();
  // As My boards stored them before the figure followed the rules: LeetCode's, whatever the board's rules.
  const old = (id, rules) => ({
    id,
    name: id,
    n: 4,
    jumps: [[1, 15]],
    rules,
    moves: 3,
    notes: {},
    hideNumbers: false,
    decks: {},
  });
  storage.setItem(
    LIBRARY_KEY,
    JSON.stringify([old("Classic", classic), old("LeetCode", { start: "square1", overshoot: "stay" })]),
  );
  const library = new Library(storage);
  library.load();
  assert.deepEqual(
    library.entries.map((e) => [e.name, e.moves]),
    [
      ["Classic", null],
      ["LeetCode", 3],
    ],
  );
  library.rename(library.find("LeetCode"), "LeetCode board"); // any write keeps the stored figures as they were, read alike
  const reread = new Library(storage);
  assert.deepEqual(
    reread.load().map((e) => [e.name, e.moves]),
    [
      ["Classic", null],
      ["LeetCode board", 3],
    ],
  );

  // Filled in under the board's rules, it is stored with the start it was counted from, and read back.
  assert.equal(library.setMoves(library.find("Classic"), 2), true);
  const written = JSON.parse(storage.getItem(LIBRARY_KEY)).find((e) => e.id === "Classic");
  assert.deepEqual([written.moves, written.movesStart], [2, "off-board"]);
  library.load();
  assert.equal(library.find("Classic").moves, 2);

  // A generated board comes with LeetCode's figure: kept under LeetCode's start, not under the classic one.
  const generated = (name, rules) => ({ ...board(name, 4, [[2, 15]]), rules, moves: 2 });
  const [a, b] = library.add([
    generated("Set 1", classic),
    generated("Set 2", { start: "square1", overshoot: "stay" }),
  ]);
  assert.deepEqual([a.moves, b.moves], [null, 2]);
  library.load();
  assert.deepEqual(
    ["Set 1", "Set 2"].map((name) => library.entries.find((e) => e.name === name).moves),
    [null, 2],
  );
});

test("a fill-in for a board whose rules another tab changed (same squares, another start) is not written", () => {
  const { a, b, stored } = twoTabs();
  const [entry] = a.add([board("Board", 4, [[2, 15]])]);
  b.load();
  b.add(
    [{ ...board("Board", 4, [[2, 15]]), rules: { start: "off-board", overshoot: "stay" } }],
    new Map([["Board", b.find(entry.id)]]),
  );
  assert.equal(a.setMoves(entry, 2), false); // counted from square 1: not the stored board's figure
  assert.equal(stored().find((e) => e.id === entry.id).moves, null);
});

// A confirmation is asked for the board as the tab drew it; another tab may replace or rename that board
// before the user answers. The change must then apply to nothing, and say what changed.
test("a confirmed delete, rename or replace applies only to the board the user confirmed", () => {
  const { a, b, stored } = twoTabs();
  a.add([board("Alpha", 3, [[2, 8]])]);
  b.load();
  const [asked] = a.entries; // A's question about “Alpha” is open
  b.add([board("Alpha", 4, [[3, 9]])], new Map([["Alpha", b.entries[0]]])); // B replaces it
  const theirs = JSON.stringify(stored());
  const refusals = [
    [() => a.remove(asked), "“Alpha” was changed in another tab; nothing was deleted."],
    [() => a.rename(asked, "Beta"), "“Alpha” was changed in another tab; nothing was renamed."],
    [
      () => a.add([board("Alpha", 5, [])], new Map([["Alpha", asked]])),
      "“Alpha” was changed in another tab; nothing was saved.",
    ],
    [
      () => a.add([board("New"), board("Alpha", 5, [])], new Map([["Alpha", asked]])),
      "“Alpha” was changed in another tab; nothing was saved.",
    ],
  ];
  for (const [write, message] of refusals) {
    assert.throws(
      write,
      (error) => error instanceof LibraryError && error.kind === "changed" && error.message === message,
    );
    assert.equal(JSON.stringify(stored()), theirs);
  }
  assert.deepEqual(
    a.entries.map((e) => [e.name, e.n]),
    [["Alpha", 4]],
  ); // the refusal re-read the list
});

test("a board renamed in another tab is neither renamed again nor replaced under its old name; it may be deleted", () => {
  const { a, b, stored } = twoTabs();
  a.add([board("Alpha")]);
  b.load();
  const [asked] = a.entries;
  b.rename(b.entries[0], "Gamma");
  assert.throws(
    () => a.rename(asked, "Beta"),
    (error) =>
      error.kind === "changed" && error.message === "“Alpha” was renamed “Gamma” in another tab; nothing was renamed.",
  );
  assert.throws(
    () => a.add([board("Alpha", 4, [])], new Map([["Alpha", asked]])),
    (error) =>
      error.kind === "changed" && error.message === "“Alpha” was renamed “Gamma” in another tab; nothing was saved.",
  );
  assert.deepEqual(
    stored().map((e) => [e.name, e.n]),
    [["Gamma", 3]],
  );
  assert.equal(a.remove(asked).name, "Gamma"); // the same board, whatever it is called now
  assert.deepEqual(stored(), []);
});

test("least moves filled in meanwhile are no change: the confirmed delete and replace go ahead", () => {
  const { a, b, stored } = twoTabs();
  const [saved] = a.add([board("Alpha"), board("Beta")]);
  b.load();
  const asked = a.find(saved.id);
  const beta = a.entries.find((e) => e.name === "Beta");
  b.setMoves(b.find(saved.id), 2);
  b.setMoves(b.find(beta.id), 3);
  assert.equal(a.remove(asked).name, "Alpha");
  a.add([board("Beta", 4, [])], new Map([["Beta", beta]]));
  assert.deepEqual(
    stored().map((e) => [e.name, e.n]),
    [["Beta", 4]],
  );
});

// The tester's case: a stored list one character short of JSON, 651,380 characters, with storage full. A
// copy aside does not fit, but a list of one board written over it would.
test("an unreadable store that cannot be copied aside is never written over; downloaded, a new list may start", () => {
  const storage = new MemoryStorage();
  const one = JSON.stringify({
    id: "b1",
    name: "Board",
    n: 50,
    jumps: Array.from({ length: 600 }, (_, i) => [i + 2, i + 1000]),
    rules: { start: "square1", overshoot: "stay" },
    moves: null,
  });
  const text = `[${Array.from({ length: 100 }, () => one).join(",")}`.padEnd(651_380, " ");
  storage.setItem(LIBRARY_KEY, text);
  storage.quota = LIBRARY_KEY.length + text.length + 5_000;
  const [a, b] = [new Library(storage), new Library(storage)];
  const truth =
    "Your saved boards could not be read and could not be copied aside: storage is full. Download the text to keep it.";
  for (const tab of [a, b])
    assert.throws(
      () => tab.load(),
      (error) => error.kind === "unreadable" && error.message === truth,
    );
  assert.equal(storage.getItem(`${LIBRARY_KEY}:unreadable`), null);
  assert.deepEqual(a.unreadable, { text, aside: null, downloaded: false });
  const refused =
    "Your saved boards could not be read and could not be copied aside, so nothing was changed: “New” was not saved. Download the text to keep it, then start a new list.";
  assert.throws(
    () => a.add([board("New")]),
    (error) => error.kind === "unreadable" && error.message === refused,
  );
  assert.throws(
    () => a.startNewList(),
    (error) => error.kind === "unreadable",
  );
  assert.equal(storage.getItem(LIBRARY_KEY), text);
  a.downloaded(text);
  assert.throws(
    () => a.add([board("New")]),
    (error) => error.kind === "unreadable",
  ); // only once the user chooses a new list
  assert.throws(
    () => b.add([board("New")]),
    (error) => error.kind === "unreadable",
  ); // B never offered the download
  a.startNewList();
  assert.equal(a.unreadable, null);
  a.add([board("New")]);
  assert.deepEqual(
    JSON.parse(storage.getItem(LIBRARY_KEY)).map((e) => e.name),
    ["New"],
  );
  b.load(); // the other tab's "storage" event
  assert.equal(b.unreadable, null);
  assert.deepEqual(
    b.entries.map((e) => e.name),
    ["New"],
  );
});

test("a copy aside never replaces an earlier one; a copied store may be written over", () => {
  const storage = new MemoryStorage();
  storage.setItem(`${LIBRARY_KEY}:unreadable`, "older");
  storage.setItem(LIBRARY_KEY, "[oops");
  const library = new Library(storage);
  assert.throws(
    () => library.load(),
    (error) =>
      error.message ===
      "Your saved boards could not be read (they are not a list of boards); a copy is kept aside, and saving a board starts a new list.",
  );
  assert.equal(storage.getItem(`${LIBRARY_KEY}:unreadable`), "older");
  assert.equal(storage.getItem(`${LIBRARY_KEY}:unreadable:2`), "[oops");
  assert.throws(
    () => library.load(),
    (error) => error.kind === "unreadable",
  ); // read again: not copied a second time
  assert.equal(storage.getItem(`${LIBRARY_KEY}:unreadable:3`), null);
  library.add([board("Fresh")]);
  assert.deepEqual(
    JSON.parse(storage.getItem(LIBRARY_KEY)).map((e) => e.name),
    ["Fresh"],
  );
});

test("entries this page cannot read, and fields it does not know, are written back as they were", () => {
  const storage = new MemoryStorage();
  const good = { ...board("Good"), id: "b1", later: { kept: true }, set: { id: "s", name: "Set", index: 9, count: 2 } };
  const junk = { id: "b2", name: "", n: "six" };
  storage.setItem(LIBRARY_KEY, JSON.stringify([good, junk, "not even an object"]));
  const library = new Library(storage);
  library.load();
  assert.deepEqual(
    library.entries.map((e) => [e.name, e.set]),
    [["Good", undefined]],
  );
  const stored = () => JSON.parse(storage.getItem(LIBRARY_KEY));
  library.add([board("New")]);
  assert.deepEqual(stored().slice(1), [good, junk, "not even an object"]);
  library.rename(library.find("b1"), "Renamed");
  library.setMoves(library.find("b1"), 4);
  assert.deepEqual(stored()[1], { ...good, name: "Renamed", moves: 4, movesStart: "square1" });
  assert.deepEqual(stored().slice(2), [junk, "not even an object"]);
  library.remove(library.find("b1"));
  assert.deepEqual(
    stored().map((e) => e.name ?? e),
    ["New", "", "not even an object"],
  );
});
