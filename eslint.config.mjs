// Lint rules for the page's own modules (web/, browser and worker globals only: no bundler, no Node APIs),
// the tests', tools' and benchmarks' JavaScript and this config. The layout is prettier's (.prettierrc.json).
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import globals from "globals";

export default [
  { ignores: ["node_modules/", "dist/", ".venv/", "web/vendor/"] },
  js.configs.recommended,
  {
    files: ["web/**/*.mjs"],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.browser, ...globals.worker },
    },
    rules: {
      "no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
      eqeqeq: ["error", "always"],
      "no-var": "error",
      "prefer-const": "error",
      // Small functions and files. A class is the unit for a panel with state (see SolveController).
      "max-lines-per-function": ["error", { max: 60 }],
      "max-lines": ["error", { max: 400 }],
    },
  },
  {
    // web/core is the bottom layer: it imports only itself (tests/js/import-layers.test.mjs checks every
    // room's imports, dynamic ones too, against the layer table in docs/design.md).
    files: ["web/core/**/*.mjs"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^\\.\\./",
              message: "web/core imports only web/core: move the helper into core, or the caller up a room.",
            },
          ],
        },
      ],
    },
  },
  {
    // start-python.js: the one classic script, run by the parser before the modules (index.html).
    files: ["web/*.js"],
    languageOptions: { ecmaVersion: 2023, sourceType: "script", globals: { ...globals.browser } },
    rules: { eqeqeq: ["error", "always"], "no-var": "error", "prefer-const": "error" },
  },
  {
    // Generated from Python's ops table by `python tools/contract.py` (tests/test_contract.py checks it is
    // current): its length is the table's, so max-lines does not apply to it.
    files: ["web/core/contract.mjs"],
    rules: { "max-lines": "off" },
  },
  {
    files: ["bench/**/*.mjs", "tests/**/*.mjs", "eslint.config.mjs", "tools/**/*.mjs"],
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: { ...globals.node } },
  },
  // Last: prettier owns the layout, so no rule that would fight its output stays on.
  prettier,
];
