// Replays a solution's moves on the token: hop square by square, then climb or slide.
// The solver has already finished; this only plays back its recorded steps.

const HOP_MS = 260; // one square at speed 5
const JUMP_MS = 700;

export class Player extends EventTarget {
  #view;
  #run = 0;
  #animation = null;
  #paused = false;
  #resume = null;
  #speed = 5;
  #reducedMotion;

  constructor(view) {
    super();
    this.#view = view;
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

  /** Play `steps` from square 1; resolves true when finished, false when stopped. */
  async play(steps) {
    const run = ++this.#run;
    this.#setPaused(false);
    this.#place(1);
    this.#view.token.hidden = false;
    this.#emit("start", { total: steps.length });
    for (const [index, step] of steps.entries()) {
      this.#emit("move", { index, step });
      for (let square = step.start + 1; square <= step.landing; square += 1) {
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
    this.#resume?.();
    this.#setPaused(false);
    this.#view.token.hidden = true;
    delete this.#view.token.dataset.square;
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
    this.#resume?.();
  }

  #setPaused(paused) {
    this.#paused = paused;
    this.#emit(paused ? "pause" : "resume", {});
  }

  #place(square) {
    const token = this.#view.token;
    const { left, top } = this.#view.squarePosition(square);
    token.style.left = left;
    token.style.top = top;
    token.dataset.square = String(square);
  }

  async #glide(run, square, duration) {
    const token = this.#view.token;
    const from = { left: token.style.left, top: token.style.top };
    const to = this.#view.squarePosition(square);
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
