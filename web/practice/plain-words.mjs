// Python's words about the practice boards, made plain for learners: a term of the trade gains what it means
// where it appears. Pure (tests/js/plain-words.test.mjs).

/** What the zig-zag numbering of LeetCode 909 is, for a learner who has not met the word. */
export const ZIG_ZAG =
  "numbered in a zig-zag: left to right along the bottom row, right to left on the row above, and so on";

/**
 * `text` with "boustrophedon" explained the first time it appears ("boustrophedon (numbered in a zig-zag:
 * …)"); other text unchanged. O(text): one scan, no backtracking.
 */
export function plainWords(text) {
  const at = text.toLowerCase().indexOf("boustrophedon");
  if (at < 0) return text;
  const end = at + "boustrophedon".length;
  return `${text.slice(0, end)} (${ZIG_ZAG})${text.slice(end)}`;
}
