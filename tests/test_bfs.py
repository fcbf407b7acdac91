"""Belief search and exact verification against the slow string-based reference (reference.py)."""

from __future__ import annotations

from collections import deque
from itertools import product

import pytest
from reference import canonical_coins, naive_update, plain_update, seed_moves

from devilcoins import DevilcoinsError, Strategy, belief_search, search
from devilcoins import verify_coins as verify

# The issue's figures: shortest winning strategy length for N coins, None when there is none.
SHORTEST = {
    1: 1, 2: 3, 3: None, 4: 15, 5: None, 6: None, 7: None, 8: 255,
    9: None, 10: None, 11: None, 12: None, 13: None, 14: None, 15: None,
}  # fmt: skip

# --- the seeds' search on the slow reference (reference.py) ---------------------------------


def seed_search(n: int) -> list[frozenset[int]] | None:
    """The seeds' breadth-first search: a queue of (strategy, belief), explored at generation."""
    start, goal = canonical_coins(n), frozenset({"H" * n})
    explored: set[frozenset[str]] = set()
    queue = deque([((), start)])
    while queue:
        strategy, belief = queue.popleft()
        if belief == goal:
            return list(strategy)
        for move in seed_moves(n):
            nxt = naive_update(belief, move)
            if nxt not in explored:
                queue.append(((*strategy, move), nxt))
                explored.add(nxt)
    return None


def reachable(n: int) -> set[frozenset[str]]:
    """Every belief reachable from 'any coins at all', the start included."""
    start = canonical_coins(n)
    seen, frontier = {start}, [start]
    while frontier:
        nxt = []
        for belief in frontier:
            for move in seed_moves(n):
                after = naive_update(belief, move)
                if after not in seen:
                    seen.add(after)
                    nxt.append(after)
        frontier = nxt
    return seen


def plain_wins(strategy, n: int) -> bool:
    """Propagate every one of the 2^n raw sequences (no canonical forms) along the strategy."""
    belief = {"".join(p) for p in product("HT", repeat=n)}
    for move in strategy:
        belief = plain_update(belief, move)
    return belief == {"H" * n}


def plain_sizes(strategy, n: int) -> list[int]:
    """The canonical belief size before the first move and after each move (reference)."""
    belief = canonical_coins(n)
    sizes = [len(belief)]
    for move in strategy:
        belief = naive_update(belief, frozenset(move))
        sizes.append(len(belief))
    return sizes


def found(n: int) -> Strategy:
    result = belief_search(n)
    assert result.strategy is not None
    return result.strategy


# --- belief_search against the reference ----------------------------------------------------


@pytest.mark.parametrize("n", range(1, 9))
def test_belief_search_returns_the_seeds_strategy(n):
    expected = seed_search(n)
    result = belief_search(n)
    assert result.winnable == (expected is not None)
    if expected is None:
        assert result.strategy is None and result.length is None
    else:
        assert [frozenset(m) for m in result.strategy] == expected
        assert result.length == len(expected)


@pytest.mark.parametrize("n", [3, 5, 6, 7, 9, 10, 11])
def test_explored_is_the_whole_reachable_set_when_there_is_no_strategy(n):
    beliefs = reachable(n)
    assert frozenset({"H" * n}) not in beliefs
    result = belief_search(n)
    assert result.strategy is None
    assert result.explored == len(beliefs)


@pytest.mark.parametrize("n", [1, 2, 4, 8])
def test_explored_is_bounded_by_the_reachable_set_when_winnable(n):
    result = belief_search(n)
    assert result.length + 1 <= result.explored <= len(reachable(n))


@pytest.mark.parametrize("n", sorted(SHORTEST))
def test_shortest_lengths_match_the_issue(n):
    result = belief_search(n)
    assert result.length == SHORTEST[n]
    assert result.winnable == (SHORTEST[n] is not None)
    assert result.coins == n


@pytest.mark.parametrize("n", [*range(1, 9), 12])
def test_every_strategy_found_is_verified(n):
    result = belief_search(n)
    if result.strategy is None:
        assert SHORTEST[n] is None
        return
    checked = verify(result.strategy, n)
    assert checked.wins
    assert checked.won_at == len(result.strategy)  # shortest, so not won any earlier
    assert checked.sizes[0] == len(canonical_coins(n)) and checked.sizes[-1] == 1


