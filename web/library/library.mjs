// The My boards panel: save, open, rename, duplicate, delete, export and import named boards.
// Every imported board is checked by Python (the validate op); names are shown with textContent only.
// Other tabs may change the stored list: the store merges each change into it (library-store.mjs), and
// the list here is drawn again whenever another tab writes it (the window's "storage" event).
import { ask } from "../core/ask.mjs";
import { boardToMatrix } from "../core/grid.mjs";
import { LIBRARY_KEY, Library, LibraryError, MAX_NAME, cleanName, uniqueName } from "./library-store.mjs";
import { checkEntries, parseExport, settleNames } from "./library-import.mjs";
import { buildBoard, makeWords } from "../core/state.mjs";
import { thumbnail } from "../board/thumbnail.mjs";
import { groupSets } from "../generate/class-sets.mjs";
import { UNSEARCHED_SIXES } from "../core/rules-text.mjs";
import { downloadText } from "../core/unreadable.mjs";

const UNREADABLE_FILE = "my-boards-unreadable.txt";

/**
 * An entry's least moves as the list shows them, under its own rules: "—" until Python has said, the
 * start named when it is the classic one (the figure can differ from LeetCode's by one).
 */
export function movesText({ moves, rules }) {
  if (rules.sixes === UNSEARCHED_SIXES) return "least moves not counted (three 6s in a turn go back to the start)";
  const figure = moves === null ? "—" : moves === -1 ? "none (unreachable)" : String(moves);
  return `least moves ${rules.start === "off-board" ? "from off the board: " : ""}${figure}`;
}

/** An element of `tag` with its class and, if given, its text (set with textContent). */
function element(tag, className, text = "") {
  const made = document.createElement(tag);
  made.className = className;
  made.textContent = text;
  return made;
}

/** The My boards panel over one stored Library. */
class LibraryPanel {
  #root;
  /** The options createLibrary was given: `{root, dialog, state, modes, request, getRules, storage}`. */
  #app;
  library;

  constructor(app) {
    this.#app = app;
    this.#root = app.root;
    this.library = new Library(app.storage);
    this.#load();
    this.#wire();
    app.modes.go("library", "ready"); // the mode table writes the panel's data-state
  }

