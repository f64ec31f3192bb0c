// Class sets: boards generated together, equally hard, kept together in My boards. Pure, no DOM.
// A saved board of a set carries `set: {id, name, index, count}` (library-store.mjs checks it on load).

/**
 * The entries in the order the panel lists them: a board on its own as `{entry}`, a class set as one
 * `{set, entries}` (in index order) where its first board stands. O(entries · log entries).
 */
export function groupSets(entries) {
  const groups = [];
  const bySet = new Map();
  for (const entry of entries) {
    if (!entry.set) {
      groups.push({ entry });
      continue;
    }
    let group = bySet.get(entry.set.id);
    if (!group) {
      group = { set: entry.set, entries: [] };
      bySet.set(entry.set.id, group);
      groups.push(group);
    }
    group.entries.push(entry);
  }
  for (const group of bySet.values()) group.entries.sort((a, b) => a.set.index - b.set.index);
  return groups;
}

/** A new class set's id: random, like a board's. */
export function newSetId() {
  return `s${[...crypto.getRandomValues(new Uint8Array(8))].map((byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}
