"""The count game (issue 11): the solver against the brute force in reference.py, its trees
against the independent checker, and the checker's counterexamples replayed naively."""

from __future__ import annotations

import copy

import pytest
from reference import count_value, replay_count, sight_trap_holds_naive

from devilcoins import certificate, check_certificate, prove
from devilcoins import verify as verify_tree
from devilcoins.core.errors import DevilcoinsError, TooLarge
from devilcoins.core.game import Game
from devilcoins.core.tables import class_table
from devilcoins.engine import solve
from devilcoins.observed.count import sight_trap, solve_count
from devilcoins.observed.sightrule import count_by_sight
from devilcoins.results.count import BY_SIGHT


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6])
def test_coins_match_the_brute_force(n):
    game = Game(n, observe="count")
    sol = solve_count(game)
    assert sol.length == count_value(n)
    if sol.winnable:
        v = verify_tree(game, sol.tree(max_nodes=10**6))
        assert v.wins and v.won_at == sol.length


@pytest.mark.parametrize("n", [1, 2, 3])
def test_dials_of_three_values_match_the_brute_force(n):
    assert solve_count(Game(n, values=3, observe="count")).length == count_value(n, 3)


def test_eight_coins_asedatab_tree_verifies():
    game = Game.parse("n=8 observe=count")
    sol = solve_count(game)
    assert sol.winnable and sol.length == 13
    v = verify_tree(game, sol.tree(max_nodes=10**6))
    assert v.wins and v.won_at == 13


def test_engine_and_text_form():
    game = Game.parse("n=4 observe=count")
    assert str(game) == "n=4 observe=count" and Game.parse(str(game)) == game
    verdict = solve(game)
    assert verdict.winnable and verdict.length == 6 and "count" in verdict.method
    text = verdict.tree.to_text()
    assert text.startswith("n=4 observe=count: wins within 6 moves")
    assert "Told 0: the bell rings" in text


