"""The smallest board that breaks a practice solution, and why the right answer is right.

``shrink`` takes a board a solution answers wrongly and a way to ask whether it still does on
another board (``fails``: one run of the solution).  It tries smaller sizes first (n = 2, 3, ...
up to n - 1: the jumps that fit, a ladder into n² kept as a ladder into the new last square),
then removes jumps: all of them, then halves, quarters, ... of them, then one at a time, again and
again until a whole pass removes none.  So, unless it was cut short, removing any one remaining
jump makes the solution answer right.  Runs: at most (n - 2) + 2j + j(j + 1) for j jumps (the
sizes; the chunks, at most 2j; the one-at-a-time passes, each at most j runs and at most j + 1
of them), and never more than ``MAX_RUNS``; the caller's ``out_of_time`` is asked before each
run, and a run that cannot be decided (it ran past its time limit) stops the shrinking there.
``Shrunk.cut_short`` says why it stopped early, if it did.

``why`` gives the data that shows the right answer is right against the solution's: the search's
layers when the solution's answer is too small (or the board cannot be finished), a shorter game
when it is too large, and, when following a second jump in the same move gives the solution's
answer, the game it followed with its chains.  Work: O(n²) each.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any

from ..board import Board
from ..solver import solve

#: The most runs of the solution one shrinking makes.
MAX_RUNS = 2_000

#: Verdict of one run: True the solution still answers wrongly, False it answers right, None not known.
Fails = Callable[[Board], "bool | None"]


@dataclass(frozen=True)
class Shrunk:
    """The smallest failing board found, from a board of size ``original_n``, after ``runs`` runs."""

    board: Board
    original_n: int
    runs: int
    cut_short: str | None = None


class _Stop(Exception):
    """Shrinking stops here; the message says why."""


def resized(board: Board, n: int) -> Board:
    """``board`` on an n×n board: its jumps that fit (a ladder into the old last square goes into the new one).

    >>> resized(Board(4, {2: 16, 3: 9, 5: 1, 12: 4}), 3).jumps
    {2: 9, 3: 9, 5: 1}
    """
    last, new_last = board.last, n * n
    jumps = {}
    for start, end in board.jumps.items():
        target = new_last if end == last else end
        if 1 < start < new_last and target <= new_last and target != start:
            jumps[start] = target
    return Board(n, jumps)


Search = Generator[Board, "bool | None", bool]


class Shrinking:
    """The search, a step at a time: ``candidate`` is the next board to run the solution on (None once
    the search is over), ``feed`` its verdict (True it still fails, False it passes, None not known: it
    ran past its time limit).  So the runs can happen elsewhere (the page's sandbox, the check command's
    child) while the search stays here.  ``out_of_time`` is asked before each run.  Runs: see the module's
    docstring; each step's own work is O(n²)."""

    def __init__(self, board: Board, out_of_time: Callable[[], bool] = lambda: False) -> None:
        self.original, self.current, self.out_of_time = board, board, out_of_time
        self.runs = 0
        self.cut_short: str | None = None
        self._search = self._all()
        self.candidate: Board | None = next(self._search, None)

    def feed(self, verdict: bool | None) -> None:
        """The verdict on ``candidate``; ``candidate`` becomes the next board to run, or None."""
        try:
            self.candidate = self._search.send(verdict)
        except StopIteration:
            self.candidate = None

    def stop(self, why: str) -> None:
        """End the search now, saying why (when it is not over already)."""
        if self.candidate is not None:
            self._search.close()
            self.candidate, self.cut_short = None, why

    def result(self) -> Shrunk:
        """The smallest failing board found so far, the runs made, and why the search stopped early."""
        return Shrunk(self.current, self.original.n, self.runs, self.cut_short)

    def _all(self) -> Generator[Board, bool | None, None]:
        try:
            yield from self._sizes()
            yield from self._chunks()
            yield from self._singles()
        except _Stop as stop:
            self.cut_short = str(stop)

    def _attempt(self, candidate: Board) -> Search:
        """Have the solution run on ``candidate``; keep it when the solution still answers wrongly."""
        if self.runs >= MAX_RUNS:
            raise _Stop(f"stopped after {MAX_RUNS:,} runs")
        if self.out_of_time():
            raise _Stop(f"stopped after {self.runs:,} runs: out of time")
        self.runs += 1
        verdict = yield candidate
        if verdict is None:
            raise _Stop(f"stopped after {self.runs:,} runs: a smaller board ran past the time limit")
        if verdict:
            self.current = candidate
        return verdict

    def _without(self, starts: list[int]) -> Board:
        jumps = self.current.jumps
        return Board(self.current.n, {start: jumps[start] for start in starts})

    def _sizes(self) -> Generator[Board, bool | None, None]:
        for n in range(2, self.current.n):
            if (yield from self._attempt(resized(self.current, n))):
                return

    def _chunks(self) -> Generator[Board, bool | None, None]:
        starts = list(self.current.jumps)
        size = len(starts)
        while size >= 2:
            index = 0
            while index < len(starts):
                trial = starts[:index] + starts[index + size :]
                if (yield from self._attempt(self._without(trial))):
                    starts = trial
                else:
                    index += size
            size //= 2

    def _singles(self) -> Generator[Board, bool | None, None]:
        changed = True
        while changed:
            changed = False
            for start in list(self.current.jumps):
                if start in self.current.jumps:
                    rest = [other for other in self.current.jumps if other != start]
                    changed = (yield from self._attempt(self._without(rest))) or changed


