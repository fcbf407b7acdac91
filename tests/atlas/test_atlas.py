"""The atlas: the literature lookup, a small atlas that agrees with it, and the output forms."""

from __future__ import annotations

import csv
import io
import json

import pytest
from reference import A171462, missing_same

from devilcoins.atlas import (
    AtlasEntry,
    atlas,
    default_grid,
    from_json,
    known_value,
    least_touch_hands,
    left_open,
    parse_names,
    parse_range,
    to_csv,
    to_json,
    to_markdown,
    to_text,
)
from devilcoins.atlas.grid import grid
from devilcoins.blind import search as blind_search
from devilcoins.core.errors import DevilcoinsError
from devilcoins.core.game import Game

#: DESIGN.md sections 2 and 5, written out by hand (not computed from the module's formulas).
LITERATURE = {
    # Bar-Yehuda, Etzion & Moran: cyclic, all heads, winnable iff n and m powers of one prime
    "n=1": (True, 1),
    "n=2": (True, 3),
    "n=3": (False, None),
    "n=4": (True, 15),  # the Riddler's four coins
    "n=5": (False, None),
    "n=6": (False, None),
    "n=8": (True, 255),
    "n=12": (False, None),
    "n=3 values=3": (True, 26),
    "n=9 values=3": (True, 19682),
    "n=2 values=4": (True, 15),
    "n=4 values=4": (True, 255),
    "n=5 values=5": (True, 3124),
    "n=2 values=3": (False, None),
    "n=3 values=4": (False, None),
    "n=6 values=4": (False, None),
    # all the same: four glasses 7 moves, three or six none
    "n=4 goal=same": (True, 7),
    "n=3 goal=same": (False, None),
    "n=6 goal=same": (False, None),
    "n=8 goal=same": (True, 127),
    # a table that never turns
    "n=5 group=none": (True, 31),
    "n=5 group=none goal=same": (True, 15),
    "n=7 group=none goal=same": (True, 63),
    # four coins, fewer than four hands, all heads: no strategy
    "n=4 hands=1": (False, None),
    "n=4 hands=2": (False, None),
    "n=4 hands=3": (False, None),
    # the 7-move all-same strategy (diagonal, adjacent, diagonal, single, ...) uses two hands
    "n=4 hands=2 goal=same": (True, 7),
    "n=4 hands=3 goal=same": (True, 7),
    # Gardner's four glasses, two hands, feel then flip
    "n=4 hands=2 goal=same observe=touch": (True, 5),
    # not blindfolded (sight): same criterion
    "n=4 observe=sight": (True, None),
    "n=6 observe=sight": (False, None),
    # a lost game stays lost with more turns, fewer moves or sight
    "n=6 group=dihedral": (False, None),
    "n=5 group=full goal=same": (False, None),
    "n=6 hands=3 goal=same": (False, None),
    "n=3 hands=1 observe=sight": (False, None),
}


@pytest.mark.parametrize(("text", "expected"), sorted(LITERATURE.items()))
def test_known_value_matches_the_literature(text, expected):
    assert known_value(text) == expected
    assert known_value(Game.parse(text)) == expected


@pytest.mark.parametrize(
    "text",
    [
        "n=4 group=dihedral",  # contains the turns, but no value is given for it
        "n=4 group=full",
        "n=2 values=3 goal=same",
        "n=4 hands=1 goal=same",
        "n=2 hands=1",
        "n=4 hands=2 observe=sight",
        "n=4 hands=2 observe=touch",  # A171462 is about all the same
        "n=4 moves=FFFF,LFLF",
        "n=4 goal=HHHH,TTTT,HHTT,HTTH,TTHH,THHT",  # a set of states that is no named goal
        "n=4 group=none hands=2 goal=same observe=touch",
    ],
)
def test_known_value_is_none_where_the_literature_is_silent(text):
    assert known_value(text) is None


def test_touch_criterion_is_a171462():
    assert [least_touch_hands(n) for n in range(1, 13)] == A171462
    for n in range(1, 13):
        for k in range(1, n + 1):
            game = f"n={n} hands={k} goal=same observe=touch"
            assert known_value(game)[0] == (k >= A171462[n - 1]), game
            if k < A171462[n - 1]:  # all heads is no easier than all the same
                assert known_value(f"n={n} hands={k} observe=touch") == (False, None)


def test_a_group_given_by_generators_is_recognised():
    # n = 2: the dihedral and full groups are the cyclic one; the generators of C4 are too
    assert known_value("n=2 group=full") == (True, 3)
    assert known_value("n=4 group=1,2,3,0") == (True, 15)
    assert known_value("n=1 group=full goal=same") == (True, 0)


