// Text for the numbers Python sends: exact counts with digit grouping, huge ones as "about m × 10^e",
// and the analysis figures, which may be floats, bounded objects (beyond float range) or null (infinite).
// Pure functions only: node --test covers them (tests/js/format.test.mjs).

/** Exact decimals longer than this are shown in the bounded "about m × 10^e" form all the same. */
export const MAX_EXACT_DIGITS = 40;

/** "1234567" -> "1,234,567" (a decimal string of digits, optionally signed). */
export function groupDigits(digits) {
  const text = String(digits);
  const sign = text.startsWith("-") ? "-" : "";
  const body = sign ? text.slice(1) : text;
  return sign + body.replace(/\B(?=(\d{3})+$)/g, ",");
}

/** True for the API's bounded number: `{exact, value, mantissa, exponent}`. */
export function isBounded(value) {
  return value !== null && typeof value === "object" && "mantissa" in value && "exponent" in value;
}

/** "about 1.5 × 10^101768": one decimal of the mantissa, the exponent in full (it is an int). */
export function formatApprox(mantissa, exponent) {
  if (Number(mantissa.toFixed(1)) >= 10) return formatApprox(mantissa / 10, exponent + 1); // 9.99 -> 1.0 × 10^(e+1)
  if (exponent === 0) return `about ${mantissa.toFixed(1)}`;
  return `about ${mantissa.toFixed(1)} × 10^${groupDigits(String(exponent))}`;
}

/** A positive number as "about m × 10^e" (for numbers too long to write out). */
export function formatPowerOfTen(value) {
  const exponent = Math.floor(Math.log10(value));
  return formatApprox(value / 10 ** exponent, exponent);
}

/**
 * A count from the API, `{exact, value, mantissa, exponent}`: an exact one with digit grouping
 * ("1,234"), an approximate one (or an exact one too long to read) as "about 1.5 × 10^101768".
 */
export function formatCount(count) {
  if (count.exact && count.value !== null && count.value.length <= MAX_EXACT_DIGITS) return groupDigits(count.value);
  return formatApprox(count.mantissa, count.exponent);
}

/** A count's value as a JavaScript number when it fits one exactly, else null ("is it 1?"). */
export function countNumber(count) {
  if (!count.exact || count.value === null) return null;
  const value = Number(count.value);
  return Number.isSafeInteger(value) ? value : null;
}

/** "1 optimal roll sequence", "about 1.5 × 10^30 optimal roll sequences". */
export function formatWays(count) {
  const one = countNumber(count) === 1;
  return `${formatCount(count)} optimal roll sequence${one ? "" : "s"}`;
}

/**
 * An analysis figure in rolls: a float with one decimal, a bounded object beyond float range as
 * "about m × 10^e", null (infinite: the game does not always finish) as "—".
 */
export function formatRolls(value) {
  if (value === null || value === undefined) return "—";
  if (isBounded(value)) return formatCount(value);
  if (value >= 1e15) return formatPowerOfTen(value);
  const [whole, tenths] = value.toFixed(1).split(".");
  return `${groupDigits(whole)}.${tenths}`;
}

/**
 * A probability as a percentage: one decimal, three for small non-zero ones; one below float range
 * (a bounded object) as "about 1.2 × 10^-398%".
 */
export function formatPercent(p) {
  if (isBounded(p)) return `${formatApprox(p.mantissa, p.exponent + 2)}%`;
  return `${(p * 100).toFixed(p > 0 && p < 0.001 ? 3 : 1)}%`;
}

/** log10 of a figure (a float or a bounded object); -Infinity for 0, null for null. */
export function log10Of(value) {
  if (value === null || value === undefined) return null;
  if (isBounded(value)) return Math.log10(value.mantissa) + value.exponent;
  return value > 0 ? Math.log10(value) : -Infinity;
}

/** Each figure divided by the largest, computed on logarithms so that huge ones do not overflow. */
export function shares(values) {
  const logs = values.map(log10Of);
  const top = Math.max(...logs.filter((v) => v !== null && v !== -Infinity), -Infinity);
  return logs.map((v) => (v === null ? null : v === -Infinity || top === -Infinity ? 0 : 10 ** (v - top)));
}

/**
 * Figures for the what-if line: `{change, before, after}` in rolls when both are plain floats, or
 * null when either is not (infinite, or beyond float range: no meaningful difference to show).
 */
export function rollsChange(before, after) {
  if (typeof before !== "number" || typeof after !== "number") return null;
  return { change: after - before, before: formatRolls(before), after: formatRolls(after) };
}

/**
 * The sentence for a length distribution cut off at the roll cap (`length.truncated`), or "" when it
 * was not: "after 10,000 rolls 9.0% of games are still going".
 */
export function truncationNote(length) {
  if (!length?.truncated) return "";
  const rolls = groupDigits(String(length.p_on_turn.length));
  return `after ${rolls} rolls ${formatPercent(length.remaining)} of games are still going`;
}

/** A percentile from the analysis: "42 rolls", or why there is none. */
export function formatPercentile(value, length) {
  if (isBounded(value)) return `${formatCount(value)} rolls`;
  if (value !== null) return `${groupDigits(String(value))} rolls`;
  return length?.truncated ? `over ${groupDigits(String(length.p_on_turn.length))} rolls` : "—";
}

/**
 * The warnings of a validate or solve reply, `{total, shown: [{square, message}]}`, as one line:
 * the shown messages separated by semicolons, then "and N more" for the ones left out.
 */
export function warningsText(warnings) {
  if (!warnings || warnings.total === 0) return "";
  const text = warnings.shown.map((warning) => warning.message.replace(/\.$/, "")).join("; ");
  const more = warnings.total - warnings.shown.length;
  return more > 0 ? `${text}; and ${groupDigits(String(more))} more.` : `${text}.`;
}

/** An estimated figure (the analysis's `approximate` is set): "about 312.4"; null is "not estimated". */
export function formatAbout(value, format = formatRolls) {
  if (value === null || value === undefined) return "not estimated";
  const text = format(value);
  return text.startsWith("about ") ? text : `about ${text}`;
}

/**
 * Why the analysis's figures are approximate, from its `approximate` ({rolls, p_finish, decay,
 * tail_share, note}): "computed from the first 1,681 rolls of play; the exact figure would take
 * more work than the page allows", with how much of it was extrapolated.
 */
export function approximationReason(approximate) {
  const share = approximate.tail_share;
  let tail = "";
  if (share !== null && share < 1e-12) tail = " (the games still going after them are negligible)";
  else if (share !== null)
    tail = ` (${formatPercent(share)} of the expected rolls extrapolated from how fast games were ending)`;
  const rolls = groupDigits(String(approximate.rolls));
  return `computed from the first ${rolls} rolls of play${tail}; the exact figure would take more work than the page allows`;
}

/**
 * The chance to finish: exact (`approximate` null, or its interval a single point, as when no trap
 * can be reached), else "about 64.4% (between 64.2% and 64.5%)", or only the interval when null.
 */
export function formatChance(p, approximate) {
  if (!approximate) return p === null || p === undefined ? "not computed" : formatPercent(p);
  const [low, high] = approximate.p_finish;
  if (low === high) return formatPercent(low);
  const range = `between ${formatPercent(low)} and ${formatPercent(high)}`;
  return p === null || p === undefined ? range : `about ${formatPercent(p)} (${range})`;
}

/** "1 snake or ladder", "3 snakes and ladders": a count and its noun, singular for exactly 1. O(1). */
export function plural(count, one, many = `${one}s`) {
  return `${count} ${count === 1 ? one : many}`;
}
