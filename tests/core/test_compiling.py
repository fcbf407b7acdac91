"""The hot loops run as plain Python when small and compiled otherwise, with the same answers."""

from __future__ import annotations

import io
import logging

import numpy as np
import pytest
from helpers import games, quick_to_solve
from hypothesis import given, settings
from hypothesis import strategies as st

from devilcoins import Game, solve, verify
from devilcoins.cli.progress import STATUS, announce_compiling
from devilcoins.core import compiling, kernel
from devilcoins.core.compiling import PYTHON_SECONDS, PYTHON_WORK, chosen, forced, small_game
from devilcoins.core.errors import DevilcoinsError
from devilcoins.core.hotloop import HotLoop, hot_loop
from devilcoins.observed.sizes import SMALL_STATES, is_small


@hot_loop
def _bits(row, out):
    """The set bits of a row of words (a hot loop that calls another: kernel.members)."""
    return kernel.members(row, out)


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_rule_small_work_runs_as_python_within_the_budget(monkeypatch):
    monkeypatch.delenv("DEVILCOINS_KERNELS", raising=False)
    assert chosen(PYTHON_WORK, False, 0.0) == "python"
    assert chosen(PYTHON_WORK + 1, False, 0.0) == "compiled"
    assert chosen(None, False, 0.0) == "compiled"  # unknown work, outside small_game
    assert chosen(1, False, PYTHON_SECONDS) == "compiled"  # the budget is spent
    assert chosen(1, True, compiling.CACHED_SECONDS) == "compiled"  # smaller when cached
    assert chosen(1, False, compiling.CACHED_SECONDS) == "python"
    with small_game():
        assert chosen(None, False, 0.0) == chosen(10**12, False, 0.0) == "python"
        with small_game(False):  # a block that is not small adds nothing
            assert chosen(None, False, 0.0) == "python"
    assert chosen(None, False, 0.0) == "compiled"


def test_forced_and_the_environment_fix_the_choice(monkeypatch):
    monkeypatch.setenv("DEVILCOINS_KERNELS", "python")
    assert chosen(10**12, False, 99.0) == "python"
    with forced("compiled"):  # forced comes first
        assert chosen(1, False, 0.0) == "compiled"
    monkeypatch.setenv("DEVILCOINS_KERNELS", "compiled")
    assert chosen(1, False, 0.0) == "compiled"
    with pytest.raises(ValueError, match="python"), forced("fast"):  # type: ignore[arg-type]
        pass


def test_a_hot_loop_calling_another_gives_the_same_bits_both_ways():
    row = np.array([0b1011, 1 << 63], dtype=np.uint64)
    results = []
    for mode in ("python", "compiled"):
        out = np.zeros(128, dtype=np.int64)
        with forced(mode):
            count = _bits.run(1, row, out)
        results.append(out[:count].tolist())
    assert results[0] == results[1] == [0, 1, 3, 127]


def test_python_runs_count_against_the_loops_budget(monkeypatch):
    monkeypatch.delenv("DEVILCOINS_KERNELS", raising=False)
    loop = HotLoop(_bits.py_func)
    monkeypatch.setattr(compiling, "PYTHON_SECONDS", 0.0)
    monkeypatch.setattr(compiling, "_on_disk", lambda func: False)
    ran: list[str] = []
    monkeypatch.setattr(loop, "_as_python", lambda args: ran.append("python") or 0)
    monkeypatch.setattr(loop, "compiled", lambda *args: ran.append("compiled") or 0)
    loop.run(1, None, None)
    assert ran == ["compiled"]  # a budget of 0 s runs nothing as Python


