"""The Watch section's controls on a phone: the N menu (once as wide as its longest choice, "16
(first 64 moves)") pushed Forward under Back on a 390 px window.  Now N, Back and Forward share
one line for every N up to 8, Back and Forward side by side (the same top, Forward right after
Back) for every N, 16 too, and nothing is wider than the window (desktop and phone windows,
screenshots under /tmp)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def box(page, selector: str) -> dict:
    """The element's bounding box (it must be shown)."""
    found = page.locator(selector).bounding_box()
    assert found is not None, f"{selector} is not shown"
    return found


def same_line(a: dict, b: dict) -> bool:
    """Whether two boxes stand on one line: each reaches into the other's height."""
    return a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"]


def test_back_and_forward_stay_side_by_side(visitor):
    page = visitor
    width = page.viewport_size["width"]
    menu = page.locator("#watch-n")
    choices = menu.locator("option").evaluate_all("os => os.map(o => o.value)")
    assert "4" in choices and "16" in choices
    page.locator("#watch").scroll_into_view_if_needed()
    for n in [*choices, "4"]:  # every N, back to the one the page opens with
        menu.select_option(n)
        page.wait_for_function(
            "n => devilcoins.watch.data !== null && devilcoins.watch.data.n === Number(n)", arg=n
        )
        expect(page.locator("#watch-step")).not_to_contain_text("loading")
        back, forward, chosen = box(page, "#back"), box(page, "#forward"), box(page, "#watch-n")
        assert back["y"] == pytest.approx(forward["y"], abs=0.5), (n, back, forward)
        assert back["x"] + back["width"] <= forward["x"] <= back["x"] + back["width"] + 20, n
        assert forward["x"] + forward["width"] <= width, (n, forward)  # inside the window
        if n != "16":  # the menu as wide as its choice: all three on one line
            assert same_line(chosen, back) and chosen["x"] + chosen["width"] <= back["x"], n
        if n in ("4", "16"):
            page.locator("#watch").screenshot(path=f"/tmp/watch-controls-{width}-{n}.png")
    # the page itself is no wider than the window: nothing pushed out sideways
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    assert page.errors == []
