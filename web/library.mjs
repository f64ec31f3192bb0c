// The My boards panel: save, open, rename, duplicate, delete, export and import named boards.
// Every imported board is checked by Python (the validate op); names are shown with textContent only.
import { ask } from "./ask.mjs";
import { boardToMatrix } from "./grid.mjs";
import { Library, LibraryError, MAX_NAME, cleanName, parseExport, uniqueName } from "./library-store.mjs";
import { buildBoard } from "./state.mjs";
import { thumbnail } from "./thumbnail.mjs";

/**
 * Wire the panel `root`. `request(op, fields)` calls the Python API; `getRules()`/`setRules(rules)`
 * read and set the Random play rules; `dialog` is the <dialog> questions are asked in.
 */
export function createLibrary({ root, dialog, state, request, getRules, setRules, storage = () => localStorage }) {
  const $ = (name) => root.querySelector(`[data-library="${name}"]`);
  const library = new Library(storage);

  function say(text, kind = "info") {
    $("status").textContent = text;
    $("status").dataset.kind = kind;
  }

  function button(label, action, entry) {
    const element = document.createElement("button");
    element.type = "button";
    element.textContent = label;
    element.setAttribute("aria-label", `${label} “${entry.name}”`);
    element.addEventListener("click", () => action(entry));
    return element;
  }

  function item(entry) {
    const li = document.createElement("li");
    li.className = "library-item";
    li.dataset.id = entry.id;
    const name = document.createElement("strong");
    name.className = "library-name";
    name.textContent = entry.name;
    const meta = document.createElement("span");
    meta.className = "library-meta";
    meta.textContent = `${entry.n}×${entry.n} · least moves ${entry.moves === null ? "—" : entry.moves === -1 ? "none (unreachable)" : entry.moves}`;
    const text = document.createElement("div");
    text.className = "library-text";
    const actions = document.createElement("div");
    actions.className = "library-actions";
    actions.append(button("Open", open, entry), button("Rename", rename, entry), button("Duplicate", duplicate, entry), button("Delete", remove, entry));
    text.append(name, meta, actions);
    li.append(thumbnail(entry), text);
    return li;
  }

  function draw() {
    const entries = library.entries;
    $("list").replaceChildren(...entries.map(item));
    $("empty").hidden = entries.length > 0;
    $("export").disabled = entries.length === 0;
    root.dataset.count = String(entries.length);
  }

  /** Apply a change to the stored library; a refusal (storage full or blocked) is reported and nothing changes. */
  function change(action, done) {
    try {
      const result = action();
      draw();
      if (done) say(done, "info");
      return result ?? true;
    } catch (error) {
      if (!(error instanceof LibraryError)) throw error;
      say(error.message, "error");
      return null;
    }
  }

  /** Ask Python for the least moves of entries that lack them, one at a time. */
  async function fillMoves(entries) {
    for (const entry of entries) {
      let reply;
      try {
        reply = await request("min_moves", { board: boardToMatrix({ n: entry.n, jumps: new Map(entry.jumps) }) });
      } catch {
        return; // Python is not available: the list shows "—" until the next save
      }
      if (reply.ok && library.find(entry.id)) {
        library.setMoves(entry.id, reply.result.moves);
        draw();
      }
    }
  }

  async function saveCurrent() {
    const name = cleanName($("name").value) || `Board ${library.entries.length + 1}`;
    const board = state.board;
    const fresh = { name, n: board.n, jumps: [...board.jumps], rules: getRules(), moves: null };
    const clash = library.entries.find((entry) => entry.name === name);
    let replace = new Map();
    if (clash) {
      const { choice } = await ask(dialog, {
        message: `My boards already has a board named “${name}”.`,
        choices: [["copy", `Save as “${uniqueName(name, library.names())}”`], ["replace", "Replace it"], ["", "Cancel"]],
      });
      if (!choice) return say("Nothing was saved.");
      if (choice === "copy") fresh.name = uniqueName(name, library.names());
      else replace = new Map([[name, clash]]);
    }
    const added = change(() => library.add([fresh], replace), `Saved “${fresh.name}”.`);
    if (added) {
      $("name").value = "";
      fillMoves(added);
    }
  }

  function open(entry) {
    let board;
    try {
      board = buildBoard(entry.n, entry.jumps, { allowStartJump: entry.rules.start === "off-board" });
    } catch (error) {
      say(`“${entry.name}” is not a valid board (${error.message}); it was not opened.`, "error");
      return;
    }
    setRules(entry.rules);
    state.load(board, `Opened “${entry.name}” from My boards.`);
    say(`Opened “${entry.name}”.`);
  }

  async function rename(entry) {
    const { choice, text } = await ask(dialog, {
      message: `Rename “${entry.name}”`,
      field: { label: "New name", value: entry.name, maxLength: MAX_NAME },
      choices: [["rename", "Rename"], ["", "Cancel"]],
    });
    const name = cleanName(text);
    if (choice !== "rename" || !name || name === entry.name) return;
    if (library.names(entry.id).has(name)) {
      say(`There is already a board named “${name}”: choose another name.`, "error");
      return;
    }
    change(() => library.rename(entry.id, name), `Renamed “${entry.name}” to “${name}”.`);
  }

  function duplicate(entry) {
    const name = uniqueName(entry.name, library.names());
    change(() => library.add([{ ...entry, name }]), `Duplicated “${entry.name}” as “${name}”.`);
  }

  async function remove(entry) {
    const { choice } = await ask(dialog, { message: `Delete “${entry.name}” from My boards?`, choices: [["delete", "Delete"], ["", "Cancel"]] });
    if (choice === "delete") change(() => library.remove(entry.id), `Deleted “${entry.name}”.`);
  }

  function exportAll() {
    const text = library.exportText(boardToMatrix);
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    link.download = "my-boards.json";
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
    say(`Exported ${library.entries.length} board${library.entries.length === 1 ? "" : "s"} to my-boards.json.`);
  }

  /** Python checks each board; returns the good ones and a problem line for each bad one. */
  async function check(entries) {
    const good = [];
    const problems = [];
    for (const entry of entries) {
      const reply = await request("validate", { board: entry.board, rules: entry.rules });
      if (!reply.ok) problems.push(`${entry.label}: ${reply.error.message}`);
      else good.push({ name: entry.name, n: reply.result.n, jumps: reply.result.jumps, rules: { start: "square1", overshoot: "stay", ...entry.rules }, moves: null });
    }
    return { good, problems };
  }

  /** Names that clash: replace, import as copies, or skip, as the user chooses. */
  async function settleNames(boards) {
    const clashes = boards.filter((board) => library.names().has(board.name));
    const replace = new Map();
    let choice = "copy";
    if (clashes.length) {
      const names = clashes.slice(0, 5).map((board) => `“${board.name}”`).join(", ");
      ({ choice } = await ask(dialog, {
        message: `${clashes.length} imported board${clashes.length === 1 ? " has a name" : "s have names"} already in My boards: ${names}${clashes.length > 5 ? ", …" : ""}.`,
        choices: [["copy", "Import as copies"], ["replace", "Replace mine"], ["skip", "Skip them"], ["", "Cancel import"]],
      }));
    }
    if (!choice) return null;
    const taken = library.names();
    const kept = [];
    for (const board of boards) {
      const clash = library.entries.find((entry) => entry.name === board.name);
      if (clash && choice === "skip") continue;
      if (clash && choice === "replace" && !replace.has(board.name)) replace.set(board.name, clash);
      else board.name = uniqueName(board.name, taken);
      taken.add(board.name);
      kept.push(board);
    }
    return { kept, replace };
  }

  async function importFile(file) {
    say(`Reading ${file.name}…`);
    let parsed;
    try {
      parsed = parseExport(await file.text());
    } catch (error) {
      say(`Nothing was imported: ${error.message}.`, "error");
      return;
    }
    let checked;
    try {
      checked = await check(parsed.entries);
    } catch (error) {
      say(`Nothing was imported: the boards could not be checked (${error.message}).`, "error");
      return;
    }
    const problems = [...parsed.problems, ...checked.problems];
    const settled = checked.good.length ? await settleNames(checked.good) : { kept: [], replace: new Map() };
    if (!settled) return say("Import cancelled: nothing was changed.");
    const added = settled.kept.length ? change(() => library.add(settled.kept, settled.replace)) : [];
    if (!added) return;
    const skipped = problems.length ? ` Skipped ${problems.length}: ${problems.join("; ")}.` : "";
    say(`Imported ${added.length} board${added.length === 1 ? "" : "s"}.${skipped}`, problems.length ? "error" : "info");
    fillMoves(added);
  }

  try {
    library.load();
  } catch (error) {
    if (!(error instanceof LibraryError)) throw error;
    say(error.message, "error");
  }
  draw();
  fillMoves(library.entries.filter((entry) => entry.moves === null));
  $("save").addEventListener("click", saveCurrent);
  $("name").addEventListener("keydown", (event) => event.key === "Enter" && saveCurrent());
  $("name").maxLength = MAX_NAME;
  $("export").addEventListener("click", exportAll);
  $("import").addEventListener("change", (event) => {
    const [file] = event.target.files;
    event.target.value = "";
    if (file) importFile(file);
  });
  root.dataset.state = "ready";
  return { library, saveCurrent, importFile };
}
