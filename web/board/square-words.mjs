// The Design workspace's fields for words on squares: in Board settings, "Square text" and "Symbol" for a
// square (the one selected on the board, or typed), the "Hide numbers" switch, and the Question cards
// panel (one deck a symbol in use). Made here, next to the Board settings panel, so the page's HTML stays
// the workspaces' own. Every value is shown with textContent or a field's value only.
import { MAX_NOTE_CHARS, SYMBOLS, countChars, parseDeck } from "../core/notes.mjs";
import { $ } from "../core/dom.mjs";
import { groupDigits } from "../core/format.mjs";

/** An element `tag` with `attributes` (strings) and text. */
function make(tag, attributes = {}, text = "") {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text) node.textContent = text;
  return node;
}

function field(id, label, control) {
  const row = make("div", { class: "row" });
  row.append(make("label", { for: id }, label), control);
  return row;
}

/** The fieldset after the selected square's box: square, text (with its count), symbol; and the Hide numbers switch. */
function buildFields(inspector) {
  const fieldset = make("fieldset", { class: "square-words", id: "square-words" });
  fieldset.append(make("legend", {}, "Words on squares"));
  const square = make("input", { id: "note-square", type: "number", min: "1", step: "1", inputmode: "numeric" });
  const text = make("input", { id: "note-text", type: "text", autocomplete: "off", "aria-describedby": "note-status" });
  const symbol = make("select", { id: "note-symbol" });
  symbol.append(make("option", { value: "" }, "None"), ...SYMBOLS.map((mark) => make("option", { value: mark }, mark)));
  const status = make("p", { id: "note-status", class: "note-status", "aria-live": "polite" });
  const hide = make("input", { id: "hide-numbers", type: "checkbox" });
  const hideLabel = make("label", { class: "switch" });
  hideLabel.append(hide, " Hide numbers");
  fieldset.append(
    field("note-square", "Square", square),
    field("note-text", "Square text", text),
    field("note-symbol", "Symbol", symbol),
    status,
    hideLabel,
  );
  inspector.after(fieldset);
  return { fieldset, square, text, symbol, status, hide };
}

/** The Question cards panel after `after` (a panel): its heading, a hint and the decks' list. */
function buildDeckPanel(after) {
  const panel = make("section", {
    class: "panel decks",
    id: "decks",
    "aria-labelledby": "decks-heading",
    "data-workspaces": "design",
  });
  panel.append(
    make("h2", { id: "decks-heading" }, "Question cards"),
    make(
      "p",
      { class: "deck-hint" },
      "One card a line; an answer may follow “ | ”. A deck shows here for each symbol on the board.",
    ),
  );
  const list = make("div", { class: "deck-list", id: "deck-list" });
  panel.append(list);
  after.after(panel);
  return list;
}

/**
 * Wire the fields to `state` (BoardState), `editor` (the selection) and `tools` (BoardTools);
 * `notify(text, kind)` reports. Each field writes one undoable step on "change" (Enter or leaving it);
 * typing only shows the count. The Square field follows the selected square, and a square typed there
 * is selected; writing is the Words tool's, so working in the fields chooses it: a click on the board
 * then selects the next square to write on, never the end of a jump.
 */
export function createSquareWords({ state, editor, tools, notify }) {
  const inspector = $("inspector");
  const fields = buildFields(inspector);
  const decks = new DeckList(buildDeckPanel(inspector.closest("section")), state, notify);
  const current = () => {
    const square = Number(fields.square.value);
    return Number.isInteger(square) && square >= 1 && square <= state.board.n ** 2 ? square : null;
  };
  const show = () => {
    fields.square.max = String(state.board.n ** 2);
    const square = current();
    const note = square === null ? undefined : state.notes[square];
    fields.text.value = note?.text ?? "";
    fields.symbol.value = note?.symbol ?? "";
    fields.text.disabled = fields.symbol.disabled = square === null;
    fields.hide.checked = state.hideNumbers;
    count();
  };
  const count = () => {
    const square = current();
    const { count, atLeast } = countChars(fields.text.value.trim(), MAX_NOTE_CHARS);
    const over = atLeast || count > MAX_NOTE_CHARS;
    // groupDigits, not toLocaleString: the page's first Intl call loads locale data (20-40 ms of start-up).
    const length = `${atLeast ? "over " : ""}${groupDigits(count)}`;
    fields.status.textContent =
      square === null
        ? "Select a square on the board, or type its number."
        : over
          ? `Square ${square}: ${length} characters, more than the ${MAX_NOTE_CHARS} a square holds.`
          : `${length} of ${MAX_NOTE_CHARS} characters.`;
    fields.status.dataset.kind = over ? "error" : "info";
    fields.text.toggleAttribute("aria-invalid", over);
  };
  const save = () => {
    const square = current();
    if (square === null) return;
    const fieldsNow = { text: fields.text.value, symbol: fields.symbol.value };
    const { problem, removed } = state.setNote(square, fieldsNow);
    if (problem) {
      notify(problem, "error");
      fields.status.textContent = problem;
      fields.status.dataset.kind = "error";
    } else if (removed) notify(removed, "info");
  };
  followSelection(fields, { editor, tools, notify, current, show });
  fields.text.addEventListener("input", count);
  fields.text.addEventListener("change", save);
  fields.symbol.addEventListener("change", save);
  fields.hide.addEventListener("change", () => state.setHideNumbers(fields.hide.checked));
  state.addEventListener("change", () => {
    show();
    decks.show();
  });
  show();
  decks.show();
}

