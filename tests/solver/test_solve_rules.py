"""``solve`` under a board's own rules: the classic start off the board, every overshoot rule.

Checked against a brute-force model written here, sharing nothing with the package: a
breadth-first search over positions 0..n² whose moves are worked out roll by roll (a bounce as
a reflection off the last square, and off square 1 on a 2×2 board), and a count of roll sequences
by a forward sum over move numbers.  LeetCode's answers must not move: without rules, or with
LeetCode's, every result is the one it always was.
"""

from __future__ import annotations

import json
import random

import pytest
import reference
from helpers import CLASSIC_FILE
from hypothesis import example, given
from hypothesis import strategies as st
from snakes_ladders import Board, solve
from snakes_ladders.api import handle
from snakes_ladders.board.rules import CLASSIC, LEETCODE, OVERSHOOTS, Rules, RulesError
from snakes_ladders.solver.explanation import explain

DIE = (1, 2, 3, 4, 5, 6)

# --------------------------------------------------------------------------- the brute-force model


def end_of(jumps: dict[int, int], position: int, roll: int, last: int, overshoot: str) -> int:
    """Where a roll from ``position`` leaves the token, its jump taken (a wasted roll takes none)."""
    target = position + roll
    if target > last:
        if overshoot == "stay":
            return position
        if overshoot == "win":
            return last
        target = 2 * last - target  # reflected off the last square...
        if target < 1:
            target = 2 - target  # ...and off square 1 (a 2×2 board's long bounce)
    return jumps.get(target, target)


def brute_distances(jumps: dict[int, int], last: int, start: int, overshoot: str) -> list[int | None]:
    """``dist[p]`` for every position 0..last: the least moves from ``start`` to stand on p, or None."""
    dist: list[int | None] = [None] * (last + 1)
    dist[start] = 0
    frontier = [start]
    while frontier:
        following = []
        for position in frontier:
            if position == last:
                continue  # the game is over there
            for roll in DIE:
                end = end_of(jumps, position, roll, last, overshoot)
                if dist[end] is None:
                    dist[end] = dist[position] + 1  # type: ignore[operator]
                    following.append(end)
        frontier = following
    return dist


def brute_count(jumps: dict[int, int], last: int, start: int, overshoot: str, moves: int) -> int:
    """The roll sequences of exactly ``moves`` rolls that end the game on the last square."""
    ways = {start: 1}
    for _ in range(moves):
        after: dict[int, int] = {}
        for position, count in ways.items():
            if position == last:
                continue
            for roll in DIE:
                end = end_of(jumps, position, roll, last, overshoot)
                after[end] = after.get(end, 0) + count
        ways = after
    return ways.get(last, 0)


@st.composite
def boards(draw: st.DrawFn, ladder_on_1: bool = True) -> tuple[int, dict[int, int]]:
    """A board of 2×2 to 8×8 as ``(n, jumps)``; with ``ladder_on_1``, square 1 may hold a ladder."""
    n = draw(st.integers(2, 8), label="n")
    last = n * n
    seed = draw(st.integers(0, 2**32 - 1), label="seed")
    density = draw(st.sampled_from(reference.DENSITIES) | st.floats(0, 1), label="density")
    jumps = reference.random_jumps(
        random.Random(seed),
        n,
        density,
        chain_rate=draw(st.sampled_from([0.0, 0.3]), label="chain_rate"),
        snake_rate=draw(st.sampled_from([0.2, 0.6]), label="snake_rate"),
        wall=draw(st.booleans(), label="wall"),
    )
    if ladder_on_1 and draw(st.booleans(), label="ladder on 1"):
        jumps[1] = draw(st.integers(2, last), label="its top")
    return n, jumps


#: The page's preset "Classic 10×10, classic rules (ladder on 1)" (data/presets.json holds the same board).

CLASSIC_PRESET = reference.jumps_of(json.loads(CLASSIC_FILE.read_text(encoding="utf-8"))["board"])


