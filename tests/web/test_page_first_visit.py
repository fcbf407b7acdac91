"""A first-time visitor in a real browser, at a desktop and a phone window.

Each test is one thing a visitor met, driven as a visitor would (clicks, keys, taps), and
asserts what was wrong before: an empty first table, overlapping glass labels, a green end to a
game that was not won, letters drawn sideways mid-turn, an old game left under a new verdict, a
Watch strip with no legend and no way to a far move, focus lost after a win, and the words.
"""

from __future__ import annotations

import re

import pytest
from helpers import Held, get_json, start
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def new_game(page, **menus: str) -> None:
    """Choose the menus (faces first, as they limit N) and start a game; wait for it."""
    start(page, menus.pop("n", None), menus.pop("devil", None), **menus)


def boxes_overlap(a: dict, b: dict) -> bool:
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


def test_the_first_screen_has_a_table_to_play_on(visitor):
    page = visitor
    positions = page.locator("#play-table .position")
    expect(positions).to_have_count(4)
    expect(page.locator("#flip")).to_be_enabled()
    box = page.locator("#play-table").bounding_box()
    assert box is not None and box["height"] > 150
    positions.nth(0).click()
    page.click("#flip")
    expect(page.locator("#play-status")).to_contain_text(": 1 move")
    assert page.errors == []


def test_the_labels_of_glasses_1_and_3_never_meet(visitor):
    page = visitor
    page.select_option("#touch-devil", "random")
    page.click("#touch-new")
    # the new game, not the one set out on load (against the strongest Devil, 0 rounds too)
    expect(page.locator("#touch-status")).to_contain_text("random Devil: 0 rounds played")
    for i in (1, 3):
        page.locator(f'#touch-tray [data-position="{i}"]').click()
    page.click("#touch-feel")
    expect(page.locator("#touch-setters")).to_be_visible()
    for k in (0, 1):  # set both held glasses down
        if "down" not in page.locator(f"#touch-set-{k}").inner_text():
            page.click(f"#touch-set-{k}")
        expect(page.locator(f"#touch-set-{k}")).to_contain_text("down")
    labels = page.locator("#touch-tray .glass text")
    expect(labels.nth(1)).to_have_text("1down")
    expect(labels.nth(3)).to_have_text("3down")
    boxes = [labels.nth(i).bounding_box() for i in range(4)]
    for i in range(4):
        for j in range(i + 1, 4):
            assert not boxes_overlap(boxes[i], boxes[j]), (i, j, boxes[i], boxes[j])
    assert page.errors == []


@pytest.mark.parametrize("menus", [{}, {"values": "3", "n": "3"}], ids=["coins", "dials"])
def test_a_replay_of_a_game_not_won_does_not_end_green(visitor, menus):
    page = visitor
    new_game(page, devil="adversarial", **menus)  # he never lets one small move win
    page.locator('#play-table [data-position="0"]').click()
    page.click("#flip")
    expect(page.locator("#play-status")).to_contain_text(": 1 move")
    page.click("#peek")
    page.click("#replay-open")
    text = page.locator("#replay-text")
    while page.locator("#replay-next").is_enabled():
        page.click("#replay-next")
        # mid-turn and after, the letters stand upright: nothing on the table is rotated
        svg = page.locator("#replay-table")
        assert svg.evaluate("t => getComputedStyle(t).transform") == "none"
        assert page.locator("#replay-table text[transform]").count() == 0
    expect(text).to_contain_text("the result is")
    expect(text).not_to_contain_text("won")
    expect(text).not_to_have_class(re.compile(r"\bwin\b"))
    assert page.errors == []


#: The replay table's turn and shift and each letter's rotation (|b| + |c| of its screen
#: matrix), once the table is drawn between two places or has finished its turn; false before.
MID_TURN = """t => {
  const turn = Number(t.dataset.turn), shift = Number(t.dataset.shift);
  if (Number.isInteger(turn) && turn !== shift) return false;
  const tilt = [...t.querySelectorAll('text')].map(x => {
    const m = x.getScreenCTM(); return Math.abs(m.b) + Math.abs(m.c); });
  return { turn, shift, tilt };
}"""


