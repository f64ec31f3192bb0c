// Composition root: builds the state, the views, the engine bridge and one controller per feature,
// and wires them together. Every rule of play is answered by Python; the controllers own the calls.
import { engine } from "./boot.mjs";
import { EngineBridge, Superseded } from "./core/bridge.mjs";
import { BUILD_ID, PYODIDE_VERSION } from "./build-info.mjs";
import { BoardIoController } from "./board/board-io.mjs";
import { makeClient } from "./core/client.mjs";
import { Editor } from "./board/editor.mjs";
import { BoardTools } from "./board/tools.mjs";
import { EditingController } from "./board/editing.mjs";
import { Engine } from "./workers/engine.mjs";
import { boardToMatrix, matrixToBoard } from "./board/grid.mjs";
import { addressWithoutCode, findLinkedCode } from "./practice/code-link.mjs";
import { encodeHash } from "./core/codec.mjs";
import { LinkController, readLink, readSaved } from "./core/links.mjs";
import { FEATURES, MODES, ModeMachine } from "./core/modes.mjs";
import { DEFAULT_WORKSPACE, WorkspaceSwitcher, lastWorkspace, splitWorkspace } from "./core/workspaces.mjs";
import { registerOffline } from "./core/offline.mjs";
import { EngineStatus, MatrixPanel } from "./core/panels.mjs";
import { createExportControls } from "./board/export.mjs";
import { createThemeControl } from "./board/theme.mjs";
import { createLayerControls } from "./board/layers.mjs";
import { createZoomControls } from "./board/zoom.mjs";
import { RandomPlayController } from "./solve/random-play.mjs";
import { BoardView } from "./board/render.mjs";
import { SolveController } from "./solve/solving.mjs";
import { BoardState, MAX_SIZE, emptyBoard, makeWords } from "./core/state.mjs";
import { $ } from "./core/dom.mjs";

const select = (id) => /** @type {HTMLSelectElement} */ ($(id));

const state = new BoardState(emptyBoard(6));
const view = new BoardView($("board"));
const matrix = new MatrixPanel();
const message = $("message");
const modes = new ModeMachine();
modes.addEventListener("modechange", () => (document.body.dataset.mode = modes.mode));
document.body.dataset.mode = modes.mode;
// Every panel shows its feature's phase (data-state) from the machine; three sections have no id of their own.
for (const [feature, { panel }] of Object.entries(FEATURES)) if (panel) modes.attach(feature, $(panel));
for (const [feature, button] of [["solve", "solve-button"], ["explain", "explain"], ["replay", "play-seeded"]]) {
  modes.attach(feature, /** @type {HTMLElement} */ ($(button).closest("section")));
}

// Analysis runs in a second worker, started on first use, so it never delays a Solve.
const bridge = new EngineBridge(engine, () => {
  const slow = new Engine(new URL("workers/engine.worker.mjs", import.meta.url));
  slow.addEventListener("statechange", () => ($("analysis").dataset.engine = slow.state));
  return slow;
});

// The rules are part of the state (undone with the board, carried by links and My boards): the Random play
// panel's selects only show them and ask the state to change them.
const RULE_SELECTS = { start: "rule-start", overshoot: "rule-overshoot", sixes: "rule-sixes" };
function showRules() {
  for (const [name, id] of Object.entries(RULE_SELECTS)) select(id).value = state.rules[name];
}

/**
 * What the message line may offer for the step just made: "undo" after a change, "redo" after an undo.
 * Set by the state's events and kept for the rest of the task only, so only the message that reports the
 * step (the change's own words, or its controller's right after it) offers it.
 */
let offer = null;
function offerFor(how) {
  offer = how === "undo" ? "redo" : how === "step" || how === "redo" ? "undo" : null;
  queueMicrotask(() => (offer = null));
}
const messageAction = /** @type {HTMLButtonElement} */ ($("message-action"));
messageAction.addEventListener("click", () => {
  const problem = messageAction.dataset.action === "redo" ? state.redo() : state.undo();
  if (problem) notify(problem, "error");
});

