"""Every Devil, for every kind of game: random, scripted, the certificate's, greedy, the
strongest, and the adversary that knows the strategy.

A Devil who holds one state is a function ``devil(i, x, move) -> turned`` (see
``devilcoins.playing``): the state x turned by one of the Devil's choices (``Game.turns``)
before move i.  The adversary plays the chain's certificate when the chain stalls
(docs/mathematics.md §6.5: from outside the chain's last level some turn always keeps the state
outside), and otherwise the line exact propagation finds, which never reaches the goal when the
strategy fails and holds out longest when it wins.  The greedy Devil is one simple rule, for
moves no strategy is known for (the page's live games).  For games the player watches (sight)
or hears (count) the strongest Devil reads the library's values: of his turns he picks the one
after which the player needs the most moves.

Two Devils commit to no state, and so last as long as any Devil can: the strongest Devil of a
blind game (``Uncommitted``), who keeps every state the player cannot rule out, and the
strongest Devil of a touch game (``TouchDevil`` named 'adversarial'), who shows the pattern
after which the player's best setting leaves the most moves.  ``TouchDevil`` plays touch
games a round at a time: the Devil's turn as the player feels, then the setting.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from devilcoins.blind.chain import chain, devil_turn
from devilcoins.blind.verify import worst_line
from devilcoins.core.devil import DEVILS, DevilKind
from devilcoins.core.errors import InvalidInput, NotSupported
from devilcoins.core.game import Game
from devilcoins.core.perm import Perm
from devilcoins.core.resources import CACHED_GAMES
from devilcoins.core.tables import class_table
from devilcoins.observed.count import count_held, count_solution, heard
from devilcoins.observed.sight import FOREVER, sight_values
from devilcoins.observed.touch.devil import TouchDevil, greedy_turn, strongest_feel, strongest_set
from devilcoins.playing import Devil, update
from devilcoins.results.playing import Step

__all__ = [
    "DEVILS",
    "Adversary",
    "DevilKind",
    "TouchDevil",
    "Uncommitted",
    "adversary",
    "certificate_devil",
    "count_devil",
    "greedy_devil",
    "greedy_turn",
    "live_devil",
    "live_start",
    "random_devil",
    "scripted",
    "sight_devil",
    "strongest_feel",
    "strongest_set",
]


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
    """The certificate's Devil and his trap (a mask over states), when the chain stalls."""
    if game.devil_moves is not None or game.value_group is not None:
        return None
    c = chain(game)
    if c.complete:
        return None

    def devil(i: int, x: int, move: int) -> int:
        return game.turn(x, devil_turn(game, x, move, c.trap))

    return devil, c.trap


@lru_cache(maxsize=CACHED_GAMES)
def greedy_devil(game: Game) -> Devil:
    """A simple rule, not an optimal Devil: of the states his choices make from x, the first
    (in increasing order) that the move does not take into the goal, else x."""
    tab = class_table(game)

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


def _turned(game: Game, x: int) -> np.ndarray:
    """The states the Devil's choices make from x, in increasing order."""
    tab = class_table(game)
    k = int(tab.index_of[x])
    return tab.orbit_states[tab.orbit_start[k] : tab.orbit_start[k + 1]]


def sight_devil(game: Game) -> Devil:
    """The strongest Devil of a sight game: of his turns, the one after which the player needs
    the most moves (by the library's values)."""
    values, tab = sight_values(game), class_table(game)

    def devil(i: int, x: int, move: int) -> int:
        made = _turned(game, x)
        worth = values[tab.index_of[tab.add(made, move)]]
        return int(made[int(np.argmax(worth))])

    return devil


def count_devil(game: Game) -> Devil:
    """The strongest Devil of a count game (a new one for each game): a turn that keeps the
    table in his sight trap when there is one (he then holds it for ever, whatever the player
    knows); else, of his turns, the one after which the player needs the most moves (the count
    game solved over every belief, only then); he follows the player's belief (a bitset of
    classes) through the counts he lets them hear.

    >>> from devilcoins.playing import play
    >>> g = Game.parse('n=4 observe=count')
    >>> len(play(g, [15] * 10, 0b0001, count_devil(g)))  # flip all: never all heads
    10
    """
    tab, held = class_table(game), count_held(game)
    known = [sum(1 << k for k in range(tab.n_goal, tab.size))]

    def worth(after: list[int], y: int) -> int:
        if game.in_goal(y):
            return 0
        policy = count_solution(game).policy
        return int(policy.get(heard(game, after, y), (0, FOREVER))[1])

    def devil(i: int, x: int, move: int) -> int:
        after = update(game, [k for k in range(tab.size) if known[0] >> k & 1], move)
        made = [int(y) for y in _turned(game, x)]
        kept = [y for y in made if int(tab.index_of[game.add(y, move)]) in held]
        pick = kept[0] if kept else max(made, key=lambda y: worth(after, game.add(y, move)))
        known[0] = heard(game, after, game.add(pick, move))
        return pick

    return devil


def live_devil(
    game: Game, name: str, rng: np.random.Generator, strongest: Devil | None = None
) -> Devil:
    """The Devil called name ('random', 'greedy' or 'adversarial') for a game whose moves come
    one at a time, holding one state: the adversarial one is the game's strongest Devil when it
    has one (sight, count: its family gives it), else he plays the certificate while the state is
    in its trap, and the greedy rule otherwise (the page's blind games use ``Uncommitted``, who
    holds no state)."""
    kind = DevilKind.parse(name)
    if kind is DevilKind.RANDOM:
        return random_devil(game, rng)
    greedy = greedy_devil(game)
    if kind is DevilKind.GREEDY:
        return greedy
    if strongest is not None:
        return strongest
    cert = certificate_devil(game)
    if cert is None:
        return greedy
    keep, trap = cert

    def devil(i: int, x: int, move: int) -> int:
        return keep(i, x, move) if trap[x] else greedy(i, x, move)

    return devil


