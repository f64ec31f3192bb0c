"""The board's Export and Show controls: the PNG at print resolution, the Show switches waiting for
something to show, and the key of player colours naming a hot-seat game's players."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest
from app_page import AppPage
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_png_export_is_print_resolution_with_its_density(app: AppPage) -> None:
    """The PNG is 3000 pixels a side (a 6×6 board's was 800, a 10×10's 800 too) and says 300 dpi, so it
    prints 10 inches wide."""
    app.page.get_by_text("Export", exact=True).click()
    with app.page.expect_download() as info:
        app.button("PNG image").click()
    path = info.value.path()
    assert path is not None
    data = Path(path).read_bytes()
    width, height = png_size(data)
    assert width == height and width >= 2000
    chunk = data[33:54]
    assert chunk[4:8] == b"pHYs", chunk
    per_metre_x, per_metre_y, unit = struct.unpack(">IIB", chunk[8:17])
    assert unit == 1 and per_metre_x == per_metre_y and round(per_metre_x * 0.0254) == 300
    assert struct.unpack(">I", chunk[17:21])[0] == zlib.crc32(chunk[4:17])
    # Everything after it still decodes: the pixel data is whole (zlib's check of every IDAT together).
    idat, at = b"", 8
    while at < len(data):
        length = struct.unpack(">I", data[at : at + 4])[0]
        if data[at + 4 : at + 8] == b"IDAT":
            idat += data[at + 8 : at + 8 + length]
        at += 12 + length
    assert len(zlib.decompress(idat)) == height * (1 + width * 4)


def layer_switches(app: AppPage) -> dict[str, tuple[bool, bool]]:
    """Each Show switch's label: (enabled, checked)."""
    return app.page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('.layers label')].map((label) => {
          const input = label.querySelector('input');
          return [label.textContent.trim(), [!input.disabled, input.checked]];
        }))"""
    )


def test_show_switches_wait_for_something_to_show(app: AppPage) -> None:
    """Before anything is drawn the switches are off and disabled; a solve's path turns Path on."""
    off = (False, False)
    assert layer_switches(app) == {"Path": list(off), "Search": list(off), "Game tokens": list(off)}
    app.wait_ready()
    app.solve()
    app.expect_answer(4)
    expect(app.page.get_by_label("Path", exact=True)).to_be_checked()
    assert layer_switches(app) == {"Path": [True, True], "Search": list(off), "Game tokens": list(off)}
    app.tool("Jumps")  # the board is changed in Design
    app.square(10).click()
    app.square(20).click()  # an edit clears the path: the switch waits again
    expect(app.page.get_by_label("Path", exact=True)).to_be_disabled()


def test_player_key_names_the_players_of_a_hot_seat_game(app: AppPage) -> None:
    """Named players are named in the key of player colours, each swatch in the colour chosen."""
    app.wait_ready()  # the panel's module loads on first use, as start_hot_seat (test_e2e_designer) waits
    app.page.locator('a[data-workspace="play"]').click()
    panel = app.page.get_by_role("region", name="Play with real dice")
    panel.get_by_label("Number of players").select_option("2")
    for index, name in enumerate(["Ana", "Bo"]):
        panel.get_by_label(f"Player {index + 1} name").fill(name)
    panel.get_by_role("button", name="Start game").click()
    expect(panel).to_have_attribute("data-state", "playing")
    colours = panel.locator('[data-hotseat="colour"]').evaluate_all("inputs => inputs.map((i) => i.value)")
    key = app.page.get_by_role("list", name="Player colours")
    expect(key.get_by_role("listitem")).to_have_text(["Ana", "Bo"])
    swatches = key.locator(".swatch").evaluate_all("spans => spans.map((s) => getComputedStyle(s).backgroundColor)")
    chosen = [f"rgb({int(c[1:3], 16)}, {int(c[3:5], 16)}, {int(c[5:7], 16)})" for c in colours[:2]]
    assert swatches == chosen
