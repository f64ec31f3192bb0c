// Zoom and pan of the board: buttons, Ctrl+wheel or pinch to zoom; the wheel, two fingers, one finger
// (the browser scrolls the zoomed viewport) or a mouse drag where the board is not drawn on, to pan;
// + - 0 keys; the view keeps the focused square and a moving token in sight. Only the stage's size changes.
import { squareCentre } from "./geometry.mjs";

const STEP = 1.5;
/** The closest zoom shows about 8 squares across, never less than the whole board. */
export function maxZoom(n) {
  return Math.max(1, n / 8);
}

export function clampZoom(zoom, n) {
  return Math.min(maxZoom(n), Math.max(1, zoom));
}

/**
 * Add Zoom out / Zoom in / Fit buttons to `root` and handle zoom gestures on `view`'s viewport.
 * The zoom level is on the board frame as data-zoom (1 = the whole board). `panByMouse()`: whether a
 * mouse drag pans a zoomed board now (the Pan tool, or a workspace where the board is not drawn on).
 */
export function createZoomControls({ root, view, panByMouse = () => false }) {
  const viewport = view.viewport;
  let zoom = 1;
  const { out, level, into, fit } = zoomButtons(root, {
    zoomOut: () => zoomBy(1 / STEP),
    zoomIn: () => zoomBy(STEP),
    fit: () => setZoom(1),
  });

  /**
   * Zoom to `next`, keeping the board point under (clientX, clientY) where it is (default: the middle).
   * The viewport's box and scroll are touched only when the view scrolls (each touch lays the page
   * out at once): the first call, made while the page starts, then costs no layout.
   */
  function setZoom(next, clientX = null, clientY = null) {
    next = clampZoom(next, view.n || 1);
    const scroll = next > 1 || zoom > 1 ? scrollAfter(viewport, next / zoom, clientX, clientY) : null;
    zoom = next;
    showZoom(view.frame, zoom);
    if (scroll) {
      viewport.scrollLeft = zoom > 1 ? scroll.left : 0;
      viewport.scrollTop = zoom > 1 ? scroll.top : 0;
    }
    sync();
  }

  function zoomBy(factor, clientX = null, clientY = null) {
    setZoom(zoom * factor, clientX, clientY);
  }

  const sync = () => syncButtons({ root, out, level, into, fit }, view.n || 1, zoom);

  const keepInView = (point) => scrollToShow(viewport, view.n, zoom, point);

  wheelAndKeys(view, {
    zoomBy,
    setZoom,
    keepInView,
    get zoom() {
      return zoom;
    },
  });
  follow(view, keepInView);
  pinch(viewport, view, zoomBy);
  mousePan(viewport, () => zoom > 1 && panByMouse());
  view.addEventListener("render", () => {
    if (zoom > maxZoom(view.n)) setZoom(maxZoom(view.n));
    else sync();
  });
  setZoom(1);
  return {
    setZoom,
    get zoom() {
      return zoom;
    },
  };
}

/** The zoom on the board's frame: its scale (--zoom), and data-zoom and data-zoomed for CSS and the tests. */
function showZoom(frame, zoom) {
  frame.style.setProperty("--zoom", String(zoom));
  frame.dataset.zoom = String(Math.round(zoom * 100) / 100);
  if (zoom > 1) frame.dataset.zoomed = "";
  else delete frame.dataset.zoomed;
}

/** The zoom buttons and level as the zoom and the board's size `n` allow. */
function syncButtons({ root, out, level, into, fit }, n, zoom) {
  root.hidden = maxZoom(n) <= 1; // a board of 8×8 or less always fits
  level.textContent = `${Math.round(zoom * 100)}%`;
  out.disabled = zoom <= 1;
  into.disabled = zoom >= maxZoom(n) - 1e-9;
  fit.disabled = zoom <= 1;
}

/** Where `viewport` scrolls to when the zoom grows by `ratio`, keeping (clientX, clientY), or its middle, in place. */
function scrollAfter(viewport, ratio, clientX, clientY) {
  const box = viewport.getBoundingClientRect();
  const px = (clientX ?? box.left + box.width / 2) - box.left;
  const py = (clientY ?? box.top + box.height / 2) - box.top;
  return { left: (viewport.scrollLeft + px) * ratio - px, top: (viewport.scrollTop + py) * ratio - py };
}

function zoomButtons(root, actions) {
  const button = (text, label, action) => {
    const node = document.createElement("button");
    node.type = "button";
    node.textContent = text;
    node.setAttribute("aria-label", label);
    node.title = label;
    node.addEventListener("click", action);
    root.append(node);
    return node;
  };
  const out = button("−", "Zoom out", actions.zoomOut);
  const level = document.createElement("span");
  level.className = "zoom-level";
  level.setAttribute("aria-live", "polite");
  level.setAttribute("aria-label", "Zoom level");
  root.append(level);
  const into = button("+", "Zoom in", actions.zoomIn);
  const fit = button("Fit", "Fit the board", actions.fit);
  return { out, level, into, fit };
}