@pytest.mark.parametrize("n", [1, 2, 4])
def test_found_strategies_win_by_plain_propagation(n):
    strategy = found(n)
    assert plain_wins(strategy, n)
    assert not plain_wins(strategy[:-1], n)


@pytest.mark.parametrize("n", [2, 4])
def test_verify_sizes_match_the_reference(n):
    strategy = found(n)
    assert list(verify(strategy, n).sizes) == plain_sizes(strategy, n)


def test_verify_keeps_a_win_when_moves_follow_it():
    strategy = found(4)
    longer = Strategy([*strategy, *strategy[:5]])
    checked = verify(longer, 4)
    assert checked.wins and checked.won_at == len(strategy)
    assert checked.sizes[len(strategy) :] == (1,) * 6


# --- verify rejects broken strategies -------------------------------------------------------


@pytest.mark.parametrize("n", [2, 4, 8])
def test_verify_rejects_a_strategy_with_a_move_dropped(n):
    strategy = found(n)
    drops = range(len(strategy)) if n <= 4 else [0, 1, 7, 127, 128, 200, 254]
    for i in drops:
        shorter = Strategy(strategy[:i] + strategy[i + 1 :])
        assert not verify(shorter, n).wins, f"dropping move {i} still wins"
        if n <= 4:
            assert not plain_wins(shorter, n)


def test_verify_agrees_with_the_reference_on_every_changed_move():
    strategy = found(4)
    every_move = [frozenset(i for i in range(4) if mask >> i & 1) for mask in range(16)]
    verdicts = []
    for i, original in enumerate(strategy):
        for move in every_move:
            if move == original:
                continue
            changed = Strategy([*strategy[:i], move, *strategy[i + 1 :]])
            expected = plain_wins(changed, 4)
            assert verify(changed, 4).wins == expected, f"move {i} changed to {set(move)}"
            verdicts.append(expected)
    assert not all(verdicts) and any(verdicts)  # most changes lose; the seeds' {0} at 8 wins
    seeds_first = Strategy([*strategy[:7], {0}, *strategy[8:]])
    assert verify(seeds_first, 4).wins


def mask_wins(strategy, n: int) -> bool:
    """plain_wins on n-bit tails masks (bit i = tails at i; a turn by r: coins[r:] + coins[:r])."""
    full = (1 << n) - 1
    belief = set(range(1 << n))
    for move in strategy:
        flips = sum(1 << i for i in move)
        belief = {x and ((x >> r | x << (n - r)) & full) ^ flips for x in belief for r in range(n)}
    return belief == {0}


def test_mask_reference_agrees_with_the_string_reference():
    strategy = found(4)
    assert mask_wins(strategy, 4) and plain_wins(strategy, 4)
    broken = Strategy([*strategy[:3], *strategy[4:]])
    assert not mask_wins(broken, 4) and not plain_wins(broken, 4)


def test_verify_agrees_with_the_reference_on_changed_moves_for_8():
    strategy = found(8)
    assert mask_wins(strategy, 8)
    last_left_out = Strategy([*strategy[:-1], set()])
    assert not mask_wins(last_left_out, 8)
    assert not verify(last_left_out, 8).wins
    for i in (0, 100, 127, 254):
        changed = Strategy([*strategy[:i], {0}, *strategy[i + 1 :]])
        assert verify(changed, 8).wins == mask_wins(changed, 8), f"move {i} changed to {{0}}"


# --- limits and bad input -------------------------------------------------------------------


def test_belief_search_refuses_16_and_names_the_construction():
    with pytest.raises(DevilcoinsError, match="construction") as info:
        belief_search(16)
    assert "16" in str(info.value)


def test_belief_search_refuses_18_and_names_the_proof():
    with pytest.raises(DevilcoinsError, match="no strategy exists"):
        belief_search(18)


@pytest.mark.parametrize("bad", [0, -3, "4", 2.5, True, None])
def test_belief_search_refuses_bad_n(bad):
    with pytest.raises(DevilcoinsError):
        belief_search(bad)


def test_verify_refuses_a_move_out_of_range():
    with pytest.raises(DevilcoinsError, match="position 4"):
        verify(Strategy([{0, 4}]), 4)