/**
 * The Square field follows the editor's selection and selects what is typed in it; working in the
 * fields chooses the Words tool. `current()`: the square in the field, or null; `show()`: refill the fields.
 */
function followSelection(fields, { editor, tools, notify, current, show }) {
  let selected = null;
  editor.addEventListener("selectionchange", (event) => {
    const { square } = /** @type {CustomEvent} */ (event).detail;
    const was = selected;
    selected = square;
    // A selection ended on the board (a jump placed, Cancel) empties the fields it filled, so no later
    // typing lands on a square no longer selected; one ended while the fields are in use keeps them.
    if (square === null && (current() !== was || fields.fieldset.contains(document.activeElement))) return;
    fields.square.value = square === null ? "" : String(square);
    show();
  });
  fields.square.addEventListener("input", () => {
    show();
    if (current() !== selected) editor.select(current());
  });
  for (const control of [fields.square, fields.text, fields.symbol]) {
    control.addEventListener("focusin", () => {
      if (tools.tool === "words") return;
      tools.choose("words");
      notify(
        "Words: a click on a square selects it to write on. Choose Jumps to draw snakes and ladders again.",
        "info",
      );
    });
  }
}

/** The decks' textareas, one a symbol on the board or with cards, each with parseDeck's problems under it. */
class DeckList {
  #list;
  #state;
  #notify;
  /** symbol -> {row, area, summary, problems} */
  #rows = new Map();

  constructor(list, state, notify) {
    this.#list = list;
    this.#state = state;
    this.#notify = notify;
  }

  /** Follow the state: a row for each symbol in use, in SYMBOLS' order; a row being typed in keeps its text. */
  show() {
    const state = this.#state;
    const used = new Map();
    for (const note of Object.values(state.notes))
      if (note.symbol) used.set(note.symbol, (used.get(note.symbol) ?? 0) + 1);
    const symbols = SYMBOLS.filter((symbol) => used.has(symbol) || state.decks[symbol]);
    for (const [symbol, row] of this.#rows) if (!symbols.includes(symbol)) row.row.remove();
    for (const symbol of symbols) {
      const row = this.#rows.get(symbol) ?? this.#make(symbol);
      if (document.activeElement !== row.area) row.area.value = state.decks[symbol] ?? "";
      this.#check(symbol, used.get(symbol) ?? 0);
      this.#list.append(row.row); // in SYMBOLS' order
    }
    if (!symbols.length)
      this.#list.replaceChildren(
        make(
          "p",
          { class: "hint" },
          "No square has a symbol yet: choose Words on the board's bar, select a square and choose its Symbol in Board settings.",
        ),
      );
    else this.#list.querySelector(":scope > p.hint")?.remove();
  }

  #make(symbol) {
    const index = SYMBOLS.indexOf(symbol);
    const row = make("div", { class: "deck", "data-symbol": symbol });
    const area = make("textarea", {
      id: `deck-${index}`,
      rows: "4",
      spellcheck: "true",
      "aria-describedby": `deck-${index}-problems`,
    });
    const summary = make("label", { for: `deck-${index}` });
    const problems = make("ul", { class: "deck-problems", id: `deck-${index}-problems` });
    row.append(summary, area, problems);
    area.addEventListener("input", () => this.#check(symbol));
    area.addEventListener("change", () => {
      const problem = this.#state.setDeck(symbol, /** @type {HTMLTextAreaElement} */ (area).value);
      if (problem) this.#notify(problem, "error");
    });
    const entry = { row, area: /** @type {HTMLTextAreaElement} */ (area), summary, problems, squares: 0 };
    this.#rows.set(symbol, entry);
    return entry;
  }

  /** The row's heading (cards and squares) and its problems, from the text in the box. O(text). */
  #check(symbol, squares = null) {
    const entry = this.#rows.get(symbol);
    if (squares !== null) entry.squares = squares;
    const { cards, problems } = parseDeck(entry.area.value);
    const on = entry.squares === 1 ? "1 square" : `${entry.squares} squares`;
    entry.summary.textContent = `${symbol} deck: ${cards.length} card${cards.length === 1 ? "" : "s"}, on ${on}`;
    entry.problems.replaceChildren(...problems.map((problem) => make("li", {}, problem)));
    entry.row.dataset.cards = String(cards.length);
  }
}
