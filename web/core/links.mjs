// Share links and the saved copy: the URL hash and localStorage follow the board, a link opened or
// reached with Back/Forward loads its board, and Copy share link copies it. Owns no engine calls.
import { decodeHash, encodeHash, forgetSavedBoard, loadSavedBoard, saveBoard } from "./codec.mjs";
import { withoutCode } from "../practice/code-link.mjs";
import { buildBoard, sameBoard } from "./state.mjs";
import { $ } from "./dom.mjs";

const PERSIST_DELAY_MS = 150;

/**
 * The board in a share link, checked like any edit: `{board, rules, problem}`, where `problem` says
 * why a link that is there could not be loaded.
 */
export function readLink(linkHash) {
  const hash = withoutCode(linkHash); // practice code in the link is the Practice panel's
  if (!hash || hash === "#") return { board: null, problem: null };
  try {
    const { n, jumps, rules } = decodeHash(hash);
    const board = buildBoard(n, jumps, { allowStartJump: rules.start === "off-board" });
    return { board, rules, problem: null };
  } catch (error) {
    return { board: null, problem: `The share link does not hold a valid board (${error.message.replace(/\.$/, "")}); it was not loaded.` };
  }
}

/** The board saved by an earlier visit: `{board, rules, problem}`; a corrupt copy is dropped. */
export function readSaved() {
  try {
    const saved = loadSavedBoard(localStorage);
    if (!saved) return { board: null, problem: null };
    try {
      const board = buildBoard(saved.n, saved.jumps, { allowStartJump: saved.rules.start === "off-board" });
      return { board, rules: saved.rules, problem: null };
    } catch (error) {
      throw new Error(`The saved board is not a valid board (${error.message.replace(/\.$/, "")}).`, { cause: error });
    }
  } catch (error) {
    forgetSavedBoard(localStorage);
    return { board: null, problem: `${error.message.replace(/\.$/, "")}; starting with a fresh board.` };
  }
}

/** Copy `text` to the clipboard, saying so (or why not) through `notify`. */
export async function copyText(text, what, notify) {
  try {
    await navigator.clipboard.writeText(text);
    notify(`Copied the ${what} to the clipboard.`, "info");
  } catch {
    notify(`Could not reach the clipboard: select the ${what} and copy it by hand.`, "error");
  }
}

export class LinkController {
  #app;
  #timer = null;
  #pending = false;

  /** `app`: `{state, notify, message}` from the composition root; the rules are the state's. */
  constructor(app) {
    this.#app = app;
    // Leaving the page writes what is pending; a burst of edits writes twice, at its start and end
    // (browsers throttle history updates).
    window.addEventListener("pagehide", () => this.#pending && this.#persist());
    // The hash the visitor went to, not whatever the address holds when the event runs: a pending
    // write of the board on screen (schedule) may have replaced it since.
    window.addEventListener("hashchange", (event) => this.#follow(new URL(event.newURL).hash));
    $("share").addEventListener("click", () => {
      const link = `${location.href.split("#")[0]}#${encodeHash(app.state.board, app.state.rules)}`;
      $("share-link").textContent = link;
      copyText(link, "share link", app.notify);
    });
    // The board the page opens with comes from the link, the saved copy or a preset, so a reload
    // finds it again unwritten: it is written at the end of a first window, after the board is
    // drawn, rather than at once (the first write to localStorage takes several ms).
    this.#openWindow();
  }

  /**
   * The board or the rules changed: write the hash and the saved copy. A lone change is written at
   * once, so a reload right after it keeps it (the reload goes to the address as it is then); in a
   * burst, the changes after the first are written together at the end of the quiet window.
   */
  schedule() {
    $("share-link").textContent = "";
    if (this.#timer !== null) {
      this.#pending = true;
      document.body.dataset.saved = "pending"; // for tests: "pending", "just" (window open) or "yes"
      return;
    }
    this.#persist();
    this.#openWindow();
  }

  /** Changes in the next PERSIST_DELAY_MS are written together at its end. */
  #openWindow() {
    this.#timer = setTimeout(() => {
      this.#timer = null;
      if (this.#pending) this.#persist();
      document.body.dataset.saved = "yes";
    }, PERSIST_DELAY_MS);
  }

  #persist() {
    this.#pending = false;
    document.body.dataset.saved = "just";
    const { state } = this.#app;
    const problem = saveBoard(localStorage, state.board, state.rules);
    const note = $("save-note");
    note.hidden = problem === null;
    note.textContent = problem ? `Your board is not saved in this browser: ${problem}. It is still in this page's address; copy the share link to keep it.` : "";
    const hash = `#${encodeHash(state.board, state.rules)}`;
    if (location.hash !== hash) history.replaceState(null, "", hash);
  }

  // Back and Forward move between links: each one's verdict replaces the last, so an error about a
  // bad link never outlives it (nor a "loaded" note a bad link that followed).
  #follow(hash) {
    const { state, notify, message } = this.#app;
    const { board, rules, problem } = readLink(hash);
    if (problem) {
      notify(problem, "error", "link");
      return;
    }
    const now = state.rules;
    const rulesDiffer = board && (rules.start !== now.start || rules.overshoot !== now.overshoot);
    if (board && (rulesDiffer || !sameBoard(board, state.board))) {
      state.load(board, "Loaded the board from the link.", rules); // one undo step, rules and board
      message.dataset.source = "link";
    } else if (message.dataset.source === "link") {
      notify(board ? "This link holds the board on screen." : "", "info", "link");
    }
  }
}
