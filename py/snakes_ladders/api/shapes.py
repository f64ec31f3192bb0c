"""Result shaping: each op's result as JSON-ready data, as ``table.CONTRACT`` declares it."""

from __future__ import annotations

from itertools import islice
from typing import TYPE_CHECKING, Any

from ..board import Board
from ..solver import Magnitude, Solution

if TYPE_CHECKING:
    from ..chance import Analysis, JumpUse, Race
    from ..game.seeded import Game
    from ..game.turn import Outcome, Table, Turn
    from ..generate.search import Progress
    from ..solver.explanation import Explanation


def board_to_json(board: Board) -> dict[str, Any]:
    """The board as the page reads it: size, matrix, jumps, chained-jump warnings (at most
    ``SHOWN_WARNINGS`` shown, with the total) and every chained jump's start in ``chained``."""
    return {
        "n": board.n,
        "matrix": board.to_matrix(),
        "jumps": [[start, end] for start, end in board.jumps.items()],
        **_warnings(board),
    }


#: The most warnings a reply spells out; ``chained`` still lists every chained jump's start.
SHOWN_WARNINGS = 5


def _warnings(board: Board) -> dict[str, Any]:
    """``{"warnings": {"total", "shown": [...at most 5]}, "chained": [starts, sorted]}``: bounded
    by the board's size (one int per chained jump), not by a message per jump.

    >>> _warnings(Board(3, {2: 5, 5: 8}))["warnings"]["total"], _warnings(Board(3, {2: 5, 5: 8}))["chained"]
    (1, [2])
    """
    chained = board.chained()
    shown = [
        {
            "square": start,
            "message": f"the jump from square {start} ends on square {end}, where another jump starts; "
            f"that one is not taken in the same move",
        }
        for start, end in islice(chained.items(), SHOWN_WARNINGS)
    ]
    return {"warnings": {"total": len(chained), "shown": shown}, "chained": list(chained)}


def count_to_json(count: Magnitude) -> dict[str, Any]:
    """A count as JSON: ``{"exact", "value" (decimal string, or null when approximate), "mantissa"
    (in [1, 10), 0 for zero), "exponent"}``; exact below 10^30 (``bignum.EXACT_LIMIT``).

    >>> count_to_json(Magnitude.of(21))
    {'exact': True, 'value': '21', 'mantissa': 2.1, 'exponent': 1}
    """
    return count.to_json()


def count_to_text(count: int | Magnitude) -> str:
    """Write a count in decimal, or as ``about M.MM × 10^E`` from 10^30 on.

    >>> count_to_text(12), count_to_text(2 ** 20000)
    ('12', 'about 3.98 × 10^6020')
    """
    return str(count if isinstance(count, Magnitude) else Magnitude.of(count))


def solution_to_json(board: Board, solution: Solution) -> dict[str, Any]:
    """The solution as JSON-ready data.

    ``paths_count`` is ``count_to_json``'s object: exact digits below 10^30, else mantissa and exponent.
    ``distances_limit`` is ``Solution.distances_limit``: null when ``distances`` holds every square
    that can be stood on, else the largest distance reported (the answer; farther squares are null).
    ``rules`` are the rules answered under (``Rules.to_json``: LeetCode's when the request had none).
    """
    return {
        "n": solution.n,
        "moves": solution.moves,
        "reachable": solution.reachable,
        "path": list(solution.path) if solution.path is not None else None,
        "steps": [
            {"start": m.start, "roll": m.roll, "landing": m.landing, "end": m.end, "jump": m.jump}
            for m in solution.steps
        ],
        "distances": list(solution.distances),
        "distances_limit": solution.distances_limit,
        "paths_count": count_to_json(solution.paths_count),
        "explored": solution.explored,
        **_warnings(board),
        "rules": solution.rules.to_json(),
    }


