// Adversarial inputs against the words on squares: text that must stay well-formed XML for the
// SVG export and the print dialog, JSON keys that could pollute prototypes, square numbers out of range,
// enormous decks and links. Run with `node --test tests/js/`.
import assert from "node:assert/strict";
import { test } from "node:test";
import { checkDecks, checkNote, checkNotes, cleanText, parseDeck } from "../../web/core/notes.mjs";
import { decodeHash } from "../../web/core/codec.mjs";
import { readBoardDocument } from "../../web/board/board-document.mjs";

// XML 1.0's Char production: what an SVG file may hold (the export is parsed back by the print dialog).
const XML_CHAR = /^[\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]*$/u;

test("a square's text and a deck hold only characters XML allows: U+FFFE and U+FFFF are removed and counted", () => {
  const note = checkNote(7, { text: "a\uffffb\ufffec" });
  assert.equal(note.note.text, "abc");
  assert.equal(note.removed, "Square 7: removed 2 control or text-direction characters from its text.");
  assert.match(note.note.text, XML_CHAR);
  const deck = checkDecks({ "★": "Q\uffff | A\ufffe\nsecond" });
  assert.equal(deck["★"], "Q | A\nsecond");
  for (const card of parseDeck("x\uffff | y\ufffe").cards) assert.match(`${card.question}${card.answer}`, XML_CHAR);
  // Every BMP character and a sample of astral ones: what survives cleaning is XML.
  let all = "";
  for (let code = 0; code < 0x10000; code += 1) all += String.fromCharCode(code);
  all += "\u{1f600}\u{10ffff}\u{1fffe}";
  assert.match(cleanText(all, { keepLines: true }).text, XML_CHAR);
});

test("JSON keys that name prototypes or squares out of range are refused, never assigned", () => {
  for (const key of [
    "__proto__",
    "constructor",
    "prototype",
    "toString",
    "0",
    "-1",
    "1e3",
    "2501",
    "1.5",
    " 1",
    "01 ",
    "10000",
  ]) {
    const value = JSON.parse(`{${JSON.stringify(key)}: {"text": "x"}}`);
    assert.throws(() => checkNotes(value, 50), /is not a square of this board \(1 to 2500\)/, key);
  }
  assert.deepEqual(Object.keys(checkNotes(JSON.parse('{"0001": {"text": "x"}}'), 50)), ["1"]);
  const sneaky = JSON.parse('{"1": {"text": "x", "__proto__": {"polluted": true}}}');
  assert.throws(() => checkNotes(sneaky, 10), /square 1 has an unknown field "__proto__"/);
  assert.throws(() => checkDecks(JSON.parse('{"__proto__": "Q"}')), /is not one of the symbols/);
  const doc = (extra) =>
    `{"format": "snakes-ladders-board", "version": 1, "n": 2, "board": [[-1, -1], [-1, -1]]${extra}}`;
  assert.throws(() => readBoardDocument(doc(', "__proto__": {"x": 1}')), /"__proto__" is not a field/);
  assert.throws(
    () => readBoardDocument(doc(', "notes": {"constructor": {"text": "x"}}')),
    /"constructor" is not a square/,
  );
  assert.equal(/** @type {any} */ ({}).polluted, undefined);
  assert.equal(/** @type {any} */ ({}).x, undefined);
});

test("a share link's words: a prototype name is refused by the link's form, a square out of range by checkNotes", () => {
  assert.throws(
    () => decodeHash(`#n=3&t=${encodeURIComponent("1.1.x\n__proto__.0.y")}`),
    /note 2 \("__proto__.0.y"\) is not of the form square\.symbol\.text/,
  );
  const { n, words } = decodeHash(`#n=3&t=${encodeURIComponent("9999.1.x")}`);
  assert.throws(() => checkNotes(words.notes, n), /"9999" is not a square of this board \(1 to 9\)/);
});

test("a board's name in My boards holds no direction controls, U+FFFE/U+FFFF or lone surrogates; emoji stay whole", async () => {
  const { cleanName } = await import("../../web/library/library-store.mjs");
  assert.equal(cleanName("abc\u202edef\u2066g\u200fh"), "abcdefgh");
  assert.equal(cleanName("x\uffffy\ufffez"), "xyz");
  assert.equal(cleanName("\ud800lone\udc00"), "lone");
  assert.equal(cleanName("Class 👨‍👩‍👧 🇫🇷"), "Class 👨‍👩‍👧 🇫🇷");
  assert.equal(cleanName("\u202e\u2067"), "", "nothing left: no name");
});

test("My boards drops a stored board of a size the page cannot show (another tab, an old version, a hand edit)", async () => {
  const { Library, LIBRARY_KEY } = await import("../../web/library/library-store.mjs");
  const entry = (id, n) => ({ id, name: id, n, jumps: [], rules: {}, moves: null });
  const stored = JSON.stringify([
    entry("huge", 100_000_000),
    entry("one", 1),
    entry("neg", -3),
    entry("ok", 50),
    entry("two", 2),
  ]);
  const storage = { getItem: (key) => (key === LIBRARY_KEY ? stored : null), setItem() {}, removeItem() {} };
  assert.deepEqual(
    new Library(storage).load().map((item) => item.name),
    ["ok", "two"],
  );
});
