"""The package as the site ships it (serve.package_zip): smaller, and answering exactly as the source.

The build drops docstrings and comments from the modules it zips for the browser.  These tests
import that zip in a separate interpreter and put the same requests to it as to the source
package: every fixture through every op, and a set of bad requests, must get byte-identical replies.
"""

from __future__ import annotations

import ast
import functools
import json
import posixpath
import re
import subprocess
import sys
import zipfile
from io import BytesIO
from pathlib import Path

import pytest
from snakes_ladders.api import handle

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import serve  # noqa: E402

FIXTURES = sorted((Path(__file__).parent / "fixtures").glob("*.json"))

# Runs in a fresh, isolated interpreter: imports the package from the zip only, answers each
# request (one JSON string per line of stdin) and prints the replies as a JSON list.
RUN_SHIPPED = """
import json, sys
sys.path.insert(0, sys.argv[1])
import snakes_ladders
from snakes_ladders.api import handle
assert snakes_ladders.__file__.startswith(sys.argv[1]), snakes_ladders.__file__
print(json.dumps({"file": snakes_ladders.__file__, "doc": snakes_ladders.__doc__,
                  "replies": [handle(line.rstrip("\\n")) for line in sys.stdin]}))
"""


def requests() -> list[str]:
    out = []
    for path in FIXTURES:
        board = json.loads(path.read_text())["board"]
        for op in ("solve", "validate", "min_moves", "explain"):
            out.append({"version": 1, "op": op, "board": board})
        out.append({"version": 1, "op": "analyze", "board": board, "players": 2})
        out.append({"version": 1, "op": "play", "board": board, "rules": {"start": "off-board"}, "seed": 7})
        out.append({"version": 1, "op": "validate", "board_text": "board = " + json.dumps(board)})
    out += [
        {"version": 1, "op": "solve", "board": [[-1, -1], [None, "3"]]},
        {"version": 1, "op": "solve", "board": [[-1, -1], [2, -1]]},
        {"version": 1, "op": "solve", "board_text": "[[-1, -1], [-1, 3]"},
        {"version": 1, "op": "analyze", "board": [[-1, -1], [-1, -1]], "rules": {"start": "square0"}},
        {"version": 2, "op": "solve"},
        {"version": 1, "op": "solve", "board": [[-1] * 30 for _ in range(30)]},
    ]
    return [json.dumps(request) for request in out]


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> dict:
    archive = tmp_path_factory.mktemp("site") / "snakes_ladders.zip"
    archive.write_bytes(serve.package_zip())
    done = subprocess.run(
        [sys.executable, "-I", "-c", RUN_SHIPPED, str(archive)],
        input="\n".join(requests()) + "\n",
        capture_output=True,
        text=True,
        check=True,
        cwd=archive.parent,
        timeout=120,
    )
    return json.loads(done.stdout)


def test_the_shipped_package_answers_exactly_as_the_source(shipped: dict) -> None:
    asked = requests()
    assert len(shipped["replies"]) == len(asked) >= 80
    for request, reply in zip(asked, shipped["replies"], strict=True):
        assert reply == handle(request), request[:200]
    assert any('"ok": false' in reply for reply in shipped["replies"])  # the errors were exercised too


def test_the_shipped_package_is_code_only(shipped: dict) -> None:
    assert shipped["doc"] is None  # imported from the zip, without its docstring
    with zipfile.ZipFile(BytesIO(serve.package_zip())) as archive:
        names = archive.namelist()
        assert "snakes_ladders/py.typed" in names
        sources = {name: archive.read(name).decode("utf-8") for name in names if name.endswith(".py")}
    package = ROOT / "py" / "snakes_ladders"  # every module, subpackages included, but the command line's
    assert {name.removeprefix("snakes_ladders/") for name in sources} == {
        name
        for path in package.rglob("*.py")
        if not (name := path.relative_to(package).as_posix()).startswith(("cli/", "__main__.py"))
    }
    for name, source in sources.items():
        assert "#" not in source.replace("'#'", "").replace('"#"', ""), f"{name} still has comments"
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                assert ast.get_docstring(node) is None, f"{name}: {getattr(node, 'name', 'module')} keeps its docstring"


def imported_modules(name: str, source: str) -> set[str]:
    """The modules that the module ``name`` (a path in the zip) imports, as dotted names: the standard
    library's by their first part, the package's resolved from relative imports."""
    here = name.removesuffix(".py").split("/")
    package = here if here[-1] == "__init__" else here[:-1]
    package = package[:-1] if package[-1:] == ["__init__"] else package
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level:
            found.add((node.module or "").split(".")[0])
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] + (node.module.split(".") if node.module else [])
            found.add(".".join(base))
    return found


