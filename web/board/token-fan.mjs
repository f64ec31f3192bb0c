// Players' tokens that share a square, fanned out inside it so each one shows (a lone token stays centred).
// Owns the fan's layout in square units; the board view watches its tokens and render/export read the offsets.

/**
 * Where each of `count` tokens on one square stands, as offsets from the square's centre in squares
 * (x to the right, y down). Two side by side, three as a triangle, four (or more, wrapping) in a 2×2 grid:
 * each place is a quarter of the square, so a token of FAN_SIZE fits inside its quarter. O(count).
 */
export function fanOffsets(count) {
  if (count <= 1) return [{ x: 0, y: 0 }];
  const quarter = 0.25;
  if (count === 2)
    return [
      { x: -quarter, y: 0 },
      { x: quarter, y: 0 },
    ];
  const places = [
    { x: -quarter, y: -quarter },
    { x: quarter, y: -quarter },
    count === 3 ? { x: 0, y: quarter } : { x: -quarter, y: quarter },
    { x: quarter, y: quarter },
  ];
  return Array.from({ length: count }, (_, index) => places[index % places.length]);
}

/** A fanned token's width in squares: under half a square, so two side by side keep a gap and stay inside it. */
export const FAN_SIZE = 0.44;

/**
 * Fan `tokens` (elements with `data-square`, hidden ones left out) by square: each shared square's tokens get
 * `data-fanned` and their offsets as `--fan-x`/`--fan-y` (squares, read by style.css and the export);
 * a lone token loses them. O(tokens).
 */
export function fanTokens(tokens) {
  const bySquare = new Map();
  for (const token of tokens) {
    const square = token.hidden ? undefined : token.dataset.square;
    if (square === undefined) continue;
    bySquare.set(square, [...(bySquare.get(square) ?? []), token]);
  }
  for (const token of tokens) {
    const group = bySquare.get(token.hidden ? undefined : token.dataset.square) ?? [token];
    const offset = fanOffsets(group.length)[group.indexOf(token)] ?? { x: 0, y: 0 };
    token.toggleAttribute("data-fanned", group.length > 1);
    token.style.setProperty("--fan-size", String(FAN_SIZE));
    token.style.setProperty("--fan-x", String(offset.x));
    token.style.setProperty("--fan-y", String(offset.y));
  }
}

/**
 * Keep `tokens` fanned as they move: every change of a token's square or visibility (the animator's
 * hops, a game's skip to its end) fans them again, before the next frame is painted. Returns the
 * observer (disconnect it when the tokens go).
 */
export function watchFan(tokens) {
  const observer = new MutationObserver(() => fanTokens(tokens));
  for (const token of tokens) observer.observe(token, { attributes: true, attributeFilter: ["data-square", "hidden"] });
  fanTokens(tokens);
  return observer;
}

/** A token's fan offset in squares, as fanTokens set it (0, 0 for a lone token). */
export function fanOffsetOf(token) {
  const read = (name) => Number(token.style.getPropertyValue(name)) || 0;
  return { x: read("--fan-x"), y: read("--fan-y") };
}
