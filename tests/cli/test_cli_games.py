"""The game options of the command line (--values --group --generators --hands --moves --goal
--observe) for solve, verify, prove, play, explain and construct, and the atlas command.

Expected values come from the naive models in reference.py that work on explicit sets of states
(tuples of values, position 0 first), independently of devilcoins' tables and kernels, or from
the literature (DESIGN.md sections 2 and 5).
"""

from __future__ import annotations

import json
import random
import re
import shlex

import pytest
from cli_helpers import assert_usage_error, run
from helpers import json_evidence
from reference import (
    NaiveGame,
    add_vectors,
    all_vectors,
    closure,
    goal_vectors,
    naive_certificate,
    naive_chain,
    naive_length,
    naive_named,
    permute,
    replay_loses,
    sight_value,
    touch_value,
)

from devilcoins.cli.main import main

INF = float("inf")


# --- reading the command line's notation for states and moves --------------------------------


def state_of(text: str, m: int = 2) -> tuple[int, ...]:
    """'HTTH' (two values) or digits, position 0 first."""
    if m == 2 and set(text) <= set("HT"):
        return tuple("HT".index(c) for c in text)
    return tuple(int(c) for c in text)


def move_of(text: str, m: int = 2) -> tuple[int, ...]:
    """'FLFL' (two values: F flips) or digits, position 0 first."""
    if m == 2 and set(text) <= set("FL"):
        return tuple("LF".index(c) for c in text)
    return tuple(int(c) for c in text)


# --- 1. the coin game, however it is spelled, is one game ---------------------------------------


TIMING = re.compile(r"\d+\.\d+ s\b")


def coin_spellings(n: int) -> list[tuple[str, ...]]:
    """The coin game of n coins spelled with its defaults given, its group by a generator,
    n hands (every move) and its goal as the one state all heads."""
    return [
        (),
        ("--values", "2"),
        ("--group", "cyclic"),
        ("--values", "2", "--group", "cyclic", "--goal", "zero", "--observe", "blind"),
        ("--generators", " ".join(str((i - 1) % n) for i in range(n))),
        ("--hands", str(n)),
        ("--goal", "H" * n),
    ]


@pytest.mark.parametrize(
    ("argv", "marker"),
    [
        (
            ("solve", "4"),
            "4 coins: the player wins in 15 moves.\nHow: the notebook's belief search.",
        ),
        (("play", "4", "--seed", "3", "--start", "HHTH"), "   1: HHTH | turn: "),
        (("verify", "4", "STRATEGY"), "15 moves for 4 coins, from"),
        (
            ("prove", "4"),
            "4 coins: the player wins in 2^4 - 1 = 15 moves.\nHow: Lamping's construction.",
        ),
        (("explain", "4"), "How the 15-move strategy for 4 coins works"),
        (("construct", "4"), "0 1 2 3\n0 2\n0 1 2 3\n0 1\n"),
        (("solve", "6"), "6 coins: no strategy wins; the Devil holds out forever"),
    ],
)
def test_every_spelling_of_the_coin_game_is_the_coin_game(capsys, tmp_path, argv, marker):
    strategy = tmp_path / "lamping.txt"
    code, out, _ = run(capsys, "construct", "4")
    strategy.write_text(out)
    argv = tuple(str(strategy) if a == "STRATEGY" else a for a in argv)
    outputs = []
    for extra in coin_spellings(int(argv[1])):
        code, out, err = run(capsys, *argv, *extra)
        assert code == 0, (extra, err)
        assert err == ""
        assert marker in out, (extra, out)
        outputs.append(TIMING.sub("<t> s", out))
    assert all(o == outputs[0] for o in outputs[1:])


