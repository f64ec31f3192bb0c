// Words and symbols on squares (web/core/notes.mjs), in the board state, the share link, the board document
// and My boards: counts in user-perceived characters, hostile text, parseDeck, fitting, bounds.
// Run with `node --test tests/js/`.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  MAX_DECK_CARDS,
  MAX_DECK_CHARS,
  MAX_NOTE_CHARS,
  SYMBOLS,
  checkDecks,
  checkNote,
  checkNotes,
  cleanText,
  countChars,
  fitNote,
  graphemes,
  parseDeck,
} from "../../web/core/notes.mjs";
import { BoardState, emptyBoard, makeWords } from "../../web/core/state.mjs";
import { decodeHash, encodeHash } from "../../web/core/codec.mjs";
import { boardDocument, documentText, readBoardDocument } from "../../web/board/board-document.mjs";
import { Library } from "../../web/library/library-store.mjs";
import { cpuTime } from "./cpu-time.mjs";

const FAMILY = "👨‍👩‍👧"; // five code points, eight UTF-16 units, one character
const WAVE = "👋🏽"; // a hand with a skin tone: one character

test("text is counted in user-perceived characters: an emoji with modifiers counts once", () => {
  assert.equal(graphemes(FAMILY).length, 1);
  assert.equal(graphemes(`${WAVE}é`).length, 2); // é may be two code points; still one
  assert.equal(checkNote(7, { text: FAMILY.repeat(MAX_NOTE_CHARS) }).problem, null);
  const { problem, note } = checkNote(7, { text: FAMILY.repeat(MAX_NOTE_CHARS + 1) });
  assert.equal(
    problem,
    `Square 7: its text is ${MAX_NOTE_CHARS + 1} characters long; a square holds at most ${MAX_NOTE_CHARS}.`,
  );
  assert.equal(note, null);
  // A long paste is counted only as far as it must be (segmenting grows with the square of the length).
  assert.equal(
    checkNote(9, { text: "x".repeat(10_000) }).problem,
    "Square 9: its text is at least 1,280 characters long (only its beginning was counted); a square holds at most 40.",
  );
  assert.deepEqual(countChars("x".repeat(10_000), MAX_NOTE_CHARS), { count: 1280, atLeast: true });
  assert.deepEqual(countChars(FAMILY.repeat(41), MAX_NOTE_CHARS), { count: 41, atLeast: false });
  const zalgo = `a${"\u0301".repeat(3000)}`; // one character of 3,001 units
  assert.match(
    checkNote(9, { text: zalgo }).problem,
    /^Square 9: its text is over 1,280 units of text long, more than 40 characters can take;/,
  );
});

test("hostile text stays text: markup is kept as characters, controls and direction overrides are stripped and counted", () => {
  const markup = checkNote(3, { text: '<img src=x onerror="alert(1)"></svg>' });
  assert.equal(markup.note.text, '<img src=x onerror="alert(1)"></svg>');
  assert.equal(markup.removed, "");
  const rtl = checkNote(3, { text: "abc\u202edef\u2066g\u200fh" });
  assert.equal(rtl.note.text, "abcdefgh");
  assert.equal(rtl.removed, "Square 3: removed 3 control or text-direction characters from its text.");
  const controls = checkNote(4, { text: "a\u0000b\u0007c\td\ne\u009f" });
  assert.equal(controls.note.text, "abc d e"); // tab and line break become spaces
  assert.equal(controls.removed, "Square 4: removed 3 control or text-direction characters from its text.");
  const lone = checkNote(5, { text: "\ud800x\udc00y" });
  assert.equal(lone.note.text, "xy");
  assert.match(lone.removed, /removed 2 /);
  assert.equal(checkNote(5, { text: FAMILY }).note.text, FAMILY, "a joined emoji keeps its joiners");
  assert.equal(checkNote(6, { text: "  \u202e  " }).note, null, "nothing left: no note");
  assert.match(checkNote(6, { symbol: "<b>" }).problem, /^Square 6: its symbol "<b>" is not one of ★ ◆ ● ▲ ■ ♥\.$/);
  assert.deepEqual(checkNote(6, { symbol: "♥" }).note, { symbol: "♥" });
});

