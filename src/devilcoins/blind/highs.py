"""The covering problems of a still table, handed to HiGHS (an optional solver: ``highspy``).

``min_cover``, over 0/1 variables (docs/mathematics.md §7.6): the fewest sets (rows of ``sets``,
each a list of the states it covers) whose union is every state, one of them forced in; the
optimum is HiGHS's, with its proof. (The walk with limited moves is a SAT problem: ``blind.sat``.)

HiGHS runs in a thread of its own, so that an interrupt (Ctrl-C, or the command line's time
limit) reaches Python at once: the solver is asked to stop, and the interrupt goes on within
``STOP_WAIT`` seconds, whether it has stopped or not (a thread of its own, which ends with the
process). Its own time limit is the command's time left (``core.resources.seconds_left``) and a
little more, so that a solver which does not hear the request stops there by itself. While it
runs, ``progress`` hears its bounds.
"""

from __future__ import annotations

import math
import os
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from importlib.metadata import version
from typing import Any

import numpy as np

from devilcoins.core.errors import NotSupported
from devilcoins.core.resources import seconds_left

__all__ = ["HINT", "Bounds", "Outcome", "available", "min_cover"]

#: The one line that says how to get the solver.
HINT = "pip install highspy (or devilcoins[cover]), the HiGHS solver"

#: How long an interrupted solver is waited for (seconds) before the interrupt goes on: the
#: command stops within half a second of its --time-limit, whatever HiGHS is doing.
STOP_WAIT = 0.25

#: What the solver reports while it runs: (proved lower bound, best found so far or -1).
Bounds = Callable[[int, int], None] | None


def available() -> bool:
    """Whether HiGHS (``highspy``) can be imported."""
    try:
        import highspy  # noqa: F401
    except ImportError:
        return False
    return True


@cache
def _highs() -> Any:
    """highspy, its banner (printed by the first solver a process makes) kept off stdout."""
    try:
        import highspy as module
    except ImportError:
        raise NotSupported(
            f"the covering route needs a solver: {HINT}; or use method 'search' (the belief "
            "search, which may take far longer)"
        ) from None
    highspy: Any = module  # untyped in parts
    sys.stdout.flush()
    try:
        saved = os.dup(1)
    except OSError:  # no standard output to keep clean
        highspy.Highs()
        return highspy
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 1)
            highspy.Highs()
    finally:
        os.dup2(saved, 1)
        os.close(saved)
    return highspy


@dataclass
class Outcome:
    """What HiGHS settled: optimal (a solution, proved best), infeasible (proved), or stopped at
    its own limit (the best solution found, if any, and the proved bound)."""

    status: str
    values: np.ndarray | None = None
    bound: float = -math.inf
    seconds: float = 0.0
    nodes: int = 0
    detail: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class _Model:
    """A 0/1 model: costs, bounds on the variables, and rows (CSR) with their bounds."""

    cost: np.ndarray
    upper: np.ndarray
    lower: np.ndarray
    starts: np.ndarray
    index: np.ndarray
    row_lower: np.ndarray
    row_upper: np.ndarray


