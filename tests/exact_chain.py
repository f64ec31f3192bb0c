"""An independent exact model of random play, for the tests to check the analysis against.

The rules are written again from their text (``next_square``), the chain is built and solved in
Fractions by plain Gauss-Jordan elimination (``ExactChain``), and games are simulated with a seeded
die (``simulate``), with Bernstein's inequality saying how far a frequency may stray.  Nothing here
shares code with ``snakes_ladders.chance`` but the ``Rules`` it reads its settings from.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction

import reference
from snakes_ladders.board import Rules


def next_square(dest: list[int], rules: Rules, position: int, roll: int) -> tuple[int, int | None]:
    """(end, landing square or None when the roll is wasted): the rules, written again from their text."""
    last = len(dest) - 1
    target = position + roll
    if target > last:
        if rules.overshoot == "stay":
            return position, None
        if rules.overshoot == "win":
            return last, last
        target = walk_pips(position, roll, last)
    return dest[target], target


def walk_pips(position: int, roll: int, last: int) -> int:
    """Where a bouncing token stops: counted pip by pip, turning at the last square and at square 1."""
    walked, heading = position, +1
    for _ in range(roll):
        if walked == last:
            heading = -1
        elif walked == 1 and heading < 0:
            heading = +1
        walked += heading
    return walked


def gauss_jordan(matrix: list[list], rhs: list) -> list:
    """Solve matrix · x = rhs exactly (Fractions) or in floats, by elimination with row pivoting."""
    size = len(rhs)
    a = [[*row, value] for row, value in zip(matrix, rhs, strict=True)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(a[r][column]))
        a[column], a[pivot] = a[pivot], a[column]
        head = a[column][column]
        a[column] = [v / head for v in a[column]]
        for r in range(size):
            if r != column and a[r][column] != 0:
                factor = a[r][column]
                a[r] = [v - factor * w for v, w in zip(a[r], a[column], strict=True)]
    return [row[-1] for row in a]


class ExactChain:
    """The game as a Markov chain, built and solved without the package's code."""

    def __init__(self, matrix: list[list[int]], rules: Rules, number=Fraction) -> None:
        self.dest = reference.destinations(matrix)
        self.rules = rules
        self.last = len(self.dest) - 1
        self.number = number
        self.start = 0 if rules.start == "off-board" else 1
        # moves[p]: one (end, landing) per face of the die, for every position reached.
        self.moves: dict[int, list[tuple[int, int | None]]] = {}
        todo = [self.start]
        while todo:
            p = todo.pop()
            if p in self.moves or p == self.last:
                continue
            self.moves[p] = [next_square(self.dest, rules, p, roll) for roll in range(1, 7)]
            todo.extend(end for end, _ in self.moves[p])
        self.reached = set(self.moves) | {e for m in self.moves.values() for e, _ in m}

    def reach(self, p: int) -> set[int]:
        seen, todo = {p}, [p]
        while todo:
            for end, _ in self.moves.get(todo.pop(), []):
                if end not in seen:
                    seen.add(end)
                    todo.append(end)
        return seen

    def recurrent(self) -> set[int]:
        """States that can come back from wherever they go (the closed classes), the last square excluded."""
        reach = {p: self.reach(p) for p in self.reached}
        return {p for p in self.reached if p != self.last and all(p in reach[q] for q in reach[p])}

    def solve_over(self, states: list[int], weight, rhs) -> dict[int, object]:
        """x on ``states`` with x(p) = rhs(p) + Σ weight(p, end) · x(end) over the die's faces."""
        where = {p: i for i, p in enumerate(states)}
        one, zero = self.number(1), self.number(0)
        matrix = [[zero] * len(states) for _ in states]
        for p, i in where.items():
            matrix[i][i] += one
            for end, landing in self.moves[p]:
                if end in where:
                    matrix[i][where[end]] -= weight(p, end, landing)
        return dict(zip(states, gauss_jordan(matrix, [rhs(p) for p in states]), strict=True))

    def p_finish(self):
        good = [p for p in self.moves if self.last in self.reach(p)]
        sixth = self.number(1) / 6
        h = self.solve_over(
            good, lambda p, e, landing: sixth, lambda p: sixth * sum(e == self.last for e, _ in self.moves[p])
        )
        return h.get(self.start, self.number(0))

    def expected_rolls(self):
        transient = [p for p in self.moves if p not in self.recurrent()]
        sixth = self.number(1) / 6
        return self.solve_over(transient, lambda p, e, landing: sixth, lambda p: self.number(1))[self.start]

    def visits(self) -> dict[int, object]:
        """Expected stands on each transient square, by the transposed system vᵀ(I - Q) = e_start."""
        transient = [p for p in self.moves if p not in self.recurrent()]
        where = {p: i for i, p in enumerate(transient)}
        one, zero, sixth = self.number(1), self.number(0), self.number(1) / 6
        matrix = [[zero] * len(transient) for _ in transient]
        for p, i in where.items():
            matrix[i][i] += one
            for end, _ in self.moves[p]:
                if end in where:
                    matrix[where[end]][i] -= sixth
        rhs = [one if p == self.start else zero for p in transient]
        return dict(zip(transient, gauss_jordan(matrix, rhs), strict=True))

    def p_used(self, square: int):
        """The chance of landing on ``square`` at least once: landing there ends a modified game."""
        sixth = self.number(1) / 6

        def lands(p: int) -> bool:
            return any(landing == square for _, landing in self.moves.get(p, []))

        # States from which a landing on the square can still happen, in the modified chain.
        able = {p for p in self.moves if any(lands(q) for q in self.reach_avoiding(p, square))}
        values = self.solve_over(
            sorted(able),
            lambda p, e, landing: sixth if landing != square else 0,
            lambda p: sixth * sum(landing == square for _, landing in self.moves[p]),
        )
        return values.get(self.start, self.number(0))

    def reach_avoiding(self, p: int, square: int) -> set[int]:
        seen, todo = {p}, [p]
        while todo:
            for end, landing in self.moves.get(todo.pop(), []):
                if landing != square and end not in seen:
                    seen.add(end)
                    todo.append(end)
        return seen

    def length(self, turns: int) -> list:
        """P(finish on roll t) for t = 1..turns, by pushing the whole distribution forward."""
        mass = {self.start: self.number(1)}
        sixth = self.number(1) / 6
        out = []
        for _ in range(turns):
            after: dict[int, object] = {}
            for p, m in mass.items():
                for end, _ in self.moves[p]:
                    after[end] = after.get(end, 0) + m * sixth
            out.append(after.pop(self.last, self.number(0)))
            mass = after
        return out


def simulate(dest: list[int], rules: Rules, games: int, seed: int, cap: int = 2000):
    """Play ``games`` seeded games; yield (rolls or None when not finished by ``cap``, stands, landings)."""
    rng = random.Random(seed)
    last = len(dest) - 1
    start = 0 if rules.start == "off-board" else 1
    for _ in range(games):
        position, rolls = start, 0
        stands = Counter({start: 1})
        landings: Counter = Counter()
        while position != last and rolls < cap:
            position, landing = next_square(dest, rules, position, rng.randint(1, 6))
            rolls += 1
            stands[position] += 1
            if landing is not None:
                landings[landing] += 1
        yield (rolls if position == last else None), stands, landings


def bernstein(p: float, trials: int, delta: float = 1e-7) -> float:
    """a with P(|k - trials·p| >= a) <= delta for k ~ Binomial(trials, p), by Bernstein's inequality."""
    log = math.log(2 / delta)
    variance = trials * p * (1 - p)
    return log / 3 + math.sqrt(log * log / 9 + 2 * log * variance)


def check_frequency(count: int, trials: int, p: float, what: str) -> None:
    assert abs(count - trials * p) <= bernstein(p, trials), f"{what}: {count}/{trials} against p = {p}"