/** Scroll `viewport` so that `point` (board units) is in view with a square and a half to spare. */
function scrollToShow(viewport, n, zoom, point) {
  if (zoom <= 1) return;
  const unit = (viewport.clientWidth * zoom) / n;
  const x = point.x * unit;
  const y = point.y * unit;
  const margin = unit * 1.5;
  const { scrollLeft, scrollTop, clientWidth, clientHeight } = viewport;
  if (x < scrollLeft + margin || x > scrollLeft + clientWidth - margin) viewport.scrollLeft = x - clientWidth / 2;
  if (y < scrollTop + margin || y > scrollTop + clientHeight - margin) viewport.scrollTop = y - clientHeight / 2;
}

/** Ctrl+wheel (and a trackpad pinch) zooms about the pointer, the wheel pans a zoomed board; + - 0 keys. */
function wheelAndKeys(view, zoom) {
  const viewport = view.viewport;
  const { zoomBy, setZoom, keepInView } = zoom;
  viewport.addEventListener(
    "wheel",
    (event) => {
      if (event.ctrlKey || event.metaKey) {
        event.preventDefault();
        zoomBy(Math.exp(-event.deltaY / 300), event.clientX, event.clientY);
      } else if (zoom.zoom > 1) {
        event.preventDefault();
        viewport.scrollLeft += event.shiftKey ? event.deltaY : event.deltaX;
        viewport.scrollTop += event.shiftKey ? 0 : event.deltaY;
      }
    },
    { passive: false },
  );
  viewport.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === "+" || event.key === "=") zoomBy(STEP);
    else if (event.key === "-") zoomBy(1 / STEP);
    else if (event.key === "0") setZoom(1);
    else return;
    event.preventDefault();
    const square = view.focusedSquare();
    if (square !== null) keepInView(squareCentre(square, view.n));
  });
}

/** The focused square (arrow keys) and a moving token stay in sight. */
function follow(view, keepInView) {
  const viewport = view.viewport;
  viewport.addEventListener("focusin", (event) => {
    const square = event.target instanceof HTMLElement ? Number(event.target.dataset.square) : NaN;
    if (square) keepInView(squareCentre(square, view.n));
  });
  new MutationObserver((records) => {
    for (const record of records) {
      const token = /** @type {HTMLElement} */ (record.target);
      if (
        token.classList.contains("token") &&
        token.dataset.square &&
        !token.hidden &&
        Number(token.dataset.square) > 0
      ) {
        keepInView(squareCentre(Number(token.dataset.square), view.n));
      }
    }
  }).observe(view.stage, { attributes: true, attributeFilter: ["data-square"], subtree: true });
}

/** Two fingers on the board pinch to zoom and drag to pan; the editor's one-finger drag is cancelled. */
function pinch(viewport, view, zoomBy) {
  const pointers = new Map();
  let last = null;
  const measure = () => {
    const [a, b] = [...pointers.values()];
    return { distance: Math.hypot(a.x - b.x, a.y - b.y), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  };
  viewport.addEventListener(
    "pointerdown",
    (event) => {
      if (event.pointerType !== "touch") return;
      pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (pointers.size !== 2) return;
      event.stopPropagation();
      const [first] = pointers.keys();
      view.grid.dispatchEvent(new PointerEvent("pointercancel", { pointerId: first, bubbles: true }));
      last = measure();
    },
    { capture: true },
  );
  viewport.addEventListener(
    "pointermove",
    (event) => {
      if (!pointers.has(event.pointerId)) return;
      pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (pointers.size !== 2 || !last) return;
      event.stopPropagation();
      const now = measure();
      viewport.scrollLeft -= now.x - last.x;
      viewport.scrollTop -= now.y - last.y;
      if (last.distance > 0) zoomBy(now.distance / last.distance, now.x, now.y);
      last = now;
    },
    { capture: true },
  );
  const lift = (event) => {
    // The pointercancel sent above, to end the editor's drag, is not a finger lifted: the pinch keeps it.
    if (!event.isTrusted) return;
    pointers.delete(event.pointerId);
    if (pointers.size < 2) last = null;
  };
  viewport.addEventListener("pointerup", lift, { capture: true });
  viewport.addEventListener("pointercancel", lift, { capture: true });
}

/** A mouse drag pans the zoomed board when `can()`: a finger does so by itself (the viewport scrolls). */
function mousePan(viewport, can) {
  let last = null;
  viewport.addEventListener("pointerdown", (event) => {
    if (event.pointerType !== "mouse" || event.button !== 0 || !can()) return;
    last = { id: event.pointerId, x: event.clientX, y: event.clientY };
  });
  viewport.addEventListener("pointermove", (event) => {
    if (!last || event.pointerId !== last.id) return;
    viewport.scrollLeft -= event.clientX - last.x;
    viewport.scrollTop -= event.clientY - last.y;
    last = { ...last, x: event.clientX, y: event.clientY };
  });
  for (const type of ["pointerup", "pointercancel", "pointerleave"])
    viewport.addEventListener(type, () => (last = null));
}
