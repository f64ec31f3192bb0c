// TokenAnimator: replays recorded moves on a token (hop square by square, then climb or slide), with
// play, pause, step, skip to the end and speed. The solver has already finished; this only plays back.

/** One move at the default speed (5), its hops and its jump together. */
export const MOVE_MS = 900;
/** A whole route at the default speed never takes longer than this: long routes get faster moves. */
export const ROUTE_MS = 30_000;
/** The share of a move that its climb or slide takes. */
const JUMP_SHARE = 0.35;

/**
 * What a long route's plan leaves of ROUTE_MS for the frames after its last square is due: the token
 * gets there at the first frame after, and a busy machine's frames can be 100 ms and more apart.
 */
export const ROUTE_MARGIN_MS = 500;

/** Milliseconds one move takes at the default speed in a route of `moves` moves. */
export function moveDuration(moves) {
  return Math.min(MOVE_MS, (ROUTE_MS - ROUTE_MARGIN_MS) / Math.max(1, moves));
}

/** Milliseconds a whole route of `moves` moves takes at the default speed: min(moves × MOVE_MS, ROUTE_MS - ROUTE_MARGIN_MS). */
export function routeDuration(moves) {
  return moves * moveDuration(moves);
}

/**
 * The squares one move shows and when each is reached, in ms from the move's start at the default speed:
 * `[{square, at}]`, the hops sharing the move's time (1 - JUMP_SHARE of it when it ends with a jump), then
 * the jump; the last `at` is `moveMs`. With reduced motion the token stands on the landing at once.
 * O(hops) (at most the squares rolled, or Python's `visits`).
 */
export function moveSegments(step, moveMs, reducedMotion = false) {
  const jumps = step.end !== step.landing;
  const walked = hops(step);
  const squares = reducedMotion ? (walked.length ? [step.landing] : []) : walked;
  const walkMs = jumps ? moveMs * (1 - JUMP_SHARE) : moveMs;
  const segments = squares.map((square, index) => ({ square, at: (walkMs * (index + 1)) / squares.length }));
  if (jumps) segments.push({ square: step.end, at: moveMs });
  else if (segments.length) segments[segments.length - 1].at = moveMs;
  return segments;
}

/**
 * The squares a token hops over: a game's turn carries them (`visits`, from Python, a bounce included);
 * a LeetCode move (the Solve panel's path) never overshoots, so it counts up from `start` to `landing`.
 */
function hops({ start, landing, visits }) {
  if (visits) return visits;
  const squares = [];
  for (let square = start + 1; square <= landing; square += 1) squares.push(square);
  return squares;
}

/**
 * Play one turn of a game (seeded replay or hot-seat) on `mover`: the squares Python says it walks, then
 * its jump; a wasted roll walks none. Resolves as `TokenAnimator.play` does.
 */
export function playTurn(mover, turn) {
  return mover.play(turn.visits.length ? [turn] : [], { from: turn.start, keep: true, catchUp: false });
}

/**
 * The route's own time, in ms at the default speed: runs at the speed's rate while playing, stands still
 * while paused. The playback keeps to it, so frames lost between moves never add up.
 */
class RouteClock {
  #base = 0;
  #since = null;
  #rate = 1;

  start(rate) {
    this.#base = 0;
    this.#rate = rate;
    this.#since = performance.now();
  }

  get now() {
    return this.#base + (this.#since === null ? 0 : (performance.now() - this.#since) * this.#rate);
  }

