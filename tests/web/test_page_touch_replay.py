"""The touch games' replay on the page: a game won against each Devil ("Show me the optimal play"
plays it), then "Replay with the Devil's turns" stepped to the end, the tray drawn at each step as
the API's steps have it (turning as the Devil turned it), the last tray all the same, each round
in words; the button only after the bell, and gone with a new game (desktop and phone windows,
screenshots under /tmp)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

NUMBER = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight"]
RED = "#d62828"  # the ring of a glass felt (touch.js)


def faces(page, tray: str = "#touch-replay-tray") -> list[str]:
    """The glasses drawn on a tray, position 0 first."""
    glasses = page.locator(f"{tray} .glass")
    positions = glasses.evaluate_all("gs => gs.map(g => Number(g.dataset.position))")
    assert positions == list(range(len(positions)))
    return glasses.evaluate_all("gs => gs.map(g => g.dataset.face)")


def marked(page) -> list[int]:
    """The positions drawn with the red ring of the glasses felt."""
    return page.locator("#touch-replay-tray .glass").evaluate_all(
        f"gs => gs.filter(g => g.querySelector('circle').getAttribute('stroke') === '{RED}')"
        ".map(g => Number(g.dataset.position))"
    )


def places(r: int, n: int) -> int:
    """The turn r (glass r to position 0) the short way round: anticlockwise negative."""
    return n - r if r > n / 2 else -r


SNAPSHOT = (
    "svg => ({ phase: svg.dataset.phase, turn: Number(svg.dataset.turn),"
    " faces: [...svg.querySelectorAll('.glass')].map(g => g.dataset.face),"
    " marked: [...svg.querySelectorAll('.glass')]"
    f".filter(g => g.querySelector('circle').getAttribute('stroke') === '{RED}')"
    ".map(g => Number(g.dataset.position)) })"
)


#: From now on, the tray as each of its paints left it (the page sets data-phase at each paint),
#: kept in the page itself so that no phase goes by unseen however slowly the test looks.
RECORD = (
    "svg => { if (!svg.recorded) { svg.recorded = []; const snapshot = "
    + SNAPSHOT
    + "; new MutationObserver(() => svg.recorded.push(snapshot(svg)))"
    ".observe(svg, { attributes: true, attributeFilter: ['data-phase'] }); }"
    " svg.recorded.length = 0; }"
)


def record_a_round(page) -> None:
    """Keep the tray's paints from here on (call it before the click that starts the round)."""
    page.locator("#touch-replay-tray").evaluate(RECORD)


def watch_a_round(page, step: dict[str, Any], n: int) -> list[str]:
    """The phases the replay's tray went through for a round (recorded since record_a_round),
    each drawn as the step has it: the tray as it lay while it turns (never past the turn), the
    turned tray with the glasses felt ringed, the tray as set."""
    tray = page.locator("#touch-replay-tray")
    page.wait_for_function(
        "svg => svg.recorded.some(s => s.phase === 'done')", arg=tray.element_handle()
    )
    seen: list[str] = []
    for now in tray.evaluate("svg => svg.recorded"):
        if not seen or seen[-1] != now["phase"]:
            seen.append(now["phase"])
        if now["phase"] == "turning":
            assert now["faces"] == step["before"] and now["marked"] == []
            way = places(step["turn"], n)
            assert min(0, way) <= now["turn"] <= max(0, way)
        elif now["phase"] == "felt":
            assert now["faces"] == step["turned"] and now["marked"] == step["reach"]
        else:
            assert now["phase"] == "done" and now["turn"] == 0
            return seen
    raise AssertionError(f"the round was never drawn to its end: {seen}")


def words_of(step: dict[str, Any], last: bool, n: int) -> str:
    """The line the page should say for a round, written out here."""
    r = step["turn"]
    k = abs(places(r, n))
    way = "anticlockwise" if places(r, n) < 0 else "clockwise"
    turn = (
        "the Devil left the tray as it was"
        if r == 0
        else f"the Devil turned the tray {k} place{'' if k == 1 else 's'} {way}"
    )
    reach = step["reach"]
    if len(reach) == 1:
        which, them = f"glass {reach[0]}", "it"
    else:
        which = f"glasses {', '.join(map(str, reach[:-1]))} and {reach[-1]}"
        them = "them"
    every = "both glasses" if n == 2 else f"all {NUMBER[n]} glasses"
    end = f" The bell rings: {every} are {step['after'][0]}." if last else " No bell."
    return (
        f"Round {step['round']}: {turn}; you felt {which}: {', '.join(step['felt'])}; "
        f"you set {them} {', '.join(step['set'])}.{end}"
    )


