"""The checks that make a verdict a proof a reader can trust, each run by the program now.

``prove(game)`` (``devilcoins.engine``) asks the game's family (``devilcoins.families``): the
coin game, any N up to 10^12, has its own account (``coins.proving``: Lamping's construction and
the lower bound, or the Devil's certificates); the sight game of n dials with m values on a
turning table, any n and m, its rule (``observed.sightrule``); every other game is solved and
gets the checks here, each where the game is small enough: a blind strategy verified exactly
and the chain's levels checked to be subgroups (``blind_checks``), a tree replayed against
every start and turn and the Devil's trap checked against every move (``tree_checks``).

A verdict whose checks do not all hold says so (``Verdict.holds``); the commands exit 1 for it.

>>> from devilcoins import prove
>>> v = prove(Game.parse('n=4 goal=same'))
>>> v.winnable, v.length, v.holds, [e.mark for e in v.evidence]
(True, 7, True, ['stated', 'stated', 'checked', 'checked'])
>>> prove(16).length, prove(6).winnable
(65535, False)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from devilcoins.blind.chain import chain, levels_evidence
from devilcoins.core.game import Game
from devilcoins.results import Evidence, EvidenceKind, Verdict, Verification
from devilcoins.results.words import counted

__all__ = ["CHECK_STATES", "TRAP_STATES", "blind_checks", "tree_checks"]

#: The largest m^n whose solved strategy, chain levels or tree prove checks too.
CHECK_STATES = 1 << 16

#: The largest m^n whose Devil's trap (touch, sight) prove checks: every state, every move.
TRAP_STATES = 1 << 9

#: What verifies a strategy of a game: (game, strategy, progress) -> its verification.
Verifier = Callable[[Game, Any, Any], Verification]


def _small(game: Game, limit: int) -> bool:
    return game.log2_states <= limit.bit_length() - 1


def blind_checks(verdict: Verdict, verify: Verifier, *, chain_levels: bool) -> list[Evidence]:
    """A blind verdict's checks: its strategy verified exactly (when it has one), and the
    chain's levels checked to be subgroups (chain_levels, where the game is small)."""
    out = []
    if verdict.strategy is not None:
        out.append(_verified(verdict, verify(verdict.game, verdict.strategy, None)))
    if chain_levels and _small(verdict.game, CHECK_STATES):
        out.append(levels_evidence(chain(verdict.game)))
    return out


def tree_checks(
    verdict: Verdict,
    verify: Verifier,
    trap_holds: Callable[[Game, Iterable[int]], bool | None],
    trap: tuple[int, ...],
) -> list[Evidence]:
    """A tree verdict's checks: the tree replayed (won games), the Devil's trap checked against
    every move (lost games whose solver kept one), each where the game is small."""
    game = verdict.game
    if verdict.winnable and verdict.tree is not None and _small(game, CHECK_STATES):
        return [_replayed(verdict, verify(game, verdict.tree, None))]
    if not verdict.winnable and trap and _small(game, TRAP_STATES):
        holds = trap_holds(game, trap)
        return [] if holds is None else [_trapped(len(trap), holds)]
    return []


def _verified(verdict: Verdict, v: Verification) -> Evidence:
    """The blind strategy verified exactly: it wins, at its last move."""
    strategy = verdict.strategy or ()
    holds = v.wins and v.won_at == len(strategy)
    if holds:
        found = f"only the goal is possible exactly after the last move, {len(strategy):,}"
    elif v.wins:
        found = f"it wins at move {v.won_at:,}, before its end: the check FAILS"
    else:
        found = "it does NOT win: the check FAILS"
    return Evidence(
        kind=EvidenceKind.CHECK,
        name="exact verification of the strategy",
        statement=(
            f"The belief of every start, against every turn of the Devil, propagated through the "
            f"{counted(len(strategy), 'move')}: {found} ({v.seconds:.3f} s)."
        ),
        checked=True,
        holds=holds,
        detail={"wins": v.wins, "won_at": v.won_at, "seconds": round(v.seconds, 6)},
    )


def _replayed(verdict: Verdict, v: Verification) -> Evidence:
    """The tree replayed against every start and every turn, by the independent checker."""
    holds = v.wins and v.won_at == verdict.length
    found = (
        f"every start reaches the goal within {verdict.length_words}, and some needs all of them"
        if holds
        else f"it does NOT keep its promise ({'wins in ' + str(v.won_at) if v.wins else 'loses'})"
    )
    return Evidence(
        kind=EvidenceKind.CHECK,
        name="the tree replayed",
        statement=f"The strategy tree, replayed against every start and every turn: {found}.",
        checked=True,
        holds=holds,
        detail={"wins": v.wins, "worst": v.won_at},
    )


def _trapped(classes: int, holds: bool) -> Evidence:
    """The Devil's trap (the classes he keeps the game in) checked against every move."""
    return Evidence(
        kind=EvidenceKind.TRAP,
        name="the Devil's trap",
        statement=(
            f"The {classes:,} classes the Devil keeps the game in, checked against every "
            "move of the player: "
            + ("from each, some turn keeps the game in them." if holds else "it does NOT hold.")
        ),
        checked=True,
        holds=holds,
        detail={"classes": classes},
    )
