// The Random play and Explain panels: they show what Python computed about the board.
// The analysis follows edits live (the "what if"), and the explanation steps layer by layer.
import { drawLengthChart } from "./chart.mjs";
import { wireDuration } from "./duration.mjs";
import {
  approximationReason,
  formatAbout,
  formatChance,
  formatPercent as percent,
  formatPercentile,
  formatRolls as rolls,
  formatWays,
  rollsChange,
  shares,
  truncationNote,
} from "../core/format.mjs";
import { $ } from "../core/dom.mjs";

/**
 * The summary line of an analysis over the work budget, whose figures are estimates: "On average a
 * game takes about 312.4 rolls: computed from the first 1,681 rolls of play; ...".
 */
function estimateSummary(analysis, approx) {
  const reason = approximationReason(approx);
  if (analysis.finishable === "not always") {
    return `Some games never finish: ${formatChance(analysis.p_finish, approx)} of them do, ${reason}.`;
  }
  if (analysis.expected_rolls === null)
    return `Every game finishes; the expected number of rolls was not estimated: the figures are ${reason}.`;
  return `On average a game takes ${formatAbout(analysis.expected_rolls)} rolls: ${reason}.`;
}

/** Figures of the random-play analysis, the game-length chart, jump use and the heat map. */
export class AnalysisPanel {
  #view;
  #root = $("analysis");
  #cancel = $("cancel-analysis");
  #summary = $("analysis-summary");
  #note = $("length-note");
  #whatif = $("whatif");
  #figures = $("figures");
  /** How long a race takes in class, in minutes (web/random-play/duration.mjs): `show(race)`, null clears it. */
  #duration = wireDuration({ input: $("roll-seconds"), output: $("duration-text") });
  #chart = $("length-chart");
  #table = $("jump-table");
  #heatButton = $("heatmap");
  #jumpNote = $("jump-use-note");
  #cancelJumps = $("cancel-jump-use");
  #visits = null;
  #heatOn = false;
  #previous = null;
  #modes;

  /** `modes`: the ModeMachine, which keeps the analysis's and the jump use's phases (their data-state). */
  constructor(view, modes) {
    this.#view = view;
    this.#modes = modes;
    this.#heatButton.addEventListener("click", () => this.#toggleHeat());
  }

  /** Note that the board changed: the shown figures are stale until the next analysis. */
  stale() {
    this.#visits = null;
    this.#heatButton.disabled = true;
    this.#view.heat(null);
  }

  /** Say whether an analysis is computing: the Cancel button, aria-busy and the phase follow. */
  running(isRunning) {
    this.#cancel.hidden = !isRunning;
    this.#root.setAttribute("aria-busy", String(isRunning));
    this.#modes.go("analysis", isRunning ? "running" : "idle");
  }

  busy(text) {
    this.#summary.textContent = text;
    this.#summary.dataset.kind = "info";
  }

  error(text) {
    this.#summary.textContent = text;
    this.#summary.dataset.kind = "error";
    this.#figures.hidden = true;
    this.#duration(null);
    this.jumpUse("idle");
    this.#chart.replaceChildren();
    this.#whatif.textContent = "";
    this.#note.textContent = "";
  }

