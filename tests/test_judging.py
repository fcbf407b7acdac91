"""The coach's judgement of a move (``Family.judge``, ``results.judgement``) against values
worked out here by brute force: for the blind coin game a breadth-first search over beliefs of
coin strings (tests/reference.py's update), for the count game the reference's own values of
every belief; from positions reached by random moves."""

from __future__ import annotations

from functools import cache
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st
from reference import canonical_coins, count_children, count_values, naive_update

from devilcoins import Game, judge_turn
from devilcoins.core.tables import class_table
from devilcoins.families import family_of
from devilcoins.live import class_name
from devilcoins.playing import still_possible, update


@cache
def blind_value(belief: frozenset[str]) -> int | None:
    """The fewest moves that win the coin game from belief (no all heads in it), by brute
    force: breadth-first over the beliefs every move makes."""
    n = len(next(iter(belief))) if belief else 0
    frontier, seen, d = {belief}, {belief}, 0
    moves = [frozenset(i for i in range(n) if a >> i & 1) for a in range(1, 1 << n)]
    while frontier:
        if any(not b for b in frontier):
            return d
        d += 1
        grown = set()
        for b in frontier:
            for move in moves:
                after = frozenset(c for c in naive_update(b, move) if "T" in c)
                if after not in seen:
                    seen.add(after)
                    grown.add(after)
        frontier = grown
    return None


def mask(move: frozenset[int]) -> int:
    return sum(1 << i for i in move)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 15), max_size=6), st.integers(1, 15))
def test_a_blind_move_is_worth_one_more_than_the_belief_it_leaves(played, a):
    game, n = Game(4), 4
    t = class_table(game)
    known = still_possible(game, range(t.size))
    naive = frozenset(c for c in canonical_coins(n) if "T" in c)
    for m in played:
        known = still_possible(game, update(game, known, m))
        naive = frozenset(c for c in naive_update(naive, {i for i in range(n) if m >> i & 1}))
        naive = frozenset(c for c in naive if "T" in c)
    if not known:
        return
    assert {class_name(game, k) for k in known} == naive
    judged = family_of(game).judge(game, known, a)
    best = blind_value(naive)
    if best is None:
        assert judged is None
        return
    after = frozenset(c for c in naive_update(naive, {i for i in range(n) if a >> i & 1}))
    left = blind_value(frozenset(c for c in after if "T" in c))
    assert judged is not None and judged.best == best
    assert judged.value == (None if left is None else 1 + left)
    assert judged.cost == (None if left is None else 1 + left - best)


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 4), st.data())
def test_a_count_move_is_worth_one_more_than_the_worst_count_heard(n, data):
    game = Game.parse(f"n={n} observe=count")
    t = class_table(game)
    start, value = count_values(n)
    belief = start
    for _ in range(data.draw(st.integers(0, 3))):  # a position reached by moves and counts
        a = data.draw(st.sampled_from(list(product(range(2), repeat=n))))
        children = count_children(belief, a, n)
        if not children:
            return
        belief = data.draw(st.sampled_from(sorted(children, key=sorted)))
    a = data.draw(st.sampled_from(list(product(range(2), repeat=n))))
    known = sorted({int(t.index_of[game.encode(x)]) for x in belief})
    judged = family_of(game).judge(game, known, game.encode(a))
    left = [value.get(c) for c in count_children(belief, a, n)]
    if value.get(belief) is None:
        assert judged is None
        return
    assert judged is not None and judged.best == value[belief]
    if None in left:
        assert judged.value is None and judged.mark == "??"
    else:
        assert judged.value == 1 + max(left, default=0)


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 4), st.data())
def test_a_devil_s_turn_is_judged_by_when_the_strategy_is_then_sure_to_win(n, data):
    """judge_turn against the reference's update on coin strings: for each turn, the first
    move after which every sequence still possible is all heads."""
    moves = data.draw(st.lists(st.integers(1, 2**n - 1), min_size=1, max_size=8))
    index = data.draw(st.integers(0, len(moves) - 1))
    coins = data.draw(st.text("HT", min_size=n, max_size=n).filter(lambda c: "T" in c))
    r = data.draw(st.integers(0, n - 1))
    sets = [frozenset(i for i in range(n) if m >> i & 1) for m in moves]
    judged = judge_turn(n, [sorted(s) for s in sets], index, coins, r)
    for turn in range(n):
        turned = coins[turn:] + coins[:turn]
        after = "".join("HT"[(c == "T") ^ (i in sets[index])] for i, c in enumerate(turned))
        belief, want = frozenset({after}), None
        for k in range(index, len(moves)):
            if k > index:
                belief = naive_update(belief, sets[k])
            if all("T" not in c for c in belief):
                want = k + 1
                break
        assert judged.won_by[turn] == want, (turn, judged.won_by)
    best = max(
        range(n), key=lambda t: (float("inf") if judged.won_by[t] is None else judged.won_by[t], -t)
    )
    assert judged.best == best
    assert (judged.mark == "✓") == (judged.won_by[r] == judged.won_by[best])


def test_judge_turn_refuses_a_move_or_a_turn_the_strategy_has_not():
    import pytest

    from devilcoins.core.errors import InvalidInput

    with pytest.raises(InvalidInput, match="numbered 0 to 0"):
        judge_turn(4, ["FFFF"], 3, "HTHT", 1)
    with pytest.raises(InvalidInput, match="r is 0 to 3"):
        judge_turn(4, ["FFFF"], 0, "HTHT", 4)
