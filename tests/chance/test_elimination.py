"""The elimination (``chance.elimination``): the same figures in any order of the states, and its work.

``elimination_work`` counts W, the work of the whole elimination, from the factors themselves: the
budgets of the headline figures and of the jump uses are checked against it (test_jumpuse.py,
test_estimates.py).

``chain.Factors`` eliminates the states from the highest index down; ``elimination.System`` numbers them
by square, which is the order with the least work found for these chains (see docs/benchmarks.md,
"Elimination orders").  Each pivot is the sum of the outflows to the states not yet eliminated plus
the way out, whatever the order, so renumbering the states must change the figures by rounding only.
These tests renumber the states of real boards at random (random jumps, the all-snake wall, boards
with traps) and compare the visits (a transposed solve), the chance of finishing from every state
(a solve) and N's diagonal (the selected inversion) with those of the numbering by square, to 1e-12
relative; in floats, and in Decimal for a wall whose figures need it.
"""

from __future__ import annotations

import decimal
import math
import random
from collections.abc import Callable
from decimal import Decimal
from typing import Any

import pytest
import reference
from helpers import TRAP_BOARD, sixes_wall
from snakes_ladders.board import Board
from snakes_ladders.board.rules import LEETCODE, Rules
from snakes_ladders.chance import analyze
from snakes_ladders.chance.chain import Factors, build_chain, wide_context
from snakes_ladders.chance.elimination import System


def figures(system: System, order: list[int], one: Any, total: Callable[[Any], Any]) -> tuple[list[Any], ...]:
    """Visits from the start, chance of finishing and N's diagonal, per state, with state s numbered order[s]."""
    sixth = one / 6
    size = len(system.rows)
    rows: list[dict[int, Any]] = [{} for _ in range(size)]
    exits: list[Any] = [one * 0] * size
    to_last: list[Any] = [one * 0] * size
    for state, row in enumerate(system.rows):
        rows[order[state]] = {order[q]: faces * sixth for q, faces in row.items()}
        to_last[order[state]] = system.to_last[state] * sixth
        exits[order[state]] = (system.to_last[state] + sum(system.to_trap[state].values())) * sixth
    factors = Factors(rows, exits, total)
    visits = factors.solve_transposed({order[system.index[system.chain.start]]: one})
    finish = factors.solve(to_last)
    diagonal = factors.inverse_diagonal()
    return tuple([values[order[state]] for state in range(size)] for values in (visits, finish, diagonal))


def dense_board(n: int, density: float = 0.3) -> Board:
    return Board(n, reference.random_jumps(random.Random(n), n, density, self_rate=0, chain_rate=0))


def elimination_work(board: Board, rules: Rules = LEETCODE) -> int:
    """W of the whole elimination, counted from the factors themselves (Σ_k rows pointing at k × entries of row k)."""
    from snakes_ladders.chance import chain

    seen: list[int] = []
    original = chain.Factors.__init__

    def counting(self, *args) -> None:
        original(self, *args)
        seen.append(sum(len(self.lower[k]) * len(self.upper[k]) for k in range(self.size)))

    chain.Factors.__init__ = counting
    try:
        analyze(board, rules, jump_use=False)
    finally:
        chain.Factors.__init__ = original
    return seen[0]


def assert_same(first: tuple[list[Any], ...], second: tuple[list[Any], ...]) -> None:
    """Every figure of ``first`` equals the one of ``second`` to 1e-12 relative."""
    for name, xs, ys in zip(("visits", "finish", "diagonal"), first, second, strict=True):
        for state, (x, y) in enumerate(zip(xs, ys, strict=True)):
            assert (
                abs(x - y) <= abs(x) * Decimal("1e-12") if isinstance(x, Decimal) else x == pytest.approx(y, rel=1e-12)
            ), f"{name} of state {state}: {x} != {y}"


def check_orders(board: Board, rules: Rules, seed: int) -> None:
    """Square order against its reverse and a random order, in floats."""
    system = System(build_chain(board, rules))
    size = len(system.rows)
    assert system.chain.start in system.index, "the start must be transient for these figures"
    shuffled = list(range(size))
    random.Random(seed).shuffle(shuffled)
    by_square = figures(system, list(range(size)), 1.0, math.fsum)
    for order in (list(range(size - 1, -1, -1)), shuffled):
        assert_same(by_square, figures(system, order, 1.0, math.fsum))


@pytest.mark.parametrize("seed", range(10))
def test_random_boards_in_any_order(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.choice([5, 8, 12])
    board = Board(n, reference.random_jumps(rng, n, rng.choice([0.05, 0.3, 0.5]), self_rate=0, chain_rate=0))
    check_orders(board, LEETCODE, seed)


@pytest.mark.parametrize("board", [sixes_wall(4), sixes_wall(7), TRAP_BOARD], ids=["wall-4", "wall-7", "trap"])
@pytest.mark.parametrize("rules", [LEETCODE, Rules("off-board", "bounce")], ids=["leetcode", "off-board-bounce"])
def test_walls_and_traps_in_any_order(board: Board, rules: Rules) -> None:
    check_orders(board, rules, 7)


def test_decimal_wall_in_any_order() -> None:
    """The 12×12 wall needs 24 sixes in a row: figures near 6^24, pivots near 6^-24, in Decimal here."""
    system = System(build_chain(sixes_wall(12), LEETCODE))
    size = len(system.rows)
    shuffled = list(range(size))
    random.Random(3).shuffle(shuffled)
    with decimal.localcontext(wide_context()):

        def total(values: Any) -> Decimal:
            return sum(values, Decimal(0))

        assert_same(figures(system, list(range(size)), Decimal(1), total), figures(system, shuffled, Decimal(1), total))
