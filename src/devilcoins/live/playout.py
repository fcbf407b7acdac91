"""A whole blind strategy played out against a Devil (``play_against``): random (seeded),
greedy, the strongest against these moves, or the turns given, one before each move.

>>> p = play_against(Game(2), [3, 1, 3], 'adversarial')
>>> p.won, len(p.steps)
(True, 3)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from devilcoins.coins.traps import coin_trap
from devilcoins.core.errors import InvalidInput, NotSupported
from devilcoins.core.game import Game
from devilcoins.core.numbers import is_power_of_two
from devilcoins.core.perm import Perm
from devilcoins.devil import DevilKind, adversary, greedy_devil, random_devil, scripted
from devilcoins.families import family_of
from devilcoins.playing import Devil, play
from devilcoins.results.capabilities import Can
from devilcoins.results.playing import Playthrough

__all__ = ["TABLE_COINS", "play_against"]

#: Past this many coins the adversarial Devil of the coin game plays his trap (no tables).
TABLE_COINS = 20


def _random_start(game: Game, rng: np.random.Generator) -> int:
    """A random state outside the goal (the last drawn, if 64 draws all land in it)."""
    for _ in range(64):
        x = int(rng.integers(game.states))
        if not game.in_goal(x):
            return x
    return x


def _adversarial(game: Game, moves: Sequence[int], start: int | None) -> tuple[int, Devil, str]:
    """The strongest Devil against moves: (start, Devil, who he is in words)."""
    if game.is_coins and game.n > TABLE_COINS:
        return _coin_trap(game, start)
    found = adversary(game, list(moves), start)
    plan = (
        "it keeps the game where the goal cannot show: its certificate"
        if found.plan == "certificate"
        else "it plays the line exact propagation finds"
        + ("" if found.survives else f", and the strategy still wins at move {found.won_at}")
    )
    return found.start, found.devil, f"an adversarial Devil ({plan})"


def _coin_trap(game: Game, start: int | None) -> tuple[int, Devil, str]:
    """Past the tables, the coin game's adversary: the Devil's trap (N with an odd prime
    factor), which needs no tables."""
    if is_power_of_two(game.n):
        raise NotSupported(
            f"the adversarial Devil plans by exact propagation up to N = {TABLE_COINS}; "
            f"{game.n} coins is a power of 2, so it has no trap: use the random or greedy Devil"
        )
    trap = coin_trap(game.n)
    x = trap.start().tails_mask if start is None else start
    if not trap.safe(x):
        raise InvalidInput(
            "the trap keeps the coins out of all heads from starts in it; "
            f"{game.state_text(x)} is not one: leave --start out"
        )
    words = "an adversarial Devil (it keeps some evenly spaced coins from all matching: its trap)"
    return x, trap.devil(), words


def play_against(
    game: Game,
    moves: Sequence[int],
    devil: str = "random",
    *,
    start: int | None = None,
    seed: int | None = None,
    turns: Sequence[Perm] | None = None,
) -> Playthrough:
    """Play a blind strategy out against a Devil: 'random' (seeded), 'greedy', 'adversarial'
    (the strongest against these moves), or the given turns (one before each move).

    >>> p = play_against(Game(2), [3, 1, 3], 'adversarial')
    >>> p.won, len(p.steps)
    (True, 3)
    """
    family_of(game).capabilities(game).require(Can.MOVES)
    rng = np.random.default_rng(seed)
    if turns is not None:
        if len(turns) < len(moves):
            raise InvalidInput(f"{len(turns)} turns for {len(moves)} moves: give one a move")
        x = _random_start(game, rng) if start is None else start
        found: tuple[int, Devil, str] = (x, scripted(game, turns), "the Devil's turns")
        devil = "turns"
    elif DevilKind.parse(devil) is DevilKind.ADVERSARIAL:
        found = _adversarial(game, moves, start)
    else:
        x = _random_start(game, rng) if start is None else start
        chosen = random_devil(game, rng) if devil == DevilKind.RANDOM else greedy_devil(game)
        found = (x, chosen, f"a {devil} Devil")
    x, opponent, against = found
    steps = play(game, moves, x, opponent)
    kept = seed if devil == DevilKind.RANDOM else None
    return Playthrough(game=game, start=x, devil=devil, against=against, moves=len(moves),
                       steps=steps, seed=kept)  # fmt: skip
