// The board for paper: drawn by the export's SVG builder (web/board/export.mjs) from a board view of its
// own, off screen and in the light colours, so the printed board has no token, highlight, heat map or
// search label on it whatever the screen shows; then recoloured for the chosen style.
import { BoardView } from "../board/render.mjs";
import { boardSvg } from "../board/export.mjs";
import { squareCentre } from "../board/geometry.mjs";

/** The styles: full colour, ink-saver (light fills, dark lines) and colouring-in (outlines only). */
export const STYLES = Object.freeze({ colour: "Colour", ink: "Ink-saver", outline: "Colouring-in" });

/** `[r, g, b, a]` from a computed colour ("rgb(1, 2, 3)", "rgba(1 2 3 / 0.5)", "#abc"), or null ("none"). */
export function parseColour(text) {
  const value = String(text ?? "").trim();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value);
  if (hex) {
    const digits = hex[1].length === 3 ? [...hex[1]].map((d) => d + d) : hex[1].match(/../g);
    return [...digits.map((d) => parseInt(d, 16)), 1];
  }
  const rgb = /^rgba?\(([^)]*)\)$/.exec(value);
  if (!rgb) return null;
  const parts = rgb[1]
    .split(/[\s,/]+/)
    .filter(Boolean)
    .map(Number);
  if (parts.length < 3 || parts.some(Number.isNaN)) return null;
  return [parts[0], parts[1], parts[2], parts[3] ?? 1];
}

/** @param {number[]} colour */
const toText = ([r, g, b]) => `rgb(${[r, g, b].map((v) => Math.round(v)).join(",")})`;
const mix = (colour, target, share) => colour.map((v, i) => (i < 3 ? v + (target - v) * share : v));
/** Relative brightness from 0 (black) to 1 (white), near enough for choosing ink. @param {number[]} colour */
export const lightness = ([r, g, b]) => (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;

/**
 * The colour `text` in `style` for a fill (`role` "fill") or a line ("stroke"), as CSS text; "none" stays.
 * Ink-saver lightens fills to a fifth of their ink and darkens lines; colouring-in makes every fill white
 * and every line black. Dark fills (text, pupils) stay dark in both: they are lines to the eye.
 */
export function restyleColour(text, role, style) {
  const colour = parseColour(text);
  if (!colour || colour[3] === 0 || style === "colour") return text;
  const dark = lightness(colour) < 0.3;
  if (style === "outline") return role === "stroke" || dark ? "rgb(0,0,0)" : "rgb(255,255,255)";
  if (role === "stroke") return toText(mix(colour, 0, 0.45));
  return dark ? text : toText(mix(colour, 255, 0.8));
}

/** Recolour every shape of `root` (an SVG element) for `style`; colouring-in outlines the filled shapes. */
export function restyle(root, style) {
  if (style === "colour") return;
  for (const node of root.querySelectorAll("*")) {
    for (const role of ["fill", "stroke"]) {
      const value = node.getAttribute(role);
      if (value) node.setAttribute(role, restyleColour(value, role, style));
    }
    if (style !== "outline") continue;
    if (node.hasAttribute("stroke-dasharray")) node.setAttribute("stroke-width", "0.03");
    const filled = node.getAttribute("fill") && node.getAttribute("fill") !== "none";
    const unstroked = !node.getAttribute("stroke") || node.getAttribute("stroke") === "none";
    if (filled && unstroked && ["path", "ellipse", "circle", "polygon"].includes(node.localName)) {
      node.setAttribute("stroke", "rgb(0,0,0)");
      node.setAttribute("stroke-width", "0.015");
    }
    node.removeAttribute("opacity");
  }
  // The grid's outer edge: the colours drew it, outlines alone would leave the squares open.
  const side = root.viewBox.baseVal.width - 0.5;
  const board = root.querySelector("g");
  if (style === "outline" && board) {
    const edge = document.createElementNS(root.namespaceURI, "rect");
    for (const [key, value] of Object.entries({
      x: 0,
      y: 0,
      width: side,
      height: side,
      fill: "none",
      stroke: "rgb(0,0,0)",
      "stroke-width": 0.03,
    }))
      edge.setAttribute(key, String(value));
    board.append(edge);
  }
}

/** The route's moves numbered on the board: a numbered disc where each move ends. O(moves). */
function numberMoves(root, n, steps) {
  const layer = document.createElementNS(root.namespaceURI, "g");
  steps.forEach((step, index) => {
    const { x, y } = squareCentre(step.end, n);
    const disc = document.createElementNS(root.namespaceURI, "circle");
    for (const [key, value] of Object.entries({
      cx: x + 0.22,
      cy: y + 0.22,
      r: 0.2,
      fill: "#fff",
      stroke: "#000",
      "stroke-width": 0.03,
    }))
      disc.setAttribute(key, String(value));
    const label = document.createElementNS(root.namespaceURI, "text");
    for (const [key, value] of Object.entries({
      x: x + 0.22,
      y: y + 0.31,
      "font-size": 0.26,
      "font-weight": 700,
      "text-anchor": "middle",
      fill: "#000",
    }))
      label.setAttribute(key, String(value));
    label.textContent = String(index + 1);
    layer.append(disc, label);
  });
  root.querySelector("g")?.append(layer);
}

/** The off-screen place the print view is laid out in (it must be laid out: the builder measures it). */
function offScreen() {
  const box = document.createElement("div");
  box.setAttribute("aria-hidden", "true");
  box.className = "print-offscreen";
  Object.assign(box.style, {
    position: "fixed",
    left: "-12000px",
    top: "0",
    width: "900px",
    colorScheme: "light",
    pointerEvents: "none",
  });
  box.inert = true;
  document.body.append(box);
  return box;
}

/**
 * The board `live` shows, as an SVG element for paper in `style`: the squares, numbers, snakes and ladders,
 * the layers other features add to the overlay (the squares' notes), no numbers when the live view hides
 * them, and `route` (a solve result's
 * `{path, steps}`) when given. Costs one drawing of the board: O(n²).
 */
export function boardPicture(live, style, route = null) {
  const box = offScreen();
  try {
    const frame = document.createElement("div");
    box.append(frame);
    const view = new BoardView(frame);
    view.render(live.board);
    for (const layer of live.overlay.children) {
      const own = layer.classList.contains("marks") || layer.classList.contains("jumps") || layer.localName !== "g";
      if (!own) view.overlay.append(layer.cloneNode(true));
    }
    for (const [key, value] of Object.entries(live.frame.dataset))
      if (key.startsWith("hide")) frame.dataset[key] = value;
    // A board of tasks without its numbers (Hide numbers): the notes layer hides them on the live view's
    // squares only, and a fresh view draws them all, so the paper showed them.
    if (live.frame.dataset.numbers === "hidden") {
      view.numbers.style.visibility = "hidden";
    }
    if (route?.path) {
      view.mark({ path: new Set(route.path), landings: new Set(route.steps.map((step) => step.landing)) });
      view.drawRoute(route.steps);
    }
    const text = boardSvg(view, 1000);
    const svg = /** @type {SVGSVGElement} */ (
      /** @type {unknown} */ (new DOMParser().parseFromString(text, "image/svg+xml").documentElement)
    );
    // A character XML refuses would make the parser hand back its error page instead of the board.
    if (svg.localName !== "svg")
      throw new Error(`the board's drawing could not be read back (${svg.textContent.slice(0, 120)})`);
    restyle(svg, style);
    if (route?.path) numberMoves(svg, live.n, route.steps);
    return document.importNode(svg, true);
  } finally {
    box.remove();
  }
}
