"""The Pyodide memory snapshot: the private options web/workers/snapshot.mjs names still work, and the build checks it.

These run Node with the Pyodide the site ships (node_modules/pyodide).  An upgrade of Pyodide that
renames or drops the private snapshot options fails here, instead of the page quietly falling back
to a plain start on every visit (the browser tests check the page's side: tests/e2e/test_e2e_snapshot.py).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import serve  # noqa: E402

NODE = shutil.which("node")  # serve.py build needs it as well: no Node, no site


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The two things a snapshot is made from: the runtime (pyodide/) and the package zip (py/)."""
    serve.ensure_pyodide()
    root = tmp_path_factory.mktemp("snapshot-site")
    (root / "pyodide").symlink_to(serve.PYODIDE, target_is_directory=True)
    (root / "py").mkdir()
    (root / "py" / "snakes_ladders.zip").write_bytes(serve.package_zip())
    return root


def run_node(*args: str) -> subprocess.CompletedProcess[str]:
    assert NODE is not None, "Node.js is needed to make and check snapshots"
    return subprocess.run([NODE, *args], capture_output=True, text=True, check=False, cwd=ROOT, timeout=300)


def test_the_snapshot_glue_works_with_the_pinned_pyodide(site: Path) -> None:
    run = run_node("tests/snapshot_check.mjs", str(site))
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert report["checked"] == serve.pinned_pyodide_version(), "web/workers/snapshot.mjs names another Pyodide version"
    first, second = report["restores"]
    for restore in (first, second):
        assert restore["version"] == serve.pinned_pyodide_version()
        assert restore["importedBefore"] is True, "the restored interpreter had not imported the whole API"
        assert restore["snapshotDropped"] is True, "loadPyodide still holds the snapshot's bytes"
        assert restore["heapBytes"] >= report["snapshotBytes"] - 4096
        assert restore["source"] > 1000, "the package's zip was not written again after the restore"
    # The snapshot froze random's state right after random.seed(1234): a restore that did not reseed
    # would start that sequence again, and two visitors would draw the same numbers.
    assert report["unseeded"] not in (first["random"], second["random"])
    assert first["random"] != second["random"]


def test_the_build_refuses_a_snapshot_taken_after_the_heap_grew(site: Path, tmp_path: Path) -> None:
    """Pyodide 314 cannot restore such a snapshot ("offset is out of bounds"): the build must stop."""
    grow = "import builtins\nbuiltins._kept = bytearray(64 * 1024 * 1024)"
    run = run_node("tools/make_snapshot.mjs", str(site), str(tmp_path / "out.gz"), '{"version": 1}', grow)
    assert run.returncode == 1
    assert "the wasm heap grew from" in run.stderr
    assert not (tmp_path / "out.gz").exists()


def test_the_snapshot_is_named_after_its_inputs() -> None:
    archive = serve.package_zip()
    version = serve.pinned_pyodide_version()
    key = serve.snapshot_key(version, archive)
    assert key == serve.snapshot_key(version, archive)
    assert key != serve.snapshot_key(version, archive + b"changed")
    assert key != serve.snapshot_key(version + "-next", archive)