def test_solve_4_with_values_2_prints_what_solve_4_prints(capsys):
    plain = run(capsys, "solve", "4", "--format", "flips")
    coins = run(capsys, "solve", "4", "--format", "flips", "--values", "2")
    assert plain == coins and plain[0] == 0
    code, out, _ = run(capsys, "solve", "4", "--values", "2", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["game"] == "n=4" and data["length"] == 15 and data["spec"]["values"] == 2


# --- 2. solve ------------------------------------------------------------------------------


def _solve_json(capsys, *argv: str) -> dict:
    code, out, err = run(capsys, "solve", *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def test_solve_4_goal_same_is_7_moves(capsys):
    code, out, _ = run(capsys, "solve", "4", "--goal", "same")
    assert code == 0
    assert "n=4 goal=same: the player wins in 7 moves" in out
    data = _solve_json(capsys, "4", "--goal", "same")
    assert data["winnable"] is True and data["length"] == 7
    strategy = data["strategy"]
    assert len(strategy) == 7 and all(re.fullmatch(r"[FL]{4}", s) for s in strategy)
    assert f"Moves: {' '.join(strategy)}" in out
    elements, goal = naive_named("cyclic", 4), goal_vectors(4, 2, "same")
    assert NaiveGame(4, 2, elements, goal).won_at([move_of(s) for s in strategy]) == 7
    assert NaiveGame(4, 2, elements, goal).shortest()[0] == 7
    assert data["verified"]["wins"] is True and data["verified"]["won_at"] == 7


def test_solve_4_goal_same_with_two_hands(capsys):
    data = _solve_json(capsys, "4", "--goal", "same", "--hands", "2")
    assert data["winnable"] is True and data["length"] == 7
    moves = [move_of(s) for s in data["strategy"]]
    assert len(moves) == 7 and all(1 <= sum(a) <= 2 for a in moves)
    elements, goal = naive_named("cyclic", 4), goal_vectors(4, 2, "same")
    assert NaiveGame(4, 2, elements, goal).won_at(moves) == 7
    assert NaiveGame(4, 2, elements, goal, hands=2).shortest()[0] == 7


def test_solve_6_goal_same_has_the_devils_certificate(capsys):
    code, out, _ = run(capsys, "solve", "6", "--goal", "same")
    assert code == 0
    assert "no strategy wins" in out and "kept in a trap" in out
    assert "Moves:" not in out
    data = _solve_json(capsys, "6", "--goal", "same")
    assert data["winnable"] is False and data["length"] is None and "strategy" not in data
    assert json_evidence(data, "the Devil's certificate")["holds"] is True
    assert naive_certificate(6, 2, naive_named("cyclic", 6), goal_vectors(6, 2, "same"))


def test_solve_9_dials_of_3_values(capsys):
    data = _solve_json(capsys, "9", "--values", "3")
    assert data["winnable"] is True and data["length"] == 3**9 - 1 == 19682
    assert len(data["strategy"]) == 19682
    assert all(re.fullmatch(r"[012]{9}", s) for s in data["strategy"][:50])
    assert data["verified"]["wins"] is True and data["verified"]["won_at"] == 19682


def test_solve_gardner_touch_is_5_moves(capsys):
    code, out, _ = run(capsys, "solve", "4", "--hands", "2", "--goal", "same", "--observe", "touch")
    assert code == 0
    assert "wins in the worst case in 5 moves" in out
    data = _solve_json(capsys, "4", "--hands", "2", "--goal", "same", "--observe", "touch")
    assert data["winnable"] is True and data["length"] == 5 and "tree" in data
    elements, goal = naive_named("cyclic", 4), goal_vectors(4, 2, "same")
    check_touch_tree(data["tree"], 4, elements, goal, 5)
    assert touch_value(4, 2, 2, elements, goal) == 5  # Gardner 1979: five are needed


def test_solve_six_glasses_four_hands_touch(capsys):
    data = _solve_json(capsys, "6", "--hands", "4", "--goal", "same", "--observe", "touch")
    assert data["winnable"] is True and data["length"] == 5 and "tree" in data
    check_touch_tree(data["tree"], 6, naive_named("cyclic", 6), goal_vectors(6, 2, "same"), 5)


def check_touch_tree(tree: dict, n: int, elements, goal, limit: int) -> None:
    """Play the tree from every start against every turn: the goal comes within limit moves."""
    seen = set()

    def walk(node, x, left):
        key = (id(node), x, left)
        if key in seen:
            return
        seen.add(key)
        assert left > 0, ("the tree runs past", limit, x)
        reach = node["reach"]
        assert len(reach) <= n
        outcomes = {o["felt"]: o for o in node["outcomes"]}
        for g in elements:
            y = permute(g, x)
            felt = "".join("HT"[y[i]] for i in reach)
            assert felt in outcomes, (felt, node["belief"])
            o = outcomes[felt]
            changed = {i for i, f, s in zip(reach, felt, o["set"], strict=True) if f != s}
            assert {i for i, _ in o["change"]} == changed
            z = list(y)
            for i, v in zip(reach, o["set"], strict=True):
                z[i] = "HT".index(v)
            z = tuple(z)
            if z in goal:
                continue
            assert o["next"] != "win", (x, g, z)
            walk(o["next"], z, left - 1)

    for x in all_vectors(n, 2):
        if x not in goal:
            walk(tree, x, limit)


def test_solve_sight(capsys):
    data = _solve_json(capsys, "4", "--observe", "sight")
    assert data["winnable"] is True
    assert (
        data["length"]
        == sight_value(4, 2, naive_named("cyclic", 4), goal_vectors(4, 2, "zero"))
        == 4
    )


def test_solve_two_independent_three_seat_tables_is_lost(capsys):
    gens = "1 2 0 3 4 5; 0 1 2 4 5 3"
    code, out, _ = run(capsys, "solve", "6", "--generators", gens)
    assert code == 0 and "no strategy wins" in out
    data = _solve_json(capsys, "6", "--generators", gens)
    assert data["winnable"] is False
    assert json_evidence(data, "the Devil's certificate")["holds"] is True
    elements = closure([(1, 2, 0, 3, 4, 5), (0, 1, 2, 4, 5, 3)], 6)
    assert len(elements) == 9
    assert naive_certificate(6, 2, elements, goal_vectors(6, 2, "zero"))


def test_solve_full_group_is_lost(capsys):
    code, out, _ = run(capsys, "solve", "4", "--group", "full")
    assert code == 0 and "no strategy wins" in out
    assert _solve_json(capsys, "4", "--group", "full")["winnable"] is False
    assert NaiveGame(4, 2, naive_named("full", 4), "zero").shortest()[0] is None


def test_solve_dihedral_is_15(capsys):
    code, out, _ = run(capsys, "solve", "4", "--group", "dihedral")
    assert code == 0 and "wins in 15 moves" in out
    data = _solve_json(capsys, "4", "--group", "dihedral")
    assert data["length"] == 15
    elements, goal = naive_named("dihedral", 4), goal_vectors(4, 2, "zero")
    assert NaiveGame(4, 2, elements, goal).won_at([move_of(s) for s in data["strategy"]]) == 15
    assert NaiveGame(4, 2, elements, goal).shortest()[0] == 15


def test_solve_goal_as_listed_states_is_goal_same(capsys):
    listed = _solve_json(capsys, "4", "--goal", "0000,1111")
    assert listed["length"] == 7
    assert (
        NaiveGame(4, 2, naive_named("cyclic", 4), goal_vectors(4, 2, "same")).won_at(
            [move_of(s) for s in listed["strategy"]]
        )
        == 7
    )


# --- 3. construct and verify -----------------------------------------------------------------


@pytest.fixture
def dials(capsys, tmp_path):
    """construct 3 --values 3: (its moves as text lines, the folder to write in)."""
    code, out, err = run(capsys, "construct", "3", "--values", "3")
    assert code == 0 and err == ""
    return out.splitlines(), tmp_path


def test_construct_3_dials_is_26_moves_that_win(capsys, dials):
    lines, tmp = dials
    assert len(lines) == 26 and all(re.fullmatch(r"[012]{3}", s) for s in lines)
    elements, goal = naive_named("cyclic", 3), goal_vectors(3, 3, "zero")
    assert NaiveGame(3, 3, elements, goal).won_at([move_of(s, 3) for s in lines]) == 26
    path = tmp / "dials.txt"
    path.write_text("\n".join(lines) + "\n")
    code, out, _ = run(capsys, "verify", "3", str(path), "--values", "3")
    assert code == 0 and "WINS" in out and "by move 26" in out


@pytest.mark.parametrize("drop", [25, 0, 12, 17])
def test_verify_a_move_short_gives_a_counterexample(capsys, dials, drop):
    lines, tmp = dials
    short = lines[:drop] + lines[drop + 1 :]
    path = tmp / "short.txt"
    path.write_text("\n".join(short) + "\n")
    code, out, _ = run(capsys, "verify", "3", str(path), "--values", "3")
    assert code == 1 and "LOSES" in out and "Counterexample" in out
    code, out, _ = run(capsys, "verify", "3", str(path), "--values", "3", "--json")
    assert code == 1
    data = json.loads(out)
    assert data["wins"] is False and data["moves"] == 25
    c = data["counterexample"]
    assert all(isinstance(t, int) and 0 <= t < 3 for t in c["turns"])
    moves = [move_of(s, 3) for s in short]
    assert replay_loses(
        state_of(c["start"], 3), c["turns"], moves, 3, 3, goal_vectors(3, 3, "zero")
    )
    assert NaiveGame(3, 3, naive_named("cyclic", 3), "zero").won_at(moves) is None


def test_verify_writes_the_counterexample_and_never_overwrites(capsys, dials):
    lines, tmp = dials
    path = tmp / "short.txt"
    path.write_text("\n".join(lines[:-1]) + "\n")
    out_file = tmp / "ce.json"
    code, _, _ = run(
        capsys, "verify", "3", str(path), "--values", "3", "--counterexample", str(out_file)
    )
    assert code == 1
    written = json.loads(out_file.read_text())
    _, out, _ = run(capsys, "verify", "3", str(path), "--values", "3", "--json")
    assert written == json.loads(out)["counterexample"]
    assert replay_loses(
        state_of(written["start"], 3),
        written["turns"],
        [move_of(s, 3) for s in lines[:-1]],
        3,
        3,
        goal_vectors(3, 3, "zero"),
    )
    before = out_file.read_bytes()
    code, out, err = run(
        capsys, "verify", "3", str(path), "--values", "3", "--counterexample", str(out_file)
    )
    assert_usage_error(code, out, err, "already exists")
    assert out_file.read_bytes() == before


def test_verify_dihedral_counterexample_gives_permutations(capsys, tmp_path):
    code, out, _ = run(capsys, "solve", "4", "--group", "dihedral", "--format", "flips")
    assert code == 0
    moves = out.split()
    assert len(moves) == 15
    short = moves[:7] + moves[8:]
    path = tmp_path / "short.txt"
    path.write_text("\n".join(short) + "\n")
    code, out, _ = run(capsys, "verify", "4", str(path), "--group", "dihedral", "--json")
    assert code == 1
    c = json.loads(out)["counterexample"]
    elements = set(naive_named("dihedral", 4))
    assert all(tuple(t) in elements for t in c["turns"])
    assert replay_loses(
        state_of(c["start"]),
        c["turns"],
        [move_of(s) for s in short],
        4,
        2,
        goal_vectors(4, 2, "zero"),
    )


@pytest.mark.parametrize("bad", ["12", "0a1", "1234", "3 1 0"])
def test_verify_names_a_malformed_line(capsys, tmp_path, bad):
    path = tmp_path / "bad.txt"
    path.write_text(f"111\n# a comment\n{bad}\n")
    code, out, err = run(capsys, "verify", "3", str(path), "--values", "3")
    assert_usage_error(code, out, err, "line 3", str(path), repr(bad))


# --- 4. prove ------------------------------------------------------------------------------


def test_prove_4_goal_same(capsys):
    code, out, _ = run(capsys, "prove", "4", "--goal", "same", "--json")
    assert code == 0
    data = json.loads(out)
    checked = json_evidence(data, "exact verification of the strategy")
    assert checked["holds"] and checked["detail"]["won_at"] == 7
    sizes = naive_chain(4, 2, naive_named("cyclic", 4), goal_vectors(4, 2, "same"))
    assert sizes == [2, 4, 8, 16] == json_evidence(data, "the chain")["detail"]["sizes"]
    assert json_evidence(data, "the chain's levels")["holds"]


def test_prove_9_dials(capsys):
    code, out, _ = run(capsys, "prove", "9", "--values", "3")
    assert code == 0
    assert "[checked] exact verification of the strategy" in out
    assert "exactly after the last move, 19,682" in " ".join(out.split())
    assert "1, 3, 9, 27, 81, 243, 729, 2,187, 6,561, 19,683" in " ".join(out.split())


def test_prove_6_goal_same_json(capsys):
    code, out, _ = run(capsys, "prove", "6", "--goal", "same", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["winnable"] is False and "strategy" not in data and data["holds"]
    cert = json_evidence(data, "the Devil's certificate")
    assert cert["holds"] is True and cert["detail"]["checked_states"] == 64
    assert (
        json_evidence(data, "the chain")["detail"]["sizes"]
        == naive_chain(6, 2, naive_named("cyclic", 6), goal_vectors(6, 2, "same"))
        == [2, 4]
    )
    start = state_of(cert["detail"]["start"])
    assert start not in goal_vectors(6, 2, "same")


# --- 5. play -------------------------------------------------------------------------------


TRACE = re.compile(r"^\s*(\d+): ([HT]+) \| turn: ([HT]+) \| move: ([FL]+) -> ([HT]+)$")


def check_play_trace(out: str, n: int, elements, moves) -> list[tuple[int, ...]]:
    """Each trace line: the coins follow on, the turn is one of the Devil's, the result is the
    turned coins plus the move; the results, in order."""
    results = []
    coins = None
    rows = [TRACE.match(line) for line in out.splitlines()]
    rows = [r for r in rows if r]
    assert rows, out
    for k, row in enumerate(rows, 1):
        i, before, turned, move, after = int(row[1]), *map(row.__getitem__, (2, 3, 4, 5))
        assert i == k and len(before) == n
        if coins is not None:
            assert state_of(before) == coins
        assert move == moves[k - 1]
        assert state_of(turned) in {permute(g, state_of(before)) for g in elements}
        coins = add_vectors(state_of(turned), move_of(move), 2)
        assert state_of(after) == coins
        results.append(coins)
    return results


def test_play_adversarial_devil_never_lets_six_coins_agree(capsys, tmp_path):
    rng = random.Random(20240611)
    same = goal_vectors(6, 2, "same")
    for trial in range(6):
        moves = ["".join(rng.choice("FL") for _ in range(6)) for _ in range(rng.randint(1, 40))]
        path = tmp_path / f"s{trial}.txt"
        path.write_text("\n".join(moves) + "\n")
        code, out, _ = run(
            capsys, "play", "6", "--goal", "same", "--devil", "adversarial", "--strategy", str(path)
        )
        assert code == 0
        assert out.rstrip().splitlines()[-1].startswith("Lost")
        results = check_play_trace(out, 6, naive_named("cyclic", 6), moves)
        assert len(results) == len(moves)
        assert not any(r in same for r in results)


@pytest.mark.parametrize("seed", ["1", "2", "7"])
def test_play_4_goal_same_wins(capsys, seed):
    code, out, _ = run(capsys, "play", "4", "--goal", "same", "--seed", seed)
    assert code == 0
    strategy = _solve_json(capsys, "4", "--goal", "same")["strategy"]
    code, again, _ = run(capsys, "play", "4", "--goal", "same", "--seed", seed)
    assert again == out
    assert "Won" in out.splitlines()[-1]
    same = goal_vectors(4, 2, "same")
    if "after move 0" not in out:
        results = check_play_trace(out, 4, naive_named("cyclic", 4), strategy)
        assert results[-1] in same and not any(r in same for r in results[:-1])


def test_play_refuses_trees(capsys):
    code, out, err = run(
        capsys, "play", "4", "--hands", "2", "--goal", "same", "--observe", "touch"
    )
    assert_usage_error(code, out, err, "tree")


# --- 6. explain ----------------------------------------------------------------------------


def _levels(out: str) -> list[int]:
    found = re.search(r"the levels have ([\d, ]+?) states", " ".join(out.split()))
    assert found, out
    return [int(s) for s in found[1].replace(", ", ";").replace(",", "").split(";")]


def test_explain_dials_of_4_values(capsys):
    code, out, _ = run(capsys, "explain", "4", "--values", "4")
    assert code == 0
    sizes = naive_chain(4, 4, naive_named("cyclic", 4), goal_vectors(4, 4, "zero"))
    assert sizes[:3] == [1, 4, 16] and sizes[-1] == 256
    assert _levels(out) == sizes
    assert "255 moves" in out


def test_explain_6_goal_same(capsys):
    code, out, _ = run(capsys, "explain", "6", "--goal", "same")
    assert code == 0
    assert (
        _levels(out)
        == naive_chain(6, 2, naive_named("cyclic", 6), goal_vectors(6, 2, "same"))
        == [2, 4]
    )
    text = " ".join(out.split())
    assert "reaching 4 of the 64 states, and stop" in text
    assert "The chain stops at a level of 4 of the 64 states that holds the goal" in text


# --- 7. atlas ------------------------------------------------------------------------------


def _spec(text: str) -> dict:
    fields = dict(token.split("=", 1) for token in text.split())
    return {
        "n": int(fields["n"]),
        "values": int(fields.get("values", 2)),
        "group": fields.get("group", "cyclic"),
        "hands": int(fields["hands"]) if "hands" in fields else None,
        "goal": fields.get("goal", "zero"),
        "observe": fields.get("observe", "blind"),
    }


@pytest.fixture(scope="module")
def atlas_json():
    import io
    from contextlib import redirect_stdout

    buf = io.StringIO()
    with redirect_stdout(buf):
        code = main(["atlas", "--json"])
    assert code == 0
    return json.loads(buf.getvalue())


def test_atlas_text_says_no_disagreements(capsys):
    code, out, _ = run(capsys, "atlas")
    assert code == 0
    last = out.strip().splitlines()[-1]
    assert re.match(
        r"188 games, 188 settled, \d+ checked against the literature, 0 disagreeing", last
    )


def test_atlas_json(atlas_json):
    assert atlas_json["disagreements"] == []
    assert atlas_json["games"] == len(atlas_json["entries"]) == 188
    by_game = {e["game"]: e for e in atlas_json["entries"]}
    gardner = by_game["n=4 hands=2 goal=same observe=touch"]
    assert gardner["winnable"] is True and gardner["length"] == 5 and gardner["agrees"] is True
    dials = by_game["n=3 values=3"]
    assert dials["winnable"] is True and dials["length"] == 26
    assert by_game["n=4 goal=same"]["length"] == 7 and by_game["n=6"]["winnable"] is False
    assert by_game["n=5 group=none goal=same"]["length"] == 2**4 - 1  # Benbernou et al. 2008


def test_atlas_small_coin_games_match_the_naive_model(atlas_json):
    checked = 0
    for e in atlas_json["entries"]:
        s = _spec(e["game"])
        if s["values"] != 2 or s["n"] > 4:
            continue
        expected = naive_length(**s)
        if expected is None or expected == INF:
            assert e["winnable"] is False and e["length"] is None, e
        else:
            assert e["winnable"] is True and e["length"] == expected, e
        checked += 1
    assert checked >= 70


def test_atlas_markdown(capsys, atlas_json):
    code, out, _ = run(capsys, "atlas", "--markdown")
    assert code == 0
    lines = out.strip().splitlines()
    assert lines[0] == "| game | winnable | moves | literature | agrees | method |"
    assert re.fullmatch(r"\|(-{3}:?\|)+", lines[1])
    rows = lines[2:]
    assert len(rows) == atlas_json["games"]
    assert [r.split(" | ")[0] for r in rows] == [f"| `{e['game']}`" for e in atlas_json["entries"]]
    assert "| `n=4 hands=2 goal=same observe=touch` | yes | 5 | 5 | yes |" in out


# --- 8. usage errors -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (("solve", "4", "--values", "0"), "values"),
        (("solve", "4", "--values", "x"), "values"),
        (("solve", "4", "--hands", "-1"), "hands"),
        (("solve", "4", "--hands", "9"), "hands"),
        (("solve", "4", "--group", "nonsense"), "nonsense"),
        (("solve", "3", "--generators", "0 0 1"), "not a permutation"),
        (("solve", "3", "--generators", "1 2"), "has 2 entries"),
        (("solve", "2", "--group", "cyclic", "--generators", "1 0"), "--generators"),
        (("solve", "4", "--goal", "1000"), "goal"),
        (("prove", "4", "--goal", "1000"), "goal"),
        (("verify", "4", "-", "--goal", "1000"), "goal"),
        (("solve", "4", "--observe", "touch"), "hands"),
        (("solve", "10", "--values", "5"), "states"),
        (("solve", "4", "--moves", "15"), "names position 5"),
        (("solve", "4", "--observe", "blinder"), "blinder"),
        (("construct", "6", "--goal", "same"), "has no construction"),
        (("play", "6", "--goal", "same"), "no strategy wins"),
        (("play", "4", "--goal", "same", "--start", "HHT"), "HHT"),
        (("explain", "4", "--hands", "5"), "hands"),
    ],
)
def test_usage_errors(capsys, monkeypatch, argv, fragment):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("FLFL\n"))
    code, out, err = run(capsys, *argv)
    assert_usage_error(code, out, err, fragment)


