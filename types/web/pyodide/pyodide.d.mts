// Types for web/pyodide/pyodide.mjs, which serve.py build copies from node_modules/pyodide (jsconfig rootDirs).
export * from "../../../node_modules/pyodide/pyodide";
