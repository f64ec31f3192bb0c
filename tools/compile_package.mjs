// Build step (run by serve.py build under Node): add bytecode compiled by the Python the page runs.
// A plain start then imports the package without compiling its source (about 100 ms in Pyodide).
//
//   node tools/compile_package.mjs PYODIDE_DIR IN_ZIP OUT_ZIP
//
// IN_ZIP is the package as serve.package_zip() writes it (sources only). OUT_ZIP receives the same
// entries followed by one .pyc beside each module (snakes_ladders/board/model.pyc next to model.py), compiled
// by Pyodide's own interpreter so the bytecode matches the page's Python. That is the layout Python's
// zipimport reads: the workers put the zip itself on sys.path instead of unpacking it (unpacking took
// about 25 ms of every plain start). The .pyc files are "unchecked hash" ones (PEP 552): no
// timestamps, so equal sources give equal files, and import uses them without comparing them with
// the source (which stays in the zip for tracebacks and inspect).
// Prints one JSON object: {modules, bytes, cacheTag}; exits 1 with a message on stderr on failure.
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [runtime, inZip, outZip] = process.argv.slice(2);
if (!runtime || !inZip || !outZip) {
  console.error("usage: node tools/compile_package.mjs PYODIDE_DIR IN_ZIP OUT_ZIP");
  process.exit(2);
}

const COMPILE = `
import compileall, importlib.util, io, py_compile, sys, zipfile
source = "/tmp/in.zip"
work = "/tmp/package"
with zipfile.ZipFile(source) as archive:
    archive.extractall(work)
    entries = [(info, archive.read(info)) for info in archive.infolist()]
ok = compileall.compile_dir(work, quiet=1, legacy=False,
                            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
if not ok:
    raise SystemExit("a module of the package does not compile")
buffer = io.BytesIO()
modules = 0
with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as out:
    for info, data in entries:
        out.writestr(info, data)
    for info, _ in entries:
        if not info.filename.endswith(".py"):
            continue
        cached = importlib.util.cache_from_source(work + "/" + info.filename)
        pyc = zipfile.ZipInfo(info.filename + "c", date_time=info.date_time)
        pyc.compress_type = zipfile.ZIP_DEFLATED
        pyc.external_attr = info.external_attr
        with open(cached, "rb") as handle:
            out.writestr(pyc, handle.read())
        modules += 1
with open("/tmp/out.zip", "wb") as handle:
    handle.write(buffer.getvalue())
(modules, sys.implementation.cache_tag)
`;

try {
  const indexURL = join(resolve(runtime), "/");
  const { loadPyodide } = await import(pathToFileURL(join(indexURL, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({
    indexURL,
    packages: [],
    env: { PYTHONNODEBUGRANGES: "1" },
    stdout: () => {},
    stderr: (line) => console.error(line),
  });
  pyodide.FS.writeFile("/tmp/in.zip", new Uint8Array(readFileSync(inZip)));
  const [modules, cacheTag] = pyodide.runPython(COMPILE).toJs();
  const bytes = pyodide.FS.readFile("/tmp/out.zip");
  writeFileSync(outZip, bytes);
  console.log(JSON.stringify({ modules, bytes: bytes.length, cacheTag }));
} catch (error) {
  console.error(`compile_package: ${error?.message ?? error}`);
  process.exit(1);
}
