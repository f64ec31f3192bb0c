// The Print dialog: paper, orientation, style, layout and extras; while it is open the page prints the
// sheets it builds (web/print/sheets.mjs, extras.mjs) instead of the page itself (web/print.css), and
// Print opens the browser's print. Closing it takes the sheets away: the page prints as itself again.
import { PAPERS, pageSize } from "./layout.mjs";
import { STYLES, boardPicture } from "./picture.mjs";
import { boardSheet, html, jumpLines, posterSheets } from "./sheets.mjs";
import { answerSheets, cardSheets, dieSheet, readDecks, tokenSheet } from "./extras.mjs";
import { boardToMatrix } from "../core/grid.mjs";
import { SYMBOLS, parseDeck } from "../core/notes.mjs";

const CHOICES = [
  {
    name: "paper",
    label: "Paper",
    options: Object.fromEntries(Object.entries(PAPERS).map(([key, paper]) => [key, paper.name])),
  },
  { name: "orientation", label: "Orientation", options: { portrait: "Portrait", landscape: "Landscape" } },
  { name: "style", label: "Style", options: STYLES },
  {
    name: "layout",
    label: "Layout",
    options: { one: "One page", poster2: "Poster, 2×2 sheets", poster3: "Poster, 3×3 sheets" },
  },
];
const EXTRAS = [
  { name: "tokens", label: "Cut-out tokens (4 players)" },
  { name: "die", label: "A die to fold" },
  { name: "cards", label: "Question cards and an answer sheet" },
  { name: "solution", label: "The solution: the fewest-moves route" },
];

/** The dialog's form, built from CHOICES and EXTRAS; returns the form and its summary line. */
function buildForm(dialog) {
  const form = html("form", "print-form", "", dialog);
  form.method = "dialog";
  html("h2", "", "Print", form).id = "print-title";
  // A label column and a control column (style.css is not this module's; the page's CSP allows CSSOM styles).
  const choices = html("div", "print-choices", "", form);
  Object.assign(choices.style, {
    display: "grid",
    gridTemplateColumns: "auto minmax(0, 1fr)",
    gap: "0.4rem 0.6rem",
    alignItems: "center",
  });
  for (const { name, label, options } of CHOICES) {
    const caption = html("label", "", label, choices);
    const select = html("select", "", "", choices);
    select.name = name;
    select.id = caption.htmlFor = `print-${name}`;
    for (const [value, text] of Object.entries(options)) select.append(new Option(text, value));
  }
  const extras = html("fieldset", "", "", form);
  html("legend", "", "Also print", extras);
  for (const { name, label } of EXTRAS) {
    // The box inside its label: the two stay on one line however narrow the dialog.
    const caption = html("label", "", "", html("div", "row", "", extras));
    const box = html("input", "", "", caption);
    box.type = "checkbox";
    box.name = name;
    box.id = `print-${name}`;
    box.style.marginInlineEnd = "0.4rem";
    caption.append(label);
  }
  const summary = html("p", "print-summary", "", form);
  summary.setAttribute("aria-live", "polite");
  const buttons = html("div", "row buttons", "", form);
  const go = html("button", "primary", "Print", buttons);
  go.type = "button";
  go.dataset.print = "go";
  const close = html("button", "", "Close", buttons);
  close.value = "close";
  return { form, summary, go };
}

/**
 * The dialog's choices as one object.
 * @returns {{paper: string, orientation: string, style: string, layout: string, tokens: boolean, die: boolean, cards: boolean, solution: boolean}}
 */
function readChoices(form) {
  const data = new FormData(form);
  const choice = Object.fromEntries(CHOICES.map(({ name }) => [name, String(data.get(name))]));
  const extras = Object.fromEntries(EXTRAS.map(({ name }) => [name, data.has(name)]));
  return /** @type {any} */ ({ ...choice, ...extras });
}

/** The words for the fewest-moves route's sheet: its title and one line a move. */
function routeLines(result) {
  if (!result.reachable)
    return { title: "Solution: the goal cannot be reached from square 1", lines: ["No route reaches the goal."] };
  const lines = result.steps.map((step, index) => {
    const jump = step.end === step.landing ? "" : `, ${step.end > step.landing ? "ladder" : "snake"} to ${step.end}`;
    return `Move ${index + 1}: roll ${step.roll} → square ${step.landing}${jump}`;
  });
  return { title: `Solution: ${result.moves} ${result.moves === 1 ? "move" : "moves"} at the fewest`, lines };
}

/** The solver's reply for the board `view` shows, asked once a board: `() => {board, reply, pending}`. */
function solutions(view, solve) {
  let solved = { board: null, reply: null, pending: null };
  return () => {
    const board = view.board;
    if (solved.board !== board) {
      const asked = { board, reply: null, pending: null };
      asked.pending = solve(boardToMatrix(board)).then(
        (reply) => (asked.reply = reply),
        (error) => (asked.reply = { ok: false, error }),
      );
      solved = asked;
    }
    return solved;
  };
}

/**
 * The board's picture in a style, drawn again only when the board, its notes or the style changed: a change
 * of paper, orientation, layout or extras reuses it (drawing it measures every square: O(n²)).
 */
