"""One family of Devils for every blind game: random, scripted, the certificate's, greedy, and
the adversary that knows the strategy.

Each Devil is a function ``devil(i, x, move) -> turned`` (see ``devilcoins.playing``): the state x
turned by one of the Devil's choices (``Game.turns``) before move i.  The adversary plays the
chain's certificate when the chain stalls (docs/mathematics.md §6.5: from outside the zone some
turn always keeps the state outside), and otherwise the line exact propagation finds, which
never reaches the goal when the strategy fails and holds out longest when it wins.  The
greedy Devil is one simple rule, for moves no strategy is known for (the page's live games).
For games the player watches (sight) or hears (count) the strongest Devil reads the library's
values: of his turns he picks the one after which the player needs the most moves.
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
from devilcoins.observed.andor import TreeSolution, solve_sight
from devilcoins.observed.count import CountSolution, solve_count
from devilcoins.playing import Devil, Step, update

__all__ = [
    "DEVILS",
    "Adversary",
    "Holdout",
    "adversary",
    "certificate_devil",
    "count_solution",
    "greedy_devil",
    "heard",
    "live_devil",
    "live_start",
    "random_devil",
    "scripted",
    "sight_solution",
    "sight_values",
    "strongest_devil",
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


#: How many moves a class needs when the Devil can keep it from the goal for ever.
FOREVER = 1 << 30


@lru_cache(maxsize=CACHED_GAMES)
def sight_solution(game: Game) -> TreeSolution:
    """The sight game solved (its policy: the move and the moves left for each class)."""
    return solve_sight(game)


@lru_cache(maxsize=CACHED_GAMES)
def sight_values(game: Game) -> np.ndarray:
    """For a sight game, the least worst-case moves each class of its tables still needs (0 in
    the goal, FOREVER where the Devil holds out)."""
    t = tables(game)
    values = np.full(t.size, FOREVER, dtype=np.int64)
    values[: t.n_goal] = 0
    for x, (_, left) in sight_solution(game).policy.items():
        values[int(t.index_of[x])] = left
    return values


@lru_cache(maxsize=CACHED_GAMES)
def count_solution(game: Game) -> CountSolution:
    """The count game solved (its policy holds every belief the player can reach and win from)."""
    return solve_count(game)


def _turned(game: Game, x: int) -> np.ndarray:
    """The states the Devil's choices make from x, in increasing order."""
    tab = tables(game)
    k = int(tab.index_of[x])
    return tab.orbit_states[tab.orbit_start[k] : tab.orbit_start[k + 1]]


def _sight_devil(game: Game) -> Devil:
    values, tab = sight_values(game), tables(game)

    def devil(i: int, x: int, move: int) -> int:
        made = _turned(game, x)
        worth = values[tab.index_of[tab.add(made, move)]]
        return int(made[int(np.argmax(worth))])

    return devil


def heard(game: Game, after: Sequence[int], y: int) -> int:
    """The player's belief (a bitset of classes) after the classes after, when the count of
    state y is heard and no bell rings: the classes of y's count outside the goal."""
    sol, tab = count_solution(game), tables(game)
    weight = sol.weights[int(tab.index_of[y])]
    return sum(1 << k for k in after if k >= tab.n_goal and sol.weights[k] == weight)


def _count_devil(game: Game) -> Devil:
    """Follows the player's belief (a bitset of classes) through the counts he lets them hear."""
    sol, tab = count_solution(game), tables(game)
    known = [sol.start]

    def worth(after: list[int], y: int) -> int:
        if game.in_goal(y):
            return 0
        return int(sol.policy.get(heard(game, after, y), (0, FOREVER))[1])

    def devil(i: int, x: int, move: int) -> int:
        after = update(game, [k for k in range(tab.size) if known[0] >> k & 1], move)
        made = [int(y) for y in _turned(game, x)]
        pick = max(made, key=lambda y: worth(after, game.add(y, move)))
        known[0] = heard(game, after, game.add(pick, move))
        return pick

    return devil


