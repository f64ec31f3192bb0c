// Composition root: builds the state, the views and the Python engine, and wires them together.
// Every rule of play is answered by Python through the engine; this file only routes events.
import { decodeHash, encodeHash, forgetSavedBoard, loadSavedBoard, saveBoard } from "./codec.mjs";
import { Editor } from "./editor.mjs";
import { engine } from "./boot.mjs";
import { boardToMatrix, matrixToBoard } from "./grid.mjs";
import { EngineStatus, MatrixPanel, ResultPanel } from "./panels.mjs";
import { TokenAnimator } from "./animate.mjs";
import { createPlaybackControls } from "./playback.mjs";
import { createExportControls } from "./export.mjs";
import { createThemeControl } from "./theme.mjs";
import { createLayerControls } from "./layers.mjs";
import { createZoomControls } from "./zoom.mjs";
import { registerOffline } from "./offline.mjs";
import { BUILD_ID, PYODIDE_VERSION } from "./build-info.mjs";
import { BoardView } from "./render.mjs";
import { BoardState, MAX_SIZE, buildBoard, describeJump, emptyBoard, sameBoard } from "./state.mjs";
import { AnalysisPanel, ExplainPanel } from "./analysis.mjs";
import { GamePanel } from "./game.mjs";

const API_VERSION = 1;
const $ = (id) => document.getElementById(id);

const state = new BoardState(emptyBoard(6));
const view = new BoardView($("board"));
const result = new ResultPanel();
const matrix = new MatrixPanel();
const player = new TokenAnimator(view);
const analysis = new AnalysisPanel(view);
const explainer = new ExplainPanel(view);
const game = new GamePanel(view);
const message = $("message");

/** The rules for random play, from the Random play panel: `{start, overshoot}`. */
function currentRules() {
  return { start: $("rule-start").value, overshoot: $("rule-overshoot").value };
}

function setRules({ start = "square1", overshoot = "stay" } = {}) {
  $("rule-start").value = start;
  $("rule-overshoot").value = overshoot;
  state.allowStartJump = start === "off-board";
}

function notify(text, kind = "info") {
  message.textContent = text;
  message.dataset.kind = kind;
}

const editor = new Editor(state, view, notify);
new EngineStatus(engine, () => {
  engine.restart();
  checkBoard();
});

function request(op, fields) {
  return engine.call({ version: API_VERSION, op, max_size: MAX_SIZE, rules: currentRules(), ...fields });
}

/**
 * Wrap an async task so that calls during a run coalesce into one more run afterwards:
 * bursts of edits cost one request for the newest board, never one per edit.
 */
function latestOnly(task) {
  let running = false;
  let again = false;
  return async function run() {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        await task();
      } while (again);
    } finally {
      running = false;
    }
  };
}

// Every edit makes older solves and checks stale; replies carry the generation they were for.
let generation = 0;
let solveRun = 0;

state.addEventListener("change", ({ detail }) => {
  generation += 1;
  const { board, label } = detail;
  player.stop();
  view.render(board);
  view.clearRoute();
  view.mark({ path: new Set(), landings: new Set(), current: null, chained: new Set() });
  matrix.show(board);
  result.say("Press Solve to find the fewest rolls.");
  syncControls(board);
  schedulePersist();
  $("share-link").textContent = "";
  $("json-status").textContent = ""; // a later edit makes "Loaded …" old news; loadFromText says it after this
  if (label) notify(label, "info");
  analysis.stale();
  explainer.clear();
  game.stop();
  checkBoard();
  if (analysisShown) reanalyze();
});

function syncControls(board) {
  $("size").value = String(board.n);
  $("undo").disabled = !state.canUndo;
  $("redo").disabled = !state.canRedo;
}

// The URL hash and the saved copy follow the board, coalesced so a burst of edits writes once
// (browsers throttle history updates); leaving the page writes at once.
let persistTimer = null;

