// A small drawing of a board for lists: an SVG with the squares' grid and each jump as a line.
// Built with DOM APIs only; the board is `{n, jumps}` with jumps a Map or a list of [start, end].
import { plural } from "../core/format.mjs";
import { squareToCell } from "../core/grid.mjs";

const SVG = "http://www.w3.org/2000/svg";

function node(name, attributes, parent) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  parent?.append(element);
  return element;
}

/** An <svg role="img"> of the board, `size` pixels wide, labelled with its size and jumps. */
export function thumbnail({ n, jumps }, size = 72) {
  const pairs = [...jumps];
  const ladders = pairs.filter(([start, end]) => end > start).length;
  const snakes = pairs.filter(([start, end]) => end < start).length;
  const drawing = node("svg", { viewBox: `0 0 ${n} ${n}`, width: size, height: size, role: "img", class: "thumbnail" });
  drawing.setAttribute(
    "aria-label",
    `${n}×${n} board with ${plural(ladders, "ladder")} and ${plural(snakes, "snake")}`,
  );
  node("rect", { x: 0, y: 0, width: n, height: n, class: "thumb-paper" }, drawing);
  const grid = node("path", { class: "thumb-grid", "stroke-width": n / size }, drawing);
  let lines = "";
  for (let k = 1; k < n; k += 1) lines += `M${k} 0V${n}M0 ${k}H${n}`;
  grid.setAttribute("d", lines);
  const width = Math.max(0.12, (n * 2) / size);
  for (const [start, end] of pairs) {
    const a = squareToCell(start, n);
    const b = squareToCell(end, n);
    const kind = end > start ? "ladder" : end < start ? "snake" : "jump";
    node(
      "line",
      {
        x1: a.col + 0.5,
        y1: a.row + 0.5,
        x2: b.col + 0.5,
        y2: b.row + 0.5,
        class: `thumb-${kind}`,
        "stroke-width": width,
      },
      drawing,
    );
  }
  return drawing;
}