def check(n: int, jumps: dict[int, int], rules: Rules) -> None:
    """Everything ``solve`` reports under ``rules``, against the brute-force model."""
    last = n * n
    start = rules.start_position
    dist = brute_distances(jumps, last, start, rules.overshoot)
    moves = -1 if dist[last] is None else dist[last]
    solution = solve(Board(n, jumps, allow_start_jump=True), rules)
    assert solution.rules == rules
    assert solution.moves == moves
    limit = moves if moves >= 0 else None
    assert solution.distances_limit == limit
    shown = tuple(d if d is not None and (limit is None or d <= limit) else None for d in dist)
    assert solution.distances == shown
    assert solution.explored == sum(d is not None for d in shown[1:])  # squares only, never position 0
    if moves < 0:
        assert solution.path is None and solution.steps == () and solution.paths_count == 0
        return
    assert solution.paths_count == brute_count(jumps, last, start, rules.overshoot, moves)
    path = solution.path
    assert path is not None and len(path) == moves + 1 and path[0] == start
    assert [dist[p] for p in path] == list(range(moves + 1))  # each square as early as it can be
    assert len(solution.steps) == moves
    for move, here, there in zip(solution.steps, path, path[1:], strict=False):
        assert (move.start, move.end) == (here, there)
        assert move.landing == here + move.roll <= last  # a shortest game never rolls past the end
        assert move.end == jumps.get(move.landing, move.landing)


# --------------------------------------------------------------------------- every start and overshoot


@given(boards(), st.sampled_from(OVERSHOOTS))
@example((10, CLASSIC_PRESET), "stay")
@example((2, {1: 3}), "bounce")
@example((2, {3: 4}), "bounce")
@example((3, {7: 9, 6: 2}), "bounce")
def test_off_board_start_against_brute_force(board: tuple[int, dict[int, int]], overshoot: str) -> None:
    check(*board, Rules(start="off-board", overshoot=overshoot))


@given(boards(ladder_on_1=False), st.sampled_from(OVERSHOOTS))
@example((3, {7: 9}), "bounce")
@example((4, {13: 16, 12: 2}), "win")
def test_square_one_start_against_brute_force(board: tuple[int, dict[int, int]], overshoot: str) -> None:
    check(*board, Rules(overshoot=overshoot))


@given(boards(), st.sampled_from(("square1", "off-board")))
def test_overshoot_changes_no_answer(board: tuple[int, dict[int, int]], start: str) -> None:
    """A roll past the end is only possible from a square the exact roll finishes from: the answer, and
    the game the search finds, are the same under every overshoot rule."""
    n, jumps = board
    if start == "square1":
        jumps.pop(1, None)
    board_ = Board(n, jumps, allow_start_jump=True)
    found = [solve(board_, Rules(start=start, overshoot=o)) for o in OVERSHOOTS]  # type: ignore[arg-type]
    assert len({s.moves for s in found}) == 1
    # The same search runs under each (LeetCode's own may pick another shortest game under "stay").
    assert len({(s.path, s.steps) for s in found[start == "square1" :]}) == 1


def test_classic_preset_solves_to_its_fixture() -> None:
    """The fixture's shortest game and its count of 7-roll sequences were counted apart from the solver."""
    fixture = json.loads(CLASSIC_FILE.read_text(encoding="utf-8"))
    solution = solve(fixture["board"], Rules.from_json(fixture["rules"]))
    assert (solution.moves, solution.paths_count) == (fixture["shortest_game"], fixture["shortest_game_sequences"])
    assert solution.path is not None and solution.path[0] == 0 and solution.steps[0].start == 0
    check(10, CLASSIC_PRESET, CLASSIC)


# --------------------------------------------------------------------------- off the board against LeetCode


@given(boards(ladder_on_1=False))
@example((10, {s: e for s, e in CLASSIC_PRESET.items() if s != 1}))
@example((3, {}))
@example((2, {}))
def test_off_board_is_leetcode_or_one_more(board: tuple[int, dict[int, int]]) -> None:
    """Off the board, roll 1 lands on square 1 (no jump there), so one move more than LeetCode always
    does; and any other first roll lands where LeetCode's first roll 1 to 5 does (squares 2 to 6), so it
    is never fewer.  Exactly: the same as LeetCode's answer when some shortest LeetCode game's first
    roll is 1 to 5 (its first landing on 2 to 6), one more when every one starts with a 6."""
    n, jumps = board
    last = n * n
    leetcode = brute_distances(jumps, last, 1, "stay")[last]
    off = solve(Board(n, jumps), CLASSIC).moves
    assert off == solve(Board(n, jumps)).moves == -1 or off >= 1
    if leetcode is None:
        assert off == -1
        return
    early = any(
        (rest := brute_distances(jumps, last, jumps.get(landing, landing), "stay")[last]) is not None
        and 1 + rest == leetcode
        for landing in range(2, min(6, last) + 1)
    )
    assert off == (leetcode if early else leetcode + 1)


