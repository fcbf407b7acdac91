"""One truth across the commands: on random games, spelled with every option the CLI takes,
explain, prove and verify agree with solve; what solve prints reads back; the same game spelled
another way gives the same verdict on the same file.

Each blind game of up to 9 states is checked against the naive model too, so an agreement of
wrong answers cannot pass either (tests/blind holds the naive checks of larger games).
"""

from __future__ import annotations

import json
import re
import tempfile
from itertools import permutations
from pathlib import Path

import pytest
from cli_helpers import run
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from reference import naive_devil_moves, naive_game, shortest_by_update

from devilcoins import Game

SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


#: The naive model's belief search runs on games of at most this many states (it is exponential).
NAIVE_STATES = 9


def _pattern(values, m: int) -> str:
    return "".join("LF"[v] for v in values) if m == 2 else "".join(map(str, values))


def _perm(draw, n: int) -> str:
    return " ".join(map(str, draw(st.permutations(range(n)))))


def _vectors(n: int, m: int) -> st.SearchStrategy[list[int]]:
    return st.lists(st.integers(0, m - 1), min_size=n, max_size=n)


@st.composite
def game_options(draw) -> tuple[str, ...]:
    """N and the options of a small random game, as the command line takes them."""
    observe = draw(st.sampled_from(["blind", "blind", "blind", "touch", "sight"]))
    n = draw(st.integers(1, 4))
    m = draw(st.sampled_from([2, 2, 3])) if n <= 3 and observe == "blind" else 2
    opts: list[str] = [str(n)]
    if m != 2 or draw(st.booleans()):
        opts += ["--values", str(m)]
    group = draw(st.sampled_from(["cyclic", "dihedral", "none", "full", "generators"]))
    if group == "generators":
        opts += ["--generators", "; ".join(_perm(draw, n) for _ in range(draw(st.integers(1, 2))))]
    elif group != "cyclic" or draw(st.booleans()):
        opts += ["--group", group]
    if observe == "touch" or draw(st.booleans()):
        opts += ["--hands", str(draw(st.integers(1, n)))]
    goal = draw(st.sampled_from(["zero", "same", "states"]))
    if goal == "states":  # every arrangement of some states: unchanged by any turn
        states = draw(st.lists(_vectors(n, m), min_size=1, max_size=2))
        closed = sorted({p for s in states for p in permutations(s)})
        opts += ["--goal", ",".join("".join(map(str, s)) for s in closed)]
    elif goal == "same" or draw(st.booleans()):
        opts += ["--goal", goal]
    if observe == "blind" and draw(st.integers(0, 3)) == 0:
        moves = draw(st.lists(_vectors(n, m), min_size=1, max_size=3))
        opts += ["--moves", ",".join(_pattern(a, m) for a in moves)]
    if observe == "blind" and draw(st.integers(0, 4)) == 0:
        opts += ["--devil-moves", "; ".join(_perm(draw, n) for _ in range(draw(st.integers(1, 2))))]
    if observe != "blind":
        opts += ["--observe", observe]
    return tuple(opts)


def _json(capsys, *argv: str) -> tuple[int, dict, str]:
    code, out, err = run(capsys, *argv, "--json")
    return code, (json.loads(out) if code in (0, 1) else {}), err


def _write(folder: Path, name: str, text: str) -> str:
    path = folder / name
    path.write_text(text)
    return str(path)


def _naive_length(text: str) -> int | None:
    """The shortest winning length of a blind game by the naive model (None: lost)."""
    game = Game.parse(text)
    if game.devil_moves:
        naive = naive_devil_moves(
            game.n,
            game.values,
            game.devil_moves,
            goal=game.goal if game.goal != "states" else game.goal_states,
            moves=game.moves,
            hands=game.hands,
        )
    else:
        naive = naive_game(game)
    if game.moves is not None:  # changing nothing is always allowed
        naive.moves = list(dict.fromkeys([*naive.moves, (0,) * game.n]))
    return shortest_by_update(naive)


def _agree(capsys, opts: tuple[str, ...], folder: Path) -> None:
    code, verdict, err = _json(capsys, "solve", *opts)
    if code == 2:  # refused: every command refuses the same game
        for command in ("explain", "prove"):
            assert run(capsys, command, *opts)[0] == 2, (command, opts)
        return
    assert code == 0, (opts, err)
    won, length = verdict["winnable"], verdict["length"]
    assert verdict["holds"] is True
    for command in ("explain", "prove"):
        code, other, err = _json(capsys, command, *opts)
        assert code == 0, (command, opts, err)
        assert (other["winnable"], other["length"]) == (won, length), (command, opts)
        assert other["game"] == verdict["game"] and other["holds"] is True
    code, out, _ = run(capsys, "explain", *opts)
    assert out.splitlines()[0] == _explain_heading(verdict)
    blind = verdict["spec"]["observe"] == "blind"
    spec = verdict["spec"]
    if blind and spec["values"] ** spec["n"] <= NAIVE_STATES:
        assert _naive_length(verdict["game"]) == length, opts
    if won:
        _strategies_read_back(capsys, opts, verdict, folder)


