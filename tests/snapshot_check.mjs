// Run by tests/test_snapshot.py under Node: checks web/workers/snapshot.mjs against the installed Pyodide.
// Makes a snapshot through it, restores it twice, and prints what the test asserts on, as JSON.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import * as glue from "../web/workers/snapshot.mjs";

const [site] = process.argv.slice(2);
const indexURL = join(resolve(site), "pyodide") + "/";
const { loadPyodide } = await import(pathToFileURL(join(indexURL, "pyodide.mjs")).href);
const packageBytes = new Uint8Array(readFileSync(join(site, "py", "snakes_ladders.zip")));
const quiet = { stdout: () => {}, stderr: () => {} };

const maker = await loadPyodide({ indexURL, packages: [], ...quiet, ...glue.makingOptions() });
glue.importPackage(maker, packageBytes, { later: true });
maker.runPython("import random\nrandom.seed(1234)"); // every restore would draw this sequence unless reseeded
const snapshot = glue.makeSnapshot(maker);

const restores = [];
for (let round = 0; round < 2; round += 1) {
  const pyodide = await loadPyodide({ indexURL, packages: [], ...quiet, ...glue.restoringOptions(snapshot) });
  // The API and the modules it imports on first use (api.LATER): a restore has them all at once.
  const importedBefore = pyodide.runPython(
    "import sys\napi = sys.modules.get('snakes_ladders.api')\napi is not None and all(name in sys.modules for name in api.LATER)",
  );
  glue.afterRestore(pyodide, packageBytes);
  restores.push({
    version: pyodide.version,
    importedBefore,
    snapshotDropped: pyodide._api.config._loadSnapshot === undefined,
    heapBytes: glue.heapBytes(pyodide),
    random: pyodide.runPython("import random\nrandom.random()"),
    source: pyodide.runPython("import inspect, snakes_ladders.api\nlen(inspect.getsource(snakes_ladders.api))"),
  });
}
const seeded = await loadPyodide({ indexURL, packages: [], ...quiet });
console.log(
  JSON.stringify({
    checked: glue.CHECKED_PYODIDE_VERSION,
    snapshotBytes: snapshot.length,
    unseeded: seeded.runPython("import random\nrandom.seed(1234)\nrandom.random()"),
    restores,
  }),
);