test("notes from outside name the square and the field that is wrong", () => {
  assert.deepEqual(checkNotes({ 2: { text: " hi ", symbol: "★" } }, 3), { 2: { text: "hi", symbol: "★" } });
  assert.throws(
    () => checkNotes({ 10: { text: "x" } }, 3),
    /^Error: notes: "10" is not a square of this board \(1 to 9\)$/,
  );
  assert.throws(() => checkNotes({ 0: { text: "x" } }, 3), /"0" is not a square/);
  assert.throws(() => checkNotes({ "1e1": { text: "x" } }, 3), /"1e1" is not a square/);
  assert.throws(
    () => checkNotes({ 4: { text: "x".repeat(41) } }, 3),
    /^Error: notes: Square 4: its text is 41 characters long/,
  );
  assert.throws(() => checkNotes({ 4: { colour: "red" } }, 3), /square 4 has an unknown field "colour"/);
  assert.throws(() => checkNotes({ 4: "text" }, 3), /square 4 is not an object/);
  assert.throws(() => checkNotes([], 3), /notes is not an object/);
  assert.throws(() => checkDecks({ X: "q" }), /decks: "X" is not one of the symbols/);
  assert.throws(() => checkDecks({ "★": "q".repeat(MAX_DECK_CHARS + 1) }), /The ★ deck is 20,001 characters long/);
});

test("parseDeck: one card a line, an answer after ' | ', problems named by line, never a silent cut", () => {
  const { cards, problems } = parseDeck("What is 3 + 4? | 7\n\n  Name a mammal  \n | 5\nQ |\nA | B | C\r\nLast");
  assert.deepEqual(cards, [
    { question: "What is 3 + 4?", answer: "7", line: 1 },
    { question: "Name a mammal", answer: null, line: 3 },
    { question: "Q", answer: null, line: 5 },
    { question: "A", answer: "B | C", line: 6 },
    { question: "Last", answer: null, line: 7 },
  ]);
  assert.deepEqual(problems, ['Line 4: there is no question before "|".']);
  const long = parseDeck(`ok\n${"q".repeat(201)} | a`);
  assert.deepEqual(long.problems, ["Line 2: its question is 201 characters long; a card holds at most 200."]);
  const many = parseDeck(Array.from({ length: MAX_DECK_CARDS + 5 }, (_, i) => `Q${i}`).join("\n"));
  assert.equal(many.cards.length, MAX_DECK_CARDS);
  assert.deepEqual(many.problems, [
    `The deck has ${MAX_DECK_CARDS + 5} cards: only the first ${MAX_DECK_CARDS} are kept.`,
  ]);
  const huge = parseDeck("x".repeat(MAX_DECK_CHARS + 10));
  assert.match(huge.problems[0], /^The deck is 20,010 characters long: only its first 20,000 were read\.$/);
  assert.deepEqual(parseDeck("a\u202e | <b>b</b>").cards, [{ question: "a", answer: "<b>b</b>", line: 1 }]);
  assert.deepEqual(parseDeck(null), { cards: [], problems: [] });
});

