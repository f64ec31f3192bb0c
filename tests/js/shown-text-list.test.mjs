// The page's list of control characters against the one the check's report uses: both are held to
// tests/fixtures/text/control-characters.json (tests/practice/test_shown.py holds the Python side to it).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { shownText } from "../../web/practice/shown-text.mjs";

const LIST = JSON.parse(readFileSync(new URL("../fixtures/text/control-characters.json", import.meta.url), "utf8"));
const [SURROGATE_FIRST, SURROGATE_LAST] = LIST.surrogates;

/** @param {number} code */
const listed = (code) => LIST.escaped.some(([first, last]) => first <= code && code <= last);

test("the page escapes exactly the listed characters of the Basic Multilingual Plane", () => {
  const wrong = [];
  for (let code = 0; code <= 0xffff; code += 1) {
    if (code >= SURROGATE_FIRST && code <= SURROGATE_LAST) continue;
    const character = String.fromCharCode(code);
    if ((shownText(character) !== character) !== listed(code)) wrong.push(code.toString(16));
  }
  assert.deepEqual(wrong, []);
});

test("the page escapes a lone surrogate and keeps a pair, and keeps characters past the plane", () => {
  for (const code of [SURROGATE_FIRST, 0xdbff, 0xdc00, SURROGATE_LAST]) {
    assert.notEqual(shownText(`a${String.fromCharCode(code)}b`), `a${String.fromCharCode(code)}b`);
  }
  for (const text of ["\u{1F600}", "\u{10FFFF}", "\u{E0001}"]) assert.equal(shownText(text), text);
});
