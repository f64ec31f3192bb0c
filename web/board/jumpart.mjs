// Snakes and ladders as SVG pictures in board units, and the lanes that keep two jumps apart.
// A snake is a tapering curved body with a head at its start and a tail at its end; a ladder two rails and rungs.
import { JUMP_DRAWING } from "../core/contract.mjs";
import { squareCentre, strokeScale } from "./geometry.mjs";

const SVG = "http://www.w3.org/2000/svg";
/** The widest a bundle of jumps on one line spreads across its squares (in squares). */
const LANE_SPREAD = 0.62;
const EPSILON = 1e-6;
/**
 * Boards up to this size get snakes in full detail (a smooth body, a dashed spine, eyes). On larger ones a
 * square is a few pixels: the spine's dashes and the eyes cannot be seen, and painting the dashes of 750
 * snakes was most of the cost of redrawing a dense 50×50 board after an edit.
 */
export const FINE_DETAIL_MAX_N = 30;

export function svg(name, attributes = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  parent?.append(node);
  return node;
}

const round = (value) => Math.round(value * 1000) / 1000;

/**
 * The sideways offset (in squares) of every jump, so that no two jumps on one line that overlap, or
 * touch end to end, share a centre line: `Map<start, offset>`. O(j log j) for j jumps.
 */
export function laneOffsets(jumps, n) {
  const lines = new Map();
  for (const [start, end] of jumps) {
    if (start === end) continue;
    const a = squareCentre(start, n);
    const b = squareCentre(end, n);
    let ux = b.x - a.x;
    let uy = b.y - a.y;
    const length = Math.hypot(ux, uy);
    ux /= length;
    uy /= length;
    if (ux < -EPSILON || (Math.abs(ux) <= EPSILON && uy < 0)) [ux, uy] = [-ux, -uy]; // one direction per line
    const key = `${round(ux)},${round(uy)},${round(a.x * uy - a.y * ux)}`;
    const ta = a.x * ux + a.y * uy;
    const tb = b.x * ux + b.y * uy;
    if (!lines.has(key)) lines.set(key, []);
    lines.get(key).push({ start, from: Math.min(ta, tb), to: Math.max(ta, tb) });
  }
  const offsets = new Map();
  for (const members of lines.values()) {
    members.sort((p, q) => p.from - q.from || p.to - q.to);
    const laneEnds = []; // the furthest point each lane is used to so far
    const lanes = members.map((member) => {
      let lane = laneEnds.findIndex((end) => end < member.from - EPSILON);
      if (lane === -1) lane = laneEnds.push(0) - 1;
      laneEnds[lane] = member.to;
      return lane;
    });
    const count = laneEnds.length;
    const gap = count > 1 ? LANE_SPREAD / (count - 1) : 0;
    members.forEach((member, index) =>
      offsets.set(member.start, count > 1 ? (lanes[index] - (count - 1) / 2) * gap : 0),
    );
  }
  return offsets;
}

/**
 * What to change in a drawing of jumps to show `jumps` (Map start -> end) with lane `offsets` (Map start ->
 * offset, laneOffsets): `drawn` is Map start -> {end, offset} of what is on screen. Returns the starts to
 * take away (`remove`: gone, or drawn with another end or offset) and those to draw (`add`, in the order of
 * `jumps`); a start in both is redrawn. O(d + j) for d drawn and j jumps: an edit redraws only what changed.
 */
export function diffJumps(drawn, jumps, offsets) {
  const remove = [];
  const add = [];
  for (const [start, picture] of drawn) {
    if (jumps.get(start) !== picture.end || (offsets.get(start) ?? 0) !== picture.offset) remove.push(start);
  }
  for (const [start, end] of jumps) {
    const picture = drawn.get(start);
    if (!picture || picture.end !== end || picture.offset !== (offsets.get(start) ?? 0)) add.push(start);
  }
  return { remove, add };
}