function persist() {
  clearTimeout(persistTimer);
  persistTimer = null;
  const board = state.board;
  saveBoard(localStorage, board, currentRules());
  const hash = `#${encodeHash(board, currentRules())}`;
  if (location.hash !== hash) history.replaceState(null, "", hash);
}

function schedulePersist() {
  if (persistTimer === null) persistTimer = setTimeout(persist, 150);
}

window.addEventListener("pagehide", () => persistTimer !== null && persist());

// Python has the last word on every board: it flags jumps that end on another jump's start, and
// a board it rejects is replaced by the last one it accepted. Bursts of edits coalesce.
let lastValid = null;

const checkBoard = latestOnly(async () => {
  const asked = generation;
  const board = state.board;
  let reply;
  try {
    reply = await request("validate", { board: boardToMatrix(board) });
  } catch {
    return; // the engine status line already says what went wrong
  }
  if (asked !== generation) return;
  if (!reply.ok) {
    rejectBoard(reply.error.message);
    return;
  }
  lastValid = board;
  const warnings = reply.result.warnings;
  view.mark({ chained: new Set(warnings.map((warning) => warning.square)) });
  if (warnings.length) $("counts").dataset.warning = warnings.map((w) => w.message).join(" ");
  else delete $("counts").dataset.warning;
});

function rejectBoard(reason) {
  const message = `This board is not valid (${reason}), so the last valid board is back.`;
  state.load(lastValid ?? emptyBoard(6), "");
  notify(message, "error");
}

// --- random play: the analysis follows edits once it has been asked for ---------------

let analysisShown = false;
let analysisEdited = false;

let analyzeRun = 0;

const reanalyze = latestOnly(async () => {
  const asked = generation;
  const run = ++analyzeRun;
  const edited = analysisEdited;
  analysis.busy("Analyzing…");
  $("cancel-analysis").hidden = false;
  let reply;
  try {
    reply = await request("analyze", { board: boardToMatrix(state.board), players: playerCount() });
  } catch (error) {
    if (asked === generation && run === analyzeRun) analysis.error(`Could not analyze: ${error.message}`);
    return;
  } finally {
    if (run === analyzeRun) $("cancel-analysis").hidden = true;
  }
  if (asked !== generation || run !== analyzeRun) return;
  if (!reply.ok) {
    analysis.error(`Could not analyze: ${reply.error.message}`);
    return;
  }
  analysisShown = true;
  analysisEdited = true;
  analysis.show(reply.result, { edited });
});

function playerCount() {
  const value = Number($("players").value);
  return Number.isInteger(value) && value >= 1 && value <= 4 ? value : 1;
}

async function explainBoard() {
  const asked = generation;
  explainer.say("Explaining…");
  let reply;
  try {
    reply = await request("explain", { board: boardToMatrix(state.board) });
  } catch (error) {
    if (asked === generation) explainer.say(`Could not explain: ${error.message}`);
    return;
  }
  if (asked !== generation) return;
  if (!reply.ok) {
    const leetcode = state.board.jumps.has(1) ? ". The search follows LeetCode's rules, where the game starts on square 1." : "";
    explainer.say(`Could not explain: ${reply.error.message}${leetcode}`);
    return;
  }
  player.stop();
  view.clearRoute();
  view.mark({ path: new Set(), landings: new Set(), current: null });
  explainer.show(reply.result);
}

async function playGame() {
  const asked = generation;
  const seed = Number($("seed").value);
  if (!Number.isSafeInteger(seed) || seed < 0) {
    game.say("The seed must be a whole number, 0 or more.");
    return;
  }
  game.say("Rolling the dice…");
  let reply;
  try {
    reply = await request("play", { board: boardToMatrix(state.board), players: playerCount(), seed });
  } catch (error) {
    if (asked === generation) game.say(`Could not play: ${error.message}`);
    return;
  }
  if (asked !== generation) return;
  if (!reply.ok) {
    game.say(`Could not play: ${reply.error.message}`);
    return;
  }
  player.stop();
  game.play(reply.result);
}

