"""The atlas's grids of games: the default one, and any given by ranges.

The default grid (``default_grid()``, 188 games, 104 of them blind) covers, in this order:

1. blind, cyclic table, every move allowed, goals ``zero`` and ``same``: coins (m = 2) for
   n = 1..8; dials with m = 3 values for n = 1..7, m = 4 for n = 1..5, m = 5 for n = 1..5
   (every m^n <= 5^5 = 3125, n <= 8);
2. blind coins, n = 1..6, the Devil's group ``dihedral``, ``none`` or ``full``, goals
   ``zero`` and ``same`` (those that are another group's game, such as the dihedral group on two
   coins, which is the cyclic one, or the full group on three, which is the dihedral one, left
   out: they are the same game);
3. blind coins on a cyclic table, n = 2..6, hands k = 1..n-1 (k = n is the game of part 1),
   goals ``zero`` and ``same``;
4. touch: coins on a cyclic table, n = 1..6, hands k = 1..n, goals ``zero`` and ``same``;
5. sight: coins on a cyclic table, n = 1..6, every move allowed and hands k = 1..n-1, goals
   ``zero`` and ``same``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from devilcoins.core.errors import DevilcoinsError, InvalidInput, TooLarge, did_you_mean, quoted
from devilcoins.core.game import GOALS, MAX_STATES, Game
from devilcoins.core.observe import Observe
from devilcoins.core.readnumbers import read_whole
from devilcoins.core.symmetry import Group

__all__ = [
    "DIAL_SIZES",
    "GOALS",
    "MAX_STATES",
    "MOST_N",
    "OBSERVE",
    "SMALL_N",
    "default_grid",
    "grid",
    "parse_names",
    "parse_range",
]


#: Dials (values m) of part 1 of the default grid: the largest n for each m (m^n <= 3125).
DIAL_SIZES = {2: 8, 3: 7, 4: 5, 5: 5}

#: The largest n for the other groups, limited hands, touch and sight in the default grid.
SMALL_N = 6


#: What the player observes, for the atlas's ranges: every way (``Observe``).
OBSERVE = tuple(o.value for o in Observe)


def default_grid() -> list[Game]:
    """The default atlas's games (listed in the module doc), in that order.

    >>> grid = default_grid()
    >>> len(grid), str(grid[0]), str(grid[-1])
    (188, 'n=1', 'n=6 hands=5 goal=same observe=sight')
    """
    games: list[Game] = []
    for m, top in DIAL_SIZES.items():
        for n in range(1, top + 1):
            games += [Game(n, values=m, goal=goal) for goal in GOALS]
    for name in ("dihedral", "none", "full"):
        for n in range(1, SMALL_N + 1):
            group = Group.named(name, n)
            games += [Game(n, group=group, goal=goal) for goal in GOALS]
    for n in range(2, SMALL_N + 1):
        for k in range(1, n):
            games += [Game(n, hands=k, goal=goal) for goal in GOALS]
    for n in range(1, SMALL_N + 1):
        for k in range(1, n + 1):
            games += [Game(n, hands=k, goal=goal, observe=Observe.TOUCH) for goal in GOALS]
    for n in range(1, SMALL_N + 1):
        for k in (None, *range(1, n)):
            games += [Game(n, hands=k, goal=goal, observe=Observe.SIGHT) for goal in GOALS]
    return list(dict.fromkeys(games))  # one game spelled twice is listed once


#: The most positions a game of the tables has (2 values each: 2^20 states).
MOST_N = MAX_STATES.bit_length() - 1


def parse_range(text: str, what: str, low: int = 1, high: int | None = None) -> tuple[int, ...]:
    """The whole numbers of a range such as '4', '1..8' or '2..3,5' (each from low to high), in
    order; a number past high is refused before the range is built (1..99999999999 would fill
    the memory).

    >>> parse_range('1..3,5', 'n'), parse_range('2', 'values', 2)
    ((1, 2, 3, 5), (2,))
    """
    bounds: list[tuple[int, int]] = []
    for part in text.split(","):
        match = re.fullmatch(r"\s*([0-9]+)\s*(?:\.\.\s*([0-9]+)\s*)?", part)
        if match is None:
            raise InvalidInput(f"{what} {quoted(text)} is not a range like 4, 1..8 or 2..3,5")
        each = f"{what} {quoted(text)}: each number"
        first, last = read_whole(match[1], each), read_whole(match[2] or match[1], each)
        if first < low or last < first:
            raise InvalidInput(
                f"{what} {quoted(text)}: each number must be at least {low}, "
                "and a range a..b needs a <= b"
            )
        if high is not None and last > high:
            raise TooLarge(
                f"{what} {quoted(text)} goes past {high:,}: the tables hold at most {MAX_STATES:,} "
                f"states (m^n, m values on n positions), so n is at most {MOST_N} and values "
                f"at most {MAX_STATES:,}"
            )
        bounds.append((first, last))
    found = dict.fromkeys(k for first, last in bounds for k in range(first, last + 1))
    return tuple(found)


def parse_names(text: str, choices: Iterable[str]) -> tuple[str, ...]:
    """The names of a comma-separated list, each one of choices ('cyclic,none').

    >>> parse_names('zero,same', GOALS)
    ('zero', 'same')
    """
    choices = tuple(choices)
    names = tuple(dict.fromkeys(name.strip().lower() for name in text.split(",")))
    for name in names:
        if name not in choices:
            raise InvalidInput(
                f"{quoted(name)} is not one of {', '.join(choices)}{did_you_mean(name, choices)}"
            )
    return names


def _hand_counts(n: int, hands: tuple[int, ...] | None, observe: str) -> list[int | None]:
    """The hands of the grid's games on n positions: None is every move (k >= n when blind)."""
    if Observe.parse(observe).feels:
        return [k for k in (hands or range(1, n + 1)) if k <= n]
    counts = (None, *range(1, n)) if hands is None else hands
    return list(dict.fromkeys(None if k is None or k >= n else k for k in counts))


