"""The game on differences of 8 dials of 3 values, which the doubling would play (an experiment
for docs/observed.md: why the doubling does not carry over to 3 values).

Pair dial i with dial i + 4 and call d_i = x_(i+4) - x_i (i < 4).  A turn of the table by one
place moves d round and negates the difference that wraps: (d0, d1, d2, d3) becomes
(-d3, d0, d1, d2), a group of 8.  A move reaches for whole pairs (two hands each: d felt and
set) and single dials (one hand: a chosen amount added to d, nothing learnt of d); the player
wins when d = 0.  Beliefs are sets of the group's orbits (11, one of them d = 0), so all 2^10 are
settled by rounds, as the certificate's promises are.

    .venv/bin/python bench/difference_game.py        # hands 4 to 8
"""

from __future__ import annotations

import itertools
import sys

M, PAIRS, GROUP = 3, 4, 8
States = list[tuple[int, ...]]


def turned(d: tuple[int, ...]) -> tuple[int, ...]:
    """d after a turn of the table by one place."""
    return ((-d[-1]) % M, *d[:-1])


def orbits(states: States) -> tuple[dict[tuple[int, ...], int], list[list[tuple[int, ...]]]]:
    """Each state's orbit under the turns, and the orbits' members."""
    of: dict[tuple[int, ...], int] = {}
    members: list[list[tuple[int, ...]]] = []
    for d in states:
        if d in of:
            continue
        seen, x = [], d
        for _ in range(GROUP):
            seen.append(x)
            x = turned(x)
        for x in seen:
            of[x] = len(members)
        members.append(sorted(set(seen)))
    return of, members


def moves(hands: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """(pairs felt and set, pairs added to blindly) within the hands."""
    out = []
    for nf in range(PAIRS + 1):
        for felt in itertools.combinations(range(PAIRS), nf):
            rest = [i for i in range(PAIRS) if i not in felt]
            for ns in range(len(rest) + 1):
                if 2 * nf + ns <= hands:
                    out += [(felt, added) for added in itertools.combinations(rest, ns)]
    return out


def after(d: tuple[int, ...], felt: tuple[int, ...], added: tuple[int, ...], r: tuple) -> tuple:
    """d with the felt pairs set and the amounts added, as response r says."""
    x = list(d)
    for i, v in zip(felt, r[: len(felt)], strict=True):
        x[i] = v
    for i, a in zip(added, r[len(felt) :], strict=True):
        x[i] = (x[i] + a) % M
    return tuple(x)


def value(hands: int) -> int | None:
    """The least worst case from every d != 0 (None: the Devil keeps d != 0 for ever)."""
    states = list(itertools.product(range(M), repeat=PAIRS))
    of, members = orbits(states)
    zero = of[(0,) * PAIRS]
    live = [o for o in range(len(members)) if o != zero]
    bit = {o: 1 << i for i, o in enumerate(live)}
    # for each move and live orbit: pattern felt -> the beliefs after each response
    table = []
    for felt, added in moves(hands):
        responses = list(itertools.product(range(M), repeat=len(felt) + len(added)))
        rows: dict[int, dict[tuple[int, ...], list[int]]] = {}
        for o in live:
            for d in members[o]:
                row = rows.setdefault(o, {}).setdefault(
                    tuple(d[i] for i in felt), [0] * len(responses)
                )
                for j, r in enumerate(responses):
                    o2 = of[after(d, felt, added, r)]
                    row[j] |= bit.get(o2, 0)
        table.append(rows)
    full = (1 << len(live)) - 1
    outcomes = {b: _outcomes(b, live, bit, table) for b in range(1, full + 1)}
    best = [0] + [-1] * full  # -1: not settled yet
    for level in itertools.count(1):
        new = [b for b in outcomes if best[b] < 0 and _wins(outcomes[b], best, level)]
        for b in new:
            best[b] = level
        if not new:
            break
    return best[full] if best[full] >= 0 else None


def _outcomes(b: int, live: list[int], bit: dict[int, int], table: list) -> list[list[list[int]]]:
    """For each move: for each pattern felt, the beliefs after each response."""
    out = []
    for rows in table:
        by_felt: dict[tuple[int, ...], list[int]] = {}
        for o in live:
            if b & bit[o]:
                for felt, row in rows[o].items():
                    acc = by_felt.setdefault(felt, [0] * len(row))
                    for j, mask in enumerate(row):
                        acc[j] |= mask
        out.append(list(by_felt.values()))
    return out


def _wins(moves_out: list[list[list[int]]], best: list[int], level: int) -> bool:
    """Some move leaves, whatever is felt, a response to a belief settled below level."""
    return any(
        all(any(0 <= best[x] < level for x in after_felt) for after_felt in felts)
        for felts in moves_out
    )


def main() -> int:
    hands = [int(a) for a in sys.argv[1:]] or list(range(4, 2 * PAIRS + 1))
    for k in hands:
        v = value(k)
        said = f"{v} move{'' if v == 1 else 's'}" if v else "the Devil keeps d != 0 for ever"
        print(f"{k} hands: {said}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