  /** Show an analysis; `edited` says whether it follows an edit (then the change is reported). */
  show(analysis, { edited = false } = {}) {
    const last = analysis.n * analysis.n;
    const expected = analysis.expected_rolls;
    this.#summary.dataset.kind = analysis.finishable === "always" ? "info" : "error";
    const approx = analysis.approximate;
    if (approx) {
      this.#summary.textContent = estimateSummary(analysis, approx);
    } else if (analysis.unsolved) {
      this.#summary.textContent = `The exact figures were not computed (${analysis.unsolved}). The game length below comes from following the rolls one by one.`;
    } else if (analysis.finishable === "never") {
      this.#summary.textContent = `This board can never be finished with a real die: every game gets stuck before square ${last}.`;
    } else if (analysis.finishable === "not always") {
      this.#summary.textContent = `Some games never finish: ${percent(1 - analysis.p_finish)} of them get stuck in a loop they cannot leave.`;
    } else {
      this.#summary.textContent = `On average a game takes ${rolls(expected)} rolls.`;
    }
    const comparable = approx ? null : expected; // an estimate is not compared with the next figure
    this.#showWhatIf(comparable, edited);
    this.#previous = comparable;
    this.#showFigures(analysis);
    this.#duration(analysis.race);
    const note = truncationNote(analysis.length);
    this.#note.textContent = note ? `The length figures are cut off: ${note}.` : "";
    const { p_on_turn: exact, p_by_turn: by } = analysis.length;
    if (exact.length && analysis.finishable !== "never") drawLengthChart(this.#chart, exact, by);
    else this.#chart.replaceChildren();
    this.#table.hidden = true; // jump use is the second stage: see jumpUse
    this.#visits = analysis.visits.length ? analysis.visits : null;
    this.#heatButton.disabled = this.#visits === null;
    if (this.#heatOn) this.#drawHeat();
  }

  #showWhatIf(expected, edited) {
    const before = this.#previous;
    this.#whatif.textContent = "";
    delete this.#whatif.dataset.trend;
    if (!edited || before === null || expected === null) return;
    const figures = rollsChange(before, expected);
    if (figures === null) {
      this.#whatif.textContent = `Your last edit changed the expected number of rolls from ${rolls(before)} to ${rolls(expected)}.`;
      return;
    }
    const change = figures.change;
    if (Math.abs(change) < 0.05) {
      this.#whatif.textContent = "Your last edit did not change the expected number of rolls.";
      return;
    }
    const more = change > 0;
    this.#whatif.dataset.trend = more ? "worse" : "better";
    this.#whatif.textContent = `Your last edit made games ${Math.abs(change).toFixed(1)} rolls ${more ? "longer" : "shorter"} on average (${figures.before} → ${figures.after}).`;
  }

  #showFigures(analysis) {
    const { length, race, approximate: approx } = analysis;
    const about = (value, format) => (approx ? formatAbout(value, format) : format(value));
    const expected = approx && analysis.finishable !== "always" ? "—" : about(analysis.expected_rolls, rolls);
    // With several players the first figures are still one player's game alone, and the race's rolls
    // are everybody's together: both say so, so "70.0" beside "39.6" is not read as one player's rolls.
    const alone = race.players > 1 ? ", one player alone" : "";
    const rows = [
      [`Expected rolls${alone}`, analysis.unsolved && !approx ? "not computed" : expected],
      // Under a sixes rule a turn may be several rolls: the turns are shown when they differ from the rolls.
      ...((analysis.expected_turns ?? null) !== null && analysis.expected_turns !== analysis.expected_rolls
        ? [[`Expected turns${alone}`, about(analysis.expected_turns, rolls)]]
        : []),
      ["Chance to finish", formatChance(analysis.p_finish, approx)],
      ["Median game", formatPercentile(length.median, length)],
      ["90% finish within", formatPercentile(length.p90, length)],
      ["95% finish within", formatPercentile(length.p95, length)],
    ];
    const note = truncationNote(length);
    if (note) rows.push(["Cut off", note]);
    if (race.players > 1) {
      rows.push([
        `Rolls until someone wins, all ${race.players} players' rolls together`,
        about(race.expected_total_rolls, rolls),
      ]);
      race.p_win.forEach((p, index) => rows.push([`Player ${index + 1} wins`, about(p, percent)]));
      if (race.p_no_winner > 1e-9) rows.push(["Nobody ever wins", percent(race.p_no_winner)]);
      // The share left unsummed when a cut-off length list never settled into its geometric tail.
      if (race.undecided > 1e-9) rows.push(["Undecided after the roll cap", percent(race.undecided)]);
    }
    if (approx) rows.push(["Approximate", `The figures marked "about" are ${approximationReason(approx)}.`]);
    const nodes = [];
    for (const [term, value] of rows) {
      const dt = document.createElement("dt");
      dt.textContent = term;
      const dd = document.createElement("dd");
      dd.textContent = value;
      nodes.push(dt, dd);
    }
    this.#figures.replaceChildren(...nodes);
    this.#figures.hidden = false;
  }

  /**
   * The second stage, jump use: `state` is "idle", "running", "done" (with `jumps`), "refused" or
   * "cancelled" (with `text`): the jump use's phase (#jump-use's data-state) follows, and Cancel shows while it runs.
   */
  jumpUse(state, { jumps = [], text = "" } = {}) {
    this.#modes.go("jump-use", state);
    this.#cancelJumps.hidden = state !== "running";
    this.#jumpNote.textContent =
      state === "running" ? "Finding how often each snake and ladder is used (the second stage)…" : text;
    if (state === "done") this.#showJumps(jumps);
    else this.#table.hidden = true;
  }