/** The picture of one jump, offset sideways by `offset` squares; its centre line is on data-x1..y2. */
export function drawJump(start, end, n, offset = 0) {
  const k = strokeScale(n);
  const group = svg("g", { "data-start": start, "data-end": end });
  const a0 = squareCentre(start, n);
  if (start === end) {
    group.setAttribute("class", "jump self");
    svg("circle", { cx: a0.x, cy: a0.y - 0.2, r: 0.18, "stroke-width": 0.05 * k }, group);
    return group;
  }
  const b0 = squareCentre(end, n);
  const length = Math.hypot(b0.x - a0.x, b0.y - a0.y);
  const u = { x: (b0.x - a0.x) / length, y: (b0.y - a0.y) / length };
  const side = { x: -u.y, y: u.x };
  const a = { x: a0.x + side.x * offset, y: a0.y + side.y * offset };
  const b = { x: b0.x + side.x * offset, y: b0.y + side.y * offset };
  for (const [key, value] of Object.entries({ x1: a.x, y1: a.y, x2: b.x, y2: b.y }))
    group.dataset[key] = String(round(value));
  if (end > start) drawLadder(group, a, b, u, side, k);
  else drawSnake(group, a, b, u, side, k, n <= FINE_DETAIL_MAX_N);
  return group;
}

/**
 * Every picture stays inside its corridor: within JUMP_DRAWING's half width (in squares) of the segment
 * between its squares' centres, strokes included (round caps and joins reach half a stroke past a path).
 * The tidy check (Python's generate/tidy.py) keeps corridors apart, so it holds for what is drawn here.
 */
function drawLadder(group, a, b, u, side, k) {
  group.setAttribute("class", "jump ladder");
  const half = 0.15 * Math.max(k, 0.6);
  const stroke = 0.06 * Math.max(k, 0.5);
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  // The rails run a little past the square centres, as a ladder's feet and top do: as far as the corridor
  // allows, a rail's end (over, half) and its round cap within the half width of the centre.
  const room = JUMP_DRAWING.ladderHalfWidth - stroke / 2;
  const over = Math.min(0.18, Math.sqrt(Math.max(0, room * room - half * half)));
  const p = { x: a.x - u.x * over, y: a.y - u.y * over };
  const q = { x: b.x + u.x * over, y: b.y + u.y * over };
  // The two rails are one path of two lines: a 50×50 board's 375 ladders were 750 elements to build,
  // lay out and paint on a new tab.
  const rails = [-1, 1].map((sign) => {
    const dx = side.x * half * sign;
    const dy = side.y * half * sign;
    return `M ${round(p.x + dx)} ${round(p.y + dy)} L ${round(q.x + dx)} ${round(q.y + dy)}`;
  });
  svg("path", { class: "rail", d: rails.join(" "), "stroke-width": stroke }, group);
  // The rungs are one path, not an element each: a ladder across a 50×50 board has 200 rungs, and 750
  // jumps of elements made the board's drawing and painting take seconds.
  const rungs = Math.max(2, Math.round((length + 2 * over) / (0.32 * Math.max(k, 0.6))));
  const parts = [];
  for (let i = 1; i < rungs; i += 1) {
    const t = i / rungs;
    const x = p.x + (q.x - p.x) * t;
    const y = p.y + (q.y - p.y) * t;
    parts.push(
      `M ${round(x - side.x * half)} ${round(y - side.y * half)} L ${round(x + side.x * half)} ${round(y + side.y * half)}`,
    );
  }
  svg("path", { class: "rung", d: parts.join(" "), "data-rungs": rungs - 1, "stroke-width": stroke * 0.8 }, group);
}

