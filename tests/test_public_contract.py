"""The public contract of ``devilcoins``: one list of public names, the same in ``__all__``, in the
stub ``__init__.pyi`` and in docs/library.md; the old names read from the notebook's list (not
copied), each warning with ``DevilcoinsDeprecationWarning`` at run time and declared deprecated,
with its signature, in the stub, so that mypy accepts a program using them and says so.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import os
import re
import subprocess
import sys
import warnings
from importlib import import_module
from importlib.metadata import version
from pathlib import Path

import pytest
from needs import missing

import devilcoins
from devilcoins import DevilcoinsDeprecationWarning
from devilcoins import notebook as nb

ROOT = Path(__file__).resolve().parents[1]
STUB = Path(devilcoins.__file__).with_suffix(".pyi")
LIBRARY = ROOT / "docs" / "library.md"

#: The heading of docs/library.md's table of every public name (one row a name).
EVERY_NAME = "## Every public name"
#: The heading of docs/library.md's section on the old names.
OLD_NAMES = "## One name for each thing"

#: The old names, read once: building the map imports the notebook.
RENAMED: dict[str, tuple[str, str]] = devilcoins._RENAMED

#: A call of each old name, and the type a user would write for what it returns: what the mypy
#: test below checks (a new old name fails that test until it has a line here).
CALLS = {
    "all_coins": ("4", "devilcoins.Belief"),
    "all_moves": ("4", "list[devilcoins.Move]"),
    "belief_search": ("4, on_progress=lambda depth, beliefs: None", "devilcoins.Verdict"),
    "coin_search": ("4", "devilcoins.Strategy | None"),
    "flip": ("'HHHT', {0, 2}", "devilcoins.Coins"),
    "play": ("[{0, 1}, {0}], 'HT', True, rng=1, out=print", "devilcoins.Coins"),
    "probably_wins": ("[{0, 1}], 2, k=10, on_progress=lambda i, total: None", "bool"),
    "rotations": ("'HHHT'", "set[devilcoins.Coins]"),
    "search": (
        "1, 10, ['+1', '*2'], lambda s, a: s + 1 if a == '+1' else s * 2",
        "tuple[str, ...] | None",
    ),
    "show": ("[[0, 1], [0]], 2", "None"),
    "update": ("{'HT', 'TT'}, {0}", "devilcoins.Belief"),
    "verify_coins": ("[[0, 1], [0]], 2", "devilcoins.Verification"),
}


def section(heading: str) -> str:
    """The text of docs/library.md's section under heading, up to the next heading of its level."""
    text = LIBRARY.read_text()
    start = text.index(f"\n{heading}\n") + len(heading) + 2
    end = text.find("\n## ", start)
    return text[start : end if end >= 0 else len(text)]


def documented() -> list[str]:
    """The names of docs/library.md's table of every public name (the first cell of each row)."""
    return re.findall(r"^\| `(\w+)` \|", section(EVERY_NAME), flags=re.MULTILINE)


def stub() -> ast.Module:
    return ast.parse(STUB.read_text())


def stub_public() -> list[str]:
    """The names the stub makes public: each imported in the form ``name as name``."""
    return [
        alias.name
        for node in stub().body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
        if alias.asname == alias.name
    ]


def stub_functions() -> dict[str, ast.FunctionDef]:
    return {node.name: node for node in stub().body if isinstance(node, ast.FunctionDef)}


def deprecation(node: ast.FunctionDef) -> str | None:
    """The message of the function's ``@deprecated(...)`` decorator, or None without one."""
    for decorator in node.decorator_list:
        if (
            isinstance(decorator, ast.Call)
            and ast.unparse(decorator.func).split(".")[-1] == "deprecated"
            and isinstance(decorator.args[0], ast.Constant)
        ):
            return str(decorator.args[0].value)
    return None


# -- the old names: read from the notebook's list ------------------------------------------------


def implied() -> set[str]:
    """The old names the notebook's list implies: its names that devilcoins does not give (it
    gives the notebook's data structures), and the shims of the coin game's search and check."""
    from devilcoins import _renamed

    notebook = {name for name in nb.__all__ if name not in devilcoins.__all__}
    return notebook | set(_renamed.SHIMS)


def test_the_old_names_are_what_the_notebooks_list_implies():
    assert set(RENAMED) == implied()
    assert {"flip", "search", "coin_search", "belief_search", "verify_coins"} <= set(RENAMED)
    for name, (spelling, module) in RENAMED.items():
        if name in nb.__all__:
            assert (spelling, module) == (f"devilcoins.notebook.{name}", "devilcoins.notebook")
        else:
            assert module == "devilcoins._renamed" and spelling.startswith("devilcoins.")
    assert not set(RENAMED) & set(devilcoins.__all__)