test("a text is fitted in at most 3 lines, shrinking, with an ellipsis only when it cannot fit", () => {
  const short = fitNote("Oh no!");
  assert.deepEqual(short, { size: 0.2, lines: ["Oh no!"], cut: false });
  const task = fitNote("Name three animals that live in the sea");
  assert.ok(task.lines.length <= 3 && !task.cut && task.size < 0.2, JSON.stringify(task));
  assert.equal(task.lines.join(" "), "Name three animals that live in the sea");
  const wide = fitNote("W".repeat(MAX_NOTE_CHARS));
  assert.equal(wide.lines.length, 3);
  assert.ok(wide.cut && wide.lines[2].endsWith("…"), JSON.stringify(wide));
  const emoji = fitNote(FAMILY.repeat(MAX_NOTE_CHARS));
  assert.ok(emoji.lines.length <= 3 && emoji.lines.every((line) => !line.includes("\ufffd")), "never a broken emoji");
  assert.ok(fitNote("x".repeat(10_000)).cut, "a text past the limit is cut, said by the ellipsis");
});

test("cleaning, counting and parsing are linear in the text: hostile pastes at two sizes", () => {
  const hostile = (size) => `${"\u202e<a>\ud800 ".repeat(size / 8)}${FAMILY.repeat(size / 16)}`;
  const small = hostile(40_000);
  const large = hostile(160_000);
  const work = (text) => () => {
    checkNote(1, { text });
    cleanText(text, { keepLines: true });
    parseDeck(text.replaceAll(" ", "\n"));
  };
  const ratio = cpuTime(work(large)) / cpuTime(work(small));
  // 4 times the text: linear work about 4 times as long; quadratic 16 times.
  assert.ok(ratio < 9, `4 times the text took ${ratio.toFixed(1)} times as long`);
  // Fitting reads at most MAX_NOTE_CHARS + the count: 40,000 and 160,000 characters cost the count only.
  const fit = cpuTime(() => fitNote(large)) / cpuTime(() => fitNote(small));
  assert.ok(fit < 9, `fitting 4 times the text took ${fit.toFixed(1)} times as long`);
});

test("the state: a note, the numbers' switch and a deck are undoable steps firing change; a resize drops notes off the board", () => {
  const state = new BoardState(emptyBoard(4));
  const seen = [];
  state.addEventListener("change", (event) => seen.push(event.detail));
  assert.deepEqual(state.setNote(16, { text: "Finish!", symbol: "★" }), { problem: null, removed: "" });
  assert.equal(state.setNote(17, { text: "x" }).problem, "Square 17 is not on this board (squares run from 1 to 16).");
  assert.equal(state.setHideNumbers(true), null);
  assert.equal(state.setDeck("★", "Q | A\n\u202eQ2 "), null);
  assert.equal(state.setDeck("X", "Q"), 'There is no symbol "X" (the symbols are ★ ◆ ● ▲ ■ ♥).');
  assert.deepEqual(state.decks, { "★": "Q | A\nQ2" });
  assert.equal(seen.length, 3);
  assert.ok(seen.every((detail) => detail.wordsOnly));
  state.undo();
  assert.deepEqual(state.decks, {});
  state.undo();
  assert.equal(state.hideNumbers, false);
  state.redo();
  state.redo();
  assert.equal(state.hideNumbers, true);
  assert.deepEqual(state.notes, { 16: { text: "Finish!", symbol: "★" } });
  state.resize(3);
  assert.deepEqual(state.notes, {});
  state.undo();
  assert.deepEqual(state.notes[16], { text: "Finish!", symbol: "★" });
  assert.equal(SYMBOLS.length, 6);
});

