"""The contract table: every op's request fields, largest board and result shape, and the limits.

The dispatcher (``envelope``) reads it, ``tools/contract.py`` writes it for the page
(web/core/contract.mjs, web/core/client.mjs) and docs/ops.md, and tests/api/test_contract.py checks every real
reply against it, key for key and type for type.
"""

from __future__ import annotations

from ..board import MAX_PLAYERS, MAX_SEED, MAX_SIZE, MAX_TURNS, MIN_SIZE
from ..practice import MAX_BOARDS
from .declare import Field, Op
from .generating import generate_ops

API_VERSION = 1
# A 1000×1000 matrix of two-digit-wide values is about 7 MB of JSON; leave room.
MAX_REQUEST_CHARS = 32_000_000
#: The values in the text of the largest board: its cells, its rows and the list of rows.
MAX_BOARD_VALUES = MAX_SIZE * MAX_SIZE + MAX_SIZE + 1
#: A request holds a board and a few fields; this leaves room for a thousand more values.
MAX_REQUEST_VALUES = MAX_BOARD_VALUES + 1_000
#: Board text may take this many characters a cell, and this many more in all.
TEXT_CHARS_PER_CELL = 16
TEXT_CHARS_EXTRA = 65_536
BOM = "\ufeff"
# Random play's work and replies grow with the number of squares: boards up to 100×100.
RANDOM_PLAY_MAX_SIZE = 100
#: The largest board the page's editor makes (``max_size`` in its requests).
PAGE_MAX_SIZE = 50

#: What each kind of error means; ``row``, ``column`` and ``square`` are set for some board errors.
ERROR_KINDS = {
    "json": "board text that is not JSON",
    "request": "a request not of the documented form (fields, ranges, size of the text)",
    "board": "a board that breaks a rule; row, column and square say where, or are null",
    "internal": "a bug: the message says what was raised",
}


VERSION_FIELD = Field("version", str(API_VERSION), "the API version", required=True, low=API_VERSION, high=API_VERSION)
BOARD_FIELD = Field("board", "number[][]", "the LeetCode matrix (or give board_text)")
BOARD_TEXT_FIELD = Field(
    "board_text",
    "string",
    "the matrix as text, optionally after 'board ='; wins over board; at most "
    f"{TEXT_CHARS_PER_CELL} characters a cell and {TEXT_CHARS_EXTRA:,} more",
    high=MAX_SIZE * MAX_SIZE * TEXT_CHARS_PER_CELL + TEXT_CHARS_EXTRA,
)
MAX_SIZE_FIELD = Field(
    "max_size", "number", "lowers the largest board accepted", low=MIN_SIZE, high=MAX_SIZE, default=MAX_SIZE
)
RULES_FIELD = Field("rules", "Rules", "rules of play; LeetCode's when absent, and any key may be left out")
PLAYERS_FIELD = Field("players", "number", "players taking turns", low=1, high=MAX_PLAYERS, default=1)
SEED_FIELD = Field("seed", "number", "seed of the die: same request, same game", required=True, low=0, high=MAX_SEED)
_BOARD_FIELDS = (VERSION_FIELD, BOARD_FIELD, BOARD_TEXT_FIELD, MAX_SIZE_FIELD)
_WARNINGS = ("warnings", "Warnings")
_CHAINED = ("chained", "number[]")
_COUNT = "Magnitude"
_LENGTH = (
    "{p_on_turn: number[], p_by_turn: number[], rolls: number, remaining: number, trapped: number, "
    "truncated: boolean, tail_from: number | null, median: Figure | null, p90: Figure | null, p95: Figure | null}"
)
_RACE = (
    "{players: number, p_win: number[], p_no_winner: number, undecided: number, expected_total_rolls: Figure | null, "
    "total_rolls_median?: number | null, total_rolls_p90?: number | null, total_rolls_cut_off?: boolean}"
)
_APPROXIMATE = (
    "{rolls: number, p_finish: [number, number], decay: number | null, tail_share: number | null, note: string} | null"
)
_LAYER = "{move: number, squares: number[], ways: Magnitude[], arrivals: Step[]}"
_END = '"won" | "stuck" | "turn limit"'

