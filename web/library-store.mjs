// My boards, stored: the named boards in localStorage, their names, and the export file's form.
// No DOM. A write that fails (storage full or blocked) changes nothing, in storage or in memory.
import { RULES } from "./contract.mjs";

export const LIBRARY_KEY = "snakes-ladders:library:v1";
export const MAX_NAME = 60;
export const MAX_BOARDS = 200;
export const EXPORT_FORMAT = "snakes-ladders-boards";
/** An export file larger than this cannot hold MAX_BOARDS boards of at most 50×50. */
export const MAX_IMPORT_CHARS = 5_000_000;

/** Why the library could not be read or written; `kind` is "full", "unavailable" or "unreadable". */
export class LibraryError extends Error {
  constructor(kind, message) {
    super(message);
    this.kind = kind;
  }
}

/**
 * A name as the library keeps it: text only, white space collapsed, control characters dropped, at
 * most MAX_NAME characters; "" when nothing is left. O(length of the text).
 */
export function cleanName(text) {
  if (typeof text !== "string") return "";
  let name = "";
  for (const char of text.slice(0, MAX_NAME * 4)) {
    const code = char.codePointAt(0);
    name += code < 32 || (code >= 127 && code < 160) ? " " : char;
  }
  return [...name.split(/\s+/).join(" ").trim()].slice(0, MAX_NAME).join("");
}

