// Stored text the page could not read (My boards' list, the saved board): kept aside under a key of its
// own before anything is written over it, and offered to the user as a file (text in a Blob, never HTML).

/** Copies kept aside of one key, at most: `key:unreadable`, `key:unreadable:2`, … (each may be large). */
const ASIDE_SLOTS = 5;

/** Why storage refused to keep a copy, for "… could not be copied aside: <reason>." */
function asideProblem(error) {
  return error?.name === "QuotaExceededError"
    ? "storage is full"
    : `your browser does not let this page store it (${error?.message ?? error})`;
}

/**
 * Keep `text`, found unreadable under `key`, under `key:unreadable` (or the next free slot: an earlier copy
 * of a different text is never written over). Returns `{aside, problem}`: the key it is kept under (the one
 * already holding it, if any), or null and why not. O(ASIDE_SLOTS) reads and at most one write of `text`.
 */
export function copyAside(storage, key, text) {
  for (let slot = 1; slot <= ASIDE_SLOTS; slot += 1) {
    const aside = `${key}:unreadable${slot === 1 ? "" : `:${slot}`}`;
    try {
      const kept = storage.getItem(aside);
      if (kept === text) return { aside, problem: null };
      if (kept !== null) continue;
      storage.setItem(aside, text);
      return { aside, problem: null };
    } catch (error) {
      return { aside: null, problem: asideProblem(error) };
    }
  }
  return { aside: null, problem: `${ASIDE_SLOTS} earlier unreadable copies are kept aside already` };
}

/** Offer `text` as a file named `name` (a Blob of `type`: the browser saves it, nothing parses it). */
export function downloadText(text, name, type = "text/plain") {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type }));
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}
