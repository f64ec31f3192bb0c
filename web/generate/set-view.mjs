// A class set in the Generate dialog: its boards listed with their figures and the spread,
// each one opened on the board, the set saved to My boards together, and printed one board a page.
import { formatRolls } from "../core/format.mjs";
import { matrixToBoard } from "../core/grid.mjs";
import { thumbnail } from "../board/thumbnail.mjs";
import { newSetId } from "./class-sets.mjs";

/** "31.2" for a board's expected rolls; "—" when it has none (a game that can get stuck). */
const rollsText = (rolls) => formatRolls(rolls ?? null);

/** The spread in words: "2.6% apart (within 5%)", or why it is unknown. Pure. */
export function spreadText(spread, tolerance) {
  const allowed = `${Number((tolerance * 100).toFixed(2))}%`;
  if (spread === null || spread === undefined)
    return `the spread is unknown: a board's expected rolls are infinite (within ${allowed} asked)`;
  const apart = `${(spread * 100).toFixed(1)}% apart`;
  return `expected rolls ${apart} (${spread <= tolerance ? "within" : "more than"} the ${allowed} asked)`;
}

/** One line a board: "Board 2: least moves 7, expected rolls 31.2". Pure. */
export function setLine(board, index) {
  const moves = board.min_moves > 0 ? `least moves ${board.min_moves}` : "the last square cannot be reached";
  return `Board ${index + 1}: ${moves}, expected rolls ${rollsText(board.expected_rolls)}`;
}

/** The whole set in a sentence. Pure. */
export function setSummary(result) {
  const { boards } = result;
  const n = boards[0]?.n ?? 0;
  const head = `${boards.length} boards, ${n}×${n}`;
  const moves = new Set(boards.map((board) => board.min_moves));
  const least =
    moves.size === 1
      ? `each least moves ${boards[0].min_moves}`
      : `least moves ${[...moves].join(", ")} (not the same)`;
  return `${head}: ${least}; ${spreadText(result.spread, result.tolerance)}.`;
}

/**
 * The set's boards as My boards entries, kept together by `set: {id, name, index, count}`; `name` is the
 * set's name ("Class set 10×10, seed 1"), each board named "<name>, board i".
 */
export function setEntries(result, name, rules, id = newSetId()) {
  const count = result.boards.length;
  return result.boards.map((board, index) => ({
    name: `${name}, board ${index + 1}`,
    n: board.n,
    jumps: board.jumps.map(([start, end]) => [start, end]),
    rules: board.rules ?? rules,
    moves: board.min_moves > 0 ? board.min_moves : null,
    notes: {},
    hideNumbers: false,
    decks: {},
    set: { id, name, index: index + 1, count },
  }));
}

/**
 * Draw the set `result` into `list` (an <ol>): each board's drawing (on a phone the dialog covers much of the
 * page: the choice is seen before it is opened), its line and an Open button calling `open(index)`.
 */
export function drawSet(list, result, open) {
  list.replaceChildren(
    ...result.boards.map((board, index) => {
      const item = document.createElement("li");
      item.dataset.index = String(index);
      const text = document.createElement("span");
      text.textContent = setLine(board, index);
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = "Open";
      button.setAttribute("aria-label", `Open board ${index + 1} of the set`);
      button.addEventListener("click", () => open(index));
      item.append(thumbnail(board, 56), text, " ", button);
      return item;
    }),
  );
}

/** A board as the print module's pictures read a view: its board, no overlay layers, nothing hidden. */
function pictureSource(board) {
  return { board, n: board.n, overlay: { children: [] }, frame: { dataset: {} } };
}

/**
 * Print the set: one A4 portrait page a board (web/print's sheets, the Print dialog's own), then the
 * browser's print; the sheets go when printing ends. Returns the sheets' container (tests count its pages).
 */
export async function printSet(result, title) {
  const [{ boardPicture }, { boardSheet, html, jumpLines }, { pageSize }] = await Promise.all([
    import("../print/picture.mjs"),
    import("../print/sheets.mjs"),
    import("../print/layout.mjs"),
  ]);
  const page = { ...pageSize("a4", "portrait"), paper: "a4", orientation: "portrait" };
  const doc = html("div", "print-doc");
  doc.hidden = true; // on screen; web/print.css shows it on paper
  doc.dataset.set = "true";
  result.boards.forEach((generated, index) => {
    const board = matrixToBoard(generated.matrix);
    const picture = boardPicture(pictureSource(board), "colour");
    const heading = `${title}, board ${index + 1} of ${result.boards.length}`;
    doc.append(boardSheet(page, { title: heading, picture, heading: "Snakes and ladders", lines: jumpLines(board) }));
  });
  document.querySelectorAll(".print-doc[data-set]").forEach((old) => old.remove());
  document.body.append(doc);
  const before = document.documentElement.dataset.print;
  document.documentElement.dataset.print = "sheets";
  const done = () => {
    doc.remove();
    if (before === undefined) delete document.documentElement.dataset.print;
    else document.documentElement.dataset.print = before;
  };
  window.addEventListener("afterprint", done, { once: true });
  window.print();
  return doc;
}
