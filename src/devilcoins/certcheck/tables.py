"""The checker's own tables: states as digit rows, the Devil's turns, classes, the goal.

Nothing of the solvers is used; everything is rebuilt from the ``Game`` (its size, values,
group and goal test), as docs/mathematics.md §8.4 asks of a checker.
"""

from __future__ import annotations

import base64
import itertools
from functools import cached_property
from typing import Any

import numpy as np

from devilcoins.core.errors import DevilcoinsError, InvalidInput, NotSupported
from devilcoins.core.game import Game

__all__ = ["Array", "CertificateFailed", "Tables", "parse_list", "parse_values"]

Array = np.ndarray


class CertificateFailed(DevilcoinsError):
    """A check of the certificate failed; the message names where (the checker turns it into
    a failed piece of evidence, never a refusal)."""


class Tables:
    """States as digit rows, the Devil's turns, classes (dense numbers), the goal."""

    def __init__(self, game: Game) -> None:
        if game.devil_moves is not None:
            raise NotSupported("certificates are checked for a Devil with a group of turns")
        n, m = game.n, game.values
        self.game, self.n, self.m = game, n, m
        self.size = m**n
        self.powers = m ** np.arange(n, dtype=np.int64)
        codes = np.arange(self.size, dtype=np.int64)
        self.digits = (codes[:, None] // self.powers) % m
        self.perms = [tuple(int(i) for i in p) for p in game.turns]
        images = np.stack([self.digits[:, list(p)] @ self.powers for p in self.perms], axis=1)
        least = images.min(axis=1)
        reps, self.cls = np.unique(least, return_inverse=True)
        self.classes = len(reps)
        goal_state = np.array([game.in_goal(int(x)) for x in codes], dtype=bool)
        self.goal = np.zeros(self.classes, dtype=bool)
        self.goal[self.cls[goal_state]] = True
        if (self.goal[self.cls] != goal_state).any():
            raise NotSupported(f"{game}: the goal is not a union of the Devil's classes")

    def belief(self, text: str, what: str) -> Array:
        """The classes (a flag each) of the states in a base64 bitset."""
        try:
            raw = np.frombuffer(base64.b64decode(text, validate=True), dtype=np.uint8)
        except (ValueError, TypeError):
            raise CertificateFailed(f"{what}: its states are not base64") from None
        bits = np.unpackbits(raw, bitorder="little")
        if len(bits) < self.size or bits[self.size :].any():
            raise CertificateFailed(f"{what}: its states are not a bitset of {self.size:,} states")
        flags = np.zeros(self.classes, dtype=bool)
        flags[self.cls[np.flatnonzero(bits[: self.size])]] = True
        return flags

    @cached_property
    def changes(self) -> Array:
        """Every choice of values on a reach of k positions, one row each."""
        k = self.game.hands or 0
        return np.array(list(itertools.product(range(self.m), repeat=k)), dtype=np.int64)

    @cached_property
    def moves(self) -> Array:
        """The digits of the allowed moves, one of each class (sight)."""
        return self.digits[[a for a in self.move_classes() if self.game.allowed(a)]]

    def move_classes(self) -> list[int]:
        """One move of each class of moves (a move and its turns lead to the same classes)."""
        first: dict[int, int] = {}
        for x, c in enumerate(self.cls):
            first.setdefault(int(c), x)
        return sorted(first.values())

    def orbit_key(self, positions: tuple[int, ...]) -> tuple[int, ...]:
        """The least image of a set of positions under the Devil's turns (one per orbit)."""
        return min(tuple(sorted(p.index(i) for i in positions)) for p in self.perms)

    def reach_orbits(self, k: int) -> set[tuple[int, ...]]:
        """Every set of k positions, up to the turns."""
        return {self.orbit_key(c) for c in itertools.combinations(range(self.n), k)}


def parse_values(game: Game, text: Any, k: int, what: str) -> tuple[int, ...]:
    """k values (H/T or digits) read from a certificate, or CertificateFailed naming them."""
    from devilcoins.core import notation

    try:
        return tuple(notation.read_vector(str(text), k, game.values, what))
    except (InvalidInput, ValueError) as err:
        raise CertificateFailed(f"{what} {text!r}: {err}") from None


def parse_list(value: Any, what: str) -> list[Any]:
    """value, when it is a list, or CertificateFailed naming what it should be."""
    if not isinstance(value, list):
        raise CertificateFailed(f"{what}: not a list")
    return value
