"""A game and its results in a visitor's words: the heading, the goal, the rules in a line.

>>> describe(Game(4)), goal_words(Game.parse('n=3 values=3 goal=same'))
('4 coins', 'all positions equal')
"""

from __future__ import annotations

from collections.abc import Iterable

from devilcoins.core.game import Game
from devilcoins.core.observe import Observe

__all__ = ["counted", "describe", "game_words", "goal_words", "listing", "moves_word"]


def describe(game: Game) -> str:
    """The game as a heading names it: '4 coins' for the coin game, else its text form."""
    if game.is_coins:
        return f"{game.n:,} coin" + ("" if game.n == 1 else "s")
    return str(game)


def counted(number: int, word: str) -> str:
    """'1 move', '2,048 moves': a count and its word, plural when it is not one.

    >>> counted(1, 'move'), counted(2048, 'belief')
    ('1 move', '2,048 beliefs')
    """
    return f"{number:,} {word}" + ("" if number == 1 else "s")


def moves_word(count: int) -> str:
    """'1 move' or '5 moves'."""
    return counted(count, "move")


def listing(items: Iterable[object]) -> str:
    """'0', '0 and 2', '0, 1 and 3'.

    >>> listing([0, 1, 3])
    '0, 1 and 3'
    """
    words = [str(x) for x in items]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def goal_words(game: Game) -> str:
    """The goal in words: 'all heads' for coins, 'every dial at 0', 'all positions equal'.

    >>> goal_words(Game(4)), goal_words(Game(3, values=3))
    ('all heads', 'every position at 0')
    """
    if game.goal == "same":
        return "all positions equal"
    if game.goal == "zero":
        return "all heads" if game.values == 2 else "every position at 0"
    return "a goal state"


#: What the Devil may do before each move, by the group's name, in a visitor's words.
_DEVIL_WORDS = {
    "cyclic": "the Devil turns the table",
    "dihedral": "the Devil turns the table or turns it over",
    "none": "the table stays put",
    "full": "the Devil shuffles the positions any way he likes",
}

#: What the player learns after each move, by the way of observing (none for blind).
_OBSERVE_WORDS = {
    Observe.TOUCH: "you feel {k} at a time and set them",
    Observe.SIGHT: "you see the table before you choose",
    Observe.COUNT: "you hear how many show {nonzero}",
}


def game_words(game: Game) -> str:
    """The game in a visitor's words, its pieces joined by semicolons.

    >>> game_words(Game(4))
    '4 coins; the Devil turns the table; goal: all heads'
    >>> game_words(Game.parse('n=3 values=3 hands=1 goal=same')).split('; ')[2:]
    ['each move changes one position', 'goal: all positions equal']
    """
    if game.value_group is not None:
        pieces = [f"{game.n} positions holding {game.value_group}"]
    elif game.values == 2:
        pieces = [f"{game.n} coin" + ("" if game.n == 1 else "s")]
    else:
        pieces = [f"{game.n} dial" + ("" if game.n == 1 else "s") + f" of {game.values} faces"]
    pieces.append(_DEVIL_WORDS.get(game.group.name, "the Devil moves the table by its own rules"))
    if game.hands is not None and not game.observe.feels:
        most = "one position" if game.hands == 1 else f"at most {game.hands} positions"
        pieces.append(f"each move changes {most}")
    learnt = _OBSERVE_WORDS.get(game.observe)
    if learnt is not None:
        nonzero = "tails" if game.values == 2 else "a face other than 0"
        pieces.append(learnt.format(k=game.hands, nonzero=nonzero))
    pieces.append(f"goal: {goal_words(game)}")
    return "; ".join(pieces)