def live_start(
    game: Game, name: str, rng: np.random.Generator, needs: np.ndarray | None = None
) -> int | None:
    """A random state outside the goal to start from (for the adversarial Devil, in the
    certificate's trap when there is one, so that he never loses, and where the player needs
    the most moves when needs gives the moves each class needs); None when every state is in
    the goal."""
    tab = class_table(game)
    outside = tab.index_of >= tab.n_goal
    strongest = DevilKind.parse(name) is DevilKind.ADVERSARIAL
    cert = certificate_devil(game) if strongest else None
    if cert is not None:
        outside = outside & cert[1]
    if strongest and needs is not None:
        worth = needs[tab.index_of]  # start where the player needs the most moves
        outside = outside & (worth == worth[outside].max())
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


def adversary(
    game: Game | int, moves: Sequence[int] | np.ndarray, start: int | None = None
) -> Adversary:
    """The strongest Devil against moves (from start, or from the start it likes best; an int
    n is the coin game of n coins).

    >>> a = adversary(Game.parse('n=3 goal=same'), [1, 3, 1])
    >>> a.plan, Game(3).state_text(a.start), a.survives
    ('certificate', 'THH', True)
    >>> a = adversary(Game(2), [3, 1, 3])
    >>> a.plan, a.survives, a.won_at
    ('exact', False, 3)
    """
    game = Game.of(game)
    if game.devil_moves is not None:
        raise NotSupported(
            f"{game}: the adversarial Devil plans against a whole group; for a Devil restricted "
            "to devil_moves, verify names a start and turns that beat a losing strategy"
        )
    cert = certificate_devil(game)
    if cert is not None:
        devil, trap = cert
        if start is None:
            start = int(np.flatnonzero(trap)[0])
        if trap[start]:
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


@dataclass
class Uncommitted:
    """The strongest Devil of a blind game played one move at a time: he commits to no state.

    He keeps every state the player cannot rule out (layers[t]: the states possible after move
    t, outside the goal while the game is on; layers[0] the starts), so the goal shows only when
    every one of them has reached it: exactly when the player's belief holds nothing else, which
    no Devil can put off longer.  The line he played is chosen afterwards (``line``), one start
    and one turn a move, consistent with every move.

    >>> h = Uncommitted.start(Game(2), [1, 2, 3])
    >>> [h.move(a) for a in (3, 1, 3)]  # the 3-move strategy for 2 coins: won at its last move
    [False, False, True]
    >>> [Game(2).state_text(s.after) for s in h.line()]
    ['TH', 'TT', 'HH']
    """

    game: Game
    layers: list[np.ndarray]
    moves: list[int]

    @classmethod
    def start(cls, game: Game, states: Sequence[int]) -> Uncommitted:
        """The Devil who may start from any of states (the player knows no more than that)."""
        if game.devil_moves is not None:
            raise NotSupported(
                f"{game}: the strongest Devil turns by a whole group, not by devil_moves"
            )
        mask = np.zeros(class_table(game).states, dtype=bool)
        mask[list(states)] = True
        return cls(game=game, layers=[mask], moves=[])

    def _turned(self, mask: np.ndarray) -> np.ndarray:
        """Every state a turn of the Devil's makes from a state of mask."""
        tab = class_table(self.game)
        return np.isin(tab.index_of, np.unique(tab.index_of[mask]))

    def move(self, a: int) -> bool:
        """The move lands on every state still possible; True when all of them reach the goal."""
        tab = class_table(self.game)
        after = np.zeros(tab.states, dtype=bool)
        after[tab.add(np.flatnonzero(self._turned(self.layers[-1])), int(a))] = True
        outside = after & (tab.index_of >= tab.n_goal)
        self.moves.append(int(a))
        self.layers.append(outside if outside.any() else after)
        return not outside.any()

    @property
    def won(self) -> bool:
        """Whether the last move brought every state still possible to the goal."""
        tab = class_table(self.game)
        return bool(self.moves) and bool((tab.index_of[self.layers[-1]] < tab.n_goal).all())

    def line(self, end: int | None = None, first: int = 1) -> tuple[Step, ...]:
        """A line of play through every move, ending at end (a state of the last layer; the
        first one when None): a start, and one turn before each move (numbered from first)."""
        tab = class_table(self.game)
        x = int(np.flatnonzero(self.layers[-1])[0]) if end is None else end
        if not self.layers[-1][x]:
            raise InvalidInput(f"{self.game.state_text(x)} is not a state the Devil still holds")
        steps = []
        for t in range(len(self.moves), 0, -1):
            a, before = self.moves[t - 1], self.layers[t - 1]
            turned = np.flatnonzero(self._turned(before))
            s = int(turned[tab.add(turned, a) == x][0])
            same = np.flatnonzero(before & (tab.index_of == tab.index_of[s]))
            turning = same[same != s]  # a line where the Devil turns, where one fits
            prev = int(turning[0] if len(turning) else same[0])
            steps.append(Step(number=first + t - 1, before=prev, turned=s, move=a, after=x))
            x = prev
        return tuple(reversed(steps))
