"""The sixes rules against an independent exact computation, a seeded simulation, and adversaries.

The reference below shares no code with the package: its own board walk (jumps, overshoot, the
third 6), its own states (position, 6s this turn), exact Fractions and a dense Gauss-Jordan
elimination for one player's figures, and for races a roll-by-roll propagation of the *joint*
game (every token, whose roll it is, the 6s of that turn), which neither convolves nor counts turns
apart: it answers the race's winners and its total rolls directly.
"""

from __future__ import annotations

import json
import math
import time
from fractions import Fraction
from itertools import product

import pytest
from snakes_ladders.api import handle
from snakes_ladders.board import Board
from snakes_ladders.board.rules import Rules, RulesError
from snakes_ladders.chance import analyze
from snakes_ladders.chance.jumpuse import JumpUseRefused, jump_uses
from snakes_ladders.game.seeded import play
from snakes_ladders.game.turn import Table, TurnError, take_turn

SIXES = ("plain", "again", "again-three-to-start")
STARTS = ("square1", "off-board")
OVERSHOOTS = ("stay", "bounce", "win")
WIN = "win"

# Small boards: empty; a ladder and a snake; a 4×4 whose square 8 is a trap (every roll from it lands on a
# snake back to it) that three 6s in a row leave, with a ladder from 3 to 15 that bounce can spoil.
BOARDS = {
    "2x2": Board(2, {}),
    "3x3": Board(3, {2: 8, 7: 3}),
    "4x4-trap": Board(4, {3: 15, 9: 8, 10: 8, 11: 8, 12: 8, 13: 8, 14: 8}),
}


# --------------------------------------------------------------------------- the reference


def walk(n: int, jumps: dict[int, int], overshoot: str, position: int, roll: int) -> int:
    """Where a roll takes a token, pip by pip: past the last square it stays, bounces back, or wins."""
    last = n * n
    if position + roll > last and overshoot == "stay":
        return position
    if position + roll > last and overshoot == "win":
        return last
    square, step = position, 1
    for _ in range(roll):
        if not 1 <= square + step <= last:
            step = -step
        square += step
    return jumps.get(square, square)


class Reference:
    """One player's game as (position, 6s so far in the turn) states, from the issue's words."""

    def __init__(self, board: Board, start: str, overshoot: str, sixes: str) -> None:
        self.last = board.n * board.n
        self.start = 0 if start == "off-board" else 1
        self.cap = {"plain": 0, "again": 1, "again-three-to-start": 2}[sixes]
        self.sixes = sixes
        self.board, self.overshoot = board, overshoot
        self.states: list[tuple[int, int]] = []
        seen = {(self.start, 0)}
        queue = [(self.start, 0)]
        while queue:
            state = queue.pop()
            self.states.append(state)
            for nxt in self.next(state):
                if nxt != WIN and nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
        self.states.sort()

    def next(self, state: tuple[int, int]) -> list[tuple[int, int] | str]:
        """The six equally likely results of a roll: a state, or WIN."""
        position, sixes = state
        out: list[tuple[int, int] | str] = []
        for roll in range(1, 7):
            if roll == 6 and self.sixes == "again-three-to-start" and sixes == 2:
                out.append((self.start, 0))  # the third 6: back to the start, the turn ends
                continue
            end = walk(self.board.n, self.board.jumps, self.overshoot, position, roll)
            if end == self.last:
                out.append(WIN)
            else:
                out.append((end, min(sixes + 1, self.cap) if roll == 6 and self.cap else 0))
        return out

    def hopeful(self) -> set[tuple[int, int]]:
        """The states from which the game can still be won."""
        good: set[tuple[int, int]] = set()
        changed = True
        while changed:
            changed = False
            for state in self.states:
                if state not in good and any(nxt == WIN or nxt in good for nxt in self.next(state)):
                    good.add(state)
                    changed = True
        return good

    def figures(self) -> dict[str, Fraction | None]:
        """p_finish, and (when certain) the expected rolls and turns, and the rolls of the games that finish."""
        good = sorted(self.hopeful())
        index = {s: i for i, s in enumerate(good)}
        sixth = Fraction(1, 6)
        size = len(good)
        # Columns: h (P(finish)), E (rolls), T (turns); G (rolls x 1(finish)) needs h, so comes second.
        matrix = [[Fraction(0)] * size for _ in range(size)]
        wins = [Fraction(0)] * size
        for state in good:
            i = index[state]
            matrix[i][i] += 1
            for nxt in self.next(state):
                if nxt == WIN:
                    wins[i] += sixth
                elif nxt in index:
                    matrix[i][index[nxt]] -= sixth
        certain = set(good) == set(self.states)
        ones = [Fraction(1)] * size
        firsts = [Fraction(1 if s[1] == 0 else 0) for s in good]
        h, e, t = solve(matrix, [wins, ones, firsts]) if size else ([], [], [])
        start = index.get((self.start, 0))
        if start is None:
            return {"p_finish": Fraction(0), "rolls": None, "turns": None, "if_finished": None}
        (g,) = solve(matrix, [h])
        return {
            "p_finish": h[start],
            "rolls": e[start] if certain else None,
            "turns": t[start] if certain else None,
            "if_finished": g[start] / h[start],
        }