/** A point and its unit normal on the snake's S-shaped centre line, t from 0 (head) to 1 (tail). */
function snakePoint(a, b, u, side, sway, t) {
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  const waves = Math.max(1, Math.min(4, Math.round(length / 1.6)));
  const angle = 2 * Math.PI * waves * t;
  const envelope = Math.sin(Math.PI * t); // no sway at the head or the tail, so both stay on their squares
  const along = length * t;
  const across = sway * Math.sin(angle) * envelope;
  // Slope of the centre line, for the normal.
  const dAcross =
    sway * (2 * Math.PI * waves * Math.cos(angle) * envelope + Math.PI * Math.cos(Math.PI * t) * Math.sin(angle));
  const tx = length * u.x + dAcross * side.x;
  const ty = length * u.y + dAcross * side.y;
  const norm = Math.hypot(tx, ty);
  return {
    x: a.x + u.x * along + side.x * across,
    y: a.y + u.y * along + side.y * across,
    nx: -ty / norm,
    ny: tx / norm,
  };
}

function drawSnake(group, a, b, u, side, k, fine) {
  group.setAttribute("class", "jump snake");
  const width = 0.13 * Math.max(k, 0.5); // half the body's width at the neck
  const edge = width * 0.125; // half the outline's stroke
  const reach = JUMP_DRAWING.snakeHalfWidth - edge;
  // The centre line sways at most `sway` off the segment, and the outline is `width` off the centre line.
  const sway = Math.min(0.28, 0.12 + 0.02 * Math.hypot(b.x - a.x, b.y - a.y), reach - width);
  const samples = fine ? 48 : 24;
  const left = [];
  const right = [];
  const spine = [];
  for (let i = 0; i <= samples; i += 1) {
    const t = i / samples;
    const p = snakePoint(a, b, u, side, sway, t);
    const w = width * (1 - 0.88 * t); // tapers from the neck to the tip of the tail
    left.push(`${round(p.x + p.nx * w)} ${round(p.y + p.ny * w)}`);
    right.push(`${round(p.x - p.nx * w)} ${round(p.y - p.ny * w)}`);
    spine.push(`${round(p.x)} ${round(p.y)}`);
  }
  svg(
    "path",
    { class: "body", d: `M ${left.join(" L ")} L ${right.reverse().join(" L ")} Z`, "stroke-width": width * 0.25 },
    group,
  );
  // The dashed spine only where it can be seen: none on a large board (375 elements fewer on a 50×50 one).
  if (fine) {
    const pattern = { "stroke-width": width * 0.5, "stroke-dasharray": `${width * 0.5} ${width * 0.9}` };
    svg("path", { class: "spine", d: `M ${spine.join(" L ")}`, ...pattern }, group);
  }
  // The head: an oval a little wider than the neck, pointing away from the body, with two eyes. Placed
  // and turned here, not with a transform: each transform starts a paint chunk of its own, and a dense
  // 50×50 board's 360 heads made compositing them cost about 4 ms a frame.
  // The oval reaches 1.35 heads from the start's centre (0.2 behind it, 1.15 its half length), inside the corridor.
  const head = Math.min(width * 1.75, reach / 1.35);
  const angle = (Math.atan2(-u.y, -u.x) * 180) / Math.PI;
  // A point (x along the head's axis, y across it) of the head, on the board.
  const at = (x, y) => ({ x: a.x - u.x * x + u.y * y, y: a.y - u.y * x - u.x * y });
  const face = svg("g", { class: "head" }, group);
  const [rx, ry] = [head * 1.15, head * 0.85];
  const [front, back] = [at(head * 0.2 + rx, 0), at(head * 0.2 - rx, 0)];
  const arc = (to) => `A ${round(rx)} ${round(ry)} ${round(angle)} 1 0 ${round(to.x)} ${round(to.y)}`;
  svg(
    "path",
    {
      class: "skull",
      d: `M ${round(front.x)} ${round(front.y)} ${arc(back)} ${arc(front)} Z`,
      "stroke-width": width * 0.25,
    },
    face,
  );
  if (!fine) return;
  for (const sign of [-1, 1]) {
    const eye = at(head * 0.55, sign * head * 0.42);
    const pupil = at(head * 0.62, sign * head * 0.42);
    svg("circle", { class: "eye", cx: round(eye.x), cy: round(eye.y), r: head * 0.26 }, face);
    svg("circle", { class: "pupil", cx: round(pupil.x), cy: round(pupil.y), r: head * 0.12 }, face);
  }
}
