// My boards' import: an export file's text read into boards for Python to check (the form library-store.mjs
// writes). No DOM.
import { EXPORT_FORMAT, MAX_BOARDS, MAX_SET, cleanName, readSet } from "./library-store.mjs";
import { newSetId } from "../generate/class-sets.mjs";

/** An export file larger than this cannot hold MAX_BOARDS boards of at most 50×50. */
export const MAX_IMPORT_CHARS = 5_000_000;

/**
 * Read an export file's text: `{entries: [{index, name, board, rules, notes, hideNumbers, decks, set?}], problems: [text],
 * unset: [text]}`. Only the file's shape is read here; every board is checked by Python before it is kept. A
 * board's class set is checked as a stored one is (readSet): one that is not of that form is dropped, the board
 * kept on its own and named in `unset`; each set of the file gets a new id, so importing a file twice makes two
 * sets, not one of twice the boards. Throws an Error when the text is not an export file at all.
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
  const unset = [];
  const setIds = new Map();
  data.boards.forEach((item, index) => {
    const name = cleanName(item?.name);
    const label = name ? `Board ${index + 1} (“${name}”)` : `Board ${index + 1}`;
    if (!name) return problems.push(`${label}: it has no name`);
    if (!item || !("board" in item)) return problems.push(`${label}: it has no board`);
    const entry = { index, label, name, board: item.board, rules: item.rules ?? {}, notes: item.notes, hideNumbers: item.hideNumbers, decks: item.decks };
    const set = item.set === undefined ? null : readSet(item.set);
    if (item.set !== undefined && !set) unset.push(`${label}: its class set is not one (it needs an id, a name, an index from 1 to its count and a count from 2 to ${MAX_SET}), so it is imported as a board on its own`);
    if (set && !setIds.has(set.id)) setIds.set(set.id, newSetId());
    entries.push(set ? { ...entry, set: { ...set, id: setIds.get(set.id) } } : entry);
  });
  return { entries, problems, unset };
}
