// My boards' merge: a change applied to the stored list as it is now (another tab may have written it since
// this tab read it), the entries it adds named uniquely, and the refusals when another tab made it moot.
import { RULES } from "../core/contract.mjs";
import { movesFields, readEntry, uniqueName } from "./library-entry.mjs";

export const MAX_BOARDS = 200;

/**
 * Why the library could not be read or written; `kind` is "full", "unavailable", "unreadable", or, for a
 * change another tab made moot, "gone", "taken" or "changed".
 */
export class LibraryError extends Error {
  constructor(kind, message) {
    super(message);
    this.kind = kind;
  }
}

/** A random id: two tabs saving in the same millisecond must not make the same one (a counter would). */
function randomId() {
  return `b${[...crypto.getRandomValues(new Uint8Array(8))].map((byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

export const quoted = (name) => `“${name}”`;

/** What a confirmation is about: the board, its rules and its words (read as storage reads them), not its name or least moves. */
function contentKey(entry) {
  const { n, jumps, rules, notes, hideNumbers, decks } = readEntry(JSON.parse(JSON.stringify(entry))) ?? {};
  return JSON.stringify([n, jumps, rules, notes, hideNumbers, decks]);
}

/**
 * The stored entry that `asked` (the entry as the user confirmed an action on it) is, or undefined when
 * another tab deleted it. Throws LibraryError "changed", saying nothing was `done`, when another tab put a
 * different board, rules or words in it, or (with `sameName`) renamed it: the user did not confirm that.
 */
export function confirmed(stored, asked, done, sameName) {
  const entry = stored.find((item) => item.id === asked.id);
  if (!entry) return undefined;
  const why =
    sameName && entry.name !== asked.name
      ? `renamed ${quoted(entry.name)}`
      : contentKey(entry) !== contentKey(asked)
        ? "changed"
        : "";
  if (why) throw new LibraryError("changed", `${quoted(asked.name)} was ${why} in another tab; nothing was ${done}.`);
  return entry;
}

export function gone(name, verb) {
  return new LibraryError("gone", `${quoted(name)} was deleted in another tab, so it was not ${verb}.`);
}

/**
 * `stored` with `boards` added, newest first, each name made unique against the others; `replace`
 * maps a name to the entry it replaces (in its place, if it is still stored). Returns `{list, result}`
 * with the added entries as `result`. O(stored + boards), and for each name made unique the names it
 * clashes with.
 */
export function addTo(stored, boards, replace) {
  const storedIds = new Set(stored.map((entry) => entry.id));
  const used = new Set();
  const added = boards.map((board) => {
    const asked = replace.get(board.name);
    let id = asked && confirmed(stored, asked, "saved", true)?.id;
    if (!storedIds.has(id) || used.has(id))
      do id = randomId();
      while (storedIds.has(id) || used.has(id));
    used.add(id);
    const entry = { ...board, id, ...movesFields(board, board.rules?.start ?? RULES.start.default) };
    if (entry.moves === null) delete entry.movesStart; // a start the board came with, beside no figure
    return entry;
  });
  const byId = new Map(added.map((entry) => [entry.id, entry]));
  const taken = new Set(stored.filter((entry) => !byId.has(entry.id)).map((entry) => entry.name));
  for (const entry of added) {
    entry.name = uniqueName(entry.name, taken);
    taken.add(entry.name);
  }
  const fresh = added.filter((entry) => !storedIds.has(entry.id)).reverse();
  const list = [...fresh, ...stored.map((entry) => byId.get(entry.id) ?? entry)];
  if (list.length > MAX_BOARDS) {
    const what =
      added.length === 1 ? `${quoted(added[0].name)} was not saved` : `the ${added.length} boards were not saved`;
    throw new LibraryError("full", `My boards holds at most ${MAX_BOARDS} boards, so ${what}: delete some first.`);
  }
  return { list, result: added };
}