def test_the_shipped_package_leaves_out_the_command_line() -> None:
    """The page never runs the command line: no module in the zip starts processes or parses arguments
    (cli/ and __main__ stay out), and no module in it imports one of the package's modules that is not."""
    with zipfile.ZipFile(BytesIO(serve.package_zip())) as archive:
        sources = {name: archive.read(name).decode("utf-8") for name in archive.namelist() if name.endswith(".py")}
    shipped = {name.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for name in sources}
    assert "snakes_ladders.practice.frames" in shipped and "snakes_ladders.api.practice" in shipped  # the worker's
    for name, source in sources.items():
        imported = imported_modules(name, source)
        assert not imported & {"subprocess", "argparse"}, (
            f"{name} imports {sorted(imported & {'subprocess', 'argparse'})}"
        )
        missing = {module for module in imported if module.startswith("snakes_ladders") and module not in shipped}
        assert not missing, f"{name} imports {sorted(missing)}, which the zip leaves out"
    assert not [name for name in sources if name.startswith(("snakes_ladders/cli/", "snakes_ladders/__main__"))]


# Runs under Node with the pinned Pyodide: puts a zip on sys.path the way the workers do
# (web/workers/snapshot.mjs importPackage), imports the package and answers one request. The test hands it
# a zip whose sources would each stop the import, so it only works when Python's zipimport loads
# the shipped bytecode instead of compiling the sources.
RUN_COMPILED = """
import { readFileSync } from "node:fs";
const [runtime, glue, zip, request] = process.argv.slice(1);
const { loadPyodide } = await import(runtime + "/pyodide.mjs");
const { importPackage } = await import(glue);
const pyodide = await loadPyodide({ indexURL: runtime + "/", packages: [] });
try {
  importPackage(pyodide, new Uint8Array(readFileSync(zip)));
  pyodide.globals.set("request", request);
  console.log(pyodide.runPython(`
import snakes_ladders.api, zipimport
assert isinstance(snakes_ladders.api.__loader__, zipimport.zipimporter), snakes_ladders.api.__loader__
snakes_ladders.api.handle(request)
`));
} catch (error) {
  console.error(error.message);  // not the whole stack, whose first line is Pyodide's minified source
  process.exit(1);
}
"""