def test_the_letters_stay_upright_while_the_table_turns(visitor):
    """A game of 8 coins, replayed: mid-turn (while the turn is still being drawn) no letter's
    screen transform holds a rotation."""
    page = visitor
    new_game(page, n="8", devil="random")
    for k in range(1, 4):  # each move answered before the next (and before the peek)
        page.locator('#play-table [data-position="0"]').click()
        page.click("#flip")
        expect(page.locator("#play-status")).to_contain_text(f": {k} move")
        if page.locator("#flip").is_disabled():  # the random Devil let one flip win: over
            break
    else:
        page.click("#peek")
    page.click("#replay-open")
    svg = page.locator("#replay-table")
    seen_mid_turn = False
    while page.locator("#replay-next").is_enabled():
        before = svg.get_attribute("data-turn")
        page.click("#replay-next")
        if svg.get_attribute("data-shift") != before:
            # the first frame drawn between two places (or the end, had the turn gone by
            # unseen), read at once with the letters' screen matrices
            drawn = page.wait_for_function(MID_TURN, arg=svg.element_handle(), polling="raf")
            now = drawn.json_value()
            seen_mid_turn |= now["turn"] != now["shift"]
            # the screen matrix of every letter has no rotation in it (b and c are 0)
            assert max(now["tilt"]) < 1e-6, now["tilt"]
    if not seen_mid_turn:
        pytest.skip("the random Devil never turned the table in this game")
    assert page.errors == []


STRATEGY_THAT_FAILS = "0 1 2 3\n0 2"


def test_be_the_devil_shows_one_game_at_a_time(visitor):
    page = visitor
    page.click("#devil-begin")  # the optimal strategy for 4 coins, a random start
    status = page.locator("#devil-status")
    expect(status).to_contain_text("Move 1 of 15")
    rows = page.locator("#devil-log tbody tr")
    for k in range(1, 16):
        page.click("#devil-go")  # turn by 0 each time
        expect(rows).to_have_count(k)
        if "the strategy won" in page.locator("#devil-message").inner_text():
            break
    expect(page.locator("#devil-message")).to_contain_text("the strategy won")
    # now my own strategy, and where it fails: only the verdict shows
    page.check("#devil-custom")
    page.fill("#devil-text", STRATEGY_THAT_FAILS)
    page.click("#devil-check")
    verdict = page.locator("#devil-verdict-text")
    expect(verdict).to_contain_text("It fails")
    expect(verdict).to_have_class(re.compile(r"\berror\b"))
    expect(page.locator("#devil-message")).to_have_text("")
    expect(status).not_to_contain_text("The coins")
    expect(page.locator("#devil-log tbody tr")).to_have_count(0)
    expect(page.locator("#devil-table text")).to_have_text(["0", "1", "2", "3"])  # no coins
    # a refused start: the old verdict and status go, the new error alone shows
    page.fill("#devil-start", "HHX")
    page.click("#devil-begin")
    expect(page.locator("#devil-message")).to_have_text(re.compile(r"^A start uses only H and T"))
    expect(verdict).to_have_text("")
    expect(status).to_contain_text("No game")
    expect(page.locator("#devil-go")).to_be_disabled()
    assert page.errors == []


def test_watch_at_8_coins_has_a_legend_a_slider_and_home_and_end(visitor):
    page = visitor
    expect(page.locator("#watch-n")).to_have_value("4")  # as Play opens, at 4 coins
    page.select_option("#watch-n", "8")
    step = page.locator("#watch-step")
    expect(step).to_have_text("move 0 of 255")
    legend = page.locator("#watch-legend")
    expect(legend).to_be_visible()
    expect(legend).to_contain_text("still possible")
    # the slider goes to any move at once
    page.locator("#watch-slider").fill("128")
    expect(step).to_contain_text("move 128 of 255")
    expect(page.locator("#watch-rows tbody tr")).to_have_count(129)
    expect(page.locator("#watch-possible")).to_contain_text("Still possible after move 128")
    expect(page.locator("#watch-possible")).to_contain_text(
        "all heads is among them: from there the game was won already"
    )
    # a tap on a square names its sequence (a phone shows no tooltip)
    square = page.locator("#watch-rows tr.current .dots span").nth(0)
    square.click()
    expect(page.locator("#watch-named")).to_have_text(
        re.compile(r"^Square 1: HHHHHHHH, (still possible|ruled out) after move 128\.$")
    )
    # End and Home, with the section focused
    page.locator("#watch-step").click()
    page.keyboard.press("End")
    expect(step).to_contain_text("move 255 of 255")
    expect(page.locator("#watch-message")).to_contain_text("the strategy has won")
    page.keyboard.press("Home")
    expect(step).to_have_text("move 0 of 255")
    assert page.errors == []


def test_the_focus_stays_in_its_section_after_a_win(visitor, base_url):
    page = visitor
    # Watch: Forward from the keyboard to the end; the focus moves to Back, not the body
    page.select_option("#watch-n", "2")
    expect(page.locator("#watch-step")).to_have_text("move 0 of 3")
    page.focus("#forward")
    for _ in range(3):
        page.keyboard.press("Enter")
    expect(page.locator("#watch-step")).to_contain_text("move 3 of 3")
    assert page.evaluate("document.activeElement.id") == "back"
    # Play: win from the keyboard; the focus moves on to the replay's button
    new_game(page, n="2", devil="random")
    for k, move in enumerate(get_json(f"{base_url}/api/strategy/2")["moves"], 1):
        page.locator(f'#play-table [data-position="{move[0]}"]').focus()
        for i in move:
            page.keyboard.press(str(i))
        page.keyboard.press("Enter")
        expect(page.locator("#play-status")).to_contain_text(f": {k} move")
        if "you won" in page.locator("#play-message").inner_text():
            break
    assert page.evaluate("document.activeElement.id") == "replay-open"
    assert page.errors == []


