// The board's tools in Design (Jumps draws snakes and ladders, Words picks the square to write on, Pan
// scrolls and pans) on the board's bar, and what a pointer or key on the board does now (its action).
export const TOOLS = ["jumps", "words", "pan"];
const STORAGE_KEY = "snakes-ladders:tool:v1";
const HINT_MS = 3500;

/** A touch screen with no fine pointer (a phone, a tablet): one finger there scrolls unless the user chose to draw. */
export function touchFirst(media = (query) => window.matchMedia(query)) {
  return media("(pointer: coarse)").matches && !media("(any-pointer: fine)").matches;
}

/**
 * What the board's input does: "draw" (Jumps, in a workspace that edits), "write" (Words there: a click
 * selects the square the Words on squares fields edit) or "view" (Pan, or any workspace that does not edit:
 * a click selects a square to read, nothing changes the board).
 */
export function boardAction(editable, tool) {
  if (!editable) return "view";
  return tool === "jumps" ? "draw" : tool === "words" ? "write" : "view";
}

/** Why a gesture did nothing, in words for the board's hint: `pointerType` "touch", "mouse" or "" (a key). */
export function refusal(action, editable, pointerType) {
  if (!editable) {
    const gestures = pointerType === "touch" ? " Here one finger scrolls and two fingers zoom." : "";
    return `Only Design changes the board.${gestures}`;
  }
  const draw = pointerType ? "Choose Jumps to draw." : "Choose Jumps to draw or remove snakes and ladders.";
  if (action === "write") {
    const how = { touch: "tap a square", mouse: "click a square" }[pointerType] ?? "press Enter on a square";
    return `Words: ${how} to write on it. ${draw}`;
  }
  const pan = { touch: "one finger scrolls the page or moves the zoomed board", mouse: "a drag moves a zoomed board" }[
    pointerType
  ];
  return pan ? `Pan: ${pan}. ${draw}` : `Pan: ${draw[0].toLowerCase()}${draw.slice(1)}`;
}

/**
 * The tool buttons (`[data-tool]` in `root`, aria-pressed), the board frame's data-tool and data-action
 * (style.css: touch-action and the cursor follow them), and the board's hint. The tool starts as this
 * tab last chose it, else Pan on a touch-first screen and Jumps elsewhere. Fires "actionchange" with
 * `{from, to, tool}` when the action changes (a tool chosen, a workspace entered).
 */
export class BoardTools extends EventTarget {
  #root;
  #frame;
  #modes;
  #storage;
  #tool;
  #action;
  #hint;
  #hintTimer = 0;
  #panHinted = false;

  /** `modes`: the ModeMachine (whether the workspace edits); `storage`: where the choice is kept for the session. */
  constructor({ root, frame, modes, storage = sessionStorage, media = undefined }) {
    super();
    this.#root = root;
    this.#frame = frame;
    this.#modes = modes;
    this.#storage = storage;
    this.#hint = Object.assign(document.createElement("p"), { className: "board-hint", hidden: true });
    this.#hint.setAttribute("aria-live", "polite");
    frame.append(this.#hint);
    this.#tool = remembered(storage) ?? (touchFirst(media) ? "pan" : "jumps");
    this.#action = boardAction(modes.editable, this.#tool);
    root.addEventListener("click", (event) => {
      const button = /** @type {HTMLElement} */ (event.target).closest?.("[data-tool]");
      if (button) this.choose(/** @type {HTMLElement} */ (button).dataset.tool);
    });
    modes.addEventListener("workspacechange", () => this.#show());
    this.#show();
  }

  get tool() {
    return this.#tool;
  }

  /** "draw", "write" or "view": boardAction of the workspace and the tool. */
  get action() {
    return this.#action;
  }

  /** Whether the workspace shown lets the board's input change the board (web/core/modes.mjs). */
  get editable() {
    return this.#modes.editable;
  }

  /** Choose `tool` (one of TOOLS), remembered for this tab's session. */
  choose(tool) {
    if (!TOOLS.includes(tool) || tool === this.#tool) return;
    this.#tool = tool;
    try {
      this.#storage.setItem(STORAGE_KEY, tool);
    } catch {
      // Storage refused: the tool still changes; only a reload forgets it.
    }
    this.#show();
  }

  /** Say on the board, for a few seconds, why a gesture did nothing (refusal's words). */
  hint(pointerType = "") {
    // Under Pan the user chose to scroll: said once a choice, not at every scroll.
    const chosenPan = this.editable && this.#action === "view";
    if (chosenPan && this.#panHinted) return;
    this.#panHinted = chosenPan;
    this.#hint.textContent = refusal(this.#action, this.editable, pointerType);
    this.#hint.hidden = false;
    clearTimeout(this.#hintTimer);
    this.#hintTimer = window.setTimeout(() => (this.#hint.hidden = true), HINT_MS);
  }

  #show() {
    for (const button of this.#root.querySelectorAll("[data-tool]")) {
      button.setAttribute("aria-pressed", String(/** @type {HTMLElement} */ (button).dataset.tool === this.#tool));
    }
    const from = this.#action;
    this.#action = boardAction(this.#modes.editable, this.#tool);
    this.#frame.dataset.tool = this.#tool;
    this.#frame.dataset.action = this.#action;
    this.#hint.hidden = true;
    this.#panHinted = false;
    if (from !== this.#action)
      this.dispatchEvent(new CustomEvent("actionchange", { detail: { from, to: this.#action, tool: this.#tool } }));
  }
}

function remembered(storage) {
  try {
    const tool = storage.getItem(STORAGE_KEY);
    return TOOLS.includes(tool) ? tool : null;
  } catch {
    return null;
  }
}