def test_the_site_ships_bytecode_compiled_by_pyodide(tmp_path: Path) -> None:
    """serve.compiled_zip adds a .pyc beside every module (the layout zipimport reads), made by the
    page's own Python, and Pyodide imports the package from them straight out of the zip: a plain
    start neither unpacks nor compiles anything of ours."""
    version = serve.ensure_pyodide()
    compiled = serve.compiled_zip(version, serve.package_zip())
    with zipfile.ZipFile(BytesIO(compiled)) as archive:
        entries = {info.filename: archive.read(info) for info in archive.infolist()}
    sources = [name for name in entries if name.endswith(".py")]
    bytecode = {name for name in entries if name.endswith(".pyc")}
    assert sources and bytecode == {f"{name}c" for name in sources}
    stop = b"raise SystemExit('compiled from source: ' + __name__)"
    stopped = BytesIO()
    with zipfile.ZipFile(stopped, "w") as archive:
        for name, data in entries.items():
            archive.writestr(name, stop if name in sources else data)
    (tmp_path / "site.zip").write_bytes(stopped.getvalue())
    request = json.dumps({"version": 1, "op": "solve", "board": json.loads(FIXTURES[0].read_text())["board"]})
    glue = (ROOT / "web" / "workers" / "snapshot.mjs").as_uri()
    arguments = [str(serve.PYODIDE), glue, str(tmp_path / "site.zip"), request]
    run = subprocess.run(
        ["node", "--input-type=module", "-e", RUN_COMPILED, *arguments],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.strip() == handle(request)


def test_the_build_is_reproducible() -> None:
    assert serve.package_zip() == serve.package_zip()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site as serve.py builds it, without the memory snapshot (the e2e suite covers that)."""
    return serve.build(tmp_path_factory.mktemp("site"), snapshot=False)


def relative_imports(module: str) -> list[str]:
    """The ./ and ../ files an esbuild-minified module imports statically (``from"./x.mjs"``, ``import"../x.mjs"``)."""
    return re.findall(r'(?:\bfrom|\bimport)\s*"(\.\.?/[^"]+)"', module)


def site_path(importer: str, name: str) -> str:
    """``name`` as imported by the module at ``importer`` (both relative to the site's root)."""
    return posixpath.normpath(posixpath.join(posixpath.dirname(importer), name))


def test_the_page_is_two_bundles_preloaded_at_once(site: Path) -> None:
    """index.html starts the page from boot.mjs (async: Python's worker does not wait for the rest)
    and main.mjs, and preloads exactly what they import, so nothing is discovered a round trip late."""
    html = (site / "index.html").read_text(encoding="utf-8")
    # The worker starts first: a classic script, parser-run before the stylesheet could hold it back.
    first = re.search(r'<script src="start-python\.js"></script>\s*<link rel="stylesheet" href="style\.css">', html)
    assert first and first.start() == html.index("<script"), "start-python.js is not the first script"
    entries = re.findall(r'<script type="module"[^>]* src="([^"]+)"></script>', html)
    assert entries == ["boot.mjs", "main.mjs"]
    assert re.search(r'<script type="module" async src="boot\.mjs"></script>', html)
    preloaded = re.findall(r'<link rel="modulepreload" href="([^"]+)">', html)
    imported = {
        site_path(entry, name)
        for entry in entries
        for name in relative_imports((site / entry).read_text(encoding="utf-8"))
    }
    assert preloaded == [*entries, *sorted(imported - set(entries))]
    assert imported == {"boot.mjs", "build-info.mjs"}  # main.mjs shares boot.mjs's engine, not a copy of it
    main = (site / "main.mjs").read_text(encoding="utf-8")
    assert "createPractice" in main and "createLibrary" in main  # the panels loaded on first use are in it


def test_every_module_the_site_names_is_there_and_none_is_left_over(site: Path) -> None:
    """Workers, the service worker and the editor are loaded by address (``new URL``): each is in
    the build with what it imports, and no page module is left unbundled beside the bundles."""
    scripts = [p for p in site.rglob("*") if p.suffix in (".mjs", ".js") and p.parent.name != "pyodide"]
    modules = {path.relative_to(site).as_posix(): path.read_text(encoding="utf-8") for path in scripts}
    addressed = {"sw.mjs", "start-python.js"}  # offline.mjs registers the first; index.html runs the second
    for text in modules.values():  # by new URL(…, import.meta.url) at the root, or siteUrl(…) in main.mjs
        addressed |= set(re.findall(r'"((?:workers|vendor)/[\w.-]+\.mjs)"', text))
        addressed |= set(re.findall(r'new URL\("([^"]+\.mjs)"', text))
    for page in site.rglob("*.html"):  # the sandbox frame's page names its module
        folder = page.relative_to(site).parent.as_posix()
        scripts_named = re.findall(r'<script type="module"[^>]* src="([^"]+)"', page.read_text(encoding="utf-8"))
        addressed |= {posixpath.normpath(posixpath.join(folder, name)) for name in scripts_named}
    workers = {"workers/engine.worker.mjs", "workers/practice.worker.mjs", "workers/generate.worker.mjs"}
    assert workers | {"vendor/codemirror.mjs", "practice/sandbox.mjs"} <= addressed
    assert '"practice/sandbox.html"' in modules["main.mjs"] and (site / "practice" / "sandbox.html").is_file()
    assert all((site / name).is_file() for name in addressed)
    for name in {name for name in addressed if name.startswith("pyodide/")}:  # Pyodide's own, checked above
        addressed.remove(name)
    needed = {"boot.mjs", "main.mjs"} | (addressed - {"vendor/codemirror.mjs"})
    todo = list(needed)
    while todo:
        importer = todo.pop()
        for name in map(functools.partial(site_path, importer), relative_imports(modules[importer])):
            if name.startswith("pyodide/"):
                assert (site / name).is_file(), name
            elif name not in needed:
                assert name in modules, f"{name} is imported but not built"
                needed.add(name)
                todo.append(name)
    needed.add("vendor/codemirror.mjs")  # one bundle: what it imports is in it
    assert set(modules) == needed


def test_the_site_ships_the_practice_runner_as_the_page_names_it(site: Path) -> None:
    """The sandbox's bare Pyodide gets the runner's files (web/workers/runner-files.mjs names them) and
    nothing else of the package: each is the source's file, and the list is the runner's folder."""
    named = re.search(
        r"RUNNER_FILES\s*=\s*\[([^\]]*)\]", (site / "workers" / "runner-files.mjs").read_text(encoding="utf-8")
    )
    assert named is not None
    files = re.findall(r'"([\w.]+)"', named.group(1))
    source = ROOT / "py" / "snakes_ladders" / "runner"
    assert files == sorted(path.name for path in source.glob("*.py"))
    for name in files:
        assert (site / "py" / "runner" / name).read_bytes() == (source / name).read_bytes()