def _rows(rows: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """CSR starts and indices of a list of index arrays."""
    lengths = np.array([len(r) for r in rows], dtype=np.int64)
    starts = np.concatenate([[0], np.cumsum(lengths)]).astype(np.int32)
    index = np.concatenate(rows).astype(np.int32) if rows else np.zeros(0, np.int32)
    return starts, index


def min_cover(
    sets: np.ndarray,
    states: int,
    forced: int,
    bounds: Bounds = None,
    *,
    usable: np.ndarray | None = None,
    seconds: float | None = None,
) -> Outcome:
    """The fewest rows of sets (row i: the states set i covers) covering 0..states-1, row forced
    among them (chosen: ``values`` > 0.5), only rows usable (a mask) allowed.  (No first
    solution is handed over: HiGHS 1.16 given a greedy cover of 5 closed a gap of 4 to 5 as
    optimal, n=2 values=Z2xZ2 group=none hands=1 goal=10,22,32,33.)"""
    count = len(sets)
    owners = np.argsort(sets, axis=None, kind="stable") // sets.shape[1]
    per_state = np.bincount(sets.ravel(), minlength=states)
    splits = np.cumsum(per_state)[:-1]
    rows = np.split(owners, splits)
    starts, index = _rows(rows)
    lower = np.zeros(count)
    lower[forced] = 1.0
    model = _Model(
        cost=np.ones(count),
        upper=np.ones(count) if usable is None else usable.astype(float),
        lower=lower,
        starts=starts,
        index=index,
        row_lower=np.ones(states),
        row_upper=np.full(states, math.inf),
    )
    return _solve(model, bounds, seconds, objective=True)


def _solve(
    model: _Model,
    bounds: Bounds,
    seconds: float | None,
    *,
    objective: bool,
) -> Outcome:
    """Pass the model to HiGHS and run it in a thread of its own, polling for an interrupt."""
    hs = _highs()
    h = hs.Highs()
    h.silent()
    h.setOptionValue("random_seed", 1)
    # the objective is a whole number: a gap under 1 is closed, and half keeps clear of the
    # solver's tolerances (at 1 - 1e-6 a bound of 4 + 1e-7 closed 5 against 4 wrongly)
    h.setOptionValue("mip_abs_gap", 0.5)
    h.setOptionValue("mip_rel_gap", 0.0)
    left = seconds_left()  # the command's time: HiGHS stops by itself just after it
    if left is not None:
        seconds = min(left + STOP_WAIT, math.inf if seconds is None else seconds)
    if seconds is not None:
        h.setOptionValue("time_limit", float(seconds))
    lp = hs.HighsLp()
    n = len(model.cost)
    lp.num_col_, lp.num_row_ = n, len(model.row_lower)
    lp.col_cost_, lp.col_lower_, lp.col_upper_ = model.cost, model.lower, model.upper
    lp.row_lower_, lp.row_upper_ = model.row_lower, model.row_upper
    lp.a_matrix_.format_ = hs.MatrixFormat.kRowwise
    lp.a_matrix_.start_ = model.starts
    lp.a_matrix_.index_ = model.index
    lp.a_matrix_.value_ = np.ones(len(model.index))
    lp.integrality_ = [hs.HighsVarType.kInteger] * n
    h.passModel(lp)
    seen = {"bound": -math.inf, "best": -1}
    if bounds is not None:

        def heard(event: Any) -> None:
            out = event.data_out
            seen["bound"] = max(seen["bound"], float(out.mip_dual_bound))
            if math.isfinite(out.objective_function_value):
                seen["best"] = round(out.objective_function_value)

        h.cbMipImprovingSolution.subscribe(heard)
        h.cbMipInterrupt.subscribe(heard)
    _run(h, bounds, seen)
    return _outcome(hs, h, objective)


def _run(h: Any, bounds: Bounds, seen: dict[str, Any]) -> None:
    """Run h in a thread of its own; report bounds every tenth of a second; on an interrupt,
    ask it to stop and go on with the interrupt once it has, or after ``STOP_WAIT`` seconds
    (HiGHS looks at the request between its steps; the thread, a daemon, ends with the
    process).  Each run has its own thread and solver, so one left stopping never blocks the
    next (highspy's own threaded solve shares one lock among all its solvers)."""
    stop = threading.Event()

    def asked(event: Any) -> None:
        if stop.is_set():
            event.interrupt()

    for callback in (h.cbMipInterrupt, h.cbSimplexInterrupt, h.cbIpmInterrupt):
        callback.subscribe(asked)
    worker = threading.Thread(target=h.run, name="devilcoins-highs", daemon=True)
    worker.start()
    try:
        while worker.is_alive():
            worker.join(0.1)
            if bounds is not None and math.isfinite(seen["bound"]):
                bounds(math.ceil(seen["bound"] - 1e-6), int(seen["best"]))
    except BaseException:
        stop.set()
        worker.join(STOP_WAIT)
        raise


def _outcome(hs: Any, h: Any, objective: bool) -> Outcome:
    """What the run settled, read off h."""
    status = h.getModelStatus()
    info = h.getInfo()
    nodes = int(info.mip_node_count)
    detail = {"nodes": nodes, "solver": f"HiGHS {version('highspy')}"}
    found = int(info.primal_solution_status) == 2  # a feasible solution is known
    sol = np.array(h.getSolution().col_value) if found else None
    bound = float(info.mip_dual_bound) if objective else -math.inf
    if status == hs.HighsModelStatus.kOptimal:
        return Outcome("optimal", sol, bound, h.getRunTime(), nodes, detail)
    if status == hs.HighsModelStatus.kInfeasible:
        return Outcome("infeasible", None, bound, h.getRunTime(), nodes, detail)
    return Outcome("stopped", sol, bound, h.getRunTime(), nodes, detail)