# --- bugs found while writing these tests, now fixed ------------------------------------------


def test_verify_respects_hands(capsys, tmp_path):
    code, out, _ = run(capsys, "construct", "4", "--format", "flips")
    path = tmp_path / "lamping.txt"
    path.write_text(out)
    assert _solve_json(capsys, "4", "--hands", "2")["winnable"] is False
    code, out, err = run(capsys, "verify", "4", str(path), "--hands", "2")
    assert code == 2 and "line 1" in err and "not allowed" in err, err


def test_construct_respects_hands(capsys):
    code, out, err = run(capsys, "construct", "4", "--hands", "2")
    assert code == 2 and "has no construction" in err, (out, err)
    code, out, _ = run(capsys, "construct", "4", "--hands", "2", "--goal", "same")
    assert code == 0 and all(line.count("F") <= 2 for line in out.splitlines()), out


def test_solve_save_with_game_options(capsys, tmp_path):
    target = tmp_path / "moves.txt"
    code, _, _ = run(capsys, "solve", "4", "--goal", "same", "--save", str(target))
    assert code == 0 and len(target.read_text().split()) == 7
    code, _, err = run(capsys, "solve", "4", "--goal", "same", "--save", str(target))
    assert code == 2 and "already exists" in err


def test_play_devil_turns_with_game_options(capsys, tmp_path):
    turns = tmp_path / "turns.json"
    turns.write_text(json.dumps({"start": "THHH", "turns": [0] * 7}))
    code, out, _ = run(
        capsys, "play", "4", "--goal", "same", "--devil-turns", str(turns), "--seed", "1"
    )
    assert code == 0 and "random Devil" not in out, out
    trace = [line for line in out.splitlines() if "| turn:" in line]
    assert trace and trace[0].split()[1] == "THHH"
    for line in trace:  # the turns are all 0: the table shows what it showed
        before, turned = line.split()[1], line.split("turn:")[1].split()[0]
        assert before == turned


