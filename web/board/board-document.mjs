// The board document: a board with its rules and its words on squares as one versioned JSON file, beside
// the plain LeetCode matrix (which stays as it is). Checked here, in JS: Python is sent only the matrix and
// the rules (the validate op), and never sees the words, which no rule of play reads.
import { boardToMatrix } from "../core/grid.mjs";
import { checkDecks, checkNotes } from "../core/notes.mjs";
import { fullRules, makeWords } from "../core/state.mjs";

export const DOCUMENT_FORMAT = "snakes-ladders-board";
export const DOCUMENT_VERSION = 1;
/** A document larger than this cannot be a 50×50 board with its words and six full decks. */
export const MAX_DOCUMENT_CHARS = 1_000_000;
const FIELDS = ["format", "version", "n", "board", "rules", "notes", "hideNumbers", "decks"];

/** The document of a state (BoardState): `{format, version, n, board, rules, notes, hideNumbers, decks}`. */
export function boardDocument(state) {
  const { board, rules, notes, hideNumbers, decks } = state;
  return {
    format: DOCUMENT_FORMAT,
    version: DOCUMENT_VERSION,
    n: board.n,
    board: boardToMatrix(board),
    rules,
    notes,
    hideNumbers,
    decks,
  };
}

/** The document as text: one line per matrix row, so it reads like the LeetCode matrix it holds. */
export function documentText(state) {
  const { board, ...rest } = boardDocument(state);
  const head = JSON.stringify(rest, null, 1).replace(/\n}$/, "");
  return `${head},\n "board": [\n${board.map((row) => `  ${JSON.stringify(row)}`).join(",\n")}\n ]\n}\n`;
}

/**
 * Read `text` as a board document: null when it is not one (a plain LeetCode matrix, for Python to read
 * as before), else `{matrix, rules, words}` with the rules and words checked. Throws naming the field
 * (and the square) that is wrong. O(length of text); text over MAX_DOCUMENT_CHARS is refused unread.
 */
export function readBoardDocument(text) {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith("{")) return null;
  if (text.length > MAX_DOCUMENT_CHARS)
    throw new Error(
      `the board document is ${text.length.toLocaleString("en")} characters long; at most ${MAX_DOCUMENT_CHARS.toLocaleString("en")}`,
    );
  let data;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`it is not valid JSON (${error.message})`, { cause: error });
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) return null;
  if (data.format !== DOCUMENT_FORMAT)
    throw new Error(`"format" must be "${DOCUMENT_FORMAT}" (a plain LeetCode matrix needs no format)`);
  if (data.version !== DOCUMENT_VERSION)
    throw new Error(
      `"version" ${JSON.stringify(data.version)?.slice(0, 20)} is not one this page reads (${DOCUMENT_VERSION})`,
    );
  const unknown = Object.keys(data).find((key) => !FIELDS.includes(key));
  if (unknown !== undefined)
    throw new Error(`"${unknown.slice(0, 30)}" is not a field of a board document (${FIELDS.join(", ")})`);
  const { n, board } = data;
  if (!Number.isInteger(n)) throw new Error(`"n" must be the board's size, a whole number`);
  if (!Array.isArray(board) || board.length !== n) throw new Error(`"board" must be the LeetCode matrix of ${n} rows`);
  let rules;
  try {
    rules = fullRules(data.rules ?? {});
  } catch (error) {
    throw new Error(`"rules": ${error.message}`, { cause: error });
  }
  if (data.hideNumbers !== undefined && typeof data.hideNumbers !== "boolean")
    throw new Error(`"hideNumbers" must be true or false`);
  const notes = checkNotes(data.notes, n, `"notes"`);
  const decks = checkDecks(data.decks, `"decks"`);
  return { matrix: board, rules, words: makeWords({ notes, hideNumbers: data.hideNumbers === true, decks }) };
}
