"""Glasses on a turning tray, live: the touch games ``n=N hands=K goal=same observe=touch`` the
library wins quickly, Gardner's four glasses (N = 4, K = 2) first.

Each round the Devil turns the tray unseen, the player reaches for K positions, feels whether each
glass is up or down and sets them as they like; the bell rings when all N match.  A state is a
number whose bit i is glass i (0 up, 1 down, as H and T in the library's tree).  The rules, the
beliefs and the values come from the library (``devilcoins.observed.touchplay``, over the one
touch solver): the adversarial Devil (the page's strongest) shows the felt pattern after which the
player's best setting leaves the most moves, and commits to no state until it must
(``touchplay.strongest_feel``, ``touchplay.strongest_set``); the greedy
Devil holds one state and turns the tray so that the most states feel alike
(``touchplay.greedy_turn``); the random Devil holds one state and turns the tray at random.
"""

from __future__ import annotations

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

__all__ = [
    "GAME",
    "GLASSES",
    "TOUCH_GAMES",
    "TouchGame",
    "count_words",
    "game_words",
    "not_offered",
    "reach_problem",
    "start_touch",
    "touch_game",
    "touch_games",
    "touch_tree",
    "tray_words",
]

#: The touch games the page offers, (glasses, hands), the four glasses first: every N = 2..8,
#: 1 <= K < N that the library wins and solves in well under a second.  Measured on the
#: development machine (2 CPUs, warm), solve(Game.parse(...)) then touch_values(...) of the start:
#: (2, 1) 0.001 s + 0.010 s, 1 round; (3, 2) 0.001 + 0.021, 2; (4, 2) 0.003 + 0.010, 5;
#: (4, 3) 0.001 + 0.008, 2; (5, 4) 0.001 + 0.009, 2; (6, 4) 0.005 + 0.015, 5;
#: (6, 5) 0.001 + 0.009, 2; (7, 6) 0.002 + 0.015, 2; (8, 5) 0.071 + 0.111, 8;
#: (8, 6) 0.010 + 0.020, 5; (8, 7) 0.002 + 0.015, 2.  Left out: (8, 4), won in 9 rounds, solves
#: in 0.95 s but its values (the strongest Devil's) take 14 s; (8, 2) and (8, 3), whose values
#: pass the search's limits (2-3 minutes, 6 GiB); and every other pair, which the Devil holds out
#: in forever (the library settles those at once: 1 hand for N >= 3, N = 5 with K <= 3, N = 6
#: with K <= 3, N = 7 with K <= 5).
TOUCH_GAMES: tuple[tuple[int, int], ...] = (
    (4, 2),
    (2, 1),
    (3, 2),
    (4, 3),
    (5, 4),
    (6, 4),
    (6, 5),
    (7, 6),
    (8, 5),
    (8, 6),
    (8, 7),
)

WORDS = ("up", "down")
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")

Belief = frozenset[int]
Reach = tuple[int, ...]


def touch_spec(n: int, k: int) -> str:
    """The touch game of n glasses and k hands, as the library writes it."""
    return f"n={n} hands={k} goal=same observe=touch"


@cache
def touch_game(n: int, k: int) -> Game:
    """The library's game of n glasses felt k at a time."""
    return Game.parse(touch_spec(n, k))


#: The four glasses, as the library writes them, and their game.
GLASSES = touch_spec(4, 2)
GAME = touch_game(4, 2)


def count_words(k: int, thing: str) -> str:
    """k things in words: 'one glass', 'three glasses', 'two hands'."""
    plural = "" if k == 1 else "es" if thing.endswith("s") else "s"
    return f"{NUMBER_WORDS[k]} {thing}{plural}"


def game_words(n: int, k: int) -> str:
    """The game in plain words: 'Four glasses, two hands'."""
    return f"{count_words(n, 'glass')}, {count_words(k, 'hand')}".capitalize()


def not_offered(n: int, k: int) -> str | None:
    """Why the page does not play n glasses with k hands (None when it does)."""
    if (n, k) in TOUCH_GAMES:
        return None
    offered = ", ".join(f"{a} glasses with {b} hand{'' if b == 1 else 's'}" for a, b in TOUCH_GAMES)
    return f"{n} glasses with {k} hand{'' if k == 1 else 's'} is not offered; offered: {offered}"


@cache
def touch_tree(n: int, k: int) -> dict[str, Any]:
    """The library's verdict for a touch game: its length and strategy tree (JSON: ``tree``
    nested, or ``nodes`` shared where it is large)."""
    verdict = solve(touch_game(n, k))
    assert verdict.tree is not None, "a touch game's verdict carries its tree"
    return {
        "game": touch_spec(n, k),
        "glasses": n,
        "hands": k,
        "game_words": game_words(n, k),
        "length": verdict.length,
        "how": verdict.how,
        **verdict.tree.strategy_json(),
        "words": {"H": "up", "T": "down"},
    }


def touch_games() -> list[dict[str, Any]]:
    """The games offered, the four glasses first: glasses, hands, the game in words and the
    rounds the optimal play needs at most."""
    return [
        {
            "glasses": n,
            "hands": k,
            "game_words": game_words(n, k),
            "length": touch_tree(n, k)["length"],
        }
        for n, k in TOUCH_GAMES
    ]


