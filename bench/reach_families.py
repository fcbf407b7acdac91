"""Which few reaches suffice: every family of up to K reach orbits of a small touch game,
searched alone (``solve --reaches``), against the value over every reach.

Run it from the repository root::

    .venv/bin/python bench/reach_families.py --game 'n=8 hands=4 goal=same' --most 3

For each size 1..K it prints how many families of that many orbits win, the best value over
them, and the first family (in the order of the orbits) that reaches the game's value, with
the dyadic blocks' own value when the game has them.  Each family is one level search with a
time limit (--seconds); one that stops there counts as unsettled and is said so.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time

from devilcoins.core.errors import NotationError, TooLarge
from devilcoins.core.game import Game
from devilcoins.core.resources import until
from devilcoins.observed.touch import restricted, solve_touch
from devilcoins.observed.touch.reaches import Restriction
from devilcoins.observed.touch.space import reach_orbits


def listed(reaches: tuple[tuple[int, ...], ...]) -> str:
    """The reaches as solve --reaches takes them."""
    return "; ".join(" ".join(map(str, r)) for r in reaches)


def best_over(game: Game, text: str, seconds: float) -> int | str | None:
    """The best length over the reaches text names (None: none wins; 'open': the time ran
    out before the best was proved)."""
    only = Restriction.parse(game, text)
    with until(time.monotonic() + seconds):
        try:
            sol, said = restricted(game, only)
        except TooLarge:
            return "open"
    if sol is None:
        return None
    return sol.length if "takes" in said else "open"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="n=8 hands=4 goal=same", help="a touch game")
    parser.add_argument("--most", type=int, default=3, help="the most orbits in a family")
    parser.add_argument("--seconds", type=float, default=60.0, help="time for each family")
    args = parser.parse_args()
    game = Game.parse(args.game + " observe=touch")
    began = time.perf_counter()
    value = solve_touch(game).length
    orbits = reach_orbits(game, game.hands or 0)
    print(f"{game}: {value} moves over all {len(orbits)} reach orbits")
    try:
        print(f"  the dyadic blocks: {best_over(game, 'dyadic', args.seconds)}")
    except NotationError as err:
        print(f"  the dyadic blocks: not for this game ({err})")
    print("| orbits | families | winning | best | first at the game's value |")
    print("|---:|---:|---:|---:|---|")
    for size in range(1, args.most + 1):
        results = {
            family: best_over(game, listed(family), args.seconds)
            for family in itertools.combinations(orbits, size)
        }
        wins = {f: v for f, v in results.items() if isinstance(v, int)}
        best = min(wins.values(), default=None)
        first = next((listed(f) for f, v in wins.items() if v == value), "none")
        open_ = sum(v == "open" for v in results.values())
        print(
            f"| {size} | {len(results)} | {len(wins)}{f' ({open_} open)' if open_ else ''} | "
            f"{best if best is not None else '-'} | {first} |"
        )
    print(f"({time.perf_counter() - began:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
