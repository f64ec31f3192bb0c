"""The page's board generator: one JSON request string in, progress and one JSON reply string out.

The browser's generate worker calls ``handle(request, progress)``; as the
API's ``generate`` op does, a search that misses a target returns its closest
board (``met`` false, ``missed`` and ``message`` saying which targets), so the
page can offer it.  ``progress`` hears a JSON string every
``generate.PROGRESS_EVERY`` evaluations, with the work done and the budget.  The request's fields are the
``generate`` op's (``genspec.Spec.from_json``); replies are the API's envelope::

    {"ok": true, "version": 1, "result": {...generated_to_json..., "message": "..."}}
    {"ok": false, "version": 1, "error": {"kind": "request", "message": "..."}}

Bounded work: the generator's work budget (``Spec.max_work``, at most
``genspec.MAX_WORK`` units) and cap on evaluations (``Spec.max_evaluations``)
bound the search; the request text is refused above ``MAX_REQUEST_CHARS``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .generate import GenerateError, Progress, Spec, generate, generated_to_json
from .jsontext import NestingError, check_nesting

__all__ = ["MAX_REQUEST_CHARS", "handle", "progress_to_json"]

API_VERSION = 1
#: A generate request is a handful of fields; anything longer is not one.
MAX_REQUEST_CHARS = 10_000


def progress_to_json(progress: Progress) -> dict[str, Any]:
    """One progress report as JSON-ready data: evaluations, the cap, the closest board's figures, the work.

    >>> from snakes_ladders.generate import Figures
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


def handle(request: str, progress: Callable[[str], object] | None = None) -> str:
    """Generate the board ``request`` asks for, reporting progress; never raises.

    >>> reply = json.loads(handle('{"version": 1, "n": 3, "snakes": 1, "ladders": 1, "seed": 2, '
    ...                           '"targets": {"min_moves": 1}}'))
    >>> reply["ok"], reply["result"]["met"], reply["result"]["matrix"]
    (True, True, [[-1, -1, -1], [1, -1, -1], [-1, 9, -1]])
    >>> reply = json.loads(handle('{"version": 1, "n": 10, "snakes": 1, "ladders": 1, "seed": 1, '
    ...                           '"targets": {"min_moves": 12}, "max_evaluations": 5}'))
    >>> reply["result"]["met"], reply["result"]["message"]
    (False, 'no board met every target in 5 evaluations (seed 1): least moves 12 (the closest board takes 14)')
    >>> json.loads(handle('{"version": 1, "n": 1, "snakes": 0, "ladders": 0, "seed": 0}'))["error"]["message"]
    'n must be an integer from 2 to 50, got 1'
    """
    try:
        spec = _spec(request)
        found = generate(spec, None if progress is None else _reporter(progress))
        result = generated_to_json(found)
        return json.dumps({"ok": True, "version": API_VERSION, "result": result}, ensure_ascii=False)
    except GenerateError as error:
        return _error("request", error.render("json"))  # values were read from JSON: null, not None
    except Exception as error:  # the boundary must never raise
        return _error("internal", f"internal error: {type(error).__name__}: {error}")


def _reporter(progress: Callable[[str], object]) -> Callable[[Progress], None]:
    def report(state: Progress) -> None:
        progress(json.dumps(progress_to_json(state)))

    return report


def _spec(request: object) -> Spec:
    if not isinstance(request, str):
        raise GenerateError(f"the request must be a JSON string, got {type(request).__name__}")
    if len(request) > MAX_REQUEST_CHARS:
        raise GenerateError(f"the request is {len(request):,} characters; the limit is {MAX_REQUEST_CHARS:,}")
    try:
        check_nesting(request)
        message = json.loads(request)
    except (NestingError, ValueError) as error:
        raise GenerateError(f"the request is not JSON: {error}") from None
    if not isinstance(message, dict):
        raise GenerateError("the request must be a JSON object")
    if message.get("version") != API_VERSION or type(message.get("version")) is not int:
        raise GenerateError(f"unsupported request version: this generator speaks version {API_VERSION}")
    return Spec.from_json(message)


def _error(kind: str, message: str) -> str:
    error = {"kind": kind, "message": message, "row": None, "column": None, "square": None}
    return json.dumps({"ok": False, "version": API_VERSION, "error": error}, ensure_ascii=False)
