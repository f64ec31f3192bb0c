// The Generate dialog: the form, progress, Cancel, and the board found put into the editor as one undo step.
// Python (snakes_ladders.genjob in its own worker) checks every field and does the search; this only reads the form.
import { CancelledError, GenerateJob } from "./generate-job.mjs";
import { matrixToBoard } from "./grid.mjs";
import { count, describeRules } from "./rules-text.mjs";
import { sameBoard } from "./state.mjs";

const API_VERSION = 1;

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

/**
 * Wire the dialog: `root` is the Generate panel (its open button and the figures of the board
 * generated), `dialog` the <dialog>; `getRules()` gives the Random play rules.
 */
export function createGenerateDialog({ root, dialog, state, getRules }) {
  const $ = (name) => dialog.querySelector(`[data-generate="${name}"]`);
  const panel = (name) => root.querySelector(`[data-generate="${name}"]`);
  const job = new GenerateJob();
  let closest = null;
  let generated = null;

  function say(text, phase) {
    $("status").textContent = text;
    dialog.dataset.state = phase;
  }

  function request() {
    const targets = { always_finishes: $("finishes").checked };
    if ($("use-moves").checked) targets.min_moves = numberOf($("moves"));
    if ($("use-rolls").checked) targets.expected_rolls = [numberOf($("rolls-lo")), numberOf($("rolls-hi"))];
    const spec = {
      version: API_VERSION,
      n: numberOf($("n")),
      snakes: numberOf($("snakes")),
      ladders: numberOf($("ladders")),
      seed: numberOf($("seed")),
      targets,
      rules: getRules(),
      no_edge_rows: $("no-edge-rows").checked,
      max_evaluations: numberOf($("tries")),
    };
    if ($("use-max-jump").checked) spec.max_jump = numberOf($("max-jump"));
    return spec;
  }

  function open() {
    $("rules").textContent = `Random play under the rules set in Random play: ${describeRules(getRules())}.`;
    if (!dialog.open) dialog.show();
    $("n").focus({ preventScroll: true });
    if (!job.running) warm();
  }

  /** Start Python in the worker; `data-python="ready"` once it can take a request. */
  function warm() {
    job.start().then(() => (dialog.dataset.python = "ready"), (error) => say(`${error.message}.`, "error"));
  }

  function close() {
    dialog.close();
    root.querySelector('[data-generate="open"]').focus();
  }

  function showProgress(report) {
    const bar = $("progress");
    bar.max = report.max_evaluations;
    bar.value = report.evaluations;
    const tried = `Looked at ${report.evaluations.toLocaleString("en")} of ${report.max_evaluations.toLocaleString("en")} boards`;
    say(`${tried}; the closest so far: ${describeFigures(report)}.`, "running");
  }

  function put(result, label) {
    const board = matrixToBoard(result.matrix);
    generated = board;
    state.load(board, label);
    const figures = `${result.n}×${result.n}, ${count(result.snakes, "snake")}, ${count(result.ladders, "ladder")}: ${describeFigures(result)}`;
    panel("figures").textContent = `${figures} (seed ${result.seed}, ${describeRules(result.rules)}).`;
  }

  async function generate() {
    if (job.running) return;
    closest = null;
    $("use-closest").hidden = true;
    $("go").disabled = true;
    $("cancel").hidden = false;
    $("progress").hidden = false;
    $("progress").removeAttribute("value"); // indeterminate until the first report
    say("Starting Python for the generator…", "running");
    let reply;
    try {
      await job.start();
      const started = performance.now();
      reply = await job.run(request(), showProgress);
      dialog.dataset.ms = String(Math.round(performance.now() - started)); // measured by the e2e test and bench
    } catch (error) {
      say(error instanceof CancelledError ? "Cancelled. The board on the left is as it was." : `Could not generate: ${error.message}.`,
        error instanceof CancelledError ? "cancelled" : "error");
      return;
    } finally {
      $("go").disabled = false;
      $("cancel").hidden = true;
      $("progress").hidden = true;
    }
    if (!reply.ok) {
      say(`No board: ${reply.error.message}.`, "refused");
      return;
    }
    const result = reply.result;
    if (result.met) {
      put(result, `Generated a board meeting every target in ${result.evaluations.toLocaleString("en")} tries.`);
      say(`Done: ${describeFigures(result)}. It is on the board now (Undo takes it back).`, "met");
      return;
    }
    closest = result;
    $("use-closest").hidden = false;
    say(`${result.message[0].toUpperCase()}${result.message.slice(1)}. The closest board: ${describeFigures(result)}.`, "missed");
  }

  state.addEventListener("change", ({ detail }) => {
    if (generated && !sameBoard(detail.board, generated)) {
      generated = null;
      panel("figures").textContent = "";
    }
  });
  panel("open").addEventListener("click", open);
  $("form").addEventListener("submit", (event) => {
    event.preventDefault();
    generate();
  });
  $("cancel").addEventListener("click", () => {
    delete dialog.dataset.python;
    job.cancel();
    warm();
  });
  $("close").addEventListener("click", close);
  dialog.addEventListener("keydown", (event) => {
    if (event.key === "Escape") close();
  });
  $("new-seed").addEventListener("click", () => {
    const [value] = crypto.getRandomValues(new Uint32Array(1));
    $("seed").value = String(value);
  });
  $("use-closest").addEventListener("click", () => {
    if (!closest) return;
    put(closest, "Put the closest board generated on the board: it misses a target.");
    say(`The closest board is on the board now (Undo takes it back): ${describeFigures(closest)}.`, "closest");
    $("use-closest").hidden = true;
  });
  return { open, close, generate };
}
