"""Benchmark: issue 12's two targets, in CPU time: solve(matrix) against the textbook BFS, and the read.

    python3 bench/solver_cpu_bench.py [--size 1000] [--repeat 5] [--only NAME ...]

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
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "py"))
sys.path.insert(0, str(HERE))

from baselines import textbook_bfs
from snakes_ladders import Board, min_moves, solve
from solver_bench import FAMILIES, matrix_of

READ_TARGET_MS = 30.0
SOLVERS = ("textbook", "solve", "min_moves", "read")


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


def one_family(name: str, size: int, repeat: int) -> dict[str, object]:
    """Time the four solvers on one family, in this process."""
    matrix = matrix_of(size, FAMILIES[name](size))
    calls = {
        "textbook": partial(textbook_bfs, matrix),
        "solve": partial(solve, matrix),
        "min_moves": partial(min_moves, matrix),
        "read": partial(Board.from_matrix, matrix),
    }
    moves = {textbook_bfs(matrix), solve(matrix).moves, min_moves(matrix)}
    if len(moves) != 1:
        raise SystemExit(f"{name}: the solvers disagree: {moves}")
    times = {key: least_cpu(call, repeat) for key, call in calls.items()}
    return {"family": name, "moves": moves.pop(), "ms": times}


def ms(value: float) -> str:
    return f"{value:.1f}" if value < 100 else f"{value:,.0f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=1000, help="board size n (default 1000)")
    parser.add_argument("--repeat", type=int, default=5, help="rounds per solver (default 5)")
    parser.add_argument("--only", nargs="*", choices=list(FAMILIES), help="families to run")
    parser.add_argument("--family", help=argparse.SUPPRESS)  # the child process: one family, JSON out
    args = parser.parse_args(argv)
    if args.family:
        print(json.dumps(one_family(args.family, args.size, args.repeat)))
        return 0
    before = os.getloadavg()
    rows = []
    for name in FAMILIES:
        if args.only and name not in args.only:
            continue
        command = [sys.executable, __file__, "--family", name, "--size", str(args.size), "--repeat", str(args.repeat)]
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
    print(f"\nLoad average {before[0]:.1f} before, {after[0]:.1f} after ({os.cpu_count()} CPUs).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
