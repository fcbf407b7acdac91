"""Each family says what it can do (``devilcoins.capabilities``): every registered family is
asked, what it offers works and what it refuses is refused in its declared words, by the library
and by the command line; and no caller above the families reads ``game.observe`` to guess."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from cli_helpers import assert_usage_error, run

import devilcoins
from devilcoins import Can, Capabilities, Game, capabilities
from devilcoins.core.errors import DevilcoinsError, NotSupported
from devilcoins.families import FAMILIES, family_of

#: A small game of every family, by the family's name.
EXAMPLES = {
    "blind coins": "n=4",
    "still table": "n=4 group=none goal=HHHH,HTHT,TTHH",
    "value groups": "n=1 values=S3",
    "restricted Devil": "n=3 devil_moves=1,2,0",
    "blind": "n=4 goal=same",
    "touch": "n=4 hands=2 goal=same observe=touch",
    "sight": "n=4 observe=sight",
    "count": "n=4 observe=count",
}

GAMES = {name: Game.parse(text) for name, text in EXAMPLES.items()}


def test_every_registered_family_has_an_example_here():
    assert {f.name for f in FAMILIES} == set(EXAMPLES)
    assert all(family_of(g).name == name for name, g in GAMES.items())


@pytest.mark.parametrize("name", EXAMPLES)
def test_capabilities_read_back_and_name_their_family(name):
    caps = capabilities(GAMES[name])
    assert caps.family == name
    assert caps.methods == devilcoins.methods(GAMES[name])
    assert Capabilities.from_json(json.loads(json.dumps(caps.to_json()))) == caps
    text = caps.to_text()
    for what, words in caps.refusals.items():
        assert f"refuses {what}: {words}" in text
    assert set(caps.offered) | set(caps.refusals) == set(Can)


def _raises_with(words, call):
    with pytest.raises(DevilcoinsError) as err:
        call()
    assert str(err.value) == words


@pytest.mark.parametrize("name", EXAMPLES)
def test_what_a_family_offers_works_and_what_it_refuses_says_its_words(name, tmp_path):
    game = GAMES[name]
    caps = capabilities(game)
    verdict = devilcoins.solve(game)
    # moves: a won game's strategy is a list of moves, else a tree
    assert verdict.winnable
    assert (verdict.strategy is not None) == caps.can(Can.MOVES)
    if caps.can(Can.CERTIFICATE):
        devilcoins.check_certificate(game, devilcoins.certificate(verdict))
    else:
        _raises_with(caps.refusal(Can.CERTIFICATE), lambda: devilcoins.certificate(verdict))
    if caps.can(Can.CHECKPOINT):
        devilcoins.check_checkpoint(game, tmp_path / "new.npz")
    else:
        refused = caps.refusal(Can.CHECKPOINT)
        _raises_with(refused, lambda: devilcoins.check_checkpoint(game, tmp_path / "x.npz"))
    if caps.can(Can.BOUNDS):
        assert devilcoins.bounds_certificate(game)["bounds"][0] >= 1
    else:
        _raises_with(caps.refusal(Can.BOUNDS), lambda: devilcoins.bounds_certificate(game))
    if caps.can(Can.COACH):
        assert devilcoins.coach(game).winnable == verdict.winnable
    else:
        _raises_with(caps.refusal(Can.COACH), lambda: devilcoins.coach(game))
    if not caps.can(Can.ROUNDS):
        held = ((0,), (0,))
        _raises_with(caps.refusal(Can.ROUNDS), lambda: devilcoins.coach(game, held=held))


@pytest.mark.parametrize("name", ["sight", "count"])
def test_a_tree_is_refused_as_moves_in_the_familys_words(name):
    game = GAMES[name]
    refused = capabilities(game).refusal(Can.MOVES)
    assert refused is not None
    _raises_with(refused, lambda: devilcoins.coach(game, moves=["FFFF"]))
    with pytest.raises(NotSupported, match="a list of moves"):
        devilcoins.play_against(game, [1])


@pytest.mark.parametrize(
    ("name", "what", "argv"),
    [
        ("blind coins", Can.CERTIFICATE, ["solve", "4", "--certificate", "{tmp}/c.json"]),
        ("sight", Can.MOVES, ["solve", "4", "--observe", "sight", "--format", "flips"]),
        ("count", Can.PLAY, ["play", "4", "--observe", "count", "--moves", "FFFF"]),
        ("blind", Can.REACHES, ["solve", "4", "--goal", "same", "--reaches", "dyadic"]),
    ],
)
def test_the_command_line_quotes_the_familys_refusal(capsys, tmp_path, name, what, argv):
    words = capabilities(GAMES[name]).refusal(what)
    assert words is not None
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    code, out, err = run(capsys, *argv)
    assert_usage_error(code, out, err, words)


#: The callers above the families: they ask ``capabilities``, never the game's ``observe``.
CALLERS = ("engine.py", "live", "cli", "web", "render", "notebook.py", "lesson.py")


def _observe_tests(tree: ast.AST) -> list[int]:
    """Lines that branch on how a game is observed: ``x.observe.tree`` / ``.feels``, or
    ``observe`` compared with ``is``, ``==`` or ``in``."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in ("tree", "feels"):
            inner = node.value
            if isinstance(inner, ast.Attribute) and inner.attr == "observe":
                lines.append(node.lineno)
        if isinstance(node, ast.Compare):
            parts = [node.left, *node.comparators]
            named = any(isinstance(p, ast.Attribute) and p.attr == "observe" for p in parts)
            if named and any(isinstance(op, ast.Is | ast.IsNot | ast.Eq | ast.NotEq | ast.In)
                             for op in node.ops):  # fmt: skip
                lines.append(node.lineno)
    return lines


