// My boards, stored: the named boards in localStorage (each entry read by library-entry.mjs) and the
// export file's form (read back by library-import.mjs).
// No DOM. Each change re-reads the stored list first (other tabs write it too: see Library); a write
// that fails (storage full or blocked) changes nothing stored and says what was not saved.
import { RULES } from "../core/contract.mjs";
import { LibraryError, MAX_BOARDS, addTo, confirmed, gone, quoted } from "./library-merge.mjs";
import { readEntry } from "./library-entry.mjs";
import { copyAside } from "../core/unreadable.mjs";

export { MAX_NAME, MAX_SET, cleanName, entryWords, readSet, uniqueName } from "./library-entry.mjs";
export { LibraryError, MAX_BOARDS } from "./library-merge.mjs";

export const LIBRARY_KEY = "snakes-ladders:library:v1";
export const EXPORT_FORMAT = "snakes-ladders-boards";

/**
 * Why a write was refused, saying `what` was not saved ("“Alpha” was not renamed", say). Nothing
 * was written, so what was already stored stays as it was.
 */
function writeProblem(error, what) {
  if (error?.name === "QuotaExceededError") {
    return new LibraryError(
      "full",
      `Your browser's storage for this page is full, so nothing was changed: ${what}. Delete or export some boards to make room.`,
    );
  }
  return new LibraryError(
    "unavailable",
    `Your browser does not let this page store boards (${error?.message ?? error}), so nothing was changed: ${what}.`,
  );
}

/** What a least-moves figure was computed for: the entry's board (its size and jumps) and its start rule. */
function boardKey({ n, jumps, rules }) {
  return `${n}:${rules?.start ?? RULES.start.default}:${JSON.stringify(jumps)}`;
}

/**
 * The stored boards and this tab's copy of them (`entries`, for drawing and for the questions asked).
 *
 * Several tabs share the one stored list, and another tab may change it at any time: this tab's copy
 * can be stale. So every change re-reads the stored list, changes only the entries it is about (found
 * by id), and writes that back; the panel also re-reads on the `storage` event another tab's write
 * fires. How each change merges with what another tab did since this tab last read the list:
 * - add (save, import): new entries go first; every name is made unique again against the stored list
 *   (another tab may have taken it meanwhile). A replaced entry keeps its place; if another tab deleted
 *   it, the board is saved as a new entry, since the user asked for this board to be saved.
 * - duplicate, rename: of the entry as stored now (its current name and least moves); refused, with
 *   kind "gone", when another tab deleted it, so a deleted board never comes back. A rename to a name
 *   another tab took meanwhile is refused (kind "taken"); only the name is written.
 * - remove: by id, whatever another tab renamed it to (it is the same board); if another tab deleted
 *   it already, nothing is written.
 * - What the user confirmed (replace, rename, delete: the entry as the tab drew it when asking) is
 *   compared with the entry as stored now: if another tab put another board, rules or words in it (or,
 *   for replace and rename, renamed it), nothing is written (kind "changed"). Least moves filled in
 *   meanwhile are no change.
 * - setMoves (the least moves, filled in once Python answers): only that field, only while the stored
 *   entry still holds the board the figure was computed for (another tab may have replaced it), and
 *   never for an entry that is gone: a stale fill-in neither resurrects nor renames anything.
 * What this cannot do: a write another tab made that has not reached this tab yet (browsers pass it on
 * within milliseconds) can be written over; localStorage has no transaction to prevent that.
 */
export class Library {
  #storage;
  #entries = [];
  /** id -> {key, moves}: least moves storage refused, shown meanwhile and written with the next change. */
  #unstored = new Map();
  /** Each entry read -> the item it was read from, written back as it is unless a change is about it. */
  #raw = new WeakMap();
  /** The stored text that is no list, while it is stored: `{text, aside, downloaded, problem}` (copyAside's). */
  #unreadable = null;
  /** How many stored items the last read could not show (kept as stored). */
  #hidden = 0;

  /** `storage` is a Storage (localStorage) or a getter that may throw when storage is blocked. */
  constructor(storage) {
    this.#storage = storage;
  }

  get entries() {
    return this.#entries;
  }

  /** How many stored items the last read found that are no board this page can show (written back as they are). */
  get hidden() {
    return this.#hidden;
  }

