// The words and symbols on squares, drawn in a layer of their own in the board's overlay SVG (above the
// snakes and ladders, under the square numbers), as SVG text nodes only: a note is never markup. A change
// redraws only the squares whose note changed; the text is shown where it is legible (below).
import { squareCentre } from "./geometry.mjs";
import { svg } from "./jumpart.mjs";
import { NOTE_LINE_HEIGHT, fitNote, noteWords } from "../core/notes.mjs";

/** Text is drawn when a square is at least this share of the board's width on screen: about 15 across. */
export const LEGIBLE_SQUARES = 15;
const FONT = "system-ui, -apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif";

/**
 * The SVG of one note: `{symbol, text}` (each a node or null), the symbol at the square's top right (or
 * large in its middle when alone), the text fitted under the number chip; a title names the square.
 */
function drawNote(square, note, n, hideNumbers) {
  const { x, y } = squareCentre(square, n);
  const top = y - 0.5;
  const title = svg("title", {});
  title.textContent = `Square ${square}: ${noteWords(note)}`;
  const symbolAlone = note.symbol && !note.text;
  let symbol = null;
  let text = null;
  if (note.symbol) {
    const size = symbolAlone ? 0.42 : 0.22;
    const sx = symbolAlone ? x : x + 0.44;
    const sy = symbolAlone ? top + (hideNumbers ? 0.66 : 0.76) : top + 0.24;
    symbol = svg("text", {
      class: "note-symbol",
      "data-square": square,
      x: sx,
      y: sy,
      "font-size": size,
      "text-anchor": symbolAlone ? "middle" : "end",
      "font-family": FONT,
    });
    symbol.style.fill = "var(--label)";
    symbol.textContent = note.symbol;
  }
  if (note.text) {
    // Under the number chip and the symbol, unless both are off the square.
    const areaTop = top + (hideNumbers && !note.symbol ? 0.06 : 0.3);
    const height = top + 0.96 - areaTop;
    const { size, lines } = fitNote(note.text, 0.9, height);
    const block = lines.length * size * NOTE_LINE_HEIGHT;
    const first = areaTop + (height - block) / 2 + size * 0.9;
    text = svg("g", {
      class: "note-text",
      "data-square": square,
      "font-size": size,
      "font-family": FONT,
      "font-weight": 600,
      "text-anchor": "middle",
    });
    lines.forEach((line, index) => {
      const node = svg(
        "text",
        {
          x,
          y: first + index * size * NOTE_LINE_HEIGHT,
          "stroke-width": size * 0.22,
          "paint-order": "stroke",
          "stroke-linejoin": "round",
        },
        text,
      );
      node.style.fill = "var(--ink)";
      node.style.stroke = "var(--square)";
      node.textContent = line;
    });
  }
  (text ?? symbol).prepend(title);
  return { symbol, text };
}

/** Show or hide every square number of `view` (a board of tasks may go without them): their one layer. */
function showNumbers(view, shown) {
  view.numbers.style.visibility = shown ? "" : "hidden";
}

/** Show the notes' text when a square is at least 1/LEGIBLE_SQUARES of the board's shown width. */
function showTextIfLegible(view, layer, texts) {
  const zoom = Number(view.frame.dataset.zoom ?? 1) || 1;
  const legible = view.n / zoom <= LEGIBLE_SQUARES;
  layer.dataset.legible = String(legible);
  if (legible) texts.removeAttribute("display");
  else texts.setAttribute("display", "none");
}

/**
 * The notes layer of `view` (a BoardView), following `state` (a BoardState): `{redraw}`. Each render
 * redraws the notes that differ from the ones drawn (O(notes) a change, O(n²) only when the size or the
 * numbers' switch changes); the text hides when a square is under 1/LEGIBLE_SQUARES of the board's shown
 * width (a 50×50 board shows symbols only until zoomed in), the symbols always show.
 */
export function createNotesLayer({ view, state }) {
  const layer = svg("g", { class: "notes" }, view.overlay);
  const symbols = svg("g", { class: "note-symbols" }, layer);
  const texts = svg("g", { class: "note-texts" }, layer);
  layer.replaceChildren(texts, symbols);
  /** square -> {key, node} of the notes drawn. */
  let drawn = new Map();
  let drawnN = 0;
  let drawnHide = false;

  const legibility = () => showTextIfLegible(view, layer, texts);
  function redraw() {
    const { notes, hideNumbers } = state;
    const n = view.n;
    const full = n !== drawnN || hideNumbers !== drawnHide;
    if (full) {
      for (const { node } of drawn.values()) node.remove();
      drawn = new Map();
      showNumbers(view, !hideNumbers);
    }
    const next = new Map();
    for (const [key, note] of Object.entries(notes)) {
      const square = Number(key);
      const id = `${note.text ?? ""}\u0000${note.symbol ?? ""}`;
      const old = drawn.get(square);
      if (old?.key === id) {
        next.set(square, old);
        drawn.delete(square);
        continue;
      }
      old?.node.remove();
      drawn.delete(square);
      // The symbols sit above every text (a long text never covers another square's symbol).
      const { symbol, text } = drawNote(square, note, n, hideNumbers);
      if (symbol) symbols.append(symbol);
      if (text) texts.append(text);
      next.set(square, { key: id, node: { remove: () => [symbol, text].forEach((part) => part?.remove()) } });
      view.cell(square)?.setAttribute("aria-description", noteWords(note));
    }
    for (const [square, { node }] of drawn) {
      node.remove();
      view.cell(square)?.removeAttribute("aria-description");
    }
    drawn = next;
    drawnN = n;
    drawnHide = hideNumbers;
    view.frame.dataset.numbers = hideNumbers ? "hidden" : "shown";
    legibility();
  }

  // After the view has drawn each change (its "render"), so a new size's squares exist.
  view.addEventListener("render", redraw);
  new MutationObserver(legibility).observe(view.frame, { attributes: true, attributeFilter: ["data-zoom"] });
  redraw();
  return { redraw };
}