def strongest_devil(game: Game) -> Devil | None:
    """For a sight or count game, the Devil who of his turns picks the one after which the
    player needs the most moves, by the library's values (a new one for each game: the count
    Devil follows what the player has heard); None for other games.

    >>> from devilcoins.playing import play
    >>> g = Game.parse('n=4 observe=count')
    >>> len(play(g, [15] * 10, 0b0001, strongest_devil(g)))  # flip all: never all heads
    10
    """
    if game.devil_moves is not None or game.value_group is not None:
        return None
    if game.observe == "sight":
        return _sight_devil(game)
    if game.observe == "count":
        return _count_devil(game)
    return None


def live_devil(game: Game, name: str, rng: np.random.Generator) -> Devil:
    """The Devil called name ('random', 'greedy' or 'adversarial') for a game whose moves come
    one at a time, holding one state: the adversarial one is the strongest Devil of a sight or
    count game; of a blind game he plays the certificate while the state is outside its zone,
    and the greedy rule otherwise (the page's blind games use ``Holdout``, who holds no state)."""
    if name == "random":
        return random_devil(game, rng)
    greedy = greedy_devil(game)
    if name == "greedy":
        return greedy
    if name != "adversarial":
        raise InvalidInput(f"the Devil is one of {', '.join(DEVILS)}, not {name!r}")
    strongest = strongest_devil(game)
    if strongest is not None:
        return strongest
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
    if name == "adversarial" and game.observe == "sight" and game.value_group is None:
        worth = sight_values(game)[tab.index_of]  # start where the player needs the most moves
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


@dataclass
class Holdout:
    """The Devil who commits to no state in a blind game played one move at a time.

    He keeps every state the player cannot rule out (layers[t]: the states possible after move
    t, outside the goal while the game is on; layers[0] the starts), so the goal shows only when
    every one of them has reached it: exactly when the player's belief holds nothing else, which
    no Devil can put off longer.  The line he played is chosen afterwards (``line``), one start
    and one turn a move, consistent with every move.

    >>> h = Holdout.start(Game(2), [1, 2, 3])
    >>> [h.move(a) for a in (3, 1, 3)]  # the 3-move strategy for 2 coins: won at its last move
    [False, False, True]
    >>> [Game(2).state_text(s.after) for s in h.line()]
    ['TH', 'TT', 'HH']
    """

    game: Game
    layers: list[np.ndarray]
    moves: list[int]

    @classmethod
    def start(cls, game: Game, states: Sequence[int]) -> Holdout:
        """The Devil who may start from any of states (the player knows no more than that)."""
        if game.devil_moves is not None:
            raise NotSupported(
                f"{game}: the holdout Devil turns by a whole group, not by devil_moves"
            )
        mask = np.zeros(tables(game).states, dtype=bool)
        mask[list(states)] = True
        return cls(game=game, layers=[mask], moves=[])

    def _turned(self, mask: np.ndarray) -> np.ndarray:
        """Every state a turn of the Devil's makes from a state of mask."""
        tab = tables(self.game)
        return np.isin(tab.index_of, np.unique(tab.index_of[mask]))

    def move(self, a: int) -> bool:
        """The move lands on every state still possible; True when all of them reach the goal."""
        tab = tables(self.game)
        after = np.zeros(tab.states, dtype=bool)
        after[tab.add(np.flatnonzero(self._turned(self.layers[-1])), int(a))] = True
        outside = after & (tab.index_of >= tab.n_goal)
        self.moves.append(int(a))
        self.layers.append(outside if outside.any() else after)
        return not outside.any()

    @property
    def won(self) -> bool:
        """Whether the last move brought every state still possible to the goal."""
        tab = tables(self.game)
        return bool(self.moves) and bool((tab.index_of[self.layers[-1]] < tab.n_goal).all())

    def line(self, end: int | None = None, first: int = 1) -> tuple[Step, ...]:
        """A line of play through every move, ending at end (a state of the last layer; the
        first one when None): a start, and one turn before each move (numbered from first)."""
        tab = tables(self.game)
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
