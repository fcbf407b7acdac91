"""Glasses on a tray on the page, beyond the four glasses: the menus offer exactly the games the
server offers, every one of them starts, draws its glasses with labels apart and is won by "Show
me the optimal play"; the greedy Devil can be chosen and beaten; at a desktop and a phone window
(screenshots under /tmp)."""

from __future__ import annotations

import re

import pytest
from helpers import settled
from playwright.sync_api import expect

from devilcoins.web.touch import TOUCH_GAMES, touch_tree

pytestmark = pytest.mark.browser

WINDOWS = {"desktop": (1280, 900), "phone": (390, 844)}
NAMES = {2: "Two glasses, one hand", 3: "Three glasses, two hands"}


@pytest.fixture(params=list(WINDOWS))
def window(request, browser, base_url, timeout_ms):
    """The page at one window size, its errors collected; its name in page.window."""
    width, height = WINDOWS[request.param]
    ctx = browser.new_context(viewport={"width": width, "height": height})
    ctx.set_default_timeout(timeout_ms)
    page = ctx.new_page()
    page.errors = []
    page.window = request.param
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
    page.goto(base_url + "/")
    expect(page.locator("#touch-n option")).to_have_count(len({n for n, _ in TOUCH_GAMES}))
    settled(page)  # the first touch game has landed: a game picked now is not overtaken by it
    yield page
    ctx.close()


def pick(page, n: int, k: int) -> None:
    page.select_option("#touch-n", str(n))
    page.select_option("#touch-k", str(k))


def options(page, menu: str) -> list[str]:
    """The values a menu offers (a greyed-out option is shown, not offered)."""
    return page.locator(f"#{menu} option:not([disabled])").evaluate_all(
        "os => os.map(o => o.value)"
    )


