// The board this browser had saved, kept in My boards when a share link opens another one in its place,
// so opening a link never loses a board (pure but for the Library it is given; no DOM).
import { Library, uniqueName } from "./library-store.mjs";
import { encodeHash, encodeWords } from "../core/codec.mjs";

/** The name the kept board gets, before uniqueName: the day and time the link replaced it. */
export function keptName(now) {
  const when = now.toLocaleString("en-GB", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
  return `Before a link, ${when}`;
}

/** Whether a stored entry is `saved` (`{board, rules, words}`): its jumps, rules and words all alike. */
function holds(entry, { board, rules, words }) {
  const same = encodeHash({ n: entry.n, jumps: new Map(entry.jumps) }, entry.rules) === encodeHash(board, rules);
  return same && encodeWords(entry) === encodeWords(words);
}

/**
 * Keep `saved` (`{board, rules, words}`, the board the link replaces) in My boards: returns the name of
 * the entry that holds it, an entry already holding exactly that board if there is one (nothing is
 * written then), else a new one named by `keptName(now)`. Throws the store's LibraryError when the list
 * cannot be read or storage refuses the write (nothing is written then). O(entries × their size).
 */
export function keepBeforeLink(storage, saved, now = new Date()) {
  const library = new Library(storage);
  library.load();
  const already = library.entries.find((entry) => holds(entry, saved));
  if (already) return already.name;
  const { board, rules, words } = saved;
  const name = uniqueName(keptName(now), library.names());
  const [entry] = library.add([{ name, n: board.n, jumps: [...board.jumps], rules, moves: null, ...words }]);
  return entry.name;
}
