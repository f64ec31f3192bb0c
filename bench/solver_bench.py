"""Benchmark: the package's min_moves against a textbook BFS and a dominance-pruned BFS.

    python3 bench/solver_bench.py [--size 1000] [--repeat 5] [--only NAME ...]

Each board family is built once at the given size; then the solvers run in turn,
round after round, in one process, and the median of each is kept.  The solvers:

- ``min_moves(matrix)``: the package, end to end: reading and checking the
  matrix, building the Board, and the search (snakes_ladders.solver.searches);
- ``search``: the package's search alone, on a Board built beforehand;
- ``solve(matrix)``: the package's ``solve``, end to end: distances for every
  square, a shortest game and the count of optimal games (bounded: exact below
  10^30), from the matrix;
- ``read``: ``Board.from_matrix`` alone, reading and checking every cell.  No
  solver that checks the matrix before it answers can beat this time, so
  baseline / read bounds the end-to-end speedup any checking solver could reach
  (the ``bound`` columns);
- ``textbook``: bench/baselines.py textbook_bfs (seed 003's description);
- ``pruned``: bench/baselines.py pruned_bfs (seed 004's description).

The baselines flatten the matrix themselves but do not check it, as a LeetCode
submission would not.  Every solver's answer is compared; a disagreement stops
the run.  The table is printed as markdown and written with the raw times to
bench/results/solver.json.  Times are wall-clock medians, with the cyclic garbage
collector off while each solver runs (as ``timeit`` does), so run it on an idle
machine; the load average is recorded alongside.
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "py"))
sys.path.insert(0, str(HERE))

from baselines import pruned_bfs, textbook_bfs
from snakes_ladders import Board, min_moves, solve

RESULTS = HERE / "results" / "solver.json"


# --------------------------------------------------------------------------- boards


def random_jumps(n: int, density: float, seed: int) -> dict[int, int]:
    """Each square 2..n²-1 holds a jump with chance ``density``: a snake to a uniformly
    chosen lower square or a ladder to a uniformly chosen higher one, half and half."""
    rng = random.Random(seed)
    last = n * n
    jumps = {}
    for square in range(2, last):
        if rng.random() < density:
            jumps[square] = rng.randint(1, square - 1) if rng.random() < 0.5 else rng.randint(square + 1, last)
    return jumps


def snake_maze(n: int, seed: int) -> dict[int, int]:
    """A short snake every nine squares, each sliding back 1 to 8 squares."""
    rng = random.Random(seed)
    return {square: square - rng.randint(1, 8) for square in range(9, n * n, 9)}


def ladder_field(n: int, seed: int) -> dict[int, int]:
    """A long ladder every 50 squares, each climbing 100 to 1000 squares (capped at n²)."""
    rng = random.Random(seed)
    last = n * n
    return {square: min(last, square + rng.randint(100, 1000)) for square in range(50, last, 50)}


def every_square(n: int, seed: int) -> dict[int, int]:
    """A jump on every square 2..n²-1: a ladder 1 to 12 squares up or a snake 1 to 12 down, half and half."""
    rng = random.Random(seed)
    last = n * n
    jumps = {}
    for square in range(2, last):
        step = rng.randint(1, 12)
        end = square + step if rng.random() < 0.5 else square - step
        jumps[square] = min(max(end, 1), last)
    return jumps


def ladder_chains(n: int) -> dict[int, int]:
    """Every square 2..n²-1 a ladder to the next square: every jump but the last is chained."""
    return {square: square + 1 for square in range(2, n * n)}


def multiplying(n: int) -> dict[int, int]:
    """Blocks of seven squares: from b every roll lands on a ladder to b + 7, so each move has six
    optimal choices and the optimal games number about 6^(n²/7) (a count of ~10^111,000 at n = 1000)."""
    last = n * n
    jumps = {}
    for b in range(1, last - 7, 7):
        for square in range(b + 1, b + 7):
            jumps[square] = b + 7
    return jumps


FAMILIES: dict[str, Callable[[int], dict[int, int]]] = {
    "empty": lambda n: {},
    "random 0.1%": lambda n: random_jumps(n, 0.001, 1),
    "random 1%": lambda n: random_jumps(n, 0.01, 2),
    "random 5%": lambda n: random_jumps(n, 0.05, 3),
    "random 30%": lambda n: random_jumps(n, 0.30, 4),
    "snake maze": lambda n: snake_maze(n, 5),
    "ladder field": lambda n: ladder_field(n, 6),
    "random 60%": lambda n: random_jumps(n, 0.60, 7),
    "random 90%": lambda n: random_jumps(n, 0.90, 8),
    "every square": lambda n: every_square(n, 9),
    "ladder chains": ladder_chains,
    "multiplying": multiplying,
}


def solve_moves(matrix: list[list[int]]) -> int:
    """``solve`` end to end, answering with its moves so that the answers can be compared."""
    return solve(matrix).moves


def matrix_of(n: int, jumps: dict[int, int]) -> list[list[int]]:
    """The LeetCode matrix, row 0 at the top, as a fresh list of lists."""
    return Board(n, jumps).to_matrix()


# --------------------------------------------------------------------------- timing


def measure(solvers: dict[str, Callable[[], int]], repeat: int) -> tuple[dict[str, list[float]], dict[str, int]]:
    times: dict[str, list[float]] = {name: [] for name in solvers}
    answers: dict[str, int] = {}
    for _ in range(repeat):
        for name, solver in solvers.items():
            # As timeit does: the cyclic collector is off while a solver runs, so no solver pays
            # for collecting another's garbage (a full collection walks every matrix held here).
            gc.collect()
            gc.disable()
            try:
                start = time.perf_counter()
                answer = solver()
                times[name].append(time.perf_counter() - start)
            finally:
                gc.enable()
            answers.setdefault(name, answer)
            if answers[name] != answer:
                raise SystemExit(f"{name} gave {answer}, then {answers[name]}")
    return times, answers


def geometric_mean(values: list[float]) -> float:
    return math.exp(sum(math.log(v) for v in values) / len(values))


def ms(seconds: float) -> str:
    value = seconds * 1000
    if value < 0.1:
        return f"{value:.3f}"
    return f"{value:.1f}" if value < 100 else f"{value:.0f}"


def ratio(value: float) -> str:
    return f"{value:,.1f}" if value < 1000 else f"{value:,.0f}"


def board_arguments(description: str, results: Path, rounds: str) -> argparse.ArgumentParser:
    """The options every board benchmark takes: size, repeat, only, json."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--size", type=int, default=1000, help="board size n (default 1000)")
    parser.add_argument("--repeat", type=int, default=5, help=f"{rounds} per board (default 5)")
    parser.add_argument("--only", nargs="*", choices=list(FAMILIES), help="families to run")
    parser.add_argument("--json", type=Path, default=results, help=f"where to write results (default {results})")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = board_arguments(__doc__.splitlines()[0], RESULTS, "rounds").parse_args(argv)
    n = args.size
    rows = []
    for family, make in FAMILIES.items():
        if args.only and family not in args.only:
            continue
        jumps = make(n)
        matrix = matrix_of(n, jumps)
        board = Board.from_matrix(matrix)
        solvers = {
            "min_moves": partial(min_moves, matrix),
            "search": partial(min_moves, board),
            "solve": partial(solve_moves, matrix),
            "read": partial(Board.from_matrix, matrix),
            "textbook": partial(textbook_bfs, matrix),
            "pruned": partial(pruned_bfs, matrix),
        }
        times, answers = measure(solvers, args.repeat)
        if answers.pop("read") != board:
            raise SystemExit(f"{family}: Board.from_matrix read a different board")
        if len(set(answers.values())) != 1:
            raise SystemExit(f"{family}: the solvers disagree: {answers}")
        medians = {name: statistics.median(values) for name, values in times.items()}
        rows.append(
            {
                "family": family,
                "jumps": len(jumps),
                "moves": answers["min_moves"],
                "median_s": medians,
                "times_s": times,
            }
        )
        print(
            f"{family:>13}: " + "  ".join(f"{name} {ms(value)} ms" for name, value in medians.items()),
            file=sys.stderr,
            flush=True,
        )

    keys = (
        "textbook",
        "pruned",
        "solve_textbook",
        "search_textbook",
        "search_pruned",
        "bound_textbook",
        "bound_pruned",
    )
    for row in rows:
        median = row["median_s"]
        row["speedup"] = {
            "textbook": median["textbook"] / median["min_moves"],
            "pruned": median["pruned"] / median["min_moves"],
            "solve_textbook": median["textbook"] / median["solve"],
            "search_textbook": median["textbook"] / median["search"],
            "search_pruned": median["pruned"] / median["search"],
            "bound_textbook": median["textbook"] / median["read"],
            "bound_pruned": median["pruned"] / median["read"],
        }
    summary = {key: geometric_mean([row["speedup"][key] for row in rows]) for key in keys}
    # The empty board's search is a formula, so its ratio can swamp the mean: show it without it too.
    others = [row for row in rows if row["jumps"]]
    summary_jumps = {key: geometric_mean([row["speedup"][key] for row in others]) for key in keys} if others else None

    print(f"\n{n}×{n} boards, median of {args.repeat} runs, milliseconds (CPython {platform.python_version()}).\n")
    print(
        "| board | jumps | moves | min_moves(matrix) | solve(matrix) | search (Board) | read (Board.from_matrix) "
        "| textbook BFS | pruned BFS | × textbook | × pruned | solve × textbook | search × textbook "
        "| search × pruned | bound × textbook | bound × pruned |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for row in rows:
        m, s = row["median_s"], row["speedup"]
        print(
            f"| {row['family']} | {row['jumps']:,} | {row['moves']:,} | {ms(m['min_moves'])} | {ms(m['solve'])} "
            f"| {ms(m['search'])} "
            f"| {ms(m['read'])} | {ms(m['textbook'])} | {ms(m['pruned'])} "
            + "".join(f"| {ratio(s[key])} " for key in keys)
            + "|"
        )
    for label, values in (("geometric mean", summary), ("geometric mean, boards with jumps", summary_jumps)):
        if values is not None:
            cells = [f"**{label}**"] + [""] * 8 + [f"**{ratio(values[key])}**" for key in keys]
            print("| " + " | ".join(cells) + " |")
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    if load:
        print(f"\nLoad average during the run: {load[0]:.1f} ({os.cpu_count()} CPUs).")

    args.json.parent.mkdir(parents=True, exist_ok=True)
    document = {
        "size": n,
        "repeat": args.repeat,
        "python": platform.python_version(),
        "platform": platform.platform(),
        "loadavg": load,
        "rows": rows,
        "geometric_mean_speedup": summary,
        "geometric_mean_speedup_boards_with_jumps": summary_jumps,
    }
    args.json.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
