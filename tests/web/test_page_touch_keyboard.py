"""The glasses with the keyboard alone: Tab to a glass, Space to choose it, Tab to Feel, Enter;
Feel then hides, and the focus goes on to the first setter (not down to the page), Space flips a
glass held, Tab to Set, Enter; Set then hides, and the focus comes back to the tray's first
glass for the next round; after the bell it is on the replay's button.  A whole game against the
strongest Devil (five rounds), desktop and phone windows, the tip read but never clicked."""

from __future__ import annotations

import re

import pytest
from helpers import glass
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

#: Whether the element shows the keyboard's focus ring (what a keyboard player sees).
RING = "e => e === document.activeElement && e.matches(':focus-visible')"


def tab_to(page, target) -> None:
    """Press Tab once: the focus must then be on target."""
    page.keyboard.press("Tab")
    expect(target).to_be_focused()


def test_a_whole_game_with_the_keyboard_alone(visitor):
    page = visitor
    width = page.viewport_size["width"]
    new = page.locator("#touch-new")
    new.focus()  # the one step not taken by a key: where the keyboard player starts
    before = page.evaluate("() => devilcoins.touch.game")
    page.keyboard.press("Enter")  # a new game against the strongest Devil (the menu's choice)
    page.wait_for_function(
        "before => devilcoins.touch.game !== null && devilcoins.touch.game !== before", arg=before
    )
    expect(page.locator("#touch-status")).to_contain_text("strongest Devil: 0 rounds played")
    expect(new).to_be_focused()
    tab_to(page, page.locator("#touch-optimal"))
    tab_to(page, page.locator("#touch-rest"))  # the coach's controls, then the tray
    tab_to(page, page.locator("#touch-speed"))
    tab_to(page, glass(page, 0))
    tip, history = page.locator("#touch-tip"), page.locator("#touch-history li")
    n = page.evaluate("() => devilcoins.touch.state.n")
    for played in range(1, 12):
        # the tray: Space chooses the glasses the tip names, Tab goes on to the next glass
        expect(glass(page, 0)).to_be_focused()
        assert glass(page, 0).evaluate(RING)
        expect(tip).to_have_attribute("data-feel", re.compile(r"^\d(,\d)*$"))
        reach = [int(p) for p in tip.get_attribute("data-feel").split(",")]
        for i in range(n):
            if i in reach:
                page.keyboard.press("Space")
                expect(glass(page, i)).to_have_attribute("aria-checked", "true")
            expect(glass(page, i)).to_be_focused()
            tab_to(page, glass(page, i + 1) if i + 1 < n else page.locator("#touch-feel"))
        page.keyboard.press("Enter")  # Feel: it hides, the focus goes on to the first setter
        expect(page.locator("#touch-setters")).to_be_visible()
        expect(page.locator("#touch-feel")).to_be_hidden()
        setter = page.locator("#touch-set-0")
        expect(setter).to_be_focused()
        assert setter.evaluate(RING)
        if played == 1:
            page.locator("#touch").screenshot(path=f"/tmp/touch-keyboard-{width}-set.png")
        # the setters: Space flips a glass held to what the tip says, Tab to the next, then Set
        expect(tip).to_have_attribute("data-set", re.compile(r"^\w+(,\w+)*$"))
        want = tip.get_attribute("data-set").split(",")
        for k, value in enumerate(want):
            setter = page.locator(f"#touch-set-{k}")
            expect(setter).to_be_focused()
            if not setter.inner_text().endswith(value):
                page.keyboard.press("Space")
            expect(setter).to_contain_text(f": {value}")
            following = f"#touch-set-{k + 1}" if k + 1 < len(want) else "#touch-set"
            tab_to(page, page.locator(following))
        page.keyboard.press("Enter")  # Set: it hides, the focus goes on
        expect(history).to_have_count(played)
        if page.locator("#touch-message.win").count():
            break
        expect(page.locator("#touch-setters")).to_be_hidden()
        if played == 1:
            page.locator("#touch").screenshot(path=f"/tmp/touch-keyboard-{width}-round2.png")
    else:
        pytest.fail("the tip never rang the bell")
    assert played == 5  # the strongest Devil holds out as long as the optimal play allows
    expect(page.locator("#touch-message")).to_contain_text("The bell rings!")
    expect(page.locator("#touch-replay-open")).to_be_focused()  # the game over: its replay
    page.keyboard.press("Enter")
    expect(page.locator("#touch-replay")).to_be_visible()
    expect(page.locator("#touch-replay-next")).to_be_focused()
    assert page.errors == []
