#!/usr/bin/env python3
"""Elimination orders for analyze's chain: the work W and the fill of each, found symbolically.

    python3 bench/elimination_orders.py                   20×20 and 50×50 (under a minute)
    python3 bench/elimination_orders.py --sizes 100 --kinds 30% --orders top Markowitz   (minutes)

For bench/analysis_bench.py's boards, builds the pattern of I - Q over analyze's states (positions and
landed jump squares, ``elimination.System``) and eliminates it on sets, without numbers, in several orders:

- ``square, top down``: what ``chain.Factors`` does (states numbered by square, highest first);
- ``square, bottom up``: the reverse;
- ``Markowitz``: at each step the state with the least (rows pointing at it) × (entries of its row),
  updated as the elimination goes (the classic fill-reducing choice for unsymmetric matrices);
- ``least degree``: the same with (rows pointing at it) + (entries of its row);
- ``minimum degree``: minimum degree on the symmetric pattern Q + Qᵀ (what AMD approximates), order
  fixed beforehand, then eliminated on the unsymmetric pattern;
- ``local Markowitz``: the top-down order, but at each step the least (rows × entries) among the next 8.

W = Σ_k (rows pointing at k) × (entries of row k) counts the multiply-adds of the elimination (the
selected inversion does 2W more), fill = Σ_k (those rows + those entries).  Prints a markdown table.
A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import heapq
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "tests"), str(ROOT / "bench")]

from analysis_bench import make_board
from snakes_ladders.board.rules import LEETCODE
from snakes_ladders.chance.chain import build_chain
from snakes_ladders.chance.elimination import System

Pattern = list[set[int]]


def pattern(n: int, kind: str) -> Pattern:
    """rows[p] = the states q != p that p moves to, over analyze's states."""
    system = System(build_chain(make_board(n, kind), LEETCODE))
    return [set(row) - {p} for p, row in enumerate(system.rows)]


def columns(rows: Pattern) -> Pattern:
    cols: Pattern = [set() for _ in rows]
    for p, row in enumerate(rows):
        for q in row:
            cols[q].add(p)
    return cols


def eliminate(rows: Pattern, cols: Pattern, k: int) -> tuple[int, int]:
    """Eliminate k from the pattern in place; return (its W, its fill)."""
    row, col = rows[k], cols[k]
    for q in row:
        cols[q].discard(k)
    for p in col:
        row_p = rows[p]
        row_p.discard(k)
        for q in row - row_p - {p}:
            row_p.add(q)
            cols[q].add(p)
    cost = (len(row) * len(col), len(row) + len(col))
    rows[k], cols[k] = set(), set()
    return cost


def in_order(rows0: Pattern, order: list[int]) -> tuple[int, int]:
    rows = [set(row) for row in rows0]
    cols = columns(rows)
    w = fill = 0
    for k in order:
        dw, dfill = eliminate(rows, cols, k)
        w, fill = w + dw, fill + dfill
    return w, fill


def greedy(rows0: Pattern, cost: Callable[[int, int], int]) -> tuple[int, int]:
    """Eliminate the state of least cost(entries, pointers) next, ties to the highest index."""
    rows = [set(row) for row in rows0]
    cols = columns(rows)
    heap = [(cost(len(rows[k]), len(cols[k])), -k) for k in range(len(rows))]
    heapq.heapify(heap)
    done = [False] * len(rows)
    w = fill = 0
    while heap:
        value, minus_k = heapq.heappop(heap)
        k = -minus_k
        if done[k] or value != cost(len(rows[k]), len(cols[k])):
            continue  # eliminated, or an outdated entry
        done[k] = True
        touched = rows[k] | cols[k]
        dw, dfill = eliminate(rows, cols, k)
        w, fill = w + dw, fill + dfill
        for t in touched:
            heapq.heappush(heap, (cost(len(rows[t]), len(cols[t])), -t))
    return w, fill


def windowed(rows0: Pattern, window: int) -> tuple[int, int]:
    """Top down, but the least (entries × pointers) among the ``window`` highest states left, each step."""
    rows = [set(row) for row in rows0]
    cols = columns(rows)
    left = list(range(len(rows)))
    w = fill = 0
    while left:
        k = min(left[-window:], key=lambda c: (len(rows[c]) * len(cols[c]), -c))
        left.remove(k)
        dw, dfill = eliminate(rows, cols, k)
        w, fill = w + dw, fill + dfill
    return w, fill


def minimum_degree(rows: Pattern) -> list[int]:
    """Minimum degree order of the symmetric pattern rows + rowsᵀ (exact degrees, no approximation)."""
    adjacent: Pattern = [set(row) for row in rows]
    for p, row in enumerate(rows):
        for q in row:
            adjacent[q].add(p)
    heap = [(len(a), -k) for k, a in enumerate(adjacent)]
    heapq.heapify(heap)
    done = [False] * len(rows)
    order = []
    while heap:
        degree, minus_k = heapq.heappop(heap)
        k = -minus_k
        if done[k] or degree != len(adjacent[k]):
            continue
        done[k] = True
        order.append(k)
        around = adjacent[k]
        for u in around:
            adjacent[u].discard(k)
            adjacent[u] |= around - {u}
            heapq.heappush(heap, (len(adjacent[u]), -u))
        adjacent[k] = set()
    return order


ORDERS: dict[str, Callable[[Pattern], tuple[int, int]]] = {
    "top": lambda rows: in_order(rows, list(range(len(rows) - 1, -1, -1))),
    "bottom": lambda rows: in_order(rows, list(range(len(rows)))),
    "Markowitz": lambda rows: greedy(rows, lambda entries, pointers: entries * pointers),
    "degree": lambda rows: greedy(rows, lambda entries, pointers: entries + pointers),
    "minimum-degree": lambda rows: in_order(rows, minimum_degree(rows)),
    "local": lambda rows: windowed(rows, 8),
}
NAMES = {
    "top": "square, top down",
    "bottom": "square, bottom up",
    "Markowitz": "Markowitz",
    "degree": "least degree",
    "minimum-degree": "minimum degree",
    "local": "local Markowitz",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[20, 50])
    parser.add_argument("--kinds", nargs="+", default=["5%", "30%"])
    parser.add_argument("--orders", nargs="+", choices=list(ORDERS), default=list(ORDERS))
    args = parser.parse_args()
    print("| board | states | order | W | fill |")
    print("|---|---:|---|---:|---:|")
    for n in args.sizes:
        for kind in args.kinds:
            rows = pattern(n, kind)
            for name in args.orders:
                w, fill = ORDERS[name](rows)
                print(f"| {n}×{n} {kind} | {len(rows):,} | {NAMES[name]} | {w:,} | {fill:,} |", flush=True)


if __name__ == "__main__":
    main()
