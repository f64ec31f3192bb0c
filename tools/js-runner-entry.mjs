// Entry point of the vendored JavaScript interpreter: serve.py build bundles it with esbuild into
// vendor/js-runner.mjs, which the practice worker imports when it loads a JavaScript solution
// (web/workers/js-solution.mjs). sval interprets the code (the page's CSP refuses eval); acorn, which sval
// parses with, is called directly for syntax errors with their line. Versions pinned in package.json.
export { default as Sval } from "sval";
export { parse } from "acorn";
