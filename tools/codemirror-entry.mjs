// Entry point of the vendored editor: serve.py build bundles it with esbuild into vendor/codemirror.mjs.
// Only what web/practice/practice.mjs uses from CodeMirror 6, its Python and JavaScript modes (versions pinned in
// package.json).
export { EditorView, basicSetup } from "codemirror";
export { python } from "@codemirror/lang-python";
export { keymap } from "@codemirror/view";
export { indentWithTab } from "@codemirror/commands";
export { HighlightStyle, indentUnit, syntaxHighlighting } from "@codemirror/language";
export { Compartment } from "@codemirror/state";
export { tags } from "@lezer/highlight";
export { javascript } from "@codemirror/lang-javascript";