function pictures(view) {
  const kept = new Map();
  return (style, route = null) => {
    const notes = [...view.overlay.children]
      .filter((layer) => !layer.matches(".marks, .jumps, .preview"))
      .map((layer) => layer.outerHTML)
      .join("");
    const key = `${style} ${route ? "route" : ""}`;
    const last = kept.get(key);
    if (last && last.board === view.board && last.notes === notes && last.route === route) return last.picture;
    const picture = boardPicture(view, style, route);
    kept.set(key, { board: view.board, notes, route, picture });
    return picture;
  };
}

/** Every sheet `choice` asks for, in order: the board (one page or a poster), tokens, die, cards, answers, solution. */
function sheetsFor(view, state, choice, reply, picture) {
  const page = { ...pageSize(choice.paper, choice.orientation), paper: choice.paper, orientation: choice.orientation };
  const board = view.board;
  const title = `Snakes and ladders, ${board.n}×${board.n}`;
  const drawn = picture(choice.style);
  const sheets =
    choice.layout === "one"
      ? [boardSheet(page, { title, picture: drawn, heading: "Snakes and ladders", lines: jumpLines(board) })]
      : posterSheets(page, { title, picture: drawn, k: choice.layout === "poster3" ? 3 : 2 });
  if (choice.tokens) sheets.push(tokenSheet(page));
  if (choice.die) sheets.push(dieSheet(page));
  const decks = choice.cards ? readDecks(state.decks, SYMBOLS, parseDeck) : [];
  sheets.push(...cardSheets(page, decks), ...answerSheets(page, decks));
  if (reply?.ok) {
    const { title: heading, lines } = routeLines(reply.result);
    sheets.push(
      boardSheet(page, {
        title: heading,
        picture: picture(choice.style, reply.result),
        heading: "The route",
        lines,
        kind: "solution",
      }),
    );
  }
  return { sheets, decks };
}

/** What will print, in words. */
function summaryText(choice, count, decks, reply) {
  const notes = [
    `Prints ${count} ${count === 1 ? "sheet" : "sheets"} of ${PAPERS[choice.paper].name} ${choice.orientation}.`,
  ];
  if (choice.cards && !decks.some((deck) => deck.cards.length))
    notes.push("No question cards: this board has no deck with a card.");
  // What parseDeck left out is said, never dropped unseen (a line too long, cards past the limit).
  for (const { symbol, problems } of choice.cards ? decks : [])
    if (problems.length) notes.push(`The ${symbol} deck: ${problems.join(" ")}`);
  if (choice.solution && !reply) notes.push("Finding the fewest moves…");
  if (reply && !reply.ok) notes.push(`The solution could not be found (${reply.error?.message ?? reply.error}).`);
  return notes.join(" ");
}

/** No sheets: the page prints as itself again. `held.doc` is the sheets' container, or null. */
function dropSheets(held) {
  held.doc?.remove();
  held.doc = null;
  delete document.documentElement.dataset.print;
}

/**
 * The Print dialog for the board `view` shows. `state` gives the question-card decks (`state.decks`);
 * `solve(matrix)` resolves with the solver's reply (`{ok, result}`).
 * @param {{view: any, state: any, solve: (matrix: number[][]) => Promise<any>}} options
 */
export function createPrintDialog({ view, state, solve }) {
  const dialog = document.createElement("dialog");
  dialog.className = "designer-dialog print-dialog";
  dialog.id = "print-dialog";
  dialog.dataset.workspaces = "design solve play";
  dialog.setAttribute("aria-labelledby", "print-title");
  document.body.append(dialog);
  const { form, summary, go } = buildForm(dialog);
  const solution = solutions(view, solve);
  const picture = pictures(view);
  const held = { doc: null };

  /** The sheets for the choices as they are now, in place of the last ones; says what will print. */
  function build() {
    const choice = readChoices(form);
    const reply = choice.solution ? solution().reply : null;
    let laid;
    try {
      laid = sheetsFor(view, state, choice, reply, picture);
    } catch (error) {
      summary.textContent = `The sheets could not be laid out: ${error.message}.`;
      dialog.dataset.state = "error";
      dropSheets(held); // never the last choices' sheets under this choice's name
      return;
    }
    const { sheets, decks } = laid;
    held.doc?.remove();
    const doc = html("div", "print-doc");
    held.doc = doc;
    doc.hidden = true; // on screen; web/print.css shows it on paper
    doc.append(...sheets);
    document.body.append(doc);
    document.documentElement.dataset.print = "sheets";
    summary.textContent = summaryText(choice, sheets.length, decks, reply);
    dialog.dataset.sheets = String(sheets.length);
    dialog.dataset.state = choice.solution && !reply ? "solving" : "ready";
    if (choice.solution && !reply) solution().pending.then(() => dialog.open && build());
  }

  form.addEventListener("change", build);
  view.addEventListener("render", () => dialog.open && build());
  dialog.addEventListener("close", () => {
    dropSheets(held);
    dialog.dataset.state = "closed";
  });
  go.addEventListener("click", async () => {
    if (readChoices(form).solution) await solution().pending;
    build();
    if (dialog.dataset.state !== "error") window.print();
  });
  return {
    dialog,
    open() {
      dialog.showModal();
      build();
    },
  };
}