/**
 * The message line under the board, its one writer. A message says what an action did, or (`source` "link")
 * what became of the link's board, and stays while it applies: the next message replaces it; a change of the
 * board replaces it with the change's own words, or takes it off when the change has none (an error about
 * the old board goes with it); a workspace switch takes it off (what the last action or the start-up said),
 * unless it is an error saying why the board on screen is not the link's, which stays until the board changes.
 * Outside Design, whose Undo and Redo buttons are elsewhere, a message that reports a step offers to take
 * it back (or, after Undo, to make it again): the page changes nowhere without an Undo where the user is.
 */
function notify(text, kind = "info", source = "") {
  message.textContent = text;
  message.dataset.kind = kind;
  message.dataset.source = source;
  const action = kind === "info" && text && !modes.editable ? offer : null;
  messageAction.hidden = action === null;
  messageAction.dataset.action = action ?? "";
  messageAction.textContent = action === "redo" ? "Redo" : "Undo";
  messageAction.setAttribute("aria-label", `${messageAction.textContent} this change`);
}

/**
 * Ask Python, as the newest request for `key`: resolves with the reply, or with null when a newer
 * request (or an edit of the board) replaced this one.
 */
async function latest(key, request) {
  try {
    return await bridge.latest(key, request);
  } catch (error) {
    if (error instanceof Superseded) return null;
    throw error;
  }
}
/** What the page sends with every request, to the ops that declare it (web/core/client.mjs). */
const shared = () => ({ max_size: MAX_SIZE, rules: state.rules });
/** The client of the bridge: `ask.solve(fields, key)` asks as the newest request for `key` (the op's name unless given). */
const ask = makeClient(latest, shared);

const tools = new BoardTools({ root: $("tools"), frame: view.frame, modes });
const editor = new Editor(state, view, notify, tools);
const app = { state, view, editor, tools, bridge, ask, modes, notify, message };
matrix.link({ view, editor, modes });
const links = new LinkController(app);
const boardIo = new BoardIoController({ ...app, matrixText: () => matrix.text });
const editing = new EditingController(app);
const randomPlay = new RandomPlayController(app);
const solver = new SolveController({ ...app, onCancel: () => boardIo.check() });
const designer = { hotSeat: null, library: null, hotSeatLoad: null };
/** The Practice panel's controller once its module has loaded (openPractice). */
let practice = null;
/** The last open of the Practice panel, so the next waits for it (openPractice). */
let practiceOpened = Promise.resolve();
// The board owner: the one place a layer is taken off the board, called by the mode table (MODES' clears)
// when a mode is entered, so no controller stops another's.
modes.own({
  animation: () => solver.stop(),
  route: () => {
    view.clearRoute();
    view.mark({ path: new Set(), landings: new Set(), current: null });
  },
  search: () => randomPlay.clearSearch(),
  game: () => randomPlay.clearGame(),
  hotseat: (mode) => designer.hotSeat?.stop(MODES[mode].takeover ?? ""),
});
new EngineStatus(engine, () => {
  bridge.restart();
  boardIo.check();
});

state.addEventListener("change", (event) => {
  const { board, label, how } = /** @type {CustomEvent} */ (event).detail;
  offerFor(how);
  bridge.cancelAll(); // every reply asked for the old board is stale
  modes.fire("edit");
  solver.boardChanged();
  view.render(board);
  view.clearRoute();
  view.mark({ path: new Set(), landings: new Set(), current: null, chained: new Set() });
  matrix.show(board);
  editing.boardChanged(board);
  links.schedule();
  boardIo.boardChanged();
  notify(label ?? "", "info"); // notify's rule: the old board's message goes with it
  randomPlay.boardChanged();
  boardIo.check();
});
state.addEventListener("ruleschange", (event) => {
  const { label, withBoard, how } = /** @type {CustomEvent} */ (event).detail;
  offerFor(how);
  showRules();
  designer.hotSeat?.showRules();
  editing.historyChanged();
  if (withBoard) return; // the board's change has done the rest
  links.schedule();
  if (label) notify(label, "info");
  solver.rulesChanged(); // Solve answers under the rules
  randomPlay.rulesChanged();
});

