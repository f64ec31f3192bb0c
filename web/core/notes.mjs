// Words and symbols on squares, and the question-card decks tied to the symbols. Pure functions,
// no DOM: the state, the board's notes layer, links, My boards and the board document all check through here.
// Text is only ever text: it is cleaned of control and direction characters here and drawn with textContent.

/** The symbols a square can carry; each may have a deck of question cards. */
export const SYMBOLS = Object.freeze(["★", "◆", "●", "▲", "■", "♥"]);
/** A square's text, in user-perceived characters (an emoji with its modifiers counts once). */
export const MAX_NOTE_CHARS = 40;
/** A deck's text in UTF-16 units, and its cards: a deck is printed, so a few hundred cards is plenty. */
export const MAX_DECK_CHARS = 20_000;
export const MAX_DECK_CARDS = 300;
/** A card's question or answer, in user-perceived characters. */
export const MAX_CARD_CHARS = 200;
/** What separates a card's question from its answer on its line. */
export const DECK_SEPARATOR = " | ";

// C0 and C1 controls and DEL (tab and line breaks included: a square's text is one run of words), the
// bidirectional embeddings, overrides, isolates and marks (a right-to-left override would reverse what
// follows it on the printed card), and UTF-16 halves with no partner. Zero-width joiners and variation
// selectors stay: emoji sequences need them. U+FFFE and U+FFFF go too: XML has no such characters, so the
// SVG export (and the print dialog, which reads that SVG back) would fail to parse a board holding one.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\ufffe\uffff]/g;
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Made at the first text to split: making one took about 35 ms of the page's start-up. */
let segmenter = null;

/**
 * The user-perceived characters of `text`. Intl.Segmenter's time grows with the square of the text's
 * length (Node 20 and Chromium: 40,000 characters take seconds), so callers give it bounded text
 * (countChars, fitNote). O(length²) in the worst case; keep text under a few thousand units.
 */
export function graphemes(text) {
  if (text === "") return [];
  segmenter ??= new Intl.Segmenter("en", { granularity: "grapheme" });
  return Array.from(segmenter.segment(text), (part) => part.segment);
}

/** How many UTF-16 units a text of `limit` characters may take: 32 a character (a flag of England takes 14). */
const UNITS_PER_CHAR = 32;

/**
 * The user-perceived characters in `text`, counted for a `limit`: `{count, atLeast}`. Only the first
 * limit × 32 UTF-16 units are segmented; past them `atLeast` is true and `count` is the count of that
 * prefix, so a 10,000-character paste is counted in bounded time. O(limit²) at most.
 */
export function countChars(text, limit) {
  const cap = limit * UNITS_PER_CHAR;
  if (text.length <= cap) return { count: graphemes(text).length, atLeast: false };
  return { count: graphemes(text.slice(0, cap)).length, atLeast: true };
}

/** "its text is 52 characters long" or "its text is at least 1,280 characters long": the count said as it is known. */
function lengthWords(what, { count, atLeast }, limit) {
  if (!atLeast) return `its ${what} is ${plural(count, "character")} long`;
  if (count > limit)
    return `its ${what} is at least ${plural(count, "character")} long (only its beginning was counted)`;
  return `its ${what} is over ${(limit * UNITS_PER_CHAR).toLocaleString("en")} units of text long, more than ${limit} characters can take`;
}

/** Whether a count from countChars is over `limit`. */
const over = ({ count, atLeast }, limit) => atLeast || count > limit;

/**
 * `text` with control characters (line breaks and tabs become spaces), direction controls and lone
 * surrogates removed, runs of white space made one space, trimmed: `{text, removed}`, `removed` counting
 * the characters dropped (not the spaces merged). O(length of text).
 */