SMALL = [
    "n=4",
    "n=4 goal=same",
    "n=3",
    "n=3 values=3",
    "n=2 values=4",
    "n=5 group=none goal=same",
    "n=6 group=dihedral",
    "n=4 hands=2 goal=same",
    "n=4 hands=3",
    "n=4 group=full",
    "n=4 hands=2 goal=same observe=touch",
    "n=3 hands=1 goal=same observe=touch",
]


@pytest.fixture(scope="module")
def small():
    calls = []
    entries = atlas(SMALL, on_progress=lambda done, total: calls.append((done, total)))
    return entries, calls


def test_small_atlas_agrees_with_the_literature(small):
    entries, calls = small
    assert [str(e.game) for e in entries] == SMALL
    assert calls == [(i, len(SMALL)) for i in range(1, len(SMALL) + 1)]
    for entry in entries:
        assert entry.known == known_value(entry.game)
        if entry.game.observe == "blind":
            assert entry.winnable is not None, entry
        if entry.known is None:
            assert entry.agrees is None
        else:
            assert entry.agrees is True, entry
            assert entry.winnable == entry.known[0]
    by_text = {str(e.game): e for e in entries}
    assert by_text["n=4"].length == 15 and by_text["n=4"].method == "the notebook's belief search"
    assert by_text["n=4 goal=same"].method == "chain construction"
    assert by_text["n=4 group=full"].winnable is False and by_text["n=4 group=full"].known is None


def test_to_markdown_has_a_header_and_one_row_per_entry(small):
    entries, _ = small
    lines = to_markdown(entries).splitlines()
    assert lines[0].startswith("| game | winnable | moves | literature | agrees | method |")
    assert set(lines[1]) <= set("|-:")
    assert len(lines) == len(entries) + 2
    for line, entry in zip(lines[2:], entries, strict=True):
        assert line.startswith(f"| `{entry.game}` |")
        assert line.count("|") == lines[0].count("|")
    assert "seconds" not in to_markdown(entries, seconds=False)


def test_to_text_is_aligned_with_a_summary(small):
    entries, _ = small
    lines = to_text(entries).splitlines()
    assert lines[0].split()[:3] == ["game", "winnable", "moves"]
    assert len(lines) == len(entries) + 4
    assert "0 disagreeing" in lines[-1]
    assert lines[2].split()[:4] == ["n=4", "yes", "15", "15"]


def test_to_json_round_trips(small):
    entries, _ = small
    data = json.loads(json.dumps(to_json(entries)))
    assert data["games"] == len(entries) and data["disagreements"] == []
    back = from_json(data)
    assert len(back) == len(entries)
    for a, b in zip(entries, back, strict=True):
        assert (b.game, b.status, b.winnable, b.length, b.method, b.known, b.agrees, b.note) == (
            a.game,
            a.status,
            a.winnable,
            a.length,
            a.method,
            a.known,
            a.agrees,
            a.note,
        )
        assert b.seconds == pytest.approx(a.seconds, abs=1e-6)
    assert data["entries"][0] == {
        "game": "n=4",
        "status": "settled",
        "winnable": True,
        "length": 15,
        "method": "the notebook's belief search",
        "seconds": data["entries"][0]["seconds"],
        "known": {"winnable": True, "length": 15},
        "agrees": True,
        "note": data["entries"][0]["note"],
        "certificate": "",
    }


def test_a_refused_game_is_too_large(monkeypatch):
    monkeypatch.setattr(blind_search, "MAX_GAME_BELIEFS", 1)
    # a goal that is not a subgroup: only the belief search settles it
    (entry,) = atlas([Game.parse("n=4 goal=0000,1111,0011,0110,1100,1001")])
    assert (entry.status, entry.method) == ("too large", "")
    assert entry.winnable is None and entry.length is None and entry.agrees is None
    assert "too large" in entry.note
    assert "too large" in to_markdown([entry])


def test_a_disagreement_is_reported():
    entry = AtlasEntry(
        game=Game(4),
        status="settled",
        winnable=True,
        length=14,
        method="made up",
        seconds=0.0,
        known=(True, 15),
        agrees=False,
        note="",
    )
    assert "**NO**" in to_markdown([entry])
    assert to_json([entry])["disagreements"] == ["n=4"]
    assert "1 disagreeing" in to_text([entry])


