"""Gardner's four glasses, live: four glasses on a turning tray, felt two at a time.

The library's touch game ``n=4 hands=2 goal=same observe=touch`` (devilcoins.observed.andor):
each round the Devil turns the tray unseen, the player reaches for two positions, feels whether
each glass is up or down and sets them as they like; the bell rings when all four match.  A
state is a number whose bit i is glass i (0 up, 1 down, as H and T in the library's tree).

What the player knows is a belief: the states still possible, closed under turning, goal states
left out (the bell did not ring).  ``values()`` solves the game over the beliefs reachable from
the start (16 states: a few dozen beliefs), so the adversarial Devil can answer any reach, on or
off the optimal tree: it shows the felt pattern after which the player's best setting leaves the
most moves, and it commits to no state until it must (any state the player cannot tell apart
from the true one is as good).  The random Devil holds one state and turns the tray at random.
"""

from __future__ import annotations

import itertools
import random
import secrets
import threading
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from devilcoins.core.game import Game
from devilcoins.engine import solve

__all__ = [
    "GLASSES",
    "HANDS",
    "REACHES",
    "N",
    "TouchGame",
    "glasses_tree",
    "start_touch",
    "values",
]

#: The game, as the library writes it.
GLASSES = "n=4 hands=2 goal=same observe=touch"
N = 4
HANDS = 2
WORDS = ("up", "down")
ALL = (1 << N) - 1

Belief = frozenset[int]
Reach = tuple[int, ...]

#: Every pair of positions the player may reach for.
REACHES: tuple[Reach, ...] = tuple(itertools.combinations(range(N), HANDS))


def turned(x: int, r: int) -> int:
    """State x with the tray turned by r places (glass i moves to position i + r)."""
    return ((x << r) | (x >> (N - r))) & ALL if r else x


def in_goal(x: int) -> bool:
    """All four glasses the same: the bell rings."""
    return x in (0, ALL)


def felt(x: int, reach: Reach) -> tuple[int, ...]:
    """The values (0 up, 1 down) felt at the reached positions."""
    return tuple((x >> p) & 1 for p in reach)


def set_to(x: int, reach: Reach, vals: tuple[int, ...]) -> int:
    """State x with the reached glasses set to vals."""
    for p, v in zip(reach, vals, strict=True):
        x = (x & ~(1 << p)) | (v << p)
    return x


def closure(states: set[int] | Belief) -> Belief:
    """Every turn of the states, without the goal (the bell did not ring)."""
    return frozenset(turned(x, r) for x in states for r in range(N) if not in_goal(x))


START: Belief = closure(set(range(1 << N)))
SETTINGS = tuple(itertools.product((0, 1), repeat=HANDS))


def patterns(belief: Belief, reach: Reach) -> set[tuple[int, ...]]:
    """The felt patterns the Devil can show: those of some state still possible."""
    return {felt(x, reach) for x in belief}


def after(belief: Belief, reach: Reach, pattern: tuple[int, ...], vals: tuple[int, ...]) -> Belief:
    """What is known after feeling pattern at reach, setting vals and hearing no bell."""
    return closure({set_to(x, reach, vals) for x in belief if felt(x, reach) == pattern})


def _reachable() -> set[Belief]:
    seen, todo = {START}, [START]
    while todo:
        b = todo.pop()
        for reach in REACHES:
            for pat in patterns(b, reach):
                for vals in SETTINGS:
                    nxt = after(b, reach, pat, vals)
                    if nxt and nxt not in seen:
                        seen.add(nxt)
                        todo.append(nxt)
    return seen


@cache
def values() -> dict[Belief, float]:
    """The most rounds the player needs from each reachable belief (value iteration)."""
    value: dict[Belief, float] = dict.fromkeys(_reachable(), float("inf"))
    value[frozenset()] = 0
    changed = True
    while changed:
        changed = False
        for b in value:
            if b and (v := 1 + min(worst(b, reach, value) for reach in REACHES)) < value[b]:
                value[b], changed = v, True
    return value


def worth(b: Belief, reach: Reach, pat: tuple[int, ...], value: dict[Belief, float]) -> float:
    """The rounds left after the pattern is felt, when the player then sets the best values."""
    return min(value[after(b, reach, pat, vals)] for vals in SETTINGS)


def worst(b: Belief, reach: Reach, value: dict[Belief, float]) -> float:
    """The rounds left after this reach when the Devil shows the worst pattern."""
    return max(worth(b, reach, pat, value) for pat in patterns(b, reach))


@cache
def glasses_tree() -> dict[str, Any]:
    """The library's verdict for the four glasses: its length and strategy tree (JSON)."""
    verdict = solve(Game.parse(GLASSES))
    tree = verdict.tree
    assert tree is not None, "a touch game's verdict carries its tree"
    return {
        "game": GLASSES,
        "length": verdict.length,
        "tree": tree.tree(),
        "words": {"H": "up", "T": "down"},
    }


@dataclass
class TouchGame:
    """One game of the four glasses: the Devil, the states still possible, the round's stage."""

    devil: str
    rng: random.Random
    x: int
    belief: Belief = START
    reach: Reach | None = None
    pattern: tuple[int, ...] = ()
    rounds: int = 0
    won: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock)

    def feel(self, reach: Reach) -> None:
        """The Devil turns the tray; the player feels the glasses at reach."""
        if self.devil == "adversarial":
            value = values()
            options = sorted(patterns(self.belief, reach))
            best = max(worth(self.belief, reach, p, value) for p in options)
            pick = self.rng.choice(
                [p for p in options if worth(self.belief, reach, p, value) == best]
            )
            self.x = self.rng.choice(sorted(x for x in self.belief if felt(x, reach) == pick))
        else:
            self.x = turned(self.x, self.rng.randrange(N))
        self.reach, self.pattern = reach, felt(self.x, reach)

    def set(self, vals: tuple[int, ...]) -> None:
        """The felt glasses are set to vals; the bell rings if all four match."""
        assert self.reach is not None, "set only after a feel"
        reach, self.reach = self.reach, None
        self.rounds += 1
        if self.devil == "adversarial":
            could = {set_to(x, reach, vals) for x in self.belief if felt(x, reach) == self.pattern}
            quiet = sorted(x for x in could if not in_goal(x))
            self.x = self.rng.choice(quiet) if quiet else min(could)
        else:
            self.x = set_to(self.x, reach, vals)
        self.won = in_goal(self.x)
        self.belief = frozenset() if self.won else after(self.belief, reach, self.pattern, vals)

    def state(self) -> dict[str, Any]:
        """What the player may know: the stage, the felt glasses, never the tray until the bell."""
        stage = "won" if self.won else "set" if self.reach is not None else "feel"
        data: dict[str, Any] = {
            "devil": self.devil,
            "stage": stage,
            "rounds": self.rounds,
            "optimal": glasses_tree()["length"],
            "won": self.won,
            "bell": self.won,
            "reach": list(self.reach) if self.reach is not None else None,
            "felt": [WORDS[v] for v in self.pattern] if self.reach is not None else None,
            "possible": len({min(turned(x, r) for r in range(N)) for x in self.belief}),
        }
        if self.won:
            data["glasses"] = [WORDS[(self.x >> i) & 1] for i in range(N)]
        return data


def start_touch(devil: str, seed: int | None) -> TouchGame:
    """A new game from a random state that is not all the same (the bell has not rung)."""
    rng = random.Random(secrets.randbits(63) if seed is None else seed)
    return TouchGame(devil, rng, rng.choice(sorted(START)))
