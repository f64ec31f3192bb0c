// The print layouts' sums (web/print/layout.mjs) and the styles' colours (web/print/picture.mjs's pure part):
// a poster's sheets cover the board with the stated overlap, the die's net folds into a die whose opposite
// faces sum to 7 (folded here by rolling a cube over the net, not read from the net's own comment), cards
// and the one-page board fit their paper.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  CARD,
  MARGIN,
  PAPERS,
  POSTER_OVERLAP,
  cardGrid,
  dieNet,
  onePage,
  pageSize,
  pipSpots,
  poster,
} from "../../web/print/layout.mjs";
import { lightness, parseColour, restyleColour } from "../../web/print/picture.mjs";

const PAGES = Object.keys(PAPERS).flatMap((paper) =>
  ["portrait", "landscape"].map((orientation) => ({ paper, orientation, ...pageSize(paper, orientation) })),
);

test("pageSize swaps the sides for landscape", () => {
  assert.deepEqual(pageSize("a4", "portrait"), { width: 210, height: 297 });
  assert.deepEqual(pageSize("letter", "landscape"), { width: 279.4, height: 215.9 });
  assert.deepEqual(pageSize("a3", "landscape"), { width: 420, height: 297 });
});

for (const k of [2, 3]) {
  test(`a ${k}×${k} poster covers the board on every paper, neighbours sharing exactly the overlap`, () => {
    for (const page of PAGES) {
      const { side, tiles, overlap } = poster(page, k);
      assert.equal(overlap, POSTER_OVERLAP);
      assert.equal(tiles.length, k * k);
      const single = Math.min(page.width, page.height) - 2 * MARGIN;
      assert.ok(
        side > single * (k - 0.5),
        `${page.paper} ${page.orientation}: ${side} mm is hardly bigger than one sheet`,
      );
      for (const tile of tiles) {
        assert.equal(tile.width, page.width - 2 * MARGIN);
        assert.equal(tile.height, page.height - 2 * MARGIN);
        assert.equal(tile.label, `${"ABC"[tile.row]}${tile.col + 1}`);
        const right = tiles.find((other) => other.row === tile.row && other.col === tile.col + 1);
        if (right) assert.ok(Math.abs(tile.x + tile.width - right.x - overlap) < 1e-9);
        const below = tiles.find((other) => other.col === tile.col && other.row === tile.row + 1);
        if (below) assert.ok(Math.abs(tile.y + tile.height - below.y - overlap) < 1e-9);
      }
      // The last column and row reach the board's far edges: nothing of it is left off.
      assert.ok(Math.max(...tiles.map((t) => t.x + t.width)) >= side - 1e-9);
      assert.ok(Math.max(...tiles.map((t) => t.y + t.height)) >= side - 1e-9);
      assert.equal(new Set(tiles.map((t) => t.label)).size, k * k);
    }
  });
}

test("one page: the board and its list fit the paper, and a list too long is left out", () => {
  for (const page of PAGES) {
    const room = Math.min(page.width, page.height) - 2 * MARGIN;
    const small = onePage(page, 18, 24);
    assert.ok(small.list, `${page.paper} ${page.orientation}: 18 jumps should be listed`);
    assert.ok(small.list.columns * small.list.rows >= 18);
    assert.ok(small.board > room * 0.7 && small.board <= room);
    const huge = onePage(page, 1200, 26);
    assert.equal(huge.list, null);
    assert.ok(huge.board <= room && huge.board > room - 13);
  }
});

test("one page uses the page: a portrait board as wide as the printable area, the list grown into the rest", () => {
  const a4 = { ...pageSize("a4", "portrait") };
  const classic = onePage(a4, 19, 24); // the classic 10×10 board's 19 jumps, "Square 100: ladder to 100"
  assert.equal(classic.board, a4.width - 2 * MARGIN);
  assert.ok(classic.list && classic.list.scale > 1, `the list kept 9 pt: ${JSON.stringify(classic.list)}`);
  assert.ok(classic.spare < 20, `${classic.spare} mm left over on A4 (about a third of the page blank before)`);
  for (const page of PAGES) {
    for (const count of [0, 3, 19, 60]) {
      const layout = onePage(page, count, 24);
      assert.ok(
        layout.spare >= 0 && layout.board <= Math.min(page.width, page.height) - 2 * MARGIN,
        `${page.paper} ${page.orientation} ${count}`,
      );
      if (layout.list)
        assert.ok(
          layout.list.columns * layout.list.rows >= count && layout.list.scale >= 1 && layout.list.scale <= 1.5,
        );
    }
  }
});