@pytest.mark.parametrize(
    ("argv", "fragments"),
    [
        (
            ("solve", "4", "--group", "cylic"),
            ("'cylic' is not a known group name", "cyclic, dihedral, none, full", "'cyclic'?"),
        ),
        (("solve", "4", "--group", "Dihedal"), ("not a known group name", "'dihedral'?")),
        (("solve", "4", "--group", "1 x"), ("generator 1 '1 x'", "e.g. '3 0 1 2'")),
    ],
)
def test_a_misspelt_group_name_is_named_as_one(capsys, argv, fragments):
    """Issue 10: '--group cylic' was reported as "generator 1 'cylic'"."""
    line = assert_usage_error(*run(capsys, *argv), *fragments)
    assert "generator 1 'cylic'" not in line


@pytest.mark.parametrize(
    ("goal", "fragments"),
    [
        ("heads", ("goal 'heads'", "zero", "same", "list of goal states", "e.g. 'HHHH,TTTT'")),
        ("sme", ("zero", "did you mean 'same'?")),
    ],
)
def test_a_goal_word_names_zero_same_and_states(capsys, goal, fragments):
    """Issue 10: '--goal heads' was told to 'write 4 digits' without naming zero or same."""
    assert_usage_error(*run(capsys, "solve", "4", "--goal", goal), *fragments)
    code, out, _ = run(capsys, "solve", "4", "--goal", "HHHH,TTTT")
    assert code == 0 and out.startswith("n=4 goal=same:")  # the states of 'same': that goal


