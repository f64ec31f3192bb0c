// Where the site's own files are. The page's modules are bundled into main.mjs at the site's root, so
// import.meta.url names the bundle in the build but the module's own folder in web/: the page's address
// names the site's root in both.

/**
 * The address of one of the site's files.
 * @param {string} path from the site's root, e.g. "workers/engine.worker.mjs"
 */
export function siteUrl(path) {
  return new URL(path, document.baseURI);
}
