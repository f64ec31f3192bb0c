"""Command line: exit codes, JSON on stdout, exactly one line on stderr for bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import reference
from helpers import EXAMPLE_1, EXAMPLE_1_FILE, FIXTURES, in_process, one_line, run, within
from snakes_ladders import api
from snakes_ladders.cli.commands import main


@pytest.fixture
def write(tmp_path: Path):
    """Write text (or bytes) to a file in tmp_path and return its path as a string."""

    def write_(content: str | bytes, name: str = "board.json") -> str:
        path = tmp_path / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
        return str(path)

    return write_


# --------------------------------------------------------------------------- success


class TestSubprocess:
    def test_solve_file(self) -> None:
        done = run("solve", str(EXAMPLE_1_FILE))
        assert done.returncode == 0, done.stderr
        assert done.stderr == b""
        result = json.loads(done.stdout)
        assert result["moves"] == 4
        assert reference.path_problem(EXAMPLE_1, result["path"]) is None
        assert result["distances"] == list(within(reference.distances(EXAMPLE_1), result["distances_limit"]))
        assert result["paths_count"]["value"] == str(reference.count_optimal_rolls(EXAMPLE_1))

    def test_moves_stdin(self) -> None:
        done = run("moves", "-", stdin="board = [[-1,-1],[-1,3]]\n")
        assert (done.returncode, done.stdout, done.stderr) == (0, b"1\n", b"")

    def test_relative_path_from_the_help_text(self) -> None:
        done = run("moves", "tests/fixtures/leetcode_example_1.json")
        assert (done.returncode, done.stdout.strip()) == (0, b"4")

    def test_bad_board_one_line(self) -> None:
        done = run("solve", "-", stdin="[[-1,-1],[2,-1]]")
        assert done.returncode == 2
        assert done.stdout == b""
        assert one_line(done.stderr.decode()) == (
            "snakes_ladders: <stdin>: square 1 (row 1, column 0): the start square cannot hold a snake or ladder"
        )

    def test_missing_file(self, tmp_path: Path) -> None:
        missing = tmp_path / "nope.json"
        done = run("validate", str(missing))
        assert done.returncode == 2
        assert done.stdout == b""
        assert (
            one_line(done.stderr.decode())
            == f"snakes_ladders: {missing}: cannot read the file: No such file or directory"
        )

    def test_help(self) -> None:
        done = run("--help")
        assert done.returncode == 0
        text = done.stdout.decode()
        for word in ("solve", "moves", "validate", "FILE", "-", "exit status", "LeetCode"):
            assert word in text

    def test_usage_error_exits_2(self) -> None:
        done = run()
        assert done.returncode == 2
        assert b"usage" in done.stderr
        assert done.stdout == b""


class TestSolve:
    def test_fixtures(self, board_fixture: dict, capsys: pytest.CaptureFixture) -> None:
        path = str(FIXTURES / f"{board_fixture['name']}.json")
        status, out, err = in_process(["solve", path], capsys)
        assert (status, err) == (0, "")
        assert out.endswith("\n") and out.count("\n") == 1  # compact JSON on one line
        result = json.loads(out)
        assert result["moves"] == board_fixture["moves"]
        assert result["n"] == len(board_fixture["board"])
        dist = reference.distances(board_fixture["board"])
        assert result["distances"] == list(within(dist, result["distances_limit"]))

    def test_indent(self, capsys: pytest.CaptureFixture) -> None:
        status, out, err = in_process(["solve", str(EXAMPLE_1_FILE), "--indent", "2"], capsys)
        assert (status, err) == (0, "")
        assert out.startswith('{\n  "n": 6,\n')
        assert json.loads(out)["moves"] == 4

    def test_same_as_api(self, capsys: pytest.CaptureFixture) -> None:
        status, out, _ = in_process(["solve", str(EXAMPLE_1_FILE)], capsys)
        reply = json.loads(api.handle(json.dumps({"version": 1, "op": "solve", "board": EXAMPLE_1})))
        assert status == 0
        assert json.loads(out) == reply["result"]


class TestMoves:
    def test_fixtures(self, board_fixture: dict, capsys: pytest.CaptureFixture) -> None:
        path = str(FIXTURES / f"{board_fixture['name']}.json")
        status, out, err = in_process(["moves", path], capsys)
        assert (status, out, err) == (0, f"{board_fixture['moves']}\n", "")

    @pytest.mark.parametrize(
        ("text", "moves"),
        [
            ("[[-1,-1],[-1,3]]", "1\n"),
            ("board = [[-1,-1],[-1,3]]", "1\n"),
            ("board =\n[[-1,-1,-1],\n [-1,-1,-1],\n [-1,-1,-1]]\n", "2\n"),
            (json.dumps(reference.matrix_from_jumps(3, dict.fromkeys(range(3, 9), 1))), "-1\n"),
        ],
        ids=["plain", "prefix", "multiline", "unreachable"],
    )
    def test_stdin(self, text: str, moves: str, capsys, monkeypatch) -> None:
        status, out, err = in_process(["moves", "-"], capsys, stdin=text, monkeypatch=monkeypatch)
        assert (status, out, err) == (0, moves, "")

    def test_fixture_object(self, write, capsys) -> None:
        path = write(json.dumps({"name": "x", "moves": 99, "board": [[-1, -1], [-1, 3]]}))
        assert in_process(["moves", path], capsys) == (0, "1\n", "")

    def test_board_file_with_name(self, write, capsys) -> None:
        path = write("board = [[-1,-1],[-1,3]]", name="my board.txt")
        assert in_process(["moves", path], capsys) == (0, "1\n", "")


class TestValidate:
    def test_prints_board(self, capsys) -> None:
        status, out, err = in_process(["validate", str(EXAMPLE_1_FILE)], capsys)
        assert (status, err) == (0, "")
        result = json.loads(out)
        assert result["matrix"] == EXAMPLE_1
        assert result["jumps"] == [[2, 15], [14, 35], [17, 13]]
        assert result["warnings"] == {"total": 0, "shown": []}

    def test_warns_about_chained_jumps(self, write, capsys) -> None:
        path = write(json.dumps(reference.matrix_from_jumps(5, {2: 20, 20: 3})))
        status, out, err = in_process(["validate", path], capsys)
        assert (status, err) == (0, "")
        assert [w["square"] for w in json.loads(out)["warnings"]["shown"]] == [2]


# --------------------------------------------------------------------------- bad input

BAD_INPUT = {
    "start-square": ("[[-1,-1],[2,-1]]", "square 1 (row 1, column 0): the start square cannot hold a snake or ladder"),
    "last-square": ("[[3,-1],[-1,-1]]", "square 4 (row 0, column 0): the last square cannot hold a snake or ladder"),
    "out-of-range": (
        "[[-1,-1],[-1,9]]",
        "square 2 (row 1, column 1): value 9 is out of range: use -1 or a square from 1 to 4",
    ),
    "float": ("[[-1,-1],[-1,3.5]]", "square 2 (row 1, column 1): expected an integer, got 3.5"),
    "bool": ("[[-1,-1],[-1,true]]", "square 2 (row 1, column 1): expected an integer, got true"),
    "ragged": ("[[-1,-1],[-1]]", "row 1: has 1 value, but a board with 2 rows needs 2 in every row"),
    "one-row": ("[[-1]]", "the board has 1 row: the smallest board is 2×2"),
    "not-a-list": (
        '{"rows": [[-1,-1],[-1,3]]}',
        'the board must be a list of rows, got {"rows": [[-1, -1], [-1, 3]]} (an object)',
    ),
    "fixture-bad-board": (
        '{"name": "x", "board": [[-1,-1],[2,-1]]}',
        "square 1 (row 1, column 0): the start square cannot hold a snake or ladder",
    ),
    "fixture-board-text": (
        '{"board": "[[-1,-1],[-1,3]]"}',
        'the board must be a list of rows, got "[[-1,-1],[-1,3]]" (a string)',
    ),
    "empty": ("", "the board text is empty: paste a LeetCode matrix such as [[-1, -1], [-1, -1]]"),
    "not-json": ("[[-1,-1],[-1,3]", "the board text is not valid JSON: Expecting ',' delimiter at line 1, column 16"),
    "not-json-second-line": (
        "board =\n[[-1 -1],[-1,3]]",
        "the board text is not valid JSON: Expecting ',' delimiter at line 2, column 6",
    ),
    "nested-too-deep": (
        "[" * 50_000,
        "the board text is not a board: lists or objects are nested 50000 deep; a board needs only 2 (a list of rows)",
    ),
}


class TestBadInput:
    @pytest.mark.parametrize("command", ["solve", "moves", "validate"])
    @pytest.mark.parametrize(("text", "message"), list(BAD_INPUT.values()), ids=list(BAD_INPUT))
    def test_file(self, command: str, text: str, message: str, write, capsys) -> None:
        path = write(text)
        status, out, err = in_process([command, path], capsys)
        assert status == 2
        assert out == ""
        assert one_line(err) == f"snakes_ladders: {path}: {message}"

    @pytest.mark.parametrize(("text", "message"), list(BAD_INPUT.values()), ids=list(BAD_INPUT))
    def test_stdin(self, text: str, message: str, capsys, monkeypatch) -> None:
        status, out, err = in_process(["solve", "-"], capsys, stdin=text, monkeypatch=monkeypatch)
        assert (status, out) == (2, "")
        assert one_line(err) == f"snakes_ladders: <stdin>: {message}"

    def test_huge_number(self, write, capsys) -> None:
        path = write("[[-1,-1],[-1," + "7" * 5000 + "]]")
        status, out, err = in_process(["moves", path], capsys)
        assert (status, out) == (2, "")
        assert one_line(err).startswith(f"snakes_ladders: {path}: the board text ")

    def test_multiline_message_is_folded(self, write, capsys, monkeypatch) -> None:
        # Whatever the boundary says, the CLI prints it on one line.
        def answer(_: dict) -> dict:
            error = {"kind": "board", "message": "first\nsecond\r\nthird", "row": None, "column": None, "square": None}
            return {"ok": False, "version": 1, "error": error}

        monkeypatch.setattr("snakes_ladders.cli.commands.answer", answer)
        status, _, err = in_process(["solve", write("[]")], capsys)
        assert status == 2
        assert one_line(err).endswith(": first second third")

    def test_missing_file(self, tmp_path: Path, capsys) -> None:
        missing = str(tmp_path / "missing.json")
        status, out, err = in_process(["solve", missing], capsys)
        assert (status, out) == (2, "")
        assert one_line(err) == f"snakes_ladders: {missing}: cannot read the file: No such file or directory"

    def test_directory(self, tmp_path: Path, capsys) -> None:
        status, out, err = in_process(["moves", str(tmp_path)], capsys)
        assert (status, out) == (2, "")
        assert one_line(err) == f"snakes_ladders: {tmp_path}: cannot read the file: Is a directory"

    def test_not_utf8(self, write, capsys) -> None:
        path = write(b"\xff\xfe[[-1,-1],[-1,3]]")
        status, out, err = in_process(["solve", path], capsys)
        assert (status, out) == (2, "")
        assert one_line(err) == f"snakes_ladders: {path}: not UTF-8 text: invalid start byte at byte offset 0"

    def test_internal_error_exits_1(self, capsys, monkeypatch) -> None:
        def boom(*_: object) -> None:
            raise RuntimeError("boom")

        monkeypatch.setattr(api.runners, "solve", boom)
        status, out, err = in_process(["solve", str(EXAMPLE_1_FILE)], capsys)
        assert (status, out) == (1, "")
        assert one_line(err) == f"snakes_ladders: {EXAMPLE_1_FILE}: internal error: RuntimeError: boom"


class TestHelp:
    def test_help(self, capsys) -> None:
        with pytest.raises(SystemExit) as caught:
            main(["--help"])
        assert caught.value.code == 0
        out = capsys.readouterr().out
        assert "usage: python -m snakes_ladders" in out
        for command in ("solve", "moves", "validate"):
            assert command in out
        assert "FILE" in out and "standard input" in out
        assert "exit status" in out and "2 when" in out

    @pytest.mark.parametrize("command", ["solve", "moves", "validate"])
    def test_command_help(self, command: str, capsys) -> None:
        with pytest.raises(SystemExit) as caught:
            main([command, "--help"])
        assert caught.value.code == 0
        out = capsys.readouterr().out
        assert "FILE" in out
        assert "- for stdin" in out
        assert ("--indent" in out) == (command != "moves")

    def test_version(self, capsys) -> None:
        import snakes_ladders

        with pytest.raises(SystemExit) as caught:
            main(["--version"])
        assert caught.value.code == 0
        assert capsys.readouterr().out.strip() == f"python -m snakes_ladders {snakes_ladders.__version__}"

    @pytest.mark.parametrize(
        "argv",
        [[], ["play", "x.json"], ["solve"], ["moves", "a.json", "--indent", "2"], ["solve", "a", "--indent", "x"]],
        ids=["nothing", "unknown-command", "no-file", "moves-has-no-indent", "indent-not-int"],
    )
    def test_usage_errors_exit_2(self, argv: list[str], capsys) -> None:
        with pytest.raises(SystemExit) as caught:
            main(argv)
        assert caught.value.code == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        assert "usage:" in captured.err