def test_no_caller_above_the_families_guesses_from_observe():
    root = Path(devilcoins.__file__).parent
    found = []
    for caller in CALLERS:
        path = root / caller
        for file in [path] if path.is_file() else sorted(path.rglob("*.py")):
            for line in _observe_tests(ast.parse(file.read_text())):
                found.append(f"{file.relative_to(root)}:{line}")
    assert found == []


def test_the_observe_search_finds_a_guess():
    """The search above fails on the guesses it is for."""
    code = "if g.observe.tree:\n    pass\nok = g.observe is Observe.TOUCH\nfine = g.observe.value"
    assert _observe_tests(ast.parse(code)) == [1, 3]


LOADERS = {"import_module", "__import__", "resolve_name", "spec_from_file_location"}


def _computed_imports(tree: ast.AST) -> list[tuple[str, int]]:
    """Calls that load a module by a name that is not written in the call."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")
            first = node.args[0] if node.args else None
            if name in LOADERS and not isinstance(first, ast.Constant):
                found.append((name, node.lineno))
    return found


def test_no_module_is_loaded_by_a_computed_name():
    root = Path(devilcoins.__file__).parent
    found = {}
    for file in sorted(root.rglob("*.py")):
        calls = _computed_imports(ast.parse(file.read_text()))
        if calls:
            found[str(file.relative_to(root))] = calls
    # the two named on a command line: the atlas's child process is told its solver as
    # 'module:function' (the tests name slower ones), and the lesson loads the student's file
    assert {k: [n for n, _ in v] for k, v in found.items()} == {
        "atlas/run.py": ["resolve_name"],
        "lesson.py": ["spec_from_file_location"],
    }
    computed = ast.parse("import_module(f'devilcoins.{x}')\nimport_module('devilcoins.core')")
    assert _computed_imports(computed) == [("import_module", 1)]


def _either(words, last):
    return f"{', '.join(words[:-1])} {last} {words[-1]}" if len(words) > 1 else words[0]


def test_solve_help_lists_the_routes_the_families_declare(capsys):
    """solve --help names each family's routes as its declaration says (families that share
    their routes together, in the registry's order)."""
    from devilcoins import family_capabilities
    from devilcoins.cli.solve import ROUTES

    routes: dict[tuple[str, ...], list[str]] = {}
    for caps in family_capabilities():
        routes.setdefault(caps.methods, []).append(caps.family)
    said = "; ".join(
        f"{_either(list(m), 'or')} for {_either(f, 'and')} games" for m, f in routes.items()
    )
    assert said == ROUTES
    code, out, _ = run(capsys, "solve", "--help")
    assert code == 0 and " ".join(ROUTES.split()) in " ".join(out.split())
