// The engine's status line: the stage the Python worker is at, in words, and Retry when it failed.
// It only shows what the engine reports (web/workers/engine.mjs's "statechange").
import { $ } from "../core/dom.mjs";

export class EngineStatus {
  #root = $("engine");
  #text = $("engine-text");
  #retry = $("engine-retry");

  constructor(engine, onRetry) {
    this.#retry.addEventListener("click", onRetry);
    engine.addEventListener("statechange", () => this.show(engine));
    this.show(engine);
  }

  show(engine) {
    this.#root.dataset.engine = engine.state;
    this.#text.textContent = engine.description;
    this.#retry.hidden = engine.state !== "error";
  }
}
