// Where a link's address carries practice code: the fragment's code parameters, found and taken off, and
// the longest link the page makes. Pure; practice/code-link.mjs encodes and decodes the code itself.

/** A whole link longer than this is refused before it is copied: common servers and chat apps cut them. */
export const LINK_LIMIT = 8000;
/** `codez`: deflate-raw then base64url (what Copy link makes); `code`: plain base64url (older links). */
export const PARAMS = ["codez", "code"];
/** The code's language, beside it: `lang=javascript`, `lang=typescript`; left out, Python (links made before JavaScript). */
export const LANGUAGE_PARAM = "lang";
export const LANGUAGES = ["python", "javascript", "typescript"];

export function fragmentParams(hash) {
  return new URLSearchParams(hash.replace(/^#/, ""));
}

/**
 * The code a link carries, as `{param, value, language}` (the code still encoded; the language "python",
 * "javascript" or "typescript"), or null. Looked for in the fragment, then in the query, where links made before the
 * fragment form put it.
 * @param {string} href
 */
export function findLinkedCode(href) {
  const url = new URL(href);
  for (const params of [fragmentParams(url.hash), url.searchParams]) {
    for (const param of PARAMS) {
      const value = params.get(param);
      const language = LANGUAGES.find((name) => name === params.get(LANGUAGE_PARAM)) ?? "python";
      if (value !== null) return { param, value, language };
    }
  }
  return null;
}

/** The fragment without the code parameters, so the board part of a link reads as a board link. */
export function withoutCode(hash) {
  const params = fragmentParams(hash ?? "");
  if (!PARAMS.some((param) => params.has(param))) return hash;
  for (const param of [...PARAMS, LANGUAGE_PARAM]) params.delete(param);
  const rest = params.toString();
  return rest ? `#${rest}` : "";
}

/** `href` (an absolute URL) without the code, as a path for history.replaceState. */
export function addressWithoutCode(href) {
  const url = new URL(href);
  if (PARAMS.some((param) => url.searchParams.has(param))) url.searchParams.delete(LANGUAGE_PARAM);
  for (const param of PARAMS) url.searchParams.delete(param);
  const query = url.searchParams.toString();
  return `${url.pathname}${query ? `?${query}` : ""}${withoutCode(url.hash)}`;
}
