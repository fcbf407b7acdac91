"""Random and greedy Devils are played to the end: where the strongest Devil could hold the game
the page says so plainly and the game goes on (with a way to give up); only against the
strongest Devil is the game over."""

from __future__ import annotations

import pytest
from helpers import positions, seeded, start
from playwright.sync_api import expect


@pytest.mark.parametrize("devil", ["random", "greedy"])
def test_a_held_game_goes_on_against_a_weaker_devil(client, devil):
    game = client.post("/api/new", json={"n": 3, "devil": devil, "seed": 5}).json()
    assert game["winnable"] is False and not game["held"] and not game["lost"]
    first = client.post("/api/move", json={"game": game["game"], "positions": [0]}).json()
    if first["won"]:
        return  # this Devil let the first move through: nothing held
    assert first["held"] and not first["lost"] and first["optimal"] is None
    again = client.post("/api/move", json={"game": game["game"], "positions": [0, 1]})
    assert again.status_code == 200 and again.json()["moves"] == 2  # the game went on


def test_against_the_strongest_devil_a_held_game_is_over(client):
    game = client.post("/api/new", json={"n": 3, "devil": "adversarial", "seed": 5}).json()
    first = client.post("/api/move", json={"game": game["game"], "positions": [0]}).json()
    assert first["held"] and first["lost"]
    again = client.post("/api/move", json={"game": game["game"], "positions": [0, 1]})
    assert again.status_code >= 400 and "holds this game" in again.json()["detail"]


def test_a_random_devil_can_let_a_held_game_be_won(client):
    """3 coins can never be won for sure, yet a random Devil lets some line through: among a
    few seeds, a game held after its first move is still won by playing on."""
    won = 0
    for seed in range(40):
        game = client.post("/api/new", json={"n": 3, "devil": "random", "seed": seed}).json()
        for k in range(12):
            data = client.post(
                "/api/move", json={"game": game["game"], "positions": [k % 3]}
            ).json()
            assert data["won"] or data["held"]  # no sure win here, and never over
            if data["won"]:
                won += k > 0
                break
    assert won > 0


#: A game of 3 coins against the random Devil that a flip of position 0 does not win.
SEED = 5


def test_the_seed_used_below_is_held_after_a_flip_of_position_0(client):
    game = client.post("/api/new", json={"n": 3, "devil": "random", "seed": SEED}).json()
    first = client.post("/api/move", json={"game": game["game"], "positions": [0]}).json()
    assert not first["won"] and first["held"] and not first["lost"]


@pytest.mark.browser
def test_the_page_says_it_plainly_and_offers_to_give_up(visitor):
    page = visitor
    seeded(page, "**/api/new", SEED)
    start(page, 3, "random")
    message = page.locator("#play-message")
    expect(message).to_contain_text("the strongest Devil could hold you off forever")
    expect(message).to_contain_text("The random Devil may still let you through")
    held = page.locator("#play-held")
    positions(page).nth(0).click()
    page.click("#flip")  # with this seed the random Devil does not let it win (the API says)
    expect(page.locator("#play-status")).to_contain_text(": 1 move")
    expect(held).to_contain_text("the strongest Devil could hold you off forever")
    expect(held).to_contain_text("play on, or press “Give up”")
    expect(page.locator("#flip")).to_be_enabled()  # the game goes on
    expect(page.locator("#play-message")).not_to_contain_text("You lost")
    page.click("#give-up")
    expect(page.locator("#play-message")).to_contain_text("You gave up")
    expect(page.locator("#flip")).to_be_disabled()
    expect(page.locator("#give-up")).to_be_hidden()
    expect(held).to_be_hidden()
    expect(page.locator("#replay-open")).to_be_visible()
    page.click("#undo")  # the game taken up again
    expect(page.locator("#play-message")).to_contain_text("taken back")
    expect(page.locator("#play-table [aria-checked]")).to_have_count(3)
    assert page.errors == []


@pytest.mark.browser
def test_the_strongest_devil_still_ends_a_held_game(page):
    start(page, 3)
    positions(page).nth(0).click()
    page.click("#flip")
    expect(page.locator("#play-message")).to_contain_text("You lost")
    expect(page.locator("#flip")).to_be_disabled()
    expect(page.locator("#give-up")).to_be_hidden()
    assert page.errors == []