def _explain_heading(verdict: dict) -> str:
    """The first line explain must print for the game solve settled."""
    game, won, length = verdict["game"], verdict["winnable"], verdict["length"]
    if Game.parse(game).is_coins:  # the coin game's own explanation
        n = Game.parse(game).n
        coins = f"{n:,} coin" + ("s" if n > 1 else "")
        return (
            f"How the {length:,}-move strategy for {coins} works"
            if won
            else (f"Why no strategy wins for {coins}")
        )
    return f"How {game} is settled: " + (
        f"the player wins in {length:,} {'move' if length == 1 else 'moves'}."
        if won
        else "no strategy wins."
    )


def _strategies_read_back(capsys, opts, verdict, folder: Path) -> None:
    """Every form solve prints is read back by verify, under every spelling of the game."""
    length = verdict["length"]
    files = []
    if verdict["spec"]["observe"] == "blind":
        files.append(_write(folder, "table.txt", run(capsys, "solve", *opts)[1]))
        files.append(
            _write(folder, "flips.txt", run(capsys, "solve", *opts, "--format", "flips")[1])
        )
        if verdict["spec"]["values"] == 2:
            positions = run(capsys, "solve", *opts, "--format", "positions")[1]
            files.append(_write(folder, "positions.txt", positions))
        files.append(_write(folder, "list.json", json.dumps(verdict["strategy"])))
        files.append(_write(folder, "verdict.json", json.dumps(verdict)))
    else:
        policy = folder / "policy.jsonl"
        policy.unlink(missing_ok=True)
        assert run(capsys, "solve", *opts, "--save", str(policy))[0] == 0
        files += [str(policy), _write(folder, "tree.json", json.dumps(verdict))]
    for spelled in (opts, _spelled_again(verdict["game"])):
        for path in files:
            code, checked, err = _json(capsys, "verify", spelled[0], path, *spelled[1:])
            assert code == 0, (spelled, path, err)
            assert checked["game"] == verdict["game"], spelled
            assert checked["wins"] and checked["won_at"] == length, (spelled, path)
    if verdict["spec"]["observe"] == "blind" and length > 1:
        lines = Path(files[1]).read_text().splitlines()[:-1]
        short = _write(folder, "short.txt", "".join(line + "\n" for line in lines))
        code, checked, _ = _json(capsys, "verify", opts[0], short, *opts[1:])
        assert code == 1 and not checked["wins"] and checked["counterexample"]


def _spelled_again(text: str) -> tuple[str, ...]:
    """The game of that text form spelled again with every default written out (values,
    group, hands, goal, observe): the same game, another spelling."""
    game = Game.parse(text)
    again = [str(game.n), "--values", str(game.values)]
    if game.group.name != "generators" and not game.devil_moves:
        again += ["--group", game.group.name]
    elif not game.devil_moves:
        again += ["--generators", "; ".join(" ".join(map(str, p)) for p in game.group.given)]
    if game.devil_moves:
        again += ["--devil-moves", "; ".join(" ".join(map(str, p)) for p in game.devil_moves)]
    if game.hands is not None:
        again += ["--hands", str(game.hands)]
    elif game.observe != "touch":
        again += ["--hands", str(game.n)]
    if game.moves is not None:
        again += ["--moves", ",".join(game.vector_move_text(a) for a in game.moves)]
    text = str(game)
    goal = next((f[5:] for f in text.split() if f.startswith("goal=")), "zero")
    return (*again, "--goal", goal, "--observe", game.observe)


@SETTINGS
@given(game_options())
@example(("4", "--hands", "1"))
@example(("4", "--hands", "3"))
@example(("4", "--moves", "FLLL,LFLL"))
@example(("4", "--observe", "sight"))
@example(("4", "--hands", "2", "--goal", "same", "--observe", "touch"))
@example(("2", "--devil-moves", "1 0; 0 1"))
def test_every_command_agrees_with_solve(capsys, opts):
    with tempfile.TemporaryDirectory() as folder:
        _agree(capsys, opts, Path(folder))


# --- the cases the issue found, each once by name ------------------------------------------


@pytest.mark.parametrize("extra", [("--hands", "1"), ("--hands", "2"), ("--hands", "3")])
def test_explain_answers_the_game_with_limited_hands(capsys, extra):
    code, out, _ = run(capsys, "explain", "4", *extra)
    assert code == 0
    assert out.startswith(f"How n=4 hands={extra[1]} is settled: no strategy wins.")
    assert "15 moves" not in out and "The chain reaches all 16 states" not in out


def test_explain_answers_sight_and_touch(capsys):
    code, out, _ = run(capsys, "explain", "4", "--observe", "sight")
    assert code == 0 and out.startswith("How n=4 observe=sight is settled: the player wins in 4 ")
    code, out, _ = run(
        capsys, "explain", "4", "--hands", "2", "--goal", "same", "--observe", "touch"
    )
    assert code == 0 and "the player wins in 5 moves." in out.splitlines()[0]


