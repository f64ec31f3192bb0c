"""The guide's pictures of a failing practice solution (docs/practice-chain.png, docs/practice-mapping.png,
docs/practice-javascript.png), taken by tools/docs_screenshots.py; ``python tools/practice_shots.py [OUT_DIR]
[--all]`` takes only these (``--all`` also the phone's and the dark theme's, for a look, not for the docs).

Each runs one of the test suite's wrong solutions (tests/practice_solutions.py, or its JavaScript twin in
tests/js/practice-solutions.mjs, read through Node) on the battery, waits for
the panel's ``failed`` state, shows the first differing read when there is one, and photographs the
failure box. Every wait is on state the page exposes.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from practice_solutions import WRONG  # noqa: E402

STORAGE_KEYS = {"python": "snakes-ladders-practice-code", "javascript": "snakes-ladders-practice-code-javascript"}
LANGUAGE_KEY = "snakes-ladders-practice-language"
READY_MS = 180_000
# shot -> (the wrong solution, its language)
SHOTS = {
    "practice-chain": ("chains-jumps", "python"),
    "practice-mapping": ("parity-from-top", "python"),
    "practice-javascript": ("parity-from-top", "javascript"),
}


def source(solution: str, language: str) -> str:
    """The wrong solution's source in ``language``."""
    if language == "python":
        return WRONG[solution][1]
    server = ROOT / "tests" / "js" / "practice-js-server.mjs"
    reply = subprocess.run(
        ["node", str(server)], input='{"solutions": true}\n', capture_output=True, text=True, check=True, cwd=ROOT
    )
    text: str = json.loads(reply.stdout)["wrong"][solution][1]
    return text


def screen_context(browser: Browser, width: int, height: int, scheme: str) -> BrowserContext:
    """A fresh browser context as a visitor's screen: a phone (touch) below 500 px wide, motion reduced."""
    phone = width < 500
    return browser.new_context(
        viewport={"width": width, "height": height},
        color_scheme=scheme,  # type: ignore[arg-type]
        reduced_motion="reduce",
        has_touch=phone,
        is_mobile=phone,
        device_scale_factor=1,
    )


def shoot_practice(browser: Browser, url: str, out: Path, *, every: bool = False) -> None:
    """docs/practice-chain.png, docs/practice-mapping.png and docs/practice-javascript.png at 1280x800, light;
    ``every``: also 390x844 and dark, named ``<shot>-<width>-<scheme>.png``."""
    sizes = ((1280, 800), (390, 844)) if every else ((1280, 800),)
    for shot, (solution, language) in SHOTS.items():
        code = source(solution, language)
        for scheme in ("light", "dark") if every else ("light",):
            for width, height in sizes:
                context = screen_context(browser, width, height, scheme)
                # The solution as the visitor's own saved code, so the editor opens with it.
                context.add_init_script(
                    f"localStorage.setItem({STORAGE_KEYS[language]!r}, {code!r});"
                    f"localStorage.setItem({LANGUAGE_KEY!r}, {language!r})"
                )
                page = context.new_page()
                page.goto(f"{url}#practice")
                page.wait_for_selector("#practice-panel[data-state=idle]", timeout=READY_MS)
                page.click("[data-practice=run]")
                page.wait_for_selector("#practice-panel[data-state=failed]", timeout=READY_MS)
                box = page.locator("[data-practice=failure]")
                box.scroll_into_view_if_needed()
                name = f"{shot}.png" if not every else f"{shot}-{width}-{scheme}.png"
                box.screenshot(path=out / name)
                context.close()


def main() -> None:
    import functools
    import http.server
    import tempfile
    import threading

    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT))
    import serve

    args = [arg for arg in sys.argv[1:] if arg != "--all"]
    out = Path(args[0]) if args else ROOT / "docs"
    site = serve.build(Path(tempfile.mkdtemp()) / "dist")  # not the shared dist/
    handler = functools.partial(serve.Handler, directory=str(site), quiet=True)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
            )
            shoot_practice(browser, f"http://127.0.0.1:{server.server_address[1]}/", out, every="--all" in sys.argv)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    main()
