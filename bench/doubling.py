"""The doubling's lengths (docs/mathematics.md §8.6): for each game it doubles, the half game's
value V, the test t = V + 2, the least cost of the strategy played on differences, the doubled
length t + cost, the V^2 + 4V + 2 of a test after every move, and the seconds the half game's
solving and the doubling took.
Run it from the repository root::

    .venv/bin/python bench/doubling.py
"""

from __future__ import annotations

import time

from devilcoins import Game, certificate, solve
from devilcoins.touchbounds.doubling import doubled_strategy, halves
from devilcoins.touchbounds.tested import difference_strategy

GAMES = [(8, 4), (12, 8), (16, 8), (16, 9), (16, 10), (16, 11), (16, 12)]


def main() -> None:
    """Print one row a game, as §8.6's tables give them."""
    print("| n, K | half game | V | t | least cost | doubled | V² + 4V + 2 | seconds |")
    print("|---|---|---|---|---|---|---|---|")
    for n, k in GAMES:
        game = Game.parse(f"n={n} hands={k} goal=same observe=touch")
        half = halves(game)
        assert half is not None
        began = time.perf_counter()
        verdict = solve(half)
        length, _ = doubled_strategy(game, certificate(verdict)["strategy"]["nodes"])
        took = time.perf_counter() - began  # the half game solved and the doubling built
        v = verdict.length or 0
        chosen = difference_strategy(half, v + 2)
        cost = "-" if chosen is None else chosen[0]
        row = f"| {n}, {k} | {half.n} coins, {half.hands} hands | {v} | {v + 2} | {cost} "
        print(f"{row}| {length} | {v * v + 4 * v + 2} | {took:.1f} |", flush=True)


if __name__ == "__main__":
    main()
