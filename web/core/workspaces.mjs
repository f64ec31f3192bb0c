// The workspaces: which of the app's jobs the page shows beside the board (Design, Solve & understand,
// Practice, Play). A workspace is navigation, not board state: it is the leading token of the address's
// fragment (`#solve&n=6&j=2-15`), read before the board's share link, never stored with the board, and
// switching keeps the board and its undo history. The mode table (web/core/modes.mjs, WORKSPACES) says
// what entering one clears on the board.
// No element may have a workspace's name as its id: the browser would scroll to it on opening `#solve`.
import { WORKSPACES } from "./modes.mjs";

const STORAGE_KEY = "snakes-ladders:workspace:v1";
/** A first visit opens here: the preset it loads says "Press Solve!". */
export const DEFAULT_WORKSPACE = "solve";
export const WORKSPACE_NAMES = Object.keys(WORKSPACES);

/**
 * Split a fragment into its workspace and the rest: `{workspace, rest}`, where `workspace` is null when
 * the fragment does not start with one (every link made before workspaces) and `rest` is the fragment
 * without it (`#n=6&j=2-15`, or "" when nothing is left). `solve=` counts too: URLSearchParams writes
 * a bare token back that way. Bounded by the fragment's length (one split).
 * @param {string} hash
 */
export function splitWorkspace(hash) {
  const text = (hash ?? "").replace(/^#/, "");
  const cut = text.indexOf("&");
  const first = (cut === -1 ? text : text.slice(0, cut)).replace(/=$/, "");
  if (!WORKSPACE_NAMES.includes(first)) return { workspace: null, rest: hash ?? "" };
  const rest = cut === -1 ? "" : text.slice(cut + 1);
  return { workspace: first, rest: rest ? `#${rest}` : "" };
}

/** The fragment for `workspace` and the board's share-link text (encodeHash's, without "#"). */
export function workspaceHash(workspace, boardText) {
  return `#${workspace}${boardText ? `&${boardText}` : ""}`;
}

/** The workspace this browser used last, or null (storage refused or never written). */
export function lastWorkspace(storage) {
  try {
    const name = storage.getItem(STORAGE_KEY);
    return WORKSPACE_NAMES.includes(name) ? name : null;
  } catch {
    return null;
  }
}

function remember(storage, workspace) {
  try {
    storage.setItem(STORAGE_KEY, workspace);
  } catch {
    // The page still works; it only opens in the default workspace next time.
  }
}

/**
 * The switcher: nav links at the top of the page (`a[data-workspace]`, arrow keys move between them),
 * the body's data-workspace attribute (CSS shows the panels whose data-workspaces lists it), and the
 * address. A switch pushes a history entry marked `{workspace}`; Back and Forward to a marked entry
 * switch the workspace and keep the board on screen (links.mjs does not load the board such an
 * entry's fragment holds), while an entry the visitor opened as a link loads its board as before.
 */
export class WorkspaceSwitcher {
  #nav;
  #modes;
  #boardText;
  #storage;
  #current = null;

  /**
   * `nav`: the element holding the links; `modes`: the ModeMachine (entering a workspace goes through
   * it); `boardText()`: the board's share-link text for the address.
   */
  constructor({ nav, modes, boardText, storage = localStorage }) {
    this.#nav = nav;
    this.#modes = modes;
    this.#boardText = boardText;
    this.#storage = storage;
    nav.addEventListener("click", (event) => this.#clicked(event));
    nav.addEventListener("keydown", (event) => this.#key(event));
    window.addEventListener("popstate", () => this.follow(location.hash));
  }

  get current() {
    return this.#current;
  }

  get #links() {
    return /** @type {HTMLAnchorElement[]} */ ([...this.#nav.querySelectorAll("a[data-workspace]")]);
  }

  /** Show `workspace` (no history entry): the nav, the body's attribute, the mode table, the stored choice. */
  show(workspace) {
    if (!WORKSPACE_NAMES.includes(workspace) || workspace === this.#current) return;
    this.#current = workspace;
    document.body.dataset.workspace = workspace;
    for (const link of this.#links) {
      const here = link.dataset.workspace === workspace;
      if (here) link.setAttribute("aria-current", "page");
      else link.removeAttribute("aria-current");
    }
    remember(this.#storage, workspace);
    this.#modes.enter(workspace); // the machine fires "workspacechange"
  }

  /** Switch to `workspace` as a visitor's step: a new history entry, so Back returns to the last one. */
  go(workspace) {
    if (workspace === this.#current) return;
    // The entry being left becomes a workspace entry too, so Back to it switches without loading its board.
    history.replaceState({ ...history.state, workspace: this.#current }, "", location.href);
    // The new entry first: showing writes the address (links.mjs), which must land on it.
    history.pushState({ workspace }, "", workspaceHash(workspace, this.#boardText()));
    this.show(workspace);
  }

  /** The address changed (Back/Forward, a link): show its workspace, if it names one. */
  follow(hash) {
    const { workspace } = splitWorkspace(hash);
    if (workspace) this.show(workspace);
  }

  #clicked(event) {
    const link = /** @type {HTMLElement | null} */ (
      /** @type {HTMLElement} */ (event.target).closest("a[data-workspace]")
    );
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    this.go(link.dataset.workspace);
  }

  /** Left/Right (and Home/End) move the focus along the links; Enter follows one, like any link. */
  #key(event) {
    const links = this.#links;
    const index = links.indexOf(/** @type {HTMLAnchorElement} */ (document.activeElement));
    if (index === -1) return;
    const last = links.length - 1;
    const moves = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    links[moves[event.key]].focus();
  }
}
