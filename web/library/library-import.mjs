// My boards' import: an export file's text read into boards (the form library-store.mjs writes), each checked
// by Python, and the names that clash with stored ones settled as the user chooses.
import { EXPORT_FORMAT, MAX_BOARDS, MAX_SET, cleanName, entryWords, readSet, uniqueName } from "./library-store.mjs";
import { ask } from "../core/ask.mjs";
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
  if (text.length > MAX_IMPORT_CHARS)
    throw new Error(
      `the file is ${text.length.toLocaleString("en")} characters, more than an export of ${MAX_BOARDS} boards can be`,
    );
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error("the file is not JSON");
  }
  if (!data || data.format !== EXPORT_FORMAT || !Array.isArray(data.boards)) {
    throw new Error(`the file is not a boards export (it needs "format": "${EXPORT_FORMAT}" and a list of boards)`);
  }
  if (data.boards.length > MAX_BOARDS)
    throw new Error(`the file has ${data.boards.length} boards; at most ${MAX_BOARDS} can be imported`);
  const entries = [];
  const problems = [];
  const unset = [];
  const setIds = new Map();
  data.boards.forEach((item, index) => {
    const name = cleanName(item?.name);
    const label = name ? `Board ${index + 1} (“${name}”)` : `Board ${index + 1}`;
    if (!name) return problems.push(`${label}: it has no name`);
    if (!item || !("board" in item)) return problems.push(`${label}: it has no board`);
    const entry = {
      index,
      label,
      name,
      board: item.board,
      rules: item.rules ?? {},
      notes: item.notes,
      hideNumbers: item.hideNumbers,
      decks: item.decks,
    };
    const set = item.set === undefined ? null : readSet(item.set);
    if (item.set !== undefined && !set)
      unset.push(
        `${label}: its class set is not one (it needs an id, a name, an index from 1 to its count and a count from 2 to ${MAX_SET}), so it is imported as a board on its own`,
      );
    if (set && !setIds.has(set.id)) setIds.set(set.id, newSetId());
    entries.push(set ? { ...entry, set: { ...set, id: setIds.get(set.id) } } : entry);
  });
  return { entries, problems, unset };
}

/** Python checks each board; returns the good ones and a problem line for each bad one. */
export async function checkEntries(entries, request) {
  const good = [];
  const problems = [];
  for (const entry of entries) {
    const reply = await request.validate({ board: entry.board, rules: entry.rules });
    if (!reply.ok) {
      problems.push(`${entry.label}: ${reply.error.message}`);
      continue;
    }
    let words;
    try {
      words = entryWords(entry, reply.result.n, "its ");
    } catch (error) {
      problems.push(`${entry.label}: ${error.message}`);
      continue;
    }
    const set = entry.set ? { set: entry.set } : {}; // read as storage reads it (parseExport: readSet)
    good.push({
      name: entry.name,
      n: reply.result.n,
      jumps: reply.result.jumps,
      rules: { start: "square1", overshoot: "stay", ...entry.rules },
      moves: null,
      ...words,
      ...set,
    });
  }
  return { good, problems };
}

/** Ask what to do with imported names already in My boards: "copy", "replace", "skip", or "" to cancel. */
async function askClashes(library, dialog, boards) {
  const clashes = boards.filter((board) => library.names().has(board.name));
  if (!clashes.length) return "copy";
  const names = clashes
    .slice(0, 5)
    .map((board) => `“${board.name}”`)
    .join(", ");
  const { choice } = await ask(dialog, {
    message: `${clashes.length} imported board${clashes.length === 1 ? " has a name" : "s have names"} already in My boards: ${names}${clashes.length > 5 ? ", …" : ""}.`,
    choices: [
      ["copy", "Import as copies"],
      ["replace", "Replace mine"],
      ["skip", "Skip them"],
      ["", "Cancel import"],
    ],
  });
  return choice;
}

/** Names that clash: replace, import as copies, or skip, as the user chooses; null if cancelled. */
export async function settleNames(library, dialog, boards) {
  const choice = await askClashes(library, dialog, boards);
  if (!choice) return null;
  const replace = new Map();
  const taken = library.names();
  const kept = [];
  for (const board of boards) {
    const clash = library.entries.find((entry) => entry.name === board.name);
    if (clash && choice === "skip") continue;
    if (clash && choice === "replace" && !replace.has(board.name)) replace.set(board.name, clash);
    else board.name = uniqueName(board.name, taken);
    taken.add(board.name);
    kept.push(board);
  }
  return { kept, replace };
}
