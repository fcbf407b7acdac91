"""Exact verification: propagate the belief of every start along a strategy, with counterexamples.

A strategy wins exactly when the belief that starts as every coin sequence ends as {all heads}:
the belief is the set of sequences some start and some choice of turns could have produced, so
this settles every start against every Devil at once, with no sampling.

When the strategy loses, the beliefs along the way hold the proof: walking back from a sequence
still possible after the last move, through beliefs kept at checkpoints, gives a start and the
Devil's turns that never reach all heads (a ``Counterexample`` that ``play`` replays).  Two
shortcuts need no propagation at all, so they work for any N up to 64:

- a strategy shorter than 2^N - 1 moves loses against a Devil who never turns the table (the
  lower bound, docs/mathematics.md §3): some start is none of the 2^N sums of a prefix of moves;
- when N has an odd prime factor every strategy loses, and the Devil's certificate beats it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from devilcoins.blind.verify import (
    MAX_VERIFY_STEPS,
    Propagation,
    devil_line,
    propagate_checkpointed,
)
from devilcoins.coins.notation import (
    Coins,
    Counterexample,
    DevilcoinsError,
    Strategy,
    check_n,
    check_start,
)
from devilcoins.core.numbers import is_power_of_two
from devilcoins.core.tables import MAX_TABLE_N, table

__all__ = [
    "MAX_VERIFY_N",
    "MAX_VERIFY_STEPS",
    "Line",
    "Verification",
    "belief_rows",
    "lower_bound_counterexample",
    "verify",
    "verify_cost",
    "worst_line",
]

#: The widest table verify reads strategies for (moves are 64-bit words).
MAX_VERIFY_N = 64


@dataclass(frozen=True, kw_only=True)
class Verification:
    """The outcome of verifying a strategy for n coins.

    wins        the strategy ends at all heads from every start against every Devil
    won_at      the move after which the belief is {all heads} (None when it loses)
    sizes       canonical sequences in the belief (all heads included) before the first move and
                after each move; empty when the verdict came from a shortcut
    method      'exact' (belief propagation), 'lower bound' or 'certificate' (see module doc)
    counterexample  a start and turns that never reach all heads, when it loses
    seconds     time taken inside the process
    """

    coins: int
    moves: int
    wins: bool
    won_at: int | None
    sizes: tuple[int, ...]
    method: str
    counterexample: Counterexample | None
    seconds: float

    def to_json(self) -> dict[str, Any]:
        """The verdict as plain JSON data."""
        data: dict[str, Any] = {
            "coins": self.coins,
            "moves": self.moves,
            "wins": self.wins,
            "won_at": self.won_at,
            "method": self.method,
            "seconds": round(self.seconds, 6),
            "belief_sizes": list(self.sizes) if self.sizes else None,
        }
        if self.counterexample is not None:
            data["counterexample"] = self.counterexample.to_json()
        return data


@dataclass(frozen=True, kw_only=True)
class Line:
    """One game the Devil can force: its start, its turns, and whether it survives them all.

    When survives is False the strategy wins anyway, at move won_at: the line is the longest
    the Devil can make it (turns after the last surviving move are 0).
    """

    start: Coins
    turns: tuple[int, ...]
    survives: bool
    won_at: int | None

    def counterexample(self) -> Counterexample:
        """The line as a Counterexample (meaningful when it survives)."""
        return Counterexample(self.start, self.turns)


def verify_cost(moves: int, n: int) -> int:
    """An upper bound on the kernel steps exact propagation of moves moves for n coins takes."""
    if n > MAX_TABLE_N:
        return 1 << 200  # past the table: not done
    return moves * table(n).size * n


def _masks(strategy: Strategy, n: int) -> list[int]:
    return [m.check(n).mask for m in strategy]


def lower_bound_counterexample(strategy: Strategy, n: int) -> Counterexample | None:
    """For fewer than 2^n - 1 moves: a start the strategy misses when the Devil never turns.

    The coins after i unturned moves are start XOR (moves 1..i), so any start that is none of
    those prefix sums (there are at most len + 1 < 2^n of them) never shows all heads.

    >>> lower_bound_counterexample(Strategy([{0, 1}, {0}]), 2)
    Counterexample(start='TH', turns=2 turns)
    """
    n = check_n(n)
    if len(strategy) >= (1 << n) - 1:
        return None
    masks = _masks(strategy, n)
    sums = {0}
    acc = 0
    for m in masks:
        acc ^= m
        sums.add(acc)
    start = next(x for x in range(1, len(sums) + 1) if x not in sums)
    return Counterexample(Coins.from_mask(start, n), [0] * len(masks))


def _start_row(n: int, start: Coins | None) -> np.ndarray:
    from devilcoins.core.beliefs import row_from_indices

    tab = table(n)
    # all heads (index 0) stays in every belief, so "size 1" always means "won"
    members = range(tab.size) if start is None else {0, tab.index(start.tails_mask)}
    return row_from_indices(members, tab.size)


def _check_exact(moves: int, n: int) -> None:
    if n > MAX_TABLE_N:
        raise DevilcoinsError(
            f"exact propagation holds one entry per coin sequence and stops at N = "
            f"{MAX_TABLE_N}; N = {n} is too large"
        )
    cost = verify_cost(moves, n)
    if cost > MAX_VERIFY_STEPS:
        raise DevilcoinsError(
            f"propagating {moves:,} moves for {n} coins takes up to {cost:.1e} kernel steps, "
            f"more than the {MAX_VERIFY_STEPS:.0e} verify takes on (minutes of work); "
            "try fewer moves"
        )


def _propagate_all(
    moves: np.ndarray,
    n: int,
    start: Coins | None,
    on_progress: Callable[[int, int], None] | None,
) -> Propagation:
    return propagate_checkpointed(table(n), moves, _start_row(n, start), on_progress)


def worst_line(
    strategy: Strategy,
    n: int,
    start: Coins | None = None,
    *,
    on_progress: Callable[[int, int], None] | None = None,
) -> tuple[Line, np.ndarray]:
    """The Devil's best game against strategy (from start, or from the start it likes best).

    If some line never reaches all heads, that line (survives=True); otherwise the line that
    holds out longest.  Also returns the belief sizes.  Exact: needs n <= 20.

    >>> line, _ = worst_line(Strategy([{0, 1}, {0}]), 2)
    >>> line.start, line.turns, line.survives
    ('HT', (0, 1), True)
    """
    from devilcoins.core.kernel import warm_up

    n = check_n(n)
    start = check_start(start, n)
    moves = np.array(_masks(strategy, n), dtype=np.int64)
    _check_exact(len(moves), n)
    warm_up()
    run = _propagate_all(moves, n, start, on_progress)
    return _line(moves, n, start, run), run.sizes


def _line(moves: np.ndarray, n: int, start: Coins | None, run: Propagation) -> Line:
    """The Devil's best line, read off the beliefs of a propagation (turns as r)."""
    line = devil_line(table(n), moves, run, None if start is None else start.tails_mask)
    return Line(
        start=Coins.from_mask(line.start, n),
        turns=line.turns,
        survives=line.survives,
        won_at=line.won_at,
    )


