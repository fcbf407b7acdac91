"""The walk of a still table with limited moves, as a SAT problem (an optional solver:
``python-sat``, whose CaDiCaL does the work; docs/mathematics.md §7.6).

``walk_cover`` asks whether a walk p_0 = 0, p_1, ..., p_L of running products, each step an
allowed move (no passes: a walk that covers stays covering when it goes on, so the answer is
monotone in L), has translates covering every state. The model: a variable for each time t and
each product the moves reach in exactly t steps (one of them true at each time; a true one at
t + 1 only where a move from a true one at t leads), a variable for each product the walk
visits (at most L others than the identity, at least ``least``), and one clause a state: some
visited product's translate holds it. When L + 1 is the fewest translates that cover the states,
the walk visits each product at most once and never comes back to the identity.

CaDiCaL runs in a process of its own, so that a time budget, the command line's time limit or a
Ctrl-C ends it at once (the solver keeps Python's lock while it runs in this process).
"""

from __future__ import annotations

import contextlib
import pickle
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from importlib.metadata import version
from typing import Any

import numpy as np

from devilcoins.core.errors import NotSupported

__all__ = ["HINT", "SOLVER", "Walk", "available", "child", "walk_cover"]

#: The one line that says how to get the solver.
HINT = "pip install python-sat (or devilcoins[cover]), the CaDiCaL SAT solver"

#: The SAT solver python-sat runs.
SOLVER = "cadical195"

#: Seconds between looks at the solver's process (and at an interrupt).
POLL = 0.1

#: What the solver's name is in the evidence.
NAME = "CaDiCaL (a SAT solver)"


def available() -> bool:
    """Whether python-sat can be imported."""
    try:
        import pysat.solvers  # noqa: F401
    except ImportError:
        return False
    return True


def _require() -> None:
    """Refuse with the hint when python-sat is missing."""
    if not available():
        raise NotSupported(
            f"the covering route with limited moves needs a SAT solver: {HINT}; or use method "
            "'search' (the belief search, which may take far longer)"
        )


@dataclass
class Walk:
    """What the solver settled: "found" (a walk of running products, p_0 first), "none" (no walk
    of that length exists, proved) or "stopped" (at its time budget)."""

    status: str
    walk: list[int] | None = None
    seconds: float = 0.0
    detail: dict[str, Any] = field(default_factory=dict)


def walk_cover(
    sets: np.ndarray,
    length: int,
    step: np.ndarray,
    *,
    least: int = 0,
    distinct: bool = False,
    seconds: float | None = None,
) -> Walk:
    """A walk of length moves (step[p, j]: product p then move j, j = 0 the pass, unused)
    whose sets (row p: the states the translate at p holds) cover every state; least: the
    fewest products other than the identity any cover needs; distinct: each product at most
    once (right when length + 1 is the fewest translates)."""
    _require()
    clauses, at = _model(sets, length, step[:, 1:], least, distinct)
    t0 = time.monotonic()
    model = _run(clauses, seconds)
    took = time.monotonic() - t0
    detail = {"solver": f"CaDiCaL 1.9.5 (python-sat {version('python-sat')})"}
    if model is None:
        return Walk("stopped", None, took, detail)
    if not isinstance(model, list):
        return Walk("none", None, took, detail)
    true = set(v for v in model if v > 0)
    walk = [0]
    for t in range(1, length + 1):
        walk.append(next(p for p, v in at[t].items() if v in true))
    return Walk("found", walk, took, detail)


def _model(
    sets: np.ndarray, length: int, moves: np.ndarray, least: int, distinct: bool
) -> tuple[list[list[int]], list[dict[int, int]]]:
    """The clauses, and for each time the variable of each product reached then."""
    from pysat.card import CardEnc, EncType
    from pysat.formula import IDPool

    pool = IDPool()
    clauses: list[list[int]] = []
    size = len(sets)
    before: list[set[int]] = [set() for _ in range(size)]
    for p in range(size):
        for q in moves[p]:
            before[int(q)].add(p)
    at: list[dict[int, int]] = [{0: 0}]
    now = np.zeros(size, dtype=bool)
    now[0] = True
    for t in range(1, length + 1):
        nxt = np.zeros(size, dtype=bool)
        nxt[moves[now].ravel()] = True
        now = nxt
        here = {int(p): pool.id(("at", t, int(p))) for p in np.flatnonzero(now)}
        at.append(here)
        clauses.append(list(here.values()))
        clauses += CardEnc.atmost(list(here.values()), 1, vpool=pool, encoding=EncType.seqcounter)
        if t > 1:
            for q, v in here.items():
                clauses.append([-v, *(at[t - 1][p] for p in before[q] if p in at[t - 1])])
    seen: dict[int, int] = {}
    for p in range(1, size):
        times = [at[t][p] for t in range(1, length + 1) if p in at[t]]
        if not times:
            continue
        seen[p] = pool.id(("seen", p))
        clauses.append([-seen[p], *times])
        clauses += [[-v, seen[p]] for v in times]
        if distinct and len(times) > 1:
            clauses += CardEnc.atmost(times, 1, vpool=pool, encoding=EncType.seqcounter)
    if distinct:
        clauses += [[-at[t][0]] for t in range(1, length + 1) if 0 in at[t]]
    visited = list(seen.values())
    clauses += CardEnc.atmost(visited, length, vpool=pool, encoding=EncType.seqcounter)
    if least > 0:
        clauses += CardEnc.atleast(visited, least, vpool=pool, encoding=EncType.seqcounter)
    first = set(int(y) for y in sets[0])
    holders: list[list[int]] = [[] for _ in range(size)]
    for p, row in enumerate(sets):
        if p in seen:
            for y in row:
                holders[int(y)].append(seen[p])
    clauses += [holders[y] for y in range(size) if y not in first]
    return clauses, at


def child() -> None:
    """The child process: read the pickled clauses on stdin, write the model (or False: none
    exists) pickled on stdout."""
    from pysat.solvers import Solver

    clauses = pickle.load(sys.stdin.buffer)
    with Solver(name=SOLVER, bootstrap_with=clauses) as solver:
        answer = solver.get_model() if solver.solve() else False
    pickle.dump(answer, sys.stdout.buffer)


def _run(clauses: list[list[int]], seconds: float | None) -> list[int] | bool | None:
    """Solve in a child process: the model, False when none exists, None when seconds ran out;
    an interrupt ends the child and goes on."""
    code = "from devilcoins.blind.sat import child; child()"
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        solver = subprocess.Popen(
            [sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=out, stderr=err
        )
        end = None if seconds is None else time.monotonic() + seconds
        try:
            assert solver.stdin is not None
            with solver.stdin:
                pickle.dump(clauses, solver.stdin)
            while solver.poll() is None:  # short waits: an interrupt is heard between them
                if end is not None and time.monotonic() > end:
                    return None
                with contextlib.suppress(subprocess.TimeoutExpired):
                    solver.wait(POLL)
        finally:
            if solver.poll() is None:
                solver.kill()
                solver.wait()
        out.seek(0)
        err.seek(0)
        said, failed = out.read(), err.read()
    if solver.returncode != 0:
        raise RuntimeError(f"the SAT solver failed: {failed.decode(errors='replace')[-300:]}")
    return pickle.loads(said)  # type: ignore[no-any-return]
