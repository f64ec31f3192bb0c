// The cut-outs printed with a board: four standing tokens in the players' colours, a die's net, question
// cards (a deck per symbol, web/core/notes.mjs parseDeck) and their answer sheets.
import { CARD, MARGIN, cardGrid, dieNet, pipSpots } from "./layout.mjs";
import { heading, html, sheet, svgEl } from "./sheets.mjs";

/** The players' colours as printed (style.css's token colours, light theme). */
export const PLAYER_COLOURS = Object.freeze(["#c81e1e", "#17803a", "#b98900", "#6b2fb3"]);
const CUT = { stroke: "#000", "stroke-width": 0.3, fill: "none" };
const FOLD = { stroke: "#000", "stroke-width": 0.25, "stroke-dasharray": "1.5 1.2", fill: "none" };

/** A drawing the size of the sheet's printable area, in millimetres. */
function area(page, body) {
  const [w, h] = [page.width - 2 * MARGIN, page.height - 2 * MARGIN];
  return svgEl("svg", { class: "sheet-art", viewBox: `0 0 ${w} ${h}`, width: `${w}mm`, height: `${h}mm` }, body);
}

/** A pawn in `colour` filling a panel (x, y, w, h), upside down when `flip` (the token's back). */
function pawn(art, x, y, w, h, colour, player, flip) {
  const group = svgEl("g", { transform: flip ? `rotate(180 ${x + w / 2} ${y + h / 2})` : "" }, art);
  const cx = x + w / 2;
  svgEl("circle", { cx, cy: y + h * 0.3, r: w * 0.16, fill: colour, stroke: "#000", "stroke-width": 0.3 }, group);
  svgEl(
    "path",
    {
      d: `M ${cx - w * 0.28} ${y + h * 0.86} L ${cx - w * 0.1} ${y + h * 0.44} L ${cx + w * 0.1} ${y + h * 0.44} L ${cx + w * 0.28} ${y + h * 0.86} Z`,
      fill: colour,
      stroke: "#000",
      "stroke-width": 0.3,
    },
    group,
  );
  const label = svgEl(
    "text",
    { x: cx, y: y + h * 0.97, "font-size": 4, "text-anchor": "middle", "font-weight": 700 },
    group,
  );
  label.textContent = `Player ${player}`;
}

/**
 * Four tokens to cut out: each a strip of glue tab, front, back and glue tab; folded on the dashed lines
 * into a tent and glued by its tabs, it stands on the board.
 */
export function tokenSheet(page) {
  const { node, body } = sheet(page, "tokens");
  heading(
    body,
    "Tokens",
    "Cut on the solid lines, fold on the dashed ones and glue the two tabs together: each token stands as a tent.",
  );
  const art = area(page, body);
  const [tab, panel, gap] = [10, 42, 6];
  const width = Math.min(40, (page.width - 2 * MARGIN - 3 * gap) / 4);
  PLAYER_COLOURS.forEach((colour, index) => {
    const x = index * (width + gap);
    const y = 4;
    const token = svgEl("g", { class: "token-cutout", "data-player": index + 1 }, art);
    svgEl("rect", { x, y, width, height: 2 * tab + 2 * panel, ...CUT }, token);
    for (const at of [y + tab, y + tab + panel, y + tab + 2 * panel])
      svgEl("path", { d: `M ${x} ${at} h ${width}`, ...FOLD, class: "fold" }, token);
    pawn(token, x, y + tab, width, panel, colour, index + 1, true);
    pawn(token, x, y + tab + panel, width, panel, colour, index + 1, false);
    for (const at of [y, y + tab + 2 * panel]) {
      const glue = svgEl(
        "text",
        { x: x + width / 2, y: at + tab * 0.65, "font-size": 3, "text-anchor": "middle" },
        token,
      );
      glue.textContent = "glue";
    }
  });
  return node;
}

/** Glue tabs of the net: face pips -> edges ("left", "right", "top"), one per edge the folded cube closes. */
const TABS = { 2: ["left", "right", "top"], 5: ["left", "right"], 6: ["left", "right"] };

