"""The blind game's replay says which way the Devil turned the table, in the page's own words
(the glasses' "1 place anticlockwise"): "the Devil turned the table 3 places clockwise", the
short way round (half way is anticlockwise), or "the Devil left the table as it was".  A game of
eight coins against the random Devil (a seed that turns it both ways), peeked and replayed:
at each turn the words are checked against the table the replay draws before and after it (the
coins at the fixed positions, numbered clockwise from 12 o'clock, and the table's own positions
moved that many places that way), against the API's steps, and against the turn as it is drawn
(desktop and phone windows)."""

from __future__ import annotations

import math
import re

import pytest
from helpers import get_json, post_json, seeded, start
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

N, MOVES = 8, 6  # eight coins, position 0 flipped six times, then a peek

WORDS = re.compile(
    r"^Move (\d+): the Devil (?:turned the table (\d+) (place|places) (clockwise|anticlockwise)"
    r"|left the table as it was): the coins ([HT]+)\.$"
)

#: Each coin the replay's table draws: its table position, where it is drawn, its letter.
DRAWN = """svg => [...svg.querySelectorAll('.position')].map(g => {
  const c = g.querySelector('circle');
  return [Number(g.dataset.position), Number(c.getAttribute('cx')),
          Number(c.getAttribute('cy')), g.querySelector('text').textContent];
})"""

#: From now on every turn the table is drawn at (data-turn, set at each drawing), kept in the page.
RECORD_TURNS = """svg => {
  if (!svg.turns) {
    svg.turns = [];
    new MutationObserver(() => svg.turns.push(Number(svg.dataset.turn)))
      .observe(svg, { attributes: true, attributeFilter: ['data-turn'] });
  }
  svg.turns.length = 0;
}"""

#: The table has come to rest: drawn at the frame's turn (its shift), not between two places.
AT_REST = "svg => Number(svg.dataset.turn) === Number(svg.dataset.shift)"


def turns_of_a_peeked_game(base_url: str, seed: int) -> list[int | None] | None:
    """The Devil's turns in the game the page will play with the seed (eight coins, position 0
    flipped MOVES times, then a peek), through the routes alone; None when a flip wins first."""
    state = post_json(base_url, "/api/new", {"n": N, "devil": "random", "seed": seed})
    game = state["game"]
    for _ in range(MOVES):
        state = post_json(base_url, "/api/move", {"game": game, "positions": [0]})
        if state["won"]:
            return None
    post_json(base_url, "/api/peek", {"game": game})
    return [s["turn"] for s in get_json(base_url, f"/api/replay/{game}")["steps"]]


def both_ways(base_url: str) -> int:
    """The first seed whose game has a turn each way the short way round."""
    for seed in range(200):
        turns = turns_of_a_peeked_game(base_url, seed)
        if turns and any(0 < r < N / 2 for r in turns) and any(r > N / 2 for r in turns):
            return seed
    raise AssertionError("no seed below 200 turns the table both ways")


def table(page) -> tuple[str, dict[int, int]]:
    """The replay's table at rest: the coins at the fixed positions (0 first), and where each of
    the table's own positions is drawn."""
    coins, where = [""] * N, {}
    for own, x, y, letter in page.locator("#replay-table").evaluate(DRAWN):
        places = math.atan2(x - 120, 120 - y) % (2 * math.pi) / (2 * math.pi / N)
        assert math.isclose(places, round(places), abs_tol=1e-6), places  # at a position
        coins[round(places) % N], where[own] = letter, round(places) % N
    return "".join(coins), where


@pytest.mark.parametrize(
    "visitor", [(390, 844)], ids=["phone"], indirect=True
)  # the words, one size
def test_the_replay_says_which_way_the_table_turned(visitor, base_url):
    page = visitor
    width = page.viewport_size["width"]
    seed = both_ways(base_url)
    seeded(page, "**/api/new", seed)
    start(page, N, devil="random")
    for k in range(1, MOVES + 1):
        page.locator("#play-table .position[data-position='0']").click()
        page.click("#flip")
        expect(page.locator("#play-status")).to_contain_text(f": {k} move")
    page.click("#peek")
    with page.expect_response(lambda r: "/api/replay/" in r.url) as answer:
        page.click("#replay-open")
    steps = answer.value.json()["steps"]
    assert len(steps) == MOVES
    svg, text = page.locator("#replay-table"), page.locator("#replay-text")
    expect(text).to_contain_text("At the start")
    svg.evaluate(RECORD_TURNS)
    ways, shots = set(), 0
    while page.locator("#replay-next").is_enabled():
        page.wait_for_function(AT_REST, arg=svg.element_handle())
        before, where_before = table(page)
        shift = float(svg.get_attribute("data-shift"))
        svg.evaluate(RECORD_TURNS)
        page.click("#replay-next")
        page.wait_for_function(AT_REST, arg=svg.element_handle())
        said = text.inner_text()
        if "the Devil" not in said:  # a move or its result: the table stays where it is
            assert table(page)[1] == where_before, said
            continue
        words = WORDS.match(said)
        assert words, said  # which way, how many places: in the words
        after, where_after = table(page)
        move, places, plural, way = int(words[1]), words[2], words[3], words[4]
        step = steps[move - 1]
        signed = 0 if places is None else int(places) * (1 if way == "clockwise" else -1)
        if places is not None:
            assert 1 <= int(places) <= N / 2 and (plural == "place") == (places == "1")
            assert int(places) < N / 2 or way == "anticlockwise"  # half way: anticlockwise
            ways.add(way)
        # the words against the pictures: every coin, and the table itself, moved that way
        assert all(after[(q + signed) % N] == before[q] for q in range(N)), (before, after)
        assert all(where_after[j] == (p + signed) % N for j, p in where_before.items())
        # ... against the API (r: the coin at position r comes to position 0) and the words
        assert before == step["before"] and after == step["turned"] == words[5]
        assert signed % N == -step["turn"] % N
        # ... and against the turn as it was drawn: from the table's place, the short way round
        drawn = svg.evaluate("svg => svg.turns")
        assert drawn and all(
            min(0, signed) - 1e-9 <= t - shift <= max(0, signed) + 1e-9 for t in drawn
        )
        assert float(svg.get_attribute("data-shift")) == shift + signed
        if way == "clockwise" and not shots:
            page.locator("#replay").screenshot(path=f"/tmp/replay-turn-words-{width}.png")
            shots += 1
    assert ways == {"clockwise", "anticlockwise"}  # the seed's game turns it both ways
    assert page.errors == []