async function solve() {
  performance.mark("solve-click");
  const asked = generation;
  const run = ++solveRun;
  player.stop();
  game.stop();
  explainer.clear();
  result.say(engine.state === "ready" ? "Solving…" : "Waiting for Python to load…");
  $("cancel-solve").hidden = false;
  let reply;
  try {
    reply = await request("solve", { board: boardToMatrix(state.board) });
  } catch (error) {
    if (asked === generation && run === solveRun) result.error(`Could not solve: ${error.message}`);
    return;
  } finally {
    if (run === solveRun) $("cancel-solve").hidden = true;
  }
  if (asked !== generation || run !== solveRun) return; // a newer edit or solve wins
  if (!reply.ok) {
    const leetcode = state.board.jumps.has(1) ? " Solve follows LeetCode's rules, where the game starts on square 1; the random-play panel uses the classic start." : "";
    result.error(`Could not solve: ${reply.error.message}.${leetcode}`);
    return;
  }
  const solution = reply.result;
  result.show(solution);
  performance.mark("solve-shown");
  if (!solution.reachable) {
    const reachable = new Set();
    solution.distances.forEach((distance, square) => distance !== null && reachable.add(square));
    view.mark({ landings: reachable });
    return;
  }
  view.mark({ path: new Set(solution.path), landings: new Set(solution.steps.map((step) => step.landing)) });
  view.drawRoute(solution.steps);
  play(solution);
}

let lastSolution = null;

async function play(solution) {
  lastSolution = solution;
  await player.play(solution.steps);
}

player.addEventListener("move", ({ detail }) => {
  result.current(detail.index, detail.step);
  view.mark({ current: detail.step.landing });
});
// --- board view: playback controls and the end of a route (Skip to end ends it too) ---
createPlaybackControls({ root: $("playback"), animator: player, replay: () => lastSolution && play(lastSolution) });
player.addEventListener("end", () => {
  result.current(null, null);
  view.mark({ current: null });
});
createExportControls({ root: $("export"), sheet: $("print-sheet"), view, notify });
createThemeControl({ select: $("theme") });
createLayerControls({ root: $("layer-tools"), view });
createZoomControls({ root: $("zoom-tools"), view });
// --- end board view ---

/**
 * Says what became of Board JSON both in the page's message line and under the box itself, which on
 * a phone is a long scroll away from the message line; an error also marks the box invalid.
 */
function jsonOutcome(text, kind) {
  notify(text, kind);
  const status = $("json-status");
  status.textContent = text;
  status.dataset.kind = kind;
  $("board-json").toggleAttribute("aria-invalid", kind === "error");
}

$("board-json").addEventListener("input", () => {
  $("json-status").textContent = "";
  $("board-json").removeAttribute("aria-invalid");
});

async function loadFromText() {
  const text = $("board-json").value;
  const asked = generation;
  let reply;
  try {
    reply = await request("validate", { board_text: text });
  } catch (error) {
    jsonOutcome(`Board JSON was not loaded: ${error.message}`, "error");
    return;
  }
  if (asked !== generation) {
    jsonOutcome(
      "Board JSON was not loaded: the board changed while it was being checked. Press Load board again.",
      "error",
    );
    return;
  }
  if (!reply.ok) {
    jsonOutcome(`Board JSON: ${reply.error.message}`, "error");
    return;
  }
  const board = matrixToBoard(reply.result.matrix);
  const loaded = `Loaded a ${board.n}×${board.n} board with ${board.jumps.size} snakes and ladders from Board JSON.`;
  state.load(board); // no label: jsonOutcome says it once, in the message line and under the box
  jsonOutcome(loaded, "info");
}

async function copyText(text, what) {
  try {
    await navigator.clipboard.writeText(text);
    notify(`Copied the ${what} to the clipboard.`, "info");
  } catch {
    notify(`Could not reach the clipboard: select the ${what} and copy it by hand.`, "error");
  }
}

/**
 * The board in a share link, checked like any edit: `{board, problem}`, where `problem` says
 * why a link that is there could not be loaded.
 */