def test_a_touch_solve_prints_its_header_once(capsys):
    """Issue 10: touch solve printed the game's header line twice (the verdict, then the tree)."""
    code, out, _ = run(capsys, "solve", "4", "--hands", "2", "--goal", "same", "--observe", "touch")
    assert code == 0
    game = "n=4 hands=2 goal=same observe=touch"
    lines = out.splitlines()
    assert sum(line.startswith(game) for line in lines) == 1, out
    assert lines.index("1. Reach for 0 and 1 (possible: THHH TTHH THTH TTTH; at most 5 moves left)")


@pytest.mark.parametrize(
    ("solve", "kind", "options"),
    [
        (
            ("4", "--hands", "2", "--goal", "same", "--observe", "touch"),
            "touch",
            "--hands 2 --goal same --observe touch",
        ),
        (("4", "--observe", "sight"), "sight", "--observe sight"),
    ],
)
def test_verify_names_an_observed_strategy_file(capsys, tmp_path, solve, kind, options):
    """Issue 10: a touch tree saved by solve --json, verified without the touch options, was
    read as moves ('cannot read move')."""
    code, out, _ = run(capsys, "solve", *solve, "--json")
    assert code == 0
    path = tmp_path / "gardner.json"
    path.write_text(out)
    for argv in (("verify", "4", str(path)), ("check", "4", "--strategy", str(path))):
        line = assert_usage_error(*run(capsys, *argv), f"holds a {kind} strategy", options)
        assert "cannot read move" not in line
    code, out, _ = run(capsys, "verify", *shlex.split(f"4 {path} {options}"))
    assert code == 0 and out.startswith("WINS")


