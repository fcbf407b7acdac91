"""More server checks: the certificate-driven adversarial Devil and the N = 16 watch summary."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import expect

from devilcoins.web.app import create_app


@pytest.fixture
def client():
    return TestClient(create_app())


@pytest.mark.parametrize("n", [3, 5, 6, 7])
def test_adversarial_devil_never_loses_with_an_odd_factor(client, n):
    """The page's game ends lost after the first move; the Devil behind it (the library's live
    Devil, from the page's start) keeps the coins off all heads over 200 random moves."""
    import numpy as np

    from devilcoins.core.game import Game
    from devilcoins.devil import live_devil, live_start
    from devilcoins.playing import play

    rng = random.Random(1000 + n)
    game = client.post("/api/new", json={"n": n, "devil": "adversarial", "seed": n}).json()
    assert not game["won"] and "coins" not in game and game["winnable"] is False
    r = client.post("/api/move", json={"game": game["game"], "positions": [0]})
    assert r.status_code == 200 and r.json()["lost"] and "coins" not in r.json()
    spec, generator = Game(n), np.random.default_rng(n)
    x = live_start(spec, "adversarial", generator)
    assert x is not None
    moves = [sum(1 << p for p in range(n) if rng.random() < 0.5) or 1 for _ in range(200)]
    steps = play(spec, moves, x, live_devil(spec, "adversarial", generator))
    assert len(steps) == 200 and not any(spec.in_goal(s.after) for s in steps)


@pytest.mark.parametrize("n", [3, 5, 6, 7])
def test_adversarial_starts_are_safe_for_many_seeds(n):
    """The live adversarial Devil starts in the trap of his certificate (outside the chain's last
    level), from where some turn always keeps the coins off all heads, whatever the move."""
    import numpy as np

    from devilcoins.blind.chain import chain
    from devilcoins.core.game import Game
    from devilcoins.devil import live_start

    trap = chain(Game(n)).trap
    for seed in range(50):
        x = live_start(Game(n), "adversarial", np.random.default_rng(seed))
        assert x is not None and x != 0 and trap[x]
        for move in range(2**n):  # every move has a turn that stays in the trap
            turns = {((x >> r) | (x << (n - r))) & (2**n - 1) for r in range(n)}
            assert any(trap[t ^ move] for t in turns)


def test_powers_of_two_still_winnable_against_adversarial(client):
    game = client.post("/api/new", json={"n": 2, "devil": "adversarial", "seed": 3}).json()
    won = False
    for move in [[0, 1], [0], [0, 1]]:
        state = client.post("/api/move", json={"game": game["game"], "positions": move}).json()
        if state["won"]:
            won = True
            break
    assert won


def test_strategy_16_summary(client):
    r = client.get("/api/strategy/16")
    assert r.status_code == 200
    data = r.json()
    assert data["length"] == 65535
    assert data["truncated"] is True and data["beliefs"] is None
    assert len(data["moves"]) == 64
    for move in data["moves"]:
        assert isinstance(move, list) and all(isinstance(p, int) and 0 <= p < 16 for p in move)


# ---- the page in a real browser (skipped, like tests/web/test_browser.py, without chromium) ----


@pytest.mark.browser
def test_watch_16_in_the_browser(page):
    page.select_option("#watch-n", "16")
    step = page.locator("#watch-step")
    expect(step).to_have_text("move 0 of 65,535")
    expect(page.locator("#watch-summary")).to_contain_text(
        "65,535 moves, built by a known rule (Lamping's); the first 64 are listed"
    )
    expect(page.locator("#watch-message")).to_contain_text("devilcoins plot 16")
    expect(page.locator("#watch-rows")).to_be_hidden()
    for k in range(1, 4):
        page.click("#forward")
        expect(step).to_contain_text(f"move {k} of 65,535")
    expect(step).to_contain_text("move 3 of 65,535: flip {")
    expect(page.locator("#watch-table .position")).to_have_count(16)
    for k in range(4, 65):
        page.click("#forward")
        expect(step).to_contain_text(f"move {k} of 65,535")
    expect(page.locator("#forward")).to_be_disabled()
    page.click("#back")
    expect(step).to_contain_text("move 63 of 65,535")
    page.select_option("#watch-n", "4")
    expect(step).to_have_text("move 0 of 15")
    expect(page.locator("#watch-rows")).to_be_visible()
    expect(page.locator("#watch-summary")).to_be_hidden()
    assert page.errors == []
