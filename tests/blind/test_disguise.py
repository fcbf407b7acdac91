"""Blind games that are plain games in disguise (``blind.disguise``): a goal moved by a state
every turn keeps settles from the plain game, in a moment, with the answer a naive search
finds."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st
from reference import NaiveGame

from devilcoins import Game, coach, solve, verify
from devilcoins.blind.disguise import shifted_goal
from devilcoins.core.tables import class_table


def _naive_wins(game: Game, strategy) -> bool:
    """Every start reaches the goal along the strategy (no turning: one path per start)."""
    goal = {game.encode(s) for s in game.goal_states}
    for x in range(game.states):
        state = x
        won = state in goal
        for a in strategy:
            state = game.add(state, int(a))
            won = won or state in goal
        if not won:
            return False
    return True


def test_the_games_the_search_refused_settle_from_the_plain_game():
    """Refused as too large before (the belief search passed 200,000 beliefs)."""
    for text, length in [
        ("n=6 group=none goal=THTHTH", 63),
        ("n=5 group=none goal=TTTTT", 31),
        ("n=3 values=3 group=none goal=010", 26),
    ]:
        game = Game.parse(text)
        verdict = solve(game)
        assert verdict.game == game and (verdict.winnable, verdict.length) == (True, length)
        assert _naive_wins(game, verdict.strategy)
        # m^n starts, each needing a running total of its own: nothing shorter (the count)
        assert length == game.states - 1
        assert verify(game, verdict.strategy).wins
        assert not verify(game, verdict.strategy[:-1]).wins


def test_a_goal_no_fixed_state_moves_onto_zero_is_left_alone():
    assert shifted_goal(Game.parse("n=4 goal=HTHT,THTH")) is None  # cyclic: not fixed
    assert shifted_goal(Game.parse("n=4")) is None
    plain, s = shifted_goal(Game.parse("n=4 goal=TTTT"))  # fixed by turns: zero moved
    assert str(plain) == "n=4" and s == (1, 1, 1, 1)


@st.composite
def moved_goals(draw: st.DrawFn) -> Game:
    """A small blind game whose goal is zero or same moved by a state its group keeps."""
    m = draw(st.sampled_from([2, 3]))
    n = draw(st.integers(2, 4 if m == 2 else 2))
    group = draw(st.sampled_from(["none", "cyclic", "full"]))
    fixed = (  # states every turn keeps: any with a still table, else those of equal values
        list(itertools.product(range(m), repeat=n))
        if group == "none"
        else [(v,) * n for v in range(m)]
    )
    s = draw(st.sampled_from(fixed))
    base = [(0,) * n] if draw(st.booleans()) else [(v,) * n for v in range(m)]
    goal = {tuple((b + w) % m for b, w in zip(g, s, strict=True)) for g in base}
    text = ",".join("".join(map(str, g)) for g in sorted(goal))
    return Game.parse(f"n={n} values={m} group={group} goal={text}")


@settings(max_examples=40, deadline=None)
@given(moved_goals())
def test_a_moved_goal_has_the_naive_searchs_answer(game):
    if not game.goal_states:  # the moved goal was zero or same itself
        return
    gens = [tuple(p) for p in game.group.generators]
    expected, _ = NaiveGame(game.n, game.values, gens, game.goal_states).shortest()
    verdict = solve(game)
    assert verdict.length == expected
    if verdict.winnable:
        assert verify(game, verdict.strategy).wins


def test_the_coach_of_a_moved_goal_follows_the_plain_game_from_anywhere():
    """From the start and after each of its moves the coach's count is the naive search's
    from the belief the player stands on, one less each move, to the win."""
    game = Game.parse("n=4 group=dihedral goal=TTTT")
    table = class_table(game)
    naive = NaiveGame(4, 2, [tuple(p) for p in game.group.generators], game.goal_states)
    states = set(naive.start())
    count = None
    while states:
        known = sorted({int(table.index_of[game.encode(x)]) for x in states})
        advice = coach(game, known)
        length, _ = naive.shortest(start=states)
        assert advice.at_most == length and (count is None or length == count - 1)
        count = length
        states = set(naive.update(states, tuple(game.decode(int(advice.optimal)))))
    assert count == 1
