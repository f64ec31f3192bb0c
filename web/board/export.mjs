// Export and print: the board as drawn, as a standalone SVG or a PNG file, and the printed page's jumps list.
// The SVG is built from what is on screen (computed colours inlined), so it needs no stylesheet or font file.
import { squareCentre, standCentre } from "./geometry.mjs";
import { fanOffsetOf } from "./token-fan.mjs";
import { describeJump } from "../core/state.mjs";
import { afterNextFrame } from "../core/dom.mjs";

const SVG_NS = "http://www.w3.org/2000/svg";
/** Style properties copied onto every drawn shape, so the file looks the same without the stylesheet. */
const SHAPE_STYLE = [
  "fill",
  "stroke",
  "opacity",
  "stroke-linecap",
  "stroke-linejoin",
  "fill-opacity",
  "stroke-opacity",
];
/** The SVG's nominal side in pixels (it scales): 40 per square, at least 800 and at most 2400. */
const SVG_MIN = 800;
const SVG_MAX = 2400;
/**
 * The PNG's side in pixels, whatever the board's size: print resolution, 300 dots an inch over 10 inches
 * (25.4 cm), so a printed board is sharp up to that size; a 50×50 board still gets 60 pixels a square.
 */
export const PNG_SIDE = 3000;
const PNG_DPI = 300;

const fmt = (value) => String(Math.round(value * 1000) / 1000);

function el(name, attributes = {}, parent = null) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes))
    node.setAttribute(key, typeof value === "number" ? fmt(value) : String(value));
  parent?.append(node);
  return node;
}

/** `snakes-ladders-10x10.svg` and so on. */
export function exportName(n, extension) {
  return `snakes-ladders-${n}x${n}.${extension}`;
}

/** A copy of `node` and its children with each shape's computed colours written on it as attributes. */
function inlineStyles(node) {
  const copy = node.cloneNode(true);
  const sources = [node, ...node.querySelectorAll("*")];
  const copies = [copy, ...copy.querySelectorAll("*")];
  sources.forEach((source, index) => {
    const style = getComputedStyle(source);
    const target = copies[index];
    for (const property of SHAPE_STYLE) target.setAttribute(property, style.getPropertyValue(property));
    if (style.display === "none" || style.visibility === "hidden") target.setAttribute("display", "none");
    target.removeAttribute("class");
    target.removeAttribute("style"); // its var(--…) colours are resolved above (the notes layer sets them so)
    for (const key of Object.keys(target.dataset ?? {})) delete target.dataset[key];
  });
  return copy;
}

/** The squares: colour, heat tint, number on its chip, and any search label, in board units. */
function drawSquares(view, root, unit) {
  const n = view.n;
  for (let square = 1; square <= n * n; square += 1) {
    const cell = view.cell(square);
    const { x, y } = squareCentre(square, n);
    const style = getComputedStyle(cell);
    el("rect", { x: x - 0.5, y: y - 0.5, width: 1, height: 1, fill: style.backgroundColor }, root);
    const heat =
      cell.classList.contains("heat") && style.display !== "none" ? Number(cell.style.getPropertyValue("--heat")) : 0;
    if (heat > 0 && style.backgroundImage !== "none") {
      const tint = `rgb(${style.getPropertyValue("--heat-rgb").trim().split(/\s+/).join(",")})`;
      el("rect", { x: x - 0.5, y: y - 0.5, width: 1, height: 1, fill: tint, "fill-opacity": heat * 0.75 }, root);
    }
  }
  const edge = getComputedStyle(view.cell(1)).borderTopColor;
  el("path", { d: gridLines(n), stroke: edge, "stroke-width": 0.02, fill: "none" }, root);
  return (layer) => {
    for (let square = 1; square <= n * n; square += 1) {
      const number = view.number(square);
      const { x, y } = squareCentre(square, n);
      const style = getComputedStyle(number);
      const size = parseFloat(style.fontSize) / unit;
      if (style.visibility === "hidden") continue; // a board of tasks without its numbers (notes-layer.mjs)
      const width = number.getBoundingClientRect().width / unit;
      const chip = getComputedStyle(view.cell(square)).backgroundColor;
      el("rect", { x: x - 0.45, y: y - 0.46, width, height: size * 1.15, rx: size * 0.2, fill: chip }, layer);
      const text = el(
        "text",
        {
          x: x - 0.45 + size * 0.15,
          y: y - 0.46 + size * 0.95,
          "font-size": size,
          "font-weight": 600,
          fill: style.color,
        },
        layer,
      );
      text.setAttribute("font-family", "system-ui, -apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif");
      text.textContent = String(square);
      const label = view.cell(square).dataset.label;
      if (label) {
        const colour = getComputedStyle(view.cell(square), "::before").color;
        const mark = el(
          "text",
          { x: x + 0.44, y: y + 0.42, "font-size": size, "font-weight": 700, "text-anchor": "end", fill: colour },
          layer,
        );
        mark.textContent = label;
      }
    }
  };
}