  #$(name) {
    return this.#root.querySelector(`[data-library="${name}"]`);
  }

  #say(text, kind = "info") {
    this.#$("status").textContent = text;
    this.#$("status").dataset.kind = kind;
  }

  #button(label, action, entry) {
    const made = document.createElement("button");
    made.type = "button";
    made.textContent = label;
    made.setAttribute("aria-label", `${label} “${entry.name}”`);
    made.addEventListener("click", () => action.call(this, entry));
    return made;
  }

  #item(entry) {
    const li = element("li", "library-item");
    li.dataset.id = entry.id;
    const meta = element("span", "library-meta", `${entry.n}×${entry.n} · ${movesText(entry)}`);
    const actions = element("div", "library-actions");
    actions.append(
      this.#button("Open", this.#open, entry),
      this.#button("Rename", this.#rename, entry),
      this.#button("Duplicate", this.#duplicate, entry),
      this.#button("Delete", this.#remove, entry),
    );
    const text = element("div", "library-text");
    text.append(element("strong", "library-name", entry.name), meta, actions);
    li.append(thumbnail(entry), text);
    return li;
  }

  #draw() {
    this.#drawUnreadable();
    const entries = this.library.entries;
    this.#$("list").replaceChildren(
      ...groupSets(entries).map((group) => (group.set ? this.#setItem(group) : this.#item(group.entry))),
    );
    this.#$("empty").hidden = entries.length > 0 || Boolean(this.library.unreadable); // boards are stored, unread
    this.#$("export").disabled = entries.length === 0;
    this.#root.dataset.count = String(entries.length);
  }

  /**
   * Apply a change to the stored library and say `done(result)`; a refusal (storage full or blocked,
   * or the board deleted in another tab) is said instead, and nothing changes. Either way the list is
   * drawn again: the change re-read it, with whatever other tabs wrote.
   */
  #change(action, done = null) {
    try {
      const result = action();
      if (done) this.#say(done(result), "info");
      return result ?? true;
    } catch (error) {
      if (!(error instanceof LibraryError)) throw error;
      this.#say(error.message, "error");
      return null;
    } finally {
      this.#draw();
    }
  }

  /** Ask Python for the least moves of entries that lack them, under each one's rules, one at a time. */
  async #fillMoves(entries) {
    for (const entry of entries) {
      if (entry.rules.sixes === UNSEARCHED_SIXES) continue; // refused: the list says why instead
      let reply;
      try {
        const board = boardToMatrix({ n: entry.n, jumps: new Map(entry.jumps) });
        reply = await this.#app.request.min_moves({ board, rules: entry.rules });
      } catch {
        return; // Python is not available: the list shows "—" until the next save
      }
      // The store writes it only to the entry still holding this board: another tab may have deleted or replaced it.
      if (reply.ok) this.#change(() => this.library.setMoves(entry, reply.result.moves));
    }
  }

  /** A class set (web/generate/class-sets.mjs) as one item: its name and count, and its boards in order. */
  #setItem({ set, entries }) {
    const li = element("li", "library-set");
    li.dataset.set = set.id;
    li.append(element("strong", "library-name", `${set.name} (a class set of ${set.count})`));
    const list = element("ol", "library-set-list");
    list.append(...entries.map((entry) => this.#item(entry)));
    li.append(list);
    return li;
  }

  /** Save `boards` (a class set from the Generate dialog) as new entries; resolves true when saved. */
  async saveBoards(boards, name) {
    const added = this.#change(
      () => this.library.add(boards),
      (saved) => `Saved the class set “${name}” (${saved.length} boards).`,
    );
    if (added) this.#fillMoves(added.filter((entry) => entry.moves === null));
    return Boolean(added);
  }

  async saveCurrent() {
    const library = this.library;
    const name = cleanName(this.#$("name").value) || `Board ${library.entries.length + 1}`;
    const { board, notes, hideNumbers, decks } = this.#app.state;
    const fresh = {
      name,
      n: board.n,
      jumps: [...board.jumps],
      rules: this.#app.getRules(),
      moves: null,
      notes,
      hideNumbers,
      decks,
    };
    const clash = library.entries.find((entry) => entry.name === name);
    let replace = new Map();
    if (clash) {
      const { choice } = await ask(this.#app.dialog, {
        message: `My boards already has a board named “${name}”.`,
        choices: [
          ["copy", `Save as “${uniqueName(name, library.names())}”`],
          ["replace", "Replace it"],
          ["", "Cancel"],
        ],
      });
      if (!choice) return this.#say("Nothing was saved.");
      if (choice === "copy") fresh.name = uniqueName(name, library.names());
      else replace = new Map([[name, clash]]);
    }
    const added = this.#change(
      () => library.add([fresh], replace),
      ([saved]) => `Saved “${saved.name}”.`,
    );
    if (added) {
      this.#$("name").value = "";
      this.#fillMoves(added);
    }
  }

  #open(entry) {
    let board;
    try {
      board = buildBoard(entry.n, entry.jumps, { allowStartJump: entry.rules.start === "off-board" });
    } catch (error) {
      this.#say(`“${entry.name}” is not a valid board (${error.message}); it was not opened.`, "error");
      return;
    }
    // One undo step: rules, board and its words (an entry saved before words existed has none).
    this.#app.state.load(board, `Opened “${entry.name}” from My boards.`, entry.rules, makeWords(entry));
    this.#say(`Opened “${entry.name}”.`);
  }

  async #rename(entry) {
    const { choice, text } = await ask(this.#app.dialog, {
      message: `Rename “${entry.name}”`,
      field: { label: "New name", value: entry.name, maxLength: MAX_NAME },
      choices: [
        ["rename", "Rename"],
        ["", "Cancel"],
      ],
    });
    const name = cleanName(text);
    if (choice !== "rename" || !name || name === entry.name) return;
    if (this.library.names(entry.id).has(name)) {
      this.#say(`There is already a board named “${name}”: choose another name.`, "error");
      return;
    }
    this.#change(
      () => this.library.rename(entry, name),
      (before) => `Renamed “${before}” to “${name}”.`,
    );
  }

  #duplicate(entry) {
    this.#change(
      () => this.library.duplicate(entry),
      ([copy]) => `Duplicated “${entry.name}” as “${copy.name}”.`,
    );
  }

  async #remove(entry) {
    const { choice } = await ask(this.#app.dialog, {
      message: `Delete “${entry.name}” from My boards?`,
      choices: [
        ["delete", "Delete"],
        ["", "Cancel"],
      ],
    });
    if (choice !== "delete") return;
    this.#change(
      () => this.library.remove(entry),
      (removed) =>
        removed ? `Deleted “${removed.name}”.` : `“${entry.name}” had already been deleted in another tab.`,
    );
  }

  #exportAll() {
    this.#refresh(); // what is stored now, other tabs' changes included
    const library = this.library;
    downloadText(library.exportText(boardToMatrix), "my-boards.json", "application/json");
    this.#say(`Exported ${library.entries.length} board${library.entries.length === 1 ? "" : "s"} to my-boards.json.`);
  }

  /** The file's boards, each checked by Python, with a problem line for each one left out; null if none can be. */
  async #readFile(file) {
    let parsed;
    try {
      parsed = parseExport(await file.text());
    } catch (error) {
      this.#say(`Nothing was imported: ${error.message}.`, "error");
      return null;
    }
    try {
      const checked = await checkEntries(parsed.entries, this.#app.request);
      return { good: checked.good, problems: [...parsed.problems, ...checked.problems], unset: parsed.unset };
    } catch (error) {
      this.#say(`Nothing was imported: the boards could not be checked (${error.message}).`, "error");
      return null;
    }
  }

  async importFile(file) {
    this.#say(`Reading ${file.name}…`);
    const checked = await this.#readFile(file);
    if (!checked) return;
    const { good, problems, unset } = checked;
    const settled = good.length
      ? await settleNames(this.library, this.#app.dialog, good)
      : { kept: [], replace: new Map() };
    if (!settled) return this.#say("Import cancelled: nothing was changed.");
    const added = settled.kept.length ? this.#change(() => this.library.add(settled.kept, settled.replace)) : [];
    if (!added) return;
    const skipped = problems.length ? ` Skipped ${problems.length}: ${problems.join("; ")}.` : "";
    const alone = unset.length ? ` ${unset.join("; ")}.` : "";
    this.#say(
      `Imported ${added.length} board${added.length === 1 ? "" : "s"}.${skipped}${alone}`,
      problems.length || unset.length ? "error" : "info",
    );
    this.#fillMoves(added);
  }

  /** Read the stored boards again (a refusal is reported) and show them. */
  #refresh() {
    const unreadable = this.library.unreadable;
    try {
      this.library.load();
      if (unreadable) this.#say("The list of boards was written again in another tab: boards can be saved here again.");
    } catch (error) {
      if (!(error instanceof LibraryError)) throw error;
      this.#say(error.message, "error");
    }
    this.#draw();
  }

  /**
   * While the stored list cannot be read: Download the text (always), and Start a new list once the text is
   * kept aside or downloaded (the store refuses every other write until then). Made on first need.
   */
  #drawUnreadable() {
    const unreadable = this.library.unreadable;
    let bar = this.#$("unreadable");
    if (!bar && !unreadable) return;
    if (!bar) {
      bar = element("div", "library-actions");
      bar.dataset.library = "unreadable";
      const download = element("button", "", "Download the text");
      const start = element("button", "", "Start a new list");
      for (const button of [download, start]) button.type = "button";
      download.addEventListener("click", () => this.#downloadUnreadable());
      start.addEventListener("click", () =>
        this.#change(
          () => this.library.startNewList(),
          () => "Started a new list: My boards is empty, and boards can be saved again.",
        ),
      );
      bar.append(download, start);
      this.#$("status").after(bar);
    }
    bar.hidden = !unreadable;
    bar.lastElementChild.hidden = !unreadable?.aside && !unreadable?.downloaded;
  }

  #downloadUnreadable() {
    const { text } = this.library.unreadable ?? {};
    if (text === undefined) return;
    downloadText(text, UNREADABLE_FILE); // text/plain: saved as it is, never read as a page
    this.library.downloaded(text);
    this.#say(
      `Downloaded the text of your saved boards as ${UNREADABLE_FILE} (${text.length.toLocaleString("en")} characters): keep that file. Start a new list to save boards here again; it replaces that text.`,
      "error",
    );
    this.#drawUnreadable();
  }

  /** Show the stored boards and ask Python for missing least moves. */
  #load() {
    this.#refresh();
    const { hidden } = this.library;
    if (hidden && this.#$("status").dataset.kind !== "error") {
      this.#say(
        `${hidden} saved item${hidden === 1 ? " is" : "s are"} not a board this page can show; kept as stored.`,
        "error",
      );
    }
    this.#fillMoves(this.library.entries.filter((entry) => entry.moves === null));
  }

  #wire() {
    // Fired by another tab's write only; a key of null is that tab clearing all of this site's storage.
    window.addEventListener("storage", (event) => (event.key === LIBRARY_KEY || event.key === null) && this.#refresh());
    this.#$("save").addEventListener("click", () => this.saveCurrent());
    this.#$("name").addEventListener("keydown", (event) => event.key === "Enter" && this.saveCurrent());
    this.#$("name").maxLength = MAX_NAME;
    this.#$("export").addEventListener("click", () => this.#exportAll());
    this.#$("import").addEventListener("change", (event) => {
      const [file] = event.target.files;
      event.target.value = "";
      if (file) this.importFile(file);
    });
  }
}

/**
 * Wire the panel `root`. `request` is the solver worker's client (web/core/client.mjs: `request.validate(fields)`); `getRules()` reads the rules (the
 * state's: a board opened brings its own as part of the same undo step); `dialog` is the <dialog> questions are asked in; `modes` keeps its phase.
 * Returns `{library, saveCurrent, saveBoards, importFile}`.
 */
export function createLibrary({ root, dialog, state, modes, request, getRules, storage = () => localStorage }) {
  return new LibraryPanel({ root, dialog, state, modes, request, getRules, storage });
}