@pytest.mark.parametrize("command", ["solve", "prove"])
@pytest.mark.parametrize("observe", [(), ("--observe", "sight")])
def test_one_value_is_won_in_no_moves(capsys, command, observe):
    """Issue 10: --values 1 was refused; with one value every state is the goal (0 moves)."""
    code, out, err = run(capsys, command, "4", "--values", "1", *observe)
    assert (code, err) == (0, "")
    assert "the player wins" in out and "in 0 moves" in out
    code, out, _ = run(capsys, command, "4", "--values", "1", *observe, "--json")
    data = json.loads(out)
    assert data["winnable"] is True and data["length"] == 0


@pytest.mark.parametrize(
    ("argv", "winnable"),
    [
        (("4", "--hands", "0"), False),
        (("4", "--hands", "0", "--goal", "same"), False),
        (("4", "--hands", "0", "--observe", "touch"), False),
        (("1", "--hands", "0", "--goal", "same"), True),
    ],
)
def test_no_hands_only_the_empty_move(capsys, argv, winnable):
    """Issue 10: --hands 0 was refused; only the empty move exists, so the game is won only
    when every state is already in the goal, and the Devil wins trivially otherwise."""
    code, out, err = run(capsys, "solve", *argv)
    assert (code, err) == (0, "")
    if winnable:
        assert "in 0 moves" in out and "Moves: none" in out
    else:
        assert "no strategy wins" in out
        if "touch" not in argv:
            assert "With 0 hands the only move touches nothing" in out
    code, out, _ = run(capsys, "prove", *argv, "--json")
    assert code == 0 and json.loads(out)["winnable"] is winnable


