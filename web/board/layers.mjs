// What is drawn over the squares: one set of switches (path, heat map, search, game tokens), the heat
// map's colour scale with its values, and the key of player colours. Switching only hides; nothing is lost.
import { formatApprox, formatPowerOfTen, isBounded } from "../core/format.mjs";

export const LAYERS = [
  { key: "path", label: "Path" },
  { key: "heat", label: "Heat map" },
  { key: "search", label: "Search" },
  { key: "players", label: "Game tokens" },
];

/**
 * A value for the legend in a bounded form: 3 significant digits, compact for large numbers, "about
 * m × 10^e" from 10^15 on and for the API's bounded objects (figures beyond float range).
 */
export function formatScale(value) {
  if (isBounded(value)) return formatApprox(value.mantissa, value.exponent);
  if (!Number.isFinite(value)) return "∞";
  if (value >= 1e15) return formatPowerOfTen(value);
  return new Intl.NumberFormat("en", { maximumSignificantDigits: 3, notation: value >= 1e6 ? "compact" : "standard" }).format(value);
}

/** `fraction` (0 to 1) of a legend maximum, a float or a bounded object. */
export function partOf(max, fraction) {
  if (!isBounded(max)) return max * fraction;
  if (fraction === 0) return 0;
  const mantissa = max.mantissa * fraction;
  return mantissa < 1 ? { ...max, mantissa: mantissa * 10, exponent: max.exponent - 1 } : { ...max, mantissa };
}

function checkbox({ key, label }, frame) {
  const wrap = document.createElement("label");
  wrap.className = "layer-switch";
  const input = document.createElement("input");
  input.type = "checkbox";
  input.checked = true;
  input.dataset.layer = key;
  input.addEventListener("change", () => {
    if (input.checked) delete frame.dataset[`hide${key[0].toUpperCase()}${key.slice(1)}`];
    else frame.dataset[`hide${key[0].toUpperCase()}${key.slice(1)}`] = "";
  });
  wrap.append(input, ` ${label}`);
  return wrap;
}

function heatLegend(legend, detail) {
  legend.hidden = !detail.shown;
  if (!detail.shown) return;
  const max = detail.scale?.max ?? 1;
  const title = document.createElement("span");
  title.className = "legend-title";
  title.textContent = detail.scale?.label ?? "Heat";
  const bar = document.createElement("span");
  bar.className = "heat-bar";
  bar.setAttribute("aria-hidden", "true");
  const ticks = document.createElement("span");
  ticks.className = "heat-ticks";
  for (const fraction of [0, 0.5, 1]) {
    const tick = document.createElement("span");
    tick.textContent = formatScale(partOf(max, fraction));
    ticks.append(tick);
  }
  legend.setAttribute("aria-label", `Heat map scale: from 0 (no tint) to ${formatScale(max)} (strongest tint)`);
  legend.replaceChildren(title, bar, ticks);
}

function playerKey(key, count) {
  key.hidden = count === 0;
  const items = Array.from({ length: count }, (_, index) => {
    const item = document.createElement("li");
    const swatch = document.createElement("span");
    swatch.className = `swatch player-${index + 1}`;
    swatch.setAttribute("aria-hidden", "true");
    item.append(swatch, `Player ${index + 1}`);
    return item;
  });
  key.replaceChildren(...items);
}

/**
 * Fill `root` with the layer switches, the heat legend and the player key, following `view`'s "heat"
 * and "players" events; the switches set data-hide-<layer> on `view.frame`.
 */
export function createLayerControls({ root, view }) {
  const switches = document.createElement("fieldset");
  switches.className = "layers";
  const legend = document.createElement("legend");
  legend.textContent = "Show";
  switches.append(legend, ...LAYERS.map((layer) => checkbox(layer, view.frame)));
  const heat = document.createElement("div");
  heat.className = "heat-legend";
  heat.setAttribute("role", "img");
  heat.hidden = true;
  const key = document.createElement("ul");
  key.className = "player-key";
  key.setAttribute("aria-label", "Player colours");
  key.hidden = true;
  root.append(switches, heat, key);
  view.addEventListener("heat", ({ detail }) => heatLegend(heat, detail));
  view.addEventListener("players", ({ detail }) => playerKey(key, detail.count));
}