export function cleanText(text, { keepLines = false } = {}) {
  let removed = 0;
  const drop = () => {
    removed += 1;
    return "";
  };
  let clean = String(text).replace(LONE_SURROGATE, drop).replace(BIDI, drop);
  clean = clean.replace(CONTROL, (char) =>
    char === "\n" && keepLines ? "\n" : /[\t\n\r\v\f]/.test(char) ? " " : drop(),
  );
  const lines = clean.split("\n").map((line) => line.replace(/\s+/g, " ").trim());
  return { text: keepLines ? lines.join("\n") : lines[0], removed };
}

const plural = (count, word) => `${count.toLocaleString("en")} ${word}${count === 1 ? "" : "s"}`;

/**
 * A square's note from the inspector's fields: `{note, problem, removed}`. `note` is `{text?, symbol?}`
 * or null (nothing left: the square has no note); `problem` names the square and why the text or symbol
 * is refused (then `note` is null too); `removed` says which characters were dropped, or "". Bounded:
 * O(length of text).
 */
export function checkNote(square, { text = "", symbol = "" } = {}) {
  if (typeof text !== "string" || typeof symbol !== "string")
    return { note: null, problem: `Square ${square}: its text and symbol must be text.`, removed: "" };
  const clean = cleanText(text);
  const length = countChars(clean.text, MAX_NOTE_CHARS);
  const removed = clean.removed
    ? `Square ${square}: removed ${plural(clean.removed, "control or text-direction character")} from its text.`
    : "";
  if (over(length, MAX_NOTE_CHARS)) {
    return {
      note: null,
      problem: `Square ${square}: ${lengthWords("text", length, MAX_NOTE_CHARS)}; a square holds at most ${MAX_NOTE_CHARS}.`,
      removed,
    };
  }
  if (symbol && !SYMBOLS.includes(symbol)) {
    return {
      note: null,
      problem: `Square ${square}: its symbol ${JSON.stringify([...symbol].slice(0, 4).join(""))} is not one of ${SYMBOLS.join(" ")}.`,
      removed,
    };
  }
  const note = {};
  if (clean.text) note.text = clean.text;
  if (symbol) note.symbol = symbol;
  return { note: Object.keys(note).length ? Object.freeze(note) : null, problem: null, removed };
}

/**
 * Notes from outside the editor (a link, My boards, the board document): `{[square]: {text?, symbol?}}`
 * for a board of n×n, checked like the inspector's, frozen. Throws naming `where`, the square and the
 * field. O(number of notes + their text).
 */
export function checkNotes(value, n, where = "notes") {
  if (value === undefined || value === null) return Object.freeze({});
  if (typeof value !== "object" || Array.isArray(value)) throw new Error(`${where} is not an object of squares`);
  const notes = {};
  const last = n * n;
  for (const [key, raw] of Object.entries(value)) {
    const square = Number(key);
    if (!/^\d{1,4}$/.test(key) || square < 1 || square > last)
      throw new Error(`${where}: "${key.slice(0, 12)}" is not a square of this board (1 to ${last})`);
    if (!raw || typeof raw !== "object" || Array.isArray(raw))
      throw new Error(`${where}: square ${square} is not an object with text and symbol`);
    const extra = Object.keys(raw).find((field) => field !== "text" && field !== "symbol");
    if (extra !== undefined)
      throw new Error(`${where}: square ${square} has an unknown field "${extra.slice(0, 20)}" (only text and symbol)`);
    const { note, problem } = checkNote(square, raw);
    if (problem) throw new Error(`${where}: ${problem.replace(/\.$/, "")}`);
    if (note) notes[square] = note;
  }
  return Object.freeze(notes);
}

/** The decks from outside the editor: `{[symbol]: text}`, checked and frozen; throws naming the deck. O(text). */
export function checkDecks(value, where = "decks") {
  if (value === undefined || value === null) return Object.freeze({});
  if (typeof value !== "object" || Array.isArray(value)) throw new Error(`${where} is not an object of symbols`);
  const decks = {};
  for (const [symbol, text] of Object.entries(value)) {
    if (!SYMBOLS.includes(symbol))
      throw new Error(`${where}: "${[...symbol].slice(0, 4).join("")}" is not one of the symbols ${SYMBOLS.join(" ")}`);
    const problem = deckProblem(symbol, text);
    if (problem) throw new Error(`${where}: ${problem.replace(/\.$/, "")}`);
    const clean = cleanText(text, { keepLines: true }).text;
    if (clean) decks[symbol] = clean;
  }
  return Object.freeze(decks);
}

