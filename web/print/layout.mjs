// Print layouts as numbers, in millimetres: paper sizes, where the board and the jumps list go on one page,
// how a poster splits the board over k×k sheets, how many cards fit a sheet, and the die's net. Pure
// functions, no DOM, so the sums are unit-tested (tests/js/print-layout.test.mjs).

/** Paper sizes in millimetres, portrait. */
export const PAPERS = Object.freeze({
  a4: Object.freeze({ name: "A4", width: 210, height: 297 }),
  letter: Object.freeze({ name: "Letter", width: 215.9, height: 279.4 }),
  a3: Object.freeze({ name: "A3", width: 297, height: 420 }),
});
/** White space kept at every sheet's edge: most printers cannot print the outer few millimetres. */
export const MARGIN = 10;
/** The poster's overlap between neighbouring sheets, in millimetres: the strip one sheet is glued over. */
export const POSTER_OVERLAP = 10;
/** The title line above a one-page board, the jumps list's heading, one line of the list, a list column. */
const TITLE = 12;
const LIST_HEAD = 6;
const LIST_LINE = 4.2;
/** The list's type at scale 1 (print.css's sizes): its lines and its heading, in pt and mm. */
export const LIST_TYPE = Object.freeze({ font: 9, line: LIST_LINE, headFont: 10, headLine: LIST_HEAD - 1 });
const LIST_COLUMN = 46;
/** About how wide a character of the 9 pt list is, in millimetres. */
const LIST_CHAR = 1.75;
const GAP = 5;
/** The board keeps at least this share of the room it would have alone; otherwise the list is left out. */
const BOARD_SHARE = 0.75;
/** The list's type grows up to this many times 9 pt (13.5 pt) to fill the room the board leaves. */
const LIST_SCALES = [1.5, 1.4, 1.3, 1.2, 1.1, 1];
/** A question card, in millimetres (a little smaller than a playing card, so 3×3 fit A4 and Letter). */
export const CARD = Object.freeze({ width: 60, height: 84 });

/** The page's width and height in millimetres: `paper` a key of PAPERS, `orientation` "portrait" | "landscape". */
export function pageSize(paper, orientation) {
  const { width, height } = PAPERS[paper] ?? PAPERS.a4;
  return orientation === "landscape" ? { width: height, height: width } : { width, height };
}

/**
 * The list of `lines` lines at type `scale` (1: 9 pt) in columns as wide as `longest` characters: under the
 * board (`across` false: as many columns as `width` holds) or beside it (as many rows as `height` holds).
 * `{columns, rows, scale, width, height}` in mm. O(1).
 */
function listAt(scale, lines, longest, width, height, across) {
  const column = Math.max(LIST_COLUMN, longest * LIST_CHAR + 4) * scale;
  const [head, line] = [LIST_HEAD * scale, LIST_LINE * scale];
  const columns = across
    ? Math.ceil(lines / Math.max(1, Math.floor((height - head) / line)))
    : Math.max(1, Math.floor(width / column));
  const rows = Math.ceil(lines / columns);
  return { columns, rows, scale, width: columns * column, height: head + rows * line };
}

/**
 * Where the board and the jumps list go on one page of `page` ({width, height} mm) for `count` jumps:
 * `{board, list: {columns, rows, scale} | null, spare}`, `board` the board's side in mm. The board is as large
 * as the printable area allows beside the list at 9 pt, which goes under it on a portrait page and beside it
 * on a landscape one, in as many columns as fit (each as wide as `longest` characters); it is left out when
 * the board would keep less than three quarters of the side it has alone. The room the board cannot take
 * (a portrait board is as wide as the page) goes to the list, its type up to 1.5 times larger (`scale`);
 * `spare` is the height left over, in mm (the sheet centres its content in it). O(1).
 */
export function onePage(page, count, longest = 0) {
  const width = page.width - 2 * MARGIN;
  const height = page.height - 2 * MARGIN - TITLE;
  const alone = Math.min(width, height);
  const lines = Math.max(count, 1);
  const across = page.width > page.height;
  const base = listAt(1, lines, longest, width, height, across);
  const board = Math.min(alone, across ? width - GAP - base.width : height - GAP - base.height);
  if (board < alone * BOARD_SHARE) return { board: alone, list: null, spare: height - alone };
  const [roomWidth, roomHeight] = across ? [width - GAP - board, height] : [width, height - GAP - board];
  const list =
    LIST_SCALES.map((scale) => listAt(scale, lines, longest, roomWidth, roomHeight, across)).find(
      (fit) => fit.width <= roomWidth + 1e-9 && fit.height <= roomHeight + 1e-9,
    ) ?? base;
  const spare = across ? height - Math.max(board, list.height) : roomHeight - list.height;
  return { board, list: { columns: list.columns, rows: list.rows, scale: list.scale }, spare: Math.max(0, spare) };
}

/**
 * A poster of k×k sheets of `page`: `{side, tiles}`. The board is `side` mm across; each tile
 * `{row, col, label, x, y, width, height}` is the window of the board (mm from its top left) its sheet
 * shows, the printable area; neighbours share `overlap` mm. Labels are a letter a row and a number a
 * column: A1 is the top left. O(k²).
 */
export function poster(page, k, overlap = POSTER_OVERLAP) {
  const width = page.width - 2 * MARGIN;
  const height = page.height - 2 * MARGIN;
  const side = Math.min(k * width - (k - 1) * overlap, k * height - (k - 1) * overlap);
  const tiles = [];
  for (let row = 0; row < k; row += 1) {
    for (let col = 0; col < k; col += 1) {
      const label = `${String.fromCharCode(65 + row)}${col + 1}`;
      tiles.push({ row, col, label, x: col * (width - overlap), y: row * (height - overlap), width, height });
    }
  }
  return { side, tiles, overlap };
}

/** How many cards fit one sheet of `page`: `{columns, rows}`, at least 1×1. O(1). */
export function cardGrid(page) {
  const columns = Math.max(1, Math.floor((page.width - 2 * MARGIN) / CARD.width));
  const rows = Math.max(1, Math.floor((page.height - 2 * MARGIN) / CARD.height));
  return { columns, rows };
}

/**
 * The die's net, a cross of six squares: `[{pips, col, row}]` in a 4×3 grid (columns 0-2, rows 0-3).
 * Folded, the faces opposite each other sum to 7: 2 and 5, 1 and 6 down the column, 3 and 4 across.
 */
export function dieNet() {
  return [
    { pips: 2, col: 1, row: 0 },
    { pips: 3, col: 0, row: 1 },
    { pips: 1, col: 1, row: 1 },
    { pips: 4, col: 2, row: 1 },
    { pips: 5, col: 1, row: 2 },
    { pips: 6, col: 1, row: 3 },
  ];
}

/** Where a face's pips go, as fractions of the face (0 to 1), for 1 to 6. */
export function pipSpots(pips) {
  const [lo, mid, hi] = [0.25, 0.5, 0.75];
  const spots = {
    1: [[mid, mid]],
    2: [
      [lo, lo],
      [hi, hi],
    ],
    3: [
      [lo, lo],
      [mid, mid],
      [hi, hi],
    ],
    4: [
      [lo, lo],
      [hi, lo],
      [lo, hi],
      [hi, hi],
    ],
    5: [
      [lo, lo],
      [hi, lo],
      [mid, mid],
      [lo, hi],
      [hi, hi],
    ],
    6: [
      [lo, lo],
      [hi, lo],
      [lo, mid],
      [hi, mid],
      [lo, hi],
      [hi, hi],
    ],
  };
  return spots[pips] ?? [];
}