// --- board view: export and print, theme, layer switches, zoom (the playback row is solving.mjs's) ---
createExportControls({ root: $("export"), sheet: $("print-sheet"), view, notify, print: () => openPrint() });
createThemeControl({ select: select("theme") });
createLayerControls({ root: $("layer-tools"), view });
createZoomControls({ root: $("zoom-tools"), view, panByMouse: () => tools.action === "view" });
// --- end board view ---

$("speed").addEventListener("input", (event) => {
  const speed = Number(/** @type {HTMLInputElement} */ (event.target).value);
  solver.speed = speed;
  randomPlay.speed = speed;
});
for (const [name, id] of Object.entries(RULE_SELECTS)) {
  $(id).addEventListener("change", () => {
    const problem = state.setRules({ [name]: select(id).value });
    if (problem) notify(problem, "error");
    showRules();
  });
}
$("players").addEventListener("change", () => {
  links.schedule();
  randomPlay.rulesChanged();
});
$("measure").addEventListener("click", async () => {
  const memory = $("memory");
  try {
    const { objects, heapBytes } = await engine.stats();
    const heap = heapBytes === null ? "" : `, ${Math.round(heapBytes / 1024)} KiB of WebAssembly memory`;
    memory.textContent = `${objects} Python objects${heap}`;
    memory.dataset.objects = String(objects);
    if (heapBytes !== null) memory.dataset.heapBytes = String(heapBytes);
  } catch (error) {
    memory.textContent = error.message;
  }
});

// --- workspaces: the link's, else the one this browser used last, else Solve (web/core/workspaces.mjs) ---
const workspaces = new WorkspaceSwitcher({ nav: $("workspaces"), modes, boardText: () => encodeHash(state.board, state.rules, state.words) });
modes.addEventListener("workspacechange", (event) => {
  const linkError = message.dataset.source === "link" && message.dataset.kind === "error";
  if (/** @type {CustomEvent} */ (event).detail.from && !linkError) notify(""); // notify's rule
  links.schedule(); // the address names the workspace shown
  if (/** @type {CustomEvent} */ (event).detail.to === "practice") openPractice();
});

// --- start-up: the link wins, then the saved board, then the first preset -------------

// A link or saved copy that could not be loaded is reported last, so no later notice hides it.
const linkedCode = takeLinkedCode();
const fromLink = readLink(location.hash);
const fromSaved = fromLink.board ? { board: null, problem: null } : readSaved();
const linked = fromLink.board;
const saved = fromSaved.board;
const startProblem = fromLink.problem ?? fromSaved.problem;
const [firstPreset] = editing.listPresets();
const preset = linked || saved || !firstPreset ? null : firstPreset;
const opening = linked ? "Loaded the board from the link." : saved ? "Restored your last board."
  : preset ? `Loaded the preset “${preset.name}”. Press Solve!` : "";
const startRules = fromLink.rules ?? fromSaved.rules ?? preset?.rules ?? {};
state.reset(linked ?? saved ?? (preset ? matrixToBoard(preset.board) : emptyBoard(6)), startProblem ? "" : opening, startRules, fromLink.words ?? fromSaved.words);
showRules();
// After the start-up board is drawn: entering a workspace clears layers off a board that must exist.
workspaces.show(splitWorkspace(location.hash).workspace ?? lastWorkspace(localStorage) ?? DEFAULT_WORKSPACE);
if (startProblem) notify(startProblem, "error", "link");
performance.mark("board-interactive");

