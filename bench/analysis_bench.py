#!/usr/bin/env python3
"""Random-play analysis benchmark: CPU time of analyze, explain and play on boards of 10×10 to 50×50.

    python3 bench/analysis_bench.py            best of 3 runs per board (about a minute)
    python3 bench/analysis_bench.py --runs 1   quicker

Prints a markdown table: the board, its jumps, the exact expected rolls, how many rolls the length
distribution needed (until less than 1e-9 is still in play), and the CPU time (time.process_time, so a
busy machine inflates it less than wall time) of analyze() with one player, of explain() and of one
play() game.  Random boards come from tests/reference.py with fixed seeds.  A benchmark, not a test:
nothing here asserts on time.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "tests")]

import reference
from snakes_ladders import CLASSIC, LEETCODE, Board, Rules, analyze, explain, play

CLASSIC_JUMPS = {
    1: 38, 4: 14, 9: 31, 21: 42, 28: 84, 36: 44, 51: 67, 71: 91, 80: 100,
    16: 6, 48: 26, 49: 11, 56: 53, 62: 19, 64: 60, 87: 24, 93: 73, 95: 75, 98: 78,
}  # fmt: skip


def random_board(n: int, seed: int, density: float, span: int | None = None) -> Board:
    rng = random.Random(seed)
    return Board(n, reference.random_jumps(rng, n, density, self_rate=0, chain_rate=0, span=span))


def boards() -> list[tuple[str, Board, Rules]]:
    return [
        ("classic 10×10, classic rules", Board(10, CLASSIC_JUMPS, allow_start_jump=True), CLASSIC),
        ("empty 20×20", Board(20, {}), LEETCODE),
        ("20×20, 4% jumps", random_board(20, 2, 0.04), LEETCODE),
        ("20×20, 19% jumps", random_board(20, 1, 0.19), LEETCODE),
        ("empty 50×50", Board(50, {}), LEETCODE),
        ("50×50, 40 jumps, span ≤ 250", random_board(50, 3, 0.016, span=250), LEETCODE),
        ("50×50, 4% jumps (105)", random_board(50, 2, 0.04), LEETCODE),
        ("50×50, 19% jumps (465)", random_board(50, 1, 0.19), LEETCODE),
        ("50×50, 19% jumps, span ≤ 500", random_board(50, 1, 0.19, span=500), LEETCODE),
    ]


def cpu(run: Callable[[], object], runs: int) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per measurement; the best is shown")
    args = parser.parse_args()
    print("| board | jumps | expected rolls | rolls listed | analyze | explain | play |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, board, rules in boards():
        analysis = analyze(board, rules)
        rolls = len(analysis.length.p_on_turn)
        expected = "—" if analysis.expected_rolls is None else f"{analysis.expected_rolls:.2f}"
        t_analyze = cpu(lambda b=board, r=rules: analyze(b, r), args.runs)
        # explain is LeetCode's search, which a jump on square 1 does not fit: shown as a dash.
        t_explain = cpu(lambda b=board: explain(b), args.runs) if 1 not in board.jumps else float("nan")
        t_play = cpu(lambda b=board, r=rules: play(b, r, players=4, seed=1), args.runs)
        print(
            f"| {name} | {len(board.jumps)} | {expected} | {rolls}{' (cut)' if analysis.length.truncated else ''} "
            f"| {t_analyze * 1000:.0f} ms | {'—' if math.isnan(t_explain) else f'{t_explain * 1000:.0f} ms'} "
            f"| {t_play * 1000:.0f} ms |"
        )


if __name__ == "__main__":
    main()