  /**
   * Read the stored boards into `entries` (at start, and when another tab changed them). Throws
   * LibraryError "unavailable" or "unreadable" (then the list is empty, and `unreadable` says whether
   * the text is kept aside; until it is, or downloaded and a new list started, every change is refused).
   */
  load() {
    try {
      this.#entries = this.#read().entries;
    } catch (error) {
      if (error.kind === "unreadable") this.#entries = [];
      throw error;
    }
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

  /**
   * Add boards `{name, n, jumps, rules, moves, notes, hideNumbers, decks}`; `replace` maps a name to the entry it replaces.
   * Returns the new entries, with the names they were stored under.
   */
  add(boards, replace = new Map()) {
    const what =
      boards.length === 1 ? `${quoted(boards[0].name)} was not saved` : `the ${boards.length} boards were not saved`;
    return this.#change(what, (stored) => addTo(stored, boards, replace));
  }

  /**
   * `entry` (as the user saw it: its name is the one messages use) stored again as `name (2)`, or the
   * next free number, as it is stored now. Returns `[copy]`.
   */
  duplicate({ id, name }) {
    return this.#change(`${quoted(name)} was not duplicated`, (stored) => {
      const entry = stored.find((item) => item.id === id);
      if (!entry) throw gone(name, "duplicated");
      return addTo(stored, [{ ...entry, id: undefined, set: undefined }], new Map()); // a copy is no part of the set
    });
  }

  /** Rename `entry` (as the user saw it); returns its stored name before. */
  rename(asked, name) {
    const { id, name: before } = asked;
    return this.#change(`${quoted(before)} was not renamed`, (stored) => {
      const entry = confirmed(stored, asked, "renamed", true);
      if (!entry) throw gone(before, "renamed");
      if (stored.some((item) => item.id !== id && item.name === name)) {
        throw new LibraryError(
          "taken",
          `There is already a board named ${quoted(name)} (saved in another tab): choose another name.`,
        );
      }
      return {
        list: stored.map((item) => (item === entry ? { ...this.#rawOf(item), name } : item)),
        result: entry.name,
      };
    });
  }

  /** Delete `entry` (as the user saw it); returns it as it was stored, or null when another tab had deleted it already. */
  remove(asked) {
    return this.#change(`${quoted(asked.name)} was not deleted`, (stored) => {
      const entry = confirmed(stored, asked, "deleted", false);
      return entry ? { list: stored.filter((item) => item !== entry), result: entry } : { list: null, result: null };
    });
  }

  /**
   * Record the least moves Python found for `entry` (the entry as it was asked about). Returns whether
   * it still applies. When storage refuses, the figure is kept for the next change to write and the
   * LibraryError is thrown.
   */
  setMoves(entry, moves) {
    const key = boardKey(entry);
    const what = `the least moves of ${quoted(entry.name)} (${moves}) were not stored, only shown here`;
    try {
      return this.#change(what, (stored) => {
        const target = stored.find((item) => item.id === entry.id && boardKey(item) === key);
        if (!target || target.moves === moves) return { list: null, result: Boolean(target) };
        return {
          list: stored.map((item) =>
            item === target ? { ...this.#rawOf(item), moves, movesStart: item.rules.start } : item,
          ),
          result: true,
        };
      });
    } catch (error) {
      if (error.kind === "full" || error.kind === "unavailable") {
        this.#unstored.set(entry.id, { key, moves });
        this.#entries = this.#entries.map((item) => this.#withUnstored(item));
      }
      throw error;
    }
  }

  /**
   * The stored text this tab could not read as a list, while it is stored: `{text, aside, downloaded}`,
   * `aside` the key a copy is kept under (null: none could be made), or null.
   */
  get unreadable() {
    const { text, aside, downloaded } = this.#unreadable ?? {};
    return this.#unreadable && { text, aside, downloaded };
  }

  /** The user was given `text` (the unreadable text) as a file: they may now start a new list over it. */
  downloaded(text) {
    if (this.#unreadable?.text === text) this.#unreadable.downloaded = true;
  }

  /**
   * Replace the unreadable text with an empty list, once it is kept aside or downloaded (throws the
   * refusal otherwise, or when storage refuses). Writes nothing if another tab wrote the list meanwhile;
   * either way the list is read again.
   */
  startNewList() {
    const unreadable = this.#unreadable;
    const what = "no new list was started";
    if (unreadable && !unreadable.aside && !unreadable.downloaded) throw notKept(what);
    if (unreadable && this.#text(what) === unreadable.text) this.#write([], what);
    return this.load();
  }

  /** The export file's JSON text: every board as a LeetCode matrix with its name, rules, words and class set (when it has them). */
  exportText(toMatrix) {
    const boards = this.#entries.map(({ name, n, jumps, rules, moves, notes, hideNumbers, decks, set }) => {
      const words =
        Object.keys(notes ?? {}).length || hideNumbers || Object.keys(decks ?? {}).length
          ? { notes, hideNumbers, decks }
          : {};
      return { name, rules, moves, board: toMatrix({ n, jumps: new Map(jumps) }), ...words, ...(set ? { set } : {}) };
    });
    return JSON.stringify({ format: EXPORT_FORMAT, version: 1, boards }, null, 1);
  }

  #store() {
    return typeof this.#storage === "function" ? this.#storage() : this.#storage;
  }

  /** The stored text, or null; `what` is what a refusal leaves unsaved. */
  #text(what) {
    try {
      return this.#store().getItem(LIBRARY_KEY);
    } catch (error) {
      const unsaved = what ? `, so nothing was changed: ${what}` : "";
      throw new LibraryError(
        "unavailable",
        `Your browser does not let this page read stored boards (${error?.message ?? error})${unsaved}.`,
      );
    }
  }

  /** Store `items` as the list; returns the text written, or throws a LibraryError saying `what` was not saved. */
  #write(items, what) {
    const text = JSON.stringify(items);
    try {
      this.#store().setItem(LIBRARY_KEY, text);
    } catch (error) {
      throw writeProblem(error, what);
    }
    return text;
  }

  /**
   * The stored list as it is now, with least moves storage refused earlier: `{entries, kept}`, `kept` the
   * stored items that are no entry this page can show (written back as they are). Throws LibraryError
   * "unreadable" when the text is not a list; `what` is what a refusal leaves unsaved.
   */
  #read(what = null) {
    const text = this.#text(what);
    const read = text === null ? { entries: [], kept: [] } : this.#parse(text);
    if (!read) throw this.#cannotRead(text);
    this.#unreadable = null;
    this.#hidden = read.kept.length;
    return read;
  }

  /** `text` read as the list (#read), or null when it is not one. Each entry's stored form is kept in #raw. */
  #parse(text) {
    let data;
    try {
      data = JSON.parse(text);
    } catch {
      return null;
    }
    if (!Array.isArray(data)) return null;
    const entries = [];
    const kept = [];
    for (const item of data) {
      const entry = entries.length < MAX_BOARDS ? readEntry(item) : null;
      if (!entry) {
        kept.push(item);
        continue;
      }
      const shown = this.#withUnstored(entry);
      this.#raw.set(shown, shown === entry ? item : { ...item, moves: shown.moves, movesStart: shown.movesStart });
      entries.push(shown);
    }
    return { entries, kept };
  }

  /**
   * The stored `text` is not a list: copy it aside (once), remember it, and return the LibraryError
   * "unreadable" that says whether it is kept, and if not, what keeps it.
   */
  #cannotRead(text) {
    const known =
      this.#unreadable?.text === text ? this.#unreadable : { text, aside: null, downloaded: false, problem: null };
    if (!known.aside) Object.assign(known, copyAside(this.#store(), LIBRARY_KEY, text));
    this.#unreadable = known;
    if (known.aside)
      return new LibraryError(
        "unreadable",
        "Your saved boards could not be read (they are not a list of boards); a copy is kept aside, and saving a board starts a new list.",
      );
    const next = known.downloaded
      ? "You downloaded the text: press Start a new list to save boards here again."
      : "Download the text to keep it.";
    return new LibraryError(
      "unreadable",
      `Your saved boards could not be read and could not be copied aside: ${known.problem}. ${next}`,
    );
  }

  #withUnstored(entry) {
    const kept = entry.moves === null ? this.#unstored.get(entry.id) : undefined;
    return kept && kept.key === boardKey(entry)
      ? { ...entry, moves: kept.moves, movesStart: entry.rules.start }
      : entry;
  }

  /** An entry as stored, for a change to one field of it that keeps what this page does not read. */
  #rawOf(entry) {
    return this.#raw.get(entry) ?? entry;
  }

  /**
   * Read the stored list, apply `edit` to it (`{list, result}`, list null when nothing is to be
   * written) and write the list back; returns `result`. Entries the edit left as they were are written
   * as they were stored, and stored items that are no entry after them. A refused write throws a
   * LibraryError saying `what` was not saved; `entries` is then the stored list as read, which the
   * write left as it was. Over an unreadable text only once it is copied aside. O(size of the stored
   * list) for the read, the edit and the write: at most MAX_BOARDS boards of at most 50×50, a few MB of JSON.
   */
  #change(what, edit) {
    let read;
    try {
      read = this.#read(what);
    } catch (error) {
      if (error.kind !== "unreadable") throw error;
      if (!this.#unreadable.aside) throw notKept(what);
      read = { entries: [], kept: [] }; // the bad copy is kept aside; the list starts again from this change
    }
    this.#entries = read.entries;
    const { list, result } = edit(read.entries);
    if (list === null) return result;
    const text = this.#write([...list.map((entry) => this.#rawOf(entry)), ...read.kept], what);
    this.#unstored.clear(); // written with the list, or no longer about a stored board
    this.#unreadable = null;
    this.#entries = this.#parse(text).entries; // as a reload would show them
    return result;
  }
}

/** The refusal of a write over a stored list that could not be read and is neither kept aside nor a new list yet. */
function notKept(what) {
  return new LibraryError(
    "unreadable",
    `Your saved boards could not be read and could not be copied aside, so nothing was changed: ${what}. Download the text to keep it, then start a new list.`,
  );
}
