"""The web API's limits and request models: every body and query is bounded and checked here.

Each model forbids unknown fields and is strict (a whole number is a JSON integer: never
``true``, ``4.0`` or ``"4"``); a value past a limit is refused by FastAPI with 422 before a
route runs.  ``check_game_fields`` and ``game_spec`` serve the models and ``/api/solve`` alike.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, model_validator

from devilcoins import Can, Game, LiveGame, capabilities
from devilcoins.core.resources import CACHED_GAMES

__all__ = [
    "MAX_BODY_BYTES",
    "MAX_DEVIL_MOVES",
    "MAX_DEVIL_TEXT",
    "MAX_GAME_STATES",
    "MAX_PLAY_N",
    "MAX_PLAY_VALUES",
    "MAX_TOUCH_GLASSES",
    "MAX_VERIFY_MOVES",
    "MAX_VERIFY_N",
    "SUMMARY_MOVES",
    "DevilParse",
    "DevilTurn",
    "GameRef",
    "GoalName",
    "GroupName",
    "NewGame",
    "ObserveName",
    "PlayMove",
    "TouchFeel",
    "TouchNew",
    "TouchSet",
    "VerifyRequest",
    "WhyTurn",
    "check_game_fields",
    "game_spec",
    "page_game",
    "play_refusal",
]

#: The largest N for live games and for the strategy browser with beliefs.
MAX_PLAY_N = 8

#: The largest N the verify endpoint takes (the construction for 16 coins has 65,535 moves).
MAX_VERIFY_N = 16

#: The most moves the verify endpoint reads.
MAX_VERIFY_MOVES = 70_000

#: The moves of the N = 16 construction the strategy endpoint lists.
SUMMARY_MOVES = 64

#: The most states (values^n) a live game of another kind, or /api/solve, takes.
MAX_GAME_STATES = 4096

#: The most values per position in a live game of another kind.
MAX_PLAY_VALUES = 5

GroupName = Literal["cyclic", "dihedral", "none", "full"]
GoalName = Literal["zero", "same"]
#: What the player of a live game learns after each move: nothing, everything, or the count.
ObserveName = Literal["blind", "sight", "count"]

#: The most moves the Devil's game ("Be the Devil") takes.
MAX_DEVIL_MOVES = 300

#: The longest strategy text the Devil's game reads (300 moves of 8 positions fit easily).
MAX_DEVIL_TEXT = 30_000

#: The largest request body read (70,000 moves of 16 positions fit in about 3 MB).
MAX_BODY_BYTES = 4_000_000


def whole_text(value: object) -> object:
    """A number in a query or a path as the command line reads one: the digits 0-9 alone, with
    no sign, space, underscore or leading zero (FastAPI alone would read '04', '+4' and ' 4').

    >>> whole_text("12"), whole_text(0)
    ('12', 0)
    >>> whole_text("04")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: a whole number written with the digits 0-9 alone ...
    """
    if isinstance(value, str) and not re.fullmatch(r"0|[1-9][0-9]{0,18}", value):
        raise ValueError(
            "a whole number written with the digits 0-9 alone (no sign, space, underscore or "
            "leading zero)"
        )
    return value


#: The check of a number in a query or a path (``whole_text``), for Annotated[int, Whole, ...].
Whole = BeforeValidator(whole_text)

Position = Annotated[int, Field(ge=0, le=63)]
GameId = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[0-9a-f]+$")]


#: The most values a position may hold in a live game, by what the player learns: the count
#: game's search for dials outgrows the page.
MOST_VALUES = {"blind": MAX_PLAY_VALUES, "sight": MAX_PLAY_VALUES, "count": 2}


#: A kind of game by what the player learns, as a refusal names it (the menu's words too).
GAME_WORDS = {"count": "the count game (“how many tails”)"}


#: The most coins of a count game with no turning on the page: its beliefs are sets of all
#: 2^n states (6 coins: 2 s; 8 coins took 275 s and 4 GB before the search gave up).
MOST_COUNT_UNTURNED = 6


def check_game_fields(
    n: int, values: int, hands: int | None, observe: str = "blind", group: str = "cyclic"
) -> None:
    """Raise ValueError unless hands fits n, values^n states fit the page, and the values fit
    what the player learns (a count game: coins only, and with no turning at most 6 coins)."""
    if observe == "count" and group == "none" and n > MOST_COUNT_UNTURNED:
        raise ValueError(
            f"the page plays the count game with no turning up to {MOST_COUNT_UNTURNED} coins: "
            f"with {n} the search outgrows it (devilcoins solve takes it, with its limits)"
        )
    if values > MOST_VALUES[observe]:
        raise ValueError(
            f"the page plays {GAME_WORDS.get(observe, observe)} with coins only, not dials of "
            f"{values} faces (devilcoins solve takes them)"
        )
    if hands is not None and hands > n:
        raise ValueError(f"hands must be 1..{n} (positions a move may touch), got {hands}")
    if values**n > MAX_GAME_STATES:
        things = "coins" if values == 2 else f"dials of {values} faces"
        raise ValueError(
            f"{n} {things} make {values**n:,} states, more than the page plays "
            f"({MAX_GAME_STATES:,}); use fewer positions or values"
        )


@lru_cache(maxsize=CACHED_GAMES)
def game_spec(
    n: int, values: int, group: str, goal: str, hands: int | None, observe: str = "blind"
) -> Game:
    """The library's game for the page's fields (cached: its tables are cached by value)."""
    fields = {"n": str(n), "values": str(values), "group": group, "goal": goal}
    fields["observe"] = observe
    if hands is not None:
        fields["hands"] = str(hands)
    return Game.from_fields(fields)


def page_game(
    n: int, values: int, group: str, goal: str, hands: int | None, observe: str = "blind"
) -> Game:
    """The game the page's fields name, once they pass the page's own checks
    (``check_game_fields``); raises ValueError (a DevilcoinsError for the game's own fields)
    when the page does not take it.

    >>> str(page_game(4, 3, 'cyclic', 'same', None))
    'n=4 values=3 goal=same'
    """
    check_game_fields(n, values, hands, observe, group)
    return game_spec(n, values, group, goal, hands, observe)


def play_refusal(game: Game) -> str | None:
    """Why the Play section plays no live game of this game: its family coaches none (the page
    judges every move; the family's own words), or none starts (``LiveGame.refusal``); None
    when it plays one.  ``/api/new`` refuses with these words, and ``/api/menus`` greys out
    with them.

    >>> play_refusal(Game(4)) is None
    True
    >>> print(play_refusal(Game.parse('n=3 devil_moves=1,2,0')))  # doctest: +ELLIPSIS
    the coach advises from the classes of the Devil's group; against a restricted Devil ...
    """
    coached = capabilities(game).refusal(Can.COACH)
    return coached if coached is not None else LiveGame.refusal(game)


def _check_positions(n: int, moves: list[list[int]]) -> None:
    for i, move in enumerate(moves, 1):
        if any(p >= n for p in move):
            raise ValueError(
                f"move {i} names position {max(move)}, but with {n} coins positions are 0..{n - 1}"
            )


class NewGame(BaseModel):
    """Start a game: N coins, the Devil's kind, and an optional seed for repeatable play."""

    model_config = ConfigDict(extra="forbid", strict=True)
    n: int = Field(ge=1, le=MAX_PLAY_N)
    devil: Literal["random", "greedy", "adversarial"] = "random"
    seed: int | None = Field(default=None, ge=0, le=2**63 - 1)
    values: int = Field(default=2, ge=2, le=MAX_PLAY_VALUES)
    group: GroupName = "cyclic"
    goal: GoalName = "zero"
    hands: int | None = Field(default=None, ge=1, le=MAX_PLAY_N)
    observe: ObserveName = "blind"

    @model_validator(mode="after")
    def _fits(self) -> NewGame:
        check_game_fields(self.n, self.values, self.hands, self.observe, self.group)
        return self

    @property
    def is_coins(self) -> bool:
        """Whether every game field is the default: the coin game."""
        fields = (self.values, self.group, self.goal, self.hands, self.observe)
        return fields == (2, "cyclic", "zero", None, "blind")

    def spec(self) -> Game:
        """The game these fields name."""
        return game_spec(self.n, self.values, self.group, self.goal, self.hands, self.observe)


class PlayMove(BaseModel):
    """One move in a game: the positions to flip (each at most once), or for dials the amount to
    turn each position (values, one a position)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    game: GameId
    positions: list[Position] = Field(max_length=MAX_PLAY_N)
    values: list[Annotated[int, Field(ge=0, lt=MAX_PLAY_VALUES)]] | None = Field(
        default=None, max_length=MAX_PLAY_N
    )

    @model_validator(mode="after")
    def _once_each(self) -> PlayMove:
        twice = next((p for i, p in enumerate(self.positions) if p in self.positions[:i]), None)
        if twice is not None:  # as the command line refuses '0 0'
            raise ValueError(f"position {twice} is named twice: name each position once")
        return self


class GameRef(BaseModel):
    """A reference to a game."""

    model_config = ConfigDict(extra="forbid", strict=True)
    game: GameId


class VerifyRequest(BaseModel):
    """A strategy to verify: N coins and the moves, each a list of positions below N."""

    model_config = ConfigDict(extra="forbid", strict=True)
    n: int = Field(ge=1, le=MAX_VERIFY_N)
    moves: list[Annotated[list[Position], Field(max_length=MAX_VERIFY_N)]] = Field(
        max_length=MAX_VERIFY_MOVES
    )

    @model_validator(mode="after")
    def _positions_below_n(self) -> VerifyRequest:
        _check_positions(self.n, self.moves)
        return self


class DevilTurn(BaseModel):
    """One turn in "Be the Devil": the strategy, the coins as they lie, the move and the turn."""

    model_config = ConfigDict(extra="forbid", strict=True)
    n: int = Field(ge=1, le=MAX_PLAY_N)
    moves: list[Annotated[list[Position], Field(max_length=MAX_PLAY_N)]] = Field(
        min_length=1, max_length=MAX_DEVIL_MOVES
    )
    coins: str = Field(min_length=1, max_length=MAX_PLAY_N, pattern=r"^[HTht]+$")
    move_index: int = Field(ge=0, lt=MAX_DEVIL_MOVES)
    r: int = Field(ge=0, lt=MAX_PLAY_N)

    @model_validator(mode="after")
    def _fits_n(self) -> DevilTurn:
        _check_positions(self.n, self.moves)
        if len(self.coins) != self.n:
            raise ValueError(
                f"coins {self.coins!r} have {len(self.coins)} letters but N = {self.n}"
            )
        if self.move_index >= len(self.moves):
            raise ValueError(
                f"move_index {self.move_index} is past the strategy: its {len(self.moves)} "
                f"moves are 0..{len(self.moves) - 1}"
            )
        if self.r >= self.n:
            raise ValueError(
                f"turn r = {self.r} is off the table: with {self.n} coins r is 0..{self.n - 1}"
            )
        return self


class DevilParse(BaseModel):
    """A strategy typed for "Be the Devil": one move a line, for N coins."""

    model_config = ConfigDict(extra="forbid", strict=True)
    n: int = Field(ge=1, le=MAX_PLAY_N)
    text: str = Field(max_length=MAX_DEVIL_TEXT)


class WhyTurn(BaseModel):
    """One move against the Devil's certificate: N coins, the table as it lies, the move."""

    model_config = ConfigDict(extra="forbid", strict=True)
    n: int = Field(ge=1, le=MAX_PLAY_N)
    coins: str = Field(min_length=1, max_length=MAX_PLAY_N, pattern=r"^[HTht]+$")
    move: list[Position] = Field(max_length=MAX_PLAY_N)

    @model_validator(mode="after")
    def _fits_n(self) -> WhyTurn:
        off = [p for p in self.move if p >= self.n]
        if off:
            raise ValueError(
                f"position {off[0]} is off the table: with {self.n} coins they are 0..{self.n - 1}"
            )
        if len(self.coins) != self.n:
            raise ValueError(
                f"coins {self.coins!r} have {len(self.coins)} letters but N = {self.n}"
            )
        return self


#: The glasses on a tray (devilcoins.web.touch): at most 8 glasses, fewer hands than glasses;
#: the route refuses a game it does not offer, and a reach or a setting that does not fit it.
MAX_TOUCH_GLASSES = 8


class TouchNew(BaseModel):
    """Start a touch game: its glasses and hands (the four glasses by default), the Devil's kind
    and an optional seed."""

    model_config = ConfigDict(extra="forbid", strict=True)
    glasses: int = Field(default=4, ge=2, le=MAX_TOUCH_GLASSES)
    hands: int = Field(default=2, ge=1, lt=MAX_TOUCH_GLASSES)
    devil: Literal["random", "greedy", "adversarial"] = "adversarial"
    seed: int | None = Field(default=None, ge=0, le=2**63 - 1)


class TouchFeel(BaseModel):
    """Reach for as many glasses as the game has hands: their positions on the tray as the
    player faces it (0 to one less than the glasses)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    game: GameId
    positions: list[Annotated[int, Field(ge=0, lt=MAX_TOUCH_GLASSES)]] = Field(
        min_length=1, max_length=MAX_TOUCH_GLASSES - 1
    )


class TouchSet(BaseModel):
    """Set the glasses just felt: "up" or "down" each, in the order they were named."""

    model_config = ConfigDict(extra="forbid", strict=True)
    game: GameId
    glasses: list[Literal["up", "down"]] = Field(min_length=1, max_length=MAX_TOUCH_GLASSES - 1)
