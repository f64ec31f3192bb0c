// Service worker: keeps one build's files in one versioned cache, so repeat visits work offline.
// Serves cache-first from its own build's cache only, so old JavaScript never meets new Python.
import { BUILD_ID, FILES, SNAPSHOT } from "./build-info.mjs";
import { keepSnapshot } from "./workers/snapshot-cache.mjs";

const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const PREFIX = "snakes-ladders-";
const CACHE = `${PREFIX}${BUILD_ID}`;
const scope = new URL("./", sw.location.href);
const INDEX = new URL("./", scope).href;
const WASM = new URL("pyodide/pyodide.asm.wasm", scope).href;

/**
 * The Pyodide memory snapshot a repeat visit starts from (the engine worker reads it from this cache).
 * Its name changes with its inputs, so a copy in an older build's cache is as good as a download, and
 * a page's worker that is downloading it meanwhile is waited for (keepSnapshot's lock). It is a bonus:
 * when it cannot be had, the site still works offline and Python starts without it.
 */
async function cacheSnapshot(cache) {
  if (!SNAPSHOT) return;
  try {
    await keepSnapshot(cache, new URL(SNAPSHOT, scope).href);
  } catch {
    // not cached: the next visit starts plainly and the next install tries again
  }
}

/**
 * Chromium's static routing (InstallEvent.addRoutes): the app's scripts, styles, data and Python
 * runtime files (not pages, not the wasm) come straight from this build's cache on repeat visits,
 * without waking this worker for each request; a file missing from the cache goes to the network.
 * Other browsers lack addRoutes and use the fetch handler below, which serves the same responses.
 */
async function addStaticRoutes(event) {
  if (typeof event.addRoutes !== "function") return;
  const types = ["mjs", "js", "css", "json", "zip", "svg"];
  const source = { cacheName: CACHE };
  const routes = types.map((type) => ({
    condition: { urlPattern: { pathname: `${scope.pathname}*.${type}` } },
    source,
  }));
  try {
    await event.addRoutes(routes);
  } catch (error) {
    console.info(`offline: no static routes (${error?.message ?? error}); the fetch handler serves every file`);
  }
}

sw.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      await addStaticRoutes(event);
      const cache = await caches.open(CACHE);
      // Revalidate every file with the server, so a new release never caches an older copy that the
      // HTTP cache still holds (unchanged files cost a 304).
      await cache.addAll(FILES.map((file) => new Request(new URL(file, scope).href, { cache: "no-cache" })));
      await cacheSnapshot(cache);
    })(),
  );
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
      }
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(scope.href)) return;
  // Online, the wasm goes through the browser's HTTP cache, where Chromium keeps its compiled code
  // from the last visit (a copy served from here would be compiled again). Offline, the cache serves it.
  if (request.url === WASM && sw.navigator.onLine) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const key = request.mode === "navigate" ? INDEX : request;
      const cached = await cache.match(key, { ignoreSearch: request.mode === "navigate" });
      return cached ?? fetch(request);
    })(),
  );
});

// The page asks a waiting worker to take over when the user chooses to reload into the new version.
sw.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") sw.skipWaiting();
});