def win_by_the_optimal_play(page, devil: str, n: int = 4, k: int = 2) -> int:
    """Against devil, "Show me the optimal play" to the bell; the rounds it took."""
    page.select_option("#touch-n", str(n))
    page.select_option("#touch-k", str(k))
    page.select_option("#touch-devil", devil)
    opener = page.locator("#touch-replay-open")
    page.click("#touch-optimal")
    message = page.locator("#touch-message")
    word = {"adversarial": "strongest"}.get(devil, devil)
    expect(message).to_contain_text(f"The optimal play against the {word} Devil")
    history = page.locator("#touch-history li")
    for played in range(1, 12):
        expect(opener).to_be_hidden()  # nothing to replay while the game is on
        page.click("#touch-next")  # feel
        expect(page.locator("#touch-tip")).to_have_attribute("data-set", re.compile(r"^\w"))
        expect(opener).to_be_hidden()
        page.click("#touch-next")  # set
        expect(history).to_have_count(played)
        if page.locator("#touch-message.win").count():
            break
    expect(message).to_contain_text("The bell rings!")
    expect(message).to_contain_text(f"the optimal play won in {played} round")
    return played


@pytest.mark.parametrize(
    ("visitor", "devil"),
    [((1280, 900), "adversarial"), ((390, 844), "adversarial"), ((1280, 900), "greedy"),
     ((390, 844), "random")],
    indirect=["visitor"],
    ids=["desktop-adversarial", "phone-adversarial", "desktop-greedy", "phone-random"],
)  # fmt: skip
def test_a_won_game_replays_round_by_round_as_the_api_has_it(visitor, devil):
    page = visitor
    width = page.viewport_size["width"]
    played = win_by_the_optimal_play(page, devil)
    if devil == "adversarial":
        assert played == 5  # he holds out as long as the optimal play allows
    opener = page.locator("#touch-replay-open")
    expect(opener).to_be_visible()
    expect(opener).to_have_text("Replay with the Devil's turns")
    expect(opener).to_be_focused()  # "Next step" went with the bell: the focus goes on to it
    won = faces(page, "#touch-tray")
    with page.expect_response(lambda r: "/api/touch/replay/" in r.url) as answer:
        opener.click()
    data = answer.value.json()
    steps = data["steps"]
    assert answer.value.status == 200 and data["devil"] == devil
    assert len(steps) == played == data["rounds"]
    tray = page.locator("#touch-replay-tray")
    text, step_line = page.locator("#touch-replay-text"), page.locator("#touch-replay-step")
    expect(page.locator("#touch-replay")).to_be_visible()
    expect(page.locator("#touch-replay-next")).to_be_focused()
    expect(page.locator("#touch-replay-back")).to_be_disabled()
    expect(step_line).to_have_text(f"step 0 of {played}")
    expect(text).to_have_text(
        f"At the start the glasses stood {', '.join(steps[0]['before'])} "
        "(glass 0 first; you could not see them)."
    )
    assert faces(page) == steps[0]["before"] and marked(page) == []
    for k, step in enumerate(steps, 1):
        record_a_round(page)
        page.click("#touch-replay-next")
        expect(tray).to_have_attribute("data-frame", str(k))
        seen = watch_a_round(page, step, 4)
        # the tray as it lay drawn turning as he turned it, then what was felt, then the set
        assert seen == (["turning", "felt", "done"] if step["turn"] else ["felt", "done"]), seen
        assert faces(page) == step["after"], k
        assert marked(page) == step["reach"], k
        # the step agrees with itself: turned is before turned r places, felt at the reach
        r = step["turn"]
        assert step["before"][r:] + step["before"][:r] == step["turned"]
        assert [step["turned"][p] for p in step["reach"]] == step["felt"]
        expect(text).to_have_text(words_of(step, k == played, 4))
        expect(step_line).to_have_text(f"step {k} of {played}")
        if k == 1:
            page.locator("#touch").screenshot(path=f"/tmp/touch-replay-{devil}-{width}-round1.png")
    assert len(set(faces(page))) == 1 and faces(page) == won  # the tray the bell rang on
    expect(text).to_have_class(re.compile("win"))
    expect(page.locator("#touch-replay-next")).to_be_disabled()
    expect(page.locator("#touch-replay-back")).to_be_focused()  # kept in the replay
    page.locator("#touch").screenshot(path=f"/tmp/touch-replay-{devil}-{width}-end.png")
    # back a step, by the arrow key: the tray as the round before left it, at once
    page.keyboard.press("ArrowLeft")
    expect(step_line).to_have_text(f"step {played - 1} of {played}")
    assert tray.get_attribute("data-phase") == "done"
    assert faces(page) == (steps[-2]["after"] if played > 1 else steps[0]["before"])
    assert page.errors == []


