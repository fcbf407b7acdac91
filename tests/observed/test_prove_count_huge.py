"""``prove N --observe count`` for any N up to 10^12 (issue 47, item 6).

The count game of N coins on a turning table, goal zero, is settled by the sight rule: won
exactly when N is a power of two, in at most 2^N - 1 moves (the blind strategy) and at least
the sighted player's N (docs/mathematics.md sections 7.2, 8.1 and 8.4).  prove stated this for
a million coins at once, but asked whether the game was small enough to solve by raising 2 to
the N: 2^(2^30) took a minute and 2^(2^39) needed 64 GiB, so ``prove 549755813888 --observe
count`` never answered.

Every huge N here runs in a fresh interpreter with a timeout and its address space capped, so
that the old code fails (MemoryError, or the timeout) instead of taking the machine's memory.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from devilcoins.core.game import Game
from devilcoins.core.observe import Observe
from devilcoins.observed.count import solve_count
from devilcoins.observed.sightrule import sight_rule

HUGE = 2**39  # 549,755,813,888 coins

#: Run first in every fresh interpreter: at most 4 GiB of address space (where the system
#: caps it), so a number of 2^39 bits fails at once.
CAP = """
try:
    import resource
    resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))
except (ImportError, ValueError, OSError):
    pass
"""

#: Verdicts (JSON lines) of prove, or (forced) of the closed-form path even where prove would
#: solve a small won game: count_by_sight told that no game solves quickly.
CLOSED_FORM = """
import json, sys
from devilcoins import prove
from devilcoins.core.game import Game
from devilcoins.observed import sightrule

quick = sightrule.count_solves_quickly
for n, m, forced in json.loads(sys.argv[1]):
    game = Game(n, values=m, observe="count")
    sightrule.count_solves_quickly = (lambda n, m: False) if forced else quick
    found = sightrule.count_by_sight(game) if forced else prove(game)
    data = found.to_json()
    data["marks"] = [e.mark for e in found.evidence]
    data["texts"] = [e.statement for e in found.evidence]
    print(json.dumps(data))
"""


def _fresh(code: str, *argv: str) -> subprocess.CompletedProcess[str]:
    """code run in a fresh, capped interpreter (60 s at most), argv after it."""
    return subprocess.run(
        [sys.executable, "-c", CAP + code, *argv],
        capture_output=True,
        text=True,
        timeout=60,
    )


def _verdicts(games: list[tuple[int, int, bool]]) -> list[dict[str, Any]]:
    done = _fresh(CLOSED_FORM, json.dumps(games))
    assert done.returncode == 0, done.stderr[-2000:]
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_prove_549755813888_coins_count_game_answers() -> None:
    """The command answers, with every piece of evidence stated (nothing of 2^N states is
    checked now), in the words prove uses for a million coins."""
    run = "import runpy; runpy.run_module('devilcoins', run_name='__main__')"
    done = _fresh(run, "prove", str(HUGE), "--observe", "count")
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Traceback" not in done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == (
        "n=549755813888 observe=count: the player wins in the worst case in at most "
        "2^549,755,813,888 - 1 (and at least 549,755,813,888) moves."
    )
    marks = [line.split("]")[0] + "]" for line in lines if line.startswith("[")]
    assert marks == ["[stated]"] * 3
    assert "[checked]" not in done.stdout


@pytest.mark.slow
def test_the_closed_form_agrees_with_the_solver_and_scales_to_10_to_the_12() -> None:
    """For every small game both apply to, the rule's verdict (forced, even where prove solves)
    agrees with the solver's: won exactly when it is, and the solved length between the bounds
    the rule states.  For 2^20 coins (which prove answered before) and for 2^30, 2^39 and 10^12
    coins, and dials of 3 and 4 values, prove gives the same verdict with N put in (one value:
    0 moves)."""
    small = [(n, 2) for n in range(1, 13)] + [(n, 3) for n in range(1, 6)] + [(2, 4), (7, 1)]
    huge = [(2**20, 2), (2**30, 2), (HUGE, 2), (10**12, 2), (3**24, 3), (HUGE, 4), (10**12, 1)]
    got = _verdicts([(n, m, True) for n, m in small] + [(n, m, False) for n, m in huge])
    for (n, m), closed in zip(small, got[: len(small)], strict=True):
        solved = solve_count(Game(n, values=m, observe=Observe.COUNT))
        assert closed["winnable"] == solved.winnable, (n, m)
        if solved.winnable:
            fewest, most = sight_rule(n, m), m**n - 1
            assert fewest is not None and solved.length is not None, (n, m)
            assert fewest <= solved.length <= most, (n, m)
            if m == 1:
                assert closed["length"] == solved.length == 0
            elif n > 1:
                assert closed["length_expr"] == f"at most {m}^{n:,} - 1 (and at least {fewest:,})"
        else:
            assert closed["length"] is None and closed["length_expr"] is None, (n, m)
    answers = dict(zip(huge, got[len(small) :], strict=True))
    million = answers[2**20, 2]
    for (n, m), found in answers.items():
        fewest = sight_rule(n, m)
        assert found["winnable"] == (fewest is not None), (n, m)
        assert set(found["marks"]) == {"stated"}, (n, m)
        if fewest is None:
            continue
        if m == 1:
            assert found["length"] == 0
            continue
        assert found["length_expr"] == f"at most {m}^{n:,} - 1 (and at least {fewest:,})"
        if m == 2:
            assert [e["name"] for e in found["evidence"]] == [
                e["name"] for e in million["evidence"]
            ]
            assert found["texts"] == [
                t.replace(f"{2**20:,}", f"{n:,}") for t in million["texts"]
            ], n


def test_whether_prove_solves_is_asked_without_raising_m_to_n() -> None:
    """count_solves_quickly answers as 'm^n <= 32, or at most 8 coins' always did, for every
    small game, and for n up to 10^12 (where m^n has up to 10^12 digits) at once: no (one value
    too: the solver's tables grow with n)."""
    code = """
import json, sys
from devilcoins.observed.sightrule import count_solves_quickly
print(json.dumps([count_solves_quickly(n, m) for n, m in json.loads(sys.argv[1])]))
"""
    small = [(n, m) for n in range(1, 41) for m in range(1, 41)]
    huge = [(HUGE, 2), (10**12, 2), (10**12, 3), (HUGE, 4), (10**12, 1)]
    done = _fresh(code, json.dumps(small + huge))
    assert done.returncode == 0, done.stderr[-2000:]
    got = json.loads(done.stdout)
    assert got[: len(small)] == [(m == 2 and n <= 8) or m**n <= 32 for n, m in small]
    assert got[len(small) :] == [False, False, False, False, False]