def solve(matrix: list[list[Fraction]], columns: list[list[Fraction]]) -> list[list[Fraction]]:
    """Gauss-Jordan elimination in Fractions: the solutions x of matrix·x = column, one per column."""
    size = len(matrix)
    rows = [matrix[i][:] + [c[i] for c in columns] for i in range(size)]
    for k in range(size):
        pivot = next(i for i in range(k, size) if rows[i][k] != 0)
        rows[k], rows[pivot] = rows[pivot], rows[k]
        head = rows[k][k]
        rows[k] = [x / head for x in rows[k]]
        for i in range(size):
            factor = rows[i][k]
            if i != k and factor != 0:
                rows[i] = [a - factor * b for a, b in zip(rows[i], rows[k], strict=True)]
    return [[rows[i][size + c] for i in range(size)] for c in range(len(columns))]


def race_reference(ref: Reference, players: int, tolerance: float = 1e-12) -> dict[str, object]:
    """The race played out roll by roll on the joint game: (positions, whose roll, that turn's 6s).

    Returns each player's chance to win, the chance of no winner (every token where it can no longer
    win), the distribution of the total rolls, and whether it was followed until less than
    ``tolerance`` was left undecided.
    """
    good = ref.hopeful()
    moves = {state: ref.next(state) for state in ref.states}
    start = ((ref.start,) * players, 0, 0)
    mass = {start: 1.0}
    wins = [0.0] * players
    no_winner = 0.0
    totals: list[float] = [0.0]
    rolls = 0
    while sum(mass.values()) >= tolerance and rolls < 5000:
        rolls += 1
        totals.append(0.0)
        after: dict[tuple[tuple[int, ...], int, int], float] = {}
        for (positions, player, sixes), chance in mass.items():
            share = chance / 6
            for nxt in moves[(positions[player], sixes)]:
                if nxt == WIN:
                    wins[player] += share
                    totals[rolls] += share
                    continue
                square, carried = nxt
                moved = (*positions[:player], square, *positions[player + 1 :])
                turn_goes_on = carried > 0
                who = player if turn_goes_on else (player + 1) % players
                key = (moved, who, carried)
                if not any((p, carried if i == who else 0) in good for i, p in enumerate(moved)):
                    no_winner += share  # no token can win any more
                    continue
                after[key] = after.get(key, 0.0) + share
        mass = after
    return {"wins": wins, "no_winner": no_winner, "totals": totals, "rest": sum(mass.values())}


def percentile(totals: list[float], level: float) -> int | None:
    running = 0.0
    for t, chance in enumerate(totals):
        running += chance
        if running >= level - 1e-12:
            return t
    return None


# --------------------------------------------------------------------------- one player, exactly

CASES = list(product(BOARDS, SIXES, STARTS, OVERSHOOTS))


