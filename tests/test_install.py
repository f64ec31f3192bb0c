"""``pip install .`` gives a working package and command, with no network and nothing of the repository.

The wheel is built as pip builds it (setuptools, pinned in requirements-dev.txt; no build isolation, so
nothing is downloaded) from a copy of what it is made of, installed with ``--no-index`` into a fresh
virtual environment, and its ``snakes-ladders`` command is run from a folder outside the repository, so
the source tree cannot be imported by accident.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
import snakes_ladders
from practice_solutions import BFS, WRONG

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "py" / "snakes_ladders"
FIXTURE = ROOT / "tests" / "fixtures" / "leetcode_example_1.json"


def run(command: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """``command`` in ``cwd``, with the environment of a user who never set PYTHONPATH."""
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "PYTHONHOME")}
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=300, check=False)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel, built from a copy of pyproject.toml, README.md and py/ (a build in the repository would
    leave build/ and an egg-info there, whose stale files a later wheel could pick up)."""
    source = tmp_path_factory.mktemp("source")
    shutil.copytree(PACKAGE, source / "py" / "snakes_ladders", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    out = tmp_path_factory.mktemp("wheels")
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    built = run([*pip, "wheel", "--no-deps", "--no-build-isolation", "--no-index", "-w", str(out), str(source)], source)
    assert built.returncode == 0, built.stderr[-3000:]
    (found,) = out.glob("*.whl")
    return found


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with the wheel installed; returns its bin folder."""
    env = tmp_path_factory.mktemp("env")
    made = run([sys.executable, "-m", "venv", "--without-pip", str(env)], env)
    assert made.returncode == 0, made.stderr
    python = env / "bin" / "python"
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q", "--python", str(python)]
    done = run([*pip, "install", "--no-index", "--no-deps", str(wheel)], env)
    assert done.returncode == 0, done.stderr[-3000:]
    return env / "bin"


def test_the_wheel_holds_every_room_and_nothing_else(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    modules = {path.relative_to(PACKAGE.parent).as_posix() for path in PACKAGE.rglob("*.py")}
    rooms = {path.parent.relative_to(PACKAGE).as_posix() for path in PACKAGE.rglob("__init__.py")} - {"."}
    assert {
        "api",
        "board",
        "chance",
        "cli",
        "game",
        "generate",
        "practice",
        "runner",
        "solver",
        "solver/searches",
    } <= rooms
    assert modules <= names  # every room's modules, subpackages and all
    assert "snakes_ladders/py.typed" in names
    assert {name.split("/")[0] for name in names} == {"snakes_ladders", f"snakes_ladders-{version_of(wheel)}.dist-info"}
    assert not [name for name in names if "tools/" in name or name.endswith(("contract.py", ".pyc"))]


def version_of(wheel: Path) -> str:
    """The version a wheel's file name states (name-version-python-abi-platform.whl)."""
    return wheel.name.split("-")[1]


def test_the_wheel_has_the_package_version(wheel: Path) -> None:
    assert version_of(wheel) == snakes_ladders.__version__
    with zipfile.ZipFile(wheel) as archive:
        metadata = archive.read(f"snakes_ladders-{snakes_ladders.__version__}.dist-info/METADATA").decode("utf-8")
    assert f"\nVersion: {snakes_ladders.__version__}\n" in metadata


def test_the_installed_command_solves_and_checks(installed: Path, tmp_path: Path) -> None:
    """Run from tmp_path, outside the repository, with no PYTHONPATH: only the installed package is there."""
    where = run([str(installed / "python"), "-c", "import snakes_ladders; print(snakes_ladders.__file__)"], tmp_path)
    assert where.stdout.startswith(str(installed.parent)), where.stdout + where.stderr
    solved = run([str(installed / "snakes-ladders"), "solve", str(FIXTURE)], tmp_path)
    assert solved.returncode == 0, solved.stderr
    assert json.loads(solved.stdout)["moves"] == json.loads(FIXTURE.read_text(encoding="utf-8"))["moves"] == 4
    version = run([str(installed / "snakes-ladders"), "--version"], tmp_path)
    assert version.stdout.split()[-1] == snakes_ladders.__version__
    moves = run([str(installed / "python"), "-m", "snakes_ladders", "moves", str(FIXTURE)], tmp_path)
    assert (moves.returncode, moves.stdout) == (0, "4\n"), moves.stderr
    (tmp_path / "right.py").write_text(BFS, encoding="utf-8")
    (tmp_path / "wrong.py").write_text(WRONG["short-rolls"][1], encoding="utf-8")
    right = run([str(installed / "snakes-ladders"), "check", "right.py", "--boards", "2"], tmp_path)
    assert (right.returncode, right.stdout, right.stderr) == (0, "All 2 boards passed\n", "")
    wrong = run([str(installed / "snakes-ladders"), "check", "wrong.py", "--boards", "2"], tmp_path)
    assert wrong.returncode == 1, wrong.stderr
    assert wrong.stdout.startswith("FAIL ") and "0 of 2 boards passed" in wrong.stdout