function gridLines(n) {
  const parts = [];
  for (let i = 1; i < n; i += 1) parts.push(`M ${i} 0 V ${n}`, `M 0 ${i} H ${n}`);
  return parts.join(" ");
}

/** The board as drawn, as a standalone SVG document (text). `size` is its width and height in pixels. */
export function boardSvg(view, size) {
  const n = view.n;
  const unit = view.stage.getBoundingClientRect().width / n;
  const root = el("svg", { xmlns: SVG_NS, viewBox: `-0.25 -0.25 ${n + 0.5} ${n + 0.5}`, width: size, height: size });
  root.setAttribute("role", "img");
  const title = el("title", {}, root);
  title.textContent = `Snakes and ladders board, ${n}×${n}`;
  el(
    "rect",
    {
      x: -0.25,
      y: -0.25,
      width: n + 0.5,
      height: n + 0.5,
      rx: 0.3,
      fill: getComputedStyle(view.frame).backgroundColor,
    },
    root,
  );
  const board = el("g", {}, root);
  const drawNumbers = drawSquares(view, board, unit);
  // The squares' words are in the file whatever the screen's zoom (notes-layer.mjs hides them when too small).
  const noteTexts = view.overlay.querySelector(".note-texts");
  const hiddenTexts = noteTexts?.getAttribute("display");
  noteTexts?.removeAttribute("display");
  for (const layer of view.overlay.children) {
    const copy = inlineStyles(layer);
    // Each snake or ladder is one group, named by a title, as a screen reader or an editor shows it.
    [...layer.children].forEach((jump, index) => {
      if (!(jump instanceof SVGGElement) || !jump.dataset.start) return;
      const name = el("title", {});
      name.textContent = `Square ${jump.dataset.start}: ${describeJump(Number(jump.dataset.start), Number(jump.dataset.end))}`;
      copy.children[index].prepend(name);
    });
    board.append(copy);
  }
  if (hiddenTexts) noteTexts.setAttribute("display", hiddenTexts);
  drawNumbers(el("g", {}, board));
  for (const token of view.stage.querySelectorAll(".token")) {
    if (token.hidden || !token.dataset.square || getComputedStyle(token).display === "none") continue;
    const { x: centreX, y: centreY } = standCentre(Number(token.dataset.square), n);
    const fan = fanOffsetOf(token); // a token sharing its square stands where the board shows it
    const [x, y] = [centreX + fan.x, centreY + fan.y];
    const r = token.getBoundingClientRect().width / unit / 2;
    const style = getComputedStyle(token);
    const fill = /rgb\([^)]*\)\s*70%/.exec(style.backgroundImage)?.[0].replace(/\s*70%$/, "") ?? style.backgroundColor;
    el("circle", { cx: x, cy: y, r, fill, stroke: "#ffffff", "stroke-width": r * 0.15 }, board);
  }
  return new XMLSerializer().serializeToString(root);
}