def test_the_words_a_visitor_reads(visitor):
    page = visitor
    body = page.locator("body").inner_text()
    for jargon in ("coins[r:]", "Values", "(n=", "a recipe"):
        assert jargon not in body, jargon
    # the opening lines follow the game in play: a changed menu says a new game is wanted
    intro, pending = page.locator("#intro"), page.locator("#play-pending")
    expect(pending).to_be_hidden()
    page.select_option("#play-values", "3")
    expect(pending).to_be_visible()
    expect(intro).to_contain_text("coins show heads")  # the table still holds coins
    new_game(page)
    expect(intro).to_contain_text("every dial shows 0")
    expect(intro).not_to_contain_text("heads")
    expect(pending).to_be_hidden()
    expect(page.locator("#play-rules")).to_have_text(
        "The game: 4 dials of 3 faces; the Devil turns the table; goal: every position at 0."
    )
    # the Watch message starts with a capital
    page.select_option("#watch-n", "3")
    expect(page.locator("#watch-message")).to_have_text(re.compile(r"^No strategy wins"))
    assert page.errors == []


def test_what_you_know_leaves_out_all_heads_until_you_win(visitor):
    page = visitor
    new_game(page, n="4", devil="adversarial")
    captions = page.locator("#belief figcaption")
    expect(captions).to_have_count(5)
    assert "HHHH" not in captions.all_inner_texts()
    page.locator('#play-table [data-position="0"]').click()
    page.click("#flip")
    expect(page.locator("#play-status")).to_contain_text(": 1 move")
    assert "HHHH" not in captions.all_inner_texts()
    hint = page.locator("#belief-hint")
    expect(hint).to_contain_text("all heads is left out until you win")
    new_game(page, values="3", n="3")  # the words follow the game's goal
    expect(hint).to_contain_text("every dial at 0 is left out until you win")
    assert "000" not in captions.all_inner_texts()
    new_game(page, goal="same")
    expect(hint).to_contain_text("all dials the same is left out until you win")
    expect(hint).to_contain_text("may still show (turns of one sequence count as one);")
    new_game(page, group="dihedral")  # and what the Devil may do
    expect(hint).to_contain_text("(turns and mirror images of one sequence count as one);")
    assert page.errors == []


def test_the_menus_offer_only_games_the_server_plays(visitor, client):
    """Every size the N menu offers with each choice of faces and goal starts a game; every size
    it greys out is refused by the server too."""
    page = visitor
    offered = {}
    for values in ("2", "3", "4", "5"):
        for goal in ("zero", "same"):
            page.select_option("#play-values", values)
            page.select_option("#play-goal", goal)
            options = page.locator("#play-n option")
            offered[values, goal] = {
                int(options.nth(k).get_attribute("value")): options.nth(k).is_enabled()
                for k in range(options.count())
            }
    assert not offered["3", "zero"][8] and offered["3", "zero"][7]
    for (values, goal), sizes in offered.items():
        for n, enabled in sizes.items():
            body = {"n": n, "values": int(values), "goal": goal, "devil": "random", "seed": 1}
            r = client.post("/api/new", json=body)
            assert (r.status_code == 200) == enabled, (body, r.text)
    assert page.errors == []


@pytest.mark.parametrize("observe", ["sight", "count"])
def test_sight_and_count_games_play_to_a_win_with_the_optimal_move(visitor, base_url, observe):
    page = visitor
    new_game(page, observe=observe, n="4", devil="adversarial")
    length = get_json(f"{base_url}/api/solve?n=4&observe={observe}")["length"]
    faces = page.locator("#play-table .position text")
    expect(page.locator("#intro")).to_contain_text(
        "You can see the table" if observe == "sight" else "you hear how many coins show tails"
    )
    if observe == "sight":  # nothing to peek at
        expect(page.locator("#peek")).to_be_hidden()
    for k in range(1, length + 1):
        if observe == "sight":  # the coins are in view
            expect(faces).to_have_text([re.compile("^[HT]$")] * 4)
        else:  # the coins are hidden: the positions show their numbers
            expect(faces).to_have_text(["0", "1", "2", "3"])
        page.click("#play-optimal")
        expect(page.locator("#play-message")).to_contain_text("The optimal move")
        page.click("#flip")
        expect(page.locator("#play-status")).to_contain_text(f": {k} move")
        message = page.locator("#play-message").inner_text()
        if "you won" in message:
            break
        best = r"^Best move: you now win within \d+ more moves?\. "  # the coach's word first
        if observe == "count":
            assert re.match(best + r"You hear: [1-4] tails?\.$", message), message
        else:
            assert re.match(best + r"The Devil turned the table .*: now [HT]{4}\.$", message), (
                message
            )
    expect(page.locator("#play-message")).to_contain_text("you won")
    expect(page.locator("#play-optimal")).to_be_disabled()
    assert page.errors == []


