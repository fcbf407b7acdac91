"""One family of Devils for every blind game: random, scripted, the certificate's, greedy, and
the adversary that knows the strategy.

Each Devil is a function ``devil(i, x, move) -> turned`` (see ``devilcoins.playing``): the state x
turned by one of the Devil's choices (``Game.turns``) before move i.  The adversary plays the
chain's certificate when the chain stalls (docs/mathematics.md §6.5: from outside the zone some
turn always keeps the state outside), and otherwise the line exact propagation finds, which
never reaches the goal when the strategy fails and holds out longest when it wins.  The
greedy Devil is one simple rule, for moves no strategy is known for (the page's live games).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from devilcoins.blind.chain import chain, devil_turn
from devilcoins.blind.verify import worst_line
from devilcoins.core.errors import InvalidInput, NotSupported
from devilcoins.core.game import Game
from devilcoins.core.perm import Perm
from devilcoins.core.resources import CACHED_GAMES
from devilcoins.core.tables import tables
from devilcoins.playing import Devil

__all__ = [
    "DEVILS",
    "Adversary",
    "adversary",
    "certificate_devil",
    "greedy_devil",
    "live_devil",
    "live_start",
    "random_devil",
    "scripted",
]

#: The Devils a person can choose by name (the command line and the page).
DEVILS = ("random", "greedy", "adversarial")


def random_devil(game: Game, rng: np.random.Generator) -> Devil:
    """A Devil that turns by a uniformly random one of his choices."""
    turns = game.turns

    def devil(i: int, x: int, move: int) -> int:
        return game.turn(x, turns[int(rng.integers(len(turns)))])

    return devil


def scripted(game: Game, turns: Sequence[Sequence[int]]) -> Devil:
    """A Devil that plays the given permutations in order (turns[i - 1] before move i)."""
    script = tuple(Perm(p) for p in turns)

    def devil(i: int, x: int, move: int) -> int:
        if i > len(script):
            raise InvalidInput(
                f"the Devil's turns ran out: {len(script)} given, but the game reached move {i}"
            )
        return game.turn(x, script[i - 1])

    return devil


@lru_cache(maxsize=CACHED_GAMES)
def certificate_devil(game: Game) -> tuple[Devil, np.ndarray] | None:
    """The certificate's Devil and the zone it keeps the state out of, when the chain stalls."""
    if game.devil_moves is not None or game.value_group is not None:
        return None
    c = chain(game)
    if c.complete:
        return None

    def devil(i: int, x: int, move: int) -> int:
        return game.turn(x, devil_turn(game, x, move, c.zone))

    return devil, c.zone


@lru_cache(maxsize=CACHED_GAMES)
def greedy_devil(game: Game) -> Devil:
    """A simple rule, not an optimal Devil: of the states his choices make from x, the first
    (in increasing order) that the move does not take into the goal, else x."""
    tab = tables(game)

    def options(x: int) -> np.ndarray:
        if game.devil_moves is not None:
            return np.unique([game.turn(x, p) for p in game.devil_moves])
        k = int(tab.index_of[x])  # a whole group: its turns make x's class
        return tab.orbit_states[tab.orbit_start[k] : tab.orbit_start[k + 1]]

    def devil(i: int, x: int, move: int) -> int:
        made = options(x)
        safe = made[tab.index_of[tab.add(made, move)] >= tab.n_goal]
        return int(safe[0]) if len(safe) else x

    return devil


def live_devil(game: Game, name: str, rng: np.random.Generator) -> Devil:
    """The Devil called name ('random', 'greedy' or 'adversarial') for a game whose moves come
    one at a time (the page): the adversarial one plays the certificate while the state is
    outside its zone, and the greedy rule otherwise."""
    if name == "random":
        return random_devil(game, rng)
    greedy = greedy_devil(game)
    if name == "greedy":
        return greedy
    if name != "adversarial":
        raise InvalidInput(f"the Devil is one of {', '.join(DEVILS)}, not {name!r}")
    cert = certificate_devil(game)
    if cert is None:
        return greedy
    keep, zone = cert

    def devil(i: int, x: int, move: int) -> int:
        return keep(i, x, move) if not zone[x] else greedy(i, x, move)

    return devil


def live_start(game: Game, name: str, rng: np.random.Generator) -> int | None:
    """A random state outside the goal to start from (for the adversarial Devil, outside the
    certificate's zone when there is one, so that he never loses); None when every state is in
    the goal."""
    tab = tables(game)
    outside = tab.index_of >= tab.n_goal
    cert = certificate_devil(game) if name == "adversarial" else None
    if cert is not None:
        outside = outside & ~cert[1]
    choices = np.flatnonzero(outside)
    return int(choices[int(rng.integers(len(choices)))]) if len(choices) else None


@dataclass(frozen=True, kw_only=True)
class Adversary:
    """The strongest Devil against one strategy: where it starts and how it plays.

    plan is 'certificate' (the chain stalls: the goal never shows) or 'exact' (the worst line
    of exact propagation); won_at is the move that wins anyway when the Devil cannot hold out.
    """

    plan: str
    start: int
    devil: Devil
    survives: bool
    won_at: int | None


def adversary(game: Game, moves: Sequence[int] | np.ndarray, start: int | None = None) -> Adversary:
    """The strongest Devil against moves (from start, or from the start it likes best).

    >>> a = adversary(Game.parse('n=3 goal=same'), [1, 3, 1])
    >>> a.plan, Game(3).state_text(a.start), a.survives
    ('certificate', 'THH', True)
    >>> a = adversary(Game(2), [3, 1, 3])
    >>> a.plan, a.survives, a.won_at
    ('exact', False, 3)
    """
    if game.devil_moves is not None:
        raise NotSupported(
            f"{game}: the adversarial Devil plans against a whole group; for a Devil restricted "
            "to devil_moves, verify names a start and turns that beat a losing strategy"
        )
    cert = certificate_devil(game)
    if cert is not None:
        devil, zone = cert
        if start is None:
            start = int(np.flatnonzero(~zone)[0])
        if not zone[start]:
            return Adversary(
                plan="certificate", start=start, devil=devil, survives=True, won_at=None
            )
    line, _ = worst_line(game, moves, start)
    return Adversary(
        plan="exact",
        start=line.start,
        devil=scripted(game, line.turns),
        survives=line.survives,
        won_at=line.won_at,
    )