/** PNG's CRC-32 (ISO 3309) of `bytes`. O(bytes). */
function crc32(bytes) {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * `png` (bytes, IHDR first as PNG requires) with a pHYs chunk saying `dpi` dots an inch, so a printing
 * program sizes it (3000 pixels at 300 dpi: 10 inches) instead of assuming 72 or 96 dpi. A canvas
 * writes no pHYs of its own. O(bytes).
 */
export function withPrintDensity(png, dpi) {
  const ihdrEnd = 8 + 4 + 4 + 13 + 4; // signature, then IHDR's length, type, 13 data bytes and CRC
  const perMetre = Math.round(dpi / 0.0254);
  const chunk = new Uint8Array(4 + 4 + 9 + 4);
  const data = new DataView(chunk.buffer);
  data.setUint32(0, 9);
  chunk.set([0x70, 0x48, 0x59, 0x73], 4); // "pHYs"
  data.setUint32(8, perMetre);
  data.setUint32(12, perMetre);
  chunk[16] = 1; // unit: the metre
  data.setUint32(17, crc32(chunk.subarray(4, 17)));
  const out = new Uint8Array(png.length + chunk.length);
  out.set(png.subarray(0, ihdrEnd));
  out.set(chunk, ihdrEnd);
  out.set(png.subarray(ihdrEnd), ihdrEnd + chunk.length);
  return out;
}

/** The board as a PNG Blob of `size`×`size` pixels, drawn from the same SVG. */
export async function boardPng(view, size) {
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(boardSvg(view, size))}`;
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = size;
  canvas.height = size;
  canvas.getContext("2d").drawImage(image, 0, 0, size, size);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("the PNG could not be made"))), "image/png"),
  );
}

function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The printed page's list of snakes and ladders, in square order. */
function fillJumpList(list, board) {
  const items = [...board.jumps].map(([start, end]) => {
    const item = document.createElement("li");
    item.textContent = `Square ${start}: ${describeJump(start, end)}`;
    return item;
  });
  if (!items.length) {
    const item = document.createElement("li");
    item.textContent = "No snakes or ladders.";
    items.push(item);
  }
  list.replaceChildren(...items);
}

/**
 * The Export menu (PNG image, SVG image, Print) inside `root`, and the jumps list `sheet` shown only
 * on paper; both follow `view`'s board. `notify(text, kind)` says what each export did, or why it failed.
 * @param {{root: HTMLElement, sheet: HTMLElement, view: any, notify?: (text: string, kind: string) => void, print?: () => void}} options
 */
export function createExportControls({
  root,
  sheet,
  view,
  notify = (_text, _kind) => {},
  print = () => window.print(),
}) {
  const menu = root.querySelector("details");
  const list = sheet.querySelector("ul");
  const title = sheet.querySelector("h2");
  const refresh = () => {
    const board = view.board;
    if (!board) return;
    title.textContent = `Snakes and ladders, ${board.n}×${board.n}`;
    fillJumpList(list, board);
  };
  // The list is only on paper: it is rewritten just after the frame that shows an edit (its 750 items took
  // 2-3 ms of a dense 50×50 board's edit), and at once if the page is printed before that.
  view.addEventListener("render", afterNextFrame(refresh));
  addEventListener("beforeprint", refresh);
  refresh();
  const close = () => menu.removeAttribute("open");
  const size = () => Math.max(SVG_MIN, Math.min(SVG_MAX, view.n * 40));
  root.querySelector("[data-export=svg]").addEventListener("click", () => {
    close();
    download(new Blob([boardSvg(view, size())], { type: "image/svg+xml" }), exportName(view.n, "svg"));
    notify(`Downloaded ${exportName(view.n, "svg")}: the board as drawn, a picture that scales to any size.`, "info");
  });
  root.querySelector("[data-export=png]").addEventListener("click", async () => {
    close();
    const side = PNG_SIDE.toLocaleString("en");
    notify(`Making the PNG image (${side}×${side} pixels)…`, "info");
    try {
      const png = new Uint8Array(await (await boardPng(view, PNG_SIDE)).arrayBuffer());
      download(new Blob([withPrintDensity(png, PNG_DPI)], { type: "image/png" }), exportName(view.n, "png"));
      notify(
        `Downloaded ${exportName(view.n, "png")}: ${side}×${side} pixels, ${PNG_SIDE / PNG_DPI} inches wide at ${PNG_DPI} dpi.`,
        "info",
      );
    } catch (error) {
      notify(`The PNG image could not be made (${error.message}).`, "error");
    }
  });
  root.querySelector("[data-export=print]").addEventListener("click", () => {
    close();
    print();
  });
}
