// Starts the Python engine the moment the page runs, before the rest of the app has loaded: it adopts
// the worker start-python.js started, or starts one; for a large board in the address, just after the
// board is first drawn (start-python.js says why). Requests made meanwhile wait for it.
// The page's other modules import this same engine; it also shows how Python started (snapshot or plain).
import { Engine } from "./workers/engine.mjs";
import { afterNextFrame } from "./core/dom.mjs";

/** How long Python waits for the board to be drawn (main.mjs failing to draw it) before it starts anyway. */
const BOARD_WAIT_MS = 5000;

/**
 * Resolves just after the frame that first shows the board: main.mjs marks "board-interactive" as it
 * draws it. In a tab opened in the background there is no frame to wait for (none comes until it is
 * shown): it resolves at the mark.
 */
function boardDrawn() {
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => list.getEntriesByName("board-interactive").length && drawn());
    const timer = setTimeout(() => drawn(), BOARD_WAIT_MS);
    function drawn() {
      observer.disconnect();
      clearTimeout(timer);
      if (document.visibilityState === "hidden") resolve();
      else afterNextFrame(() => resolve(undefined))();
    }
    observer.observe({ type: "mark", buffered: true });
  });
}

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
if (globalThis.pythonAfterBoard) engine.startAfter(boardDrawn());
else engine.start();
