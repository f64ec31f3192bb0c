// Python's word on the board: the check after every edit (chained jumps flagged, a rejected board
// replaced by the last good one) and Board JSON loading: a plain LeetCode matrix, or the board document
// (board-document.mjs) with the rules and the words on squares. Owns the "check" and "load" requests.
import { plural, warningsText } from "../core/format.mjs";
import { boardToMatrix, matrixToBoard } from "../core/grid.mjs";
import { copyText } from "../core/links.mjs";
import { emptyBoard, makeWords } from "../core/state.mjs";
import { $ } from "../core/dom.mjs";
import { documentText, readBoardDocument } from "./board-document.mjs";

/** The buttons for the board document, after Copy matrix: show it in the Board JSON box, and save it as a file. */
function documentButtons(state, show) {
  const button = (id, text) =>
    Object.assign(document.createElement("button"), { type: "button", id, textContent: text });
  const put = button("show-document", "Board document");
  const save = button("save-document", "Save board file");
  put.title = "The board, its rules and the words on its squares as JSON, in the Board JSON box";
  put.addEventListener("click", () => show(documentText(state)));
  save.addEventListener("click", () => {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([documentText(state)], { type: "application/json" }));
    link.download = `snakes-ladders-${state.board.n}x${state.board.n}.json`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
  });
  $("copy-matrix").after(put, save);
}

export class BoardIoController {
  #app;
  #lastValid = null;

  /** `app`: `{state, view, editor, tools, ask, notify, matrixText}` from the composition root. */
  constructor(app) {
    this.#app = app;
    $("load").addEventListener("click", () => this.loadFromText());
    $("copy-matrix").addEventListener("click", () => copyText(app.matrixText(), "LeetCode matrix", app.notify));
    $("board-json").addEventListener("input", () => {
      $("json-status").textContent = "";
      $("board-json").removeAttribute("aria-invalid");
    });
    documentButtons(app.state, (text) => {
      const box = /** @type {HTMLTextAreaElement} */ ($("board-json"));
      box.value = text;
      this.#outcome("The board document is in the Board JSON box: copy it, or keep it to load later.", "info");
    });
    app.state.addEventListener("change", () => {
      this.boardChanged();
      this.check();
    });
  }

  /** The board changed: "Loaded …" under the box is old news (loadFromText says it after this). */
  boardChanged() {
    $("json-status").textContent = "";
  }

  /** Ask Python to check the board on screen; a board it rejects is replaced by the last valid one. */
  async check() {
    const { state, view, ask } = this.#app;
    const board = state.board;
    let reply;
    try {
      // With the rules: the classic start (off the board) lets square 1 hold a ladder, LeetCode's does not.
      reply = await ask.validate({ board: boardToMatrix(board), rules: state.rules }, "check");
    } catch {
      return; // the engine status line already says what went wrong
    }
    if (!reply) return;
    if (!reply.ok) {
      this.#reject(reply.error.message);
      return;
    }
    this.#lastValid = board;
    view.mark({ chained: new Set(reply.result.chained) });
    const warning = warningsText(reply.result.warnings);
    if (warning) $("counts").dataset.warning = warning;
    else delete $("counts").dataset.warning;
  }

  #reject(reason) {
    const message = `This board is not valid (${reason}), so the last valid board is back.`;
    this.#app.state.load(this.#lastValid ?? emptyBoard(6), "");
    this.#app.notify(message, "error");
  }

  async loadFromText() {
    const text = /** @type {HTMLTextAreaElement} */ ($("board-json")).value;
    let doc;
    try {
      doc = readBoardDocument(text);
    } catch (error) {
      this.#outcome(`Board JSON was not loaded: ${error.message}.`, "error");
      return;
    }
    let reply;
    try {
      reply = await this.#app.ask.validate(
        doc ? { board: doc.matrix, rules: doc.rules } : { board_text: text },
        "load",
      );
    } catch (error) {
      this.#outcome(`Board JSON was not loaded: ${error.message}`, "error");
      return;
    }
    if (!reply) {
      this.#outcome(
        "Board JSON was not loaded: the board changed while it was being checked. Press Load board again.",
        "error",
      );
      return;
    }
    if (!reply.ok) {
      this.#outcome(`Board JSON: ${reply.error.message}`, "error");
      return;
    }
    const board = matrixToBoard(reply.result.matrix);
    const words = doc
      ? ` and ${plural(Object.keys(doc.words.notes).length, "square with words", "squares with words")}`
      : "";
    const loaded = `Loaded a ${board.n}×${board.n} board with ${plural(board.jumps.size, "snake or ladder", "snakes and ladders")}${words} from Board JSON.`;
    // No label: #outcome says it once, in the message line and under the box. A plain matrix is a board
    // without words (the old ones come back with Undo, with the old board).
    const gone = this.#app.state.load(board, "", doc?.rules, doc?.words ?? makeWords());
    this.#outcome(gone ? `${loaded} ${gone}` : loaded, "info");
  }

  /**
   * Says what became of Board JSON both in the page's message line and under the box itself, which
   * on a phone is a long scroll away from the message line; an error also marks the box invalid.
   */
  #outcome(text, kind) {
    this.#app.notify(text, kind);
    const status = $("json-status");
    status.textContent = text;
    status.dataset.kind = kind;
    $("board-json").toggleAttribute("aria-invalid", kind === "error");
  }
}
