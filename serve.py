#!/usr/bin/env python3
"""Build the static site (build_site.py) and serve it: exactly what a static host serves.

    python3 serve.py                 build, then serve on http://127.0.0.1:8000
    python3 serve.py --port 9000     another port
    python3 serve.py build           only write dist/ (as python3 build_site.py does)
    python3 serve.py build --no-snapshot   without the memory snapshot (every visit starts plainly)

Standard library only.  The server sends the headers a static host such as GitHub Pages sends that
the site relies on (the types of .mjs and .wasm, and Access-Control-Allow-Origin, docs/design.md).
"""

from __future__ import annotations

import argparse
import contextlib
import http.server
import subprocess
import sys
from functools import partial
from pathlib import Path
from typing import ClassVar

# The build, re-exported: the tests and benchmarks build the site through this module too.
from build_site import (  # noqa: F401
    DIST,
    PACKAGE,
    PRESETS,
    PYODIDE,
    WEB,
    BuildError,
    build,
    compiled_zip,
    ensure_pyodide,
    package_zip,
    pinned_pyodide_version,
    snapshot_key,
)

MIME_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".css": "text/css",
    ".html": "text/html",
    ".png": "image/png",
    ".webmanifest": "application/manifest+json",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def __init__(self, *args: object, quiet: bool = False, **kwargs: object) -> None:
        self.quiet = quiet
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    def end_headers(self) -> None:
        # Practice code runs in a worker with an opaque origin (web/practice/practice-runner.mjs), which may read
        # the site's files only when they allow every origin, as GitHub Pages does for every file.
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def serve(directory: Path, host: str, port: int, quiet: bool = False) -> None:
    handler = partial(Handler, directory=str(directory), quiet=quiet)
    with http.server.ThreadingHTTPServer((host, port), handler) as server:
        print(f"Serving {directory} on http://{host}:{server.server_address[1]}/ (Ctrl-C to stop)", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", nargs="?", choices=("serve", "build"), default="serve")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000, help="0 picks a free port")
    parser.add_argument("--out", type=Path, default=DIST, help="the build directory (default: dist/)")
    parser.add_argument("--quiet", action="store_true", help="do not log each request")
    parser.add_argument("--no-snapshot", action="store_true", help="build without the Pyodide memory snapshot")
    args = parser.parse_args(argv)
    try:
        out = build(args.out, snapshot=not args.no_snapshot)
    except (BuildError, subprocess.CalledProcessError) as error:
        print(f"serve.py: {error}", file=sys.stderr)
        return 1
    if args.command == "build":
        print(f"Built {out}")
        return 0
    serve(out, args.host, args.port, args.quiet)
    return 0


if __name__ == "__main__":
    sys.exit(main())
