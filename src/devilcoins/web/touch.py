"""Glasses on a turning tray, as the page offers them: the touch games
``n=N hands=K goal=same observe=touch`` the library wins quickly, Gardner's four glasses
(N = 4, K = 2) first, and their words (glasses up or down).

Each round the Devil turns the tray unseen, the player reaches for K positions, feels whether each
glass is up or down and sets them as they like; the bell rings when all N match.  A state is a
number whose bit i is glass i (0 up, 1 down, as H and T in the library's tree).  The game itself
is the library's live game (``devilcoins.LiveGame``: its rules, beliefs and Devils); this module
says it in the page's words.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from devilcoins import Game, LiveGame, coach, solve

__all__ = [
    "GAME",
    "GLASSES",
    "TOUCH_GAMES",
    "TOUCH_GREYED",
    "count_words",
    "game_words",
    "not_offered",
    "reach_problem",
    "touch_game",
    "touch_games",
    "touch_greyed",
    "touch_replay",
    "touch_state",
    "touch_tree",
    "tray_words",
    "warm_touch_games",
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
#: Touch games a visitor may look for and the page does not play, each with why (the page greys
#: them out in the hands menu and says this): the figures are those above.
TOUCH_GREYED: dict[tuple[int, int], str] = {
    (8, 4): (
        "8 glasses with 4 hands take 9 rounds, but the coach (and the strongest Devil) read the "
        "value of every position the player can reach, which takes about 14 s and 1 GB to work "
        "out: too slow for this page. Its strategy is solved in about a second: "
        "devilcoins solve 8 --hands 4 --goal same --observe touch"
    ),
}

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
    if (n, k) in TOUCH_GREYED:
        return f"{n} glasses with {k} hands is not offered here: {TOUCH_GREYED[n, k]}"
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
        "how": verdict.how.value,
        **verdict.tree.strategy_json(),
        "words": {"H": "up", "T": "down"},
    }


def warm_touch_games() -> None:
    """Work out, for every game offered, its tree and what the coach and the strongest Devil
    read (the value of every belief), so that no visitor's Feel waits for it: about 3 s of one
    CPU, once a server."""
    for n, k in TOUCH_GAMES:
        touch_tree(n, k)
        coach(touch_game(n, k))


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


def touch_greyed() -> list[dict[str, Any]]:
    """The games the page shows but does not play (``TOUCH_GREYED``): glasses, hands, why."""
    return [{"glasses": n, "hands": k, "why": why} for (n, k), why in TOUCH_GREYED.items()]


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


def _words(values: list[int] | None) -> list[str] | None:
    """Values as the page says them ("up", "down"), or None."""
    return None if values is None else [WORDS[v] for v in values]


def touch_state(game_id: str, live: LiveGame) -> dict[str, Any]:
    """What the player may know of a live touch game, in the page's words."""
    data = live.to_json()
    n, k = live.game.n, live.game.hands or 0
    state: dict[str, Any] = {
        "game": game_id,
        "devil": live.devil,
        "n": n,
        "hands": k,
        "game_words": game_words(n, k),
        "stage": data["stage"],
        "rounds": data["played"],
        "optimal": touch_tree(n, k)["length"],
        "won": live.won,
        "bell": live.won,
        "reach": data["reach"],
        "felt": _words(data["felt"]),
        "possible": data["possible"],
        "winnable": data.get("winnable"),
        "at_most": data.get("at_most"),
        "reason": data.get("reason", ""),
        "held": data.get("held", False),
        "lost": data.get("lost", False),
        "next_reach": data.get("next_reach"),
        "next_set": _words(data.get("next_values")),
        "judged": data.get("judged"),
    }
    if live.won:
        state["glasses"] = tray_words(live.game, live.x)
    return state


def touch_replay(live: LiveGame) -> list[dict[str, Any]]:
    """The replay's rounds, each glass "up" or "down" as the page draws it."""
    game = live.game
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
        for i, s in enumerate(live.replay(), start=1)
    ]
