"""The runners: one function per op, from a checked request to its result.

Games (``game``), random play's analysis (``chance``), the search explained (``solver.explanation``)
and the generator's search and class sets (``generate.search``, ``generate.classset``) are imported by
the functions that use them, on first use. The page's
worker is ready once the API is imported, and those modules were about half of the package's
import time in Pyodide (creating their dataclasses, mostly). The memory snapshot imports them all
(``LATER``), so a repeat visit has them at once.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ..board import MAX_PLAYERS, Board, Rules, RulesError, show
from ..generate import GenerateError, Spec
from ..solver import least_moves, solve
from .reading import RequestError, board_from_request, integer, rules_from_request
from .shapes import (
    analysis_to_json,
    board_to_json,
    explanation_to_json,
    game_to_json,
    jump_to_json,
    outcome_to_json,
    progress_to_json,
    solution_to_json,
)
from .table import CONTRACT, MAX_SIZE_FIELD

#: The package's modules this one imports on first use.
LATER = (
    "snakes_ladders.chance.markov",
    "snakes_ladders.game.seeded",
    "snakes_ladders.game.turn",
    "snakes_ladders.generate.classset",
    "snakes_ladders.generate.search",
    "snakes_ladders.solver.explanation",
)


def _analyze(board: Board, rules: Rules, numbers: dict[str, int]) -> dict[str, Any]:
    from ..chance.markov import HEADLINE_BUDGET, analyze

    # The headline figures only, within a budget: the jump uses cost twice the elimination again.
    return analysis_to_json(board, analyze(board, rules, numbers["players"], jump_use=False, budget=HEADLINE_BUDGET))


def _jump_use(board: Board, rules: Rules, numbers: dict[str, int]) -> dict[str, Any]:
    """``{"n", "jumps", "refused"}``: each jump as in ``analysis_to_json``, or none and the refusal."""
    from ..chance.markov import JUMP_USE_BUDGET, JumpUseRefused, jump_uses

    try:
        uses = jump_uses(board, rules, JUMP_USE_BUDGET)
    except JumpUseRefused as refusal:
        return {"n": board.n, "jumps": [], "refused": str(refusal)}
    return {"n": board.n, "jumps": [jump_to_json(use) for use in uses], "refused": None}


def _solve(board: Board, rules: Rules, numbers: dict[str, int]) -> dict[str, Any]:
    try:
        return solution_to_json(board, solve(board, rules))
    except RulesError as error:  # a sixes rule the search does not model
        raise RequestError(error.render("json")) from None


def _min_moves(board: Board, rules: Rules, numbers: dict[str, int]) -> dict[str, Any]:
    """Only the least moves, as ``solve`` counts them under ``rules`` (``solve.least_moves``: O(n²));
    refused for sixes "again-three-to-start", as ``solve`` is."""
    try:
        moves = least_moves(board, rules)
    except RulesError as error:
        raise RequestError(error.render("json")) from None
    return {"n": board.n, "moves": moves, "rules": rules.to_json()}


def _explain(board: Board, rules: Rules, numbers: dict[str, int]) -> dict[str, Any]:
    from ..solver.explanation import explain

    return explanation_to_json(board, explain(board, rules))


def _play(board: Board, rules: Rules, numbers: dict[str, int]) -> dict[str, Any]:
    from ..game.seeded import play

    return game_to_json(board, play(board, rules, numbers["players"], numbers["seed"]))


def generate_op(message: dict[str, Any], progress: Callable[[str], object] | None = None) -> dict[str, Any]:
    """Answer ``generate``: a board meeting the targets, else the closest board, ``met`` false.

    Fields (``generate.Spec.from_json``): ``n`` (2 to 50, and at most ``max_size``),
    ``snakes``, ``ladders``, ``seed`` (0 to 2**53 - 1), optional ``targets``
    (``min_moves``, ``expected_rolls`` as ``[lo, hi]``, ``always_finishes``),
    ``rules``, ``max_jump``, ``no_edge_rows``, ``max_evaluations`` (1 to
    100,000, default 2,000) and ``max_work`` (the work budget, at most and by
    default ``generate.spec.MAX_WORK``).  The result is ``generate.generated_to_json``
    with ``message``: empty, or the targets the closest board misses.  A
    ``request`` error only for a bad field or targets no board can meet.  ``progress``, when given,
    hears a JSON object (``progress_to_json``) every ``generate.PROGRESS_EVERY`` evaluations and at the end.

    ``generate_set`` (the same fields, plus ``count``, 2 to 8, and ``tolerance``): a class set,
    ``generate.classset.set_to_json``; its progress objects also say which board (``board``, from 0) of ``count``.
    """
    from ..generate.classset import SetSpec, generate_set, set_to_json
    from ..generate.search import Progress, generate, generated_to_json

    def report(state: Progress, board: int | None = None) -> None:
        assert progress is not None
        extra = {} if board is None else {"board": board, "count": message.get("count")}
        progress(json.dumps({**extra, **progress_to_json(state)}))

    max_size = integer(str(message.get("op")), message, MAX_SIZE_FIELD)
    hear = None if progress is None else report
    try:
        request = SetSpec.from_json(message) if message.get("op") == "generate_set" else None
        spec = Spec.from_json(message) if request is None else request.spec
        if spec.n > max_size:
            raise GenerateError(f"n must be at most max_size, {max_size}, got {spec.n}")
        if request is not None:
            return set_to_json(generate_set(request, None if hear is None else lambda i, state: hear(state, i)))
        found = generate(spec, hear)
    except GenerateError as error:  # a malformed field, or targets no board can meet
        raise RequestError(error.render("json")) from None
    return generated_to_json(found)


def _move(board: Board, rules: Rules, numbers: dict[str, int]) -> dict[str, Any]:
    """Answer ``move``: where one roll of a real die takes a token, by ``rules.Rules.step``.

    ``position`` is 0 (off the board, under ``"start": "off-board"``) or 1, up
    to n² - 1; ``roll`` 1 to 6.  The result holds ``start``, ``roll``,
    ``landing``, ``end``, ``jump`` (``"ladder"``, ``"snake"`` or null),
    ``overshoot`` (as in ``play``), ``won`` (``end`` is n²) and ``hopeless`` (n²
    can never be reached from ``end``).  Work: O(n²), the ``hopeless`` check.

    >>> import json
    >>> from snakes_ladders.api import handle
    >>> reply = json.loads(handle('{"version": 1, "op": "move", "board": [[-1, -1, -1], [-1, -1, -1], [-1, 8, -1]], '
    ...                           '"position": 1, "roll": 1}'))
    >>> [reply["result"][key] for key in ("start", "roll", "landing", "end", "jump", "overshoot", "won", "hopeless")]
    [1, 1, 2, 8, 'ladder', None, False, False]
    """
    from ..game.turn import hopeless_positions

    low, position, roll = rules.start_position, numbers["position"], numbers["roll"]
    if not low <= position < board.last:
        raise RequestError(f"position must be an integer from {low} to {board.last - 1}, got {position}")
    step = rules.step(board.cells(), position, roll)
    return {
        "start": step.start,
        "roll": step.roll,
        "landing": step.landing,
        "end": step.end,
        "jump": step.jump,
        "overshoot": step.overshoot,
        "won": step.end == board.last,
        "hopeless": step.end in hopeless_positions(board, rules),
    }


def turn_op(message: dict[str, Any]) -> dict[str, Any]:
    """Answer ``turn``: one turn of a game, by ``turn.take_turn``, the function seeded games are played with.

    ``positions`` (default: every one of ``players`` tokens at the start), ``player`` and ``number``
    (the turn's, default 1) describe the game before the roll, and ``sixes`` (default 0) the 6s already
    rolled in this turn: under a sixes rule other than plain the reply's ``turn.again`` says the same
    player rolls again in the same turn (send the same ``number`` and the reply's ``sixes``), and
    ``next_player`` is then that player; ``roll`` is the die's.  The result is
    ``outcome_to_json``; without ``roll``, ``turn`` is null and the rest describes the game as it
    stands (``over`` is ``"stuck"`` when no token can reach n² any more).  A state no game reaches
    (a token on n², the wrong player for the number, a stuck game asked for a roll) is a ``request``
    error naming the field.

    Work: O(n²) per call, reading the board; the hopeless positions (``turn.Table.of``, a search
    over the n² squares and six rolls each, about 20 times the reading's cost) are found once for
    a board and rules and kept for the next call (``turn.remembered_table``: one table, recognised
    in O(jumps)), as a game asks about one board every turn; the turn itself is O(players).

    >>> import json
    >>> from snakes_ladders.api import handle
    >>> reply = json.loads(handle('{"version": 1, "op": "turn", "board": [[-1, -1, -1], [-1, -1, -1], [-1, 8, -1]], '
    ...                           '"positions": [1, 1], "roll": 1}'))["result"]
    >>> reply["turn"]["visits"], reply["turn"]["end"], reply["positions"], reply["next_player"], reply["over"]
    ([2], 8, [8, 1], 2, None)
    """
    from ..game.turn import TurnError, opening, remembered_table, take_turn

    op = CONTRACT["turn"]
    fields = {field.name: field for field in op.fields}
    rules = rules_from_request(message)
    names = ("max_size", "players", "player", "number", "sixes")
    number = {name: integer("turn", message, fields[name]) for name in names}
    board = board_from_request(message, min(number["max_size"], op.max_size), rules)
    table = remembered_table(board, rules)
    try:
        given = "positions" in message
        positions = _positions(message["positions"]) if given else opening(table, number["players"])[0]
        if "roll" not in message:
            return outcome_to_json(table, None, positions, number["player"])
        roll = integer("turn", message, fields["roll"])
        outcome = take_turn(table, positions, number["player"], number["number"], roll, sixes=number["sixes"])
        return outcome_to_json(table, outcome)
    except TurnError as error:
        raise RequestError(str(error)) from None


def _positions(value: Any) -> tuple[int, ...]:
    """The ``positions`` of a ``turn`` request as a tuple; ``take_turn`` checks each one's range."""
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_PLAYERS or any(type(p) is not int for p in value):
        raise RequestError(f"positions must be a list of 1 to {MAX_PLAYERS} integers, got {show(value, 'json')}")
    return tuple(value)


RUNNERS: dict[str, Callable[[Board, Rules, dict[str, int]], dict[str, Any]]] = {
    "solve": _solve,
    "min_moves": _min_moves,
    # The editor checks boards for the rules it is set to: a classic game may put a ladder on square 1.
    "validate": lambda board, rules, numbers: board_to_json(board),
    "analyze": _analyze,
    "jump_use": _jump_use,
    "explain": _explain,
    "play": _play,
    "move": _move,
}
