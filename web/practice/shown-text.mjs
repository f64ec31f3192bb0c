// Text from the sandbox as the page shows it: clipped to a bounded length (saying how much was left out) and
// with control characters made visible, never interpreted. Pure; callers set the result with textContent.

/** The most characters of one text from the sandbox the page shows (an error, an answer, a line). */
export const SHOWN_CHARS = 2000;
/** The most characters of printed output shown for one board (practice_run.OUTPUT_LIMIT, and its note). */
export const OUTPUT_CHARS = 4200;

// C0 controls but tab and newline, DEL, C1 controls, bidirectional marks, embeddings, overrides and isolates (they
// reorder what follows them on screen), and lone surrogates: the same list as the check's report (practice/shown.py;
// tests/fixtures/text/control-characters.json holds both to it). A character class: linear, nothing to backtrack.
/* eslint-disable no-control-regex -- control characters are what it finds */
const UNSHOWN =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/* eslint-enable no-control-regex */

/** One unshown character as it is shown: C0 controls and DEL as their Control Pictures (␛, ␀, ␍), others as \uXXXX. */
function visible(character) {
  const code = character.charCodeAt(0);
  if (code < 0x20) return String.fromCharCode(0x2400 + code);
  if (code === 0x7f) return "\u2421";
  return `\\u${code.toString(16).padStart(4, "0")}`;
}

/**
 * `value` (text from the sandbox; anything else is shown as its kind) as the page may show it: at most `limit`
 * characters, then "… (N more characters)"; control characters shown as symbols (`\x1b` as ␛), tabs and
 * newlines kept. O(min(length, limit)).
 * @param {unknown} value
 * @param {number} limit
 */
export function shownText(value, limit = SHOWN_CHARS) {
  const text =
    typeof value === "string"
      ? value
      : typeof value === "number" || typeof value === "boolean"
        ? String(value)
        : `(${value === null ? "null" : typeof value})`;
  let kept = text.length > limit ? text.slice(0, limit) : text;
  if (kept.length < text.length && /[\ud800-\udbff]$/.test(kept)) kept = kept.slice(0, -1); // not half a pair
  const rest = text.length - kept.length;
  const shown = kept.replace(UNSHOWN, visible);
  return rest > 0 ? `${shown}… (${rest.toLocaleString("en")} more characters)` : shown;
}

/**
 * `items` (from the sandbox) joined by `separator`, each shown with shownText, at most `limit` characters in all:
 * a path or a list of squares. O(min(items, limit)).
 * @param {unknown} items
 * @param {string} separator
 */
export function shownList(items, separator, limit = SHOWN_CHARS) {
  if (!Array.isArray(items)) return shownText(items, limit);
  const parts = [];
  let length = 0;
  for (let index = 0; index < items.length && length <= limit; index += 1) {
    const part = shownText(items[index], limit);
    parts.push(part);
    length += part.length + separator.length;
  }
  const joined = parts.join(separator);
  const left = items.length - parts.length;
  const clipped = joined.length > limit ? shownText(joined, limit) : joined;
  return left > 0 ? `${clipped}… (${left.toLocaleString("en")} more items)` : clipped;
}