def test_default_grid_is_what_the_module_says():
    grid = default_grid()
    texts = [str(g) for g in grid]
    assert len(grid) == 188 and len(set(texts)) == len(texts)
    assert all(g.values**g.n <= 5**5 and g.n <= 8 for g in grid)
    blind = [g for g in grid if g.observe == "blind"]
    assert len(blind) == 104
    for text in [
        "n=8",
        "n=7 values=3 goal=same",
        "n=5 values=5",
        "n=6 group=full goal=same",
        "n=6 hands=5",
        "n=6 hands=6 goal=same observe=touch",
        "n=1 hands=1 observe=touch",
        "n=6 hands=5 goal=same observe=sight",
        "n=3 observe=sight",
    ]:
        assert text in texts, text
    assert "n=6 hands=6" not in texts  # hands = n is the unrestricted game
    assert all(g.values == 2 for g in grid if g.observe != "blind" or g.hands is not None)
    # every blind game on the cyclic table with every move allowed has a literature value
    plain = [g for g in blind if g.group.name == "cyclic" and g.hands is None]
    missing = [str(g) for g in plain if known_value(g) is None]
    assert missing == [f"n={n} values={m} goal=same" for m, n in missing_same()]


def test_ranges_and_names_parse_or_say_what_is_wrong():
    assert parse_range("1..3,5,2", "n") == (1, 2, 3, 5)
    assert parse_range(" 7 ", "n") == (7,)
    for bad in ("0", "1..x", "3..1", "", "1,,2", "-1"):
        with pytest.raises(DevilcoinsError, match="n"):
            parse_range(bad, "n")
    with pytest.raises(DevilcoinsError, match="at least 2"):
        parse_range("1..3", "values", 2)
    assert parse_names("None,cyclic,none", ["cyclic", "none"]) == ("none", "cyclic")
    with pytest.raises(DevilcoinsError, match="did you mean 'dihedral'"):
        parse_names("dihedrl", ["cyclic", "dihedral"])


def test_grid_hands_every_count_blind_sight_and_touch():
    texts = [str(g) for g in grid([3], goals=["zero"], observe=["blind", "sight", "touch"])]
    assert texts == [
        "n=3",
        "n=3 hands=1",
        "n=3 hands=2",
        "n=3 observe=sight",
        "n=3 hands=1 observe=sight",
        "n=3 hands=2 observe=sight",
        "n=3 hands=1 observe=touch",
        "n=3 hands=2 observe=touch",
        "n=3 hands=3 observe=touch",
    ]
    # k >= n hands is every move (one game); touch keeps k = n and drops k > n
    assert [str(g) for g in grid([2], hands=(1, 2, 3), goals=["same"])] == [
        "n=2 hands=1 goal=same",
        "n=2 goal=same",
    ]
    assert len(grid([2], hands=(1, 2, 3), observe=["touch"])) == 4


def test_grid_covers_every_combination_once():
    games = grid(
        range(1, 5), values=(2, 3), groups=("cyclic", "none", "full"), goals=["zero", "same"]
    )
    texts = [str(g) for g in games]
    # values x goals x (groups x hand counts, for n = 1..4): on one position every group is the
    # cyclic one, and on two the full group is too, so those games are listed once
    assert len(texts) == len(set(texts)) == 2 * 2 * (1 * 1 + 2 * 2 + 3 * 3 + 3 * 4)
    assert "n=4 values=3 group=none hands=3 goal=same" in texts


def test_open_entries_are_counted_and_written_as_csv(small):
    entries, _ = small
    opened = left_open(Game(5), "time limit 2 s reached", 2.0)
    assert (opened.winnable, opened.status, opened.known, opened.agrees) == (
        None,
        "open",
        (False, None),
        None,
    )
    text = to_text([*entries, opened])
    assert text.splitlines()[-1].startswith(
        f"{len(entries) + 1} games, {len(entries)} settled, 1 open, "
    )
    assert "open" not in to_text(entries).splitlines()[-1]
    rows = list(csv.reader(io.StringIO(to_csv([*entries, opened]))))
    assert rows[0] == [
        "game",
        "winnable",
        "moves",
        "literature",
        "agrees",
        "method",
        "seconds",
        "note",
    ]
    assert rows[-1][:6] == ["n=5", "?", "", "no", "", "open"]
    assert rows[-1][7].startswith("time limit 2 s reached; ")
    assert len(rows) == len(entries) + 2


def test_grid_leaves_out_sizes_past_what_devilcoins_holds():
    left_out: dict[str, str] = {}
    games = grid([8, 9], values=(4, 5), goals=["zero"], left_out=left_out)
    assert [str(g) for g in games if g.hands is None] == [
        "n=8 values=4",
        "n=9 values=4",
        "n=8 values=5",
    ]
    assert list(left_out) == ["n=9 values=5"]
    assert "states is past what the tables hold" in left_out["n=9 values=5"]
