"""Issue 10, the four glasses on the page: win by clicking the optimal play the page shows, on a
desktop and a phone-sized window (screenshots under /tmp), and watch the optimal play replayed."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

WINDOWS = {"desktop": (1280, 900), "phone": (390, 844)}


def glass(page, i: int):
    return page.locator(f"#touch-tray .glass[data-position='{i}']")


def new_game(page, button: str = "#touch-new") -> None:
    """Press the button and wait until the page holds the new game it asked for (the one the
    page set out on load says "0 rounds played" too)."""
    before = page.evaluate("() => touch.game")
    page.click(button)
    page.wait_for_function("before => touch.game !== null && touch.game !== before", arg=before)


def one_round(page) -> None:
    """Feel the glasses the tip names, then set them as it says."""
    tip = page.locator("#touch-tip")
    expect(tip).to_have_attribute("data-feel", re.compile(r"^\d,\d$"))
    for p in tip.get_attribute("data-feel").split(","):
        glass(page, int(p)).click()
    page.click("#touch-feel")
    expect(tip).to_have_attribute("data-set", re.compile(r"^\w+,\w+$"))
    want = tip.get_attribute("data-set").split(",")
    for k, value in enumerate(want):
        button = page.locator(f"#touch-set-{k}")
        if not button.inner_text().endswith(value):
            button.click()
        expect(button).to_contain_text(f": {value}")
    page.click("#touch-set")


@pytest.mark.parametrize("window", WINDOWS)
def test_win_the_four_glasses_by_following_the_optimal_play(browser, base_url, timeout_ms, window):
    width, height = WINDOWS[window]
    ctx = browser.new_context(viewport={"width": width, "height": height})
    ctx.set_default_timeout(timeout_ms)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(base_url + "/")
    page.select_option("#touch-devil", "adversarial")
    new_game(page)
    status = page.locator("#touch-status")
    expect(status).to_contain_text("0 rounds played")
    expect(status).to_contain_text("at most 5")
    page.locator("#touch").scroll_into_view_if_needed()
    page.screenshot(path=f"/tmp/touch-{window}-start.png")
    for k in range(1, 6):
        one_round(page)
        expect(status).to_contain_text(f"{k} round")
        if k == 2:
            page.screenshot(path=f"/tmp/touch-{window}-round2.png")
    message = page.locator("#touch-message")
    expect(message).to_contain_text("The bell rings!")
    expect(message).to_contain_text("you won in 5 rounds")
    faces = page.locator("#touch-tray .glass").evaluate_all("gs => gs.map(g => g.dataset.face)")
    assert len(set(faces)) == 1 and faces[0] in ("up", "down")
    page.locator("#touch").screenshot(path=f"/tmp/touch-{window}-won.png")
    assert page.locator("#touch-history li").count() == 5
    assert errors == []
    ctx.close()


def test_the_optimal_play_replays_step_by_step(page):
    page.click("#touch-optimal")
    step = page.locator("#touch-next")
    message = page.locator("#touch-message")
    for _ in range(10):
        expect(step).to_be_visible()
        said = message.text_content()
        step.click()
        # each step's answer says something new (a click while one is on its way is dropped)
        page.wait_for_function(
            "([m, said]) => m.textContent !== said", arg=[message.element_handle(), said]
        )
        if page.locator("#touch-message.win").count():
            break
    expect(message).to_contain_text("The bell rings!")
    expect(message).to_contain_text("the optimal play won in 5 rounds")
    expect(step).to_be_hidden()
    page.locator("#touch").screenshot(path="/tmp/touch-replay.png")
    assert page.errors == []


def test_two_hands_only_and_feel_needs_two(page):
    new_game(page)
    page.click("#touch-feel")  # with nothing chosen
    message = page.locator("#touch-message")
    expect(message).to_contain_text("Choose two glasses")
    for i in (0, 1, 2):
        glass(page, i).click()
    expect(message).to_contain_text("two hands")
    assert page.locator("#touch-tray [aria-checked='true']").count() == 2
    assert page.errors == []