def case_id(case: tuple[str, str, str, str]) -> str:
    return "-".join(case)


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
def test_one_player_figures_match_the_reference(case: tuple[str, str, str, str]) -> None:
    name, sixes, start, overshoot = case
    board = BOARDS[name]
    rules = Rules(start=start, overshoot=overshoot, sixes=sixes)
    want = Reference(board, start, overshoot, sixes).figures()
    got = analyze(board, rules, rolls=40)  # the figures compared need no long propagation
    assert got.p_finish == pytest.approx(float(want["p_finish"] or 0), rel=1e-12, abs=1e-15)
    for mine, theirs in ((got.expected_rolls, want["rolls"]), (got.expected_turns, want["turns"])):
        if theirs is None:
            assert mine is None
        else:
            assert mine == pytest.approx(float(theirs), rel=1e-11)
    if want["if_finished"] is not None and want["p_finish"]:
        assert got.expected_rolls_if_finished == pytest.approx(float(want["if_finished"]), rel=1e-11)
    if sixes == "plain":
        assert got.expected_turns == got.expected_rolls
    else:
        assert got.rules.sixes == sixes


def test_the_trap_is_one_under_again_and_none_with_three_to_start() -> None:
    """On the 4×4 board square 8 sends every roll back to itself: a trap, but three 6s leave it."""
    board = BOARDS["4x4-trap"]
    again = analyze(board, Rules(sixes="again"), rolls=40)
    three = analyze(board, Rules(sixes="again-three-to-start"), rolls=40)
    assert (again.finishable, again.traps, again.expected_rolls) == ("not always", ((8,),), None)
    assert (three.finishable, three.traps) == ("always", ())
    assert three.expected_rolls is not None and three.expected_turns is not None
    assert three.expected_turns < three.expected_rolls


def test_four_sixes_in_a_row_never_finish_with_three_to_start() -> None:
    """1, 7, 13 and 19 are the only squares off a snake on a 5×5 board: winning needs 6, 6, 6, 6."""
    board = Board(5, {s: 1 for s in range(2, 25) if s not in (7, 13, 19)})
    plain = analyze(board, Rules(sixes="again"), rolls=40)
    three = analyze(board, Rules(sixes="again-three-to-start"))
    assert plain.finishable == "always" and plain.expected_rolls == pytest.approx(6 * (6**4 - 1) / 5, rel=1e-12)
    assert (three.finishable, three.p_finish, three.expected_rolls, three.expected_turns) == ("never", 0.0, None, None)
    assert three.race.total_rolls_median is None and not three.race.total_rolls_cut_off


def test_the_third_six_goes_to_the_start_even_from_the_last_roll() -> None:
    """From square 3 of a 2×2 a 6 would win under "win", but as the third 6 it goes to the start."""
    rules = Rules(overshoot="win", sixes="again-three-to-start")
    cells = Board(2, {}).cells()
    assert rules.after_roll(cells, 3, 6, 1)[0].end == 4
    step, carry = rules.after_roll(cells, 3, 6, 2)
    assert (step.landing, step.end, carry) == (1, 1, None)
    assert (
        Rules(start="off-board", overshoot="win", sixes="again-three-to-start").after_roll(cells, 3, 6, 2)[0].end == 0
    )


# --------------------------------------------------------------------------- races


# Every case for two players, three on the 2×2 (square 1, stay or bounce); not the 4×4 trap board under "again-three-to-start":
# there a trapped token needs three 6s in a row to leave (about 216 turns), and the joint game would be
# followed for some 10^4 rolls (its one-player figures are compared above).
RACES = [
    (name, sixes, start, overshoot, players)
    for name, sixes, start, overshoot in CASES
    for players in (2, 3)
    if (players == 2 or (name == "2x2" and start == "square1" and overshoot != "win"))
    and (name != "4x4-trap" or sixes != "again-three-to-start")
]


