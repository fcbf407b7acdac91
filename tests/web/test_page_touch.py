"""Issue 10, the four glasses on the page: win by clicking the optimal play the page shows, on a
desktop and a phone-sized window (screenshots under /tmp), and watch the optimal play replayed."""

from __future__ import annotations

import pytest
from helpers import follow_touch_tip, glass, new_touch_game
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

WINDOWS = {"desktop": (1280, 900), "phone": (390, 844)}


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
    new_touch_game(page)
    status = page.locator("#touch-status")
    expect(status).to_contain_text("0 rounds played")
    expect(status).to_contain_text("at most 5")
    page.locator("#touch").scroll_into_view_if_needed()
    page.screenshot(path=f"/tmp/touch-{window}-start.png")
    for k in range(1, 6):
        follow_touch_tip(page)
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
    new_touch_game(page)
    page.click("#touch-feel")  # with nothing chosen
    message = page.locator("#touch-message")
    expect(message).to_contain_text("Choose two glasses")
    for i in (0, 1, 2):
        glass(page, i).click()
    expect(message).to_contain_text("two hands")
    assert page.locator("#touch-tray [aria-checked='true']").count() == 2
    assert page.errors == []
