// The languages a practice solution may be written in (Python, JavaScript, TypeScript): each one's name in messages, starter template, editor
// mode and indentation, and where its code is kept between visits (one key a language, so switching keeps both).
import { storageProblem } from "../core/codec.mjs";

const PYTHON_TEMPLATE = `class Solution:
    def snakesAndLadders(self, board: List[List[int]]) -> int:
        n = len(board)
        # Square 1 is board[n - 1][0]; numbering runs along the bottom row, then back along
        # the next one up, alternating. Return the fewest moves to square n * n, or -1.
        return -1
`;

const JAVASCRIPT_TEMPLATE = `/**
 * @param {number[][]} board
 * @return {number}
 */
var snakesAndLadders = function(board) {
  const n = board.length;
  // Square 1 is board[n - 1][0]; numbering runs along the bottom row, then back along
  // the next one up, alternating. Return the fewest moves to square n * n, or -1.
  return -1;
};
`;

const TYPESCRIPT_TEMPLATE = `function snakesAndLadders(board: number[][]): number {
  const n = board.length;
  // Square 1 is board[n - 1][0]; numbering runs along the bottom row, then back along
  // the next one up, alternating. Return the fewest moves to square n * n, or -1.
  return -1;
}
`;

/** name -> {label, template, storageKey, indent, mode(cm)}; Python first, the default. */
export const LANGUAGES = {
  python: {
    label: "Python",
    template: PYTHON_TEMPLATE,
    storageKey: "snakes-ladders-practice-code",
    indent: "    ", // PEP 8, as LeetCode's editor
    mode: (cm) => cm.python(),
  },
  javascript: {
    label: "JavaScript",
    template: JAVASCRIPT_TEMPLATE,
    storageKey: "snakes-ladders-practice-code-javascript",
    indent: "  ",
    mode: (cm) => cm.javascript(),
  },
  typescript: {
    label: "TypeScript",
    template: TYPESCRIPT_TEMPLATE,
    storageKey: "snakes-ladders-practice-code-typescript",
    indent: "  ",
    mode: (cm) => cm.javascript({ typescript: true }),
  },
};

const LANGUAGE_KEY = "snakes-ladders-practice-language";

/** The language named `name`, or Python's when it names none. */
export function language(name) {
  return Object.hasOwn(LANGUAGES, name) ? LANGUAGES[name] : LANGUAGES.python;
}

/** The editor extensions of `name`'s language: its mode and its indentation. */
export function languageExtensions(cm, name) {
  const { mode, indent } = language(name);
  return [mode(cm), cm.indentUnit.of(indent)];
}

function read(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Keep `text` under `key`; null when that worked, or why it did not. */
function write(key, text) {
  try {
    localStorage.setItem(key, text);
    return null;
  } catch (error) {
    return storageProblem(error);
  }
}

/** The language last chosen ("python" when none was, or storage cannot be read). */
export const readLanguage = () => (Object.hasOwn(LANGUAGES, read(LANGUAGE_KEY) ?? "") ? read(LANGUAGE_KEY) : "python");
/** Remember the language chosen (a failure only means the next visit starts in Python). */
export const storeLanguage = (name) => write(LANGUAGE_KEY, name);
