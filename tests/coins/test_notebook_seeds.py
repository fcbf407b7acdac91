"""The seeds' asserts and printed outputs, reproduced by the library (seeds in shared/seeds)."""

from __future__ import annotations

import ast
import re
from itertools import chain, combinations, product

import pytest
from reference import canonical as naive_canonical
from reference import flip as naive_flip
from reference import plain_update
from reference import rotations as naive_rotations

from devilcoins import Coins, Move, canonical_count
from devilcoins.coins.notation import Strategy
from devilcoins.coins.search import belief_search
from devilcoins.coins.show import belief_table
from devilcoins.notebook import (
    all_coins,
    all_moves,
    coin_search,
    flip,
    play,
    probably_wins,
    rotations,
    search,
    update,
)

# --- reading the seeds ----------------------------------------------------------------------


def seed_value(text: str):
    """A printed seed value: Python literals plus set() and frozenset({...})."""

    def convert(node):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            maker = {"set": set, "frozenset": frozenset}[node.func.id]
            return maker(*(convert(a) for a in node.args))
        if isinstance(node, ast.List):
            return [convert(e) for e in node.elts]
        if isinstance(node, ast.Tuple):
            return tuple(convert(e) for e in node.elts)
        if isinstance(node, ast.Set):
            return {convert(e) for e in node.elts}
        if isinstance(node, ast.Dict):
            return {convert(k): convert(v) for k, v in zip(node.keys, node.values, strict=True)}
        return ast.literal_eval(node)

    return convert(ast.parse(text.strip(), mode="eval").body)


def outputs_after(text: str, prompt: str) -> list:
    """The printed value on the line after each line of the seed that is exactly prompt."""
    lines = text.splitlines()
    found = []
    for i, line in enumerate(lines[:-1]):
        if line == prompt:
            try:
                found.append(seed_value(lines[i + 1]))
            except SyntaxError:  # prose that names the function, not a printed value
                continue
    assert found, f"the seed prints no output for {prompt!r}"
    return found


# Trace lines.  Old seed: '{:4d}: {} rot: {}  flip: {} => {}' with the flips laid out in place;
# newest seed: '{i:4d}: {coins0} | rot: {coins1} | flip: {movestr} {coins}', whitespace collapsed.
OLD_TRACE = re.compile(r"^\s*(\d+): ([HT]+) rot: ([HT]+)  flip: (.+?) => ([HT]+)\s*$", re.M)
NEW_TRACE = re.compile(r"(\d+): ([HT]+) \| rot: ([HT]+) \| flip: ([0-9 ]+?) ([HT]+)")


def positions_in_place(flips: str) -> frozenset[int]:
    """The move of a flip column laid out in place: digit i at column i, blanks elsewhere."""
    for i, ch in enumerate(flips):
        assert ch in (str(i), " "), f"column {i} of flip field {flips!r} holds {ch!r}"
    return frozenset(i for i, ch in enumerate(flips) if ch != " ")


def old_traces(text: str) -> dict[int, list[tuple]]:
    """The old seed's verbose play traces, keyed by the number of coins."""
    games: dict[int, list[tuple]] = {}
    for m in OLD_TRACE.finditer(text):
        i, before, turned, flips, after = m.groups()
        n = len(before)
        assert len(flips) == n, f"flip field {flips!r} is not {n} columns wide"
        games.setdefault(n, []).append((int(i), before, turned, positions_in_place(flips), after))
    return games


def new_traces(text: str) -> list[list[tuple]]:
    """The newest seed's traces (games split where the move number restarts at 1)."""
    games: list[list[tuple]] = []
    for m in NEW_TRACE.finditer(text):
        i, before, turned, flips, after = m.groups()
        move = frozenset(int(ch) for ch in flips if ch.isdigit())
        if int(i) == 1:
            games.append([])
        games[-1].append((int(i), before, turned, move, after, " ".join(m.group(0).split())))
    return games


def new_trace_for(text: str, n: int) -> list[tuple]:
    """The newest seed's trace of the game with n coins."""
    (game,) = [g for g in new_traces(text) if len(g[0][1]) == n]
    return game


def check_replay(trace, start: str) -> None:
    """Each line's rot is a turn of the coins before it, and its flip gives the printed result."""
    assert [line[0] for line in trace] == list(range(1, len(trace) + 1))
    coins = start
    for i, before, turned, move, after, *_ in trace:
        assert before == coins, f"line {i}: starts from {before}, the game was at {coins}"
        assert turned in naive_rotations(before), f"line {i}: {turned} is no turn of {before}"
        assert naive_flip(turned, move) == after, f"line {i}: flip result"
        assert flip(turned, move) == after, f"line {i}: notebook.flip disagrees with the seed"
        coins = after
    assert coins == "H" * len(start), "the seed's game ends at all heads"


def strategy_moves(n: int) -> list[frozenset[int]]:
    """The library's shortest strategy for n coins as plain frozensets."""
    result = belief_search(n)
    assert result.strategy is not None
    return [frozenset(m) for m in Strategy.from_masks(result.strategy)]