def test_solve_and_verify_the_count_game(capsys, tmp_path):
    code, out, _ = run(capsys, "solve", "8", "--observe", "count")
    assert code == 0 and "wins in the worst case in 13 moves" in out and "Told 0" in out
    data = _solve_json(capsys, "4", "--observe", "count")
    assert data["length"] == 6 and data["tree"]["move"]
    path = tmp_path / "count.json"
    path.write_text(json.dumps(data))
    code, out, _ = run(capsys, "verify", "4", "--observe", "count", str(path))
    assert code == 0 and "within 6 moves" in out
    data["tree"]["next"]["1"]["move"] = "LLLL"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    code, out, _ = run(capsys, "verify", "4", "--observe", "count", str(bad))
    assert code == 1 and "LOSES" in out and "Counterexample: start" in out
    code, _, err = run(capsys, "solve", "4", "--observe", "count", "--goal", "0000,0101")
    assert code == 2 and "zero or same" in err


@pytest.mark.parametrize(
    "options",
    [("--hands", "2", "--goal", "same", "--observe", "touch"), ("--observe", "sight")],
)
def test_solve_saves_a_policy_file_that_verify_reads(capsys, tmp_path, options):
    """Issue 11: solve --save FILE.jsonl for touch and sight; verify wins from the file; a
    changed move loses with a counterexample; never overwrites; malformed lines exit 2."""
    path = tmp_path / "s.jsonl"
    assert run(capsys, "solve", "4", *options, "--save", str(path))[0] == 0
    code, out, _ = run(capsys, "verify", "4", str(path), *options)
    assert code == 0 and out.startswith("WINS")
    assert_usage_error(*run(capsys, "verify", "4", str(path)), "policy file", options[-1])
    assert_usage_error(*run(capsys, "solve", "4", *options, "--save", str(path)), "exists")
    assert_usage_error(*run(capsys, "solve", "4", *options, "--save", str(tmp_path / "s.txt")))
    lines = path.read_text().splitlines()
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join([lines[0], lines[1][:-3], *lines[2:]]) + "\n")
    assert_usage_error(*run(capsys, "verify", "4", str(bad), *options), "line 2")
    if "sight" in options:
        first = json.loads(lines[1])
        first["move"] = "LLLL"
        changed = tmp_path / "changed.jsonl"
        changed.write_text("\n".join([lines[0], json.dumps(first), *lines[2:]]) + "\n")
        code, out, _ = run(capsys, "verify", "4", str(changed), *options)
        assert code == 1 and "LOSES" in out and "Counterexample: start" in out


def test_save_is_refused_before_solving(capsys, monkeypatch, tmp_path):
    """A wrong or existing --save path is refused at once, not after a long search."""
    from devilcoins import engine

    def never(*_args, **_kwargs):
        raise AssertionError("solved before the --save path was checked")

    monkeypatch.setattr(engine, "solve", never)
    touch = ("--hands", "8", "--goal", "same", "--observe", "touch")
    line = assert_usage_error(*run(capsys, "solve", "12", *touch, "--save", "x.txt"), "FILE.jsonl")
    assert "x.txt" in line
    kept = tmp_path / "kept.jsonl"
    kept.write_text("mine\n")
    assert_usage_error(*run(capsys, "solve", "12", *touch, "--save", str(kept)), "already exists")
    assert kept.read_text() == "mine\n"