  #showJumps(jumps) {
    const body = this.#table.tBodies[0];
    const rows = jumps.map((jump) => {
      const row = document.createElement("tr");
      const name = document.createElement("td");
      name.textContent = `${jump.kind === "ladder" ? "Ladder" : jump.kind === "snake" ? "Snake" : "Jump"} ${jump.start} → ${jump.end}`;
      const used = document.createElement("td");
      used.className = "num";
      used.textContent = percent(jump.p_used);
      row.append(name, used);
      return row;
    });
    body.replaceChildren(...rows);
    this.#table.hidden = rows.length === 0;
  }

  #toggleHeat() {
    this.#heatOn = !this.#heatOn;
    this.#heatButton.setAttribute("aria-pressed", String(this.#heatOn));
    this.#heatButton.textContent = this.#heatOn ? "Hide heat map" : "Show heat map";
    if (this.#heatOn) this.#drawHeat();
    else this.#view.heat(null);
  }

  #drawHeat() {
    if (!this.#visits) return;
    const values = this.#visits.map((v, square) => (square === 0 ? null : v));
    const share = shares(values);
    // The largest visit count is what a full tint stands for (a float, or a bounded object beyond float range).
    const scale = { max: values[share.indexOf(1)] ?? 0, label: "Expected visits per game" };
    this.#view.heat(share, scale);
  }
}

/** Layer 0 of the explained search, by where it starts: square 1 (LeetCode), or 0, off the board (classic). */
const START_WORDS = {
  1: "The search starts on square 1.",
  0: "The search starts off the board (the classic start): the first roll lands on square 1 to 6 and takes its jump.",
};

/** Steps through the LeetCode search layer by layer, labelling squares with their distance. */
export class ExplainPanel {
  #view;
  #text = $("layer-text");
  #prev = $("layer-prev");
  #next = $("layer-next");
  #explanation = null;
  #layer = 0;
  #modes;

  /** `modes`: the ModeMachine; an explanation on the board is the "explaining" mode. */
  constructor(view, modes) {
    this.#view = view;
    this.#modes = modes;
    this.#prev.addEventListener("click", () => this.#go(this.#layer - 1));
    this.#next.addEventListener("click", () => this.#go(this.#layer + 1));
  }

  get active() {
    return this.#explanation !== null;
  }

  /** Say `text`, in `phase` ("running" while Python explains, "error" when it could not). */
  say(text, phase) {
    this.#text.textContent = text;
    this.#modes.go("explain", phase);
  }

  /** Start stepping through an explanation from the API, at layer 0; it takes the board. */
  show(explanation) {
    this.#modes.go("explain", "shown");
    this.#explanation = explanation;
    this.#go(0);
  }

  /** Forget the explanation (the board changed) and clear its marks. */
  clear(text = "See how the search spreads from square 1, one move at a time.") {
    if (this.#explanation) this.#view.mark({ frontier: new Set(), wall: new Set() });
    this.#explanation = null;
    this.#view.label(null);
    this.#prev.disabled = true;
    this.#next.disabled = true;
    this.#text.textContent = text;
    this.#modes.go("explain", "idle");
  }

  #go(index) {
    const { layers, wall, moves, paths_count: count, n } = this.#explanation;
    // One step past the last layer shows the conclusion: the answer, or the wall.
    const steps = layers.length + 1;
    this.#layer = Math.max(0, Math.min(index, steps - 1));
    const labels = new Map();
    for (const layer of layers.slice(0, this.#layer + 1)) {
      for (const square of layer.squares) {
        labels.set(square, {
          text: String(layer.move),
          spoken: `reached in ${layer.move} move${layer.move === 1 ? "" : "s"}`,
        });
      }
    }
    this.#view.label(labels);
    this.#prev.disabled = this.#layer === 0;
    this.#next.disabled = this.#layer === steps - 1;
    if (this.#layer < layers.length) {
      const layer = layers[this.#layer];
      this.#view.mark({ frontier: new Set(layer.squares), wall: new Set() });
      const list = layer.squares.length > 12 ? `${layer.squares.slice(0, 12).join(", ")}, …` : layer.squares.join(", ");
      const what =
        layer.move === 0
          ? START_WORDS[layer.squares[0]]
          : `Move ${layer.move} reaches ${layer.squares.length} new square${layer.squares.length === 1 ? "" : "s"}: ${list}.`;
      this.#text.textContent = `Layer ${layer.move} of ${layers.length - 1}. ${what}`;
      return;
    }
    const last = n * n;
    if (moves >= 0) {
      this.#view.mark({ frontier: new Set([last]), wall: new Set() });
      const ways = formatWays(count);
      this.#text.textContent = `Square ${last} is first reached in ${moves} move${moves === 1 ? "" : "s"}, by ${ways}.`;
    } else {
      this.#view.mark({ frontier: new Set(), wall: new Set(wall.squares) });
      const ends = wall.squares.map((square, i) => `${square}→${wall.ends[i]}`).join(", ");
      this.#text.textContent = `Unreachable: square ${wall.furthest} is the furthest the token can stand. The next six squares all send it back (${ends}), so no roll gets past them.`;
    }
  }
}
