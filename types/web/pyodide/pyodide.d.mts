// Types for web/pyodide/pyodide.mjs, which serve.py copies from the pinned npm package at build time.
export * from "pyodide";
