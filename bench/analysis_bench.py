#!/usr/bin/env python3
"""Random-play analysis benchmark: CPU time of the analysis's two stages and of play, 10×10 to 100×100.

    python3 bench/analysis_bench.py                 every size, best of 1 run (several minutes)
    python3 bench/analysis_bench.py --sizes 10 20 50 --runs 3
    python3 bench/analysis_bench.py --sizes 100 --kinds "30%" "crossing 30%" "cycling" --players 1

Prints a markdown table: for each size (10, 20, 50, 100) and kind of board (empty, 5% and 30% of the
squares holding a jump, the all-snake wall where finishing needs a run of sixes, and "cycling": every
other square holding a snake back to a random square below it, a game looping through many snakes; on
request, "crossing N%": N% of the squares holding jumps from the lower half of the board to the upper
half or back, the hardest case found for the elimination), the jumps, the reachable states, the work W
of the elimination (Σ rows pointing at k × entries of row k) and its fill, the expected rolls (written
m×10^e beyond a float, "about x (tail s)" when the headline's elimination went over HEADLINE_BUDGET: the
estimate from the propagation and the share s of it extrapolated from the decay of the last rolls), the
rolls listed and where the geometric tail took over, and the CPU time (time.process_time, so a busy
machine inflates it less than wall time) of the headline figures as the analyze op computes them
(``analyze(jump_use=False, budget=HEADLINE_BUDGET)``), of the second stage as the jump_use op computes
it (``jump_uses``: its time, or "refused" with the time the refusal took), and of one play() game of
four players.  Random boards come from tests/reference.py with fixed seeds.  A benchmark, not a test:
nothing here asserts on time.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "tests")]

import reference
from snakes_ladders import Board, analyze, play
from snakes_ladders.chance import HEADLINE_BUDGET, Analysis, JumpUseRefused, chain, figure_to_json, jump_uses

KINDS = ("empty", "5%", "30%", "wall", "cycling")


def make_board(n: int, kind: str) -> Board:
    """One board of each kind; the wall is every square sliding to 1 but 1, 7, 13, ... (a run of sixes)."""
    if kind == "empty":
        return Board(n, {})
    if kind == "wall":
        return Board(n, {s: 1 for s in range(2, n * n) if (s - 1) % 6})
    if kind == "cycling":
        rng = random.Random(n)
        return Board(n, {s: rng.randrange(1, s) for s in range(3, n * n - 1, 2)})
    if kind.startswith("crossing "):
        return crossing(n, float(kind.split()[1].rstrip("%")) / 100)
    density = float(kind.rstrip("%")) / 100
    return Board(n, reference.random_jumps(random.Random(n), n, density, self_rate=0, chain_rate=0))


def crossing(n: int, density: float) -> Board:
    """Jumps on a share ``density`` of the squares, each from one half of the board to a random square of the other.

    Every ladder then crosses every snake's end below it and every snake the ladders' starts above it:
    W grows with (ladders crossing a snake's end) × (snakes crossing it) summed over the snake ends.
    """
    rng = random.Random(n)
    last, half = n * n, n * n // 2
    squares = list(range(2, last))
    rng.shuffle(squares)
    jumps: dict[int, int] = {}
    for s in squares[: int(density * last)]:
        end = rng.randrange(half, last) if s < half else rng.randrange(1, half)
        if end != s and end not in jumps and all(t != s for t in jumps.values()):
            jumps[s] = end
    return Board(n, jumps)


def work(board: Board) -> tuple[int, int, int]:
    """(states, W, fill) of the whole elimination (no budget), measured on the factors themselves."""
    seen: dict[str, int] = {}
    original = chain.Factors.__init__

    def counting(self: chain.Factors, *args: object) -> None:  # type: ignore[type-arg]
        original(self, *args)  # type: ignore[arg-type]
        seen["states"] = self.size
        seen["w"] = sum(len(self.lower[k]) * len(self.upper[k]) for k in range(self.size))
        seen["fill"] = sum(map(len, self.upper)) + sum(map(len, self.lower))

    chain.Factors.__init__ = counting  # type: ignore[method-assign]
    try:
        analyze(board, jump_use=False)
    finally:
        chain.Factors.__init__ = original  # type: ignore[method-assign]
    return seen.get("states", 0), seen.get("w", 0), seen.get("fill", 0)


def headline(board: Board, players: int) -> Analysis:
    """The headline figures as the analyze op computes them."""
    return analyze(board, players=players, jump_use=False, budget=HEADLINE_BUDGET)


def second_stage(board: Board) -> str:
    """The jump_use op's outcome: "done" or "refused"."""
    try:
        jump_uses(board)
    except JumpUseRefused:
        return "refused"
    return "done"


def cpu(run: Callable[[], object], runs: int) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best


def shown(value: object) -> str:
    data = figure_to_json(value)  # type: ignore[arg-type]
    if data is None:
        return "—"
    if isinstance(data, dict):
        return f"{data['mantissa']:.2f}×10^{data['exponent']}"
    return f"{data:.3g}" if abs(data) >= 1e7 else f"{data:,.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=1, help="runs per measurement; the best is shown")
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 20, 50, 100])
    parser.add_argument("--kinds", nargs="+", default=list(KINDS), help='also "crossing N%%"')
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--no-work", action="store_true", help="skip the unbudgeted elimination that measures W")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print()
    print(
        "| board | jumps | states | W | fill | expected rolls | rolls listed (tail from) | headline | jump use | play |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for n in args.sizes:
        for kind in args.kinds:
            board = make_board(n, kind)
            a = headline(board, args.players)
            states, w, fill = ("—", "—", "—") if args.no_work else tuple(f"{x:,}" for x in work(board))
            tail = a.length.tail
            listed = f"{len(a.length.p_on_turn):,}" + (f" ({tail.after:,})" if tail else "")
            expected = shown(a.expected_rolls)
            if a.approximate is not None:  # over budget: the estimate, and the share of it that is extrapolated
                share = a.approximate.tail_share
                expected = "not estimated" if share is None else f"about {expected} (tail {share:.1e})"
            t_head = cpu(
                lambda b=board: analyze(b, players=args.players, jump_use=False, budget=HEADLINE_BUDGET), args.runs
            )
            outcome = second_stage(board)
            t_jumps = cpu(lambda b=board: second_stage(b), args.runs)
            t_play = cpu(lambda b=board: play(b, players=4, seed=1), args.runs)
            print(
                f"| {n}×{n} {kind} | {len(board.jumps)} | {states} | {w} | {fill} | {expected} | {listed} "
                f"| {t_head:.2f} s | {t_jumps:.2f} s {outcome} | {t_play * 1000:.0f} ms |",
                flush=True,
            )
    print()
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