def test_a_compile_is_announced_on_a_terminal_and_on_the_progress_line(monkeypatch):
    monkeypatch.setattr(compiling, "_in_cache", lambda dispatcher: False)
    fresh = HotLoop(_bits.py_func)
    row, out = np.array([5], dtype=np.uint64), np.zeros(64, dtype=np.int64)
    seen: list[str] = []

    class Watcher(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            seen.append(STATUS.description)

    watcher = Watcher()
    log = logging.getLogger("devilcoins.kernel")
    STATUS.description = "solving"
    screen, pipe = Terminal(), io.StringIO()
    with announce_compiling(screen):
        log.addHandler(watcher)
        try:
            before = compiling.compile_seconds()
            assert fresh.compiled(row, out) == 2
            assert HotLoop(_bits.py_func).compiled(row, out) == 2  # a second loop: no new line
        finally:
            log.removeHandler(watcher)
    assert screen.getvalue().startswith("devilcoins: compiling the search kernels once (about ")
    assert screen.getvalue().count("\n") == 1
    assert seen and seen[0].startswith("compiling the search kernels once")  # while it compiles
    assert STATUS.description == "solving"  # and back afterwards
    assert compiling.compile_seconds().compiling > before.compiling
    with announce_compiling(pipe):
        HotLoop(_bits.py_func).compiled(row, out)
    assert pipe.getvalue() == ""  # not a terminal: nothing printed
    assert not any(isinstance(h, Watcher) for h in log.handlers)


def test_numbas_cache_is_found_where_numba_keeps_it(tmp_path, monkeypatch):
    kernel.warm_up()  # compiled (or loaded): numba has written its index
    assert compiling._on_disk(kernel._expand.py_func)
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    assert not compiling._on_disk(kernel._expand.py_func)


def test_the_stopwatch_leaves_compiling_out(monkeypatch):
    monkeypatch.setattr(compiling, "_spent", compiling.CompileTime())
    watch = compiling.Stopwatch()
    compiling._spent.compiling = 1e6
    assert watch.compile_time().compiling == 1e6 and watch.seconds() == 0.0


def _both_ways(run):
    """run() as plain Python and compiled: the two results (or the two refusals)."""
    out = []
    for mode in ("python", "compiled"):
        with forced(mode):
            try:
                out.append(run())
            except DevilcoinsError as err:
                out.append(type(err).__name__)
    return out


def _verdict(v) -> tuple:
    return v.winnable, v.length, v.how, v.explored, [int(a) for a in v.strategy or ()]


@settings(max_examples=30, deadline=None)
@given(games(max_states=256, max_n=5))
def test_blind_games_get_the_same_verdict_both_ways(drawn):
    game, _ = drawn
    if not quick_to_solve(game):
        return
    python, fast = _both_ways(lambda: _verdict(solve(game)))
    assert python == fast


@settings(max_examples=25, deadline=None)
@given(games(max_states=256, max_n=5), st.data())
def test_verification_gives_the_same_sizes_and_counterexample_both_ways(drawn, data):
    game, _ = drawn
    moves = data.draw(st.lists(st.integers(0, game.states - 1), max_size=12))
    moves = [a for a in moves if game.allowed(a)]

    def run():
        v = verify(game, moves)
        ce = v.counterexample
        return v.wins, v.won_at, list(v.sizes), None if ce is None else ce.to_json()

    python, fast = _both_ways(run)
    assert python == fast


@pytest.mark.parametrize(
    "text",
    [
        "n=2 devil_moves=1,0",
        "n=3 devil_moves=1,2,0",
        "n=4 devil_moves=3,2,0,1 hands=3 goal=same",
        "n=3 values=S3 group=none goal=zero",
    ],
)
def test_restricted_devils_and_value_groups_agree_both_ways(text):
    game = Game.parse(text)
    python, fast = _both_ways(lambda: _verdict(solve(game)))
    assert python == fast


OBSERVED = [
    "n=4 hands=2 goal=same observe=touch",
    "n=6 hands=4 goal=same observe=touch",
    "n=3 values=3 hands=2 goal=same observe=touch",
    "n=5 hands=4 goal=same observe=touch",
    "n=4 observe=sight",
    "n=6 observe=sight",
    "n=4 values=3 observe=sight",
    "n=4 observe=count",
]


@pytest.mark.parametrize("text", OBSERVED)
def test_observed_games_get_the_same_tree_both_ways(text):
    game = Game.parse(text)

    def run():
        v = solve(game)
        return v.winnable, v.length, v.explored, v.tree.tree(max_nodes=10**5)

    python, fast = _both_ways(run)
    assert python == fast


def test_the_small_observed_games_are_those_of_few_states():
    assert is_small(Game.parse("n=6 hands=4 goal=same observe=touch"))  # 64 states
    assert not is_small(Game.parse("n=7 hands=6 goal=same observe=touch"))  # 128
    assert not is_small(Game(200))  # too many to count is not small either
    assert SMALL_STATES == 2**6


def test_forced_python_runs_a_compiled_loop_as_python_again():
    from devilcoins.core.beliefs import row_from_indices
    from devilcoins.core.tables import class_table

    kernel.warm_up()  # ready: later calls go straight to the compiled code
    tab = class_table(Game(3)).kernel
    start = row_from_indices(range(len(tab.reps)), len(tab.reps))[None, :]
    before = compiling.compile_seconds().python
    with forced("python"):
        inside = kernel.expand(tab, start, [1, 3, 7])
    assert compiling.compile_seconds().python > before  # it ran as Python
    assert kernel._expand._fast is kernel._expand.dispatcher  # and is compiled again after
    assert (inside == kernel.expand(tab, start, [1, 3, 7])).all()


def _doubled(x):
    """A small loop of this test's own, compiled afresh (nothing of it is cached yet)."""
    return x * 2


def test_no_folder_for_numbas_cache_compiles_each_run_instead_of_failing(monkeypatch, caplog):
    """The package's folder and the home folder read-only: numba's cache raised 'cannot cache
    function' in every command (a traceback, exit 1)."""
    from numba.core import caching

    def nowhere(self, py_func):
        raise RuntimeError(f"cannot cache function {py_func.__name__!r}: no locator available")

    monkeypatch.setattr(caching.FunctionCache, "__init__", nowhere)
    loop = HotLoop(_doubled)
    with caplog.at_level(logging.WARNING, logger="devilcoins.kernel"):
        assert loop.dispatcher(21) == 42
    assert "NUMBA_CACHE_DIR" in caplog.text
