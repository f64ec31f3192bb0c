"""Benchmark: the solver's two targets, in CPU time: solve(matrix) against the textbook BFS, and the read.

    python3 bench/solver_cpu_bench.py [--size 1000] [--repeat 5] [--only NAME ...] [--before REV]

For each board family of bench/solver_bench.py, a fresh Python process builds the
LeetCode matrix and times, round after round, ``Board.from_matrix`` (the read: every
cell checked), ``min_moves(matrix)`` and ``solve(matrix)`` end to end, and
bench/baselines.py's ``textbook_bfs`` (which flattens the matrix without checking
it and stops as soon as it reaches the last square).  Each time is the least
``time.process_time`` of the rounds, with the cyclic garbage collector off while a
solver runs and its result freed outside the timing: CPU time of this process,
which other jobs on a shared machine change far less than the clock.  A fresh
process per family, because a matrix built after others reads up to twice as
slowly (its ints are scattered over memory the earlier boards freed), and a
request's matrix is freshly parsed.

Targets: solve(matrix) ≤ textbook BFS, and read ≤ 30 ms at 1000×1000.  The table is
printed as markdown, with the load average before and after.

With ``--before REV``, the package as it was at git revision REV (``git archive``, imported
under another name) is timed too, in the same processes, and a second table compares
``min_moves(matrix)`` before and after, each against the textbook BFS, with the geometric mean
of those ratios over the families run and over the seven sparse ones.  The solvers then run
interleaved, round after round (the order reversed every other round), so that a change in the
machine's load falls on all of them; each figure is the least CPU time of the rounds, with the
median beside it.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import io
import json
import math
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "py"))
sys.path.insert(0, str(HERE))

from baselines import textbook_bfs
from snakes_ladders import Board, min_moves, solve
from solver_bench import FAMILIES, matrix_of

READ_TARGET_MS = 30.0
SOLVERS = ("textbook", "solve", "min_moves", "read")
# The families min_moves was first measured on (bench/pyodide_bench.mjs runs these seven).
SPARSE = ("empty", "random 0.1%", "random 1%", "random 5%", "random 30%", "snake maze", "ladder field")


def least_cpu(call: Callable[[], object], repeat: int) -> float:
    """The least CPU time of ``repeat`` calls, in ms, with the collector off and the result freed after."""
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        gc.disable()
        try:
            start = time.process_time()
            result = call()
            best = min(best, time.process_time() - start)
        finally:
            gc.enable()
        del result
    return best * 1000


def interleaved_cpu(calls: dict[str, Callable[[], object]], repeat: int) -> dict[str, list[float]]:
    """The CPU times of ``repeat`` rounds, in ms, every call once a round, the order reversed
    every other round, with the collector off and each result freed after."""
    times: dict[str, list[float]] = {key: [] for key in calls}
    for round_ in range(repeat):
        for key in list(calls) if round_ % 2 == 0 else list(reversed(calls)):
            times[key].append(least_cpu(calls[key], 1))
    return times


def package_at(revision: str) -> ModuleType:
    """The package as it was at a git revision, imported as ``snakes_ladders_before``."""
    root = HERE.parent
    archive = subprocess.run(
        ["git", "archive", revision, "py/snakes_ladders"], cwd=root, capture_output=True, check=True
    ).stdout
    target = Path(tempfile.mkdtemp(prefix="solver-before-"))
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(target, filter="data")
    package = target / "py" / "snakes_ladders"
    spec = importlib.util.spec_from_file_location(
        "snakes_ladders_before", package / "__init__.py", submodule_search_locations=[str(package)]
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def one_family(name: str, size: int, repeat: int, before: str | None = None) -> dict[str, object]:
    """Time the four solvers (and min_moves before REV) on one family, in this process."""
    matrix = matrix_of(size, FAMILIES[name](size))
    calls: dict[str, Callable[[], object]] = {
        "textbook": partial(textbook_bfs, matrix),
        "solve": partial(solve, matrix),
        "min_moves": partial(min_moves, matrix),
        "read": partial(Board.from_matrix, matrix),
    }
    moves = {textbook_bfs(matrix), solve(matrix).moves, min_moves(matrix)}
    if before is not None:
        calls["before"] = partial(package_at(before).min_moves, matrix)
        moves.add(calls["before"]())
    if len(moves) != 1:
        raise SystemExit(f"{name}: the solvers disagree: {moves}")
    if before is None:
        times = {key: least_cpu(call, repeat) for key, call in calls.items()}
        return {"family": name, "moves": moves.pop(), "ms": times}
    rounds = interleaved_cpu(calls, repeat)
    times = {key: min(values) for key, values in rounds.items()}
    medians = {key: statistics.median(values) for key, values in rounds.items()}
    return {"family": name, "moves": moves.pop(), "ms": times, "median_ms": medians, "rounds_ms": rounds}


def ms(value: float) -> str:
    return f"{value:.1f}" if value < 100 else f"{value:,.0f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=1000, help="board size n (default 1000)")
    parser.add_argument("--repeat", type=int, default=5, help="rounds per solver (default 5)")
    parser.add_argument("--only", nargs="*", choices=list(FAMILIES), help="families to run")
    parser.add_argument("--before", metavar="REV", help="also time min_moves as it was at this git revision")
    parser.add_argument("--family", help=argparse.SUPPRESS)  # the child process: one family, JSON out
    args = parser.parse_args(argv)
    if args.family:
        print(json.dumps(one_family(args.family, args.size, args.repeat, args.before)))
        return 0
    before = os.getloadavg()
    rows = []
    for name in FAMILIES:
        if args.only and name not in args.only:
            continue
        command = [sys.executable, __file__, "--family", name, "--size", str(args.size), "--repeat", str(args.repeat)]
        command += ["--before", args.before] if args.before else []
        done = subprocess.run(command, capture_output=True, text=True, check=True)
        rows.append(json.loads(done.stdout))
        print(f"{name:>13}: {rows[-1]['ms']}", file=sys.stderr, flush=True)
    after = os.getloadavg()
    print(f"\n{args.size}×{args.size}, CPU ms (least of {args.repeat}, a fresh process per family).\n")
    heads = ["board", "moves", "textbook BFS", "solve(matrix)", "min_moves(matrix)", "read"]
    print("| " + " | ".join([*heads, "solve ≤ textbook", "read ≤ 30 ms"]) + " |")
    print("|---|---:|---:|---:|---:|---:|---|---|")
    for row in rows:
        t = row["ms"]
        solve_ok = "met" if t["solve"] <= t["textbook"] else f"no ({t['solve'] / t['textbook']:.1f}×)"
        read_ok = "met" if t["read"] <= READ_TARGET_MS else "no"
        cells = " | ".join(ms(t[key]) for key in SOLVERS)
        print(f"| {row['family']} | {row['moves']:,} | {cells} | {solve_ok} | {read_ok} |")
    if args.before:
        print_before_after(rows, args.before)
    print(f"\nLoad average {before[0]:.1f} before, {after[0]:.1f} after ({os.cpu_count()} CPUs).")
    return 0


def geometric_mean(values: list[float]) -> float:
    return math.exp(sum(map(math.log, values)) / len(values))


def print_before_after(rows: list[dict], revision: str) -> None:
    """min_moves(matrix) before REV and now, least and median CPU ms, each against the textbook BFS."""
    print(f"\nmin_moves(matrix) at {revision} (before) and now (after), CPU ms, least (median) of the rounds.\n")
    print("| board | textbook BFS | before | after | after ÷ before | × textbook before | × textbook after |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for row in rows:
        t, m = row["ms"], row["median_ms"]
        cells = [f"{ms(t[key])} ({ms(m[key])})" for key in ("textbook", "before", "min_moves")]
        ratios = [t["min_moves"] / t["before"], t["textbook"] / t["before"], t["textbook"] / t["min_moves"]]
        print(f"| {row['family']} | " + " | ".join(cells + [f"{value:.2f}" for value in ratios]) + " |")
    for label, chosen in (
        ("all families run", rows),
        ("the seven sparse families", [r for r in rows if r["family"] in SPARSE]),
    ):
        if chosen:
            means = [
                geometric_mean([r["ms"]["textbook"] / r["ms"][key] for r in chosen]) for key in ("before", "min_moves")
            ]
            print(f"| **geometric mean, {label}** | | | | | **{means[0]:.2f}** | **{means[1]:.2f}** |")


if __name__ == "__main__":
    sys.exit(main())
