// Starts the Python engine the moment the page runs, before the rest of the app has loaded: it adopts
// the worker start-python.js started, or starts one.
// The page's other modules import this same engine; it also shows how Python started (snapshot or plain).
import { Engine } from "./workers/engine.mjs";

export const engine = new Engine(new URL("workers/engine.worker.mjs", import.meta.url), { adopt: true });
engine.addEventListener("statechange", () => {
  const status = document.getElementById("engine");
  const line = document.getElementById("engine-start");
  const how = engine.startInfo?.how;
  if (status) {
    if (how) status.dataset.engineStart = how;
    else delete status.dataset.engineStart;
  }
  if (line) line.textContent = how ? `Python start: ${how} (${engine.startInfo.note}).` : "";
});
engine.start();