test("cards: several to an A4 or Letter page and they fit inside the margins", () => {
  for (const page of PAGES) {
    const { columns, rows } = cardGrid(page);
    assert.ok(columns * CARD.width <= page.width - 2 * MARGIN);
    assert.ok(rows * CARD.height <= page.height - 2 * MARGIN);
    if (page.paper !== "a3" && page.orientation === "portrait")
      assert.ok(columns * rows >= 9, `${page.paper}: ${columns}×${rows}`);
    assert.ok(columns * rows >= 6);
  }
});

/** Fold the net by rolling a cube over it from the first face: which side of the cube each face lands on. */
function fold(net) {
  const at = new Map(net.map((face) => [`${face.col},${face.row}`, face]));
  const rolls = {
    "1,0": (o) => ({ ...o, bottom: o.east, west: o.bottom, top: o.west, east: o.top }),
    "-1,0": (o) => ({ ...o, bottom: o.west, east: o.bottom, top: o.east, west: o.top }),
    "0,1": (o) => ({ ...o, bottom: o.south, north: o.bottom, top: o.north, south: o.top }),
    "0,-1": (o) => ({ ...o, bottom: o.north, south: o.bottom, top: o.south, north: o.top }),
  };
  const start = net[0];
  const sides = new Map([[start, "bottom"]]);
  const queue = [[start, { bottom: "bottom", top: "top", north: "north", south: "south", east: "east", west: "west" }]];
  while (queue.length) {
    const [face, orientation] = queue.shift();
    for (const [step, roll] of Object.entries(rolls)) {
      const [dc, dr] = step.split(",").map(Number);
      const next = at.get(`${face.col + dc},${face.row + dr}`);
      if (!next || sides.has(next)) continue;
      const rolled = roll(orientation);
      sides.set(next, rolled.bottom);
      queue.push([next, rolled]);
    }
  }
  return sides;
}

test("the die's net folds into a die: six sides, pips 1 to 6, opposite faces summing to 7", () => {
  const net = dieNet();
  const sides = fold(net);
  assert.equal(sides.size, 6);
  assert.equal(new Set(sides.values()).size, 6, "two faces fold onto the same side");
  const pipsOn = Object.fromEntries([...sides].map(([face, side]) => [side, face.pips]));
  assert.deepEqual(Object.values(pipsOn).sort(), [1, 2, 3, 4, 5, 6]);
  for (const [a, b] of [
    ["bottom", "top"],
    ["north", "south"],
    ["east", "west"],
  ])
    assert.equal(pipsOn[a] + pipsOn[b], 7, `${a} and ${b}`);
  for (let pips = 1; pips <= 6; pips += 1) assert.equal(pipSpots(pips).length, pips);
});

test("styles: ink-saver lightens fills and darkens lines; colouring-in is white fills and black lines", () => {
  assert.deepEqual(parseColour("rgb(207, 52, 52)"), [207, 52, 52, 1]);
  assert.deepEqual(parseColour("rgba(0 0 0 / 0.5)"), [0, 0, 0, 0.5]);
  assert.deepEqual(parseColour("#fff"), [255, 255, 255, 1]);
  assert.equal(parseColour("none"), null);
  const snake = "rgb(207, 52, 52)";
  assert.ok(lightness(parseColour(restyleColour(snake, "fill", "ink"))) > lightness(parseColour(snake)) + 0.3);
  assert.ok(lightness(parseColour(restyleColour(snake, "stroke", "ink"))) < lightness(parseColour(snake)));
  assert.equal(restyleColour(snake, "fill", "outline"), "rgb(255,255,255)");
  assert.equal(restyleColour(snake, "stroke", "outline"), "rgb(0,0,0)");
  assert.equal(restyleColour("rgb(20, 20, 20)", "fill", "outline"), "rgb(0,0,0)"); // text stays legible
  assert.equal(restyleColour(snake, "fill", "colour"), snake);
  assert.equal(restyleColour("none", "fill", "outline"), "none");
});
