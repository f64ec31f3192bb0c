// The game-length chart: bars for the chance of finishing on each turn, a line for finishing by it.
// Pure SVG built from nodes, with labelled axes; the numbers come from Python.

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 360;
const HEIGHT = 200;
const PAD = { left: 44, right: 46, top: 12, bottom: 36 };
/**
 * Where an axis label's baseline stands from its edge of the chart. Turned a quarter, a label's letters rise
 * from the baseline away from the plot on the right (turned clockwise, to read downwards) and towards it on
 * the left: the right one needs room for its letters' height (10 px text) inside the box, or they are cut.
 */
const LABEL_INSET = { left: 10, right: 10 };

function node(name, attributes = {}, parent = null, text = null) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  if (text !== null) element.textContent = text;
  parent?.append(element);
  return element;
}

/** A tick step of 1, 2 or 5 times a power of ten giving about `count` ticks over `span`. */
function niceStep(span, count) {
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * power).find((step) => step >= raw) ?? 10 * power;
}

/**
 * Draw into `container` the distribution `exact[t-1]` = P(finish on turn t) and
 * `by[t-1]` = P(finish by turn t). Turns past the point where 99.9% have finished are cut.
 */
export function drawLengthChart(container, exact, by, { title = "Game length" } = {}) {
  let shown = by.findIndex((p) => p >= 0.999) + 1;
  if (shown <= 0) shown = exact.length;
  shown = Math.max(shown, 1);
  const turns = exact.slice(0, shown);
  const cumulative = by.slice(0, shown);
  const peak = Math.max(...turns, 1e-12);
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (turn) => PAD.left + ((turn - 0.5) / shown) * plotW;
  const yBar = (p) => PAD.top + plotH - (p / peak) * plotH;
  const yLine = (p) => PAD.top + plotH - p * plotH;

  const chart = node("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", class: "length-chart" });
  node("title", {}, chart, title);
  node(
    "desc",
    {},
    chart,
    `Bars: chance of finishing on each turn, up to ${(peak * 100).toFixed(1)}%. Line: chance of having finished by that turn.`,
  );

  const barWidth = Math.max(plotW / shown - 1, 0.5);
  const bars = node("g", { class: "bars" }, chart);
  turns.forEach((p, index) => {
    const top = yBar(p);
    node("rect", { x: x(index + 1) - barWidth / 2, y: top, width: barWidth, height: PAD.top + plotH - top }, bars);
  });
  const points = cumulative.map((p, index) => `${x(index + 1).toFixed(2)},${yLine(p).toFixed(2)}`).join(" ");
  node("polyline", { class: "cdf", points }, chart);

  drawAxes(chart, { shown, peak, plotW, plotH, x, yBar, yLine });
  container.replaceChildren(chart);
}

/** The axes of the chart: the turns below, the bars' percentages on the left, the line's on the right. */
function drawAxes(chart, { shown, peak, plotW, plotH, x, yBar, yLine }) {
  const axes = node("g", { class: "axes" }, chart);
  node("line", { x1: PAD.left, y1: PAD.top + plotH, x2: PAD.left + plotW, y2: PAD.top + plotH }, axes);
  node("line", { x1: PAD.left, y1: PAD.top, x2: PAD.left, y2: PAD.top + plotH }, axes);
  node("line", { x1: PAD.left + plotW, y1: PAD.top, x2: PAD.left + plotW, y2: PAD.top + plotH }, axes);

  const xStep = niceStep(shown, 6);
  for (let turn = xStep; turn <= shown; turn += xStep) {
    node("text", { x: x(turn), y: PAD.top + plotH + 13, class: "tick", "text-anchor": "middle" }, axes, String(turn));
  }
  const yStep = niceStep(peak * 100, 4);
  for (let percent = 0; percent <= peak * 100 + 1e-9; percent += yStep) {
    const y = yBar(percent / 100);
    node("text", { x: PAD.left - 5, y: y + 3, class: "tick", "text-anchor": "end" }, axes, `${+percent.toFixed(2)}%`);
  }
  for (const percent of [0, 50, 100]) {
    node("text", { x: PAD.left + plotW + 5, y: yLine(percent / 100) + 3, class: "tick cdf-tick" }, axes, `${percent}%`);
  }
  node(
    "text",
    { x: PAD.left + plotW / 2, y: HEIGHT - 4, class: "label", "text-anchor": "middle" },
    axes,
    "Turn (rolls of the die)",
  );
  const [left, right, middle] = [LABEL_INSET.left, WIDTH - LABEL_INSET.right, PAD.top + plotH / 2];
  node(
    "text",
    { x: left, y: middle, class: "label", "text-anchor": "middle", transform: `rotate(-90 ${left} ${middle})` },
    axes,
    "Finish on this turn",
  );
  node(
    "text",
    {
      x: right,
      y: middle,
      class: "label cdf-label",
      "text-anchor": "middle",
      transform: `rotate(90 ${right} ${middle})`,
    },
    axes,
    "Finished by then",
  );
}