@pytest.mark.parametrize(
    ("visitor", "n", "length"),
    [((390, 844), 2, 3), ((1280, 900), 2, 3), ((390, 844), 4, 15)],
    indirect=["visitor"],
    ids=["phone-2-3", "desktop-2-3", "phone-4-15"],
)
def test_the_strongest_blind_devil_holds_the_optimal_play_to_its_last_move(visitor, n, length):
    page = visitor
    new_game(page, n=str(n), devil="adversarial")
    for k in range(1, length + 1):
        expect(page.locator("#play-message")).not_to_contain_text("you won")
        page.click("#play-optimal")
        page.click("#flip")
        expect(page.locator("#play-status")).to_contain_text(f": {k} move")
    expect(page.locator("#play-message")).to_have_text(f"All heads: you won in {length} moves!")
    page.click("#replay-open")  # one line of play that agrees with every move, ending won
    expect(page.locator("#replay-step")).to_contain_text("step 0 of ")
    total = int(page.locator("#replay-step").inner_text().split()[-1])
    assert total >= length
    for _ in range(total):
        page.click("#replay-next")
    expect(page.locator("#replay-step")).to_have_text(f"step {total} of {total}")
    expect(page.locator("#replay-text")).to_have_class(re.compile("win"))
    expect(page.locator("#replay-table .position text")).to_have_text(["H"] * n)
    page.keyboard.press("Home")  # the focus is in the replay: Home and End go to either end
    expect(page.locator("#replay-step")).to_have_text(f"step 0 of {total}")
    page.keyboard.press("End")
    expect(page.locator("#replay-step")).to_have_text(f"step {total} of {total}")
    assert page.errors == []


def test_the_focus_stays_on_a_position_when_the_verdict_arrives_late(visitor):
    """The verdict (/api/solve) redraws the table when it comes: a keyboard user who is already
    on a position stays there."""
    page = visitor
    held = Held(page, "**/api/solve?*")
    page.select_option("#play-n", "5")
    page.click("#new-game")
    expect(page.locator("#play-status")).to_contain_text("N = 5")
    position = page.locator('#play-table [data-position="2"]')
    position.focus()
    expect(position).to_be_focused()
    position.evaluate("g => { g.marked = true; }")  # this very element, not a copy
    held.release()  # the verdict is still on its way
    expect(page.locator("#play-solve")).to_contain_text("The strongest Devil can always stop you")
    expect(position).to_be_focused()
    assert position.evaluate("g => g.marked === true")  # the table was not drawn again
    page.keyboard.press(" ")  # and the keys still work there
    expect(position).to_have_attribute("aria-checked", "true")
    assert page.errors == []


def test_watch_steps_only_the_strategy_shown(visitor):
    """Forward pressed while another N's strategy is on its way does not step the old one."""
    page = visitor
    held = Held(page, "**/api/strategy/2")
    page.select_option("#watch-n", "2")
    expect(page.locator("#watch-step")).to_have_text("loading the strategy for N = 2…")
    page.click("#forward")
    expect(page.locator("#watch-step")).to_have_text("loading the strategy for N = 2…")
    held.release()
    expect(page.locator("#watch-step")).to_have_text("move 0 of 3")
    page.click("#forward")
    expect(page.locator("#watch-step")).to_contain_text("move 1 of 3")
    assert page.errors == []


def test_the_words_match_the_board_for_every_choice_of_the_devils_moves(visitor):
    """ "You can see the table" over a hidden table, or "the Devil may turn the table" with no
    turning: the words said one game while the board held another."""
    page = visitor
    intro = page.locator("#intro")
    new_game(page, group="none", n="3")
    expect(intro).to_contain_text("nobody turns the table")
    expect(intro).not_to_contain_text("Devil may turn")
    page.select_option("#play-observe", "sight")
    expect(intro).to_contain_text("You are blindfolded")  # the game in play is blind still
    expect(page.locator("#play-pending")).to_be_visible()
    new_game(page, observe="sight")
    expect(intro).to_contain_text("You can see the table")
    new_game(page, group="full", observe="blind")
    expect(intro).to_contain_text("shuffle the positions any way he likes")
    assert page.errors == []