/** `name`, or "name (2)", "name (3)", … : the first not in `taken` (a Set), within MAX_NAME characters. */
export function uniqueName(name, taken) {
  if (!taken.has(name)) return name;
  for (let number = 2; ; number += 1) {
    const suffix = ` (${number})`;
    const candidate = `${[...name].slice(0, MAX_NAME - suffix.length).join("")}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

function isJumpList(jumps) {
  return Array.isArray(jumps) && jumps.every((pair) => Array.isArray(pair) && pair.length === 2 && pair.every(Number.isInteger));
}

/** A stored entry as read back, or null when it is not one (the store was edited by hand). */
function readEntry(data) {
  if (!data || typeof data !== "object" || typeof data.id !== "string") return null;
  const name = cleanName(data.name);
  if (!name || !Number.isInteger(data.n) || !isJumpList(data.jumps)) return null;
  const rules = data.rules && typeof data.rules === "object" ? data.rules : {};
  const moves = Number.isInteger(data.moves) ? data.moves : null;
  const start = RULES.start.values.includes(rules.start) ? rules.start : RULES.start.default;
  const overshoot = RULES.overshoot.values.includes(rules.overshoot) ? rules.overshoot : RULES.overshoot.default;
  return { id: data.id, name, n: data.n, jumps: data.jumps, rules: { start, overshoot }, moves };
}

function writeProblem(error) {
  if (error?.name === "QuotaExceededError") {
    return new LibraryError("full", "Your browser's storage for this page is full, so nothing was changed. Delete or export some boards to make room.");
  }
  return new LibraryError("unavailable", `Your browser does not let this page store boards (${error?.message ?? error}), so nothing was changed.`);
}

export class Library {
  #storage;
  #entries = [];
  #nextId = 1;

  /** `storage` is a Storage (localStorage) or a getter that may throw when storage is blocked. */
  constructor(storage) {
    this.#storage = storage;
  }

  get entries() {
    return this.#entries;
  }

  /** Read the stored boards. Throws LibraryError "unavailable" or "unreadable" (then the list starts empty and the bad copy is kept aside). */
  load() {
    let text;
    try {
      text = this.#store().getItem(LIBRARY_KEY);
    } catch (error) {
      throw new LibraryError("unavailable", `Your browser does not let this page read stored boards (${error?.message ?? error}).`);
    }
    if (text === null) return this.#entries;
    let data;
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
    const entries = Array.isArray(data) ? data.map(readEntry) : null;
    if (!entries) {
      try {
        this.#store().setItem(`${LIBRARY_KEY}:unreadable`, text);
      } catch {
        // kept where it is: nothing will be written over it until the user saves
      }
      throw new LibraryError("unreadable", "Your saved boards could not be read (they are not a list of boards); a copy is kept aside.");
    }
    this.#entries = entries.filter(Boolean).slice(0, MAX_BOARDS);
    this.#nextId = this.#entries.length + 1;
    return this.#entries;
  }

  /** The entry with this id, or undefined. */
  find(id) {
    return this.#entries.find((entry) => entry.id === id);
  }

  /** Names in use, optionally leaving one entry out. */
  names(exceptId = null) {
    return new Set(this.#entries.filter((entry) => entry.id !== exceptId).map((entry) => entry.name));
  }

  /** Add boards `{name, n, jumps, rules, moves}` (names already unique); `replace` maps a name to the entry it replaces. Returns the new entries. */
  add(boards, replace = new Map()) {
    const added = boards.map((board) => ({ ...board, id: replace.get(board.name)?.id ?? this.#newId() }));
    const byId = new Map(added.map((entry) => [entry.id, entry]));
    const kept = this.#entries.map((entry) => byId.get(entry.id) ?? entry);
    const fresh = added.filter((entry) => !this.#entries.some((old) => old.id === entry.id));
    const next = [...fresh.reverse(), ...kept];
    if (next.length > MAX_BOARDS) {
      throw new LibraryError("full", `My boards holds at most ${MAX_BOARDS} boards: delete some first.`);
    }
    this.#write(next);
    return added;
  }

  rename(id, name) {
    this.#write(this.#entries.map((entry) => (entry.id === id ? { ...entry, name } : entry)));
  }

  remove(id) {
    this.#write(this.#entries.filter((entry) => entry.id !== id));
  }

  /** Record the least moves Python found for an entry (kept in memory if storage refuses). */
  setMoves(id, moves) {
    const next = this.#entries.map((entry) => (entry.id === id ? { ...entry, moves } : entry));
    try {
      this.#write(next);
    } catch {
      this.#entries = next;
    }
  }

  /** The export file's JSON text: every board as a LeetCode matrix with its name and rules. */
  exportText(toMatrix) {
    const boards = this.#entries.map(({ name, n, jumps, rules, moves }) => ({ name, rules, moves, board: toMatrix({ n, jumps: new Map(jumps) }) }));
    return JSON.stringify({ format: EXPORT_FORMAT, version: 1, boards }, null, 1);
  }

  #newId() {
    let id;
    do id = `b${Date.now().toString(36)}-${this.#nextId++}`;
    while (this.find(id));
    return id;
  }

  #store() {
    return typeof this.#storage === "function" ? this.#storage() : this.#storage;
  }

  #write(next) {
    try {
      this.#store().setItem(LIBRARY_KEY, JSON.stringify(next));
    } catch (error) {
      throw writeProblem(error);
    }
    this.#entries = next;
  }
}

/**
 * Read an export file's text: `{entries: [{index, name, board, rules}], problems: [text]}`. Only the
 * file's shape is read here; every board is checked by Python before it is kept. Throws an Error
 * when the text is not an export file at all.
 */
export function parseExport(text) {
  if (text.length > MAX_IMPORT_CHARS) throw new Error(`the file is ${text.length.toLocaleString("en")} characters, more than an export of ${MAX_BOARDS} boards can be`);
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error("the file is not JSON");
  }
  if (!data || data.format !== EXPORT_FORMAT || !Array.isArray(data.boards)) {
    throw new Error(`the file is not a boards export (it needs "format": "${EXPORT_FORMAT}" and a list of boards)`);
  }
  if (data.boards.length > MAX_BOARDS) throw new Error(`the file has ${data.boards.length} boards; at most ${MAX_BOARDS} can be imported`);
  const entries = [];
  const problems = [];
  data.boards.forEach((item, index) => {
    const name = cleanName(item?.name);
    const label = name ? `Board ${index + 1} (“${name}”)` : `Board ${index + 1}`;
    if (!name) problems.push(`${label}: it has no name`);
    else if (!item || !("board" in item)) problems.push(`${label}: it has no board`);
    else entries.push({ index, label, name, board: item.board, rules: item.rules ?? {} });
  });
  return { entries, problems };
}
