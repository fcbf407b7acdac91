"""What the literature says of the atlas's games (docs/mathematics.md §7-§9).

``known_value`` encodes:

- Bar-Yehuda, Etzion & Moran (1993): on a cyclic table of n positions with m values, goal all
  zero, the player wins, blindfolded or not, iff n and m are powers of the same prime; blind,
  in m^n - 1 moves (dials m=3 n=3: 26, m=4 n=2: 15, m=4 n=4: 255, m=5 n=5: 3124; the Riddler's
  15 for four coins).  Goal all the same is the game on M / {constants} (docs/mathematics.md §7.1),
  m^(n-1) - 1 moves when n and m are powers of the same prime (four coins: 7).  For coins with
  n = 2^a * p (p an odd prime) Lamping's certificate keeps p coins not all equal, so no goal
  ``same`` game is winnable.
- Values implied by those, each said so in the entry's note: a Devil with more turns (dihedral,
  full), a player with fewer moves (hands) or one who sees before the Devil turns (sight) cannot
  turn a lost game into a won one; goal ``zero`` is no easier than goal ``same``.
- docs/mathematics.md §7.4: four coins with fewer than four hands cannot reach all heads blind; the
  7-move strategy for all the same touches at most two coins, so it stands for hands 2 and 3.
- A table that never turns (group ``none``): m^n - 1 moves for goal zero (the lower bound of
  docs/mathematics.md §3, met), 2^(n-1) - 1 for coins and goal same (Benbernou, Demaine, Demaine &
  Rossman 2008).
- Touch, coins, goal same: winnable iff k >= (1 - 1/p) n with p the largest prime factor of n
  (Lewis & Willard 1980; Laaser & Ramshaw 1981; OEIS A171462: 0, 1, 2, 2, 4, 4, 6, 4, ...);
  Gardner's four glasses with two hands: 5 moves.
"""

from __future__ import annotations

from devilcoins.atlas.grid import GOALS
from devilcoins.core.errors import TooLarge
from devilcoins.core.game import Game
from devilcoins.core.numbers import prime_factors, same_prime_power
from devilcoins.core.observe import Observe
from devilcoins.core.symmetry import Group

__all__ = ["known_value", "least_touch_hands", "literature"]

BEM = "Bar-Yehuda, Etzion & Moran 1993"
LAMPING = "Lamping's certificate (docs/mathematics.md §5.1): p coins kept not all equal"
MONOTONE = "; the Devil's extra turns, fewer moves or sight cannot save a lost game"


def least_touch_hands(n: int) -> int:
    """The fewest hands that win the touch game for n coins, goal same: (1 - 1/p) n (A171462).

    >>> [least_touch_hands(n) for n in range(1, 13)]
    [0, 1, 2, 2, 4, 4, 6, 4, 6, 8, 10, 8]
    """
    if n == 1:
        return 0
    return n - n // max(prime_factors(n))


def _group_kind(game: Game) -> str:
    """The Devil's group: 'none' (still), 'cyclic' (the turns), 'more' (turns and more), 'other'."""
    n, group = game.n, game.group
    if n == 1 or group.name == "none" or not group.generators:
        return "none"
    if group.name == "cyclic":
        return "cyclic"
    try:
        elements = set(group.elements())
    except TooLarge:
        return "other"
    turns = set(Group.named("cyclic", n).elements())
    if elements == turns:
        return "cyclic"
    return "more" if turns <= elements else "other"


def _known(game: Game) -> tuple[bool, int | None, str] | None:
    """The literature's (winnable, length, source) for a game, or None."""
    n, m, goal = game.n, game.values, game.goal
    if game.moves is not None or goal not in GOALS:
        return None
    kind = _group_kind(game)
    hands = n if game.hands is None else game.hands  # no limit: every position
    limited = hands < n
    seen = game.observe
    if seen is Observe.TOUCH:
        if m != 2 or not (kind == "cyclic" or n == 1):
            return None
        least = least_touch_hands(n)
        source = f"Lewis & Willard 1980; OEIS A171462 (least k = {least} for n = {n})"
        if goal == "same":
            if hands < least:
                return False, None, source
            if (n, hands) == (4, 2):
                return True, 5, "Gardner 1979 (four glasses, two hands): 5 moves"
            return True, None, source
        if hands < least:
            return False, None, source + "; all heads is no easier than all the same"
        return None
    if kind == "none":
        if seen is not Observe.BLIND or limited:
            return None
        if goal == "zero":
            return True, m**n - 1, "docs/mathematics.md §3: the lower bound m^n - 1, met"
        if m == 2:
            return True, 2 ** (n - 1) - 1, "Benbernou, Demaine, Demaine & Rossman 2008"
        return True, m ** (n - 1) - 1, "docs/mathematics.md §6: the game on M / H, |M / H| - 1"
    if kind not in ("cyclic", "more"):
        return None
    plain = kind == "cyclic" and not limited and seen is Observe.BLIND
    if not same_prime_power(n, m):
        if goal == "zero":
            return False, None, BEM + ("" if plain else MONOTONE)
        if m == 2:
            return False, None, LAMPING + ("" if plain else MONOTONE)
        return None
    if kind != "cyclic":
        return None
    if not limited:
        if seen is Observe.SIGHT:
            return True, None, BEM + " (not blindfolded)"
        if goal == "zero":
            if (n, m) == (4, 2):
                return True, 15, BEM + "; the Riddler 2019: 15 moves"
            if m > 2:
                return True, m**n - 1, BEM + "; docs/mathematics.md §7.2 (dials)"
            return True, m**n - 1, BEM
        if (n, m) == (4, 2):
            return True, 7, "docs/mathematics.md §7.1: 7 moves (four glasses, goal all the same)"
        return True, m ** (n - 1) - 1, BEM + "; docs/mathematics.md §7.1: the game on M / H"
    if seen is Observe.BLIND and (n, m) == (4, 2):
        if goal == "zero":
            return False, None, "docs/mathematics.md §7.4: four coins, fewer than four hands"
        if hands >= 2:
            return True, 7, "docs/mathematics.md §7.4: the 7-move strategy touches at most 2 coins"
    return None


def known_value(game: Game | str) -> tuple[bool, int | None] | None:
    """The literature's (winnable, least worst-case length) for a game, or None where it is silent.

    The length is None where only winnability is known.  Sources: the module doc.

    >>> known_value('n=4'), known_value('n=6 goal=same'), known_value('n=4 group=full')
    ((True, 15), (False, None), None)
    >>> known_value('n=4 hands=2 goal=same observe=touch')
    (True, 5)
    """
    found = _known(Game.parse(game) if isinstance(game, str) else game)
    return None if found is None else found[:2]


def literature(game: Game) -> tuple[tuple[bool, int | None] | None, str]:
    """The literature's (winnable, length) for game, or None, and its source ('' for None)."""
    found = _known(game)
    return (None, "") if found is None else (found[:2], found[2])