  set running(running) {
    if (running === (this.#since !== null)) return;
    this.#base = this.now;
    this.#since = running ? performance.now() : null;
  }

  set rate(rate) {
    this.#base = this.now;
    if (this.#since !== null) this.#since = performance.now();
    this.#rate = rate;
  }
}

/**
 * Plays moves on a token element. Its state is "idle" (nothing shown), "playing", "paused" or "done";
 * it is mirrored on the token as `data-animation` and announced with a "state" event. Other events:
 * "start", "move" {index, step}, "jump", "arrive" {square}, "end"; "pause" and "resume".
 */
export class TokenAnimator extends EventTarget {
  #view;
  #token;
  #run = 0;
  #skipped = -1;
  #animation = null;
  #state = "idle";
  #stepping = false;
  #wake = null;
  #steps = [];
  #speed = 5;
  #reducedMotion;
  #clock = new RouteClock();
  #catchUp = true;

  /** Plays on `token` (the solve token unless another is given, as in play mode). */
  constructor(view, token = view.token) {
    super();
    this.#view = view;
    this.#token = token;
    this.#reducedMotion = globalThis.matchMedia?.("(prefers-reduced-motion: reduce)")?.matches ?? false;
  }

  get state() {
    return this.#state;
  }

  get paused() {
    return this.#state === "paused";
  }

  get playing() {
    return this.#state === "playing";
  }

  get token() {
    return this.#token;
  }

  /** 1 (slow) to 10 (fast); applies to the move in progress too. */
  set speed(value) {
    this.#speed = value;
    this.#clock.rate = this.#rate();
    if (this.#animation) this.#animation.playbackRate = this.#rate();
  }

  #rate() {
    return 2 ** ((this.#speed - 5) / 2);
  }

  /**
   * Play `steps` from their first start square (or `from`); resolves true when finished (or skipped to
   * the end), false when stopped. `keep` leaves the token where it is instead of placing it first.
   * The route keeps to its clock: move i ends `(i + 1) × moveDuration(steps.length)` route-ms after the
   * start, so a route takes routeDuration (at most ROUTE_MS) at the default speed however many moves it
   * has; with `catchUp` (a route) a move or square already overdue is passed over (the frames a long
   * route's short moves lose), without it (a game's turn) every square is shown. O(moves + hops) steps.
   */
  async play(steps, { from = steps[0]?.start ?? 1, keep = false, catchUp = true } = {}) {
    const run = ++this.#run;
    this.#halt();
    this.#steps = steps;
    this.#catchUp = catchUp;
    if (!keep || this.#token.hidden) this.#place(from);
    this.#token.hidden = false;
    this.#setState("playing");
    this.#emit("start", { total: steps.length });
    const moveMs = moveDuration(steps.length);
    this.#token.dataset.moveMs = String(Math.floor(moveMs)); // at the default speed, for tests and tools
    this.#clock.start(this.#rate());
    for (const [index, step] of steps.entries()) {
      if (!(await this.#gate(run))) return run === this.#skipped;
      const overdue = catchUp && !this.#stepping && index < steps.length - 1 && this.#clock.now >= (index + 1) * moveMs;
      if (overdue) continue;
      this.#emit("move", { index, step });
      if (!(await this.#playMove(run, index, step, moveMs))) return run === this.#skipped;
      if (this.#stepping) {
        this.#stepping = false;
        this.#clock.running = false;
        this.#setState("paused");
      }
    }
    this.#finish();
    return true;
  }

  /** One move on the route's clock: each square is reached at its time from moveSegments. */
  async #playMove(run, index, step, moveMs) {
    const segments = moveSegments(step, moveMs, this.#reducedMotion);
    const jumpsAt = step.end !== step.landing ? segments.length - 1 : -1;
    for (const [at, { square, at: endsAt }] of segments.entries()) {
      if (at === jumpsAt) this.#emit("jump", { index, step });
      const remaining = index * moveMs + endsAt - this.#clock.now;
      if (this.#catchUp && remaining <= 0) {
        if (at === segments.length - 1) this.#arrive(square); // late: the move's last square at once
        continue;
      }
      if (!(await this.#segment(run, square, Math.max(0, remaining)))) return false;
    }
    return true;
  }

  /** Stop and hide the token. */
  stop() {
    this.#run += 1;
    this.#halt();
    this.#token.hidden = true;
    delete this.#token.dataset.square;
    this.#setState("idle");
  }

  pause() {
    if (this.#state !== "playing") return;
    this.#clock.running = false;
    this.#animation?.pause();
    this.#stepping = false;
    this.#setState("paused");
  }

  resume() {
    if (this.#state !== "paused") return;
    this.#setState("playing");
    this.#clock.running = true;
    this.#animation?.play();
    this.#wakeUp();
  }

  /** Play one move (the rest of the current one when paused mid-move), then pause. */
  step() {
    if (this.#state === "playing") this.#stepping = true;
    else if (this.#state === "paused") {
      this.#stepping = true;
      this.resume();
    }
  }

  /** Put the token where the route ends at once, with or without reduced motion. */
  skip() {
    if (this.#state !== "playing" && this.#state !== "paused") return;
    const last = this.#steps.at(-1);
    this.#skipped = ++this.#run;
    this.#halt();
    if (last) {
      this.#emit("move", { index: this.#steps.length - 1, step: last });
      this.#place(last.end);
      this.#emit("arrive", { square: last.end });
    }
    this.#finish();
  }

  #finish() {
    this.#animation = null;
    this.#setState("done");
    this.#emit("end", { total: this.#steps.length });
  }

  /** Wait while paused between moves; false when the run was stopped meanwhile. */
  async #gate(run) {
    while (this.#state === "paused" && run === this.#run) {
      await new Promise((resolve) => (this.#wake = resolve));
    }
    return run === this.#run;
  }

  /** End the move under way: cancel its animation and wake a run waiting in pause, so it sees it is over. */
  #halt() {
    this.#animation?.cancel();
    this.#animation = null;
    this.#wakeUp();
    this.#stepping = false;
  }

  #wakeUp() {
    this.#wake?.();
    this.#wake = null;
  }

  #setState(state) {
    const was = this.#state;
    this.#state = state;
    this.#token.dataset.animation = state;
    if (state === "paused" && was !== "paused") this.#emit("pause", {});
    if (was === "paused" && state !== "paused") this.#emit("resume", {});
    if (state !== was) this.#emit("state", { state });
  }

  #place(square) {
    const token = this.#token;
    const { left, top } = this.#view.squarePosition(square);
    token.style.left = left;
    token.style.top = top;
    token.dataset.square = String(square);
  }

  /**
   * One square of a move. Tweened, the token glides there; with reduced motion it stands there at once
   * and the same time passes before the next square, so the pace is one a person can follow.
   */
  async #segment(run, square, duration) {
    const token = this.#token;
    const tween = !this.#reducedMotion;
    let keyframes = [];
    if (tween) keyframes = [{ left: token.style.left, top: token.style.top }, this.#view.squarePosition(square)];
    else this.#arrive(square);
    const animation = token.animate(keyframes, { duration, easing: "ease-in-out" });
    animation.playbackRate = this.#rate();
    if (this.#state === "paused") animation.pause();
    this.#animation = animation;
    try {
      await animation.finished;
    } catch {
      return false; // cancelled
    }
    if (run !== this.#run) return false;
    if (tween) this.#arrive(square);
    return true;
  }

  #arrive(square) {
    this.#place(square);
    this.#emit("arrive", { square });
  }

  #emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }
}