FLIPS_OF_SOLVE_2 = "01\n0\n01\n"


@pytest.mark.parametrize(
    "spelling",
    [
        (),
        ("--hands", "2"),
        ("--group", "dihedral"),
        ("--generators", "1 0"),
        ("--devil-moves", "1 0; 0 1"),
        ("--values", "2"),
    ],
)
def test_the_flips_column_of_solve_2_wins_under_every_spelling(capsys, tmp_path, spelling):
    path = tmp_path / "two.txt"
    path.write_text(FLIPS_OF_SOLVE_2)
    code, out, _ = run(capsys, "verify", "2", str(path), *spelling)
    assert code == 0 and "WINS" in out and "2 coins" in out


def test_the_table_solve_4_prints_is_a_strategy_file(capsys, tmp_path):
    code, out, _ = run(capsys, "solve", "4")
    path = tmp_path / "table.txt"
    path.write_text(out)
    for spelling in [(), ("--hands", "4"), ("--group", "cyclic"), ("--goal", "HHHH")]:
        code, checked, err = _json(capsys, "verify", "4", str(path), *spelling)
        assert code == 0, err
        assert checked["wins"] and checked["won_at"] == 15 and checked["moves"] == 15


def test_a_cut_moves_line_is_refused_with_where_the_whole_strategy_is(capsys, tmp_path):
    code, out, _ = run(capsys, "solve", "2", "--values", "Z2xZ2", "--group", "none")
    path = tmp_path / "cut.txt"
    path.write_text(out.replace("Moves: ", "Moves: ... ", 1))
    code, out, err = run(capsys, "verify", "2", str(path), "--values", "Z2xZ2", "--group", "none")
    assert code == 2 and "--format flips" in err


@pytest.mark.parametrize("game", [("4",), ("3", "--values", "3", "--goal", "same")])
def test_play_traces_every_game_in_one_form(capsys, game):
    code, out, _ = run(capsys, "play", *game, "--seed", "1")
    assert code == 0
    first = next(line for line in out.splitlines() if line.startswith("   1: "))
    assert " | turn: " in first and " | move: " in first and " -> " in first
    assert "rot:" not in out and "flip:" not in out


def test_the_devils_turns_read_the_same_with_and_without_options(capsys, tmp_path):
    strategy = tmp_path / "s.txt"
    strategy.write_text(run(capsys, "solve", "2", "--format", "flips")[1])
    plain, as_json = tmp_path / "turns.txt", tmp_path / "turns.json"
    plain.write_text("0 1 0\n")
    as_json.write_text('{"start": "TH", "turns": [0, 1, 0]}')
    outs = set()
    for turns in (plain, as_json):
        for extra in [(), ("--moves", "FF,FL,LF"), ("--hands", "2")]:
            code, out, err = run(
                capsys,
                "play",
                "2",
                "--strategy",
                str(strategy),
                "--devil-turns",
                str(turns),
                "--start",
                "TH",
                *extra,
            )
            assert code == 0, err
            outs.add("\n".join(out.splitlines()[1:]))  # the trace, after the heading
    assert len(outs) == 1


@pytest.mark.parametrize(
    "moves", ["FFFF,FLFL", "0123, 0 2", "{0, 1, 2, 3}, {0, 2}", "FLFL,0123", "LFLF,FFFF"]
)
def test_moves_take_every_form_the_program_prints(capsys, moves):
    """Patterns, positions run together (the Flips column) and position sets name the same
    moves; the game prints them back as patterns and reads its own text form."""
    code, data, err = _json(capsys, "solve", "4", "--moves", moves)
    assert code == 0, err
    expected = "n=4 moves=FLFL,FFFF" if "LFLF" not in moves else "n=4 moves=LFLF,FFFF"
    assert data["game"] == expected
    assert str(Game.parse(data["game"])) == data["game"]
    again = data["game"].split("moves=")[1]
    assert _json(capsys, "solve", "4", "--moves", again)[1]["game"] == expected


DEFAULTS_SPELLED = [
    ("--values", "2"),
    ("--group", "cyclic"),
    ("--goal", "zero"),
    ("--observe", "blind"),
]


@pytest.mark.parametrize(
    ("command", "n"), [("prove", "32"), ("prove", "6"), ("solve", "4"), ("explain", "8")]
)
def test_defaults_spelled_out_give_the_same_answer(capsys, command, n):
    def answer(*argv: str) -> tuple[int, str]:
        code, out, _err = run(capsys, *argv)
        return code, re.sub(r"\d+\.\d+ s\b", "(seconds)", out)  # timings differ run to run

    plain = answer(command, n)
    assert plain[0] in (0, 1), plain
    for extra in [*DEFAULTS_SPELLED, ("--hands", n)]:
        assert answer(command, n, *extra) == plain, extra
    every = [x for pair in DEFAULTS_SPELLED for x in pair]
    assert answer(command, n, *every) == plain