def test_both_relations_happen() -> None:
    """The property above is not vacuous: both cases occur."""
    # Empty 3×3: 8 squares from square 1 and 9 from off the board are two rolls each (6 + 2, 6 + 3).
    assert (solve(Board(3, {})).moves, solve(Board(3, {}), CLASSIC).moves) == (2, 2)
    # A ladder on 7 to the end: LeetCode's first 6 climbs it; from off the board no first roll reaches 7.
    ladder_on_7 = Board(4, {7: 16})
    assert (solve(ladder_on_7).moves, solve(ladder_on_7, CLASSIC).moves) == (1, 2)


# --------------------------------------------------------------------------- LeetCode unchanged


def test_leetcode_rules_change_nothing(board_fixture: dict) -> None:
    """Given LeetCode's rules, or none, ``solve`` and the op answer the same, byte for byte."""
    matrix = board_fixture["board"]
    assert solve(matrix, LEETCODE) == solve(matrix) == solve(matrix, Rules(start="square1", overshoot="stay"))
    bare = handle(json.dumps({"version": 1, "op": "solve", "board": matrix}))
    ruled = handle(json.dumps({"version": 1, "op": "solve", "board": matrix, "rules": {"start": "square1"}}))
    assert bare == ruled
    assert json.loads(bare)["result"]["moves"] == board_fixture["moves"]


def test_sixes_again_counts_the_same_rolls() -> None:
    board = Board(10, CLASSIC_PRESET, allow_start_jump=True)
    again = solve(board, Rules(start="off-board", sixes="again"))
    plain = solve(board, CLASSIC)
    assert (again.moves, again.path, again.paths_count) == (plain.moves, plain.path, plain.paths_count)
    assert again.rules.sixes == "again"


def test_a_third_six_to_start_is_refused_plainly() -> None:
    with pytest.raises(RulesError, match="but not under sixes 'again-three-to-start'"):
        solve(Board(3, {}), Rules(sixes="again-three-to-start"))
    request = {"version": 1, "op": "solve", "board": [[-1] * 3] * 3, "rules": {"sixes": "again-three-to-start"}}
    error = json.loads(handle(json.dumps(request)))["error"]
    assert error["kind"] == "request"
    assert 'sixes "again-three-to-start"' in error["message"] and '"plain"' in error["message"]


def test_the_op_answers_from_off_the_board() -> None:
    matrix = Board(10, CLASSIC_PRESET, allow_start_jump=True).to_matrix()
    request = {"version": 1, "op": "solve", "board": matrix, "rules": {"start": "off-board", "overshoot": "bounce"}}
    result = json.loads(handle(json.dumps(request)))["result"]
    assert result["rules"] == {"start": "off-board", "overshoot": "bounce"}
    assert result["path"][0] == 0 and result["steps"][0]["start"] == 0
    assert result["distances"][0] == 0
    assert result["moves"] == brute_distances(CLASSIC_PRESET, 100, 0, "bounce")[100]
    refused = json.loads(handle(json.dumps({**request, "rules": {"start": "square1"}})))["error"]
    assert refused["kind"] == "board" and refused["square"] == 1  # LeetCode's start: no ladder on square 1


# --------------------------------------------------------------------------- the search explained


@given(boards())
@example((10, CLASSIC_PRESET))
def test_explain_from_off_the_board(board: tuple[int, dict[int, int]]) -> None:
    """``explain`` under the classic start: every distance (the search run to the end), layer 0 the
    off-board position, each layer the squares at its distance, and a wall of six snakes when unreachable."""
    n, jumps = board
    last = n * n
    dist = brute_distances(jumps, last, 0, "stay")
    explained = explain(Board(n, jumps, allow_start_jump=True), CLASSIC)
    assert explained.rules == CLASSIC
    assert explained.distances == tuple(dist)
    assert [layer.squares for layer in explained.layers] == [
        tuple(p for p in range(last + 1) if dist[p] == move) for move in range(len(explained.layers))
    ]
    assert explained.reached == tuple(s for s in range(1, last + 1) if dist[s] is not None)
    if dist[last] is None:
        wall = explained.wall
        assert wall is not None and wall.furthest == explained.reached[-1]
        assert all(jumps.get(s, s) <= wall.furthest for s in wall.squares) and len(wall.squares) == 6
    else:
        assert explained.moves == dist[last] and explained.wall is None
        assert explained.paths_count == brute_count(jumps, last, 0, "stay", dist[last])
