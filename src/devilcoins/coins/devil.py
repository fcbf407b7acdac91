"""Devils to play against: random (the default), scripted by a list of turns, and adversarial.

A Devil is a function ``devil(i, coins) -> r``: the turn before move i (1-based), in the notebook'
sense, given the coins as they lie.  The adversarial Devil knows the strategy, as the puzzle
allows: when N has an odd prime factor it plays its certificate (a simple rule a person can
follow); otherwise it plays the line exact propagation finds, which never reaches all heads when
the strategy fails, and otherwise holds out as long as any Devil can.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from devilcoins.coins.certificate import certificate
from devilcoins.coins.construct import is_power_of_two
from devilcoins.coins.notation import Coins, DevilcoinsError, Strategy, check_n, check_start

__all__ = ["Adversary", "adversary", "scripted"]

Devil = Callable[[int, Coins], int]


def scripted(turns: Sequence[int]) -> Devil:
    """A Devil that plays the given turns in order (turns[i - 1] before move i).

    >>> scripted([2, 0])(1, Coins('HTT'))
    2
    """
    turns = tuple(turns)

    def devil(i: int, coins: Coins) -> int:
        if i > len(turns):
            raise DevilcoinsError(
                f"the Devil's turns ran out: {len(turns)} given, but the game reached move {i}"
            )
        return turns[i - 1]

    return devil


@dataclass(frozen=True, kw_only=True)
class Adversary:
    """The adversarial Devil for one strategy: where it starts, how it plays, and what it knows.

    plan        'certificate' or 'exact'
    start       the coins the game starts from
    devil       the Devil function for ``play``
    survives    whether the Devil never lets the coins show all heads
    won_at      when it cannot hold out: the move that wins anyway
    explanation one paragraph for a person watching
    """

    plan: str
    start: Coins
    devil: Devil
    survives: bool
    won_at: int | None
    explanation: str


def adversary(strategy: Strategy, n: int, start: Coins | None = None) -> Adversary:
    """The strongest Devil against strategy for n coins (from start, or from its own choice).

    >>> a = adversary(Strategy([{0}, {0, 1}, {0}]), 3)
    >>> a.plan, a.start, a.survives
    ('certificate', 'THH', True)
    >>> a = adversary(Strategy([{0, 1}, {0}, {0, 1}]), 2)
    >>> a.plan, a.survives, a.won_at
    ('exact', False, 3)
    """
    n = check_n(n)
    start = check_start(start, n)
    if not is_power_of_two(n):
        cert = certificate(n)
        if start is None or cert.safe(start.tails_mask):
            masks = [m.check(n).mask for m in strategy]
            start = cert.start() if start is None else start
            return Adversary(
                plan="certificate",
                start=start,
                devil=lambda i, coins: cert.turn(coins.tails_mask, masks[i - 1]),
                survives=True,
                won_at=None,
                explanation="The Devil plays its certificate. " + cert.statement(),
            )
    from devilcoins.coins.verification import worst_line
    from devilcoins.core.tables import MAX_TABLE_N

    if n > MAX_TABLE_N:
        raise DevilcoinsError(
            f"the adversarial Devil plans by exact propagation up to N = {MAX_TABLE_N}; for "
            f"N = {n} it has no certificate from {start}: use a start with the coins "
            f"not repeating every {certificate(n).spacing} positions, or the random Devil"
        )
    line, _ = worst_line(strategy, n, start)
    if line.survives:
        explanation = (
            "The Devil knows the strategy. Exact belief propagation shows that the coins "
            f"{line.start} can be kept from all heads for all {len(strategy):,} moves; the "
            "Devil plays the turns that do it."
        )
    else:
        explanation = (
            f"The strategy wins from {line.start} against every Devil (at move "
            f"{line.won_at} at the latest). The Devil still drags the game out as long as it can: "
            "exact belief propagation gives the turns that keep the coins from all heads "
            "the longest."
        )
    return Adversary(
        plan="exact",
        start=line.start,
        devil=scripted(line.turns),
        survives=line.survives,
        won_at=line.won_at,
        explanation=explanation,
    )
