"""LeetCode 909 solutions for testing practice mode: right ones, and wrong ones with one mistake each.

Written afresh for these tests, as a LeetCode user would write them (``List`` and ``deque``
are not imported: LeetCode provides them, and so does practice mode).  Most wrong solutions
are the breadth-first search ``BFS`` with one piece of it replaced (``mutant``), so each
carries exactly one mistake; the greedy ones and the one-pass DP are other algorithms.
"""

from __future__ import annotations

BFS = """\
class Solution:
    def snakesAndLadders(self, board: List[List[int]]) -> int:
        n = len(board)
        target = n * n

        def cell(square):
            row, col = divmod(square - 1, n)
            return n - 1 - row, (col if row % 2 == 0 else n - 1 - col)

        def end(square):
            r, c = cell(square)
            return board[r][c] if board[r][c] != -1 else square

        seen = [False] * (target + 1)
        seen[1] = True
        queue = deque([(1, 0)])
        while queue:
            square, moves = queue.popleft()
            for landing in range(square + 1, min(square + 6, target) + 1):
                nxt = end(landing)
                if nxt == target:
                    return moves + 1
                if not seen[nxt]:
                    seen[nxt] = True
                    queue.append((nxt, moves + 1))
        return -1
"""

# A plain function over a flattened board, with its own imports: the other accepted form.
FLAT_FUNCTION = """\
from collections import deque


def snakesAndLadders(board):
    n = len(board)
    flat = [0]
    for i, row in enumerate(reversed(board)):
        flat.extend(row if i % 2 == 0 else row[::-1])
    dist = {1: 0}
    queue = deque([1])
    while queue:
        square = queue.popleft()
        for landing in range(square + 1, min(square + 6, n * n) + 1):
            nxt = flat[landing] if flat[landing] != -1 else landing
            if nxt not in dist:
                dist[nxt] = dist[square] + 1
                queue.append(nxt)
    return dist.get(n * n, -1)
"""

PACKAGE = """\
from snakes_ladders import min_moves


class Solution:
    def snakesAndLadders(self, board: List[List[int]]) -> int:
        return min_moves(board)
"""


def mutant(old: str, new: str) -> str:
    """BFS with ``old`` (which must occur exactly once) replaced by ``new``."""
    assert BFS.count(old) == 1, old
    return BFS.replace(old, new)


ROLLS = "for landing in range(square + 1, min(square + 6, target) + 1):"
TAKE = """\
                nxt = end(landing)
                if nxt == target:
                    return moves + 1
                if not seen[nxt]:
                    seen[nxt] = True
                    queue.append((nxt, moves + 1))
"""
# The jump is optional: both the landing square and the jump's end are tried.
OPTIONAL = """\
                for nxt in (landing, end(landing)):
                    if nxt == target:
                        return moves + 1
                    if not seen[nxt]:
                        seen[nxt] = True
                        queue.append((nxt, moves + 1))
"""

GREEDY = """\
def snakesAndLadders(board):
    n = len(board)
    flat = [0]
    for i, row in enumerate(reversed(board)):
        flat.extend(row if i % 2 == 0 else row[::-1])
    square, moves, seen = 1, 0, {1}
    while square != n * n:
        options = []
        for landing in range(square + 1, min(square + 6, n * n) + 1):
            options.append((landing, flat[landing] if flat[landing] != -1 else landing))
        square = PICK
        moves += 1
        if square in seen:
            return -1
        seen.add(square)
    return moves
"""
BIGGEST_LADDER = "max([o for o in options if o[1] > o[0]] or [options[-1]], key=lambda o: o[1])[1]"
ROLL_SIX = "options[-1][1]"

ONE_PASS = """\
def snakesAndLadders(board):
    n = len(board)
    flat = [0]
    for i, row in enumerate(reversed(board)):
        flat.extend(row if i % 2 == 0 else row[::-1])
    dist = [float("inf")] * (n * n + 1)
    dist[1] = 0
    for square in range(1, n * n):
        for landing in range(square + 1, min(square + 6, n * n) + 1):
            nxt = flat[landing] if flat[landing] != -1 else landing
            dist[nxt] = min(dist[nxt], dist[square] + 1)
    return -1 if dist[n * n] == float("inf") else dist[n * n]
"""

RIGHT = {"bfs": BFS, "flat-function": FLAT_FUNCTION, "package": PACKAGE}