def test_a_name_the_notebook_gains_is_an_old_name_too(monkeypatch):
    """Built from ``notebook.__all__``, not copied from it: a name added there joins the map (and
    warns), as a copied list would not."""
    renamed = import_module("devilcoins._renamed")
    monkeypatch.setattr(nb, "__all__", [*nb.__all__, "brand_new"])
    monkeypatch.setattr(nb, "brand_new", lambda: "new", raising=False)
    try:
        importlib.reload(renamed)
        assert "brand_new" in devilcoins._RENAMED and "brand_new" in implied()
        with pytest.warns(
            DevilcoinsDeprecationWarning, match=r"use devilcoins\.notebook\.brand_new$"
        ):
            assert devilcoins.brand_new() == "new"
    finally:
        monkeypatch.undo()
        importlib.reload(renamed)
    assert set(devilcoins._RENAMED) == set(RENAMED)


@pytest.mark.parametrize("name", sorted(RENAMED))
def test_every_old_name_warns_with_the_project_warning(name):
    spelling, module = RENAMED[name]
    with pytest.warns(DevilcoinsDeprecationWarning) as caught:
        value = getattr(devilcoins, name)
    assert [w.category for w in caught] == [DevilcoinsDeprecationWarning]
    assert str(caught[0].message) == f"devilcoins.{name} is deprecated: use {spelling}"
    assert caught[0].filename == __file__  # the warning points at the caller
    assert value is getattr(import_module(module), name)


def test_the_project_warning_is_a_deprecation_warning():
    assert issubclass(DevilcoinsDeprecationWarning, DeprecationWarning)
    errors = import_module("devilcoins.core.errors")
    assert DevilcoinsDeprecationWarning is errors.DevilcoinsDeprecationWarning
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)  # a filter on the base class
        with pytest.raises(DevilcoinsDeprecationWarning, match=r"use devilcoins\.notebook\.flip$"):
            _ = devilcoins.flip


def test_a_name_that_is_neither_public_nor_old_is_refused():
    with pytest.raises(AttributeError, match="No devilcoins attribute no_such_name"):
        _ = devilcoins.no_such_name
    with pytest.raises(AttributeError):
        _ = devilcoins._repr_html_


def test_only_an_unknown_name_imports_the_notebook():
    """``import devilcoins``, a public name, and the names IPython and inspect ask for (an
    underscore first) leave the notebook unimported; the first other miss builds the map."""
    code = (
        "import sys, devilcoins\n"
        "hasattr(devilcoins, '_repr_html_'), hasattr(devilcoins, '__wrapped__')\n"
        "devilcoins.DevilcoinsDeprecationWarning, devilcoins.OtherGame\n"
        "before = {'devilcoins.notebook', 'devilcoins._renamed'} & set(sys.modules)\n"
        "hasattr(devilcoins, 'no_such_name')\n"
        "after = {'devilcoins.notebook', 'devilcoins._renamed'} & set(sys.modules)\n"
        "print(sorted(before), sorted(after))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120
    )
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    assert done.stdout.split() == ["[]", "['devilcoins._renamed',", "'devilcoins.notebook']"]


# -- the public names: __all__, the stub, the docs -----------------------------------------------


def test_the_public_names_are_the_stubs_and_the_documented_ones():
    public = set(devilcoins.__all__)
    in_stub, in_docs = stub_public(), documented()
    assert len(in_stub) == len(set(in_stub)) and len(in_docs) == len(set(in_docs))
    assert public == set(in_stub), "imported in __init__.pyi without the form 'name as name'"
    assert sorted(public - set(in_docs)) == [], f"missing from {EVERY_NAME} in docs/library.md"
    assert sorted(set(in_docs) - public) == [], f"in {EVERY_NAME} but not public"
    assert {"OtherGame", "DevilcoinsDeprecationWarning", "notebook", "Game"} <= public
    for name in public:
        assert getattr(devilcoins, name) is not None


def test_the_docs_list_every_old_name():
    text = section(OLD_NAMES)
    named = set(re.findall(r"`(?:devilcoins\.)?(\w+)", text))
    assert sorted(set(RENAMED) - named) == []
    assert "`DevilcoinsDeprecationWarning`" in text


def test_the_stub_declares_each_old_name_deprecated_and_nothing_else():
    functions = stub_functions()
    assert set(functions) == set(RENAMED)
    for name, (spelling, _) in RENAMED.items():
        assert deprecation(functions[name]) == f"use {spelling}", name
    assert not set(functions) & set(stub_public())


def _annotation(text: str | None) -> str | None:
    """An annotation as text, with the modules the stub names spelled out left off."""
    if text is None:
        return None
    return ast.unparse(ast.parse(text.replace("collections.abc.", ""), mode="eval"))


