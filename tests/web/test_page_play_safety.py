"""The page plays only what the player chose: no key or click plays a move they did not
choose; a refused game leaves no stale board; plain words; a phone-sized play area; a readable
Watch table."""

from __future__ import annotations

import re

import pytest
from helpers import checked, positions, start
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_keys_after_clicking_flip_choose_and_never_play_an_empty_move(page):
    start(page, 4)  # the adversarial Devil never lets one flip of one coin win
    positions(page).nth(0).click()
    page.click("#flip")
    status = page.locator("#play-status")
    expect(status).to_contain_text(": 1 move")
    # the focus is still on Flip: Enter presses it, with nothing chosen, and nothing is played
    assert page.evaluate("document.activeElement.id") == "flip"
    page.keyboard.press("Enter")
    message = page.locator("#play-message")
    expect(message).to_contain_text("choose at least one position")
    expect(status).to_contain_text(": 1 move")
    # digits still choose positions from the Flip button
    page.keyboard.press("2")
    assert checked(page) == [2]
    page.keyboard.press("Enter")
    expect(status).to_contain_text(": 2 moves")
    assert checked(page) == []
    assert page.errors == []


def test_flip_with_nothing_chosen_says_so(page):
    start(page, 4, "random")
    page.click("#flip")
    expect(page.locator("#play-message")).to_contain_text("choose at least one position")
    expect(page.locator("#play-status")).to_contain_text(": 0 moves")
    assert page.errors == []


def test_one_hand_chooses_one_position(page):
    start(page, 4, hands="1")
    positions(page).nth(0).click()
    positions(page).nth(2).click()
    assert checked(page) == [2]  # the second choice replaces the first
    page.keyboard.press("3")
    assert checked(page) == [3]
    start(page, 4, hands="2")
    for i in (0, 1, 2):
        positions(page).nth(i).click()
    assert checked(page) == [0, 1]
    expect(page.locator("#play-message")).to_contain_text("at most 2 positions")
    assert page.errors == []


def test_a_refused_new_game_clears_the_old_board(page):
    start(page, 4)
    positions(page).nth(1).click()
    page.select_option("#play-values", "4")
    page.select_option("#play-group", "none")
    # the menu no longer offers 8 dials of 4 faces; offered anyway, the page refuses it
    expect(page.locator('#play-n option[value="8"]')).to_be_disabled()
    page.evaluate("document.querySelector('#play-n option[value=\"8\"]').disabled = false")
    page.select_option("#play-n", "8")
    page.click("#new-game")
    message = page.locator("#play-message")
    expect(message).to_have_text(re.compile(r"^No game: 8 dials of 4 faces make 65,536 states"))
    expect(message).to_have_class(re.compile(r"\berror\b"))
    expect(page.locator("#flip")).to_be_disabled()
    expect(page.locator("#clear")).to_be_disabled()
    expect(page.locator("#peek")).to_be_disabled()
    expect(page.locator("#play-table [aria-checked]")).to_have_count(0)
    expect(page.locator("#belief figure")).to_have_count(0)
    expect(page.locator("#play-status")).not_to_contain_text("moves")
    expect(page.locator("#play-solve")).to_have_text("")
    page.keyboard.press("Enter")
    page.keyboard.press("1")
    expect(page.locator("#play-table [aria-checked]")).to_have_count(0)
    # the browser logs the refused request itself; the page throws nothing
    assert [e for e in page.errors if "status of 422" not in e] == []


def test_plain_words_for_the_options(page):
    groups = page.locator("#play-group option")
    expect(groups).to_have_text(["turns only", "turns and flips over", "no turning", "any shuffle"])
    for i in range(4):
        assert groups.nth(i).get_attribute("title")
    goals = page.locator("#play-goal option")
    expect(goals).to_have_text(["all heads", "all the same"])
    page.select_option("#play-values", "3")
    expect(goals).to_have_text(["all zero", "all the same"])
    assert "zero (all heads)" not in page.content()
    start(page, 3, "random", values="3")
    expect(page.locator("#flip")).to_have_text("Turn")
    expect(page.locator("#play-hint")).to_contain_text("“Turn”")
    solve = page.locator("#play-solve")
    expect(solve).to_contain_text("You can always win")
    assert "chain construction" not in solve.inner_text()
    # the tooltip names the game as the command line writes it, no method's jargon
    assert solve.get_attribute("title") == "as the command line writes it: n=3 values=3"
    page.select_option("#play-values", "2")
    expect(goals).to_have_text(["all heads", "all the same"])
    start(page, 4, "random", values="2")
    expect(page.locator("#flip")).to_have_text("Flip")
    # no markdown shown raw: the N = 16 summary names its command in quotes
    page.select_option("#watch-n", "16")
    expect(page.locator("#watch-message")).to_contain_text("“devilcoins plot 16”")
    assert "`" not in page.locator("body").inner_text()
    assert page.errors == []


