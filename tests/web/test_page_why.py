"""The "Why it works" section in a real browser, at a desktop and a phone window.

The strategy's runs are drawn from the library's roles (checked against the server's own answer
and the recursion's shape), and the Devil's certificate answers whatever move the visitor picks:
the coins on the table are the server's answer, and never all heads.
"""

from __future__ import annotations

import re

import pytest
from helpers import Held, get_json
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def faces(page) -> str:
    """The coins on the Devil's table, position 0 first, as its letters read."""
    texts = page.locator("#why-devil-table .position text").all_text_contents()
    return "".join(texts)


@pytest.mark.parametrize("n", [4, 8])
def test_the_runs_are_drawn_from_the_strategys_roles(visitor, base_url, n):
    page = visitor
    if n != 4:
        page.select_option("#why-n", str(n))
    total = 2**n - 1
    expect(page.locator("#why-move")).to_contain_text(f"Move 1 of {total:,}")
    roles = get_json(f"{base_url}/api/why/strategy/{n}")["moves"]
    cells = page.locator("#why-grid .why-cell")
    expect(cells).to_have_count(total)
    drawn = cells.evaluate_all("cs => cs.map(c => c.classList.contains('single') ? 's' : 'd')")
    assert drawn == [m["kind"][0] for m in roles]
    run = 2 ** (n // 2)
    rows = page.locator("#why-grid .why-run")
    expect(rows).to_have_count(run)
    afters = page.locator("#why-grid .why-after").all_text_contents()
    for k, text in enumerate(afters):  # after a run's doubled moves the all-S pattern is gone
        assert "S" * (n // 2) not in text.split()
        last = roles[min(k * run + run - 2, total - 1)]
        assert text.split() == (last["patterns"] or ["won"])
    single = next(m for m in roles if m["kind"] == "single" and m["step"] == 2)
    cells.nth(single["index"] - 1).click()
    expect(page.locator("#why-move")).to_contain_text(f"Move {single['index']} of {total:,}")
    expect(page.locator("#why-move")).to_contain_text("single move: move 2 of")
    expect(page.locator("#why-patterns")).to_contain_text(" ".join(single["patterns"]))
    flipped = page.locator("#why-table .position circle[stroke='#d62828']")
    expect(flipped).to_have_count(len(single["flips"]))
    expect(cells.nth(single["index"] - 1)).to_have_class(re.compile("current"))
    assert page.errors == []


def test_the_slider_and_its_keys_reach_the_last_move(visitor):
    page = visitor
    page.select_option("#why-n", "8")
    expect(page.locator("#why-move")).to_contain_text("Move 1 of 255")
    page.focus("#why-slider")
    page.keyboard.press("End")
    expect(page.locator("#why-move")).to_contain_text("Move 255 of 255")
    expect(page.locator("#why-patterns")).to_contain_text("the strategy has surely won")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#why-move")).to_contain_text("Move 254 of 255")
    assert page.errors == []


def pick(page, positions) -> None:
    for p in positions:
        page.locator(f"#why-devil-table [data-position='{p}']").click()


@pytest.mark.parametrize("n", [3, 6])
def test_any_move_meets_the_turn_that_keeps_the_coins_from_all_heads(visitor, base_url, n):
    page = visitor
    if n != 3:
        page.select_option("#why-devil-n", str(n))
    expect(page.locator("#why-devil-intro")).to_contain_text(f"With {n} coins")
    kept = get_json(f"{base_url}/api/why/devil/{n}")["kept_out"]
    for z in kept:
        expect(page.locator("#why-devil-intro")).to_contain_text(z)
    expect(page.locator("#why-devil-status")).to_contain_text("The coins show")
    # first the move that would win at once: flip every tail (without a turn: all heads)
    coins = faces(page)
    assert len(coins) == n and coins not in kept
    pick(page, [i for i, c in enumerate(coins) if c == "T"])
    page.click("#why-devil-flip")
    answer = page.locator("#why-devil-answer")
    expect(answer).to_contain_text("H" * n)
    expect(answer).to_contain_text("So he turns the table")
    said = re.search(
        r"turns the table (\d+) places? (clockwise|anticlockwise)", answer.inner_text()
    )
    assert said is not None, answer.inner_text()  # the short way round, as every replay says it
    places = int(said.group(1))
    assert places <= n / 2
    r = places if said.group(2) == "anticlockwise" else n - places
    tails = {i for i, c in enumerate(coins) if c == "T"}  # the move: every tail flipped
    turned = coins[r:] + coins[:r]  # r places anticlockwise: the coin at r comes to 0
    after = "".join("HT"[(c == "H") == (i in tails)] for i, c in enumerate(turned))
    expect(page.locator("#why-devil-status")).to_contain_text(f"The coins show {after}")
    for k, move in enumerate([[0], [0, 1], list(range(n)), [n - 1], []]):
        before = faces(page)
        pick(page, move)
        page.click("#why-devil-flip")
        expect(page.locator("#why-devil-history li")).to_have_count(k + 2)
        after = faces(page)
        assert "T" in after and after not in kept
        turned = [before[r:] + before[:r] for r in range(n)]
        flip = set(move)
        made = ["".join("HT"[(c == "H") == (i in flip)] for i, c in enumerate(t)) for t in turned]
        assert after in made  # a turn, then the move: nothing else happened to the coins
        expect(page.locator("#why-devil-status")).to_contain_text(f"The coins show {after}")
    assert page.errors == []


def test_the_positions_take_the_keyboard(visitor):
    page = visitor
    page.locator("#why-devil-table [data-position='1']").focus()
    page.keyboard.press(" ")
    expect(page.locator("#why-devil-status")).to_contain_text("flip position 1.")
    expect(page.locator("#why-devil-table [data-position='1']")).to_be_focused()
    page.click("#why-devil-clear")
    expect(page.locator("#why-devil-status")).to_contain_text("Choose the positions to flip")


def test_after_a_flip_the_status_asks_for_the_next_move(visitor):
    """The flip is played and its answer shown; the status then asks for the next move, not
    "Your move: flip nothing" (as if the flip had been lost)."""
    page = visitor
    expect(page.locator("#why-devil-status")).to_contain_text("The coins show")
    page.locator("#why-devil-table [data-position='0']").click()
    page.click("#why-devil-flip")
    expect(page.locator("#why-devil-history li")).to_have_count(1)
    status = page.locator("#why-devil-status")
    expect(status).to_contain_text("Choose the positions to flip")
    expect(status).not_to_contain_text("flip nothing")
    expect(page.locator("#why-devil-history li")).to_contain_text(
        re.compile(r"flip 0: (he does not turn|he turns the table \d places? (anti)?clockwise)")
    )
    assert page.errors == []
    assert page.errors == []


def test_play_links_its_coin_game_to_its_picture(visitor):
    page = visitor
    link = page.locator("#play-why")
    expect(link).to_have_text("Why it works: the strategy for 4 coins, run by run")
    link.click()
    expect(page.locator("#why-slider")).to_be_focused()
    page.select_option("#play-n", "6")
    page.click("#new-game")
    expect(link).to_contain_text("Why the Devil wins with 6 coins")
    link.click()
    expect(page.locator("#why-devil-n")).to_have_value("6")
    expect(page.locator("#why-devil-intro")).to_contain_text("With 6 coins")
    expect(page.locator("#why-devil-flip")).to_be_focused()
    page.select_option("#play-hands", "2")  # a variant: no picture of its own, so no link
    page.click("#new-game")
    expect(page.locator("#play-solve")).to_contain_text("The strongest Devil can always stop you")
    expect(link).to_be_hidden()
    assert page.errors == []


def test_a_late_answer_for_an_n_no_longer_chosen_is_dropped(visitor):
    page = visitor
    held = Held(page, "**/api/why/strategy/8")
    page.select_option("#why-n", "8")
    page.select_option("#why-n", "2")
    expect(page.locator("#why-move")).to_contain_text("Move 1 of 3")
    with page.expect_response("**/api/why/strategy/8") as late:
        held.release()
    late.value.finished()  # the answer for 8 has come whole
    page.evaluate("() => new Promise(r => setTimeout(r, 0))")  # and the page has had its turn
    expect(page.locator("#why-grid .why-cell")).to_have_count(3)
    expect(page.locator("#why-move")).to_contain_text("Move 1 of 3")
    assert page.errors == []