test("the share link and the board document carry the words and read them back exactly", () => {
  const state = new BoardState(emptyBoard(6));
  state.place(2, 15);
  state.setNote(7, { text: "Add 3 + 4 & say <why>", symbol: "◆" });
  state.setNote(8, { symbol: "●" });
  state.setNote(9, { text: `${FAMILY} 100%` });
  state.setHideNumbers(true);
  state.setDeck("◆", "2 + 2 | 4\nWhy?");
  const hash = encodeHash(state.board, state.rules, state.words);
  assert.ok(!/[\s<>"]/.test(hash), hash);
  const { words } = decodeHash(`#${hash}`);
  assert.deepEqual(words, { notes: state.notes, hideNumbers: true, decks: state.decks });
  assert.equal(encodeHash(state.board, state.rules), "n=6&j=2-15", "a link without words is as before");
  assert.throws(
    () => decodeHash("#n=6&t=7.9.x"),
    /The share link's note 1 \("7\.9\.x"\) is not of the form square\.symbol\.text\./,
  );

  const doc = readBoardDocument(documentText(state));
  assert.deepEqual(doc.words, state.words);
  assert.deepEqual(doc.matrix, boardDocument(state).board);
  assert.equal(readBoardDocument("[[-1, -1], [-1, -1]]"), null, "a plain matrix is Python's to read");
  const base = {
    format: "snakes-ladders-board",
    version: 1,
    n: 2,
    board: [
      [-1, -1],
      [-1, -1],
    ],
  };
  const refused = (changes) => () => readBoardDocument(JSON.stringify({ ...base, ...changes }));
  assert.throws(
    refused({ notes: { 5: { text: "x" } } }),
    /^Error: "notes": "5" is not a square of this board \(1 to 4\)$/,
  );
  assert.throws(
    refused({ notes: { 3: { text: "y".repeat(41) } } }),
    /"notes": Square 3: its text is 41 characters long/,
  );
  assert.throws(refused({ format: "other" }), /"format" must be "snakes-ladders-board"/);
  assert.throws(refused({ version: 2 }), /"version" 2 is not one this page reads/);
  assert.throws(refused({ rules: { start: "moon" } }), /"rules": the rule start cannot be "moon"/);
  assert.throws(refused({ hideNumbers: "yes" }), /"hideNumbers" must be true or false/);
  assert.throws(refused({ n: 3 }), /"board" must be the LeetCode matrix of 3 rows/);
  assert.throws(() => readBoardDocument("{"), /it is not valid JSON/);
});

test("My boards keeps the words, and drops an entry whose words were edited into something invalid", () => {
  const items = new Map();
  const storage = { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => items.set(key, String(value)) };
  const library = new Library(storage);
  const words = makeWords({ notes: { 2: { text: "Go!", symbol: "▲" } }, hideNumbers: true, decks: { "▲": "Q" } });
  library.add([
    { name: "Tasks", n: 3, jumps: [[2, 8]], rules: { start: "square1", overshoot: "stay" }, moves: null, ...words },
  ]);
  const [entry] = new Library(storage).load();
  assert.deepEqual({ notes: entry.notes, hideNumbers: entry.hideNumbers, decks: entry.decks }, { ...words });
  const exported = JSON.parse(library.exportText(() => [[-1]]));
  assert.deepEqual(exported.boards[0].notes, words.notes);
  const stored = JSON.parse(items.get("snakes-ladders:library:v1"));
  stored[0].notes = { 99: { text: "off the board" } };
  items.set("snakes-ladders:library:v1", JSON.stringify(stored));
  assert.deepEqual(new Library(storage).load(), []);
});

test("a share link with words past 8,000 characters is refused with its length; one without words never is", async () => {
  const { shareLink } = await import("../../web/core/links.mjs");
  const state = new BoardState(emptyBoard(10));
  state.setNote(2, { text: "Go!" });
  assert.equal(shareLink("https://example.test/", state).link, "https://example.test/#n=10&t=2.0.Go%21");
  for (let square = 2; square < 40; square += 1) state.setNote(square, { text: WAVE.repeat(MAX_NOTE_CHARS) });
  const { link, problem } = shareLink("https://example.test/", state);
  assert.equal(link, undefined);
  assert.match(
    problem,
    /^A share link with this board's words and cards would be [\d,]+ characters long, over the 8,000 that common servers and chat apps accept, so no link was made\./,
  );
  const big = new BoardState(emptyBoard(50));
  for (let start = 2; start < 2400; start += 2) big.place(start, start + 1);
  assert.ok(shareLink("https://example.test/", big).link.length > 8000, "a board without words keeps its long link");
});