#: The checker's side of Practice (the engine worker serves them: the sandbox where the solution runs
#: has none of this package): the battery, and the sandbox's replies checked, judged and shrunk.
_REPLY_CHARS = 1 << 20
_NEXT_RUN = (
    ("id", "number"),
    ("run", "{board: number[][], record: boolean} | null"),
    ("found", "{board: number[][], n: number, runs: number} | null"),
    ("failure", "PracticeFailure | null"),
)
PRACTICE = (
    Op(
        "battery",
        "the practice battery: the board on screen first (if given), then boards made to catch the usual mistakes",
        (
            VERSION_FIELD,
            Field("boards", "number", "boards in the battery", low=1, high=MAX_BOARDS, default=40),
            Field("seed", "number", "seed of the boards made", low=0, high=MAX_SEED, default=0),
            Field("board", "number[][] | null", "the board on screen, checked by LeetCode's rules; null: none"),
        ),
        MAX_SIZE,
        (("cases", "PracticeCase[]"),),
    ),
    Op(
        "loaded",
        "the sandbox's reply to loading a solution, checked: loaded, or why not with its line and what it printed",
        (
            VERSION_FIELD,
            Field("reply", "string", "the sandbox's reply, as it sent it", required=True, high=_REPLY_CHARS),
        ),
        MAX_SIZE,
        (("loaded", "boolean"), ("error", "string | null"), ("line", "number | null"), ("output", "string")),
    ),
    Op(
        "judge",
        "the sandbox's reply to a run on one board, checked and compared with the right answer",
        (
            VERSION_FIELD,
            Field("board", "number[][]", "the board the solution ran on, as LeetCode gives it", required=True),
            Field("reply", "string", "the sandbox's reply, as it sent it", required=True, high=_REPLY_CHARS),
        ),
        MAX_SIZE,
        (("passed", "boolean"), ("expected", "number"), ("outcome", "PracticeOutcome")),
    ),
    Op(
        "diagnose",
        "start shrinking a board the solution failed: the first smaller board to run it on (then diagnose_step), "
        "or the failure shown: its reads, the first read whose numbering is not LeetCode's, "
        "why the right answer is right",
        (
            VERSION_FIELD,
            Field("board", "number[][]", "the board the solution failed, as LeetCode gives it", required=True),
            Field("reply", "string", "the sandbox's reply to the run on it", required=True, high=_REPLY_CHARS),
            Field(
                "seconds",
                "number",
                "the most seconds shrinking takes (no run started after)",
                low=0,
                high=60,
                default=2,
            ),
        ),
        MAX_SIZE,
        (("passed", "boolean"), ("outcome", "PracticeOutcome"), *_NEXT_RUN),
    ),
    Op(
        "diagnose_step",
        "the sandbox's reply to the run diagnose asked for (null: it ran past its time limit): the next run, "
        "a smaller failing board found, or the failure shown",
        (
            VERSION_FIELD,
            Field("id", "number", "the shrinking, as diagnose numbered it", required=True, low=1, high=2**31),
            Field("reply", "string | null", "the sandbox's reply; null: the run did not finish", high=_REPLY_CHARS),
        ),
        MAX_SIZE,
        _NEXT_RUN,
    ),
)
#: The practice ops' names: the envelope hands them to ``practice``.
PRACTICE_OPS = frozenset(op.name for op in PRACTICE)