/** A die to cut out and fold: a cross of six faces with pips 1 to 6 (opposite faces sum to 7) and glue tabs. */
export function dieSheet(page) {
  const { node, body } = sheet(page, "die");
  heading(
    body,
    "A die",
    "Cut on the solid lines, fold on the dashed ones into a cube, glue each tab inside. Opposite faces add up to 7.",
  );
  const art = area(page, body);
  const face = Math.min(35, (page.width - 2 * MARGIN - 20) / 3, (page.height - 2 * MARGIN - 40) / 4);
  const [x0, y0] = [10, 8];
  const net = dieNet();
  const at = new Set(net.map(({ col, row }) => `${col},${row}`));
  for (const { pips, col, row } of net) {
    const [x, y] = [x0 + col * face, y0 + row * face];
    const group = svgEl("g", { class: "die-face", "data-pips": pips, "data-col": col, "data-row": row }, art);
    svgEl("rect", { x, y, width: face, height: face, ...FOLD }, group);
    for (const [fx, fy] of pipSpots(pips))
      svgEl("circle", { class: "pip", cx: x + fx * face, cy: y + fy * face, r: face * 0.08, fill: "#000" }, group);
    for (const edge of TABS[pips] ?? []) {
      const t = face * 0.22;
      const d = {
        left: `M ${x} ${y} l ${-t} ${t} v ${face - 2 * t} l ${t} ${t}`,
        right: `M ${x + face} ${y} l ${t} ${t} v ${face - 2 * t} l ${-t} ${t}`,
        top: `M ${x} ${y} l ${t} ${-t} h ${face - 2 * t} l ${t} ${t}`,
      }[edge];
      svgEl("path", { d, ...CUT, class: "tab" }, group);
    }
    // The net's outer edges without a tab are cut; the rest fold.
    /** @type {Record<string, [number, number, string]>} */
    const sides = {
      left: [-1, 0, `M ${x} ${y} v ${face}`],
      right: [1, 0, `M ${x + face} ${y} v ${face}`],
      top: [0, -1, `M ${x} ${y} h ${face}`],
      bottom: [0, 1, `M ${x} ${y + face} h ${face}`],
    };
    for (const [edge, [dc, dr, d]] of Object.entries(sides)) {
      if (!at.has(`${col + dc},${row + dr}`) && !(TABS[pips] ?? []).includes(edge)) svgEl("path", { d, ...CUT }, group);
    }
  }
  return node;
}

/** The decks parsed: `[{symbol, cards, problems}]` for each symbol with a deck, in `symbols` order. */
export function readDecks(decks, symbols, parseDeck) {
  return symbols.filter((symbol) => decks[symbol]).map((symbol) => ({ symbol, ...parseDeck(decks[symbol]) }));
}

/**
 * Cut-out question cards, as many a sheet as fit (web/print/layout.mjs cardGrid), dashed lines to cut along.
 * O(cards): parseDeck keeps at most MAX_DECK_CARDS a deck, so six decks print at most 1,800 cards.
 */
export function cardSheets(page, decks) {
  const { columns, rows } = cardGrid(page);
  const per = columns * rows;
  const all = decks.flatMap(({ symbol, cards }) =>
    cards.map((card, index) => ({ symbol, number: index + 1, ...card })),
  );
  const sheets = [];
  for (let first = 0; first < all.length; first += per) {
    const { node, body } = sheet(page, "cards");
    heading(
      body,
      `Question cards ${first + 1}–${Math.min(all.length, first + per)} of ${all.length}`,
      "Cut along the dashed lines. The answers are on their own sheet.",
    );
    const grid = html("div", "card-grid", "", body);
    grid.style.gridTemplateColumns = `repeat(${columns}, ${CARD.width}mm)`;
    grid.style.gridAutoRows = `${CARD.height}mm`;
    for (const card of all.slice(first, first + per)) {
      const item = html("div", "card", "", grid);
      item.dataset.symbol = card.symbol;
      html("span", "card-symbol", card.symbol, item);
      html("p", "card-question", card.question, item);
      html("span", "card-number", `${card.symbol} ${card.number}`, item);
    }
    sheets.push(node);
  }
  return sheets;
}

/** Lines a page of answers holds, and the lines one answer takes (about 95 characters a line). */
const ANSWER_LINES = (page) => Math.floor((page.height - 2 * MARGIN - 16) / 4.6);
const linesOf = (card) => Math.ceil((card.question.length + (card.answer ?? "").length + 12) / 95);

/** The answers, deck by deck, on as many sheets as they need (an answer is never split over two). O(cards). */
export function answerSheets(page, decks) {
  const capacity = ANSWER_LINES(page);
  const sheets = [];
  let list = null;
  let used = capacity;
  for (const { symbol, cards } of decks) {
    cards.forEach((card, index) => {
      const lines = linesOf(card);
      if (used + lines > capacity) {
        const { node, body } = sheet(page, "answers");
        html("h1", "sheet-title", `Answers${sheets.length ? ` (page ${sheets.length + 1})` : ""}`, body);
        list = html("ol", "answer-list", "", body);
        sheets.push(node);
        used = 0;
      }
      used += lines;
      const item = html("li", "", "", list);
      html("strong", "", `${symbol} ${index + 1}. `, item);
      item.append(card.question, " — ");
      html("em", "", card.answer ?? "(no answer given)", item);
    });
  }
  return sheets;
}
