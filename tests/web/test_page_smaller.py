"""Smaller things a visitor met: Be the Devil names every error of a start and a strategy both
wrong; at a phone's width a Watch row for N = 8 stays on one line."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_a_bad_start_and_a_bad_strategy_are_both_named(page):
    page.check("#devil-custom")
    page.fill("#devil-text", "0 9\n")  # position 9 is off a table of 4 coins
    page.fill("#devil-start", "HHX")
    page.click("#devil-begin")
    message = page.locator("#devil-message")
    expect(message).to_contain_text("Two things to fix.")
    expect(message).to_contain_text("The strategy:")
    expect(message).to_contain_text("9")
    expect(message).to_contain_text("The start: a start uses only H and T")
    expect(page.locator("#devil-status")).to_contain_text("No game")
    page.fill("#devil-start", "HHTH")  # the start mended: the strategy's error alone is left
    page.click("#devil-begin")
    expect(message).not_to_contain_text("Two things")
    expect(message).not_to_contain_text("start")
    expect(message).to_contain_text("9")
    # a typed strategy is checked, and its mistake comes back as an answer: the console stays
    # quiet (no 400 logged for an error the page handles)
    assert page.errors == []


@pytest.mark.parametrize("visitor", [(390, 844)], ids=["phone"], indirect=True)
def test_a_watch_row_for_eight_coins_fits_one_line_on_a_phone(visitor):
    page = visitor
    page.select_option("#watch-n", "8")
    expect(page.locator("#watch-step")).to_contain_text("of 255")
    page.click("#forward")
    expect(page.locator("#watch-rows tbody tr")).to_have_count(2)
    rows = page.evaluate(
        """() => [...document.querySelectorAll('#watch-rows tbody tr')].map(tr => {
             const squares = [...tr.querySelectorAll('.dots span')];
             const box = (e) => e.getBoundingClientRect();
             return { tops: new Set(squares.map(s => Math.round(box(s).top))).size,
                      count: squares.length,
                      right: Math.max(...[...tr.children].map(c => box(c).right)),
                      width: box(squares[0]).width };
           })"""
    )
    for row in rows:
        assert row["count"] == 36  # every sequence of 8 coins, up to turning
        assert row["tops"] == 1, row  # one line
        assert row["right"] <= 390, row  # within the screen, nothing scrolls sideways
        assert row["width"] >= 4, row
    assert page.errors == []
