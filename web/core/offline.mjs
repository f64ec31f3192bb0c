// Registers the service worker that makes repeat visits work offline, and offers new versions.
// A new version waits until the user reloads into it, so a page never mixes two builds.
import { siteUrl } from "./site.mjs";

/** Register; `onUpdate(apply)` is called when a new build is waiting, `apply()` switches to it. */
export async function registerOffline(onUpdate) {
  if (!navigator.serviceWorker) return; // absent, or present but undefined where workers are blocked
  const scope = siteUrl("./");
  let registration;
  try {
    // updateViaCache "none": an update fetches sw.mjs and its build-info.mjs import fresh, so a new
    // worker never pairs new code with an old build id and file list from the HTTP cache.
    registration = await navigator.serviceWorker.register(siteUrl("sw.mjs").href, {
      type: "module",
      scope: scope.href,
      updateViaCache: "none",
    });
  } catch {
    return; // offline support is a bonus: the app works without it
  }
  const apply = () => {
    navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
    registration.waiting?.postMessage("skip-waiting");
  };
  const offerIfWaiting = () => {
    if (registration.waiting && navigator.serviceWorker.controller) onUpdate(apply);
  };
  registration.addEventListener("updatefound", () => {
    registration.installing?.addEventListener("statechange", offerIfWaiting);
  });
  offerIfWaiting();
  await navigator.serviceWorker.ready;
  document.documentElement.dataset.offline = "ready";
}