# --- the seeds' asserts ---------------------------------------------------------------------


def test_seed_asserts_on_moves_and_coins():
    assert all_moves(3) == [{0, 1, 2}, {0, 1}, {0}, set()]
    assert all_moves(4) == [{0, 1, 2, 3}, {0, 1, 2}, {0, 1}, {0, 2}, {0}, set()]
    assert all_coins(4) == {"HHHH", "HHHT", "HHTT", "HTHT", "HTTT", "TTTT"}
    assert all_coins(5) == {
        "HHHHH", "HHHHT", "HHHTT", "HHTHT", "HHTTT", "HTHTT", "HTTTT", "TTTTT",
    }  # fmt: skip


def test_seed_asserts_on_rotations_and_update():
    assert rotations("HHHHHT") == {"HHHHHT", "HHHHTH", "HHHTHH", "HHTHHH", "HTHHHH", "THHHHH"}
    assert update({"TTTTTTT"}, {3}) == {"HTTTTTT"}
    assert (
        update(rotations("HHHHHT"), {0})
        == update({"HHTHHH"}, {1})
        == update({"THHHHH"}, {2})
        == {"HHHHHH", "HHHHTT", "HHHTHT", "HHTHHT"}
    )


def test_seed_assert_on_canonical_coins():
    assert (
        Coins("HHHT").canonical()
        == Coins("HHTH").canonical()
        == Coins("HTHH").canonical()
        == Coins("THHH").canonical()
        == "HHHT"
    )


def test_seed_assert_on_coin_search_4():
    assert list(coin_search(4)) == [
        {0, 1, 2, 3}, {0, 2}, {0, 1, 2, 3}, {0, 1}, {0, 1, 2, 3}, {0, 2}, {0, 1, 2, 3},
        {0, 1, 2},
        {0, 1, 2, 3}, {0, 2}, {0, 1, 2, 3}, {0, 1}, {0, 1, 2, 3}, {0, 2}, {0, 1, 2, 3},
    ]  # fmt: skip


def test_canonical_counts_from_the_issue():
    expected = {1: 2, 2: 3, 3: 4, 4: 6, 5: 8, 6: 14, 7: 20, 8: 36, 9: 60, 10: 108, 11: 188, 12: 352}
    assert {n: len(all_coins(n)) for n in range(1, 13)} == expected
    assert {n: canonical_count(n) for n in range(1, 13)} == expected


# --- the seeds' printed outputs -------------------------------------------------------------


def test_printed_canonical_counts(old_seed, new_seed):
    printed_new = seed_value(re.search(r"\{1: 2, 2: 3,[^}]*\}", new_seed).group())
    printed_old = seed_value(re.search(r"\{1: 2,\s*2: 3,[^}]*\}", old_seed).group())
    assert printed_new == printed_old
    assert {n: len(all_coins(n)) for n in range(1, 13)} == printed_new
    assert {n: canonical_count(n) for n in range(1, 13)} == printed_new


def test_printed_rotations_and_flip(new_seed):
    (printed_rotations,) = outputs_after(new_seed, "rotations('HHHT')")
    assert rotations("HHHT") == printed_rotations
    (printed_flip,) = outputs_after(new_seed, "flip('HHHT', {0, 2})")
    assert printed_flip == "THTT"  # the seed's flip before Coins became canonical
    assert Coins("HHHT").flipped(Move({0, 2})) == printed_flip
    assert flip("HHHT", {0, 2}) == naive_canonical(printed_flip)


def test_printed_all_coins(new_seed):
    every, canonical = outputs_after(new_seed, "all_coins()")
    assert len(every) == 16 and len(canonical) == 6
    assert all_coins(4) == canonical
    assert all_coins(4) == {naive_canonical(c) for c in every}


def test_printed_update_of_all_coins_by_flipping_all(new_seed):
    (printed,) = outputs_after(new_seed, "update(all_coins(), {0, 1, 2, 3})")
    assert len(printed) == 15 and "TTTT" not in printed
    assert update(all_coins(4), {0, 1, 2, 3}) == {naive_canonical(c) for c in printed}


def test_printed_canonical_moves(new_seed):
    powerset_moves, canonical_moves = outputs_after(new_seed, "all_moves()")
    assert len(powerset_moves) == 16
    assert all_moves(4) == canonical_moves


def test_printed_coin_search_4(new_seed):
    printed = outputs_after(new_seed, "coin_search()")[-1]
    (printed_4,) = outputs_after(new_seed, "coin_search(4)")
    assert printed == printed_4
    assert tuple(coin_search(4)) == printed_4


def test_printed_coin_search_1_to_7(new_seed, old_seed):
    printed_new = seed_value(re.search(r"\{1: \(\{0\},\),.*?7: None\}", new_seed).group())
    printed_old = seed_value(re.search(r"\{1: \[\{0\}\],.*?7: None\}", old_seed, re.S).group())
    for n in range(1, 8):
        ours = coin_search(n)
        expected_old = printed_old[n]
        assert (ours is None) == (printed_new[n] is None) == (expected_old is None), n
        if ours is not None:
            assert tuple(ours) == printed_new[n]
            assert list(ours) == expected_old