def _default(node: ast.expr | None) -> object:
    if node is None:
        return inspect.Parameter.empty
    return ... if isinstance(node, ast.Constant) and node.value is ... else ast.literal_eval(node)


def stub_signature(node: ast.FunctionDef) -> list[tuple[object, ...]]:
    """(name, kind, annotation, default) of each parameter, and the return annotation, as the
    stub declares them (a default '...' stands for one that is not a literal)."""
    args = node.args
    positional = args.posonlyargs + args.args
    defaults = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
    kinds = [inspect.Parameter.POSITIONAL_ONLY] * len(args.posonlyargs)
    kinds += [inspect.Parameter.POSITIONAL_OR_KEYWORD] * len(args.args)
    rows: list[tuple[object, ...]] = [
        (a.arg, kind, _annotation(ast.unparse(a.annotation) if a.annotation else None), _default(d))
        for a, kind, d in zip(positional, kinds, defaults, strict=True)
    ]
    assert args.vararg is None and args.kwarg is None
    rows += [
        (
            a.arg,
            inspect.Parameter.KEYWORD_ONLY,
            _annotation(ast.unparse(a.annotation) if a.annotation else None),
            _default(d),
        )
        for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True)
    ]
    returns = ast.unparse(node.returns) if node.returns else None
    return [*rows, ("return", _annotation(returns))]


def runtime_signature(function: object) -> list[tuple[object, ...]]:
    """The same of the function the old name gives (its annotations are text: each module it
    comes from has ``from __future__ import annotations``)."""
    signature = inspect.signature(function)
    literal = (int, float, str, bool, type(None))
    rows: list[tuple[object, ...]] = [
        (
            p.name,
            p.kind,
            _annotation(p.annotation),
            p.default if p.default is p.empty or isinstance(p.default, literal) else ...,
        )
        for p in signature.parameters.values()
    ]
    return [*rows, ("return", _annotation(signature.return_annotation))]


@pytest.mark.parametrize("name", sorted(RENAMED))
def test_the_stub_gives_each_old_name_the_signature_of_what_it_gives(name):
    _, module = RENAMED[name]
    function = getattr(import_module(module), name)
    assert stub_signature(stub_functions()[name]) == runtime_signature(function)


# -- mypy on a user's program --------------------------------------------------------------------


def user_program() -> str:
    """A program calling each old name (from the map, so it cannot go stale), the result given
    the type a user would expect."""
    lines = ['"""A program still using the old names."""', "", "import devilcoins", ""]
    for name in sorted(RENAMED):
        args, returns = CALLS[name]
        call = f"devilcoins.{name}({args})"
        lines.append(call if returns == "None" else f"{name}_result: {returns} = {call}")
    return "\n".join(lines) + "\n"


@pytest.mark.slow
def test_mypy_strict_accepts_the_old_names_and_notes_each_is_deprecated(tmp_path):
    """One mypy run (8 to 11 seconds: it reads devilcoins and numpy afresh) on a program using
    every old name, against the package installed in this environment.

    mypy reports a deprecated name only with the error code 'deprecated' enabled (off by
    default); ``--report-deprecated-as-note`` makes each report a note, which does not change
    the exit status. So exit status 0 here means no error of any kind, with or without that
    code enabled, and the notes show mypy marks each old name deprecated.
    """
    major, minor = (int(x) for x in version("mypy").split(".")[:2])
    if (major, minor) < (1, 14):
        missing(f"mypy {version('mypy')} does not report @deprecated as notes (1.14 does)")
    assert sorted(CALLS) == sorted(RENAMED), "each old name needs a call in CALLS"
    (tmp_path / "user.py").write_text(user_program())
    config = tmp_path / "mypy.ini"
    config.write_text(
        f"[mypy]\npython_executable = {sys.executable}\nstrict = True\n"
        f"cache_dir = {tmp_path / 'cache'}\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "MYPYPATH")}
    command = [sys.executable, "-m", "mypy", "--config-file", str(config), "user.py"]
    command += ["--enable-error-code", "deprecated", "--report-deprecated-as-note"]
    done = subprocess.run(
        command, capture_output=True, text=True, cwd=tmp_path, env=env, timeout=600
    )
    assert done.returncode == 0, done.stdout + done.stderr
    notes = re.findall(
        r"^user\.py:\d+: note: function devilcoins\.(\w+) is deprecated: (.+?)  \[deprecated\]$",
        done.stdout,
        flags=re.MULTILINE,
    )
    assert sorted(notes) == sorted((n, f"use {spelling}") for n, (spelling, _) in RENAMED.items())
    assert "error" not in done.stdout, done.stdout
