// The built-ins a JavaScript practice solution can reach, and their freezing before the first one runs: a
// solution that changes them (Array.prototype.push = ...) is refused with a TypeError, not obeyed by the host.

// What the solution's code can reach by name: LeetCode's JavaScript globals, the worker's none.
export const GIVEN = [
  "Array",
  "ArrayBuffer",
  "BigInt",
  "Boolean",
  "DataView",
  "Date",
  "Error",
  "EvalError",
  "Float32Array",
  "Float64Array",
  "Infinity",
  "Int16Array",
  "Int32Array",
  "Int8Array",
  "JSON",
  "Map",
  "Math",
  "NaN",
  "Number",
  "Object",
  "Promise",
  "Proxy",
  "RangeError",
  "ReferenceError",
  "Reflect",
  "RegExp",
  "Set",
  "String",
  "Symbol",
  "SyntaxError",
  "TypeError",
  "Uint16Array",
  "Uint32Array",
  "Uint8Array",
  "Uint8ClampedArray",
  "URIError",
  "WeakMap",
  "WeakSet",
  "isFinite",
  "isNaN",
  "parseFloat",
  "parseInt",
  "undefined",
];
// Frozen before the first solution runs: a solution that changes them (Array.prototype.push = ...) is refused
// with a TypeError, instead of breaking this module and the Python that shares the worker.
const FROZEN = [
  "Array",
  "Object",
  "Function",
  "Map",
  "Set",
  "WeakMap",
  "WeakSet",
  "String",
  "Number",
  "Boolean",
  "Symbol",
  "BigInt",
  "Math",
  "JSON",
  "Reflect",
  "Promise",
  "RegExp",
  "Date",
];

const { getPrototypeOf, ownKeys } = Reflect;
const { defineProperty, freeze, getOwnPropertyDescriptor, hasOwn } = Object;
/**
 * Make `key` of `proto` (about to be frozen) an accessor whose setter gives the object assigned to an own
 * property: else `{toString() {...}}` or `this.constructor = ...` in the solution would fail, since an
 * inherited read-only property refuses assignment.
 */
function assignable(proto, key) {
  const descriptor = getOwnPropertyDescriptor(proto, key);
  if (!descriptor || !hasOwn(descriptor, "value") || !descriptor.configurable) return;
  const { value, enumerable } = descriptor;
  defineProperty(proto, key, {
    enumerable,
    configurable: false,
    get: () => value,
    set(next) {
      if (this === proto) throw new TypeError(`Cannot assign to read only property '${String(key)}'`);
      defineProperty(this, key, { value: next, writable: true, enumerable: true, configurable: true });
    },
  });
}

/** Freeze `value` and its prototype, whose keys a solution's own objects may still assign (see assignable). */
function harden(value) {
  const proto = typeof value === "function" ? value.prototype : undefined;
  for (const key of ["constructor", "toString", "valueOf", "name", "message"]) if (proto) assignable(proto, key);
  freeze(value);
  if (proto) freeze(proto);
}

/**
 * The built-ins the solution reaches through prototype chains, not by name, that the host uses too: typed
 * arrays and buffers (Pyodide reads and writes its strings through them), the string and generator machinery
 * (sval runs on generators), and the constructors of async and generator functions.
 */
function reachedIntrinsics() {
  const typed = GIVEN.filter((name) => name.endsWith("Array") && name !== "Array").map((name) => globalThis[name]);
  const functions = [async () => {}, function* () {}, async function* () {}].map((f) => getPrototypeOf(f));
  const [asyncFunction, generator, asyncGenerator] = /** @type {any[]} */ (functions);
  const iterators = [
    [][Symbol.iterator](),
    ""[Symbol.iterator](),
    /x/[Symbol.matchAll](""),
    new Map()[Symbol.iterator](),
    new Set()[Symbol.iterator](),
  ];
  return [
    ...[getPrototypeOf(Uint8Array), ...typed, ArrayBuffer, DataView, Proxy],
    ...[asyncFunction.constructor, generator.constructor, asyncGenerator.constructor], // with their prototypes
    ...[generator.prototype, asyncGenerator.prototype, getPrototypeOf(asyncGenerator.prototype)],
    ...iterators.map((iterator) => getPrototypeOf(iterator)),
  ];
}

/**
 * Error and its kinds, frozen but for Error.stackTraceLimit, which Pyodide sets around each PythonError it
 * makes (still a plain number: a getter there would run in Pyodide's error handling): else a solution could set
 * Error.prepareStackTrace (which V8 calls with the host's frames) or Error[Symbol.hasInstance] (which would
 * change how every later throw is worded).
 */
function hardenErrors() {
  for (const kind of [Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError, AggregateError]) {
    for (const key of ["constructor", "toString", "name", "message"]) assignable(kind.prototype, key);
    freeze(kind.prototype);
    for (const key of ownKeys(kind)) {
      const fixed = hasOwn(getOwnPropertyDescriptor(kind, key), "value") && key !== "stackTraceLimit";
      defineProperty(kind, key, fixed ? { configurable: false, writable: false } : { configurable: false });
    }
    Object.preventExtensions(kind);
  }
}

let frozen = false;
/** Freeze the built-ins (once: later calls do nothing). */
export function freezeIntrinsics() {
  if (frozen) return;
  frozen = true;
  for (const key of ownKeys(Object.prototype)) assignable(Object.prototype, key);
  for (const name of FROZEN) harden(globalThis[name]);
  for (const value of reachedIntrinsics()) harden(value);
  hardenErrors();
  freeze(getPrototypeOf(getPrototypeOf([][Symbol.iterator]())));
}
