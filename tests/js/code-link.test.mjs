// Unit tests for web/practice/code-link.mjs: practice code in a link's fragment, its limits and its refusals.
import assert from "node:assert/strict";
import { test } from "node:test";
import { deflateRawSync } from "node:zlib";
import {
  CODE_LIMIT,
  LINK_LIMIT,
  addressWithoutCode,
  decodeLinkedCode,
  findLinkedCode,
  makeCodeLink,
  withoutCode,
} from "../../web/practice/code-link.mjs";

const BASE = "https://example.test/app/";
const base64url = (bytes) => Buffer.from(bytes).toString("base64url");
const SOURCE = "def snakesAndLadders(board):\n    return -1  # é ✓\n";

test("a made link carries the board and the code in the fragment, and reads back exactly", async () => {
  const { link } = await makeCodeLink(BASE, "n=6&j=2-15", SOURCE);
  assert.ok(link.startsWith(`${BASE}#n=6&j=2-15&codez=`), link);
  assert.equal(new URL(link).search, "");
  const found = findLinkedCode(link);
  assert.equal(found.param, "codez");
  assert.deepEqual(await decodeLinkedCode(found), { text: SOURCE, language: "python" });
  assert.equal(withoutCode(new URL(link).hash), "#n=6&j=2-15");
  assert.equal(addressWithoutCode(link), "/app/#n=6&j=2-15");
});

test("a JavaScript solution's link says its language, and the address without the code says none", async () => {
  const source = "var snakesAndLadders = function(board) { return -1; };";
  const { link } = await makeCodeLink(BASE, "n=6", source, "javascript");
  assert.ok(link.startsWith(`${BASE}#n=6&lang=javascript&codez=`), link);
  const found = findLinkedCode(link);
  assert.equal(found.language, "javascript");
  assert.deepEqual(await decodeLinkedCode(found), { text: source, language: "javascript" });
  assert.equal(addressWithoutCode(link), "/app/#n=6");
  // A language the page does not know is read as Python's (the code is shown, never run by itself).
  assert.equal(findLinkedCode(link.replace("lang=javascript", "lang=ruby")).language, "python");
});

test("a TypeScript solution's link says lang=typescript and opens as TypeScript", async () => {
  const source = "function snakesAndLadders(board: number[][]): number { return -1; }";
  const { link } = await makeCodeLink(BASE, "n=6", source, "typescript");
  assert.ok(link.startsWith(`${BASE}#n=6&lang=typescript&codez=`), link);
  const found = findLinkedCode(link);
  assert.deepEqual(await decodeLinkedCode(found), { text: source, language: "typescript" });
  assert.equal(addressWithoutCode(link), "/app/#n=6");
});

test("older links with ?code= in the query are still read, and taken out of the address", async () => {
  const href = `${BASE}?code=${base64url(Buffer.from(SOURCE))}&x=1#n=6`;
  const found = findLinkedCode(href);
  assert.equal(found.param, "code");
  assert.deepEqual(await decodeLinkedCode(found), { text: SOURCE, language: "python" });
  assert.equal(addressWithoutCode(href), "/app/?x=1#n=6");
});

test("addresses without code are left alone", () => {
  assert.equal(findLinkedCode(`${BASE}#n=6&j=2-15`), null);
  assert.equal(withoutCode("#n=6&j=2-15"), "#n=6&j=2-15");
  assert.equal(withoutCode("#codez=abc"), "");
  assert.equal(withoutCode(""), "");
});

test("a link over the limit is refused with its length, before anything is copied", async () => {
  let seed = 1;
  const noise = Array.from({ length: 9000 }, () => {
    seed = (seed * 48271) % 2147483647;
    return String.fromCharCode(33 + (seed % 90));
  }).join("");
  const made = await makeCodeLink(BASE, "n=6", noise);
  assert.equal(made.link, undefined);
  assert.match(
    made.problem,
    /^A link with this code would be [\d,]+ characters long, over the 8,000 that common servers/,
  );
  const long = Number(made.problem.match(/be ([\d,]+) characters/)[1].replace(/,/g, ""));
  assert.ok(long > LINK_LIMIT);
});

const problems = [
  ["not base64url", { param: "codez", value: "ab$cd" }, "it holds characters that base64url does not use"],
  ["not deflate", { param: "codez", value: "AAAA" }, "it is not valid compressed data"],
  ["not UTF-8", { param: "code", value: base64url([0xff, 0xfe]) }, "it is not UTF-8 text"],
  ["empty", { param: "code", value: "" }, "it is empty"],
  ["blank", { param: "code", value: base64url(Buffer.from("  \n")) }, "it is empty"],
  [
    "too long a parameter",
    { param: "code", value: "A".repeat(4 * CODE_LIMIT + 1) },
    "it is over 200,000 characters long",
  ],
  [
    "too much code",
    { param: "code", value: base64url(Buffer.from("x".repeat(CODE_LIMIT + 1))) },
    "it is over 50,000 characters long",
  ],
];
for (const [name, found, reason] of problems) {
  test(`a link whose code is ${name} says so`, async () => {
    assert.deepEqual(await decodeLinkedCode(found), { problem: `The code in this link could not be read: ${reason}.` });
  });
}

test("a deflate bomb stops unpacking at the limit, however far it would go", async () => {
  // 50 MB of zeros deflate to about 50 kB; inflating stops at 200,000 bytes.
  const bomb = base64url(deflateRawSync(Buffer.alloc(50_000_000)));
  assert.ok(bomb.length < 4 * CODE_LIMIT);
  const result = await decodeLinkedCode({ param: "codez", value: bomb });
  assert.deepEqual(result, {
    problem: "The code in this link could not be read: it unpacks to more than 200,000 bytes.",
  });
});

/**
 * Chromium unpacks each chunk written to a DecompressionStream in full, whatever the reader does next
 * (Node's does not, so no timing here could fail). This stand-in does the same, to the most deflate
 * allows (1,032 bytes for each byte), and counts what it unpacks: `unpacked(value)` while decoding `value`.
 */
async function unpacked(value) {
  const Native = globalThis.DecompressionStream;
  const piece = new Uint8Array(65_536);
  let total = 0;
  globalThis.DecompressionStream = class extends TransformStream {
    constructor() {
      super({
        transform(chunk, controller) {
          let left = chunk.byteLength * 1032;
          total += left;
          for (; left > 0; left -= piece.length) controller.enqueue(piece.subarray(0, Math.min(left, piece.length)));
        },
      });
    }
  };
  try {
    const result = await decodeLinkedCode({ param: "codez", value });
    assert.deepEqual(result, {
      problem: "The code in this link could not be read: it unpacks to more than 200,000 bytes.",
    });
  } finally {
    globalThis.DecompressionStream = Native;
  }
  return total;
}

test("a deflate bomb is unpacked a slice at a time: as much work for a 194,000-character link as for a 2,000-character one", async () => {
  const link = (characters) => base64url(Buffer.alloc((characters * 3) / 4, 1));
  const short = await unpacked(link(2000));
  const long = await unpacked(link(194_000));
  assert.equal(long, short);
  // The limit, plus at most one 512-byte slice of the link unpacked past it.
  assert.ok(long <= 4 * CODE_LIMIT + 512 * 1032, `${long.toLocaleString("en")} bytes unpacked for a limit of 200,000`);
});