# name -> (the battery kind made to catch it, its source)
WRONG: dict[str, tuple[str, str]] = {
    # Alternates by the row counted from the top: right for odd n only.
    "parity-from-top": (
        "numbering-even",
        mutant("(col if row % 2 == 0 else", "(col if (n - 1 - row) % 2 == 0 else"),
    ),
    # The same mistake the other way round: right for even n only.
    "parity-from-top-odd": (
        "numbering-odd",
        mutant("(col if row % 2 == 0 else", "(col if (n - 1 - row) % 2 == 1 else"),
    ),
    "chains-jumps": (
        "no-chain",
        mutant(
            "nxt = end(landing)\n",
            "nxt = end(landing)\n                while end(nxt) != nxt:\n                    nxt = end(nxt)\n",
        ),
    ),
    "optional-jumps": ("forced-jump", mutant(TAKE, OPTIONAL)),
    # Checks for the goal on the landing square, before the ladder is climbed.
    "goal-before-jump": ("ladder-to-last", mutant("if nxt == target:", "if landing == target:")),
    # A 0-based jump table where 0 means "no jump": a snake onto square 1 is ignored.
    "zero-means-none": (
        "snake-to-start",
        mutant(
            "return board[r][c] if board[r][c] != -1 else square",
            "return ((board[r][c] - 1 if board[r][c] != -1 else 0) or square - 1) + 1",
        ),
    ),
    "no-minus-one": ("unreachable", mutant("        return -1\n", "        return 0\n")),
    # Rolls stop one short of the goal, so only a ladder finishes (every 2×2 answer is 1).
    "short-rolls": ("smallest", mutant(ROLLS, ROLLS.replace("target) + 1", "target - 1) + 1"))),
    # Sized for 15×15 boards; LeetCode's go up to 20×20.
    "fixed-size": ("largest", mutant("[False] * (target + 1)", "[False] * 226")),
    "greedy-ladder": ("greedy-ladder", GREEDY.replace("PICK", BIGGEST_LADDER)),
    "always-six": ("greedy-six", GREEDY.replace("PICK", ROLL_SIX)),
    "one-pass": ("revisit", ONE_PASS),
    # Numbers the squares from n² at board[0][0]: right for even n only.
    "top-left-last": (
        "numbering-odd",
        mutant(
            "            row, col = divmod(square - 1, n)\n            return n - 1 - row, (col if row % 2 == 0 else n - 1 - col)\n",
            "            row, col = divmod(n * n - square, n)\n            return row, (col if row % 2 == 0 else n - 1 - col)\n",
        ),
    ),
    # Marks a ladder's foot as visited with its top, so standing there after a snake is skipped.
    "marks-ladder-foot": (
        "ladder-foot",
        mutant(
            "                    seen[nxt] = True\n",
            "                    seen[nxt] = True\n                    if nxt > landing:\n                        seen[landing] = True\n",
        ),
    ),
    # Keys the visited set on the square rolled onto (marking the square stood on too).
    "seen-on-landing": (
        "landing-seen",
        mutant(
            "                if not seen[nxt]:\n                    seen[nxt] = True\n",
            "                if not seen[landing]:\n                    seen[landing] = seen[nxt] = True\n",
        ),
    ),
    # Gives up after n layers of the search.
    "n-layers": ("long-game", mutant("        while queue:\n", "        while queue and queue[0][1] < n:\n")),
    # Gives up after a fixed 100 layers: enough for most boards, not for the longest 20×20 games.
    "fixed-layers": ("long-game", mutant("        while queue:\n", "        while queue and queue[0][1] < 100:\n")),
    # Counts a snake or ladder as a move of its own.
    "jump-costs-a-move": (
        "no-chain",
        mutant(
            "                    return moves + 1\n", "                    return moves + 1 + (nxt != landing)\n"
        ).replace("queue.append((nxt, moves + 1))", "queue.append((nxt, moves + 1 + (nxt != landing)))"),
    ),
}

#: The wrong solutions only their own kind catches: each passes every board of every other kind.
ONLY_THEIR_KIND = ("marks-ladder-foot", "seen-on-landing", "fixed-layers")

# Right, but it adds a row to the board it is given: the check warns that the board was changed.
MUTATES = mutant("        n = len(board)\n", "        n = len(board)\n        board.append([])\n")

# No seen-set: the queue grows six-fold a move, so long games run past any time limit.
NO_SEEN = mutant("if not seen[nxt]:", "if True:")