def analysis_to_json(board: Board, analysis: Analysis) -> dict[str, Any]:
    """The random-play analysis as JSON-ready data.

    ``expected_rolls`` is null unless ``finishable`` is ``"always"``.  ``length`` lists
    P(finish on roll i + 1) and P(by then) for ``rolls`` rolls; ``truncated`` says ``remaining``
    is still in play after them, and ``tail_from`` (or null) the roll after which the rest is
    geometric.  ``visits`` has one entry per position 0..n² (null on a reachable trap).
    ``race.undecided``: the chance of no winner within a truncated list with no known tail;
    ``race.total_rolls_median``/``_p90`` (2 to 4 players): the race's total rolls, null when not reached
    within the totals known exactly, and ``total_rolls_cut_off`` true when one may lie past them.
    ``expected_turns`` (only under a sixes rule other than plain, where it is fewer than the expected
    rolls; under plain they are equal): the expected turns; ``length`` counts rolls.
    ``jumps`` is empty from the ``analyze`` op (its second stage is the ``jump_use`` op).
    ``unsolved`` is null, or says why the exact figures were not computed (over the op's work
    budget, ``markov.HEADLINE_BUDGET``): then ``visits`` is empty, the length list has no tail, and
    ``approximate`` (else null) says how ``p_finish`` (exact when 1 or 0; else within
    ``approximate.p_finish``, or null), the expected rolls and the race were estimated from the
    first ``approximate.rolls`` rolls (``markov.Approximation``), in words in its ``note``.  A
    figure beyond a float (or a roll count beyond 2⁵³) is ``{"exact": false, "value": null,
    "mantissa": m, "exponent": e}``, about m × 10^e (``markov.figure_to_json``).  See the README.

    >>> from snakes_ladders.chance.markov import analyze
    >>> data = analysis_to_json(Board(2, {}), analyze(Board(2, {})))
    >>> data["finishable"], round(data["expected_rolls"], 9), data["length"]["median"], data["visits"]
    ('always', 6.0, 4, [0.0, 2.0, 1.0, 3.0, 1.0])
    """
    from ..chance.markov import figure_to_json as big

    length = analysis.length
    return {
        "n": analysis.n,
        "rules": analysis.rules.to_json(),
        "finishable": analysis.finishable,
        "p_finish": big(analysis.p_finish),
        "expected_rolls": big(analysis.expected_rolls),
        "expected_rolls_if_finished": big(analysis.expected_rolls_if_finished),
        "length": {
            "p_on_turn": list(length.p_on_turn),
            "p_by_turn": list(length.p_by_turn),
            "rolls": len(length.p_on_turn),
            "remaining": length.remaining,
            "trapped": length.trapped,
            "truncated": length.truncated,
            "tail_from": None if length.tail is None else length.tail.after,
            "median": big(length.median),
            "p90": big(length.p90),
            "p95": big(length.p95),
        },
        "visits": [big(v) for v in analysis.visits],
        "jumps": [jump_to_json(use) for use in analysis.jumps],
        "traps": [list(trap) for trap in analysis.traps],
        "race": _race(analysis.race),
        "unsolved": analysis.unsolved,
        "approximate": _approximation(analysis),
        # Under plain sixes a turn is a roll: the key is left out, and the reply keeps its earlier shape.
        **({} if analysis.rules.sixes == "plain" else {"expected_turns": big(analysis.expected_turns)}),
        **_warnings(board),
    }


def _race(race: Race) -> dict[str, Any]:
    """A race as JSON; its total rolls (median, 90th percentile, cut off) for 2 to 4 players only (one
    player's are the length's percentiles)."""
    from ..chance.markov import figure_to_json as big

    totals = {
        "total_rolls_median": race.total_rolls_median,
        "total_rolls_p90": race.total_rolls_p90,
        "total_rolls_cut_off": race.total_rolls_cut_off,
    }
    return {
        "players": race.players,
        "p_win": list(race.p_win),
        "p_no_winner": race.p_no_winner,
        "undecided": race.undecided,
        "expected_total_rolls": big(race.expected_total_rolls),
        **(totals if race.players > 1 else {}),
    }


def _approximation(analysis: Analysis) -> dict[str, Any] | None:
    """``analysis.approximate`` as JSON: null when every figure given is exact."""
    approx = analysis.approximate
    if approx is None:
        return None
    return {
        "rolls": approx.rolls,
        "p_finish": [approx.p_finish_low, approx.p_finish_high],
        "decay": approx.decay,
        "tail_share": approx.tail_share,
        "note": approx.note,
    }


def jump_to_json(use: JumpUse) -> dict[str, Any]:
    from ..chance.markov import figure_to_json as big

    return {
        "start": use.start,
        "end": use.end,
        "kind": use.kind,
        "p_used": big(use.p_used),
        "expected_uses": big(use.expected_uses),
    }


def game_to_json(board: Board, game: Game) -> dict[str, Any]:
    """A played game as JSON-ready data: every turn, the winner (1-based or null) and how it ended.

    >>> from snakes_ladders.game.seeded import play
    >>> data = game_to_json(Board(3, {2: 8}), play(Board(3, {2: 8}), seed=1))
    >>> data["winner"], data["end"], data["turns"][0]
    (1, 'won', {'number': 1, 'player': 1, 'roll': 2, 'start': 1, 'landing': 3, 'end': 3, 'jump': None, \
'overshoot': None, 'visits': [2, 3]})
    """
    return {
        "n": board.n,
        "rules": game.rules.to_json(),
        "players": game.players,
        "seed": game.seed,
        "winner": game.winner,
        "end": game.end,
        "turns": [turn_to_json(turn) for turn in game.turns],
        "positions": list(game.positions),
    }