def _too_many_states(n: int, m: int) -> str | None:
    """Why a game of n positions and m values cannot be built (too many states), or None."""
    try:
        Game(n, values=m).check_size()
    except DevilcoinsError as err:
        return str(err)
    return None


def grid(
    ns: Iterable[int],
    *,
    values: Iterable[int] = (2,),
    groups: Iterable[str] = ("cyclic",),
    hands: tuple[int, ...] | None = None,
    goals: Iterable[str] = GOALS,
    observe: Iterable[str] = ("blind",),
    left_out: dict[str, str] | None = None,
) -> list[Game]:
    """Every game of the ranges, by observation, group, values, n, hands and goal.

    hands None is every hand count (every move and 1..n-1; touch 1..n); a blind or sight game
    with k >= n hands is the game of every move.  Sizes with more states than devilcoins holds
    are left out, and put in left_out ('n=9 values=5': why) when given.

    >>> [str(g) for g in grid([2], hands=None, goals=['same'], observe=['blind', 'touch'])]
    ['n=2 goal=same', 'n=2 hands=1 goal=same', 'n=2 hands=1 goal=same observe=touch', \
'n=2 hands=2 goal=same observe=touch']
    """
    ns, values, groups, goals = list(ns), list(values), list(groups), list(goals)
    games = []
    for seen in observe:
        for name in groups:
            for m in values:
                for n in ns:
                    if (why := _too_many_states(n, m)) is not None:
                        if left_out is not None:
                            left_out[f"n={n} values={m}"] = why
                        continue
                    group = Group.named(name, n)
                    for k in _hand_counts(n, hands, seen):
                        games += [
                            Game(
                                n,
                                values=m,
                                group=group,
                                hands=k,
                                goal=g,
                                observe=Observe.parse(seen),
                            )
                            for g in goals
                        ]
    return list(dict.fromkeys(games))
