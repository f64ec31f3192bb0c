// Share links and the saved copy: the URL hash and localStorage follow the board, a link opened or
// reached with Back/Forward loads its board, and Copy share link copies it. Owns no engine calls.
import {
  MAX_HASH_LENGTH,
  decodeHash,
  encodeHash,
  encodeWords,
  loadSavedBoard,
  saveBoard,
  savedText,
  setAsideSavedBoard,
} from "./codec.mjs";
import { downloadText } from "./unreadable.mjs";
import { LINK_LIMIT, withoutCode } from "./code-address.mjs";
import { buildBoard, makeWords, sameBoard } from "./state.mjs";
import { checkDecks, checkNotes } from "./notes.mjs";
import { splitWorkspace, workspaceHash } from "./workspaces.mjs";
import { $ } from "./dom.mjs";

const PERSIST_DELAY_MS = 150;

/**
 * The board in a share link, checked like any edit: `{board, rules, problem}`, where `problem` says
 * why a link that is there could not be loaded.
 */
export function readLink(linkHash) {
  // Practice code in the link is the Practice panel's, and a leading workspace (#solve&…) the switcher's.
  const hash = splitWorkspace(withoutCode(linkHash)).rest;
  if (!hash || hash === "#") return { board: null, problem: null };
  try {
    const { n, jumps, rules, words } = decodeHash(hash);
    const board = buildBoard(n, jumps, { allowStartJump: rules.start === "off-board" });
    return { board, rules, words: checkWords(words, n, "the share link's"), problem: null };
  } catch (error) {
    return {
      board: null,
      problem: `The share link does not hold a valid board (${error.message.replace(/\.$/, "")}); it was not loaded.`,
    };
  }
}

/** Words from a link or the saved copy, checked for an n×n board (web/core/notes.mjs); throws naming the square. */
function checkWords({ notes, hideNumbers, decks }, n, whose) {
  return makeWords({
    notes: checkNotes(notes, n, `${whose} notes`),
    hideNumbers,
    decks: checkDecks(decks, `${whose} decks`),
  });
}

/**
 * The link to the board on screen with its words, or `{problem}` when the words make it longer than
 * LINK_LIMIT (a board without words is never refused: its link is as it always was).
 */
export function shareLink(base, state) {
  const plain = `${base}#${encodeHash(state.board, state.rules)}`;
  const link = `${base}#${encodeHash(state.board, state.rules, state.words)}`;
  if (link === plain || link.length <= LINK_LIMIT) return { link };
  const length = link.length.toLocaleString("en");
  return {
    problem: `A share link with this board's words and cards would be ${length} characters long, over the ${LINK_LIMIT.toLocaleString("en")} that common servers and chat apps accept, so no link was made. Save it in My boards or export the board document (Board JSON) instead.`,
  };
}

/**
 * The saved copy's text while it must not be written over: `{text, why, file}`. `why` (the end of a
 * sentence) says it could not be read and could not be copied aside, or could not be kept in My boards
 * when a link replaced it; then it is held until the user has downloaded it (as `file`). `why` null: a
 * link's board replaced it and it is being kept in My boards (keepBeforeLink releases it).
 */
let heldSaved = null;
/** Whether the saved copy was read (readSaved) or checked before this page first writes over it. */
let savedChecked = false;

/**
 * The saved copy cannot be used (`why`): set it aside, or hold it (heldSaved) when storage has no room
 * for the copy. Returns the sentence that says so.
 */
function setAsideUnusable(why) {
  const kept = setAsideSavedBoard(localStorage);
  if (kept && !kept.aside) {
    const said = `the board saved there before could not be read and could not be copied aside (${kept.problem})`;
    heldSaved = {
      text: kept.text,
      why: said,
      file: "saved-board-unreadable.txt",
      label: "Download the unreadable board",
    };
    return `${why} and could not be copied aside: ${kept.problem}. It is not written over until you download it; starting with a fresh board.`;
  }
  return `${why}${kept ? ", so it is kept aside" : ""}; starting with a fresh board.`;
}

/**
 * The board saved by an earlier visit: `{board, rules, problem}`. A copy that cannot be used is set aside
 * (setAsideSavedBoard), or, when storage has no room for that, kept where it is and not written over.
 */
