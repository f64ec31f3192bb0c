// Replays a solution's moves on the token: hop square by square, then climb or slide.
// The solver has already finished; this only plays back its recorded steps.

const HOP_MS = 260; // one square at speed 5
const JUMP_MS = 700;

/** The squares a token hops over from `start` to `landing`, bouncing back off the goal if it must. */
function hops({ start, landing, overshoot, last }) {
  const squares = [];
  const top = overshoot === "bounce" ? last : landing;
  for (let square = start + 1; square <= top; square += 1) squares.push(square);
  // A bounce: up to the goal, then back down to the landing square.
  for (let square = top - 1; square >= landing && overshoot === "bounce"; square -= 1) squares.push(square);
  return squares;
}

export class TokenAnimator extends EventTarget {
  #view;
  #token;
  #run = 0;
  #animation = null;
  #paused = false;
  #speed = 5;
  #reducedMotion;

  /** Plays on `token` (the solve token unless another is given, as in play mode). */
  constructor(view, token = view.token) {
    super();
    this.#view = view;
    this.#token = token;
    this.#reducedMotion = globalThis.matchMedia?.("(prefers-reduced-motion: reduce)")?.matches ?? false;
  }

  get paused() {
    return this.#paused;
  }

  get playing() {
    return this.#run > 0 && this.#animation !== null;
  }

  /** 1 (slow) to 10 (fast); applies to the move in progress too. */
  set speed(value) {
    this.#speed = value;
    if (this.#animation) this.#animation.playbackRate = this.#rate();
  }

  #rate() {
    return 2 ** ((this.#speed - 5) / 2);
  }

  /**
   * Play `steps` from their first start square (or `from`); resolves true when finished, false
   * when stopped. `keep` leaves the token where it is instead of placing it first.
   */
  async play(steps, { from = steps[0]?.start ?? 1, keep = false } = {}) {
    const run = ++this.#run;
    this.#setPaused(false);
    if (!keep || this.#token.hidden) this.#place(from);
    this.#token.hidden = false;
    this.#emit("start", { total: steps.length });
    for (const [index, step] of steps.entries()) {
      this.#emit("move", { index, step });
      for (const square of this.#path(step)) {
        if (!(await this.#glide(run, square, HOP_MS))) return false;
      }
      if (step.end !== step.landing) {
        this.#emit("jump", { index, step });
        if (!(await this.#glide(run, step.end, JUMP_MS))) return false;
      }
    }
    this.#animation = null;
    this.#emit("end", { total: steps.length });
    return true;
  }

  /** Stop and hide the token. */
  stop() {
    this.#run += 1;
    this.#animation?.cancel();
    this.#animation = null;
    this.#setPaused(false);
    this.#token.hidden = true;
    delete this.#token.dataset.square;
  }

  pause() {
    if (!this.#animation || this.#paused) return;
    this.#animation.pause();
    this.#setPaused(true);
  }

  resume() {
    if (!this.#paused) return;
    this.#animation?.play();
    this.#setPaused(false);
  }

  /**
   * The squares the token glides through for one roll. With reduced motion it goes straight to the
   * landing square: hopping every square of a 67-move game, however briefly, is 399 flickers.
   */
  #path(step) {
    if (!this.#reducedMotion) return hops(step);
    return step.landing === step.start ? [] : [step.landing];
  }

  #setPaused(paused) {
    this.#paused = paused;
    this.#emit(paused ? "pause" : "resume", {});
  }

  #place(square) {
    const token = this.#token;
    const { left, top } = square === 0 ? this.#view.offBoardPosition() : this.#view.squarePosition(square);
    token.style.left = left;
    token.style.top = top;
    token.dataset.square = String(square);
  }

  async #glide(run, square, duration) {
    const token = this.#token;
    const from = { left: token.style.left, top: token.style.top };
    const to = square === 0 ? this.#view.offBoardPosition() : this.#view.squarePosition(square);
    const animation = token.animate([from, to], {
      duration: this.#reducedMotion ? 1 : duration,
      easing: "ease-in-out",
    });
    animation.playbackRate = this.#rate();
    this.#animation = animation;
    try {
      await animation.finished;
    } catch {
      return false; // cancelled
    }
    if (run !== this.#run) return false;
    this.#place(square);
    this.#emit("arrive", { square });
    return true;
  }

  #emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }
}
