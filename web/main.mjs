// Composition root: builds the state, the views, the engine bridge and one controller per feature,
// and wires them together. Every rule of play is answered by Python; the controllers own the calls.
import { engine } from "./boot.mjs";
import { EngineBridge, Superseded } from "./core/bridge.mjs";
import { BUILD_ID, PYODIDE_VERSION } from "./build-info.mjs";
import { BoardIoController } from "./board/board-io.mjs";
import { createNotesLayer } from "./board/notes-layer.mjs";
import { createSquareWords } from "./board/square-words.mjs";
import { makeClient } from "./core/client.mjs";
import { Editor } from "./board/editor.mjs";
import { BoardTools } from "./board/tools.mjs";
import { EditingController } from "./board/editing.mjs";
import { Engine } from "./workers/engine.mjs";
import { boardToMatrix, matrixToBoard } from "./core/grid.mjs";
import { addressWithoutCode, findLinkedCode } from "./core/code-address.mjs";
import { encodeHash } from "./core/codec.mjs";
import { LinkController, readLink, readSaved } from "./core/links.mjs";
import { FEATURES, MODES, ModeMachine } from "./core/modes.mjs";
import { DEFAULT_WORKSPACE, WorkspaceSwitcher, lastWorkspace, splitWorkspace } from "./core/workspaces.mjs";
import { registerOffline } from "./core/offline.mjs";
import { MessageLine } from "./core/message-line.mjs";
import { EngineStatus } from "./workers/engine-status.mjs";
import { MatrixPanel } from "./board/matrix-panel.mjs";
import { createExportControls } from "./board/export.mjs";
import { createThemeControl } from "./board/theme.mjs";
import { createLayerControls } from "./board/layers.mjs";
import { createZoomControls } from "./board/zoom.mjs";
import { RandomPlayController } from "./random-play/controller.mjs";
import { BoardView } from "./board/render.mjs";
import { drawStateChanges } from "./board/board-follows-state.mjs";
import { SolveController } from "./solve/solving.mjs";
import { BoardState, MAX_SIZE, emptyBoard, makeWords } from "./core/state.mjs";
import { $ } from "./core/dom.mjs";

const state = new BoardState(emptyBoard(6));
const view = new BoardView($("board"));
const matrix = new MatrixPanel();
const modes = new ModeMachine();
// The message line first among the state's listeners: the Undo or Redo it offers for a step is set before
// any controller reports the step in the same task (core/message-line.mjs).
const messageLine = new MessageLine({ state, modes });
const notify = messageLine.notify;
const message = messageLine.element;
modes.addEventListener("modechange", () => (document.body.dataset.mode = modes.mode));
document.body.dataset.mode = modes.mode;
// Every panel shows its feature's phase (data-state) from the machine; three sections have no id of their own.
for (const [feature, { panel }] of Object.entries(FEATURES)) if (panel) modes.attach(feature, $(panel));
for (const [feature, button] of [
  ["solve", "solve-button"],
  ["explain", "explain"],
  ["replay", "play-seeded"],
]) {
  modes.attach(feature, /** @type {HTMLElement} */ ($(button).closest("section")));
}

// Analysis runs in a second worker, started on first use, so it never delays a Solve.
const bridge = new EngineBridge(engine, () => {
  const slow = new Engine(new URL("workers/engine.worker.mjs", import.meta.url));
  slow.addEventListener("statechange", () => ($("analysis").dataset.engine = slow.state));
  return slow;
});

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
// The words on squares: their layer on the board and their fields.
createNotesLayer({ view, state });
createSquareWords({ state, editor, tools, notify });
// Each collaborator below follows the state's events ("change", "ruleschange") and the workspace's itself,
// in its constructor. This listener comes before theirs, because the DOM calls listeners in the order they
// were added: every reply asked for the old board is cancelled before anyone asks about the new one, and
// the edit takes the board from every feature (the mode table's clears) before the panels reset.
state.addEventListener("change", () => {
  bridge.cancelAll();
  modes.fire("edit");
});
// Solve's answer is marked stale, then the board is drawn, then the rest follow (the order they had).
const solver = new SolveController({ ...app, onCancel: () => boardIo.check() });
drawStateChanges(state, view);
matrix.link({ state, view, editor, modes });
const editing = new EditingController(app);
const links = new LinkController(app);
// The analysis is asked again before Python's check of the new board (its own worker, so neither waits).
const randomPlay = new RandomPlayController(app);
const boardIo = new BoardIoController({ ...app, matrixText: () => matrix.text });
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