/** Why `text` cannot be the deck of `symbol`, or null. O(1). */
export function deckProblem(symbol, text) {
  if (typeof text !== "string") return `The ${symbol} deck is not text.`;
  if (text.length > MAX_DECK_CHARS)
    return `The ${symbol} deck is ${text.length.toLocaleString("en")} characters long; a deck holds at most ${MAX_DECK_CHARS.toLocaleString("en")}.`;
  return null;
}

/**
 * A deck's cards: one a line, an optional answer after " | ". `{cards: [{question, answer, line}],
 * problems}`; blank lines are skipped; a line with nothing before the separator, a question or answer
 * over MAX_CARD_CHARS and cards past MAX_DECK_CARDS are problems (named by line), never silently cut.
 * Bounded: O(length of text), at most MAX_DECK_CHARS read.
 */
export function parseDeck(text) {
  const problems = [];
  const cards = [];
  let source = typeof text === "string" ? text : "";
  if (source.length > MAX_DECK_CHARS) {
    problems.push(
      `The deck is ${source.length.toLocaleString("en")} characters long: only its first ${MAX_DECK_CHARS.toLocaleString("en")} were read.`,
    );
    source = source.slice(0, MAX_DECK_CHARS);
  }
  let skipped = 0;
  for (const [index, raw] of source.split(/\r\n|\r|\n/).entries()) {
    const line = index + 1;
    const clean = cleanText(raw).text;
    if (!clean) continue;
    if (cards.length === MAX_DECK_CARDS) {
      skipped += 1;
      continue;
    }
    const padded = ` ${clean} `; // "| 42" and "Q |" hold the separator too
    const cut = padded.indexOf(DECK_SEPARATOR);
    const question = cut < 0 ? clean : padded.slice(0, cut).trim();
    const answer = cut < 0 ? null : padded.slice(cut + DECK_SEPARATOR.length).trim() || null;
    if (!question) {
      problems.push(`Line ${line}: there is no question before "${DECK_SEPARATOR.trim()}".`);
      continue;
    }
    const long = [
      ["question", question],
      ["answer", answer ?? ""],
    ]
      .map(([what, part]) => ({ what, length: countChars(part, MAX_CARD_CHARS) }))
      .find(({ length }) => over(length, MAX_CARD_CHARS));
    if (long)
      problems.push(
        `Line ${line}: ${lengthWords(long.what, long.length, MAX_CARD_CHARS)}; a card holds at most ${MAX_CARD_CHARS}.`,
      );
    else cards.push({ question, answer, line });
  }
  if (skipped)
    problems.push(
      `The deck has ${plural(MAX_DECK_CARDS + skipped, "card")}: only the first ${MAX_DECK_CARDS} are kept.`,
    );
  return { cards, problems };
}

/** Font sizes tried, in squares (1 = a square's side), largest first, and the line height. */
const FONT_SIZES = [0.2, 0.17, 0.145, 0.125, 0.11, 0.095];
const LINE_HEIGHT = 1.12;
const MAX_LINES = 3;