@pytest.mark.parametrize("case", RACES, ids=["-".join(map(str, c)) for c in RACES])
def test_race_matches_the_joint_game(case: tuple[str, str, str, str, int]) -> None:
    name, sixes, start, overshoot, players = case
    ref = Reference(BOARDS[name], start, overshoot, sixes)
    want = race_reference(ref, players)
    got = analyze(BOARDS[name], Rules(start=start, overshoot=overshoot, sixes=sixes), players).race
    assert want["rest"] < 1e-11
    # The analysis lists each player's game until less than TAIL = 1e-9 is in play: the chances agree to that.
    assert list(got.p_win) == pytest.approx(want["wins"], abs=1e-8)
    assert got.p_no_winner == pytest.approx(want["no_winner"], abs=1e-8)
    totals = want["totals"]
    assert isinstance(totals, list)
    assert got.total_rolls_median == percentile(totals, 0.5)
    assert got.total_rolls_p90 == percentile(totals, 0.9)
    assert not got.total_rolls_cut_off
    if want["no_winner"] == 0.0:
        mean = sum(t * p for t, p in enumerate(totals))
        assert got.expected_total_rolls == pytest.approx(mean, rel=1e-7)
    else:
        assert got.expected_total_rolls is None


def test_race_total_rolls_through_the_api() -> None:
    reply = json.loads(
        handle(
            json.dumps(
                {
                    "version": 1,
                    "op": "analyze",
                    "board": BOARDS["3x3"].to_matrix(),
                    "rules": {"sixes": "again"},
                    "players": 2,
                }
            )
        )
    )
    assert reply["ok"], reply
    result = reply["result"]
    want = race_reference(Reference(BOARDS["3x3"], "square1", "stay", "again"), 2)
    totals = want["totals"]
    assert isinstance(totals, list)
    race = result["race"]
    assert (race["total_rolls_median"], race["total_rolls_p90"]) == (percentile(totals, 0.5), percentile(totals, 0.9))
    assert race["total_rolls_cut_off"] is False
    assert result["rules"] == {"start": "square1", "overshoot": "stay", "sixes": "again"}
    assert result["expected_turns"] < result["expected_rolls"]


def test_total_rolls_past_the_listed_turns_say_so() -> None:
    """Cut to 3 rolls of propagation, a 2×2 race's 90th percentile is not known: null and cut off, not never."""
    for sixes in SIXES:
        race = analyze(BOARDS["2x2"], Rules(sixes=sixes), players=2, rolls=3).race
        assert race.total_rolls_p90 is None and race.total_rolls_cut_off, sixes


# --------------------------------------------------------------------------- a seeded simulation


@pytest.mark.parametrize("sixes", SIXES)
def test_seeded_games_agree_with_the_analysis(sixes: str) -> None:
    """1,500 seeded games of one player on the 3×3 board: mean rolls and turns within 5 standard errors.

    The rolls of a game have a standard deviation s (from the games themselves); the mean of 1,500
    is off by more than 5 s / √1500 with probability under 1e-6 (a normal approximation, fair here:
    the length has a geometric tail, so every moment is finite).  The seeds are fixed, so the test
    is deterministic; it fails when the analysis is off by more than about 0.7 rolls (s is about 5).
    """
    board, rules = BOARDS["3x3"], Rules(sixes=sixes)
    games = [play(board, rules, seed=seed) for seed in range(1500)]
    a = analyze(board, rules)
    for figure, counts in (
        (a.expected_rolls, [len(g.turns) for g in games]),
        (a.expected_turns, [g.turns[-1].number for g in games]),
    ):
        assert figure is not None
        mean = sum(counts) / len(counts)
        spread = math.sqrt(sum((c - mean) ** 2 for c in counts) / (len(counts) - 1))
        assert abs(mean - figure) <= 5 * spread / math.sqrt(len(counts)), (sixes, mean, figure)
    assert all(g.end == "won" for g in games)


