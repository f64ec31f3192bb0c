// Practice panel (loaded when it first opens): the code editor, Run tests over the battery, the first failing board.
// The user's code goes only to a sandboxed practice worker, as a string; what it replies goes, as text, to the
// engine worker, which checks it, judges it and shrinks a failing board. Everything shown is set with textContent.
import { makeClient } from "../core/client.mjs";
import { FailureView, wellFormed } from "./failure-view.mjs";
import { decodeLinkedCode, makeCodeLink } from "./code-link.mjs";
import { LANGUAGES, language, readLanguage, storeLanguage } from "./languages.mjs";
import { CodeKeeper } from "./code-keeper.mjs";
import {
  CancelledError,
  PracticeRunner,
  SandboxCrashError,
  SandboxFaultError,
  TimeLimitError,
} from "./practice-runner.mjs";
import { OUTPUT_CHARS, shownList, shownText } from "./shown-text.mjs";
import { createEditor } from "./code-editor.mjs";
import { plainWords } from "./plain-words.mjs";

/** The practice ops' requests (web/core/client.mjs), for the engine worker: the checker's side. */
const requests = makeClient((_, request) => request);
/** A sandbox's reply as the engine takes it: text (anything else is refused there as not JSON). */
const asText = (reply) => (typeof reply === "string" ? reply : "");
/** A refused request (an envelope error) as the outcome of a board: the message is the reason. */
const refused = (reply) => ({
  loaded: false,
  answer: null,
  shown: "no answer",
  error: reply.error.message,
  line: null,
  output: "",
});
const BOARDS = 40;
/** The most printed characters a board keeps (practice_run.OUTPUT_LIMIT). */
const OUTPUT_LIMIT = 4000;
const SEED = 0;
export const LIMIT_MS = 3000;
// The load step also runs the module's top level.
const LOAD_LIMIT_MS = 10_000;
/** Shrinking a failing board starts no run after this many seconds (practice.failure.Diagnosis); each run has LIMIT_MS. */
const SHRINK_S = 2;

/** An error from the sandbox, with its line when it has one, as shown (clipped, controls made visible). */
function describeError(error, line) {
  const words = shownText(error);
  return Number.isSafeInteger(line) ? `Line ${line}: ${words}` : words;
}

/** What the status says when the run stopped on `error` (not a board's outcome). */
function stopped(error) {
  if (error instanceof SandboxCrashError)
    return "Your code ran out of memory (or crashed its sandbox); nothing else was affected.";
  if (error instanceof SandboxFaultError)
    return `Your code was stopped: ${shownText(error.message)}. Nothing else was affected.`;
  return `The tests could not run: ${shownText(error.message)}.`;
}

/** The Practice panel: one editor, a fresh sandboxed worker for each run, the first failing board of the last run. */
class PracticePanel {
  /** The options createPractice was given: `{root, modes, getBoard, getBoardHash, loadBoard, engine}`. */
  #app;
  #editor = null;
  /** Switches the editor's mode (createEditor's setLanguage). */
  #setMode = null;
  /** The language of the code in the editor: "python", "javascript" or "typescript" (languages.mjs). */
  #language = readLanguage();
  /** The first board the last run failed on (shrunk once diagnosed), which "Load the failing board" puts on the board. */
  #failing = null;
  /** The failing board's view (failure-view.mjs), made when a run first fails. */
  #view = null;
  /** The workers the user's code runs in. */
  #runner = new PracticeRunner();
  /** True while the panel itself replaces the editor's text (not a user edit). */
  #replacing = false;
  /** Where the editor's code is kept, and the note when it is not saved (code-keeper.mjs). */
  #code;

