// Entry point of the vendored TypeScript transpiler: serve.py build bundles it with esbuild into
// vendor/typescript.mjs, which the practice worker imports when it first loads a TypeScript solution
// (web/workers/practice.worker.mjs). Sucrase's typescript transform only takes the types off, keeping every
// line where it was, so errors in the JavaScript left name the line of the TypeScript. Pinned in package.json.
export { transform } from "sucrase";
