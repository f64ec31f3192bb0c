// The Solve panel's playback controls: Play/Pause, Step, Skip to end and Replay, for one TokenAnimator.
// The row mirrors the animator's state as data-animation ("idle", "playing", "paused", "done").

/**
 * Wire the buttons inside `root` (#pause, #step, #skip-route, #replay) to `animator`; `replay()` starts
 * the last route again. Returns a function that removes the listeners.
 */
export function createPlaybackControls({ root, animator, replay }) {
  const pause = root.querySelector("#pause");
  const step = root.querySelector("#step");
  const skip = root.querySelector("#skip-route");
  const again = root.querySelector("#replay");
  const sync = () => {
    const state = animator.state;
    root.dataset.animation = state;
    pause.textContent = state === "paused" ? "Resume" : "Pause";
    pause.setAttribute("aria-pressed", String(state === "paused"));
    const running = state === "playing" || state === "paused";
    pause.disabled = !running;
    step.disabled = !running;
    skip.disabled = !running;
  };
  const onPause = () => (animator.state === "playing" ? animator.pause() : animator.resume());
  const onStep = () => animator.step();
  const onSkip = () => animator.skip();
  const onReplay = () => replay();
  pause.addEventListener("click", onPause);
  step.addEventListener("click", onStep);
  skip.addEventListener("click", onSkip);
  again.addEventListener("click", onReplay);
  animator.addEventListener("state", sync);
  sync();
  return () => {
    pause.removeEventListener("click", onPause);
    step.removeEventListener("click", onStep);
    skip.removeEventListener("click", onSkip);
    again.removeEventListener("click", onReplay);
    animator.removeEventListener("state", sync);
  };
}