function readLink(hash) {
  if (!hash || hash === "#") return { board: null, problem: null };
  try {
    const { n, jumps, rules } = decodeHash(hash);
    const board = buildBoard(n, jumps, { allowStartJump: rules.start === "off-board" });
    return { board, rules, problem: null };
  } catch (error) {
    return { board: null, problem: `The share link does not hold a valid board (${error.message.replace(/\.$/, "")}); it was not loaded.` };
  }
}

/** The board saved by an earlier visit: `{board, problem}`; a corrupt copy is dropped. */
function readSaved() {
  try {
    const saved = loadSavedBoard(localStorage);
    if (!saved) return { board: null, problem: null };
    try {
      const board = buildBoard(saved.n, saved.jumps, { allowStartJump: saved.rules.start === "off-board" });
      return { board, rules: saved.rules, problem: null };
    } catch (error) {
      throw new Error(`The saved board is not a valid board (${error.message.replace(/\.$/, "")}).`);
    }
  } catch (error) {
    forgetSavedBoard(localStorage);
    return { board: null, problem: `${error.message.replace(/\.$/, "")}; starting with a fresh board.` };
  }
}

async function loadPresets() {
  let presets = [];
  try {
    const response = await fetch(new URL("presets.json", import.meta.url));
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    presets = await response.json();
  } catch (error) {
    notify(`Presets could not be loaded (${error.message}).`, "error");
  }
  const select = $("preset");
  for (const preset of presets) {
    const option = document.createElement("option");
    option.value = preset.id;
    option.textContent = preset.name;
    select.append(option);
  }
  return presets;
}

// --- wiring ---------------------------------------------------------------------------

$("solve").addEventListener("click", solve);
// Cancelling stops the worker mid-computation: a fresh one starts, the board stays as it is.
$("cancel-solve").addEventListener("click", () => {
  solveRun += 1;
  $("cancel-solve").hidden = true;
  engine.restart();
  result.say("Solve cancelled. Python is restarting; press Solve to try again.");
  checkBoard();
});
$("undo").addEventListener("click", () => {
  const error = state.undo();
  if (error) notify(error, "error");
});
$("redo").addEventListener("click", () => {
  const error = state.redo();
  if (error) notify(error, "error");
});
$("clear").addEventListener("click", () => {
  const error = state.clear();
  if (error) notify(error, "info");
});
$("size").addEventListener("change", (event) => {
  const error = state.resize(Number(event.target.value));
  if (error) {
    notify(error, "error");
    event.target.value = String(state.board.n);
  }
});
$("load").addEventListener("click", loadFromText);
$("copy-matrix").addEventListener("click", () => copyText(matrix.text, "LeetCode matrix"));
$("share").addEventListener("click", () => {
  const link = `${location.href.split("#")[0]}#${encodeHash(state.board, currentRules())}`;
  $("share-link").textContent = link;
  copyText(link, "share link");
});
$("speed").addEventListener("input", (event) => {
  player.speed = Number(event.target.value);
  game.speed = Number(event.target.value);
});
// A large board's analysis can take a while: cancelling stops the worker and starts a fresh one.
$("cancel-analysis").addEventListener("click", () => {
  analyzeRun += 1;
  analysisShown = false;
  $("cancel-analysis").hidden = true;
  engine.restart();
  analysis.error("Analysis cancelled. Python is restarting; press Analyze to try again.");
  checkBoard();
});
$("analyze").addEventListener("click", () => {
  analysisEdited = false;
  reanalyze();
});
$("explain").addEventListener("click", explainBoard);
$("play").addEventListener("click", playGame);
$("new-seed").addEventListener("click", () => {
  $("seed").value = String(Math.floor(Math.random() * 1_000_000));
});
for (const id of ["rule-start", "rule-overshoot", "players"]) {
  $(id).addEventListener("change", (event) => {
    const rules = currentRules();
    if (id === "rule-start" && rules.start === "square1" && state.board.jumps.has(1)) {
      event.target.value = "off-board";
      notify("Square 1 holds a snake or ladder, which LeetCode's start forbids: remove it first.", "error");
      return;
    }
    state.allowStartJump = rules.start === "off-board";
    game.stop();
    schedulePersist();
    if (analysisShown) {
      analysisEdited = false;
      reanalyze();
    }
  });
}
$("measure").addEventListener("click", async () => {
  try {
    const { objects, heapBytes } = await engine.stats();
    const heap = heapBytes === null ? "" : `, ${Math.round(heapBytes / 1024)} KiB of WebAssembly memory`;
    $("memory").textContent = `${objects} Python objects${heap}`;
    $("memory").dataset.objects = String(objects);
    if (heapBytes !== null) $("memory").dataset.heapBytes = String(heapBytes);
  } catch (error) {
    $("memory").textContent = error.message;
  }
});
$("remove-jump").addEventListener("click", () => editor.removeSelected());
$("cancel-selection").addEventListener("click", () => editor.cancel());

