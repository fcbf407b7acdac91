"""The verdict for any game with its evidence, each piece stated or checked by the program now.

``prove(game)`` answers every game ``solve`` answers, and more:

- the coin game, any N up to 10^12 (``coins.prove``): Lamping's construction and the lower bound,
  or the Devil's certificates, checked exhaustively where the sizes allow;
- the sight game of n dials with m values on a turning table, any n and m
  (``observed.sightrule``): the rule, checked by solving the game where it is small;
- every other game: the engine's verdict (``engine.solve``) with its own evidence, and the checks
  that make it a proof a reader can trust: the strategy verified exactly, the chain's levels
  checked to be subgroups, a tree replayed against every start and turn, the Devil's trap
  checked against every move, each where the game is small enough.

A verdict whose checks do not all hold says so (``Verdict.holds``); the commands exit 1 for it.

>>> v = prove(Game.parse('n=4 goal=same'))
>>> v.winnable, v.length, v.holds, [e.mark for e in v.evidence]
(True, 7, True, ['stated', 'stated', 'checked', 'checked'])
>>> prove(16).length, prove(6).winnable
(65535, False)
"""

from __future__ import annotations

from devilcoins.blind.chain import chain, levels_evidence
from devilcoins.coins.prove import prove_coins
from devilcoins.core.game import Game
from devilcoins.engine import solve, verify
from devilcoins.observed.check import check_trap
from devilcoins.observed.sightrule import is_sight_rule_game, prove_sight
from devilcoins.results import Evidence, Verdict

__all__ = ["CHECK_STATES", "prove"]

#: The largest m^n whose solved strategy, chain levels or trap prove checks too.
CHECK_STATES = 1 << 16

#: The largest m^n whose Devil's trap (touch, sight) prove checks: every state, every move.
TRAP_STATES = 1 << 9


def prove(game: Game | int, *, checks: bool = True) -> Verdict:
    """The verdict for a game (an int n is the coin game) with its evidence; checks=False gives
    the method's own evidence only."""
    game = Game.of(game)
    if game.is_coins:
        return prove_coins(game.n, checks=checks)
    if is_sight_rule_game(game):
        return prove_sight(game)
    verdict = solve(game)
    if not checks:
        return verdict
    return verdict.with_evidence(*_checks(verdict))


def _checks(verdict: Verdict) -> list[Evidence]:
    """The checks prove adds to the engine's verdict, where the game is small enough."""
    game = verdict.game
    small = game.log2_states <= CHECK_STATES.bit_length() - 1
    out: list[Evidence] = []
    if verdict.strategy is not None:
        out.append(_verified(verdict))
    elif verdict.tree is not None and verdict.winnable and small:
        out.append(_replayed(verdict))
    if not verdict.winnable and verdict.tree is not None:
        devil = getattr(verdict.tree, "devil", ())
        if devil and game.log2_states <= TRAP_STATES.bit_length() - 1:
            out.append(_trapped(game, devil))
    plain = game.observe == "blind" and game.value_group is None and game.devil_moves is None
    if plain and small:
        out.append(levels_evidence(chain(game)))
    return out


def _verified(verdict: Verdict) -> Evidence:
    """The blind strategy verified exactly: it wins, at its last move."""
    strategy = verdict.strategy or ()
    v = verify(verdict.game, strategy)
    holds = v.wins and v.won_at == len(strategy)
    if holds:
        found = f"only the goal is possible exactly after the last move, {len(strategy):,}"
    elif v.wins:
        found = f"it wins at move {v.won_at:,}, before its end: the check FAILS"
    else:
        found = "it does NOT win: the check FAILS"
    return Evidence(
        name="exact verification of the strategy",
        statement=(
            f"The belief of every start, against every turn of the Devil, propagated through the "
            f"{len(strategy):,} moves: {found} ({v.seconds:.3f} s)."
        ),
        checked=True,
        holds=holds,
        detail={"wins": v.wins, "won_at": v.won_at, "seconds": round(v.seconds, 6)},
    )


def _replayed(verdict: Verdict) -> Evidence:
    """The tree replayed against every start and every turn, by the independent checker."""
    assert verdict.tree is not None, "a tree verdict has its tree"
    v = verify(verdict.game, verdict.tree)
    holds = v.wins and v.won_at == verdict.length
    found = (
        f"every start reaches the goal within {verdict.length:,} moves, and some needs all of them"
        if holds
        else f"it does NOT keep its promise ({'wins in ' + str(v.won_at) if v.wins else 'loses'})"
    )
    return Evidence(
        name="the tree replayed",
        statement=f"The strategy tree, replayed against every start and every turn: {found}.",
        checked=True,
        holds=holds,
        detail={"wins": v.wins, "worst": v.won_at},
    )


def _trapped(game: Game, devil: tuple[int, ...]) -> Evidence:
    """The Devil's trap (the classes he keeps the game in) checked against every move."""
    holds = check_trap(game, devil)
    return Evidence(
        name="the Devil's trap",
        statement=(
            f"The {len(devil):,} classes the Devil keeps the game in, checked against every "
            "move of the player: "
            + ("from each, some turn keeps the game in them." if holds else "it does NOT hold.")
        ),
        checked=True,
        holds=holds,
        detail={"classes": len(devil)},
    )
