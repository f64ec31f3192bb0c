// Export and print: the board as drawn, as a standalone SVG or a PNG file, and the printed page's jumps list.
// The SVG is built from what is on screen (computed colours inlined), so it needs no stylesheet or font file.
import { squareCentre, standCentre } from "./geometry.mjs";
import { describeJump } from "../core/state.mjs";

const SVG_NS = "http://www.w3.org/2000/svg";
/** Style properties copied onto every drawn shape, so the file looks the same without the stylesheet. */
const SHAPE_STYLE = ["fill", "stroke", "opacity", "stroke-linecap", "stroke-linejoin", "fill-opacity", "stroke-opacity"];
/** The PNG's side in pixels: 40 per square, at least 800 and at most 2400 (a 50×50 board is 2400). */
const PNG_MIN = 800;
const PNG_MAX = 2400;

const fmt = (value) => String(Math.round(value * 1000) / 1000);

function el(name, attributes = {}, parent = null) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, typeof value === "number" ? fmt(value) : String(value));
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
    const heat = cell.classList.contains("heat") && style.display !== "none" ? Number(cell.style.getPropertyValue("--heat")) : 0;
    if (heat > 0 && style.backgroundImage !== "none") {
      const tint = `rgb(${style.getPropertyValue("--heat-rgb").trim().split(/\s+/).join(",")})`;
      el("rect", { x: x - 0.5, y: y - 0.5, width: 1, height: 1, fill: tint, "fill-opacity": heat * 0.75 }, root);
    }
  }
  const edge = getComputedStyle(view.cell(1)).borderTopColor;
  el("path", { d: gridLines(n), stroke: edge, "stroke-width": 0.02, fill: "none" }, root);
  return (layer) => {
    for (let square = 1; square <= n * n; square += 1) {
      const number = view.cell(square).querySelector(".num");
      const { x, y } = squareCentre(square, n);
      const style = getComputedStyle(number);
      const size = parseFloat(style.fontSize) / unit;
      const width = number.getBoundingClientRect().width / unit;
      const chip = getComputedStyle(view.cell(square)).backgroundColor;
      el("rect", { x: x - 0.45, y: y - 0.46, width, height: size * 1.15, rx: size * 0.2, fill: chip }, layer);
      const text = el("text", { x: x - 0.45 + size * 0.15, y: y - 0.46 + size * 0.95, "font-size": size, "font-weight": 600, fill: style.color }, layer);
      text.setAttribute("font-family", "system-ui, -apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif");
      text.textContent = String(square);
      const label = view.cell(square).dataset.label;
      if (label) {
        const colour = getComputedStyle(view.cell(square), "::before").color;
        const mark = el("text", { x: x + 0.44, y: y + 0.42, "font-size": size, "font-weight": 700, "text-anchor": "end", fill: colour }, layer);
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
  el("rect", { x: -0.25, y: -0.25, width: n + 0.5, height: n + 0.5, rx: 0.3, fill: getComputedStyle(view.frame).backgroundColor }, root);
  const board = el("g", {}, root);
  const drawNumbers = drawSquares(view, board, unit);
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
  drawNumbers(el("g", {}, board));
  for (const token of view.stage.querySelectorAll(".token")) {
    if (token.hidden || !token.dataset.square || getComputedStyle(token).display === "none") continue;
    const { x, y } = standCentre(Number(token.dataset.square), n);
    const r = token.getBoundingClientRect().width / unit / 2;
    const style = getComputedStyle(token);
    const fill = /rgb\([^)]*\)\s*70%/.exec(style.backgroundImage)?.[0].replace(/\s*70%$/, "") ?? style.backgroundColor;
    el("circle", { cx: x, cy: y, r, fill, stroke: "#ffffff", "stroke-width": r * 0.15 }, board);
  }
  return new XMLSerializer().serializeToString(root);
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
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("the PNG could not be made"))), "image/png"));
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
 * on paper; both follow `view`'s board. `notify(text, kind)` reports a failure.
 * @param {{root: HTMLElement, sheet: HTMLElement, view: any, notify?: (text: string, kind: string) => void}} options
 */
export function createExportControls({ root, sheet, view, notify = (_text, _kind) => {} }) {
  const menu = root.querySelector("details");
  const list = sheet.querySelector("ul");
  const title = sheet.querySelector("h2");
  const refresh = () => {
    const board = view.board;
    if (!board) return;
    title.textContent = `Snakes and ladders, ${board.n}×${board.n}`;
    fillJumpList(list, board);
  };
  view.addEventListener("render", refresh);
  refresh();
  const close = () => menu.removeAttribute("open");
  const size = () => Math.max(PNG_MIN, Math.min(PNG_MAX, view.n * 40));
  root.querySelector("[data-export=svg]").addEventListener("click", () => {
    close();
    download(new Blob([boardSvg(view, size())], { type: "image/svg+xml" }), exportName(view.n, "svg"));
  });
  root.querySelector("[data-export=png]").addEventListener("click", async () => {
    close();
    try {
      download(await boardPng(view, size()), exportName(view.n, "png"));
    } catch (error) {
      notify(`The PNG image could not be made (${error.message}).`, "error");
    }
  });
  root.querySelector("[data-export=print]").addEventListener("click", () => {
    close();
    window.print();
  });
}