// --- board view: export and print, theme, layer switches, zoom (the playback row is solving.mjs's) ---
createExportControls({ root: $("export"), sheet: $("print-sheet"), view, notify, print: () => openPrint() });
createThemeControl({ select: /** @type {HTMLSelectElement} */ ($("theme")) });
createLayerControls({ root: $("layer-tools"), view });
createZoomControls({ root: $("zoom-tools"), view, panByMouse: () => tools.action === "view" });
// --- end board view ---

$("speed").addEventListener("input", (event) => {
  const speed = Number(/** @type {HTMLInputElement} */ (event.target).value);
  solver.speed = speed;
  randomPlay.speed = speed;
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
const workspaces = new WorkspaceSwitcher({
  nav: $("workspaces"),
  modes,
  boardText: () => encodeHash(state.board, state.rules, state.words),
});
modes.addEventListener("workspacechange", (event) => {
  if (/** @type {CustomEvent} */ (event).detail.to === "practice") openPractice();
});

// --- start-up: the link wins, then the saved board, then the first preset -------------

// A link or saved copy that could not be loaded is reported last, so no later notice hides it.
const linkedCode = takeLinkedCode();
const fromLink = readLink(location.hash);
const fromSaved = fromLink.board ? { board: null, problem: null } : readSaved();
// The board this browser saved, which the link's board replaces: kept in My boards below.
const replaced = fromLink.board ? readSaved() : null;
const linked = fromLink.board;
const saved = fromSaved.board;
const startProblem = fromLink.problem ?? fromSaved.problem;
const [firstPreset] = editing.listPresets();
const preset = linked || saved || !firstPreset ? null : firstPreset;
const opening = linked
  ? "Loaded the board from the link."
  : saved
    ? "Restored your last board."
    : preset
      ? `Loaded the preset “${preset.name}”. Press Solve!`
      : "";
const startRules = fromLink.rules ?? fromSaved.rules ?? preset?.rules ?? {};
state.reset(
  linked ?? saved ?? (preset ? matrixToBoard(preset.board) : emptyBoard(6)),
  startProblem ? "" : opening,
  startRules,
  fromLink.words ?? fromSaved.words,
);
// After the start-up board is drawn: entering a workspace clears layers off a board that must exist.
workspaces.show(splitWorkspace(location.hash).workspace ?? lastWorkspace(localStorage) ?? DEFAULT_WORKSPACE);
if (startProblem) notify(startProblem, "error", "link");
if (
  replaced?.board &&
  encodeHash(replaced.board, replaced.rules, replaced.words) !== encodeHash(linked, startRules, state.words)
) {
  const keep = (board) =>
    import("./library/kept-before-link.mjs").then((kept) => kept.keepBeforeLink(localStorage, board));
  links.keepBeforeLink(replaced, keep).then((said) => {
    if (message.textContent === opening) notify(`${opening} ${said}`);
  });
}
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
// --- Practice mode: practice.mjs, its editor and worker load when the panel first opens ---
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
$("practice-panel")
  .querySelector('[data-practice="open"]')
  .addEventListener("click", () => practice ?? openPractice(), { once: true });
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
// --- Designer: Generate dialog, My boards, Play with real dice; each module loads on first use ---
/** The client of the solver's worker for My boards and hot-seat play: each call counts, none replaces another. */
const request = makeClient((_, message) => engine.call(message), shared);
$("generate-panel")
  .querySelector('[data-generate="open"]')
  .addEventListener("click", async function openGenerate(event) {
    event.currentTarget.removeEventListener("click", openGenerate);
    const { createGenerateDialog } = await import("./generate/generate-dialog.mjs");
    const saveBoards = (boards, name) => openLibrary().then((library) => library.saveBoards(boards, name));
    createGenerateDialog({
      root: $("generate-panel"),
      dialog: $("generate-dialog"),
      state,
      modes,
      getRules: () => state.rules,
      saveBoards,
    }).open();
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
// --- Print: the Print dialog and its sheets (web/print/), loaded on first use ---
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