editor.addEventListener("selectionchange", ({ detail }) => {
  const { square } = detail;
  $("inspector").hidden = square === null;
  if (square === null) return;
  const end = state.board.jumps.get(square);
  $("inspector-text").textContent =
    end === undefined
      ? `Square ${square}: choose where its snake or ladder ends.`
      : `Square ${square}: ${describeJump(square, end)}. Choose a new end square, or remove it.`;
  $("remove-jump").hidden = end === undefined;
});

document.addEventListener("keydown", (event) => {
  const typing = event.target.closest?.("input, textarea, select");
  if (typing || !(event.ctrlKey || event.metaKey)) return;
  const key = event.key.toLowerCase();
  if (key === "z" && !event.shiftKey) {
    event.preventDefault();
    state.undo();
  } else if (key === "y" || (key === "z" && event.shiftKey)) {
    event.preventDefault();
    state.redo();
  }
});

window.addEventListener("hashchange", () => {
  const { board, rules, problem } = readLink(location.hash);
  if (problem) notify(problem, "error");
  else if (board && !sameBoard(board, state.board)) {
    setRules(rules);
    state.load(board, "Loaded the board from the link.");
  }
});

// --- start-up: the link wins, then the saved board, then the first preset -------------

// A link or saved copy that could not be loaded is reported last, so no later notice hides it.
const fromLink = readLink(location.hash);
const fromSaved = fromLink.board ? { board: null, problem: null } : readSaved();
const linked = fromLink.board;
const saved = fromSaved.board;
const startProblem = fromLink.problem ?? fromSaved.problem;
const opening = linked ? "Loaded the board from the link." : saved ? "Restored your last board." : "";
setRules(fromLink.rules ?? fromSaved.rules);
state.reset(linked ?? saved ?? emptyBoard(6), startProblem ? "" : opening);
if (startProblem) notify(startProblem, "error");
performance.mark("board-interactive");

// Offline support registers once Python has loaded, so its downloads never compete with the first one.
engine.addEventListener("statechange", function offerOffline({ detail }) {
  if (detail.state === "loading") return;
  engine.removeEventListener("statechange", offerOffline);
  if (detail.state === "ready") performance.mark("python-ready");
  registerOffline((apply) => {
    $("update").hidden = false;
    $("update-reload").addEventListener("click", apply, { once: true });
  });
});
const presets = await loadPresets();
$("preset").addEventListener("change", (event) => {
  const preset = presets.find((p) => p.id === event.target.value);
  event.target.value = "";
  if (!preset) return;
  setRules(preset.rules);
  state.load(matrixToBoard(preset.board), `Loaded the preset “${preset.name}”.`);
});
if (!linked && !saved && presets.length) {
  state.reset(matrixToBoard(presets[0].board), startProblem ? "" : `Loaded the preset “${presets[0].name}”. Press Solve!`);
}
$("build-info").textContent = `Build ${BUILD_ID}, Pyodide ${PYODIDE_VERSION}.`;
document.body.dataset.ready = "true";
