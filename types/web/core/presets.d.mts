// Types for web/core/presets.mjs, which serve.py build writes from tests/fixtures (jsconfig rootDirs).
export const PRESETS: {
  id: string;
  name: string;
  board: number[][];
  rules?: { start?: string; overshoot?: string };
}[];