def _lost(n: int, moves: int, method: str, counter: Counterexample, t0: float) -> Verification:
    """The verdict of a shortcut: the strategy loses, and counter shows how."""
    return Verification(
        coins=n,
        moves=moves,
        wins=False,
        won_at=None,
        sizes=(),
        method=method,
        counterexample=counter,
        seconds=time.perf_counter() - t0,
    )


def verify(
    strategy: Strategy,
    n: int,
    *,
    on_progress: Callable[[int, int], None] | None = None,
    exact: bool | None = None,
) -> Verification:
    """Decide whether strategy wins for n coins, from every start against every Devil.

    Exact belief propagation when the table fits (n <= 20); its counterexample, when the
    strategy loses, comes from the beliefs.  A strategy shorter than 2^n - 1 moves gets the
    lower bound's counterexample instead, and past n = 20 the verdict comes from the lower bound
    or the Devil's certificate alone.  exact=False skips propagation where a shortcut applies.
    on_progress(done, total) is called as the moves are worked through.

    >>> v = verify(Strategy([{0, 1}, {0}, {0, 1}]), 2)
    >>> v.wins, v.won_at, v.sizes, v.method
    (True, 3, (3, 2, 2, 1), 'exact')
    >>> verify(Strategy([{0, 1}, {0}]), 2).counterexample.to_json()
    {'start': 'TH', 'turns': [0, 0]}
    """
    n = check_n(n)
    if n > MAX_VERIFY_N:
        raise DevilcoinsError(f"verify reads strategies for up to {MAX_VERIFY_N} coins, not {n}")
    moves = len(strategy)
    masks = np.array(_masks(strategy, n), dtype=np.uint64)  # reading the input: not timed
    t0 = time.perf_counter()
    short = lower_bound_counterexample(strategy, n)
    can_propagate = n <= MAX_TABLE_N and verify_cost(moves, n) <= MAX_VERIFY_STEPS
    if exact is None:
        exact = can_propagate or (short is None and bool(is_power_of_two(n)))
    if not exact:
        if short is not None:
            return _lost(n, moves, "lower bound", short, t0)
        if not is_power_of_two(n):
            from devilcoins.coins.certificate import certificate

            line = certificate(n).beat(strategy)
            return _lost(n, moves, "certificate", line, t0)
    from devilcoins.core.kernel import warm_up

    _check_exact(moves, n)
    warm_up()  # loading the compiled kernel is not part of the work
    t0 = time.perf_counter()
    short = lower_bound_counterexample(strategy, n)
    masks = masks.astype(np.int64)
    run = _propagate_all(masks, n, None, on_progress)
    sizes = run.sizes
    won = np.flatnonzero(sizes == 1)
    won_at = int(won[0]) if len(won) else None
    counter = None
    if won_at is None:
        counter = short or _line(masks, n, None, run).counterexample()
    return Verification(
        coins=n,
        moves=moves,
        wins=won_at is not None,
        won_at=won_at,
        sizes=tuple(sizes.tolist()),
        method="exact",
        counterexample=counter,
        seconds=time.perf_counter() - t0,
    )


def belief_rows(strategy: Strategy, n: int) -> list[list[int]]:
    """The canonical indices in the belief before the first move and after each move."""
    from devilcoins.core.beliefs import row_to_indices
    from devilcoins.core.kernel import propagate

    tab = table(n)
    moves = _masks(strategy, n)
    _, _, history = propagate(tab.kernel, _start_row(n, None), moves, keep_history=True)
    return [row_to_indices(row) for row in history]
