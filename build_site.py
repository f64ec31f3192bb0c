#!/usr/bin/env python3
"""Build the static site into dist/: exactly what a static host serves (serve.py serves it).

    python3 build_site.py                 write dist/
    python3 build_site.py --out DIR       another directory
    python3 build_site.py --no-snapshot   without the memory snapshot (every visit starts plainly)

Standard library only.  The Pyodide runtime comes from the npm package pinned in
package.json; when node_modules lacks it, this script runs npm to install it.  Node.js makes the
memory snapshot the page starts from on repeat visits (tools/make_snapshot.mjs); it is kept in
build/snapshots/ and reused while Pyodide, the package and the snapshot code are unchanged.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
PACKAGE = ROOT / "py" / "snakes_ladders"
PYODIDE = ROOT / "node_modules" / "pyodide"
DIST = ROOT / "dist"
ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"
# Practice mode's code editor (CodeMirror 6), bundled once per build into one module the site serves.
EDITOR_ENTRY = ROOT / "tools" / "codemirror-entry.mjs"
EDITOR_BUNDLE = "vendor/codemirror.mjs"
# The JavaScript interpreter (sval) that runs a JavaScript practice solution in the practice worker.
JS_RUNNER_ENTRY = ROOT / "tools" / "js-runner-entry.mjs"
JS_RUNNER_BUNDLE = "vendor/js-runner.mjs"
TYPESCRIPT_ENTRY = ROOT / "tools" / "typescript-entry.mjs"
TYPESCRIPT_BUNDLE = "vendor/typescript.mjs"
SNAPSHOT_MAKER = ROOT / "tools" / "make_snapshot.mjs"
CONTRACT_TOOL = ROOT / "tools" / "contract.py"
PACKAGE_COMPILER = ROOT / "tools" / "compile_package.mjs"
PACKAGE_CACHE = ROOT / "build" / "packages"
SNAPSHOT_GLUE = WEB / "workers" / "snapshot.mjs"
SNAPSHOT_CACHE = ROOT / "build" / "snapshots"
# The request the build puts to a restored snapshot (solve this preset): its reply must equal CPython's, byte for byte.
SNAPSHOT_CHECK = "leetcode_example_1"

# The only runtime files the page needs: no micropip, no package wheels.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
# The editor's presets, in menu order: an app data file (tests check each against its fixture).
PRESETS_FILE = ROOT / "data" / "presets.json"
PRESETS = {preset["id"]: preset["name"] for preset in json.loads(PRESETS_FILE.read_text(encoding="utf-8"))}


class BuildError(RuntimeError):
    pass


def render_contract() -> str:
    """The text of contract.mjs, written from the package by tools/contract.py (tests check web/core/contract.mjs
    matches)."""
    sys.path.insert(0, str(CONTRACT_TOOL.parent))
    from contract import render

    return render()


def pinned_pyodide_version() -> str:
    spec = json.loads((ROOT / "package.json").read_text())["dependencies"]["pyodide"]
    return str(spec).lstrip("=^~")


def ensure_pyodide() -> str:
    """Make sure node_modules holds the pinned Pyodide; install it with npm if not."""
    wanted = pinned_pyodide_version()
    installed = PYODIDE / "package.json"
    outdated = not installed.exists() or json.loads(installed.read_text())["version"] != wanted
    if outdated or not ESBUILD.exists() or not (ROOT / "node_modules" / "codemirror").exists():
        npm = shutil.which("npm")
        if npm is None:
            raise BuildError("npm is needed to install Pyodide (the 'pyodide' npm package); install Node.js and npm")
        print(f"Installing Pyodide {wanted} and the editor's packages from the npm registry...", file=sys.stderr)
        command = [npm, "ci", "--no-audit", "--no-fund"] if (ROOT / "package-lock.json").exists() else [npm, "install"]
        subprocess.run(command, cwd=ROOT, check=True)
    missing = [name for name in PYODIDE_FILES if not (PYODIDE / name).exists()]
    if missing:
        raise BuildError(f"node_modules/pyodide lacks {', '.join(missing)}; run 'npm ci'")
    return wanted


def shipped_source(source: str) -> str:
    """A module as the browser gets it: the same code without docstrings and comments.

    Half the package's bytes are its documentation, which the page never reads.  The code is
    parsed and written back by ``ast``, so what runs is what the tests ran, statement for
    statement (tests/test_build.py checks that the shipped package answers exactly as the
    source does).
    """
    import ast

    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            value = first.value if isinstance(first, ast.Expr) else None
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                node.body = node.body[1:] or [ast.Pass()]
    return ast.unparse(tree) + "\n"


def bundle_editor(out: Path) -> None:
    """Bundle CodeMirror and its Python and JavaScript modes into ``out/vendor/codemirror.mjs``, the
    JavaScript interpreter into ``out/vendor/js-runner.mjs`` and the TypeScript transpiler into
    ``out/vendor/typescript.mjs``, with esbuild (pinned)."""
    bundles = (EDITOR_ENTRY, EDITOR_BUNDLE), (JS_RUNNER_ENTRY, JS_RUNNER_BUNDLE), (TYPESCRIPT_ENTRY, TYPESCRIPT_BUNDLE)
    for entry, bundle in bundles:
        command = [str(ESBUILD), str(entry), "--bundle", "--format=esm", "--minify", "--log-level=warning"]
        subprocess.run([*command, f"--outfile={out / bundle}"], cwd=ROOT, check=True)


# The page's two entry modules (index.html's scripts) and the modules loaded as workers (and by the sandbox frame).
PAGE_ENTRIES = ("boot.mjs", "main.mjs")
WORKER_ENTRIES = (
    "workers/engine.worker.mjs",
    "workers/practice.worker.mjs",
    "workers/generate.worker.mjs",
    "practice/sandbox.mjs",  # the sandbox frame's module (practice/sandbox.html)
    "sw.mjs",
)
# Written after the bundles (it names them), so every module imports it as it is.
BUILD_INFO = "build-info.mjs"
ESBUILD_OPTIONS = ("--minify", "--keep-names", "--charset=utf8", "--log-level=warning")
PRELOADS = re.compile(r'^[ \t]*<link rel="modulepreload" href="[^"]+">\n', re.MULTILINE)


def _esbuild_bundle(source: Path, target: Path, external: tuple[str, ...]) -> set[Path]:
    """Bundle ``source`` and what it imports into ``target``; returns the files it took in."""
    with tempfile.TemporaryDirectory(prefix="bundle-") as scratch:
        meta = Path(scratch) / "meta.json"
        command = [str(ESBUILD), str(source), "--bundle", "--format=esm", f"--outfile={target}", "--allow-overwrite"]
        # The workers, a folder down, import the same externals from "../".
        externals = [f"--external:{up}{name}" for name in external for up in ("./", "../")]
        command += [*externals, *ESBUILD_OPTIONS, f"--metafile={meta}"]
        subprocess.run(command, cwd=ROOT, check=True)
        inputs = json.loads(meta.read_text(encoding="utf-8"))["inputs"]
    return {(ROOT / name).resolve() for name in inputs}


def bundle_site(out: Path) -> None:
    """Bundle the page's modules in ``out`` into two files with esbuild (pinned), minified.

    The page starts as ``boot.mjs`` (which starts Python: it and the engine bridge) and ``main.mjs``
    (the rest of the app, the panels loaded on first use included, whose code runs only then).
    Forty-odd modules would otherwise be forty-odd requests in the window where the Python worker
    should start.  The workers and the service worker, and what they import, stay modules of their
    own, minified in place (a failure to load one is reported by its name); modules only the page
    uses are removed.  Names (``--keep-names``) and every string are kept, so the page behaves
    exactly as web/ does.  index.html preloads the two bundles and build-info.mjs.
    """
    here = out.resolve()
    boot, main = PAGE_ENTRIES
    page = _esbuild_bundle(out / boot, out / boot, (BUILD_INFO,))
    page |= _esbuild_bundle(out / main, out / main, (BUILD_INFO, boot, "pyodide/*"))
    with tempfile.TemporaryDirectory(prefix="workers-") as scratch:
        workers: set[Path] = set()
        for name in WORKER_ENTRIES:
            workers |= _esbuild_bundle(out / name, Path(scratch) / name, (BUILD_INFO, "pyodide/*"))
    for path in page - workers - {here / boot, here / main}:
        if path.is_relative_to(here):
            path.unlink()
    for folder in sorted((p for p in out.rglob("*") if p.is_dir()), reverse=True):
        if not any(folder.iterdir()):  # a feature's folder whose modules are all in main.mjs now
            folder.rmdir()
    for path in workers:  # the workers and what they import, minified one module at a time
        if path.is_relative_to(here):
            _minify(path)
    for path in out.glob("*.js"):  # start-python.js, the classic script that starts the worker early
        _minify(path)
    html = (out / "index.html").read_text(encoding="utf-8")
    links = "".join(f'  <link rel="modulepreload" href="{name}">\n' for name in (*PAGE_ENTRIES, BUILD_INFO))
    at = PRELOADS.search(html)
    if at is None:
        raise BuildError("index.html has no modulepreload link to replace")
    html = html[: at.start()] + links + PRELOADS.sub("", html[at.start() :])
    (out / "index.html").write_text(html, encoding="utf-8")
    for sheet in ("style.css", "print.css"):
        _minify(out / sheet)


def _minify(path: Path) -> None:
    """Minify one module or stylesheet in place with esbuild."""
    command = [str(ESBUILD), str(path), f"--outfile={path}", "--allow-overwrite", *ESBUILD_OPTIONS]
    subprocess.run(command, cwd=ROOT, check=True)


# What the page never runs: the command line's room (argparse, the check command's child processes) and
# __main__, which only starts it.  tests/test_build.py checks that nothing left in the zip imports them.
COMMAND_LINE_ONLY = ("cli/", "__main__.py")


def package_zip() -> bytes:
    """The package as the page runs it, a zip with fixed timestamps (equal sources give equal bytes): every
    room but the command line's."""
    from io import BytesIO

    buffer = BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(PACKAGE.rglob("*")):  # the rooms' subpackages included
            name = path.relative_to(PACKAGE).as_posix()
            if name.startswith(COMMAND_LINE_ONLY):
                continue
            if path.suffix == ".py" or path.name == "py.typed":
                info = zipfile.ZipInfo(f"snakes_ladders/{name}", date_time=(2020, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                data = path.read_bytes()
                if path.suffix == ".py":
                    data = shipped_source(data.decode("utf-8")).encode("utf-8")
                archive.writestr(info, data)
    return buffer.getvalue()


def compiled_zip(pyodide_version: str, archive: bytes) -> bytes:
    """``archive`` with bytecode compiled by Pyodide's own Python added (tools/compile_package.mjs).

    A plain start in the page then imports the package without compiling it (about 100 ms in
    Pyodide); the sources stay in the zip for tracebacks.  Cached in build/packages by its inputs.
    """
    digest = hashlib.sha256(pyodide_version.encode())
    digest.update(PACKAGE_COMPILER.read_bytes())
    digest.update(archive)
    cached = PACKAGE_CACHE / f"package-{digest.hexdigest()[:16]}.zip"
    if cached.exists():
        return cached.read_bytes()
    node = shutil.which("node")
    if node is None:
        raise BuildError("Node.js is needed to compile the package for Pyodide; install Node.js")
    PACKAGE_CACHE.mkdir(parents=True, exist_ok=True)
    # Names of this build's own: two builds at once (a test beside another) must not share scratch files.
    scratch = Path(tempfile.mkdtemp(prefix="compile-", dir=PACKAGE_CACHE))
    source, partial_file = scratch / "source.zip", scratch / "partial.zip"
    source.write_bytes(archive)
    command = [node, str(PACKAGE_COMPILER), str(PYODIDE), str(source), str(partial_file)]
    run = subprocess.run(command, capture_output=True, text=True, check=False)
    source.unlink()
    if run.returncode != 0:
        shutil.rmtree(scratch, ignore_errors=True)
        raise BuildError(f"compiling the package for Pyodide failed: {run.stderr.strip() or run.stdout.strip()}")
    data = partial_file.read_bytes()
    for old in PACKAGE_CACHE.glob("package-*.zip"):
        old.unlink(missing_ok=True)
    partial_file.replace(cached)
    shutil.rmtree(scratch, ignore_errors=True)
    return data


def presets_module() -> str:
    """web/core/presets.mjs as the build writes it: the editor's presets from data/presets.json, bundled into
    the page (its first visit opens the first one without a request)."""
    presets = json.loads(PRESETS_FILE.read_text(encoding="utf-8"))
    return (
        "// Written by serve.py build from data/presets.json: the presets of the Board settings panel.\n"
        f"export const PRESETS = {json.dumps(presets, ensure_ascii=False, separators=(',', ':'))};\n"
    )


def snapshot_key(pyodide_version: str, archive: bytes) -> str:
    """What a snapshot is made of: the runtime, the package, and the code that makes and restores it.

    Snapshots of the same inputs differ in their bytes (hash seeds, the random state), so the file
    is named after its inputs: a release that changes only the page keeps its visitors' snapshot.
    """
    digest = hashlib.sha256(pyodide_version.encode())
    for data in [*(PYODIDE / name for name in PYODIDE_FILES), SNAPSHOT_GLUE, SNAPSHOT_MAKER]:
        digest.update(data.read_bytes())
    digest.update(archive)
    return digest.hexdigest()[:16]


def snapshot_check_request() -> tuple[str, str]:
    """A known request and CPython's reply to it, which a restored snapshot must give byte for byte."""
    sys.path.insert(0, str(PACKAGE.parent))
    try:
        from snakes_ladders.api import handle
    finally:
        sys.path.remove(str(PACKAGE.parent))
    presets = json.loads(PRESETS_FILE.read_text(encoding="utf-8"))
    board = next(preset["board"] for preset in presets if preset["id"] == SNAPSHOT_CHECK)
    request = json.dumps({"version": 1, "op": "solve", "board": board})
    return request, handle(request)


def make_snapshot(site: Path, key: str) -> Path:
    """Make the gzip'd snapshot with Node (tools/make_snapshot.mjs), test-restore it, cache it by key."""
    cached = SNAPSHOT_CACHE / f"snapshot-{key}.bin.gz"
    if cached.exists():
        return cached
    node = shutil.which("node")
    if node is None:
        raise BuildError("Node.js is needed to make the Pyodide memory snapshot; install Node.js")
    request, expected = snapshot_check_request()
    SNAPSHOT_CACHE.mkdir(parents=True, exist_ok=True)
    partial_file = Path(tempfile.mkdtemp(prefix="snapshot-", dir=SNAPSHOT_CACHE)) / f"partial-{key}.gz"
    run = subprocess.run(
        [node, str(SNAPSHOT_MAKER), str(site), str(partial_file), request], capture_output=True, text=True, check=False
    )
    if run.returncode != 0:
        shutil.rmtree(partial_file.parent, ignore_errors=True)
        raise BuildError(f"making the Pyodide snapshot failed: {run.stderr.strip() or run.stdout.strip()}")
    report = json.loads(run.stdout.splitlines()[-1])
    for name in ("plainReply", "restoredReply"):
        if report[name] != expected:
            shutil.rmtree(partial_file.parent, ignore_errors=True)
            raise BuildError(f"the snapshot's {name} differs from CPython's: {report[name][:200]!r}")
    for old in SNAPSHOT_CACHE.glob("snapshot-*.bin.gz"):
        old.unlink(missing_ok=True)
    partial_file.replace(cached)
    shutil.rmtree(partial_file.parent, ignore_errors=True)
    print(
        f"build_site.py: made the Pyodide snapshot in {report['seconds']:.1f} s: "
        f"{report['bytes'] / 1e6:.1f} MB, {report['gzipBytes'] / 1e6:.1f} MB gzip'd",
        file=sys.stderr,
    )
    return cached


def build(out: Path = DIST, *, snapshot: bool = True) -> Path:
    """Write the whole site into ``out`` and return it; ``snapshot=False`` leaves out the snapshot."""
    pyodide_version = ensure_pyodide()
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(WEB, out)
    bundle_editor(out)
    (out / "core" / "contract.mjs").write_text(render_contract(), encoding="utf-8")  # what the package declares
    (out / "core" / "presets.mjs").write_text(presets_module(), encoding="utf-8")
    bundle_site(out)
    (out / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        shutil.copy2(PYODIDE / name, out / "pyodide" / name)
    (out / "py").mkdir()
    archive = compiled_zip(pyodide_version, package_zip())
    (out / "py" / "snakes_ladders.zip").write_bytes(archive)
    # The practice runner as plain files: the sandbox's bare Pyodide gets these and nothing else of the package.
    (out / "py" / "runner").mkdir()
    for source in sorted((PACKAGE / "runner").glob("*.py")):
        shutil.copy2(source, out / "py" / "runner" / source.name)
    digest = hashlib.sha256()
    for path in sorted(p for p in out.rglob("*") if p.is_file() and p.parent.name != "pyodide"):
        digest.update(path.relative_to(out).as_posix().encode())
        digest.update(path.read_bytes())
    snapshot_file = None
    if snapshot:
        # Named after its inputs and hashed by name only: its bytes differ from one making to the next.
        made = make_snapshot(out, snapshot_key(pyodide_version, archive))
        snapshot_file = f"py/{made.name}"
        shutil.copyfile(made, out / snapshot_file)
        digest.update(snapshot_file.encode())
    build_id = f"{pyodide_version}-{digest.hexdigest()[:12]}"
    # Everything the service worker keeps for offline use: the whole site but itself.  The page is
    # kept once, as "./", the key every navigation is answered from; "index.html" would be a
    # second download of the same bytes on the first visit.
    # The snapshot is cached apart, after the rest, once Python is ready (sw.mjs).
    # The editor bundle (187 kB gzipped) is fetched when Practice first opens, not on every first visit;
    # the JavaScript interpreter (78 kB) when a JavaScript solution is first run, the TypeScript transpiler
    # (47 kB) when a TypeScript one is.
    skip = {"sw.mjs", "index.html", "build-info.mjs", snapshot_file, EDITOR_BUNDLE, JS_RUNNER_BUNDLE, TYPESCRIPT_BUNDLE}
    served = (p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    files = ["./", *sorted(name for name in served if name not in skip), "build-info.mjs"]
    (out / "build-info.mjs").write_text(
        "// Written by serve.py build: the versions this build was made with and the files it serves.\n"
        f"export const PYODIDE_VERSION = {json.dumps(pyodide_version)};\n"
        f"export const BUILD_ID = {json.dumps(build_id)};\n"
        f"export const FILES = {json.dumps(files, indent=0)};\n"
        "// The Pyodide memory snapshot (gzip'd) a repeat visit starts from; null when the build has none.\n"
        f"export const SNAPSHOT = {json.dumps(snapshot_file)};\n"
    )
    # The browser looks for a new service worker by comparing its bytes: stamp the build into it.
    with (out / "sw.mjs").open("a") as sw:
        sw.write(f"// build {build_id}\n")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=DIST, help="the build directory (default: dist/)")
    parser.add_argument("--no-snapshot", action="store_true", help="build without the Pyodide memory snapshot")
    args = parser.parse_args(argv)
    try:
        out = build(args.out, snapshot=not args.no_snapshot)
    except (BuildError, subprocess.CalledProcessError) as error:
        print(f"build_site.py: {error}", file=sys.stderr)
        return 1
    print(f"Built {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
