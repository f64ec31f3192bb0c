// The Generate dialog: the form, progress, Cancel, and the board found put into the editor as one undo step.
// Python (the API's generate op, in its own worker) checks every field and does the search; this only reads the form.
import { makeClient } from "../core/client.mjs";
import { CancelledError, GenerateJob } from "./generate-job.mjs";
import { matrixToBoard } from "../core/grid.mjs";
import { count, describeRules } from "../core/rules-text.mjs";
import { makeWords, sameBoard } from "../core/state.mjs";
import { hasWords } from "../core/notes.mjs";
import { drawSet, printSet, setEntries, setSummary } from "./set-view.mjs";

/** The client's methods, each returning its op's request (the job sends it to the generate worker). */
const requests = makeClient((_, request) => request);

/** A number input's value as JSON: null when empty, else the number typed (Python says if it is wrong). */
function numberOf(input) {
  return input.value.trim() === "" ? null : Number(input.value);
}

/** The figures of a generated board (or of the closest so far), in words. */
export function describeFigures({ min_moves: moves, expected_rolls: rolls, always_finishes: finishes }) {
  const least = moves > 0 ? `least moves ${moves}` : "the last square cannot be reached";
  const expected = rolls === null || rolls === undefined ? "" : `, expected rolls ≈ ${rolls.toFixed(2)}`;
  return `${least}${expected}, ${finishes ? "always finishes" : "a game can get stuck in a trap"}`;
}

/** The Generate dialog and the panel that opens it; one per page. */
class GenerateDialog {
  #dialog;
  /** The options createGenerateDialog was given: `{root, dialog, state, modes, getRules, saveBoards}`. */
  #app;
  #job = new GenerateJob();
  /** The closest board of a search that missed a target, offered by "Use the closest". */
  #closest = null;
  /** The board last put into the editor, whose figures the panel shows until the board changes. */
  #generated = null;
  /** The last class set generated (the generate_set op's result), listed until the next search. */
  #set = null;

  constructor(app) {
    this.#app = app;
    this.#dialog = app.dialog;
    this.#wire();
  }