def reach_problem(game: Game, positions: list[int]) -> str | None:
    """What is wrong with a reach for this game (None when it fits): one glass a hand, each
    on the tray, none named twice."""
    k = game.hands or 0
    if len(positions) != k:
        return f"positions: feel {count_words(k, 'glass')} (one a hand), not {len(positions)}"
    for i, p in enumerate(positions):
        if p >= game.n:
            return (
                f"positions.{i}: glass {p} is not on the tray (its glasses are 0 to {game.n - 1})"
            )
    twice = next((p for i, p in enumerate(positions) if p in positions[:i]), None)
    if twice is not None:
        return f"feel {NUMBER_WORDS[k]} different glasses: position {twice} is named twice"
    return None


def tray_words(game: Game, x: int) -> list[str]:
    """The glasses of state x in words, glass 0 first: ['up', 'down', ...]."""
    return [WORDS[v] for v in game.decode(x)]


@dataclass
class TouchGame:
    """One game on the tray: the Devil, the states still possible, the round's stage and the
    rounds played (for the replay)."""

    game: Game
    devil: str
    rng: random.Random
    x: int
    belief: Belief = field(default_factory=frozenset)
    reach: Reach | None = None
    pattern: tuple[int, ...] = ()
    rounds: int = 0
    won: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock)
    #: every round played (the belief before it, the reach, the pattern felt, the values set)
    history: list[touchplay.Round] = field(default_factory=list)
    #: the tray before, turned and after each round, as a Devil who holds a state has it
    trays: list[tuple[int, int, int]] = field(default_factory=list)
    #: the tray before this round's turn
    before: int = 0

    def __post_init__(self) -> None:
        if not self.belief:
            self.belief = touchplay.start(self.game)

    def feel(self, reach: Reach) -> None:
        """The Devil turns the tray; the player feels the glasses at reach."""
        game = self.game
        self.before = self.x
        if self.devil == "adversarial":
            self.x = touchplay.strongest_feel(game, self.belief, reach, self.rng)
        elif self.devil == "greedy":
            turn = touchplay.greedy_turn(game, self.x, self.belief, reach, self.rng)
            self.x = game.turn(self.x, turn)
        else:
            self.x = game.turn(self.x, Perm.turn(game.n, self.rng.randrange(game.n)))
        self.reach, self.pattern = reach, touchplay.felt(game, self.x, reach)

    def set(self, vals: tuple[int, ...]) -> None:
        """The felt glasses are set to vals; the bell rings if all the glasses match."""
        assert self.reach is not None, "set only after a feel"
        game = self.game
        reach, self.reach = self.reach, None
        self.rounds += 1
        self.history.append(touchplay.Round(self.belief, reach, self.pattern, vals))
        turned = self.x
        if self.devil == "adversarial":
            self.x = touchplay.strongest_set(game, self.belief, reach, self.pattern, vals, self.rng)
        else:
            self.x = touchplay.set_to(game, self.x, reach, vals)
        self.trays.append((self.before, turned, self.x))
        self.won = game.in_goal(self.x)
        if self.won:
            self.belief = frozenset()
        else:
            self.belief = touchplay.after(game, self.belief, reach, self.pattern, vals)

    def replay(self) -> list[touchplay.Step]:
        """One line of play that agrees with every round: the trays a Devil who holds one had,
        or for the adversarial Devil (who commits to none) one traced back from the bell."""
        if self.devil == "adversarial":
            return touchplay.line_of_play(self.game, self.history, self.x)
        return [
            touchplay.step_of(self.game, before, turned, played, after)
            for played, (before, turned, after) in zip(self.history, self.trays, strict=True)
        ]

    def replay_json(self) -> list[dict[str, Any]]:
        """The replay's steps as JSON, each glass "up" or "down" as the page draws it."""
        game = self.game
        return [
            {
                "round": i,
                "before": tray_words(game, s.before),
                "turn": s.turn,
                "turned": tray_words(game, s.turned),
                "reach": list(s.reach),
                "felt": [WORDS[v] for v in s.felt],
                "set": [WORDS[v] for v in s.values],
                "after": tray_words(game, s.after),
            }
            for i, s in enumerate(self.replay(), start=1)
        ]

    def state(self) -> dict[str, Any]:
        """What the player may know: the stage, the felt glasses, never the tray until the bell."""
        game = self.game
        k = game.hands or 0
        stage = "won" if self.won else "set" if self.reach is not None else "feel"
        classes = {min(game.turn(x, p) for p in game.turns) for x in self.belief}
        data: dict[str, Any] = {
            "devil": self.devil,
            "n": game.n,
            "hands": k,
            "game_words": game_words(game.n, k),
            "stage": stage,
            "rounds": self.rounds,
            "optimal": touch_tree(game.n, k)["length"],
            "won": self.won,
            "bell": self.won,
            "reach": list(self.reach) if self.reach is not None else None,
            "felt": [WORDS[v] for v in self.pattern] if self.reach is not None else None,
            "possible": len(classes),
        }
        if self.won:
            data["glasses"] = tray_words(game, self.x)
        return data


def start_touch(devil: str, seed: int | None, n: int = 4, k: int = 2) -> TouchGame:
    """A new game of n glasses and k hands from a random state that is not all the same (the
    bell has not rung)."""
    rng = random.Random(secrets.randbits(63) if seed is None else seed)
    game = touch_game(n, k)
    return TouchGame(game, devil, rng, rng.choice(sorted(touchplay.start(game))))
