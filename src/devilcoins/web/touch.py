"""Gardner's four glasses, live: four glasses on a turning tray, felt two at a time.

The library's touch game ``n=4 hands=2 goal=same observe=touch``: each round the Devil turns the
tray unseen, the player reaches for two positions, feels whether each glass is up or down and
sets them as they like; the bell rings when all four match.  A state is a number whose bit i is
glass i (0 up, 1 down, as H and T in the library's tree).  The rules, the beliefs and the values
come from the library (``devilcoins.observed.touchplay``, over the one touch solver): the
adversarial Devil shows the felt pattern after which the player's best setting leaves the most
moves, and commits to no state until it must; the random Devil holds one state and turns the
tray at random.
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
from devilcoins.core.perm import Perm
from devilcoins.engine import solve
from devilcoins.observed import touchplay

__all__ = ["GAME", "GLASSES", "TouchGame", "glasses_tree", "start_touch"]

#: The game, as the library writes it.
GLASSES = "n=4 hands=2 goal=same observe=touch"
GAME = Game.parse(GLASSES)
WORDS = ("up", "down")

Belief = frozenset[int]
Reach = tuple[int, ...]

#: The settings of the two glasses felt.
SETTINGS = tuple(itertools.product(range(GAME.values), repeat=GAME.hands or 0))


@cache
def glasses_tree() -> dict[str, Any]:
    """The library's verdict for the four glasses: its length and strategy tree (JSON)."""
    verdict = solve(GAME)
    assert verdict.tree is not None, "a touch game's verdict carries its tree"
    return {
        "game": GLASSES,
        "length": verdict.length,
        "how": verdict.how,
        **verdict.tree.strategy_json(),
        "words": {"H": "up", "T": "down"},
    }


def _worth(belief: Belief, reach: Reach, pattern: tuple[int, ...]) -> int:
    """The moves left after the pattern is felt, when the player then sets the best values."""
    values = touchplay.touch_values(GAME)
    found = (values.value(touchplay.after(GAME, belief, reach, pattern, w)) for w in SETTINGS)
    return min(v for v in found if v is not None)


@dataclass
class TouchGame:
    """One game of the four glasses: the Devil, the states still possible, the round's stage."""

    devil: str
    rng: random.Random
    x: int
    belief: Belief = field(default_factory=lambda: touchplay.start(GAME))
    reach: Reach | None = None
    pattern: tuple[int, ...] = ()
    rounds: int = 0
    won: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock)

    def feel(self, reach: Reach) -> None:
        """The Devil turns the tray; the player feels the glasses at reach."""
        if self.devil == "adversarial":
            options = sorted(touchplay.patterns(GAME, self.belief, reach))
            best = max(_worth(self.belief, reach, p) for p in options)
            pick = self.rng.choice([p for p in options if _worth(self.belief, reach, p) == best])
            shown = sorted(x for x in self.belief if touchplay.felt(GAME, x, reach) == pick)
            self.x = self.rng.choice(shown)
        else:
            self.x = GAME.turn(self.x, Perm.turn(GAME.n, self.rng.randrange(GAME.n)))
        self.reach, self.pattern = reach, touchplay.felt(GAME, self.x, reach)

    def set(self, vals: tuple[int, ...]) -> None:
        """The felt glasses are set to vals; the bell rings if all four match."""
        assert self.reach is not None, "set only after a feel"
        reach, self.reach = self.reach, None
        self.rounds += 1
        if self.devil == "adversarial":
            could = {
                touchplay.set_to(GAME, x, reach, vals)
                for x in self.belief
                if touchplay.felt(GAME, x, reach) == self.pattern
            }
            quiet = sorted(x for x in could if not GAME.in_goal(x))
            self.x = self.rng.choice(quiet) if quiet else min(could)
        else:
            self.x = touchplay.set_to(GAME, self.x, reach, vals)
        self.won = GAME.in_goal(self.x)
        if self.won:
            self.belief = frozenset()
        else:
            self.belief = touchplay.after(GAME, self.belief, reach, self.pattern, vals)

    def state(self) -> dict[str, Any]:
        """What the player may know: the stage, the felt glasses, never the tray until the bell."""
        stage = "won" if self.won else "set" if self.reach is not None else "feel"
        classes = {min(GAME.turn(x, p) for p in GAME.turns) for x in self.belief}
        data: dict[str, Any] = {
            "devil": self.devil,
            "stage": stage,
            "rounds": self.rounds,
            "optimal": glasses_tree()["length"],
            "won": self.won,
            "bell": self.won,
            "reach": list(self.reach) if self.reach is not None else None,
            "felt": [WORDS[v] for v in self.pattern] if self.reach is not None else None,
            "possible": len(classes),
        }
        if self.won:
            data["glasses"] = [WORDS[v] for v in GAME.decode(self.x)]
        return data


def start_touch(devil: str, seed: int | None) -> TouchGame:
    """A new game from a random state that is not all the same (the bell has not rung)."""
    rng = random.Random(secrets.randbits(63) if seed is None else seed)
    return TouchGame(devil, rng, rng.choice(sorted(touchplay.start(GAME))))
