// Practice panel (loaded when it first opens): the code editor, Run tests over the battery, the first failing board.
// The user's code goes only to the practice worker, as a string; everything shown is set with textContent.
import { cellToSquare } from "./grid.mjs";
import { PracticeRunner, TimeLimitError } from "./practice-runner.mjs";

const STORAGE_KEY = "snakes-ladders-practice-code";
const BOARDS = 40;
const SEED = 0;
export const LIMIT_MS = 3000;
// The load step also runs the module's top level, and Python may still be warming up.
const LOAD_LIMIT_MS = 10_000;
const LINK_LIMIT = 20_000;

export const TEMPLATE = `class Solution:
    def snakesAndLadders(self, board: List[List[int]]) -> int:
        n = len(board)
        # Square 1 is board[n - 1][0]; numbering runs along the bottom row, then back along
        # the next one up, alternating. Return the fewest moves to square n * n, or -1.
        return -1
`;

function readStored() {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function store(text) {
  try {
    localStorage.setItem(STORAGE_KEY, text);
  } catch {
    // storage full or blocked: the code stays in the editor
  }
}

/** Code carried by a link (`?code=`, base64url of UTF-8), or null; the parameter is removed from the address. */
function takeLinkedCode() {
  const params = new URLSearchParams(location.search);
  const encoded = params.get("code");
  if (encoded === null) return null;
  params.delete("code");
  const query = params.toString();
  history.replaceState(history.state, "", `${location.pathname}${query ? `?${query}` : ""}${location.hash}`);
  try {
    const binary = atob(encoded.replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return "";
  }
}

function encodeCode(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

// CodeMirror adds its styles as <style> elements to a document, which the page's CSP refuses; in a shadow
// root it adopts constructed style sheets instead, which CSP allows. So the editor lives in one.
async function createEditor(host, text, onChange) {
  const cm = await import(new URL("vendor/codemirror.mjs", import.meta.url).href);
  const root = host.shadowRoot ?? host.attachShadow({ mode: "open" });
  return new cm.EditorView({
    doc: text,
    parent: root,
    root,
    extensions: [
      cm.basicSetup,
      cm.python(),
      cm.keymap.of([cm.indentWithTab]),
      cm.indentUnit.of("    "), // PEP 8, as LeetCode's editor
      cm.EditorView.theme({
        "&": { minHeight: "14rem", maxHeight: "32rem", fontSize: "0.9rem", backgroundColor: "#fff" },
        ".cm-scroller": { fontFamily: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace' },
      }),
      cm.EditorView.contentAttributes.of({ "aria-label": "Your solution" }),
      cm.EditorView.updateListener.of((update) => update.docChanged && onChange(update.state.doc.toString())),
    ],
  });
}

/** One failing board as a small grid: each cell its square number, and its jump's end. */
function drawBoard(table, rows, path) {
  const n = rows.length;
  const onPath = new Set(path ?? []);
  table.replaceChildren();
  const body = table.createTBody();
  rows.forEach((row, r) => {
    const tr = body.insertRow();
    row.forEach((value, c) => {
      const square = cellToSquare(r, c, n);
      const cell = tr.insertCell();
      cell.textContent = value === -1 ? String(square) : `${square}→${value}`;
      if (value !== -1) cell.className = value > square ? "ladder" : value < square ? "snake" : "jump";
      if (onPath.has(square)) cell.classList.add("on-path");
    });
  });
}

function describeError(error, line) {
  return line === null || line === undefined ? error : `Line ${line}: ${error}`;
}

/** The Practice panel: one editor, one practice worker, the first failing board of the last run. */
class PracticePanel {
  /** The options createPractice was given: `{root, getBoard, loadBoard}`. */
  #app;
  #editor = null;
  /** The first board the last run failed on, which "Load the failing board" puts on the board. */
  #failing = null;
  /** The worker the user's code runs in, stopped and replaced when it overruns a time limit. */
  #runner = new PracticeRunner();

  constructor(app) {
    this.#app = app;
    this.#wire();
  }

  #$(name) {
    return this.#app.root.querySelector(`[data-practice="${name}"]`);
  }

  #say(text, state) {
    this.#$("status").textContent = text;
    this.#app.root.dataset.state = state;
  }

  /** Show or hide the panel's body, and say so on the button that does it. */
  #shown(shown) {
    this.#$("body").hidden = !shown;
    this.#$("open").setAttribute("aria-expanded", String(shown));
    this.#$("open").textContent = shown ? "Hide practice" : "Open practice";
  }

  async open() {
    this.#shown(true);
    if (this.#editor) return;
    const linked = takeLinkedCode();
    this.#say("Loading the editor…", "loading");
    try {
      this.#editor = await createEditor(this.#$("editor"), linked ?? readStored() ?? TEMPLATE, store);
    } catch (error) {
      this.#say(`The editor could not be loaded (${error.message}).`, "error");
      return;
    }
    if (linked !== null) this.#say("This code came from a link. It has not been run: read it, then press Run tests.", "idle");
    else this.#say(`Run tests checks your code against ${BOARDS} boards: the one on the left, then boards made to catch the usual mistakes.`, "idle");
  }

  toggle() {
    if (this.#$("body").hidden || !this.#editor) this.open();
    else this.#shown(false);
  }

  /** The battery for the board on the left; a board LeetCode's rules refuse is left out. */
  async #battery() {
    const reply = await this.#runner.call({ op: "battery", boards: BOARDS, seed: SEED, board: this.#app.getBoard() });
    if (reply.ok) return { cases: reply.cases, note: "" };
    const fallback = await this.#runner.call({ op: "battery", boards: BOARDS, seed: SEED, board: null });
    return { cases: fallback.cases, note: ` (the board on the left was left out: ${reply.error})` };
  }

  #showFailure(index, total, testCase, outcome) {
    const $ = (name) => this.#$(name);
    this.#failing = testCase;
    $("failure").hidden = false;
    $("failure-title").textContent = `Board ${index + 1} of ${total} (${testCase.kind}, ${testCase.board.length}×${testCase.board.length}): ${testCase.about}.`;
    drawBoard($("failure-board"), testCase.board, testCase.path);
    const answer = outcome.error ? (outcome.shown ?? "no answer") : outcome.shown;
    $("failure-answers").textContent = `Expected ${testCase.expected}, your answer: ${answer}.`;
    $("failure-path").textContent = testCase.path ? `One shortest path: ${testCase.path.join(" → ")}` : "No sequence of rolls reaches the last square.";
    $("failure-error").textContent = outcome.error ? describeError(outcome.error, outcome.line) : "";
  }

  #showOutput(text, where) {
    this.#$("output-box").hidden = !text;
    this.#$("output-title").textContent = where;
    this.#$("output").textContent = text;
  }

  /** Run the loaded code on one board; null (with the failure shown) when it overran the time limit. */
  async #runCase(index, total, testCase, passed, failed) {
    try {
      return await this.#runner.call({ op: "run", board: testCase.board }, LIMIT_MS);
    } catch (error) {
      if (!(error instanceof TimeLimitError)) throw error;
      const limit = `${LIMIT_MS / 1000} s`;
      if (!failed) this.#showFailure(index, total, testCase, { error: `did not finish within ${limit}, so it was stopped`, shown: "none" });
      const rest = total - index - 1;
      this.#say(`${passed} of ${total} boards passed. Board ${index + 1} (${testCase.kind}) did not finish within ${limit}: your code was stopped there, and the ${rest} boards after it were not run.`, "failed");
      return null;
    }
  }

  async #runAll(source) {
    this.#say("Starting Python for your code…", "running");
    const { cases, note } = await this.#battery();
    const loaded = await this.#runner.call({ op: "load", source }, LOAD_LIMIT_MS);
    if (!loaded.ok) {
      this.#showOutput(loaded.output, "Printed while loading");
      this.#say(`Your code could not be loaded. ${describeError(loaded.error, loaded.line)}`, "error");
      return;
    }
    const total = cases.length;
    let passed = 0;
    let failed = false;
    for (const [index, testCase] of cases.entries()) {
      this.#say(`Running board ${index + 1} of ${total}…`, "running");
      const outcome = await this.#runCase(index, total, testCase, passed, failed);
      if (outcome === null) return;
      if (outcome.error === null && outcome.answer === testCase.expected) {
        passed += 1;
        if (index === 0) this.#showOutput(outcome.output, "Printed on board 1");
      } else if (!failed) {
        failed = true;
        this.#showFailure(index, total, testCase, outcome);
        this.#showOutput(outcome.output, `Printed on board ${index + 1}`);
      }
    }
    this.#say(failed ? `${passed} of ${total} boards passed${note}.` : `All ${total} boards passed${note}.`, failed ? "failed" : "passed");
  }

  async run() {
    if (!this.#editor) return;
    const source = this.#editor.state.doc.toString();
    store(source);
    this.#failing = null;
    this.#$("failure").hidden = true;
    this.#showOutput("", "");
    this.#$("run").disabled = true;
    try {
      await this.#runAll(source);
    } catch (error) {
      this.#say(`The tests could not run: ${error.message}.`, "error");
    } finally {
      this.#$("run").disabled = false;
    }
  }

  /** Put a link carrying the code in the panel (and on the clipboard), unless the code is too long for one. */
  async #shareCode() {
    const text = this.#editor?.state.doc.toString() ?? "";
    if (text.length > LINK_LIMIT) {
      this.#$("share-code-link").textContent = `Your code is over ${LINK_LIMIT} characters: too long for a link.`;
      return;
    }
    const link = `${location.origin}${location.pathname}?code=${encodeCode(text)}${location.hash}`;
    this.#$("share-code-link").textContent = link;
    await navigator.clipboard?.writeText(link).catch(() => {});
  }

  #wire() {
    this.#$("open").addEventListener("click", () => this.toggle());
    this.#$("run").addEventListener("click", () => this.run());
    this.#$("load-failing").addEventListener("click", () => {
      const failing = this.#failing;
      if (failing) this.#app.loadBoard(failing.board, `Loaded the failing board (${failing.kind}): press Solve to see why.`);
    });
    this.#$("template").addEventListener("click", () => {
      const editor = this.#editor;
      editor?.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: TEMPLATE } });
    });
    this.#$("share-code").addEventListener("click", () => this.#shareCode());
  }
}

/** Wire the Practice panel `root`; `getBoard()` gives the board on the left as rows, `loadBoard(rows, label)` replaces it. */
export function createPractice({ root, getBoard, loadBoard }) {
  return new PracticePanel({ root, getBoard, loadBoard });
}
