// Practice code carried by a link: in the address's fragment (never the query, which servers log),
// deflated and base64url-encoded. Reading it never runs it; the Practice panel decides what to show.

import { LANGUAGE_PARAM, LINK_LIMIT } from "../core/code-address.mjs";

// What the page asks of a link's code address, kept importable from here for the practice room's modules.
export { LINK_LIMIT, addressWithoutCode, findLinkedCode, withoutCode } from "../core/code-address.mjs";

/** Characters of code a link may unpack to: a deflated link could otherwise unpack to megabytes. */
export const CODE_LIMIT = 50_000;

function toBase64Url(bytes) {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error("it holds characters that base64url does not use");
  let binary;
  try {
    binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    throw new Error("it is not valid base64url");
  }
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

async function deflate(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * Bytes fed to the inflater at a time. Chromium inflates each written chunk in full before the reader can
 * stop it, and deflate packs up to 1,032 bytes into one: a whole 150 kB link fed at once unpacks to 150 MB
 * (seconds of work) however early reading stops. Fed in slices, at most one slice's worth (512 kB) is
 * unpacked past the limit.
 */
const INFLATE_SLICE = 512;

/** `bytes` as a stream of INFLATE_SLICE-byte chunks, each made only when the reader downstream wants one. */
function sliced(bytes) {
  let offset = 0;
  return new ReadableStream(
    {
      pull(controller) {
        controller.enqueue(bytes.slice(offset, offset + INFLATE_SLICE));
        offset += INFLATE_SLICE;
        if (offset >= bytes.length) controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}

/** Inflate at most `limit` bytes: unpacking stops near there, so a small link cannot unpack to megabytes. */
async function inflate(bytes, limit) {
  if (bytes.length === 0) throw new Error("it is not valid compressed data");
  const reader = sliced(bytes).pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  const chunks = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > limit) break;
      chunks.push(value);
    }
  } catch {
    throw new Error("it is not valid compressed data");
  }
  if (size > limit) {
    reader.cancel().catch(() => {});
    throw new Error(`it unpacks to more than ${limit.toLocaleString("en")} bytes`);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/**
 * Decode what findLinkedCode found: `{text, language}`, or `{problem}` saying why it cannot be read. Work is
 * bounded by the link's length and CODE_LIMIT (inflation stops within one slice of it).
 * @param {{param: string, value: string, language?: string}} found
 * @returns {Promise<{text: string, language: string} | {problem: string}>}
 */
export async function decodeLinkedCode({ param, value, language = "python" }) {
  try {
    if (value.length > 4 * CODE_LIMIT)
      throw new Error(`it is over ${(4 * CODE_LIMIT).toLocaleString("en")} characters long`);
    let bytes = fromBase64Url(value);
    if (param === "codez") bytes = await inflate(bytes, 4 * CODE_LIMIT);
    let text;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      throw new Error("it is not UTF-8 text");
    }
    if (text.length > CODE_LIMIT) throw new Error(`it is over ${CODE_LIMIT.toLocaleString("en")} characters long`);
    if (!text.trim()) throw new Error("it is empty");
    return { text, language };
  } catch (error) {
    return { problem: `The code in this link could not be read: ${error.message}.` };
  }
}

/**
 * A link to `base` (the page's address without its fragment) carrying `boardHash` (without "#") and
 * `text` in `language`: `{link}`, or `{problem}` when it would be longer than LINK_LIMIT.
 */
export async function makeCodeLink(base, boardHash, text, language = "python") {
  const encoded = toBase64Url(await deflate(new TextEncoder().encode(text)));
  const tag = language === "python" ? "" : `${LANGUAGE_PARAM}=${language}&`;
  const link = `${base}#${boardHash ? `${boardHash}&` : ""}${tag}codez=${encoded}`;
  if (link.length > LINK_LIMIT) {
    return {
      problem: `A link with this code would be ${link.length.toLocaleString("en")} characters long, over the ${LINK_LIMIT.toLocaleString("en")} that common servers and chat apps accept, so no link was made. Share the code as a file instead.`,
    };
  }
  return { link };
}
