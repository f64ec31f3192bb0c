"""Expected rolls of random play, fast and exact: the figure the board generator searches on.

``chance.analyze`` computes everything about random play; the generator needs
one number for hundreds of boards, so this module computes just that one.  It
is the same chain (``Rules.landing``, one jump per move, a wasted roll under
``"stay"``), solved another way:

The expected number of rolls E(p) from position p satisfies
E(p) = 1 + (1/6) Σ_roll E(end(p, roll)), E(n²) = 0.  Most moves go up, so the
positions are taken from the top down and each E(p) is written as an affine
function of a few unknowns: the values at the squares that some move reaches
*downwards* (snake ends, and bounce landings under ``"bounce"``).  A roll that
leaves the token where it is (``"stay"``) is divided out, and so is each
unknown once its own square is reached: what remains of E(p) is in terms of
the squares below p that moves from above p still reach, so E(start) comes out
as a number.  This is Gaussian elimination from the top down, with the
unknowns' coefficients kept as small dictionaries.

Cost: O(P·k) time and memory, where P is the number of positions reached from
the start (at most n² + 1) and k the number of distinct squares moves reach
downwards (at most the number of snakes plus 6 under ``"bounce"``); in
practice an expression holds only the snakes that span its square, far fewer.

The board is checked first: when a position reached from the start cannot
reach n² (a trap, or n² unreachable) the expectation is infinite and the answer
is None, as ``analyze`` reports it.

>>> from snakes_ladders.board import Board
>>> round(expected_rolls(Board(2, {})), 12)                      # one roll in six lands exactly on 4
6.0
"""

from __future__ import annotations

from collections.abc import Sequence

from ..board import DIE, EMPTY, LEETCODE, Board, Rules

__all__ = ["Moves", "expected_rolls", "solve_counted"]


class Moves:
    """Where every roll from every position lands, for one board size and one set of rules.

    Built once (O(n²)) and reused for every board of that size: ``ends(cells)``
    then applies the jumps of one board.
    """

    def __init__(self, n: int, rules: Rules = LEETCODE) -> None:
        last = n * n
        self.last = last
        self.start = rules.start_position
        self.landings: list[tuple[int, ...]] = []
        self.stays: list[int] = []
        for p in range(last):
            landed = [rules.landing(p, roll, last) for roll in DIE]
            self.landings.append(tuple(square for square, overshoot in landed if overshoot != "stay"))
            self.stays.append(sum(overshoot == "stay" for _, overshoot in landed))

    def ends(self, cells: Sequence[int]) -> dict[int, list[int]]:
        """``{position: ends of its rolls}`` for the positions reached from the start (n² excluded).

        A wasted roll ends where it started.  ``cells`` is ``Board.cells()``.
        """
        last = self.last
        landings = self.landings
        stays = self.stays
        found: dict[int, list[int]] = {}
        queue = [self.start]
        seen = bytearray(last + 1)
        seen[self.start] = seen[last] = 1
        for p in queue:
            here = [landing if cells[landing] == EMPTY else cells[landing] for landing in landings[p]]
            if stays[p]:
                here += [p] * stays[p]
            found[p] = here
            for end in here:
                if not seen[end]:
                    seen[end] = 1
                    queue.append(end)
        return found


def always_finishes(ends: dict[int, list[int]], last: int) -> bool:
    """Whether n² can be reached from every position in ``ends`` (no trap, n² reachable).

    >>> always_finishes({1: [2, 4], 2: [1]}, 4), always_finishes({1: [2, 4], 2: [2]}, 4)
    (True, False)
    """
    back: dict[int, list[int]] = {p: [] for p in ends}
    back[last] = []
    for p, here in ends.items():
        for end in set(here):
            back[end].append(p)
    queue = [last]
    done = dict.fromkeys(queue)
    for q in queue:
        for p in back[q]:
            if p not in done:
                done[p] = None
                queue.append(p)
    return len(done) == len(ends) + 1


def solve_expected(ends: dict[int, list[int]], start: int, last: int) -> float:
    """E(start) for a chain in which every position in ``ends`` reaches ``last`` (see the module)."""
    return solve_counted(ends, start, last)[0]


def solve_counted(ends: dict[int, list[int]], start: int, last: int) -> tuple[float, int]:
    """E(start), as ``solve_expected``, and the work done: the rolls read plus the coefficients handled.

    The board generator charges that count to its work budget; it grows with the time taken.

    Positions are taken from the top down.  ``expr[p] = (c, {u: a_u})`` says
    E(p) = c + Σ a_u·E(u) over squares u below p that some move from above
    reaches downwards (the pending unknowns).  On reaching p its own unknown is
    solved for, and substituted in the expressions that mention it and are
    still to be read (``reader[q]``, the lowest position whose rolls end on q,
    is below p), so every expression read has only pending unknowns; at the
    start none is left.
    """
    reader: dict[int, int] = {}
    for p, here in ends.items():
        for end in here:
            if end > p and reader.get(end, last) > p:
                reader[end] = p
    expr: dict[int, tuple[float, dict[int, float]]] = {last: (0.0, {})}
    users: dict[int, set[int]] = {}  # unknown -> positions whose expressions mention it
    work = 0
    for p in sorted(ends, reverse=True):
        const = 6.0  # 6·E(p) = 6 + Σ over the rolls
        coefs: dict[int, float] = {}
        stay = 0
        for end in ends[p]:
            if end == p:
                stay += 1
            elif end < p:
                coefs[end] = coefs.get(end, 0.0) + 1.0
            else:
                c, more = expr[end]
                const += c
                work += len(more)
                for u, a in more.items():
                    coefs[u] = coefs.get(u, 0.0) + a
        scale = 1.0 / (6 - stay - coefs.pop(p, 0.0))
        solved = {u: a * scale for u, a in coefs.items()}
        work += len(ends[p]) + len(solved)
        expr[p] = (const * scale, solved)
        for u in solved:
            users.setdefault(u, set()).add(p)
        for q in users.pop(p, ()):
            if reader.get(q, p) < p:
                work += _substitute(expr, users, q, p)
    return expr[start][0], work


def _substitute(expr: dict[int, tuple[float, dict[int, float]]], users: dict[int, set[int]], q: int, p: int) -> int:
    """Replace E(p) in ``expr[q]`` by ``expr[p]``, which mentions only squares below p; the work: coefficients."""
    const, coefs = expr[q]
    coefs = dict(coefs)
    a = coefs.pop(p)
    c, more = expr[p]
    for w, b in more.items():
        coefs[w] = coefs.get(w, 0.0) + a * b
        users[w].add(q)
    expr[q] = (const + a * c, coefs)
    return len(coefs) + len(more)


def expected_rolls(board: Board, rules: Rules = LEETCODE, moves: Moves | None = None) -> float | None:
    """The expected number of rolls to finish under ``rules``, or None when a game may never finish.

    ``moves`` (optional) is a ``Moves`` for the board's size and these rules, to
    reuse across many boards.  Agrees with ``analyze(board, rules).expected_rolls``
    to rounding (tests/generate/test_generate.py checks it).

    >>> round(expected_rolls(Board(3, {2: 6, 7: 3})), 9), expected_rolls(Board(3, {2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1}))
    (7.0, None)
    """
    rules.check_board(board)
    if moves is None:
        moves = Moves(board.n, rules)
    ends = moves.ends(board.cells())
    if not always_finishes(ends, moves.last):
        return None
    return solve_expected(ends, moves.start, moves.last)