  #$(name) {
    return this.#dialog.querySelector(`[data-generate="${name}"]`);
  }

  #panel(name) {
    return this.#app.root.querySelector(`[data-generate="${name}"]`);
  }

  #say(text, phase) {
    this.#$("status").textContent = text;
    this.#app.modes.go("generate", phase); // the mode table writes the dialog's data-state
  }

  /** The request the form describes, every field as typed: Python checks them. */
  #request() {
    const $ = (name) => this.#$(name);
    const targets = { always_finishes: $("finishes").checked };
    if ($("use-moves").checked) targets.min_moves = numberOf($("moves"));
    if ($("use-rolls").checked) targets.expected_rolls = [numberOf($("rolls-lo")), numberOf($("rolls-hi"))];
    const spec = {
      n: numberOf($("n")),
      snakes: numberOf($("snakes")),
      ladders: numberOf($("ladders")),
      seed: numberOf($("seed")),
      targets,
      rules: this.#app.getRules(),
      no_edge_rows: $("no-edge-rows").checked,
      max_evaluations: numberOf($("tries")),
    };
    if ($("use-max-jump").checked) spec.max_jump = numberOf($("max-jump"));
    spec.tidy = $("tidy").checked;
    for (const name of ["min-rows", "max-rows"])
      if ($(name).value.trim() !== "") spec[name.replace("-", "_")] = numberOf($(name));
    const count = Number($("count").value);
    if (count === 1) return requests.generate(spec);
    const percent = numberOf($("tolerance"));
    return requests.generate_set({ ...spec, count, ...(percent === null ? {} : { tolerance: percent / 100 }) });
  }

  open() {
    const rules = this.#app.getRules();
    // The search counts least moves as LeetCode does whatever the start; Solve and My boards count from
    // the board's own start, which off the board can be one more.
    const least =
      rules.start === "off-board"
        ? " Least moves here are LeetCode's count, from square 1; Solve and My boards count from off the board."
        : "";
    this.#showKeepWords();
    this.#$("rules").textContent =
      `Random play under the rules chosen in “Rules for a real die” (in Solve & understand and in Play): ${describeRules(rules)}.${least}`;
    if (!this.#dialog.open) this.#dialog.show();
    this.#$("n").focus({ preventScroll: true });
    if (!this.#job.running) this.#warm();
  }

  /** "Keep the words on squares" shows while the board has words to keep. */
  #showKeepWords() {
    this.#$("keep-words-row").hidden = !hasWords(this.#app.state.words);
  }

  /** Start Python in the worker; `data-python="ready"` once it can take a request. */
  #warm() {
    this.#job.start().then(
      () => (this.#dialog.dataset.python = "ready"),
      (error) => this.#say(`${error.message}.`, "error"),
    );
  }

  close() {
    this.#dialog.close();
    this.#panel("open").focus();
  }

  /** The bar follows whichever ends the search first: the boards looked at, or the work budget. */
  #showProgress(report) {
    const bar = this.#$("progress");
    const done = Math.min(1, Math.max(report.evaluations / report.max_evaluations, report.work / report.max_work));
    bar.max = 1000;
    bar.value = Math.round(done * 1000);
    const which = report.count ? `Board ${report.board + 1} of ${report.count}: l` : "L";
    const tried = `${which}ooked at ${report.evaluations.toLocaleString("en")} of ${report.max_evaluations.toLocaleString("en")} boards`;
    const work = `${Math.floor((100 * report.work) / report.max_work)}% of the work budget used`;
    this.#say(`${tried}, ${work}; the closest so far: ${describeFigures(report)}.`, "running");
  }

  /** Put `result`'s board on the page as one undo step; returns what became of the old words (" The words…" or ""). */
  #put(result, label) {
    const board = matrixToBoard(result.matrix);
    this.#generated = board;
    // A new board has no words unless the user keeps the old ones (those past its size go).
    const { state } = this.#app;
    const gone = state.load(board, label, undefined, this.#$("keep-words").checked ? state.words : makeWords());
    const figures = `${result.n}×${result.n}, ${count(result.snakes, "snake")}, ${count(result.ladders, "ladder")}: ${describeFigures(result)}`;
    this.#panel("figures").textContent = `${figures} (seed ${result.seed}, ${describeRules(result.rules)}).`;
    return gone ? ` ${gone}` : "";
  }

  /** Show the search under way: Generate off, Cancel and the progress bar on. */
  #busy(running) {
    this.#$("go").disabled = running;
    this.#$("cancel").hidden = !running;
    this.#$("progress").hidden = !running;
  }

  async generate() {
    if (this.#job.running) return;
    this.#closest = null;
    this.#$("use-closest").hidden = true;
    this.#set = null;
    this.#$("set").hidden = true;
    this.#busy(true);
    this.#$("progress").removeAttribute("value"); // indeterminate until the first report
    this.#say("Starting Python for the generator…", "running");
    let reply;
    try {
      await this.#job.start();
      const started = performance.now();
      reply = await this.#job.run(this.#request(), (report) => this.#showProgress(report));
      this.#dialog.dataset.ms = String(Math.round(performance.now() - started)); // measured by the e2e test and bench
    } catch (error) {
      const cancelled = error instanceof CancelledError;
      this.#say(
        cancelled ? "Cancelled. The board is as it was." : `Could not generate: ${error.message}.`,
        cancelled ? "cancelled" : "error",
      );
      return;
    } finally {
      this.#busy(false);
    }
    this.#show(reply);
    this.#revealStatus();
  }

  /**
   * The status line, and a set's boards with their drawings after it, scrolled to the top of a dialog taller
   * than its room (a phone's sheet under the board): the outcome and the choice in sight without a search.
   */
  #revealStatus() {
    this.#dialog.scrollTop = this.#$("status").offsetTop - 8;
  }

  /** The generator's reply: a board meeting every target goes on the board; a miss offers the closest. */
  #show(reply) {
    if (!reply.ok) {
      this.#say(`No board: ${reply.error.message}.`, "refused");
      return;
    }
    const result = reply.result;
    if (result.boards) {
      this.#showSet(result);
      return;
    }
    if (result.met) {
      const tries = result.evaluations;
      const gone = this.#put(
        result,
        `Generated a board meeting every target in ${tries.toLocaleString("en")} ${tries === 1 ? "try" : "tries"}.`,
      );
      this.#say(`Done: ${describeFigures(result)}. It is on the board now (Undo takes it back).${gone}`, "met");
      return;
    }
    this.#closest = result;
    this.#$("use-closest").hidden = false;
    this.#say(
      `${result.message[0].toUpperCase()}${result.message.slice(1)}. The closest board: ${describeFigures(result)}.`,
      "missed",
    );
  }

  /** A class set: its boards listed to open, save or print; a set that missed a target says which. */
  #showSet(result) {
    this.#set = result;
    this.#$("set").hidden = false;
    this.#$("set-summary").textContent = setSummary(result);
    drawSet(this.#$("set-list"), result, (index) => this.#openFromSet(index));
    this.#$("save-set").disabled = false;
    if (result.met)
      this.#say(`Done: a class set of ${result.boards.length}. Open any board, save the set or print it.`, "met");
    else
      this.#say(
        `${result.message[0].toUpperCase()}${result.message.slice(1)}. The closest set is listed below.`,
        "missed",
      );
  }

  #setName() {
    const { boards, seed } = this.#set;
    return `Class set ${boards[0].n}×${boards[0].n}, seed ${seed}`;
  }

  #openFromSet(index) {
    const board = this.#set.boards[index];
    const gone = this.#put(board, `Opened board ${index + 1} of the class set.`);
    this.#$("set-list").dataset.open = String(index);
    this.#$("status").textContent = `Board ${index + 1} of the set is on the board now (Undo takes it back).${gone}`;
  }

  async #saveSet() {
    if (!this.#set || !this.#app.saveBoards) return;
    const entries = setEntries(this.#set, this.#setName(), this.#app.getRules());
    this.#$("save-set").disabled = true;
    const saved = await this.#app.saveBoards(entries, this.#setName());
    this.#$("save-set").disabled = Boolean(saved);
    const outcome = saved ? `Saved to My boards as “${this.#setName()}”.` : "Not saved: My boards says why.";
    this.#$("set-summary").textContent = `${setSummary(this.#set)} ${outcome}`;
    // Said where the eye is too: the dialog's own status line, in sight at the top of its results.
    this.#$("status").textContent = saved
      ? `Saved the set of ${entries.length} boards to My boards as “${this.#setName()}”.`
      : outcome;
    this.#revealStatus();
  }

  #useClosest() {
    const closest = this.#closest;
    if (!closest) return;
    const gone = this.#put(closest, "Put the closest board generated on the board: it misses a target.");
    this.#say(
      `The closest board is on the board now (Undo takes it back): ${describeFigures(closest)}.${gone}`,
      "closest",
    );
    this.#$("use-closest").hidden = true;
  }

  #wire() {
    const $ = (name) => this.#$(name);
    this.#app.state.addEventListener("change", ({ detail }) => {
      this.#showKeepWords();
      if (this.#generated && !sameBoard(detail.board, this.#generated)) {
        this.#generated = null;
        this.#panel("figures").textContent = "";
      }
    });
    this.#panel("open").addEventListener("click", () => this.open());
    $("form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.generate();
    });
    $("cancel").addEventListener("click", () => {
      delete this.#dialog.dataset.python;
      this.#job.cancel();
      this.#warm();
    });
    $("close").addEventListener("click", () => this.close());
    this.#dialog.addEventListener("keydown", (event) => {
      if (event.key === "Escape") this.close();
    });
    $("new-seed").addEventListener("click", () => {
      const [value] = crypto.getRandomValues(new Uint32Array(1));
      $("seed").value = String(value);
    });
    $("use-closest").addEventListener("click", () => this.#useClosest());
    $("count").addEventListener("change", () => ($("tolerance-row").hidden = $("count").value === "1"));
    $("save-set").addEventListener("click", () => this.#saveSet());
    $("print-set").addEventListener("click", () => this.#set && printSet(this.#set, this.#setName()));
  }
}

/**
 * Wire the dialog: `root` is the Generate panel (its open button and the figures of the board
 * generated), `dialog` the <dialog>; `getRules()` gives the Random play rules; `modes` keeps the dialog's phase;
 * `saveBoards(entries, name)` saves a class set to My boards (resolves true when saved).
 * Returns `{open, close, generate}`.
 */
export function createGenerateDialog({ root, dialog, state, modes, getRules, saveBoards = null }) {
  return new GenerateDialog({ root, dialog, state, modes, getRules, saveBoards });
}