// Offline support registers once Python has loaded, so its downloads never compete with the first one.
// Python may be ready before this module runs (boot.mjs starts it first, and a start from the snapshot
// can beat this bundle on a busy machine): then it registers at once, or it never would on this visit.
function offerOffline(event = null) {
  if (engine.state === "loading") return;
  engine.removeEventListener("statechange", offerOffline);
  if (event && engine.state === "ready") performance.mark("python-ready"); // when it was heard, not now
  registerOffline((apply) => {
    $("update").hidden = false;
    $("update-reload").addEventListener("click", apply, { once: true });
  });
}
engine.addEventListener("statechange", offerOffline);
offerOffline();
// --- Practice mode (issue 16): practice.mjs, its editor and worker load when the panel first opens ---
function openPractice(linked = null) {
  practice ??= import("./practice/practice.mjs").then(({ createPractice }) =>
    createPractice({
      root: $("practice-panel"),
      getBoard: () => boardToMatrix(state.board),
      getBoardHash: () => encodeHash(state.board, state.rules, state.words),
      modes,
      loadBoard: (rows, label) => state.load(matrixToBoard(rows), label, undefined, makeWords()), // a board of its own
      engine: (request) => engine.call(request), // the checker's side of Practice: the sandbox never has it
    }),
  );
  // One open at a time: entering the workspace and a link's code may both open it, and two opens at
  // once would each make an editor.
  practiceOpened = practiceOpened.catch(() => null).then(() => practice.then((panel) => panel.open(linked)));
  return practiceOpened;
}
// The module's own listener toggles the panel once it has loaded; before that, the button loads it.
$("practice-panel").querySelector('[data-practice="open"]').addEventListener("click", () => practice ?? openPractice(), { once: true });
// Code a link carries is taken out of the address at once (a board link written later must not carry
// it on), shown in the panel, and never run until Run tests.
// `href`: the address gone to (a hashchange's newURL: the board's own listener may have rewritten the
// address since).
function takeLinkedCode(href = location.href) {
  const linked = findLinkedCode(href);
  if (linked) history.replaceState(history.state, "", addressWithoutCode(location.href));
  return linked;
}
/** Code from a link opens the Practice workspace, which shows it. */
function practiceLinked(linked) {
  workspaces.show("practice");
  openPractice(linked);
}
if (linkedCode) practiceLinked(linkedCode);
window.addEventListener("hashchange", (event) => {
  const linked = takeLinkedCode(event.newURL);
  if (linked) practiceLinked(linked);
});
// --- end of Practice mode ---
// --- Designer (issue 17): Generate dialog, My boards, Play with real dice; each module loads on first use ---
/** The client of the solver's worker for My boards and hot-seat play: each call counts, none replaces another. */
const request = makeClient((_, message) => engine.call(message), shared);
$("generate-panel").querySelector('[data-generate="open"]').addEventListener("click", async function openGenerate(event) {
  event.currentTarget.removeEventListener("click", openGenerate);
  const { createGenerateDialog } = await import("./generate/generate-dialog.mjs");
  const saveBoards = (boards, name) => openLibrary().then((library) => library.saveBoards(boards, name));
  createGenerateDialog({ root: $("generate-panel"), dialog: $("generate-dialog"), state, modes, getRules: () => state.rules, saveBoards }).open();
});
// My boards and Play with real dice load once Python has had its turn (their bytes never delay it), or when touched.
function openLibrary() {
  designer.library ??= import("./library/library.mjs").then(({ createLibrary }) =>
    createLibrary({ root: $("library"), dialog: $("ask-dialog"), state, modes, request, getRules: () => state.rules }),
  );
  return designer.library;
}
function openHotSeat() {
  designer.hotSeatLoad ??= import("./play/hotseat.mjs").then(({ createHotSeat }) => {
    designer.hotSeat = createHotSeat({ root: $("hotseat"), view, state, modes, request, getRules: () => state.rules });
  });
  return designer.hotSeatLoad;
}
engine.addEventListener("statechange", (event) => {
  if (/** @type {CustomEvent} */ (event).detail.state !== "loading") Promise.all([openLibrary(), openHotSeat()]);
});
for (const type of ["pointerdown", "focusin"]) {
  $("library").addEventListener(type, openLibrary, { once: true });
  $("hotseat").addEventListener(type, openHotSeat, { once: true });
}
// --- end of Designer ---
// --- Print (issues 23, 24): the Print dialog and its sheets (web/print/), loaded on first use ---
let printing = null;
function openPrint() {
  printing ??= import("./print/print-dialog.mjs").then(({ createPrintDialog }) =>
    createPrintDialog({ view, state, solve: (board) => request.solve({ board }) }),
  );
  return printing.then((dialog) => dialog.open());
}
// --- end of Print ---
$("build-info").textContent = `Build ${BUILD_ID}, Pyodide ${PYODIDE_VERSION}.`;
document.body.dataset.ready = "true";
