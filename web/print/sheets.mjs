// The printed document: page-sized sheets (web/print.css gives each its paper through a named @page), each
// exactly one page. A sheet is filled in millimetres computed by web/print/layout.mjs; text is only ever
// textContent.
import { LIST_TYPE, MARGIN, onePage, poster } from "./layout.mjs";
import { describeJump } from "../core/state.mjs";

export const SVG_NS = "http://www.w3.org/2000/svg";
const mm = (value) => `${Math.round(value * 100) / 100}mm`;

/** An HTML element `name` with `className` and text, appended to `parent`. */
export function html(name, className, text = "", parent = null) {
  const node = document.createElement(name);
  if (className) node.className = className;
  if (text) node.textContent = text;
  parent?.append(node);
  return node;
}

/** An SVG element with attributes (numbers rounded to 0.01), appended to `parent`. */
export function svgEl(name, attributes = {}, parent = null) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes))
    node.setAttribute(key, typeof value === "number" ? String(Math.round(value * 100) / 100) : String(value));
  parent?.append(node);
  return node;
}

/** A sheet's short title and, under it, what to do with it. */
export function heading(body, title, howTo) {
  html("h1", "sheet-title", title, body);
  html("p", "sheet-howto", howTo, body);
}

/** A blank sheet of `page` ({paper, orientation, width, height}) with its printable area, `kind` for tests and CSS. */
export function sheet(page, kind) {
  const node = html("section", "sheet");
  node.dataset.page = `${page.paper}-${page.orientation}`;
  node.dataset.kind = kind;
  const body = html("div", "sheet-body", "", node);
  Object.assign(body.style, {
    left: mm(MARGIN),
    top: mm(MARGIN),
    width: mm(page.width - 2 * MARGIN),
    height: mm(page.height - 2 * MARGIN),
  });
  return { node, body };
}

/** `picture` (the board's SVG) sized `side` mm square. */
function sized(picture, side) {
  const copy = /** @type {SVGSVGElement} */ (picture.cloneNode(true));
  copy.setAttribute("width", mm(side));
  copy.setAttribute("height", mm(side));
  copy.classList.add("sheet-board");
  return copy;
}

/**
 * A titled list of `lines` in `list.columns` columns, its type `list.scale` times print.css's, or nothing when
 * `list` is null (it did not fit).
 */
function listBlock(heading, lines, list, parent) {
  if (!list) return;
  const block = html("div", "sheet-list", "", parent);
  const { font, line, headFont, headLine } = LIST_TYPE;
  Object.assign(html("h2", "", heading, block).style, {
    fontSize: `${headFont * list.scale}pt`,
    lineHeight: mm(headLine * list.scale),
  });
  const items = html("ul", "", "", block);
  Object.assign(items.style, { fontSize: `${font * list.scale}pt`, lineHeight: mm(line * list.scale) });
  items.style.columnCount = String(list.columns);
  for (const line of lines) html("li", "", line, items);
}

/** The jumps as lines of the list, in square order. */
export function jumpLines(board) {
  const lines = [...board.jumps]
    .sort(([a], [b]) => a - b)
    .map(([start, end]) => `Square ${start}: ${describeJump(start, end)}`);
  return lines.length ? lines : ["No snakes or ladders."];
}

/**
 * One page: `title`, the board `picture` as large as fits, and the list `lines` under it (portrait) or beside
 * it (landscape) when it fits, its type grown to fill the page (web/print/layout.mjs onePage); what is left
 * is shared above and below (print.css centres the sheet's content), not left blank at the foot.
 */
export function boardSheet(page, { title, picture, heading, lines, kind = "board" }) {
  const { node, body } = sheet(page, kind);
  body.classList.add("sheet-centred");
  html("h1", "sheet-title", title, body);
  const { board, list } = onePage(page, lines.length, Math.max(...lines.map((line) => line.length)));
  const row = html("div", page.width > page.height ? "sheet-row across" : "sheet-row", "", body);
  row.append(sized(picture, board));
  listBlock(heading, lines, list, row);
  if (!list)
    html("p", "sheet-note", `The list of ${lines.length} did not fit beside the board: each is drawn on it.`, body);
  return node;
}