export function readSaved() {
  savedChecked = true;
  try {
    const saved = loadSavedBoard(localStorage);
    if (!saved) return { board: null, problem: null };
    try {
      const board = buildBoard(saved.n, saved.jumps, { allowStartJump: saved.rules.start === "off-board" });
      return { board, rules: saved.rules, words: checkWords(saved.words, saved.n, "its"), problem: null };
    } catch (error) {
      throw new Error(`The saved board is not a valid board (${error.message.replace(/\.$/, "")}).`, { cause: error });
    }
  } catch (error) {
    return { board: null, problem: setAsideUnusable(error.message.replace(/\.$/, "")) };
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

  /** `app`: `{state, modes, notify, message}` from the composition root; the rules are the state's. */
  constructor(app) {
    this.#app = app;
    // Leaving the page writes what is pending; a burst of edits writes twice, at its start and end
    // (browsers throttle history updates).
    window.addEventListener("pagehide", () => this.#pending && this.#persist());
    // The hash the visitor went to, not whatever the address holds when the event runs: a pending
    // write of the board on screen (schedule) may have replaced it since.
    window.addEventListener("hashchange", (event) => this.#follow(new URL(event.newURL).hash));
    $("share").addEventListener("click", () => {
      const { link, problem } = shareLink(location.href.split("#")[0], app.state);
      $("share-link").textContent = link ?? "";
      if (problem) app.notify(problem, "error");
      else copyText(link, "share link", app.notify);
    });
    // The board the page opens with comes from the link, the saved copy or a preset, so a reload
    // finds it again unwritten: it is written at the end of a first window, after the board is
    // drawn, rather than at once (the first write to localStorage takes several ms).
    this.#openWindow();
    // The address and the saved copy follow the board, the rules, the players and the workspace shown.
    app.state.addEventListener("change", () => this.schedule());
    app.state.addEventListener("ruleschange", (event) => {
      if (!(/** @type {CustomEvent} */ (event).detail.withBoard)) this.schedule(); // the change has asked
    });
    app.modes.addEventListener("workspacechange", () => this.schedule());
    $("players").addEventListener("change", () => this.schedule());
  }

  /**
   * The board or the rules changed: write the hash and the saved copy. A lone change is written just
   * after the frame that shows it (writing a 50×50 board's address takes tens of ms, which the edit
   * need not wait for), so a reload a moment later keeps it, and leaving the page writes it at once; in a
   * burst, the changes after the first are written together at the end of the quiet window.
   */
  schedule() {
    $("share-link").textContent = "";
    this.#pending = true;
    document.body.dataset.saved = "pending"; // for tests: "pending", "just" (window open) or "yes"
    if (this.#timer !== null) return;
    // After the frame: a task the frame's rendering comes before. (A hidden tab has no frames: the
    // window's end writes it then.)
    requestAnimationFrame(() => setTimeout(() => this.#pending && this.#persist(), 0));
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
    if (!savedChecked) this.#checkSaved();
    const problem = heldSaved ? null : saveBoard(localStorage, state.board, state.rules, state.words);
    // Words that make the fragment longer than decodeHash reads stay out of the address: a reload would
    // refuse it as not a board (and writing a fragment of hundreds of KB took seconds an edit); it finds
    // the saved copy instead.
    const full = encodeHash(state.board, state.rules, state.words);
    const board = full.length <= MAX_HASH_LENGTH ? full : "";
    const note = $("save-note");
    note.hidden = problem === null;
    const keep = board
      ? "It is still in this page's address; copy the share link to keep it."
      : "Its words are too long for this page's address: export the board document (Board JSON) to keep it.";
    note.textContent = problem ? `Your board is not saved in this browser: ${problem}. ${keep}` : "";
    if (heldSaved?.why) this.#offerHeld(note, keep);
    const { workspace } = this.#app.modes;
    const hash = workspace ? workspaceHash(workspace, board) : `#${board}`;
    // history.state is kept: it marks an entry a workspace switch made (web/core/workspaces.mjs).
    if (location.hash !== hash) history.replaceState(history.state, "", hash);
  }

  /**
   * A link opened the page, so the saved copy was not read: before the board is first written over it, a
   * copy that is not a board (loadSavedBoard refuses it) is set aside, or held. Said by the note, if held.
   */
  #checkSaved() {
    savedChecked = true;
    try {
      loadSavedBoard(localStorage);
    } catch (error) {
      setAsideUnusable(error.message.replace(/\.$/, ""));
    }
  }

  /** The saved copy is held (heldSaved): say why in `note`, with a button that downloads it and then saves this board. */
  #offerHeld(note, keep) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = heldSaved.label;
    button.addEventListener("click", () => {
      if (!heldSaved) return;
      downloadText(heldSaved.text, heldSaved.file); // text/plain: saved as it is, never read as a page
      heldSaved = null;
      this.#persist();
    });
    note.hidden = false;
    note.replaceChildren(
      `Your board is not saved in this browser: ${heldSaved.why}, so it is kept as it was. Download it to keep it; this board is then saved in its place. ${keep} `,
      button,
    );
  }

  /**
   * A link's board replaced `saved` (`{board, rules, words}`, read by readSaved) at start-up: hold the
   * saved copy, keep the board in My boards (`keep(saved)` resolves with the entry's name or throws the
   * store's LibraryError), then let this board be saved. Resolves with the sentence that says where the
   * old board is; when it could not be kept, the saved copy stays held and the save note offers it.
   */
  async keepBeforeLink(saved, keep) {
    const held = {
      text: savedText(localStorage) ?? "",
      why: null,
      file: "saved-board-before-link.txt",
      label: "Download the board saved before",
    };
    heldSaved = held;
    try {
      const name = await keep(saved);
      if (heldSaved === held) heldSaved = null;
      return `Your last board is in My boards as “${name}”.`;
    } catch (error) {
      const reason =
        { full: "storage is full", unreadable: "My boards could not be read" }[error?.kind] ??
        "this browser does not let the page store boards";
      held.why = `the board saved there before this link could not be kept in My boards (${reason})`;
      return "Your last board could not be kept in My boards, so it stays saved in this browser instead of this one (see the note under the board).";
    } finally {
      this.schedule();
    }
  }

  #follow(hash) {
    const { state, notify, message } = this.#app;
    if (history.state?.workspace) {
      this.schedule();
      return;
    }
    const { board, rules, words, problem } = readLink(hash);
    if (problem) {
      notify(problem, "error", "link");
      return;
    }
    const now = state.rules;
    const rulesDiffer =
      board && (rules.start !== now.start || rules.overshoot !== now.overshoot || rules.sixes !== now.sixes);
    const wordsDiffer = board && encodeWords(words) !== encodeWords(state.words);
    if (board && (rulesDiffer || wordsDiffer || !sameBoard(board, state.board))) {
      state.load(board, "Loaded the board from the link.", rules, words); // one undo step, rules, board and words
      message.dataset.source = "link";
    } else if (message.dataset.source === "link") {
      notify(board ? "This link holds the board on screen." : "", "info", "link");
    }
  }
}
