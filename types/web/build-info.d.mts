// Types for web/build-info.mjs, which serve.py writes at build time (it is not in the repository).
export const BUILD_ID: string;
export const PYODIDE_VERSION: string;
export const FILES: string[];