  constructor(app) {
    this.#app = app;
    this.#code = new CodeKeeper({
      note: this.#$("save-note"),
      text: () => this.#editor?.state.doc.toString() ?? null,
      replace: (text) => this.#replaceText(text),
    });
    this.#wire();
  }

  #$(name) {
    return this.#app.root.querySelector(`[data-practice="${name}"]`);
  }

  #say(text, state) {
    this.#$("status").textContent = text;
    this.#app.modes.go("practice", state); // the mode table writes the panel's data-state
  }

  /** Show or hide the panel's body, and say so on the button that does it. */
  #shown(shown) {
    this.#$("body").hidden = !shown;
    this.#$("open").setAttribute("aria-expanded", String(shown));
    this.#$("open").textContent = shown ? "Hide practice" : "Open practice";
  }

  /** A user edit: kept (code from a link becomes theirs once they edit it), or the note says why not. */
  #edited(text) {
    if (!this.#replacing) this.#code.edited(text); // code from a link is stored only once the user edits it
  }

  #replaceText(text) {
    const editor = this.#editor;
    this.#replacing = true;
    try {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: text } });
    } finally {
      this.#replacing = false;
    }
  }

  /** Switch the editor to `name`'s language and its kept code (or template); `text` instead when given (a link's). */
  #switchLanguage(name, text = null) {
    this.#language = name;
    this.#$("language").value = name;
    storeLanguage(name);
    this.#setMode?.(name);
    if (this.#editor) this.#replaceText(this.#code.show(name, text));
  }

  /** Open the panel; `linked` is code a link carries (still encoded, from code-link.mjs), shown but not run or stored. */
  async open(linked = null) {
    this.#shown(true);
    const decoded = linked ? await decodeLinkedCode(linked) : null;
    if (!this.#editor) {
      this.#say("Loading the editor…", "loading");
      try {
        const made = await createEditor(
          this.#$("editor"),
          this.#code.show(this.#language),
          (text) => this.#edited(text),
          this.#language,
        );
        [this.#editor, this.#setMode] = [made.view, made.setLanguage];
      } catch (error) {
        this.#say(`The editor could not be loaded (${error.message}).`, "error");
        return;
      }
    }
    const unsaved = !this.#$("save-note").hidden;
    if (decoded && "text" in decoded && unsaved) {
      this.#say(
        "The code in this link was not opened: the code in the editor is not saved yet, and opening the link would replace it. Copy your code somewhere safe, then open the link again.",
        "error",
      );
    } else if (decoded && "text" in decoded) {
      this.#switchLanguage(decoded.language, decoded.text);
      this.#say(
        "This code came from a link. It has not been run, and your own code is still saved: read it, then press Run tests. It is saved as yours only once you edit it.",
        "idle",
      );
    } else if (decoded) {
      this.#say(`${"problem" in decoded ? decoded.problem : ""} Your own code is shown instead.`, "error");
    } else if (this.#app.modes.phase("practice") === "loading") {
      this.#say(
        `Run tests checks your code against ${BOARDS} boards: the one on screen, then boards made to catch the usual mistakes.`,
        "idle",
      );
    }
  }

  toggle() {
    if (this.#$("body").hidden || !this.#editor) this.open();
    else this.#shown(false);
  }

  /** The battery for the board on screen (the engine's: the sandbox never sees an answer); a board LeetCode's rules refuse is left out. */
  async #battery() {
    const reply = await this.#app.engine(requests.battery({ boards: BOARDS, seed: SEED, board: this.#app.getBoard() }));
    if (reply.ok) return { cases: reply.result.cases, note: "" };
    const fallback = await this.#app.engine(requests.battery({ boards: BOARDS, seed: SEED, board: null }));
    return {
      cases: fallback.result.cases,
      note: ` (the board on screen was left out: ${shownText(reply.error.message)})`,
    };
  }

  #showFailure(index, total, testCase, outcome) {
    const $ = (name) => this.#$(name);
    this.#failing = testCase;
    $("failure").hidden = false;
    const n = testCase.board.length;
    $("failure-title").textContent =
      `Board ${index + 1} of ${total} (${shownText(testCase.kind)}, ${n}×${n}): ${plainWords(shownText(testCase.about))}.`;
    this.#view ??= new FailureView($("failure"), $("load-failing"), $("failure-board"));
    this.#view.plain(testCase.board, testCase.path);
    const answer = outcome.error ? (outcome.shown ?? "no answer") : outcome.shown;
    $("failure-answers").textContent = `Expected ${shownText(testCase.expected)}, your answer: ${shownText(answer)}.`;
    $("failure-path").textContent = testCase.path
      ? `One shortest path: ${shownList(testCase.path, " → ")}`
      : "No sequence of rolls reaches the last square.";
    $("failure-error").textContent = outcome.error ? describeError(outcome.error, outcome.line) : "";
  }

  /** What the code printed while it loaded this run: shown first, before a board's, as a program's output runs. */
  #printedAtLoad = "";

  /** Show what was printed: at load (if anything), then `board` (what one board printed), titled `where`. */
  #showOutput(board, where) {
    const text = this.#printedAtLoad + (board || "");
    if (this.#printedAtLoad)
      where = board ? where.replace(/^Printed /, "Printed while loading, then ") : "Printed while loading";
    this.#$("output-box").hidden = !text;
    this.#$("output-title").textContent = where;
    this.#$("output").textContent = text ? shownText(text, OUTPUT_CHARS) : "";
  }

  /** Run the loaded code on one board; null (with the failure shown) when it overran the time limit. */
  async #runCase(session, index, total, testCase, tally) {
    let printed = ""; // what the board printed so far (the run op's progress): kept if it is stopped
    const onProgress = (report) => {
      if (typeof report?.printed === "string" && printed.length < OUTPUT_LIMIT)
        printed = (printed + report.printed).slice(0, OUTPUT_LIMIT);
    };
    try {
      const reply = asText(
        await session.call({ op: "run", board: testCase.board, record: true }, LIMIT_MS, onProgress),
      );
      const judged = await this.#app.engine(requests.judge({ board: testCase.board, reply }));
      return judged.ok ? { ...judged.result.outcome, passed: judged.result.passed, reply } : refused(judged);
    } catch (error) {
      if (!(error instanceof TimeLimitError)) throw error;
      const limit = `${LIMIT_MS / 1000} s`;
      if (!tally.failed) {
        this.#showFailure(index, total, testCase, {
          error: `did not finish within ${limit}, so it was stopped`,
          shown: "none",
        });
        this.#showOutput(printed, `Printed on board ${index + 1} before it was stopped`);
      }
      const rest = total - index - 1;
      this.#say(
        `${tally.passed} of ${total} boards passed. Board ${index + 1} (${testCase.kind}) did not finish within ${limit}: your code was stopped there, and the ${rest} boards after it were not run.`,
        "failed",
      );
      return null;
    }
  }

  async #runAll(session, source, tally) {
    const { label } = language(this.#language);
    this.#say(`Starting ${label} for your code…`, "running");
    const { cases, note } = await this.#battery();
    const text = asText(await session.call({ op: "load", source, language: this.#language }, LOAD_LIMIT_MS));
    const reply = await this.#app.engine(requests.loaded({ reply: text }));
    const loaded = reply.ok ? reply.result : refused(reply);
    this.#printedAtLoad = typeof loaded.output === "string" ? loaded.output : "";
    if (!loaded.loaded) {
      this.#showOutput("", "Printed while loading");
      this.#say(`Your code could not be loaded. ${describeError(loaded.error, loaded.line)}`, "error");
      return;
    }
    const total = cases.length;
    for (const [index, testCase] of cases.entries()) {
      tally.board = index + 1;
      this.#say(`Running board ${index + 1} of ${total}…`, "running");
      const outcome = await this.#runCase(session, index, total, testCase, tally);
      if (outcome === null) return;
      if (outcome.passed) {
        tally.passed += 1;
        if (index === 0) this.#showOutput(outcome.output, "Printed on board 1");
      } else if (!tally.failed) {
        tally.failed = { index, testCase, reply: outcome.reply };
        this.#showFailure(index, total, testCase, outcome);
        this.#showOutput(outcome.output, `Printed on board ${index + 1}`);
      }
    }
    const { passed, failed } = tally;
    const shrunk = failed ? await this.#diagnose(session, failed) : "";
    this.#say(
      failed ? `${passed} of ${total} boards passed${note}.${shrunk}` : `All ${total} boards passed${note}.`,
      failed ? "failed" : "passed",
    );
  }

  /**
   * Shrink the failing board (the engine proposes each smaller board, the sandbox runs it, the engine judges
   * the reply) and show it with the reads; a sentence for the status when that could not be done.
   */
  async #diagnose(session, { index, testCase, reply }) {
    this.#say(`Board ${index + 1} failed: looking for the smallest board that breaks your code…`, "running");
    let step = await this.#app.engine(requests.diagnose({ board: testCase.board, reply, seconds: SHRINK_S }));
    while (step.ok && step.result.run) {
      const { board, record } = step.result.run;
      let ran = null; // a run past its time limit stops the shrinking: the engine is told so
      try {
        ran = asText(await session.call({ op: "run", board, record }, LIMIT_MS));
      } catch (error) {
        if (!(error instanceof TimeLimitError)) throw error;
      }
      step = await this.#app.engine(requests.diagnose_step({ id: step.result.id, reply: ran }));
    }
    const failure = step.ok ? step.result.failure : null;
    if (failure && !wellFormed(failure, testCase.board.length))
      return " The smallest failing board could not be shown: the engine's reply was malformed.";
    if (!failure)
      return step.ok
        ? " Run again on that board, your code passed it: it does not always give the same answer."
        : ` The failing board could not be shrunk: ${shownText(step.error.message)}.`;
    this.#failing = { ...testCase, board: failure.board };
    this.#$("failure-answers").textContent =
      `On this board: expected ${failure.expected}, your answer: ${shownText(failure.shown)}.`;
    this.#$("failure-error").textContent = failure.error ? describeError(failure.error, failure.line) : "";
    const game = failure.why.game?.path ?? null;
    this.#$("failure-path").textContent =
      failure.expected < 0
        ? "No sequence of rolls reaches the last square."
        : game
          ? `One shortest path: ${shownList(game, " → ")}`
          : "";
    this.#view.show(failure, game);
    this.#showOutput(failure.output, `Printed on the smallest failing board (${failure.n}×${failure.n})`);
    return "";
  }

  /** Run the battery on a fresh worker; Cancel (or a time limit) stops it, and the next run starts clean. */
  async run() {
    if (!this.#editor) return;
    const source = this.#editor.state.doc.toString();
    this.#failing = null;
    this.#$("failure").hidden = true;
    this.#printedAtLoad = "";
    this.#showOutput("", "");
    this.#busy(true);
    const session = this.#runner.begin(this.#language === "python");
    const tally = { passed: 0, failed: null, board: 0 };
    try {
      await this.#runAll(session, source, tally);
    } catch (error) {
      if (error instanceof CancelledError) {
        const where = tally.board ? ` on board ${tally.board}, after ${tally.passed} passed` : " before any board ran";
        this.#say(`Cancelled${where}: your code was stopped.`, "idle");
      } else this.#say(stopped(error), "error");
    } finally {
      this.#runner.end(session);
      this.#busy(false);
    }
  }

  #busy(busy) {
    this.#$("run").disabled = busy;
    this.#$("cancel").hidden = !busy;
  }

  /** Put a link carrying the code (and the board) in the panel and on the clipboard, unless it is too long. */
  async #shareCode() {
    const text = this.#editor?.state.doc.toString() ?? "";
    const base = location.href.split("#")[0].split("?")[0];
    const made = await makeCodeLink(base, this.#app.getBoardHash(), text, this.#language);
    this.#$("share-code-link").textContent = made.link ?? made.problem;
    if (made.link) await navigator.clipboard?.writeText(made.link).catch(() => {});
  }

  #wire() {
    this.#$("open").addEventListener("click", () => this.toggle());
    this.#$("run").addEventListener("click", () => this.run());
    this.#$("cancel").addEventListener("click", () => this.#runner.cancel());
    this.#$("load-failing").addEventListener("click", () => {
      const failing = this.#failing;
      if (failing)
        this.#app.loadBoard(failing.board, `Loaded the failing board (${failing.kind}): press Solve to see why.`);
    });
    this.#$("template").addEventListener("click", () => {
      const editor = this.#editor;
      editor?.dispatch({
        changes: { from: 0, to: editor.state.doc.length, insert: language(this.#language).template },
      });
    });
    const choice = this.#$("language");
    choice.replaceChildren(...Object.entries(LANGUAGES).map(([name, { label }]) => new Option(label, name)));
    choice.value = this.#language;
    choice.addEventListener("change", () => {
      if (this.#$("save-note").hidden) return this.#switchLanguage(choice.value);
      choice.value = this.#language; // the code in the editor is not saved: switching would replace it
      this.#say(
        `Your ${language(this.#language).label} code is not saved, and switching the language would replace it in the editor: copy it somewhere safe first.`,
        "error",
      );
    });
    this.#$("share-code").addEventListener("click", () => this.#shareCode());
  }
}

/**
 * Wire the Practice panel `root`; `getBoard()` gives the board on screen as rows, `getBoardHash()` its
 * share-link fragment (without "#"), `loadBoard(rows, label)` replaces it; `modes` keeps the panel's phase;
 * `engine(request)` asks the engine worker (the battery, and each sandbox reply checked and judged).
 */
export function createPractice({ root, modes, getBoard, getBoardHash, loadBoard, engine }) {
  return new PracticePanel({ root, modes, getBoard, getBoardHash, loadBoard, engine });
}