#: The ops, their request fields and results: the dispatcher reads this, and ``contract`` writes it for the page.
CONTRACT: dict[str, Op] = {
    op.name: op
    for op in (
        Op(
            "solve",
            "the least number of moves (each roll chosen) under the given rules, LeetCode's when absent, one "
            "optimal path and its detail; under the classic start the path starts off the board, at 0",
            (*_BOARD_FIELDS, RULES_FIELD),
            MAX_SIZE,
            (
                ("n", "number"),
                ("moves", "number"),
                ("reachable", "boolean"),
                ("path", "number[] | null"),
                ("steps", "Step[]"),
                ("distances", "(number | null)[]"),
                ("distances_limit", "number | null"),
                ("paths_count", _COUNT),
                ("explored", "number"),
                _WARNINGS,
                _CHAINED,
                ("rules", "RulesUsed"),
            ),
        ),
        Op(
            "validate",
            "the checked board and its warnings",
            (*_BOARD_FIELDS, RULES_FIELD),
            MAX_SIZE,
            (
                ("n", "number"),
                ("matrix", "number[][]"),
                ("jumps", "[number, number][]"),
                _WARNINGS,
                _CHAINED,
            ),
        ),
        Op(
            "min_moves",
            "only the least number of moves (-1 when unreachable), under the rules given (LeetCode's by default)",
            (*_BOARD_FIELDS, RULES_FIELD),
            MAX_SIZE,
            (
                ("n", "number"),
                ("moves", "number"),
                ("rules", "RulesUsed"),
            ),
        ),
        Op(
            "analyze",
            "random-play figures, exact within the work budget, else estimates that say so: expected rolls, game "
            "length, visits, the players' chances (jump use: jump_use)",
            (*_BOARD_FIELDS, RULES_FIELD, PLAYERS_FIELD),
            RANDOM_PLAY_MAX_SIZE,
            (
                ("n", "number"),
                ("rules", "RulesUsed"),
                ("finishable", '"always" | "not always" | "never"'),
                ("p_finish", "Figure | null"),
                ("expected_rolls", "Figure | null"),
                ("expected_rolls_if_finished", "Figure | null"),
                ("expected_turns?", "Figure | null"),
                ("length", _LENGTH),
                ("visits", "(Figure | null)[]"),
                ("jumps", "JumpUse[]"),
                ("traps", "number[][]"),
                ("race", _RACE),
                ("unsolved", "string | null"),
                ("approximate", _APPROXIMATE),
                _WARNINGS,
                _CHAINED,
            ),
            worker="analysis",
        ),
        Op(
            "jump_use",
            "the chance that random play uses each snake and ladder (analyze's second stage), or why not",
            (*_BOARD_FIELDS, RULES_FIELD),
            RANDOM_PLAY_MAX_SIZE,
            (
                ("n", "number"),
                ("jumps", "JumpUse[]"),
                ("refused", "string | null"),
            ),
            worker="analysis",
        ),
        Op(
            "explain",
            "the LeetCode search layer by layer, and the wall when unreachable; of rules only start is read "
            "(off the board: layer 0 is position 0), and rules says what was explained",
            (*_BOARD_FIELDS, RULES_FIELD),
            RANDOM_PLAY_MAX_SIZE,
            (
                ("n", "number"),
                ("moves", "number"),
                ("reachable", "boolean"),
                ("paths_count", _COUNT),
                ("layers", f"{_LAYER}[]"),
                ("distances", "(number | null)[]"),
                ("reached", "number[]"),
                ("wall", "{furthest: number, squares: number[], ends: number[]} | null"),
                ("rules", "RulesUsed"),
                _WARNINGS,
                _CHAINED,
            ),
        ),
        Op(
            "play",
            "one seeded game: every turn, the winner and how it ended",
            (*_BOARD_FIELDS, RULES_FIELD, PLAYERS_FIELD, SEED_FIELD),
            RANDOM_PLAY_MAX_SIZE,
            (
                ("n", "number"),
                ("rules", "RulesUsed"),
                ("players", "number"),
                ("seed", "number"),
                ("winner", "number | null"),
                ("end", _END),
                ("turns", "Turn[]"),
                ("positions", "number[]"),
            ),
        ),
        Op(
            "move",
            "where one roll of a real die takes a token (hot-seat play)",
            (
                *_BOARD_FIELDS,
                RULES_FIELD,
                Field(
                    "position",
                    "number",
                    "where the token stands: 0 off the board (classic start), else 1 to n² - 1",
                    required=True,
                    low=0,
                    high=RANDOM_PLAY_MAX_SIZE * RANDOM_PLAY_MAX_SIZE - 1,
                ),
                Field("roll", "number", "the die's roll", required=True, low=1, high=6),
            ),
            RANDOM_PLAY_MAX_SIZE,
            (
                ("start", "number"),
                ("roll", "number"),
                ("landing", "number"),
                ("end", "number"),
                ("jump", "JumpKind | null"),
                ("overshoot", "OvershootRule | null"),
                ("won", "boolean"),
                ("hopeless", "boolean"),
            ),
        ),
        Op(
            "turn",
            "one turn of a game (hot-seat play): the move, the squares walked, who rolls next, how the game ended",
            (
                *_BOARD_FIELDS,
                RULES_FIELD,
                PLAYERS_FIELD,
                Field(
                    "positions",
                    "number[]",
                    "where each token stands, player 1 first: 0 off the board (classic start), else 1 to n² - 1; "
                    "left out: every player's token at the start",
                    low=0,
                    high=RANDOM_PLAY_MAX_SIZE * RANDOM_PLAY_MAX_SIZE - 1,
                ),
                Field(
                    "player",
                    "number",
                    "who rolls: turn k is player (k - 1) % players + 1",
                    low=1,
                    high=MAX_PLAYERS,
                    default=1,
                ),
                Field("number", "number", "the turn's number, 1 first", low=1, high=MAX_TURNS, default=1),
                Field("roll", "number", "the die's roll; left out: the game before a roll", low=1, high=6),
                Field(
                    "sixes",
                    "number",
                    "the 6s already rolled in this turn (the last reply's sixes): 0 at a turn's first roll",
                    low=0,
                    high=MAX_TURNS,
                    default=0,
                ),
            ),
            RANDOM_PLAY_MAX_SIZE,
            (
                ("n", "number"),
                ("turn", "Turn | null"),
                ("positions", "number[]"),
                ("hopeless", "boolean[]"),
                ("next_player", "number | null"),
                ("over", f"{_END} | null"),
                ("winner", "number | null"),
                ("sixes", "number"),
            ),
        ),
        *generate_ops(VERSION_FIELD, RULES_FIELD, MAX_SIZE_FIELD),
        *PRACTICE,
    )
}
