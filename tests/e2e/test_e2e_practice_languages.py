"""Practice in each language through the page: real JavaScript and TypeScript as people write them are accepted.

A sloppy-mode JavaScript solution (``[pos, mov] = q.shift()`` with nothing declared, as LeetCode runs it) and a
TypeScript one opened from a code link with ``lang=typescript`` (types, ``!``, tuples, generics, ``as``, an enum
and an interface; the editor in its TypeScript mode) pass all 40 boards; a TypeScript syntax error names its line.
The solutions are tests/js/solution-forms.mjs's, read through Node. Python's own pass is test_e2e_practice.py's.
"""

from __future__ import annotations

import base64
import json
import subprocess
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest
from app_page import AppPage
from playwright.sync_api import expect
from test_e2e_practice import BOARDS, Practice

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(300)]

ROOT = Path(__file__).resolve().parents[2]
TYPESCRIPT_KEY = "snakes-ladders-practice-code-typescript"


def forms() -> dict[str, dict[str, str]]:
    """tests/js/solution-forms.mjs's right forms (``forms``) and TypeScript ones (``typescript``), through Node."""
    server = ROOT / "tests" / "js" / "practice-js-server.mjs"
    reply = subprocess.run(
        ["node", str(server)], input='{"solutions": true}\n', capture_output=True, text=True, check=True, cwd=ROOT
    )
    found: dict[str, dict[str, str]] = json.loads(reply.stdout)
    return found


def code_link(source: str, language: str) -> str:
    packer = zlib.compressobj(wbits=-15)
    encoded = base64.urlsafe_b64encode(packer.compress(source.encode()) + packer.flush()).decode().rstrip("=")
    return f"#n=6&lang={language}&codez={encoded}"


def word_classes(practice: Practice, *words: str) -> dict[str, list[str]]:
    """Each word of ``words`` -> the highlighting classes of the editor's spans that hold just that word
    (none when the editor draws it inside plain text, as a mode that does not know the word does)."""
    found: dict[str, list[str]] = practice.editor.evaluate(
        """(el, words) => Object.fromEntries(words.map((word) => [word, [...new Set(
             [...el.querySelectorAll("span")].filter((span) => span.textContent === word).map((span) => span.className)
           )]]))""",
        list(words),
    )
    return found


def test_sloppy_javascript_and_typescript_from_a_link_pass_and_a_typescript_error_names_its_line(
    open_app: Callable[..., AppPage],
) -> None:
    solutions = forms()
    app = open_app()
    practice = Practice(app).open()
    practice.language("JavaScript")
    practice.write(solutions["forms"]["sloppy"], "snakes-ladders-practice-code-javascript")
    practice.run()
    practice.wait_done("passed")
    expect(practice.status).to_have_text(f"All {BOARDS} boards passed.")

    typescript = solutions["typescript"]["function"]
    app.goto(code_link(typescript, "typescript"))
    practice = Practice(app)
    expect(practice.panel.get_by_label("Language")).to_have_value("typescript")
    expect(practice.editor).to_contain_text("function snakesAndLadders(board: number[][]): number {")
    # The editor reads TypeScript: `interface`, `enum` and `type` are keywords there, coloured as `function`
    # is (JavaScript's mode leaves them in plain text), and `Board` a type, coloured apart from a variable.
    classes = word_classes(practice, "interface", "enum", "type", "function", "Board", "board")
    assert all(len(found) == 1 for found in classes.values()), classes
    assert classes["interface"] == classes["enum"] == classes["type"] == classes["function"], classes
    assert classes["Board"] != classes["board"], classes
    expect(practice.status).to_contain_text("This code came from a link. It has not been run")
    practice.run()
    expect(practice.status).to_have_text("Starting TypeScript for your code…")
    practice.wait_done("passed")
    expect(practice.status).to_have_text(f"All {BOARDS} boards passed.")

    practice.write(
        "interface P { a: number }\nfunction snakesAndLadders(board: number[][]: number {\n  return 1;\n}\n",
        TYPESCRIPT_KEY,
    )
    practice.run()
    practice.wait_done("error")
    expect(practice.status).to_have_text(
        'Your code could not be loaded. Line 2: SyntaxError: Unexpected token, expected ","'
    )
