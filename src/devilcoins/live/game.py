"""What every live game shares (``LiveGame``): the state as it lies, the Devil, what the player
knows, the coach's word on it, and the JSON the page reads.

A game is started by ``LiveGame.start``, which asks the game's family how it is played
(``devilcoins.capabilities``): a move at a time (``live.moves.MoveGame``: blind, sight and
count) or in rounds, feel then set (``live.touch.TouchGame``).  Both answer the same questions;
a step of the other kind is refused in the family's words.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from devilcoins.core.errors import InvalidInput, NotSupported, TooLarge
from devilcoins.core.game import Game
from devilcoins.core.tables import class_table
from devilcoins.devil import DevilKind
from devilcoins.families import Family, class_text, family_of
from devilcoins.results.advice import Advice
from devilcoins.results.capabilities import Can
from devilcoins.results.judgement import Judgement

__all__ = ["ADVICE_KEPT", "LiveGame", "class_name"]

#: The most positions a live game remembers the coach's word on (``LiveGame.coach_of``).
ADVICE_KEPT = 64


def class_name(game: Game, k: int) -> str:
    """Class k of the game's tables, as the player sees it: its alphabetically first state
    (``families.class_text``, the one naming of a class).

    >>> class_name(Game(3), 1)
    'HHT'
    """
    return class_text(game, k)


@dataclass
class LiveGame:
    """One game in play: the state as it lies (x), the Devil, and what the player knows
    (belief: the classes still possible; the goal's left out while the game is on, as the
    player hears no bell).  ``start`` picks the kind of live game the family plays.

    >>> g = LiveGame.start(Game(2), 'adversarial', seed=1)  # the strongest Devil
    >>> g.move((1, 1)); g.move((1, 0)); g.won
    False
    >>> g.move((1, 1)); g.won, g.played
    (True, 3)
    >>> t = LiveGame.start(Game.parse('n=2 hands=1 goal=same observe=touch'), 'greedy', seed=3)
    >>> felt = t.feel((0,)); t.set((1 - felt[0],)); t.won
    True
    """

    game: Game
    devil: str
    x: int
    belief: list[int]
    won: bool = False
    peeked: bool = False
    #: the seed the game was started from (the same seed starts the same game) and the moves
    #: played before each peek: with them the game can be played again up to any move
    seed: int = 0
    peeks: list[int] = field(default_factory=list)
    #: (moves played and whether positions are held, the coach's advice then): the advice is
    #: worked out once a move (touch: once a feel and once a set).
    coached: tuple[tuple[int, bool], Advice | None] | None = field(
        default=None, repr=False, compare=False
    )
    #: the coach's judgement of the last move (a touch game's: of the last reach or setting)
    judged: Judgement | None = field(default=None, compare=False)
    advised: dict[tuple[int, ...], Advice] = field(default_factory=dict, repr=False, compare=False)
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)

    #: The kind of live game for a game played in rounds (True) and a move at a time (False):
    #: each kind registers itself (``class TouchGame(LiveGame, rounds=True)``).
    kinds: ClassVar[dict[bool, type[LiveGame]]] = {}

    def __init_subclass__(cls, rounds: bool | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if rounds is not None:
            LiveGame.kinds[rounds] = cls

    @classmethod
    def start(cls, game: Game, devil: str = "random", seed: int | None = None) -> LiveGame:
        """A new game from a random state outside the goal (where the strongest Devil cannot
        lose, when he has a certificate); the state stays hidden.  A game played in rounds
        (touch) is a ``TouchGame``, every other a ``MoveGame``."""
        DevilKind.parse(devil)
        refused = LiveGame.refusal(game)
        if refused is not None:
            raise InvalidInput(refused)
        seed = secrets.randbits(63) if seed is None else seed
        rounds = family_of(game).capabilities(game).can(Can.ROUNDS)
        return LiveGame.kinds[rounds].begin(game, devil, seed)

    @staticmethod
    def refusal(game: Game) -> str | None:
        """Why no live game of this game starts, in the words ``start`` refuses it with (every
        state is in the goal: nothing to play), or None when one starts.

        >>> LiveGame.refusal(Game.parse('n=1 goal=same'))
        'every state of n=1 goal=same is in the goal: there is nothing to play'
        >>> LiveGame.refusal(Game(4)) is None
        True
        """
        tab = class_table(game)
        if tab.n_goal == tab.size:
            return f"every state of {game} is in the goal: there is nothing to play"
        return None

    @classmethod
    def begin(cls, game: Game, devil: str, seed: int) -> LiveGame:
        """A new game of this kind (``start`` picks the kind)."""
        raise NotImplementedError

    @property
    def family(self) -> Family:
        """The game's family (its Devils, beliefs and coach)."""
        return family_of(self.game)

    # --- the steps: each kind plays its own, and refuses the other's ---------------------------

    def move(self, amounts: Sequence[int]) -> None:
        """The Devil turns, then the move (an amount a position) lands; the belief follows."""
        raise NotSupported(f"{self.game}: a touch game is played by feel, then set")

    def feel(self, reach: Sequence[int]) -> tuple[int, ...]:
        """The Devil turns the table; the player feels the positions reached (one a hand)."""
        raise NotSupported(self.family.capabilities(self.game).refusal(Can.ROUNDS) or "")

    def set(self, values: Sequence[int]) -> None:
        """The positions felt are set to values; the bell rings if the goal shows."""
        raise InvalidInput("feel first: only the positions held can be set")

    @property
    def played(self) -> int:
        """Moves (or touch rounds) played so far."""
        raise NotImplementedError

    @property
    def holding(self) -> bool:
        """Whether positions are held (a touch game between its feel and its setting)."""
        return self.held_positions is not None

    @property
    def held_positions(self) -> tuple[int, ...] | None:
        """The positions held, between a feel and its setting (None: none are held)."""
        return None

    def known(self) -> list[int]:
        """The classes the player cannot rule out (the goal's out while the game is on)."""
        return list(self.belief)

    def optimal(self) -> int | None:
        """The optimal next move from here (None: the Devil holds out, the game is won, or the
        game is played in rounds)."""
        return None

    def replay(self) -> list[Any]:
        """Every move with what was hidden; see each kind."""
        raise NotImplementedError

    def again(self, i: int, source: LiveGame) -> None:
        """Play move (round) i of source again in this game (``played_again``)."""
        raise NotImplementedError

    def kind_json(self) -> dict[str, Any]:
        """The fields only this kind of game has (``to_json``)."""
        raise NotImplementedError

    def peek(self) -> None:
        """The player looks (the game is marked as peeked at)."""
        self.peeked = True
        self.peeks.append(self.played)

    # --- shared -----------------------------------------------------------------------------

    def check_playing(self) -> None:
        """Refuse a step of a game that is over."""
        if self.won:
            raise InvalidInput("this game is already won: start a new one")
        if self.lost:
            raise InvalidInput("the Devil holds this game for ever: start a new one")

    @property
    def listens(self) -> bool:
        """Whether a move that changes nothing is worth playing (the player hears the count)."""
        return self.family.hears

    def known_names(self) -> list[str]:
        """The classes the player cannot rule out, each named by its first state."""
        return sorted(class_name(self.game, k) for k in self.known())

    def advice(self) -> Advice | None:
        """The coach's word on the position (``devilcoins.coach``; in a touch game where to
        reach, or, with positions held, what to set them to), worked out once a move; None where
        the coach cannot answer (too large, not supported)."""
        now = (self.played, self.holding)
        if self.coached is None or self.coached[0] != now:
            self.coached = (now, self._coach())
        return self.coached[1]

    def _coach(self) -> Advice | None:
        if self.won:
            return Advice(self.game, True, 0)
        try:
            return self.coach_here()
        except (TooLarge, NotSupported):
            return None

    def coach_here(self) -> Advice:
        """The coach's word on the position as it is (raises where it has none)."""
        return self.coach_of(self.known())

    def coach_of(self, known: Sequence[int]) -> Advice:
        """The coach's word on a position (the classes known), remembered for the game: the
        judgement of a move asks it of the position the move leaves, the next move's advice
        asks it again."""
        key = tuple(sorted(int(k) for k in known))
        if key not in self.advised:
            if len(self.advised) >= ADVICE_KEPT:
                self.advised.clear()
            self.advised[key] = self.family.coach(self.game, list(key))
        return self.advised[key]

    @property
    def held(self) -> bool:
        """Whether the player has done something (a move; touch: a feel) and the strongest
        Devil could now hold the game for ever (no play wins from here for sure)."""
        advice = self.advice()
        acted = self.played or self.holding
        return bool(acted and advice is not None and not advice.winnable)

    @property
    def lost(self) -> bool:
        """Whether the game is over, lost: the Devil playing is the strongest and he now holds
        the game for ever (a random or greedy Devil may still let the player through)."""
        return self.held and self.devil == DevilKind.ADVERSARIAL

    def to_json(self) -> dict[str, Any]:
        """What the player may know now: never the state unless the game is won (or the player
        sees the table); the classes still possible, the count heard, the optimal next move; for
        touch the stage of the round and the values felt.  Fields that do not apply are left
        out."""
        game = self.game
        data: dict[str, Any] = {
            "game": str(game),
            "n": game.n,
            "values": game.values,
            "observe": game.observe.value,
            "devil": self.devil,
            "played": self.played,
            "won": self.won,
            "peeked": self.peeked,
            "possible": len(self.known()),
        }
        if self.won or self.family.sees:
            data["state"] = game.state_text(self.x)
        return data | self.kind_json() | self.advice_json()

    def advice_json(self) -> dict[str, Any]:
        """The coach's fields (none where it has no word): winnable, at_most, the reason, lost."""
        advice = self.advice()
        if advice is None:
            return {}
        return {
            "winnable": advice.winnable,
            "at_most": advice.at_most,
            "reason": advice.reason,
            "held": self.held,
            "lost": self.lost,
        }

    def played_again(self, upto: int) -> LiveGame:
        """The same game (the same start and the same Devil's draws) with only its first upto
        moves (touch: rounds) played again: ``played_again(0)`` restarts it, ``played_again(
        played - 1)`` takes the last move back (touch: a feel not yet set is dropped too).  A
        game once peeked at stays marked as peeked.

        >>> g = LiveGame.start(Game(4), 'random', seed=7)
        >>> g.move([1, 0, 0, 0]); after_one = g.x; g.move([1, 1, 0, 0])
        >>> back = g.played_again(1)
        >>> back.played, back.x == after_one
        (1, True)
        """
        fresh = LiveGame.start(self.game, self.devil, self.seed)
        upto = max(0, min(upto, self.played))
        for i in range(upto):
            if i in self.peeks:
                fresh.peek()
            fresh.again(i, self)
        if upto in self.peeks:
            fresh.peek()
        fresh.peeked = self.peeked
        return fresh
