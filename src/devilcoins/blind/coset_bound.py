"""A lower bound on the fewest translates of a goal that holds a subgroup, checked here
(docs/mathematics.md §7.6).

Values that commute (dials, coins, Z2xZ2, ...). Move the goal G by one of its states so that it
holds a subgroup H (the same translates, moved); the rest of it is e states. Every translate
holds one whole coset of H and e states more. A coset that no translate holds whole needs |H|
of those single states; one translate from each other coset gives it at most e of them (each
single state of the goal lands in it from one coset only), so the translates past one a coset
give it at least |H| - e, and they give at most e each to all such cosets together. With z such
cosets, the translates number at least (N - z) + z (|H| - e) / e, N the number of cosets: at
least N whatever z when 2e <= |H|.

>>> from devilcoins.core.game import Game
>>> b = coset_bound(Cover.of(Game.parse('n=4 group=none goal=HHHH,THHH,HTHH,TTHH,HHTT')))
>>> b.subgroup_size, b.extra, b.translates
(4, 1, 4)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from devilcoins.blind.covering import Cover

__all__ = ["CosetBound", "coset_bound"]

#: The most goal states tried as the one the goal is moved by.
SHIFTS = 64

#: The most states of a moved goal whose pairs are multiplied to order them (``_grow``).
PARTNERS_MOST = 1024


@dataclass(frozen=True)
class CosetBound:
    """The goal moved by its state ``shift`` holds the subgroup ``subgroup`` and ``extra``
    states more; ``holds``: the program checked that the subgroup is one, inside the moved goal,
    and that 2 * extra <= its size; then no fewer than ``translates`` cover the states."""

    shift: int
    subgroup: tuple[int, ...]
    extra: int
    translates: int
    holds: bool

    @property
    def subgroup_size(self) -> int:
        """|H|."""
        return len(self.subgroup)


def coset_bound(cover: Cover) -> CosetBound | None:
    """The largest subgroup found in the goal moved by one of its states, and the bound it gives
    (None: values that do not commute, or no subgroup with 2e <= |H| found)."""
    if not (cover.mul == cover.mul.T).all():
        return None
    best: tuple[int, list[int]] | None = None
    for g in cover.goal[:SHIFTS]:
        moved = set(map(int, cover.times(cover.goal, cover.inverse(np.array([g])))))
        found = _grow(cover, moved)
        if best is None or len(found) > len(best[1]):
            best = (int(g), found)
    if best is None or len(best[1]) < 2:
        return None
    shift, subgroup = best
    extra = cover.goal_size - len(subgroup)
    if 2 * extra > len(subgroup):
        return None
    return CosetBound(
        shift=shift,
        subgroup=tuple(sorted(subgroup)),
        extra=extra,
        translates=cover.size // len(subgroup),
        holds=_check(cover, shift, subgroup, extra),
    )


def _grow(cover: Cover, moved: set[int]) -> list[int]:
    """A subgroup inside moved (which holds the identity), grown one element at a time while
    the subgroup it spans stays inside, the elements tried in two orders (the larger found).

    The second order tries first the elements x with the most y in moved for which x y is in
    moved too. Where moved is a subgroup H and e states more with 2e < |H|, every element of H
    has at least |H| such y (x H = H), every other at most 2e (x H is another coset, in moved
    only at the e states, and y among the e states), so all of H comes first and H is found;
    in value order an extra state taken first can keep H out (issue 48's CI met such a goal).
    """
    orders = [sorted(moved)]
    if len(moved) <= PARTNERS_MOST:  # the products of every pair: |moved|^2 of them
        elements = np.array(orders[0], dtype=np.int64)
        products = cover.times(elements[:, None], elements[None, :])
        partners = np.isin(products, elements).sum(axis=1)
        orders.append([int(x) for x in elements[np.lexsort((elements, -partners))]])
    return max((_grown(cover, moved, order) for order in orders), key=len)


def _grown(cover: Cover, moved: set[int], order: list[int]) -> list[int]:
    """The subgroup grown from the identity by the elements of moved in order, each taken when
    the subgroup it spans with those taken stays inside moved."""
    group = [0]
    for x in order:
        if x in group:
            continue
        grown, power = list(group), x
        while power not in grown and power != 0:
            grown += [int(y) for y in cover.times(np.array(group), np.array([power]))]
            power = int(cover.times(np.array([power]), np.array([x]))[0])
        if set(grown) <= moved:
            group = sorted(set(grown))
    return group


def _check(cover: Cover, shift: int, subgroup: list[int], extra: int) -> bool:
    """The bound's premises, checked: a subgroup (the identity in it, closed under the
    product), inside the goal moved by shift, its size dividing the states, 2 * extra <= it."""
    h = np.array(subgroup, dtype=np.int64)
    products = cover.times(h[:, None], h[None, :])
    moved = cover.times(cover.goal, cover.inverse(np.array([shift])))
    return bool(
        0 in set(subgroup)
        and np.isin(products, h).all()
        and np.isin(h, moved).all()
        and cover.size % len(h) == 0
        and cover.goal_size - len(h) == extra
        and 2 * extra <= len(h)
    )
