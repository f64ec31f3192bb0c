"""Deep nesting is refused before json.loads can exhaust Pyodide's stack (a fatal error there)."""

from __future__ import annotations

import json

import pytest
from snakes_ladders.api import handle
from snakes_ladders.api.jsontext import MAX_DEPTH, NestingError, check_nesting

ACCEPTED = {
    "board": "[[-1, -1], [-1, 3]]",
    "fixture-object": '{"name": "x", "board": [[-1, -1], [-1, 3]]}',
    "brackets-in-strings": '{"note": "[[[[[[[[[[[[[[[[[[[[[[", "board": [[-1]]}',
    "escaped-quote-in-string": r'{"note": "\"[[[[[[[[[[[[[[[[[[[[[[", "board": []}',
    "at-the-limit": "[" * MAX_DEPTH + "]" * MAX_DEPTH,
    "unbalanced-but-shallow": "[[-1, -1], [-1, 3]",
    "wrong-closer": "[[-1}]",
    "no-brackets": "hello",
}

REFUSED = {
    "one-too-deep": ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), MAX_DEPTH + 1),
    "deep-and-open": ("[" * 100_000, 100_000),
    "deep-objects": ('{"a":' * 40 + "1" + "}" * 40, 40),
    "deep-inside-a-row": ("[[-1, " + "[" * 30 + "]" * 30 + "]]", 32),
}


@pytest.mark.parametrize("text", ACCEPTED.values(), ids=ACCEPTED.keys())
def test_shallow_text_passes(text: str) -> None:
    check_nesting(text)


@pytest.mark.parametrize(("text", "depth"), REFUSED.values(), ids=REFUSED.keys())
def test_deep_text_is_refused_with_its_depth(text: str, depth: int) -> None:
    with pytest.raises(NestingError) as caught:
        check_nesting(text)
    assert str(caught.value) == f"lists or objects are nested {depth} deep; a board needs only 2 (a list of rows)"


@pytest.mark.parametrize("text", [t for t, _ in REFUSED.values()], ids=REFUSED.keys())
def test_api_answers_deep_text_as_data(text: str) -> None:
    for request in (json.dumps({"version": 1, "op": "solve", "board_text": text}), text):
        reply = json.loads(handle(request))
        assert reply["ok"] is False
        assert reply["error"]["kind"] in {"json", "request"}
        assert "nested" in reply["error"]["message"]


def test_five_megabytes_of_brackets_are_refused() -> None:
    text = "[" * 2_500_000 + "]" * 2_500_000
    with pytest.raises(NestingError, match="nested 2500000 deep"):
        check_nesting(text)


# --------------------------------------------------------------------------- one linear pass

import contextlib  # noqa: E402
import signal  # noqa: E402
import time  # noqa: E402
import tracemalloc  # noqa: E402
from collections.abc import Callable  # noqa: E402

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from snakes_ladders.api import jsontext  # noqa: E402
from snakes_ladders.api.jsontext import Shape, clip_digits, clip_numbers, measure  # noqa: E402


def reference_shape(text: str) -> Shape:
    """Character by character, as a JSON parser walks the text: the deepest nesting and the values."""
    depth = peak = 0
    values = 1
    in_string = escaped = False
    previous = ""
    for char in text:
        # A backslash escapes a following quote or backslash, outside strings too (where JSON has failed).
        if escaped:
            escaped = False
            if char in '"\\':
                continue
        if char == "\\":
            escaped = True
            previous = char
            continue
        if char == '"':
            in_string = not in_string
            previous = char
            continue
        if in_string:
            continue
        if char in "[{":
            depth += 1
            peak = max(peak, depth)
            values += 1
        elif char in "]}":
            depth -= 1
            values -= previous + char in ("[]", "{}")
        elif char in ",:":
            values += 1
        previous = char
    return Shape(depth=peak, values=values)


@settings(max_examples=400)
@given(st.text(alphabet='[]{}",:\\ aé\n', max_size=60), st.integers(1, 9))
def test_measure_matches_a_character_walk_across_slices(text: str, chunk: int) -> None:
    original = jsontext.CHUNK
    jsontext.CHUNK = chunk  # tiny slices: every boundary case (escapes, strings, brackets) is crossed
    try:
        assert measure(text) == reference_shape(text)
    finally:
        jsontext.CHUNK = original


ADVERSARIAL: dict[str, Callable[[int], str]] = {
    "escaped-quotes": lambda n: '"' + '\\"' * (n // 2),
    "open-string": lambda n: '["' + "[" * n,
    "deep-brackets": lambda n: "[" * (n // 2) + "]" * (n // 2),
    "deeper-and-deeper": lambda n: "[[]" * (n // 3),
    "many-short-strings": lambda n: '["",' + '"",' * (n // 3) + '""]',
    "backslash-runs": lambda n: '["' + ("\\" * 999 + '"') * (n // 1000),
    "board": lambda n: "[" + ",".join(["[" + ", ".join(["-1"] * 100) + "]"] * (n // 500)) + "]",
}
SMALL, LARGE = 50_000, 400_000


def seconds(work: Callable[[], object], budget: float | None = None) -> float:
    """The least CPU time of a few runs of ``work``; with a budget, fail once a run takes longer.

    CPU time of this thread, not the clock: other processes on a shared machine do not count.
    """

    def too_slow(*_: object) -> None:
        raise AssertionError(f"took longer than {budget:.3f} s")

    best = float("inf")
    runs = 0
    while runs < 3 or (best * runs < 0.02 and runs < 200):
        if budget is not None:
            signal.signal(signal.SIGPROF, too_slow)
            signal.setitimer(signal.ITIMER_PROF, budget)
        start = time.thread_time()
        try:
            work()
        except jsontext.NestingError:
            pass
        finally:
            if budget is not None:
                signal.setitimer(signal.ITIMER_PROF, 0)
        best = min(best, time.thread_time() - start)
        runs += 1
    return best


@pytest.mark.perf
@pytest.mark.parametrize("make", ADVERSARIAL.values(), ids=ADVERSARIAL.keys())
def test_time_grows_linearly(make: Callable[[int], str]) -> None:
    small, large = make(SMALL), make(LARGE)
    allowed = 2.5 * len(large) / len(small)
    # A floor of 1 ms keeps timer noise on a tiny measurement from deciding the ratio.
    base = max(seconds(lambda: check_nesting(small)), 0.001)
    took = seconds(lambda: check_nesting(large), budget=base * allowed + 0.05)
    assert took / base < allowed


@pytest.mark.parametrize("make", ADVERSARIAL.values(), ids=ADVERSARIAL.keys())
def test_memory_does_not_grow_with_the_text(make: Callable[[int], str]) -> None:
    peaks = []
    for size in (SMALL, 8 * LARGE):
        text = make(size)
        tracemalloc.start()
        with contextlib.suppress(NestingError):
            check_nesting(text)
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
    # A few copies of one slice (four bytes a character at most), whatever the length of the text.
    assert max(peaks) < 12 * jsontext.CHUNK * 4, peaks


def test_long_numbers_are_clipped() -> None:
    assert clip_digits("9" * 30) == "9" * 30
    assert clip_digits("9" * 31) == "9" * 20 + "… (31 digits)"
    assert clip_numbers("square 12 of 2" + "0" * 10_000) == "square 12 of 2" + "0" * 19 + "… (10,001 digits)"
