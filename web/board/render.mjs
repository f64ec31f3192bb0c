// The board's DOM and SVG: squares, snakes and ladders, highlights and the token.
// Owns every visual constant and all conversion between page pixels and board squares.
import { squareCentre as centre, standCentre, strokeScale, toPercent } from "./geometry.mjs";
import { cellToSquare } from "../core/grid.mjs";
import { CHIP_FLAGS, FLAG_CLASSES, buildSquares } from "./squares.mjs";
import { diffJumps, drawJump, laneOffsets, svg } from "./jumpart.mjs";
import { touchedSquares } from "./marks.mjs";
import { watchFan } from "./token-fan.mjs";
import { describeJump } from "../core/state.mjs";

export class BoardView extends EventTarget {
  // The board's elements, set once in the constructor; read-only to the rest of the page.
  /** The element the board is drawn in. @readonly */
  frame;
  /** The clipping box around the stage. @readonly */
  viewport;
  /** The element that is exactly the board's squares. @readonly */
  stage;
  /** The squares. @readonly */
  grid;
  /** The overlay SVG (jumps, route, preview), in board units. @readonly */
  overlay;
  /**
   * The square numbers, one layer above the drawing (aria-hidden: each square's label says its number).
   * Not inside the squares: a number there had to be positioned with a z-index to be painted over the
   * snakes and ladders, which made each of a 50×50 board's 2,500 numbers and squares a paint layer, and
   * every hit test (a click, the hover after each edit) walked them all: 6-9 ms each, against under 1 ms
   * now. @readonly
   */
  numbers;
  /** The token shown when one player moves. @readonly */
  token;
  #jumpLayer;
  #markLayer;
  #preview;
  #cells = [];
  /** The square whose cell is the grid's one tab stop (tabindex 0). */
  #tabStop = 1;
  /** Each square's number in `numbers`, by square. */
  #numberNodes = [];
  /** What each cell shows now, `{label, flags, text, heat, selected}`: a refresh writes only what differs. */
  #shown = [];
  /** The picture of each jump on screen: start -> `{end, offset, node}`; emptied when the size changes. */
  #drawn = new Map();
  #board = null;
  #marks = {
    path: new Set(),
    landings: new Set(),
    selected: null,
    target: null,
    chained: new Set(),
    current: null,
    frontier: new Set(),
    wall: new Set(),
    /** The square the LeetCode matrix panel points at (web/board/matrix-view.mjs). */
    linked: null,
  };
  #labels = null;
  #heat = null;
  #players = [];
  #fan = null;

  constructor(frame) {
    super();
    this.frame = frame;
    frame.classList.add("board");
    this.grid = document.createElement("div");
    this.grid.className = "grid";
    this.grid.setAttribute("role", "grid");
    this.grid.setAttribute("aria-label", "Game board");
    this.overlay = svg("svg", { class: "overlay", "aria-hidden": "true", focusable: "false" });
    // No compositing layer of its own: the square numbers (z-index 1) are painted above the drawing, and
    // with the drawing on a layer, every number overlapping it became a layer to place (layerizing took
    // about 100 ms an edit on a 50×50 board). Chromium keeps each unchanged square's and jump's painting.
    this.#markLayer = svg("g", { class: "marks" }, this.overlay);
    this.#jumpLayer = svg("g", { class: "jumps" }, this.overlay);
    this.#preview = svg("line", { class: "preview", visibility: "hidden" }, this.overlay);
    this.numbers = document.createElement("div");
    this.numbers.className = "numbers";
    this.numbers.setAttribute("aria-hidden", "true");
    this.token = document.createElement("div");
    this.token.className = "token";
    this.token.hidden = true;
    this.token.setAttribute("aria-hidden", "true");
    // The stage is exactly the squares (the frame's padding is outside it): every position on the
    // board, token or drawing, is a fraction of the stage, so nothing depends on the padding or zoom.
    this.viewport = document.createElement("div");
    this.viewport.className = "viewport";
    this.stage = document.createElement("div");
    this.stage.className = "stage";
    this.stage.append(this.grid, this.overlay, this.numbers, this.token);
    this.viewport.append(this.stage);
    frame.append(this.viewport);
  }

  get board() {
    return this.#board;
  }

  get n() {
    return this.#board?.n ?? 0;
  }

  /**
   * Draw `board`; rebuilds the squares only when the size changes, and redraws only the jumps that changed
   * (an edit: one or two) and the squares they start on. O(j log j) JavaScript for j jumps (O(n²) after a
   * resize), DOM writes only for what differs.
   */
  render(board) {
    const resized = board.n !== this.#board?.n;
    this.#board = board;
    if (resized) this.#buildCells(board.n);
    const changed = this.#drawJumps(resized);
    if (resized) this.#refreshCells();
    else for (const square of changed) this.#refreshCell(square, board.jumps.get(square));
    this.dispatchEvent(new Event("render"));
  }

  #buildCells(n) {
    this.frame.style.setProperty("--n", String(n));
    this.frame.dataset.size = n > 30 ? "large" : n > 15 ? "medium" : "small";
    this.overlay.setAttribute("viewBox", `0 0 ${n} ${n}`);
    const { cells, numberNodes, rows, numbers } = buildSquares(n);
    this.#cells = cells;
    this.#numberNodes = numberNodes;
    this.#shown = Array.from({ length: n * n + 1 }, () => ({
      label: null,
      flags: 0,
      text: undefined,
      heat: null,
      selected: null,
    }));
    this.grid.replaceChildren(...rows);
    this.numbers.replaceChildren(...numbers);
    this.#cells[1].tabIndex = 0;
    this.#tabStop = 1;
  }

  cell(square) {
    return this.#cells[square] ?? null;
  }

  /** The element showing a square's number (in `numbers`, above the drawing), or null. */
  number(square) {
    return this.#numberNodes[square] ?? null;
  }

  /** The square under a page point, or null outside the board. */
  squareAt(clientX, clientY) {
    const box = this.grid.getBoundingClientRect();
    const n = this.n;
    const col = Math.floor(((clientX - box.left) / box.width) * n);
    const row = Math.floor(((clientY - box.top) / box.height) * n);
    if (row < 0 || col < 0 || row >= n || col >= n) return null;
    return cellToSquare(row, col, n);
  }

  /** Centre of a square (0: the off-board start) as CSS percentages of the stage, for a token. */
  squarePosition(square) {
    return toPercent(standCentre(square, this.n), this.n);
  }

  /** Where a token waits before it enters the board (square 0 of the classic rules). */
  offBoardPosition() {
    return this.squarePosition(0);
  }

  /**
   * Set highlight marks: any of path, landings, selected, target, chained, current, frontier, wall, linked
   * (a Set of squares or one square or null, as in `#marks`). Refreshes only the squares whose marks
   * changed: O(size of the old and new marks), so selecting a square does not touch the other 2,499.
   */
  mark(changes) {
    const touched = touchedSquares(this.#marks, changes);
    Object.assign(this.#marks, changes);
    const board = this.#board;
    if (!board) return;
    const last = board.n * board.n;
    for (const square of touched) {
      if (Number.isInteger(square) && square >= 1 && square <= last) this.#refreshCell(square, board.jumps.get(square));
    }
  }

  /** Bring every cell up to date with the board and the marks: O(n²), writing to a cell only what changed. */
  #refreshCells() {
    const board = this.#board;
    for (let square = 1; square <= board.n * board.n; square += 1) this.#refreshCell(square, board.jumps.get(square));
  }

  #refreshCell(square, end) {
    const { path, landings, selected, target, chained, current, frontier, wall, linked } = this.#marks;
    const cell = this.#cells[square];
    const shown = this.#shown[square];
    const last = this.#board.n * this.#board.n;
    const label = this.#labels?.get(square);
    const parts = [`Square ${square}`];
    if (end !== undefined) parts.push(describeJump(square, end));
    if (square === 1) parts.push("start");
    if (square === last) parts.push("goal");
    if (chained.has(square)) parts.push("ends on another jump's start");
    if (path.has(square)) parts.push("on the shortest path");
    if (wall.has(square)) parts.push("part of the wall");
    if (label !== undefined) parts.push(label.spoken);
    if (selected === square) parts.push("selected");
    const spoken = parts.join(", ");
    if (shown.label !== spoken) cell.setAttribute("aria-label", (shown.label = spoken));
    const on = [
      end !== undefined && end > square,
      end !== undefined && end < square,
      path.has(square),
      landings.has(square) && !path.has(square),
      selected === square,
      target === square,
      current === square,
      chained.has(square),
      frontier.has(square),
      wall.has(square),
      linked === square,
    ];
    let flags = 0;
    on.forEach((value, bit) => (flags |= value ? 1 << bit : 0));
    for (let bit = 0, changed = flags ^ shown.flags; changed; bit += 1, changed >>= 1) {
      if (!(changed & 1)) continue;
      cell.classList.toggle(FLAG_CLASSES[bit], on[bit]);
      if (CHIP_FLAGS & (1 << bit)) this.#numberNodes[square].classList.toggle(FLAG_CLASSES[bit], on[bit]);
    }
    shown.flags = flags;
    if (shown.text !== label?.text) {
      if (label !== undefined) cell.dataset.label = label.text;
      else delete cell.dataset.label;
      shown.text = label?.text;
    }
    this.#paintHeat(cell, shown, this.#heat?.[square] ?? null);
    if (shown.selected !== (selected === square))
      cell.setAttribute("aria-selected", String((shown.selected = selected === square)));
  }

  #paintHeat(cell, shown, heat) {
    if (shown.heat === heat) return;
    shown.heat = heat;
    if (heat !== null) {
      cell.style.setProperty("--heat", heat.toFixed(3));
      cell.classList.add("heat");
    } else {
      cell.classList.remove("heat");
      cell.style.removeProperty("--heat");
    }
  }

  /**
   * Draw the jumps that differ from what is on screen (all of them after a resize): O(j log j) for j jumps.
   * Returns the starts whose picture was removed or drawn.
   */
  #drawJumps(resized) {
    const { n, jumps } = this.#board;
    if (resized) this.#drawn.clear();
    const offsets = laneOffsets(jumps, n);
    const { remove, add } = diffJumps(this.#drawn, jumps, offsets);
    for (const start of remove) {
      this.#drawn.get(start).node.remove();
      this.#drawn.delete(start);
    }
    const draw = (start) => {
      const picture = { end: jumps.get(start), offset: offsets.get(start) ?? 0, node: null };
      picture.node = drawJump(start, picture.end, n, picture.offset);
      this.#drawn.set(start, picture);
      return picture.node;
    };
    const changed = new Set([...remove, ...add]);
    if (this.#drawn.size === 0) {
      this.#jumpLayer.replaceChildren(...add.map(draw));
      return changed;
    }
    // In the order of starts, as a drawing from scratch is (a later jump on top): after the one before it.
    const adding = new Set(add);
    let previous = null;
    for (const start of jumps.keys()) {
      if (adding.has(start)) {
        const node = draw(start);
        if (previous) previous.after(node);
        else this.#jumpLayer.prepend(node);
      }
      previous = this.#drawn.get(start).node;
    }
    return changed;
  }

  /**
   * Small labels on squares: a Map square -> {text, spoken} (null clears), such as the
   * distance from square 1 while the search is explained.
   */
  label(labels) {
    if (labels === null && this.#labels === null) return; // nothing shown, nothing to take off
    this.#labels = labels;
    this.#refreshCells();
  }

  /**
   * Shade squares by `values[square]` from 0 to 1 (null clears): the visit heat map. `scale` is
   * `{max, label}`, what 1 stands for, for the legend ("heat" event).
   */
  heat(values, scale = null) {
    const shown = this.#heat !== null || values !== null;
    this.#heat = values;
    if (shown) this.#refreshCells();
    this.dispatchEvent(new CustomEvent("heat", { detail: { shown: values !== null, scale } }));
  }

  /** Tokens for play mode, one per player (0 removes them), fanned out on a shared square; returns the elements. */
  players(count) {
    this.#fan?.disconnect();
    for (const token of this.#players) token.remove();
    this.#players = Array.from({ length: count }, (_, index) => {
      const token = document.createElement("div");
      token.className = `token player player-${index + 1}`;
      token.setAttribute("aria-hidden", "true");
      token.hidden = true;
      this.stage.append(token);
      return token;
    });
    this.#fan = watchFan(this.#players);
    this.dispatchEvent(new CustomEvent("players", { detail: { count } }));
    return this.#players;
  }

  /** Show the line being dragged from `start` to `end` (null hides it). */
  preview(start, end) {
    if (start === null || end === null || start === end) {
      this.#preview.setAttribute("visibility", "hidden");
      return;
    }
    const a = centre(start, this.n);
    const b = centre(end, this.n);
    for (const [key, value] of Object.entries({ x1: a.x, y1: a.y, x2: b.x, y2: b.y }))
      this.#preview.setAttribute(key, value);
    this.#preview.setAttribute("class", `preview ${end > start ? "up" : "down"}`);
    const k = strokeScale(this.n);
    this.#preview.setAttribute("stroke-width", String(0.12 * k));
    this.#preview.setAttribute("stroke-dasharray", `${0.15 * k} ${0.1 * k}`);
    this.#preview.setAttribute("visibility", "visible");
  }

  /** Draw the route the token takes: each move's landing, then its jump. */
  drawRoute(steps) {
    const n = this.n;
    const nodes = [];
    for (const step of steps) {
      const a = standCentre(step.start, n); // the classic start's first move comes from off the board
      const b = centre(step.landing, n);
      const k = strokeScale(n);
      nodes.push(
        svg("line", {
          class: "route",
          x1: a.x,
          y1: a.y,
          x2: b.x,
          y2: b.y,
          "stroke-width": 0.05 * k,
          "stroke-dasharray": `${0.04 * k} ${0.12 * k}`,
        }),
      );
    }
    this.#markLayer.replaceChildren(...nodes);
  }

  clearRoute() {
    this.#markLayer.replaceChildren();
  }

  /** Move keyboard focus to a square, keeping a single tab stop in the grid. */
  focus(square) {
    const cell = this.#cells[square];
    if (!cell) return;
    const stop = this.#cells[this.#tabStop];
    if (stop && stop !== cell) stop.tabIndex = -1;
    this.#tabStop = square;
    cell.tabIndex = 0;
    cell.focus();
  }

  focusedSquare() {
    const active = document.activeElement;
    const square = active instanceof HTMLElement ? active.dataset.square : undefined;
    return square && this.grid.contains(active) ? Number(square) : null;
  }
}