def test_seeded_races_agree_on_the_median_total() -> None:
    """1,000 seeded two-player races on the 3×3 board under "again-three-to-start": the share of races
    over within the analysed median total is at least 1/2 - 5σ and the share within one roll less
    below 1/2 + 5σ, σ = √(1/4 / 1000) ≈ 0.016 (a binomial proportion)."""
    board, rules = BOARDS["3x3"], Rules(sixes="again-three-to-start")
    median = analyze(board, rules, 2).race.total_rolls_median
    assert median is not None
    totals = [len(play(board, rules, players=2, seed=seed).turns) for seed in range(1000)]
    sigma = math.sqrt(0.25 / len(totals))
    assert sum(t <= median for t in totals) / len(totals) >= 0.5 - 5 * sigma
    assert sum(t <= median - 1 for t in totals) / len(totals) < 0.5 + 5 * sigma


# --------------------------------------------------------------------------- play and the turn op


def test_a_turn_of_several_rolls() -> None:
    """Under "again" a 6 keeps the turn: the same player, the same number, the 6s carried."""
    table = Table.of(Board(3, {}), Rules(sixes="again-three-to-start"))
    first = take_turn(table, (1, 1), player=1, number=1, roll=6)
    assert (first.turn.again, first.next_player, first.sixes, first.positions) == (True, 1, 1, (7, 1))
    second = take_turn(table, first.positions, player=1, number=1, roll=6, sixes=1)
    assert (second.turn.end, second.next_player, second.sixes) == (7, 1, 2)  # 7 + 6 passes 9: it stays
    third = take_turn(table, second.positions, player=1, number=1, roll=6, sixes=2)
    assert (third.turn.to_start, third.turn.end, third.turn.visits, third.next_player, third.sixes) == (
        True,
        1,
        (),
        2,
        0,
    )
    with pytest.raises(TurnError, match="sixes must be an integer from 0 to 2"):
        take_turn(table, (1, 1), player=1, number=1, roll=6, sixes=3)


def test_turn_op_shows_each_roll_and_when_the_turn_passes() -> None:
    def turn(**fields: object) -> dict:
        request = {"version": 1, "op": "turn", "board": Board(3, {}).to_matrix(), "rules": {"sixes": "again"}}
        reply = json.loads(handle(json.dumps({**request, **fields})))
        assert reply["ok"], reply
        return reply["result"]

    again = turn(positions=[1, 1], roll=6)
    assert (again["turn"]["again"], again["next_player"], again["sixes"]) == (True, 1, 1)
    passes = turn(positions=again["positions"], roll=1, sixes=again["sixes"])
    assert (passes["turn"]["again"], passes["turn"]["to_start"], passes["next_player"], passes["sixes"]) == (
        False,
        False,
        2,
        0,
    )
    plain = json.loads(handle(json.dumps({"version": 1, "op": "turn", "board": Board(3, {}).to_matrix(), "roll": 6})))[
        "result"
    ]
    assert "again" not in plain["turn"] and plain["next_player"] == 1 and plain["sixes"] == 0


# --------------------------------------------------------------------------- refusals


def test_unknown_sixes_refused() -> None:
    with pytest.raises(RulesError, match=r"sixes must be 'plain', 'again' or 'again-three-to-start', got 'twice'"):
        Rules.from_json({"sixes": "twice"})
    reply = json.loads(
        handle(json.dumps({"version": 1, "op": "analyze", "board": [[-1, -1], [-1, -1]], "rules": {"sixes": 6}}))
    )
    assert not reply["ok"]
    assert reply["error"]["message"] == 'sixes must be "plain", "again" or "again-three-to-start", got 6'


def test_jump_use_refused_under_sixes() -> None:
    with pytest.raises(JumpUseRefused, match="jump use not computed under sixes 'again'"):
        jump_uses(BOARDS["3x3"], Rules(sixes="again"))


# --------------------------------------------------------------------------- the work bound


def cpu(function: object, repeats: int = 3) -> float:
    best = math.inf
    for _ in range(repeats):
        started = time.process_time()
        function()  # type: ignore[operator]
        best = min(best, time.process_time() - started)
    return best


def sevens(n: int) -> Board:
    """A snake to square 1 on every seventh square: many reachable states, and games long enough that
    ten rolls of propagation never settle (both sizes run every propagation to the same cap)."""
    return Board(n, {s: 1 for s in range(2, n * n) if s % 7 == 0})


