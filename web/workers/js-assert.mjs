// The small assert a practice solution's own tests may require ("assert", "node:assert"): assert, ok, equal,
// notEqual, strictEqual, notStrictEqual, deepEqual, deepStrictEqual, notDeepStrictEqual, fail, as Node's behave
// on numbers, strings, arrays and plain objects. A failure throws an AssertionError with both values shown.

/** Node's name for a failed assertion. */
export class AssertionError extends Error {
  name = "AssertionError";
}

/** The deepest two values are compared: deeper is taken as unequal (a cycle, or a hostile structure). */
const DEPTH = 100;

/** A value in a failure's message: JSON where it can be, bounded. */
function shown(value) {
  let text;
  try {
    text =
      typeof value === "bigint"
        ? `${value}n`
        : typeof value === "string"
          ? JSON.stringify(value)
          : (JSON.stringify(value) ?? String(value));
  } catch {
    text = Array.isArray(value) ? "[array]" : `[${typeof value}]`;
  }
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** Node's loose equality (assert.equal's): ==, and NaN equal to NaN. */
// eslint-disable-next-line eqeqeq -- loose equality is what assert.equal and deepEqual mean
const loose = (a, b) => a == b || (Number.isNaN(a) && Number.isNaN(b));

/** Deep equality as Node's: strict (Object.is on leaves, same prototypes) or loose (== on leaves). */
function deepEqual(a, b, strict, depth = 0) {
  if (strict ? Object.is(a, b) : loose(a, b)) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object" || depth > DEPTH) return false;
  if (strict && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (a instanceof Map || a instanceof Set) {
    if (!(b instanceof Map || b instanceof Set) || a.size !== b.size) return false;
    const [left, right] = [[...a], [...b]];
    return left.every((item, index) => deepEqual(item, right[index], strict, depth + 1));
  }
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && deepEqual(a[key], b[key], strict, depth + 1));
}

function check(passed, message, words) {
  if (passed) return;
  if (message instanceof Error) throw message;
  throw new AssertionError(message === undefined ? words : String(message));
}

/** The assert function and its methods, frozen (the solution's code cannot change them for later boards). */
export function makeAssert() {
  const ok = (value, message) =>
    check(Boolean(value), message, `The expression evaluated to a falsy value: ${shown(value)}`);
  const methods = {
    ok,
    equal: (a, b, message) => check(loose(a, b), message, `${shown(a)} == ${shown(b)}`),
    notEqual: (a, b, message) => check(!loose(a, b), message, `${shown(a)} != ${shown(b)}`),
    strictEqual: (a, b, message) =>
      check(Object.is(a, b), message, `Expected values to be strictly equal: ${shown(a)} !== ${shown(b)}`),
    notStrictEqual: (a, b, message) =>
      check(!Object.is(a, b), message, `Expected "actual" to be strictly unequal to: ${shown(b)}`),
    deepEqual: (a, b, message) =>
      check(deepEqual(a, b, false), message, `Expected values to be loosely deep-equal: ${shown(a)} and ${shown(b)}`),
    deepStrictEqual: (a, b, message) =>
      check(deepEqual(a, b, true), message, `Expected values to be strictly deep-equal: ${shown(a)} and ${shown(b)}`),
    notDeepStrictEqual: (a, b, message) =>
      check(!deepEqual(a, b, true), message, `Expected "actual" not to be strictly deep-equal to: ${shown(b)}`),
    fail: (message = "Failed") => check(false, message, "Failed"),
    AssertionError,
  };
  const assert = Object.assign((value, message) => ok(value, message), methods);
  assert.strict = assert;
  return Object.freeze(assert);
}
