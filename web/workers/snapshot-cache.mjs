// The memory snapshot in the offline cache: copied from an older build's cache or downloaded, once.
// Used by the service worker's install (sw.mjs) and by the engine worker after a plain start.
import { fetchInflated } from "./snapshot.mjs";

/** The Web Lock (one per origin) held while a cache is looked in for the snapshot and, lacking it, given one. */
export const SNAPSHOT_LOCK = "snakes-ladders-snapshot";

/**
 * Put the snapshot at `url` into `cache` (one build's offline cache) unless it is there already: a copy
 * from any other cache that holds it (an older build's: the name changes with its inputs), else a
 * download. Both the service worker's install and the engine worker's background copy after a plain
 * start do this, and either may start while the other is downloading (a reload during a first visit's
 * install; a new release found by a page whose cache lacks the snapshot): under one lock the second
 * waits, then copies the first's instead of downloading the 6 MB again. Resolves with how the cache got
 * it: "kept" (it had it), "copied" or "downloaded"; rejects when it could not be downloaded.
 */
export async function keepSnapshot(cache, url) {
  const keep = async () => {
    if (await cache.match(url)) return "kept";
    const copy = await caches.match(url);
    await cache.put(url, copy ?? (await fetchInflated(url)));
    return copy ? "copied" : "downloaded";
  };
  const locks = globalThis.navigator?.locks;
  return locks ? locks.request(SNAPSHOT_LOCK, keep) : keep();
}