@pytest.mark.perf
@pytest.mark.parametrize("sixes", ["again", "again-three-to-start"])
def test_analysis_under_sixes_grows_with_the_board(sixes: str) -> None:
    """With the rolls capped alike, the work is the elimination, O(W) on at most 3× the states, and the
    propagations, O(K·n² × turns × width) (``turnlength``): linear in the squares but for W.  4× the
    squares (6×6 to 12×12, four players) may cost at most 16× the CPU (the square of the squares'
    ratio, room for W); measured 2-2.5×."""
    rules = Rules(sixes=sixes)
    small, large = sevens(6), sevens(12)
    ratio = cpu(lambda: analyze(large, rules, 4, rolls=10)) / cpu(lambda: analyze(small, rules, 4, rolls=10))
    assert analyze(large, rules, 4, rolls=10).length.truncated and analyze(small, rules, 4, rolls=10).length.truncated
    assert ratio < 16, ratio


def test_generate_refuses_three_to_start() -> None:
    """The generator searches on expected.py's rolls, a chain without the turn's 6s: right for plain and
    "again" (the same rolls), not for a third 6 that sends the token back."""
    request = {"version": 1, "op": "generate", "n": 6, "snakes": 2, "ladders": 2, "seed": 1}
    refused = json.loads(handle(json.dumps({**request, "rules": {"sixes": "again-three-to-start"}})))
    assert refused["error"]["message"] == (
        'generate\'s expected rolls are those of sixes "plain" and "again" (the same rolls), '
        'not of "again-three-to-start"'
    )
    assert json.loads(handle(json.dumps({**request, "rules": {"sixes": "again"}})))["ok"]


@pytest.mark.parametrize("sixes", ["again", "again-three-to-start"])
def test_past_the_budget_nothing_is_estimated(sixes: str) -> None:
    """A budget of 10 units stops the elimination: the figures it gives are null (the finish chance 1 when
    the classes say so), the length and the race are the propagation's, and unsolved says why."""
    board = BOARDS["3x3"]
    exact = analyze(board, Rules(sixes=sixes), 2)
    over = analyze(board, Rules(sixes=sixes), 2, budget=10)
    assert over.unsolved is not None and over.unsolved.startswith("exact figures not computed")
    assert exact.unsolved is None
    assert (over.p_finish, over.expected_rolls, over.expected_turns, over.visits) == (1.0, None, None, ())
    assert over.length == exact.length
    assert over.race.total_rolls_median == exact.race.total_rolls_median
    assert over.race.p_win == pytest.approx(exact.race.p_win, abs=1e-12)


@pytest.mark.parametrize(
    ("op", "fields"),
    [
        ("analyze", {"board": BOARDS["4x4-trap"].to_matrix(), "rules": {"sixes": "again"}, "players": 3}),
        ("analyze", {"board": BOARDS["3x3"].to_matrix(), "rules": {"sixes": "again-three-to-start"}}),
        ("play", {"board": BOARDS["3x3"].to_matrix(), "rules": {"sixes": "again"}, "players": 2, "seed": 19}),
        ("turn", {"board": BOARDS["3x3"].to_matrix(), "rules": {"sixes": "again"}, "positions": [1, 1], "roll": 6}),
    ],
    ids=["analyze-race", "analyze-one", "play", "turn"],
)
def test_sixes_replies_are_exactly_as_declared(op: str, fields: dict) -> None:
    """The keys a sixes rule adds (expected_turns, the race's totals, a turn's again and to_start) are declared."""
    from helpers import object_mismatch
    from snakes_ladders.api import CONTRACT

    reply = json.loads(handle(json.dumps({"version": 1, "op": op, **fields})))
    assert reply["ok"] is True, reply
    assert object_mismatch(reply["result"], dict(CONTRACT[op].result), op) is None
    text = json.dumps(reply["result"])
    assert ('"again": true' in text) == (op in ("play", "turn")), op