@pytest.mark.parametrize("n,m", [(2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (2, 3), (3, 3)])
def test_goal_same_matches_the_brute_force(n, m):
    """Goal all the same: the bell rings at any constant state, the count still heard."""
    game = Game.parse(f"n={n} values={m} goal=same observe=count")
    sol = solve_count(game)
    assert sol.length == count_value(n, m, goal="same")
    if sol.winnable:
        v = verify_tree(game, sol.tree(max_nodes=10**6))
        assert v.wins and v.won_at == sol.length
        nodes = verify_tree(game, {"nodes": sol.nodes()})
        assert nodes.wins and nodes.won_at == sol.length


def test_a_list_of_states_as_goal_is_refused():
    with pytest.raises(DevilcoinsError, match="zero or same"):
        Game.parse("n=4 goal=0000,0101 observe=count")


def _nodes(tree):
    yield tree
    for then in tree["next"].values():
        if isinstance(then, dict):
            yield from _nodes(then)


def test_every_corruption_is_caught_and_replays():
    game = Game(4, observe="count")
    tree = solve_count(game).tree(max_nodes=10**6)
    caught = 0
    for i, node in enumerate(_nodes(tree)):
        for count in list(node["next"]):
            if count == "0":
                continue
            for bad_then in ("win", None):
                bad = copy.deepcopy(tree)
                target = list(_nodes(bad))[i]
                if bad_then is None:
                    del target["next"][count]
                else:
                    target["next"][count] = bad_then
                v = verify_tree(game, bad)
                assert not v.wins
                c = v.counterexample.to_json()
                assert replay_count(bad, c["start"], c["turns"]) in ("false win", "gap")
                caught += 1
    assert caught >= 10


def test_a_wrong_move_is_caught():
    game = Game(4, observe="count")
    bad = solve_count(game).tree(max_nodes=10**6)
    bad["next"]["1"]["move"] = "LLLL"  # THHH stays THHH: count 1, which the node leaves out
    v = verify_tree(game, bad)
    c = v.counterexample.to_json()
    assert not v.wins and replay_count(bad, c["start"], c["turns"]) in ("false win", "gap")


@pytest.mark.parametrize(
    "n,m,goal", [(3, 2, "zero"), (5, 2, "same"), (6, 2, "zero"), (2, 3, "zero"), (2, 3, "same")]
)
def test_a_game_the_devil_holds_by_sight_is_held_over_every_belief(n, m, goal):
    """The sight game's trap settles a lost count game at once; the search over every belief
    and the brute force find it lost too, and the trap holds by a naive check."""
    game = Game.parse(f"n={n} values={m} goal={goal} observe=count")
    fast, full = solve_count(game), solve_count(game, every_belief=True)
    assert not fast.winnable and fast.trap and fast.explored == len(class_table(game).reps)
    assert not full.winnable and not full.trap and full.explored > 0
    assert count_value(n, m, goal) is None
    assert sight_trap_holds_naive(n, m, goal, [game.decode(x) for x in fast.trap])


@pytest.mark.parametrize("n,m", [(4, 2), (8, 2), (3, 3)])
def test_a_game_the_player_wins_has_no_sight_trap(n, m):
    """Where the player wins the count game, he wins the sight game: no trap is claimed."""
    assert sight_trap(Game(n, values=m, observe="count")) == ()


@pytest.mark.parametrize("spec", ["n=10 observe=count", "n=5 values=3 goal=same observe=count"])
def test_past_the_belief_search_the_sight_trap_is_a_checked_certificate(spec):
    """10 coins (past 300 s over beliefs) and 5 dials of 3 values: the Devil's trap of single
    classes, checked by the certificate checker and naively; one class alone is no trap."""
    game = Game.parse(spec)
    verdict = solve(game)
    assert not verdict.winnable and verdict.method == BY_SIGHT
    cert = certificate(verdict)
    assert check_certificate(game, cert).holds
    assert sight_trap_holds_naive(
        game.n, game.values, game.goal, [game.decode(x) for x in verdict.tree.trap]
    )
    assert not check_certificate(game, {**cert, "trap": cert["trap"][:1]}).holds


@pytest.mark.parametrize("n,m", [(3, 2), (6, 2), (10, 2), (12, 2), (2, 3), (4, 3), (5, 3)])
def test_prove_states_the_rule_and_checks_it_by_solving(n, m):
    """n and m not powers of one prime: the Devil holds out by the sight rule, and the count
    game solved now agrees (and, where small, the brute force too)."""
    game = Game(n, values=m, observe="count")
    verdict = prove(game)
    assert not verdict.winnable and verdict.holds
    assert [e.name for e in verdict.evidence if e.checked] == ["the game solved exactly now"]
    if m**n <= 64:
        assert count_value(n, m) is None


def test_the_rule_answers_any_size_and_leaves_the_rest_to_the_search():
    """A million coins are settled by the rule alone; a game the rule does not settle is solved
    (8 coins: 13 moves), and one too large for the tables is refused at once."""
    huge = prove(Game(10**6, observe="count"))
    assert not huge.winnable and all(not e.checked for e in huge.evidence)
    assert prove(Game(8, observe="count")).length == 13
    assert count_by_sight(Game.parse("n=6 goal=same observe=count")) is None
    with pytest.raises(TooLarge, match="52,488 classes"):
        solve_count(Game(20, observe="count"))


def test_a_process_that_already_holds_much_still_gets_the_searchs_allowance(monkeypatch):
    # A long-lived process (the page's server, a test worker) may hold more than the count
    # search's allowance before it starts: the search is bounded by what it adds, not refused.
    from devilcoins.core import resources
    from devilcoins.observed import count

    held = [100 << 30]
    monkeypatch.setattr(resources, "resident_bytes", lambda: held[0])
    monkeypatch.setattr(count, "resident_bytes", lambda: held[0])
    assert solve_count(Game(4, observe="count")).length == count_value(4)  # searched, no trap

    def growing() -> int:  # the search adds a GiB between readings
        held[0] += 1 << 30
        return held[0]

    monkeypatch.setattr(count, "resident_bytes", growing)
    monkeypatch.setattr(count, "MAX_BYTES", 1 << 29)
    with pytest.raises(TooLarge, match="at the memory limit"):
        solve_count(Game(8, observe="count"))
