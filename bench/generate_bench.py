#!/usr/bin/env python3
"""Board generator benchmark: time to generate a board to a target, over many seeds, on 6×6 to 20×20.

    python3 bench/generate_bench.py              20 seeds per case (about a minute on an idle machine)
    python3 bench/generate_bench.py --seeds 5    quicker
    python3 bench/generate_bench.py --large      only the largest: 50×50, 500 + 500 jumps, the whole budget
    python3 bench/generate_bench.py --tidy       only untidy against tidy, then class sets

Prints a markdown table: the case (size, snakes, ladders, targets), the success rate within the default
cap of evaluations, and the median and largest CPU time (time.process_time, so a busy machine inflates
it less than wall time) and evaluations per generation, the final ``analyze`` included.  Then the largest
request, a 50×50 board with 500 snakes and 500 ladders whose evaluations take seconds each: the work
budget (``genspec.MAX_WORK`` units) ends its search, and the table gives its wall and CPU time, the work
reported and what ended the search.  A benchmark, not a test: nothing here asserts on time.  The page
runs the same Python under Pyodide, about 3-5 times slower than CPython.

``--tidy`` runs every case twice, without and with ``tidy`` (its default row limit, n - 2), and prints for
each the share met and the evaluations (median / max) and CPU time, so that the cost of tidiness reads
off one row; then class sets of 4 and 8 boards (tidy, tolerance 5%) over the seeds: the share met, the
spread of expected rolls (median / max), the evaluations of the whole set and its CPU time.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py")]

from snakes_ladders import Rules
from snakes_ladders.generate.classset import SetSpec, generate_set
from snakes_ladders.generate.search import MAX_WORK, Spec, Targets, generate

CASES: list[tuple[str, Spec]] = [
    ("6×6, 3 snakes, 3 ladders, least moves 4, expected 14–18", Spec(6, 3, 3, 0, Targets(4, (14, 18)))),
    ("10×10, 8 + 8, least moves 7, expected 30–40", Spec(10, 8, 8, 0, Targets(7, (30, 40)))),
    ("10×10, 8 + 8, least moves 3, expected 15–20", Spec(10, 8, 8, 0, Targets(3, (15, 20)))),
    ("10×10, 8 + 8, least moves 12, expected 60–80", Spec(10, 8, 8, 0, Targets(12, (60, 80)))),
    (
        "10×10, 8 + 8, least moves 7, expected 30–40, classic rules, jumps ≤ 30, no edge rows",
        Spec(10, 8, 8, 0, Targets(7, (30, 40)), rules=Rules("off-board", "stay"), max_jump=30, no_edge_rows=True),
    ),
    ("20×20, 20 + 20, least moves 10, expected 80–120", Spec(20, 20, 20, 0, Targets(10, (80, 120)))),
    ("20×20, 20 + 20, least moves 14, expected 100–140", Spec(20, 20, 20, 0, Targets(14, (100, 140)))),
]


def run_case(spec: Spec, seeds: int, tidy: bool = False) -> tuple[float, float, float, int, int]:
    """(success rate, median ms, max ms, median evaluations, max evaluations) over seeds 0..seeds-1."""
    times: list[float] = []
    evaluations: list[int] = []
    met = 0
    for seed in range(seeds):
        began = time.process_time()
        found = generate(Spec(**{**spec.__dict__, "seed": seed, "tidy": tidy}))
        times.append((time.process_time() - began) * 1e3)
        evaluations.append(found.evaluations)
        met += found.met
    return met / seeds, statistics.median(times), max(times), int(statistics.median(evaluations)), max(evaluations)


#: The largest request: every evaluation takes seconds, so the work budget ends the search.
LARGE: list[tuple[str, Spec]] = [
    (
        "50×50, 500 + 500, least moves 20, expected 100–200",
        Spec(50, 500, 500, 0, Targets(20, (100, 200))),
    ),
    ("50×50, 500 + 500, least moves 5", Spec(50, 500, 500, 0, Targets(5))),
]


def large() -> None:
    """One generation of each largest request with the default budget: wall and CPU time, work, what ended it."""
    print(f"\nwork budget {MAX_WORK:,} units; load {os.getloadavg()[0]:.1f}\n")
    print("| case | met | wall | CPU | evaluations | work | ended by | µs per unit |")
    print("|---|---:|---:|---:|---:|---:|---|---:|")
    for name, spec in LARGE:
        began, cpu = time.perf_counter(), time.process_time()
        found = generate(spec)
        wall, cpu = time.perf_counter() - began, time.process_time() - cpu
        print(
            f"| {name} | {'yes' if found.met else 'no'} | {wall:.1f} s | {cpu:.1f} s | {found.evaluations} | "
            f"{found.work:,} | {found.stopped} | {cpu * 1e6 / found.work:.2f} |",
            flush=True,
        )


def tidy_table(seeds: int) -> None:
    """Each case without and with ``tidy``: met, evaluations (median / max), CPU time (median / max)."""
    print(f"{seeds} seeds per case; CPython {sys.version.split()[0]}; load {os.getloadavg()[0]:.1f}\n")
    print("| case | untidy: met | evaluations | CPU | tidy: met | evaluations | CPU |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, spec in CASES:
        cells = []
        for tidy in (False, True):
            rate, median, largest, evals, most = run_case(spec, seeds, tidy)
            cells += [f"{rate:.0%}", f"{evals} / {most}", f"{median:.0f} / {largest:.0f} ms"]
        print(f"| {name} | {' | '.join(cells)} |", flush=True)


#: Class sets: the boards' spec (tidy) and the set's size.
SETS: list[tuple[str, Spec, int]] = [
    ("10×10, 8 + 8, least moves 7, expected 30–40", Spec(10, 8, 8, 0, Targets(7, (30, 40)), tidy=True), 4),
    ("10×10, 8 + 8, least moves 7, expected 30–40", Spec(10, 8, 8, 0, Targets(7, (30, 40)), tidy=True), 8),
    ("10×10, 8 + 8, least moves 12, expected 60–80", Spec(10, 8, 8, 0, Targets(12, (60, 80)), tidy=True), 8),
    ("20×20, 20 + 20, least moves 10, expected 80–120", Spec(20, 20, 20, 0, Targets(10, (80, 120)), tidy=True), 4),
]


def sets_table(seeds: int) -> None:
    """Class sets (tidy, tolerance 5%): met, spread (median / max), evaluations of the set, CPU time."""
    print("\n| class set (tidy, tolerance 5%) | boards | met | spread (median / max) | evaluations | CPU |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, spec, count in SETS:
        met, spreads, evaluations, times = 0, [], [], []
        for seed in range(seeds):
            began = time.process_time()
            found = generate_set(SetSpec(Spec(**{**spec.__dict__, "seed": seed}), count))
            times.append((time.process_time() - began) * 1e3)
            met += found.met
            spreads.append(found.spread if found.spread is not None else float("inf"))
            evaluations.append(sum(board.evaluations for board in found.boards))
        print(
            f"| {name} | {count} | {met}/{seeds} | {statistics.median(spreads):.1%} / {max(spreads):.1%} | "
            f"{int(statistics.median(evaluations))} / {max(evaluations)} | "
            f"{statistics.median(times):.0f} / {max(times):.0f} ms |",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20, help="seeds per case (default 20)")
    parser.add_argument("--large", action="store_true", help="only the 50×50 boards with 500 + 500 jumps")
    parser.add_argument("--tidy", action="store_true", help="only untidy against tidy, then class sets")
    args = parser.parse_args()
    if args.tidy:
        tidy_table(args.seeds)
        sets_table(args.seeds)
        return
    if not args.large:
        print(f"{args.seeds} seeds per case; CPython {sys.version.split()[0]}; load {os.getloadavg()[0]:.1f}\n")
        print("| case | met | median | max | evaluations (median / max) |")
        print("|---|---:|---:|---:|---:|")
        for name, spec in CASES:
            rate, median, largest, evals, most = run_case(spec, args.seeds)
            print(f"| {name} | {rate:.0%} | {median:.0f} ms | {largest:.0f} ms | {evals} / {most} |")
    large()


if __name__ == "__main__":
    main()