def test_less_motion_jumps_to_the_end_of_each_round(visitor):
    page = visitor
    page.emulate_media(reduced_motion="reduce")
    played = win_by_the_optimal_play(page, "adversarial", 6, 4)
    with page.expect_response(lambda r: "/api/touch/replay/" in r.url) as answer:
        page.click("#touch-replay-open")
    steps = answer.value.json()["steps"]
    assert len(steps) == played == 5 and any(s["turn"] for s in steps)
    tray = page.locator("#touch-replay-tray")
    expect(page.locator("#touch-replay-tray .glass")).to_have_count(6)
    for k, step in enumerate(steps, 1):
        page.keyboard.press("ArrowRight")  # the focus is on Next: the arrows step
        # drawn at once, with no turning: the click's handler has painted the end already
        assert tray.get_attribute("data-frame") == str(k)
        assert tray.get_attribute("data-phase") == "done"
        assert faces(page) == step["after"] and marked(page) == step["reach"]
        expect(page.locator("#touch-replay-text")).to_have_text(words_of(step, k == played, 6))
    assert len(set(faces(page))) == 1
    expect(page.locator("#touch-replay-text")).to_contain_text("The bell rings: all six glasses")
    page.keyboard.press("Home")  # the first and the last round, at once
    assert tray.get_attribute("data-frame") == "0"
    assert faces(page) == steps[0]["before"]
    page.keyboard.press("End")
    assert tray.get_attribute("data-frame") == str(played)
    assert faces(page) == steps[-1]["after"]
    expect(page.locator("#touch-feel")).to_be_hidden()  # after the bell only the replay is left
    assert page.errors == []


def test_the_replay_button_only_after_the_bell_and_gone_with_a_new_game(visitor):
    page = visitor
    opener, panel = page.locator("#touch-replay-open"), page.locator("#touch-replay")
    expect(opener).to_be_hidden()
    page.select_option("#touch-devil", "random")
    page.click("#touch-new")
    # the new game, not the one set out on load (against the strongest Devil, 0 rounds too)
    expect(page.locator("#touch-status")).to_contain_text("random Devil: 0 rounds played")
    expect(opener).to_be_hidden()
    page.locator("#touch-tray .glass[data-position='0']").click()
    page.locator("#touch-tray .glass[data-position='1']").click()
    page.click("#touch-feel")
    expect(page.locator("#touch-setters")).to_be_visible()
    expect(opener).to_be_hidden()  # mid-round, nothing to replay
    win_by_the_optimal_play(page, "greedy")
    expect(opener).to_be_visible()
    opener.click()
    expect(panel).to_be_visible()
    page.click("#touch-replay-close")
    expect(panel).to_be_hidden()
    expect(opener).to_be_focused()
    opener.click()
    expect(panel).to_be_visible()
    page.click("#touch-new")  # a new game: the replay and its button go
    expect(page.locator("#touch-status")).to_contain_text("0 rounds played")
    expect(panel).to_be_hidden()
    expect(opener).to_be_hidden()
    win_by_the_optimal_play(page, "random", 2, 1)
    opener.click()
    expect(panel).to_be_visible()
    expect(page.locator("#touch-replay-tray .glass")).to_have_count(2)
    page.select_option("#touch-n", "3")  # another game chosen: the replay goes too
    expect(page.locator("#touch-name")).to_have_text("Three glasses, two hands")
    expect(panel).to_be_hidden()
    expect(opener).to_be_hidden()
    assert page.errors == []