def shrink(
    board: Board,
    fails: Fails,
    out_of_time: Callable[[], bool] = lambda: False,
    step: Callable[[Board, int], object] = lambda board, runs: None,
) -> Shrunk:
    """The smallest board found on which ``fails`` still holds (see the module's docstring): ``Shrinking``
    driven here, ``fails`` run in this process.

    ``board`` must be one the solution fails; ``step`` hears each smaller failing board as it is found,
    and the runs made so far.

    >>> wrong = lambda b: solve(b).moves != 1 and len(b.jumps) >= 1  # answers 1 whenever there is a jump
    >>> shrunk = shrink(Board(6, {2: 15, 14: 35, 17: 13}), wrong)
    >>> shrunk.board.n, shrunk.board.jumps, shrunk.original_n, shrunk.cut_short
    (4, {2: 15}, 6, None)
    """
    work = Shrinking(board, out_of_time)
    while (candidate := work.candidate) is not None:
        verdict = fails(candidate)
        if verdict:
            step(candidate, work.runs)
        work.feed(verdict)
    return work.result()


# --- why the right answer is right ------------------------------------------------------------


def layers(board: Board, moves: int | None = None) -> list[list[int]]:
    """The squares first stood on after 0, 1, 2, ... moves (each layer sorted), up to ``moves`` moves
    or until no new square can be stood on.

    >>> layers(Board(3, {2: 8}))
    [[1], [3, 4, 5, 6, 7, 8], [9]]
    """
    last, jumps = board.last, board.jumps
    seen, layer, found = {1}, [1], [[1]]
    while layer and (moves is None or len(found) <= moves) and last not in seen:
        following = []
        for square in layer:
            for landing in range(square + 1, min(square + 6, last) + 1):
                end = jumps.get(landing, landing)
                if end not in seen:
                    seen.add(end)
                    following.append(end)
        layer = sorted(following)
        if layer:
            found.append(layer)
    return found


def _chained(board: Board) -> dict[int, list[int]] | None:
    """For each landing square with a jump, the squares a solution following every jump goes through;
    None when the board has no chain (no jump ends on another jump's start) or a chain loops."""
    jumps, chains = board.jumps, {}
    for start in jumps:
        chain, seen = [start, jumps[start]], {start}
        while chain[-1] in jumps:
            if chain[-1] in seen:
                return None
            seen.add(chain[-1])
            chain.append(jumps[chain[-1]])
        chains[start] = chain
    return chains if any(len(chain) > 2 for chain in chains.values()) else None


def chain_game(board: Board, answer: int) -> dict[str, Any] | None:
    """The shortest game of a solution that follows every jump of a move, when its length is ``answer``:
    the squares stood on, and each move's chain of more than one jump (``[landing, end, end, ...]``)."""
    chains = _chained(board)
    if chains is None:
        return None
    last = board.last
    parent: dict[int, tuple[int, int]] = {1: (0, 0)}
    queue = deque([1])
    while queue and last not in parent:
        square = queue.popleft()
        for landing in range(square + 1, min(square + 6, last) + 1):
            end = chains[landing][-1] if landing in chains else landing
            if end not in parent:
                parent[end] = (square, landing)
                queue.append(end)
    path, landings = [last], []
    while path[-1] != 1 and path[-1] in parent:
        before, landing = parent[path[-1]]
        landings.append(landing)
        path.append(before)
    if last not in parent or len(path) - 1 != answer:
        return None
    path.reverse()
    followed = [chains[landing] for landing in reversed(landings) if len(chains.get(landing, ())) > 2]
    return {"path": path, "chains": followed}


def why(board: Board, answer: int | None) -> dict[str, Any]:
    """Why the right answer is right against ``answer`` (the solution's; None when it gave no int).

    ``layers``: the search's layers when ``answer`` is smaller than the right one, or the board
    cannot be finished (then every layer: the last square is in none); ``game``: a shortest game
    (squares stood on, and each move as start, roll, landing, end) when ``answer`` is larger or -1;
    ``chain``: ``chain_game`` when following chained jumps gives ``answer``.  Each is None otherwise.
    """
    solution = solve(board)
    expected = solution.moves
    proof, game = None, None
    if answer is not None and answer != expected:
        if expected < 0 or (answer != -1 and answer < expected):
            proof = layers(board, None if expected < 0 else expected)
        else:
            steps = [{"start": m.start, "roll": m.roll, "landing": m.landing, "end": m.end} for m in solution.steps]
            game = {"path": list(solution.path or ()), "steps": steps}
    chain = chain_game(board, answer) if answer is not None and answer != expected else None
    return {"expected": expected, "layers": proof, "game": game, "chain": chain}


__all__ = ["MAX_RUNS", "Shrinking", "Shrunk", "chain_game", "layers", "resized", "shrink", "why"]