def boxes_apart(a, b) -> bool:
    return (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


def clear_of_circle(box, circle) -> bool:
    """Whether a label's box stays outside a glass's circle (given by its bounding box)."""
    r = circle["width"] / 2
    cx, cy = circle["x"] + r, circle["y"] + r
    nx = min(max(cx, box["x"]), box["x"] + box["width"])
    ny = min(max(cy, box["y"]), box["y"] + box["height"])
    return (nx - cx) ** 2 + (ny - cy) ** 2 >= r**2


def replay_to_the_bell(page, rounds: int) -> None:
    """Press "Next step" until the bell rings: it rings after exactly rounds rounds."""
    page.click("#touch-optimal")
    step = page.locator("#touch-next")
    message = page.locator("#touch-message")
    expect(message).to_contain_text("the strongest Devil")
    tip, history = page.locator("#touch-tip"), page.locator("#touch-history li")
    for played in range(1, rounds + 1):  # each round two steps: feel, then set
        expect(message).not_to_have_class(re.compile("win"))
        step.click()
        expect(tip).to_have_attribute("data-set", re.compile(r"^\w"))
        step.click()
        expect(history).to_have_count(played)
    expect(message).to_contain_text("The bell rings!")
    expect(message).to_contain_text(f"the optimal play won in {rounds} round")
    expect(step).to_be_hidden()
    assert page.locator("#touch-history li").count() == rounds


def test_the_menus_offer_exactly_the_games_offered_and_each_starts(window):
    page = window
    assert page.locator("#touch-n").input_value() == "4"  # the four glasses first
    assert page.locator("#touch-k").input_value() == "2"
    expect(page.locator("#touch-name")).to_have_text("Four glasses, two hands")
    seen = []
    for n in options(page, "touch-n"):
        page.select_option("#touch-n", n)
        for k in options(page, "touch-k"):
            page.select_option("#touch-k", k)
            seen.append((int(n), int(k)))
            page.click("#touch-new")  # every pair the menus offer is accepted
            status = page.locator("#touch-status")
            expect(status).to_contain_text("0 rounds played")
            optimal = touch_tree(int(n), int(k))["length"]
            expect(status).to_contain_text(f"at most {optimal}")
            expect(page.locator("#touch-message")).not_to_have_class(re.compile("error"))
            glasses = page.locator("#touch-tray .glass")
            expect(glasses).to_have_count(int(n))
            labels = page.locator("#touch-tray .glass text")
            boxes = [labels.nth(i).bounding_box() for i in range(int(n))]
            circles = [
                page.locator(f"#touch-tray .glass[data-position='{i}'] circle").bounding_box()
                for i in range(int(n))
            ]
            for i in range(int(n)):
                for j in range(int(n)):
                    if i != j:
                        assert boxes_apart(boxes[i], boxes[j]), (n, k, i, j)
                    assert clear_of_circle(boxes[i], circles[j]), (n, k, "label", i, "glass", j)
    assert sorted(seen) == sorted(TOUCH_GAMES)
    # changing the glasses refills the hands: eight glasses take five, six or seven hands
    page.select_option("#touch-n", "8")
    assert options(page, "touch-k") == ["5", "6", "7"]
    expect(page.locator("#touch-name")).to_contain_text("Eight glasses")
    page.locator("#touch").screenshot(path=f"/tmp/touch-games-{page.window}-menus.png")
    assert page.errors == []


@pytest.mark.parametrize(("n", "k"), [(2, 1), (3, 2)])
def test_a_smaller_game_is_won_by_the_optimal_play(window, n, k):
    page = window
    pick(page, n, k)
    expect(page.locator("#touch-name")).to_have_text(NAMES[n])
    rules = page.locator("#touch-rules")
    expect(rules).to_contain_text(f"{NAMES[n].split(',')[0]} stand on a round tray")
    expect(rules).not_to_contain_text("four")
    replay_to_the_bell(page, touch_tree(n, k)["length"])
    faces = page.locator("#touch-tray .glass").evaluate_all("gs => gs.map(g => g.dataset.face)")
    assert len(faces) == n and len(set(faces)) == 1 and faces[0] in ("up", "down")
    page.locator("#touch").screenshot(path=f"/tmp/touch-games-{page.window}-{n}-{k}-won.png")
    assert page.errors == []


def test_the_optimal_play_wins_every_offered_game(window):
    """Nested trees and shared nodes alike (eight glasses, five hands, comes as shared nodes)."""
    page = window
    assert "nodes" in touch_tree(8, 5)  # the page builds this tree from its shared nodes
    games = TOUCH_GAMES if page.window == "desktop" else [(8, 5), (6, 4)]
    for n, k in games:
        pick(page, n, k)
        replay_to_the_bell(page, touch_tree(n, k)["length"])
        expect(page.locator("#touch-tray .glass")).to_have_count(n)
    page.locator("#touch").screenshot(path=f"/tmp/touch-games-{page.window}-last-won.png")
    assert page.errors == []


def test_the_greedy_devil_is_chosen_and_beaten(window):
    page = window
    words = page.locator("#touch-devil option").all_inner_texts()
    assert words == ["random", "greedy", "strongest"]
    assert "adversarial" not in page.locator("#touch").inner_text()
    pick(page, 6, 4)
    page.select_option("#touch-devil", "greedy")
    page.click("#touch-new")
    status = page.locator("#touch-status")
    expect(status).to_contain_text("greedy Devil: 0 rounds played")
    expect(page.locator("#touch-message")).to_contain_text("Click four glasses on the tray")
    tip = page.locator("#touch-tip")
    for played in range(1, 6):
        expect(tip).to_have_attribute("data-feel", re.compile(r"^\d(,\d){3}$"))
        for p in tip.get_attribute("data-feel").split(","):
            page.locator(f"#touch-tray .glass[data-position='{p}']").click()
        page.click("#touch-feel")
        expect(tip).to_have_attribute("data-set", re.compile(r"^\w+(,\w+){3}$"))
        for j, value in enumerate(tip.get_attribute("data-set").split(",")):
            button = page.locator(f"#touch-set-{j}")
            if not button.inner_text().endswith(value):
                button.click()
            expect(button).to_contain_text(f": {value}")
        if played == 1:
            page.locator("#touch").screenshot(path=f"/tmp/touch-games-{page.window}-greedy.png")
        page.click("#touch-set")
        expect(status).to_contain_text(f"greedy Devil: {played} round")
        if page.locator("#touch-message.win").count():
            break
    message = page.locator("#touch-message")
    expect(message).to_contain_text("The bell rings! All six glasses are")
    expect(message).to_contain_text("you won in")
    assert page.locator("#touch-history li").count() == played <= 5
    assert page.errors == []


def test_a_fifth_hand_is_refused_and_one_hand_moves(window):
    page = window
    pick(page, 8, 5)
    page.click("#touch-new")
    expect(page.locator("#touch-status")).to_contain_text("0 rounds played")
    for i in range(6):
        page.locator(f"#touch-tray .glass[data-position='{i}']").click()
    expect(page.locator("#touch-message")).to_contain_text("You have five hands")
    expect(page.locator("#touch-tray [aria-checked='true']")).to_have_count(5)
    pick(page, 2, 1)
    page.click("#touch-new")
    expect(page.locator("#touch-tray .glass")).to_have_count(2)
    page.click("#touch-feel")
    expect(page.locator("#touch-message")).to_contain_text("Choose one glass to feel first")
    for i in (0, 1):  # one hand: it moves to the glass clicked
        page.locator(f"#touch-tray .glass[data-position='{i}']").click()
    checked = page.locator("#touch-tray [aria-checked='true']")
    expect(checked).to_have_count(1)
    assert checked.get_attribute("data-position") == "1"
    assert page.errors == []


def test_eight_glasses_offer_four_hands_greyed_out_with_the_reason(visitor):
    page = visitor
    page.wait_for_function("() => devilcoins.touch.games.length > 0")
    page.select_option("#touch-n", "8")
    four = page.locator("#touch-k option[value='4']")
    expect(four).to_be_disabled()
    expect(four).to_have_text("4 (not played here)")
    expect(page.locator("#touch-greyed")).to_be_visible()
    expect(page.locator("#touch-greyed")).to_contain_text("8 glasses with 4 hands take 9 rounds")
    page.select_option("#touch-n", "4")
    expect(page.locator("#touch-greyed")).to_be_hidden()
    assert page.errors == []