/** A grapheme's width in ems, estimated without a font: wide for CJK and emoji, narrow otherwise. */
function charWidth(char) {
  const code = char.codePointAt(0) ?? 0;
  if (
    code >= 0x1100 &&
    (code <= 0x115f ||
      (code >= 0x2e80 && code <= 0xa4cf) ||
      (code >= 0xac00 && code <= 0xd7a3) ||
      (code >= 0xf900 && code <= 0xfaff) ||
      (code >= 0xfe30 && code <= 0xfe4f) ||
      (code >= 0xff00 && code <= 0xff60) ||
      code >= 0x1f000)
  )
    return 1.05;
  return /[mwMW@]/.test(char) ? 0.85 : /[iljtf.,:;'!| ]/.test(char) ? 0.34 : 0.62;
}

/**
 * `chars` wrapped at spaces into lines at most `room` ems wide: `{lines, rest, split}`; a word longer than
 * a line is split (`split` true), and wrapping stops past MAX_LINES lines (`rest` true when text is left).
 */
function wrap(chars, widths, room) {
  const lines = [];
  let split = false;
  let start = 0;
  while (start < chars.length && lines.length <= MAX_LINES) {
    let width = 0;
    let end = start;
    let lastSpace = -1;
    while (end < chars.length && width + widths[end] <= room) {
      if (chars[end] === " ") lastSpace = end;
      width += widths[end];
      end += 1;
    }
    if (end < chars.length && lastSpace > start) end = lastSpace + 1;
    else if (end < chars.length && chars[end] !== " ") split = true;
    if (end === start) end += 1; // one character wider than the room: it gets a line of its own
    lines.push(chars.slice(start, end).join("").trim());
    start = end;
  }
  return { lines, rest: start < chars.length, split };
}

/**
 * How a square's text fits its square: `{size, lines, cut}`, `size` in squares, at most 3 lines, the
 * largest size that fits; at the smallest, the third line ends with "…" (`cut` true). `width` is the
 * room across in squares; a word is split across lines only when no size takes it whole. Bounded: 2 × 6 sizes × at most MAX_NOTE_CHARS characters (the text is clamped, and
 * only its first MAX_NOTE_CHARS × 32 units are segmented).
 */
export function fitNote(text, width = 0.9, height = 0.6) {
  const all = graphemes(text.slice(0, MAX_NOTE_CHARS * UNITS_PER_CHAR + 1));
  const chars = all.slice(0, MAX_NOTE_CHARS);
  const widths = chars.map(charWidth);
  // Whole words first, at the largest size that takes them; then words split across lines.
  for (const splitting of [false, true]) {
    for (const size of all.length > MAX_NOTE_CHARS ? [] : FONT_SIZES) {
      const rows = Math.max(1, Math.min(MAX_LINES, Math.floor(height / (size * LINE_HEIGHT))));
      const { lines, rest, split } = wrap(chars, widths, width / size);
      if (!rest && lines.length <= rows && (splitting || !split)) return { size, lines, cut: false };
    }
  }
  const size = FONT_SIZES[FONT_SIZES.length - 1];
  const rows = Math.max(1, Math.min(MAX_LINES, Math.floor(height / (size * LINE_HEIGHT))));
  const { lines } = wrap(chars, widths, width / size);
  const kept = lines.slice(0, rows);
  const last = graphemes(kept[rows - 1] ?? "");
  kept[kept.length - 1] = `${last
    .slice(0, Math.max(0, last.length - 1))
    .join("")
    .trimEnd()}…`;
  return { size, lines: kept, cut: true };
}

export { LINE_HEIGHT as NOTE_LINE_HEIGHT };

/** A note in words for a screen reader or a title: "text, symbol ★". */
export function noteWords(note) {
  return [note.text, note.symbol && `symbol ${note.symbol}`].filter(Boolean).join(", ");
}

/** Whether `words` hold anything: a square's text or symbol, a deck, or hidden numbers. */
export function hasWords(words) {
  return Object.keys(words.notes).length > 0 || Object.keys(words.decks).length > 0 || words.hideNumbers;
}

/** What replacing `before` by `after` took off the squares, as a sentence ("" when nothing was). */
export function wordsTakenOff(before, after) {
  const squares = Object.keys(before.notes).length;
  if (!hasWords(before) || hasWords(after)) return "";
  return squares
    ? `The words on ${squares} square${squares === 1 ? "" : "s"} went with the old board.`
    : "The old board's question cards went with it.";
}
