// The board view follows the state: each change of the board is drawn, and the old board's marks (the
// route, its landings, the chained jumps Python flagged) go with it.

/** Draw every change of `state`'s board on `view` (a BoardView). */
export function drawStateChanges(state, view) {
  state.addEventListener("change", (event) => {
    view.render(/** @type {CustomEvent} */ (event).detail.board);
    view.clearRoute();
    view.mark({ path: new Set(), landings: new Set(), current: null, chained: new Set() });
  });
}
