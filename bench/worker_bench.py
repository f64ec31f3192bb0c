#!/usr/bin/env python3
"""min_moves on 1000×1000 boards inside the page's own Python worker, in Chromium.

    .venv/bin/python bench/worker_bench.py [--size 1000] [--repeat 5] [--only NAME ...]

Builds and serves the site as bench/page_bench.py does, opens the app in headless Chromium, waits
until Python is ready, and then hands the page's worker (web/workers/engine.worker.mjs, the one the app
talks to) the same request the app would send: ``{"op": "min_moves", "board": [...]}`` as JSON
text.  The request goes in through the worker's own message handler and the reply is caught on its
way out, so the time (``performance.now()`` in the worker) is Pyodide's ``snakes_ladders.api.handle``
end to end: parsing the JSON, checking every cell, building the Board and the search.  The boards
are bench/solver_bench.py's families; each answer is compared with CPython's.  Prints a markdown
table and writes bench/results/worker.json.  A benchmark, not a test: nothing here asserts on time.
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from page_bench import LOAD_TIMEOUT_MS, expect, fresh_profile, new_page, served_site, sync_playwright
from snakes_ladders import min_moves
from solver_bench import FAMILIES, board_arguments, matrix_of

RESULTS = HERE / "results" / "worker.json"

# Runs in the worker's global scope: feeds one request to the worker's message handler and
# catches the reply it posts, leaving every other message alone.
CALL_IN_WORKER = """async (payload) => {
  const id = `bench-${performance.now()}`;
  const post = self.postMessage;
  let settle;
  const replied = new Promise((resolve) => { settle = resolve; });
  self.postMessage = (message, ...rest) =>
    message?.id === id ? settle(message) : post.call(self, message, ...rest);
  try {
    const start = performance.now();
    self.dispatchEvent(new MessageEvent("message", { data: { id, type: "call", payload } }));
    const reply = await replied;
    return { ms: performance.now() - start, reply };
  } finally {
    self.postMessage = post;
  }
}"""


def main(argv: list[str] | None = None) -> int:
    args = board_arguments(__doc__.splitlines()[0], RESULTS, "requests").parse_args(argv)
    n = args.size
    rows = []
    with served_site() as (url, _log, _out), sync_playwright() as pw, fresh_profile(pw) as context:
        page, errors = new_page(context, "worker bench")
        page.goto(url)
        expect(page.locator("#engine")).to_have_attribute("data-engine", "ready", timeout=LOAD_TIMEOUT_MS)
        if len(page.workers) != 1:
            raise SystemExit(f"expected the page's one Python worker, found {len(page.workers)} workers")
        worker = page.workers[0]
        for family, make in FAMILIES.items():
            if args.only and family not in args.only:
                continue
            jumps = make(n)
            matrix = matrix_of(n, jumps)
            expected = min_moves(matrix)
            request = json.dumps({"version": 1, "op": "min_moves", "board": matrix}, separators=(",", ":"))
            times = []
            for _ in range(args.repeat):
                answer = worker.evaluate(CALL_IN_WORKER, request)
                reply = answer["reply"]
                if not reply.get("ok"):
                    raise SystemExit(f"{family}: the worker failed: {reply.get('error')}")
                response = json.loads(reply["result"])
                if not response.get("ok") or response["result"]["moves"] != expected:
                    raise SystemExit(f"{family}: the worker answered {response}, CPython {expected}")
                times.append(answer["ms"])
            errors.check()
            rows.append(
                {
                    "family": family,
                    "jumps": len(jumps),
                    "moves": expected,
                    "request_bytes": len(request),
                    "median_ms": statistics.median(times),
                    "times_ms": times,
                }
            )
            print(f"{family:>13}: {statistics.median(times):.0f} ms", file=sys.stderr, flush=True)

    print(f"\n{n}×{n} boards in the page's Python worker (Chromium, Pyodide), median of {args.repeat}, ms.\n")
    print("| board | jumps | moves | request (MB) | min_moves request in the worker (ms) |")
    print("|---|---:|---:|---:|---:|")
    for row in rows:
        print(
            f"| {row['family']} | {row['jumps']:,} | {row['moves']:,} | {row['request_bytes'] / 1e6:.1f} "
            f"| {row['median_ms']:.0f} |"
        )
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    if load:
        print(f"\nLoad average during the run: {load[0]:.1f} ({os.cpu_count()} CPUs).")
    args.json.parent.mkdir(parents=True, exist_ok=True)
    document = {"size": n, "repeat": args.repeat, "platform": platform.platform(), "loadavg": load, "rows": rows}
    args.json.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
