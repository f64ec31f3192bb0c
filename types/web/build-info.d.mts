// Types for web/build-info.mjs, which serve.py build writes (jsconfig rootDirs).
export const PYODIDE_VERSION: string;
export const BUILD_ID: string;
export const FILES: string[];
export const SNAPSHOT: string | null;
