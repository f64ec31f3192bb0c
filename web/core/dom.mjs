// Element look-up by id for the page's modules: one helper instead of a copy in each module.
// Typed loosely (any): the ids and their element kinds are fixed in index.html.

/** @type {(id: string) => any} */
export const $ = (id) => document.getElementById(id);

/**
 * A function that runs `task` once just after the next frame (a task queued from that frame's animation
 * callback, so the frame's rendering comes first), however often it is called before then: for work an
 * input's frame need not wait for. A hidden tab has no frames: the task waits until it shows.
 * @param {() => void} task
 * @returns {() => void}
 */
export function afterNextFrame(task) {
  let pending = false;
  return () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() =>
      setTimeout(() => {
        pending = false;
        task();
      }, 0),
    );
  };
}
