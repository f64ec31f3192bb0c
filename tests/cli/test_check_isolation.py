"""The check command's child holds nothing a solution could use to forge a pass, and a board's time limit
holds however many frames the solution writes.

Each hostile solution here looks for what the checker knows (the expected answers, the channel and its
token) through the interpreter's frames and ``gc``, as a solution can: the child runs the runner alone
(``python -I``, the package not imported), is sent one board a request and never an answer, and the parent
takes exactly one outcome frame a request, within ``--timeout``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from helpers import ROOT

#: Finds, in every frame and every object gc tracks, what the old child held: the job with the expected
#: answers, the channel's descriptor and its token.
SEARCH = """
import gc, json, os, sys

def found():
    places = []
    frame = sys._getframe()
    while frame is not None:
        places.append(frame.f_locals)
        frame = frame.f_back
    places += [item for item in gc.get_objects() if type(item) is dict]
    seen = {}
    for place in places:
        for key, kind in (("expected", list), ("token", str), ("channel", int)):
            if type(place.get(key)) is kind and key not in seen:
                seen[key] = place[key]
    return seen

def outcome(answer):
    return {"answer": answer, "shown": str(answer), "error": None, "line": None, "output": "",
            "reads": [], "reads_total": 0, "mutated": False}
"""

#: Answers with the expected answers if it finds them, else 0; says what of the checker it could see.
FORGE_BY_ANSWERING = (
    SEARCH
    + """
calls = [0]

def snakesAndLadders(board):
    seen = found()
    print("package imported:", any(name.startswith("snakes_ladders") for name in sys.modules))
    print("expected answers found:", "expected" in seen)
    calls[0] += 1
    return seen["expected"][calls[0] - 1] if "expected" in seen else 0
"""
)

#: Writes a passing outcome frame for every board on the channel, then exits.
FORGE_BY_FRAMES = (
    SEARCH
    + """
def snakesAndLadders(board):
    seen = found()
    if "token" in seen and "channel" in seen:
        answers = seen.get("expected", [0] * 40)
        for answer in answers:
            line = seen["token"] + " " + json.dumps(outcome(answer)) + "\\n"
            os.write(int(seen["channel"]), line.encode("ascii"))
        os._exit(0)
    return 0
"""
)

#: Floods the channel with valid printed frames for up to 30 s, then answers (wrongly).
FLOOD = (
    SEARCH
    + """
import time

def snakesAndLadders(board):
    seen = found()
    line = (seen["token"] + " " + json.dumps({"printed": "x"}) + "\\n").encode("ascii")
    end = time.monotonic() + 30
    while time.monotonic() < end:
        os.write(int(seen["channel"]), line * 50)
    return 0
"""
)


def check(solution: Path, *args: str) -> tuple[subprocess.CompletedProcess[str], float]:
    """``python -m snakes_ladders check`` on ``solution``, and its wall time in seconds."""
    path = os.pathsep.join(filter(None, [str(ROOT / "py"), os.environ.get("PYTHONPATH")]))
    command = [sys.executable, "-m", "snakes_ladders", "check", str(solution), *args]
    started = time.monotonic()
    done = subprocess.run(
        command, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": path}, cwd=ROOT, timeout=300
    )
    return done, time.monotonic() - started


def test_a_solution_finds_no_expected_answer_and_no_package_in_its_process(tmp_path: Path) -> None:
    solution = tmp_path / "answers.py"
    solution.write_text(FORGE_BY_ANSWERING)
    done, _ = check(solution, "--boards", "3")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "0 of 3 boards passed" in done.stdout
    assert "printed:\npackage imported: False\nexpected answers found: False\n" in done.stdout


def test_passing_frames_written_on_the_channel_pass_nothing(tmp_path: Path) -> None:
    solution = tmp_path / "frames.py"
    solution.write_text(FORGE_BY_FRAMES)
    done, _ = check(solution, "--boards", "3", "--json")
    assert done.returncode == 1, done.stdout + done.stderr
    assert json.loads(done.stdout)["passed"] == 0


def test_a_board_flooding_printed_frames_ends_at_its_time_limit(tmp_path: Path) -> None:
    """Measured against a solution that just loops: flooding valid frames must not keep its board running."""
    looping = tmp_path / "loops.py"
    looping.write_text("def snakesAndLadders(board):\n    while True:\n        pass\n")
    _, baseline = check(looping, "--boards", "1", "--timeout", "1")
    solution = tmp_path / "flood.py"
    solution.write_text(FLOOD)
    done, elapsed = check(solution, "--boards", "1", "--timeout", "1", "--json")
    failure = json.loads(done.stdout)["failures"][0]
    assert elapsed < 2 * baseline + 3, (elapsed, baseline)  # the flood runs 30 s
    assert failure["error"] == "did not finish within 1 s: stopped"
    assert failure["output"].startswith("x" * 4000) and failure["output"].endswith(" more printed frames cut off)")