def test_printed_probably_wins_and_length_for_8(new_seed):
    (printed_wins,) = outputs_after(new_seed, "probably_wins(strategy8, N=8)")
    (printed_length,) = outputs_after(new_seed, "len(strategy8)")
    strategy8 = coin_search(8)
    assert len(strategy8) == printed_length == 255
    assert printed_wins is True
    assert probably_wins(strategy8, 8, k=3) is True


def test_first_search_with_every_move_and_plain_coins(new_seed):
    """The generic search on the seeds' first (non-canonical) definitions finds their answer."""
    printed = outputs_after(new_seed, "coin_search()")[0]
    moves = [set(m) for m in chain.from_iterable(combinations(range(4), r) for r in range(5))]

    start = frozenset("".join(p) for p in product("HT", repeat=4))
    found = search(start, frozenset({"HHHH"}), moves, plain_update)
    assert tuple(found) == printed
    assert printed[7] == {
        0
    }  # the powerset order picks {0} where the canonical order picks {0, 1, 2}


# --- the show tables ------------------------------------------------------------------------

TABLE_ROW = re.compile(r"^ {0,2}\d{1,3} \| [0-9 ]+ \| [HT ]*$")


def old_tables(text: str) -> dict[int, list[str]]:
    """The old seed's show() tables (rows 1.. only), keyed by the number of coins."""
    runs: list[list[str]] = []
    previous_was_row = False
    for line in text.splitlines():
        is_row = bool(TABLE_ROW.match(line))
        if is_row:
            if not previous_was_row:
                runs.append([])
            runs[-1].append(line)
        previous_was_row = is_row
    return {len(run[0].split("|")[2].split()[0]): run for run in runs}


@pytest.mark.parametrize("n", [2, 4])
def test_belief_table_matches_old_seed_rows(old_seed, n):
    seed_rows = [row.rstrip() for row in old_tables(old_seed)[n]]
    assert len(seed_rows) == len(coin_search(n))
    ours = belief_table(coin_search(n), n).splitlines()
    assert ours[0].startswith("Move|") and ours[1].startswith("----+")
    assert ours[2].split("|")[0].strip() == "0"
    assert [row.rstrip() for row in ours[3:]] == seed_rows


@pytest.mark.parametrize("n", [2, 4])
def test_belief_table_matches_newest_seed_text(new_seed, n):
    collapsed_seed = " ".join(new_seed.split())
    collapsed_ours = " ".join(belief_table(coin_search(n), n).split())
    assert collapsed_ours.startswith("Move| Flips | Belief State ----+")
    assert collapsed_ours in collapsed_seed


# --- the verbose play traces ----------------------------------------------------------------


def test_old_trace_for_8_is_the_whole_shortest_strategy(old_seed):
    trace = old_traces(old_seed)[8]
    assert len(trace) == 255
    check_replay(trace, "HTTHTTHT")
    assert [move for _, _, _, move, _ in trace] == strategy_moves(8)


def test_newest_trace_for_8_follows_the_shortest_strategy(new_seed):
    trace = new_trace_for(new_seed, 8)
    check_replay(trace, "HTTHTTHT")
    moves = strategy_moves(8)
    assert [line[3] for line in trace] == moves[: len(trace)]


@pytest.mark.parametrize("which", ["old", "new"])
def test_trace_for_4_from_hhth(old_seed, new_seed, which):
    trace = old_traces(old_seed)[4] if which == "old" else new_trace_for(new_seed, 4)
    check_replay(trace, "HHTH")
    assert [line[3] for line in trace] == strategy_moves(4)[: len(trace)]


def devil_replaying(trace):
    """A Devil that turns the table as the seed's trace shows."""

    def devil(i: int, coins: Coins) -> int:
        turned = trace[i - 1][2]
        return next(r for r in range(len(coins)) if coins[r:] + coins[:r] == turned)

    return devil


@pytest.mark.parametrize(("n", "start"), [(4, "HHTH"), (8, "HTTHTTHT")])
def test_play_prints_the_newest_seeds_trace(new_seed, n, start):
    trace = new_trace_for(new_seed, n)
    lines: list[str] = []
    final = play(
        coin_search(n), start, verbose=True, devil=devil_replaying(trace), out=lines.append
    )
    assert final == "H" * n
    assert [" ".join(line.split()) for line in lines] == [line[5] for line in trace]


def test_play_reproduces_the_old_seeds_trace_for_8(old_seed):
    trace = old_traces(old_seed)[8]
    lines: list[str] = []
    devil = devil_replaying(trace)
    final = play(coin_search(8), "HTTHTTHT", verbose=True, devil=devil, out=lines.append)
    assert final == "HHHHHHHH"
    ours = [NEW_TRACE.fullmatch(line.strip()) for line in lines]
    assert all(ours)
    assert [(int(m[1]), m[2], m[3], m[5]) for m in ours] == [
        (i, before, turned, after) for i, before, turned, _, after in trace
    ]
