// The Solve panel's result: the answer, its detail line and the move list, the move being played marked.
// It owns its own elements and only shows what it is given.
import { formatWays } from "../core/format.mjs";
import { $ } from "../core/dom.mjs";

export class ResultPanel {
  #status = $("result");
  #moves = $("moves");
  #detail = $("detail");
  #die = $("die");
  #playback = $("playback");
  /** The move list's item marked current, if any. */
  #currentItem = null;

  /** A plain sentence in the status line; clears the moves. */
  say(text) {
    this.#status.textContent = text;
    this.#status.dataset.kind = "info";
    this.#moves.replaceChildren();
    this.#detail.textContent = "";
    this.#die.textContent = "";
    this.#playback.hidden = true;
  }

  error(text) {
    this.say(text);
    this.#status.dataset.kind = "error";
  }

  /** Show a solution from the API: the answer, the detail line and one item per move. */
  show(solution) {
    const last = solution.n * solution.n;
    this.#moves.replaceChildren();
    this.#die.textContent = "";
    if (!solution.reachable) {
      this.#status.textContent = `Unreachable: no sequence of rolls reaches square ${last}.`;
      this.#status.dataset.kind = "unreachable";
      const from = solution.rules?.start === "off-board" ? "off the board" : "square 1";
      this.#detail.textContent = `${solution.explored} of ${last} squares can be reached from ${from}.`;
      this.#playback.hidden = true;
      return;
    }
    this.#status.textContent = `Minimum moves: ${solution.moves}`;
    this.#status.dataset.kind = "solved";
    for (const [index, step] of solution.steps.entries()) {
      const item = document.createElement("li");
      item.textContent = describeMove(index, step);
      this.#moves.append(item);
    }
    this.#detail.textContent = `${formatWays(solution.paths_count)} · ${solution.explored} squares explored`;
    this.#playback.hidden = false;
  }

  /** Highlight the move being played (null for none) and show its roll. */
  current(index, step) {
    // O(1) a move, not O(moves): a 417-move route calls this for every move it plays.
    this.#currentItem?.removeAttribute("aria-current");
    this.#currentItem = index === null ? null : (this.#moves.children[index] ?? null);
    this.#currentItem?.setAttribute("aria-current", "step");
    this.#die.textContent = step ? `Roll ${step.roll}` : "";
    this.#die.dataset.roll = step ? String(step.roll) : "";
  }
}

export function describeMove(index, step) {
  const jump = step.jump ? `, ${step.jump} to ${step.end}` : "";
  return `Move ${index + 1}: roll ${step.roll} → square ${step.landing}${jump}`;
}