/** Crop marks at the corners of the board's window (x, y, w, h mm on the sheet), in the margin outside it. */
function cropMarks(layer, x, y, w, h) {
  const reach = MARGIN * 0.7;
  const lines = [];
  for (const [cx, dx] of [
    [x, -1],
    [x + w, 1],
  ]) {
    for (const [cy, dy] of [
      [y, -1],
      [y + h, 1],
    ]) {
      lines.push(`M ${cx + dx * 1} ${cy} h ${dx * reach}`, `M ${cx} ${cy + dy * 1} v ${dy * reach}`);
    }
  }
  svgEl("path", { d: lines.join(" "), class: "crop", stroke: "#000", "stroke-width": 0.25, fill: "none" }, layer);
}

/** A crosshair for lining up two sheets, centred at (x, y) mm. */
function crosshair(layer, x, y) {
  const group = svgEl("g", { class: "align", stroke: "#000", "stroke-width": 0.3, fill: "none" }, layer);
  svgEl("circle", { cx: x, cy: y, r: 2.2 }, group);
  svgEl("path", { d: `M ${x - 4} ${y} h 8 M ${x} ${y - 4} v 8` }, group);
}

/** The marks of one poster sheet: crop marks, the overlap strips (dashed edge) and the crosshairs in them. */
function posterMarks(page, tile, k, overlap) {
  const layer = svgEl("svg", {
    class: "sheet-marks",
    viewBox: `0 0 ${page.width} ${page.height}`,
    width: mm(page.width),
    height: mm(page.height),
  });
  const [x, y, w, h] = [MARGIN, MARGIN, tile.width, tile.height];
  cropMarks(layer, x, y, w, h);
  const strip = { stroke: "#000", "stroke-width": 0.3, "stroke-dasharray": "2 1.5", fill: "none" };
  // The next sheet to the right (below) is glued over this one's last `overlap` mm; its own first `overlap`
  // mm show the same part of the board, so the crosshairs in both strips meet.
  if (tile.col < k - 1) svgEl("path", { d: `M ${x + w - overlap} ${y} v ${h}`, ...strip }, layer);
  if (tile.row < k - 1) svgEl("path", { d: `M ${x} ${y + h - overlap} h ${w}`, ...strip }, layer);
  for (const share of [0.25, 0.75]) {
    if (tile.col < k - 1) crosshair(layer, x + w - overlap / 2, y + h * share);
    if (tile.col > 0) crosshair(layer, x + overlap / 2, y + h * share);
    if (tile.row < k - 1) crosshair(layer, x + w * share, y + h - overlap / 2);
    if (tile.row > 0) crosshair(layer, x + w * share, y + overlap / 2);
  }
  return layer;
}

/**
 * A poster of k×k sheets: each shows its window of the board `picture` drawn `side` mm across, with crop
 * marks, overlap strips, crosshairs and its label (A1 top left). Each sheet holds a copy of the picture:
 * O(k² · n²) nodes for an n×n board (k ≤ 3, n ≤ 50).
 */
export function posterSheets(page, { title, picture, k }) {
  const { side, tiles, overlap } = poster(page, k);
  const units = picture.viewBox.baseVal;
  const scale = units.width / side; // board units a millimetre
  return tiles.map((tile) => {
    const { node, body } = sheet(page, "poster");
    node.dataset.label = tile.label;
    const window = /** @type {SVGSVGElement} */ (picture.cloneNode(true));
    window.setAttribute(
      "viewBox",
      [units.x + tile.x * scale, units.y + tile.y * scale, tile.width * scale, tile.height * scale]
        .map((v) => Math.round(v * 1e4) / 1e4)
        .join(" "),
    );
    window.setAttribute("width", mm(tile.width));
    window.setAttribute("height", mm(tile.height));
    window.setAttribute("preserveAspectRatio", "xMinYMin meet");
    window.classList.add("poster-window");
    body.append(window);
    node.append(posterMarks(page, tile, k, overlap));
    const label = html("p", "poster-label", "", node);
    html("strong", "", tile.label, label);
    label.append(
      ` · ${title} · poster ${k}×${k}, ${Math.round(side)} mm across · sheet ${tiles.indexOf(tile) + 1} of ${tiles.length}`,
    );
    const hint =
      tile.col < k - 1 || tile.row < k - 1
        ? `Trim the sheets to the right and below at their corner marks and glue them over the dashed ${overlap} mm strip, crosshairs on crosshairs.`
        : "Trim at the corner marks; this sheet goes bottom right.";
    html("p", "poster-hint", hint, node);
    return node;
  });
}
