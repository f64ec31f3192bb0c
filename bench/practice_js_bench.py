#!/usr/bin/env python3
"""A JavaScript practice solution's runs against a Python one's: time a run of the same BFS.

    .venv/bin/python bench/practice_js_bench.py           20 runs a row
    .venv/bin/python bench/practice_js_bench.py --runs 50

The JavaScript BFS (tests/js/practice-solutions.mjs) runs in the page's own runner (web/workers/js-solution.mjs:
the code interpreted by sval, its reads recorded by Proxies) in one Node process, asked over a pipe as the
Python tests ask it (tests/practice/test_practice_javascript.py's NodeRunner): a row's time includes the pipe and
JSON, about a tenth of a millisecond.  The Python BFS (tests/practice_solutions.py) runs in this CPython
through ``runner.solution.run``, on the recording board when ``record``.  The page runs both in the browser
(sval on Chromium's V8, Python on Pyodide, slower than CPython): these rows compare the interpreter's cost,
they are not the page's times.  A benchmark, not a test: nothing asserts on time.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "tests")]

from practice_solutions import BFS
from snakes_ladders.practice.cases import generate
from snakes_ladders.runner.solution import load, run
from test_practice_javascript import NodeRunner


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="runs a row (default 20)")
    runs = parser.parse_args().runs
    node = NodeRunner()
    node.load(json.loads(node.ask({"solutions": True}))["right"]["bfs"])
    python, _ = load(BFS)
    print("| board | n | record | reads | JavaScript (sval) ms | Python ms | ratio |")
    print("|---|---|---|---|---|---|---|")
    for kind in ("largest", "long-game", "random"):
        rows = generate(kind, 0, 0).to_matrix()
        text = json.dumps(rows)
        for record in (True, False):
            start = time.perf_counter()
            for _ in range(runs):
                outcome = json.loads(node.run(text, record))
            js = (time.perf_counter() - start) / runs * 1000
            start = time.perf_counter()
            for _ in range(runs):
                run(python, rows, None, record)
            py = (time.perf_counter() - start) / runs * 1000
            reads = outcome["reads_total"]
            print(f"| {kind} | {len(rows)} | {record} | {reads:,} | {js:.1f} | {py:.1f} | {js / max(py, 1e-9):.0f} |")
    node.close()


if __name__ == "__main__":
    main()
