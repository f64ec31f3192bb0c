// What is drawn over the squares: one set of switches (path, search, game tokens), the heat map's colour
// scale with its values, and the key of player colours. Switching only hides; nothing is lost. A switch is
// off and disabled while its layer has nothing to show, and comes on when something first appears there
// (a solve's path, Explain's search, a game's tokens). The heat map has its own button in the Random play
// panel (Show heat map), so it has no switch here.
import { formatApprox, formatPowerOfTen, isBounded } from "../core/format.mjs";

export const LAYERS = [
  { key: "path", label: "Path" },
  { key: "search", label: "Search" },
  { key: "players", label: "Game tokens" },
];

/** What on the board belongs to each layer's switch (the route's dashes are in the overlay's .marks). */
const SHOWN = {
  path: (view) =>
    view.grid.querySelector(".on-path, .landing") !== null || view.overlay.querySelector(".marks > *") !== null,
  search: (view) => view.grid.querySelector(".frontier, .wall, [data-label]") !== null,
  players: (view) => view.stage.querySelector(".token.player") !== null,
};

/**
 * A value for the legend in a bounded form: 3 significant digits, compact for large numbers, "about
 * m × 10^e" from 10^15 on and for the API's bounded objects (figures beyond float range).
 */
export function formatScale(value) {
  if (isBounded(value)) return formatApprox(value.mantissa, value.exponent);
  if (!Number.isFinite(value)) return "∞";
  if (value >= 1e15) return formatPowerOfTen(value);
  return new Intl.NumberFormat("en", {
    maximumSignificantDigits: 3,
    notation: value >= 1e6 ? "compact" : "standard",
  }).format(value);
}

/** `fraction` (0 to 1) of a legend maximum, a float or a bounded object. */
export function partOf(max, fraction) {
  if (!isBounded(max)) return max * fraction;
  if (fraction === 0) return 0;
  const mantissa = max.mantissa * fraction;
  return mantissa < 1 ? { ...max, mantissa: mantissa * 10, exponent: max.exponent - 1 } : { ...max, mantissa };
}

const hideKey = (key) => `hide${key[0].toUpperCase()}${key.slice(1)}`;

function checkbox({ key, label }, frame) {
  const wrap = document.createElement("label");
  wrap.className = "layer-switch";
  const input = document.createElement("input");
  input.type = "checkbox";
  input.checked = false;
  input.disabled = true;
  input.dataset.layer = key;
  input.addEventListener("change", () => {
    if (input.checked) delete frame.dataset[hideKey(key)];
    else frame.dataset[hideKey(key)] = "";
  });
  wrap.append(input, ` ${label}`);
  return wrap;
}

/**
 * Enable and tick each switch whose layer has just got something to show; disable and untick each whose
 * layer has just been emptied (and show it again by default, so the next solve's path is not hidden).
 */
function follow(switches, view) {
  for (const input of switches.querySelectorAll("input[data-layer]")) {
    const key = input.dataset.layer;
    const shown = SHOWN[key](view);
    if (shown === !input.disabled) continue;
    input.disabled = !shown;
    input.checked = shown;
    delete view.frame.dataset[hideKey(key)];
  }
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

/**
 * The key: one item per player, "Player 1"… with the seeded game's colours, or, when a game names its
 * players (`named`: `{name, colour}[]`, Play with real dice), their names and chosen colours.
 */
function playerKey(key, count, named = null) {
  key.hidden = count === 0;
  const items = Array.from({ length: count }, (_, index) => {
    const item = document.createElement("li");
    const swatch = document.createElement("span");
    swatch.className = `swatch player-${index + 1}`;
    swatch.setAttribute("aria-hidden", "true");
    if (named?.[index]) swatch.style.background = named[index].colour;
    item.append(swatch, named?.[index]?.name ?? `Player ${index + 1}`);
    return item;
  });
  key.replaceChildren(...items);
}

/**
 * Fill `root` with the layer switches, the heat legend and the player key, following `view`'s "heat"
 * and "players" events and its marks; the switches set data-hide-<layer> on `view.frame`.
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
  view.addEventListener("players", ({ detail }) => {
    playerKey(key, detail.count);
    follow(switches, view);
  });
  view.addEventListener("playernames", ({ detail }) => playerKey(key, detail.players.length, detail.players));
  // The marks come from several controllers (solve, explain, replay); the board's own changes say when
  // the layers may have filled or emptied. Records are batched: one look (three selector queries) per task.
  const observer = new MutationObserver(() => follow(switches, view));
  observer.observe(view.grid, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ["class", "data-label"],
  });
  observer.observe(view.overlay, { subtree: true, childList: true });
}
