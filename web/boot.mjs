// Starts the Python engine the moment the page runs, before the rest of the app has loaded.
// The page's other modules import this same engine.
import { Engine } from "./engine.mjs";

export const engine = new Engine(new URL("engine.worker.mjs", import.meta.url));
engine.start();