def explanation_to_json(board: Board, explanation: Explanation) -> dict[str, Any]:
    """The search explained as JSON-ready data; counts are ``count_to_json`` objects, as ``paths_count`` is.

    >>> from snakes_ladders.solver.explanation import explain
    >>> data = explanation_to_json(Board(2, {2: 3}), explain(Board(2, {2: 3})))
    >>> data["moves"], data["layers"][1]["squares"], [w["value"] for w in data["layers"][1]["ways"]], data["wall"]
    (1, [3, 4], ['2', '1'], None)
    """
    wall = explanation.wall
    return {
        "n": explanation.n,
        "moves": explanation.moves,
        "reachable": explanation.moves >= 0,
        "paths_count": count_to_json(explanation.paths_count),
        "layers": [
            {
                "move": layer.move,
                "squares": list(layer.squares),
                "ways": [count_to_json(w) for w in layer.ways],
                "arrivals": [
                    {"start": a.start, "roll": a.roll, "landing": a.landing, "end": a.end, "jump": a.jump}
                    for a in layer.arrivals
                ],
            }
            for layer in explanation.layers
        ],
        "distances": list(explanation.distances),
        "reached": list(explanation.reached),
        "wall": None
        if wall is None
        else {"furthest": wall.furthest, "squares": list(wall.squares), "ends": list(wall.ends)},
        "rules": explanation.rules.to_json(),
        **_warnings(board),
    }


def turn_to_json(turn: Turn) -> dict[str, Any]:
    """One turn as JSON-ready data: who rolled what, the step, and ``visits``, the squares walked over.

    >>> from snakes_ladders.game.seeded import play
    >>> turn_to_json(play(Board(3, {2: 8}), seed=1).turns[1])
    {'number': 2, 'player': 1, 'roll': 5, 'start': 3, 'landing': 8, 'end': 8, 'jump': None, 'overshoot': None, \
'visits': [4, 5, 6, 7, 8]}
    """
    return {
        "number": turn.number,
        "player": turn.player,
        "roll": turn.roll,
        "start": turn.start,
        "landing": turn.landing,
        "end": turn.end,
        "jump": turn.step.jump,
        "overshoot": turn.overshoot,
        "visits": list(turn.visits),
        **({} if turn.again is None else {"again": turn.again, "to_start": turn.to_start}),
    }


def outcome_to_json(
    table: Table, outcome: Outcome | None, positions: tuple[int, ...] = (), player: int = 1
) -> dict[str, Any]:
    """A turn's outcome as the ``turn`` op answers it; with no outcome, the game as ``positions`` stand
    before ``player`` rolls.  ``hopeless`` says, token by token, that n² can no longer be reached."""
    if outcome is not None:
        positions = outcome.positions
    stuck = all(position in table.hopeless for position in positions)
    return {
        "n": round(table.last**0.5),
        "turn": None if outcome is None else turn_to_json(outcome.turn),
        "positions": list(positions),
        "hopeless": [position in table.hopeless for position in positions],
        "next_player": (None if stuck else player) if outcome is None else outcome.next_player,
        "over": ("stuck" if stuck else None) if outcome is None else outcome.end,
        "winner": None if outcome is None else outcome.winner,
        "sixes": 0 if outcome is None else outcome.sixes,
    }


def progress_to_json(progress: Progress) -> dict[str, Any]:
    """One progress report of ``generate`` as JSON-ready data: evaluations, the cap, the closest board's
    figures, the work (``CONTRACT["generate"].progress``).

    >>> from snakes_ladders.generate.search import Figures, Progress
    >>> sorted(progress_to_json(Progress(100, 2000, 1.5, Figures(8, True, 41.25))).items())[:4]
    [('always_finishes', True), ('distance', 1.5), ('evaluations', 100), ('expected_rolls', 41.25)]
    """
    best = progress.best
    return {
        "evaluations": progress.evaluations,
        "max_evaluations": progress.max_evaluations,
        "distance": progress.distance,
        "min_moves": best.min_moves,
        "always_finishes": best.always_finishes,
        "expected_rolls": best.expected_rolls,
        "work": progress.work,
        "max_work": progress.max_work,
    }