def test_verify_in_chunks_matches_one_pass_and_reports_progress(monkeypatch):
    """Verification split into many kernel calls gives the same sizes, with progress to the end."""
    import devilcoins.blind.verify as verify_module

    strategy = belief_search(4).strategy
    whole = verify(strategy, 4)
    monkeypatch.setattr(verify_module, "_CHUNK_STEPS", 2 * 6 * 4)  # two moves a call at N = 4
    seen: list[tuple[int, int]] = []
    parts = verify(strategy, 4, on_progress=lambda done, total: seen.append((done, total)))
    assert parts.sizes == whole.sizes == tuple(plain_sizes_canonical(strategy, 4))
    assert len(seen) == 8
    assert seen[-1] == (15, 15)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def plain_sizes_canonical(strategy, n: int) -> list[int]:
    """Canonical belief sizes along strategy, by the naive update."""
    belief = canonical_coins(n)
    sizes = [len(belief)]
    for move in strategy:
        belief = naive_update(belief, move)
        sizes.append(len(belief))
    return sizes


def test_verify_refuses_work_past_its_limit(monkeypatch):
    import devilcoins.coins.verification as verify_module

    monkeypatch.setattr(verify_module, "MAX_VERIFY_STEPS", 100)
    with pytest.raises(DevilcoinsError, match="fewer moves"):
        verify(Strategy([{0}] * 20), 4)  # long enough to need propagation: N = 4 can win
    # too short to win, or N = 6 with its odd factor: settled without propagation
    assert verify(Strategy([{0}] * 10), 4).method == "lower bound"
    assert verify(Strategy([{0}] * 70), 6).method == "certificate"


def test_probably_wins_rejects_a_strategy_that_cannot_win():
    """With no moves at all (or too few), some random game must be lost: the answer is False."""
    from devilcoins import probably_wins

    progress: list[int] = []
    assert not probably_wins(
        Strategy([{0, 1}]), 2, k=3, rng=0, on_progress=lambda done, _t: progress.append(done)
    )
    assert progress == [1]
    assert probably_wins(belief_search(4).strategy, 4, k=20, rng=0)


# --- the generic search on toy problems, checked by brute force -----------------------------

JUGS = (3, 5)
POURS = ["fill 0", "fill 1", "empty 0", "empty 1", "pour 0 1", "pour 1 0"]


def pour(state: tuple[int, int], action: str) -> tuple[int, int]:
    jugs = list(state)
    verb, *args = action.split()
    a = int(args[0])
    if verb == "fill":
        jugs[a] = JUGS[a]
    elif verb == "empty":
        jugs[a] = 0
    else:
        b = int(args[1])
        amount = min(jugs[a], JUGS[b] - jugs[b])
        jugs[a] -= amount
        jugs[b] += amount
    return tuple(jugs)


def shortest_by_brute_force(start, goal, actions, result, limit: int) -> int | None:
    """The fewest actions from start to goal, trying every sequence of each length in turn."""
    for length in range(limit + 1):
        for seq in product(actions, repeat=length):
            state = start
            for action in seq:
                state = result(state, action)
            if state == goal:
                return length
    return None


def run_path(start, path, result):
    state = start
    for action in path:
        state = result(state, action)
    return state


@pytest.mark.parametrize("goal", [(0, 4), (3, 1), (2, 0), (3, 5)])
def test_generic_search_on_water_jugs_is_shortest(goal):
    path = search((0, 0), goal, POURS, pour)
    assert path is not None
    assert run_path((0, 0), path, pour) == goal
    assert len(path) == shortest_by_brute_force((0, 0), goal, POURS, pour, limit=len(path))


def test_generic_search_on_a_graph():
    edges = {"a": "bc", "b": "d", "c": "de", "d": "f", "e": "f", "f": "", "g": "a"}

    def go(node, i):
        return edges[node][i] if i < len(edges[node]) else node

    path = search("a", "f", [0, 1], go)
    assert run_path("a", path, go) == "f"
    assert len(path) == shortest_by_brute_force("a", "f", [0, 1], go, limit=6) == 3
    assert search("a", "g", [0, 1], go) is None  # g is unreachable from a
    assert search("a", "a", [0, 1], go) == ()