def test_a_dial_at_zero_has_one_colour(page):
    start(page, 3, "random", values="3")
    page.click("#peek")
    expect(page.locator("#play-message")).to_contain_text("You peeked")
    fills = page.evaluate(
        """() => {
        const out = {};
        const add = (digit, fill) => (out[digit] ||= new Set()).add(fill);
        for (const g of document.querySelectorAll('#play-table .position'))
          add(g.querySelector('text').textContent, g.querySelector('circle').getAttribute('fill'));
        for (const fig of document.querySelectorAll('#belief figure')) {
          const svg = fig.querySelector('svg');
          for (const t of svg.querySelectorAll('text'))
            add(t.textContent, t.previousElementSibling.getAttribute('fill'));
        }
        return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, [...v]]));
        }"""
    )
    assert len(fills["0"]) == 1, fills
    for digit, colours in fills.items():
        assert len(colours) == 1, (digit, colours)
    assert page.errors == []


def test_the_focus_ring_on_a_coin_is_round(page):
    start(page, 4, "random")
    page.keyboard.press("Tab")  # from New game onto position 0
    first = positions(page).nth(0)
    expect(first).to_be_focused()
    assert first.evaluate("g => getComputedStyle(g).outlineStyle") == "none"
    ring = first.locator(".focus-ring")
    assert ring.evaluate("c => getComputedStyle(c).visibility") == "visible"
    box = ring.bounding_box()
    assert abs(box["width"] - box["height"]) < 1
    assert (
        positions(page)
        .nth(1)
        .locator(".focus-ring")
        .evaluate("c => getComputedStyle(c).visibility")
        == "hidden"
    )


def test_replaying_the_counterexample_is_not_a_win_for_you(page):
    page.select_option("#devil-n", "2")
    page.check("#devil-custom")
    page.fill("#devil-text", "0 1\n0")
    page.click("#devil-check")
    expect(page.locator("#devil-verdict-text")).to_contain_text("It fails")
    page.click("#devil-replay")
    message = page.locator("#devil-message")
    for k in (1, 2):  # the strategy's two moves, each turned as the counterexample says
        page.click("#devil-next")
        expect(page.locator("#devil-log tbody tr")).to_have_count(k)
    expect(message).to_contain_text("ran out")
    expect(message).to_contain_text("the Devil's winning line, replayed")
    expect(message).not_to_contain_text("you beat it")
    assert page.errors == []


def in_viewport(page, selector: str) -> bool:
    return page.evaluate(
        """s => { const r = document.querySelector(s).getBoundingClientRect();
                  return r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0; }""",
        selector,
    )


def test_a_phone_plays_on_one_screen_with_the_moves_listed(browser, base_url, timeout_ms):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    ctx.set_default_timeout(timeout_ms)
    try:
        pg = ctx.new_page()
        pg.goto(base_url + "/")
        expect(pg.locator("#watch-step")).to_have_text("move 0 of 15")
        start(pg, 8)  # a game the Devil holds would end after its first move
        assert in_viewport(pg, "#flip") and in_viewport(pg, "#play-table")
        for k, i in enumerate((0, 2), 1):
            positions(pg).nth(i).click()
            assert in_viewport(pg, "#flip")
            pg.click("#flip")
            expect(pg.locator("#play-status")).to_contain_text(f": {k} move")
        # each move with the coach's mark (8 coins: a single flip is never a best first move)
        expect(pg.locator("#play-history li")).to_have_text(
            [re.compile(r"^\{0\} (✓|\?!)$"), re.compile(r"^\{2\} (✓|\?!)$")]
        )
        expect(pg.locator("#play-history li").nth(0)).to_have_text("{0} ?!")
        width = pg.evaluate("document.documentElement.scrollWidth")
        assert width <= 390 + 1, f"the page scrolls sideways: {width} px wide"
    finally:
        ctx.close()


def test_watch_8_keeps_the_current_row_in_view_and_fits_1280(browser, base_url, timeout_ms):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ctx.set_default_timeout(timeout_ms)
    try:
        pg = ctx.new_page()
        pg.goto(base_url + "/")
        pg.select_option("#watch-n", "8")
        expect(pg.locator("#watch-step")).to_contain_text("move 0 of 255")
        for _ in range(40):
            pg.click("#forward")
        expect(pg.locator("#watch-step")).to_contain_text("move 40 of 255")
        box = pg.locator("#watch-scroll").bounding_box()
        row = pg.locator("#watch-rows tr.current").bounding_box()
        assert box["height"] < 700  # a scroll box, not 255 rows of page
        assert box["y"] <= row["y"] and row["y"] + row["height"] <= box["y"] + box["height"] + 1
        sizes = pg.locator("#watch-scroll").evaluate("b => [b.scrollWidth, b.clientWidth]")
        assert sizes[0] <= sizes[1], f"the table is wider than its box: {sizes}"
        assert pg.evaluate("document.documentElement.scrollWidth") <= 1280
    finally:
        ctx.close()
