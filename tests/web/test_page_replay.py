"""Issue 10 in a real browser: after a game, replay it with the Devil's turns shown."""

from __future__ import annotations

import math
import re

import pytest
from helpers import get_json, start
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def win(page, base_url: str, n: int) -> None:
    """Play the optimal strategy for n coins against the random Devil until it wins."""
    start(page, n, "random")
    expect(page.locator("#replay-open")).to_be_hidden()  # nothing to replay mid-game
    for k, move in enumerate(get_json(f"{base_url}/api/strategy/{n}")["moves"], 1):
        for i in move:
            page.locator("#play-table .position").nth(i).click()
        page.click("#flip")
        expect(page.locator("#play-status")).to_contain_text(f": {k} move")
        if "you won" in page.locator("#play-message").inner_text():
            return
    pytest.fail("the optimal strategy did not win")


@pytest.mark.parametrize(("width", "height"), [(390, 844)])  # the phone: the tighter layout
def test_replay_a_won_game(browser, base_url, timeout_ms, tmp_path, width, height):
    ctx = browser.new_context(viewport={"width": width, "height": height})
    ctx.set_default_timeout(timeout_ms)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(base_url + "/")
    win(page, base_url, 4)
    page.click("#replay-open")
    table = page.locator("#replay-table")
    expect(page.locator("#replay")).to_be_visible()
    expect(page.locator("#replay-text")).to_contain_text("At the start")
    expect(page.locator("#replay-back")).to_be_disabled()
    shots = 0
    while page.locator("#replay-next").is_enabled():
        page.click("#replay-next")
        text = page.locator("#replay-text").inner_text()
        turned = re.search(r"turned the table (\d+) places? (anti)?clockwise", text)
        if turned:
            k = int(turned.group(1))
            shift = int(table.get_attribute("data-shift"))
            assert k in (1, 2)  # the short way round on 4 coins
            if shift % 4:  # the table has turned away from where it began
                # the turn (0.9 s) is drawn to its end
                page.wait_for_function(
                    "([t, shift]) => Number(t.dataset.turn) === shift",
                    arg=[table.element_handle(), shift],
                )
                assert float(table.get_attribute("data-turn")) == shift
                # the coin of the table's position 0 now lies shift places clockwise
                coin = page.locator('#replay-table [data-position="0"] circle')
                angle = math.atan2(
                    float(coin.get_attribute("cx")) - 120, 120 - float(coin.get_attribute("cy"))
                )
                assert math.isclose(angle % (2 * math.pi), (shift % 4) * math.pi / 2)
                if not shots:
                    page.screenshot(path=str(tmp_path / f"replay-{width}x{height}.png"))
                    shots += 1
    expect(page.locator("#replay-text")).to_contain_text("won")
    expect(page.locator("#replay-table .position text")).to_have_text(["H"] * 4)
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#replay-next")).to_be_enabled()
    # with less motion asked for, a turn is drawn at once
    page.emulate_media(reduced_motion="reduce")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert float(table.get_attribute("data-turn")) == int(table.get_attribute("data-shift"))
    page.click("#new-game")
    expect(page.locator("#replay")).to_be_hidden()
    expect(page.locator("#replay-open")).to_be_hidden()
    assert errors == []
    ctx.close()


def test_a_turn_cut_short_still_ends_on_its_shift(page, base_url):
    """A turn that starts where another was cut short (the visitor clicked on) starts from a
    fraction; from + (to - from) can miss the shift by a rounding (-2.3957... + 4.3957... is
    2.0000000000000004), and the table was left a hair off, its data-turn never the shift."""
    win(page, base_url, 2)
    page.click("#replay-open")
    expect(page.locator("#replay")).to_be_visible()
    page.evaluate(
        "() => { const { replay, drawReplay } = devilcoins;"
        " replay.turn = -2.395792751589805; replay.frames[replay.at].shift = 2; drawReplay(); }"
    )
    page.wait_for_function("() => document.getElementById('replay-table').dataset.turn === '2'")
    assert page.errors == []
