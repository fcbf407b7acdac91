"""What every route answers, as pydantic models: the API's schema (``/openapi.json``) and a
check on every answer.

Each model is built from the library's own JSON of a result (``Verdict.to_json``,
``Verification.to_json``, ``LiveGame.to_json``, ...), with the page's words added where the page
shows them.  Routes that answer a field only when it applies (a count heard, the coins seen)
leave it unset, and FastAPI leaves unset fields out (``response_model_exclude_unset``).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

__all__ = [
    "DevilParsed",
    "DevilTurned",
    "Health",
    "Pending",
    "PlayReplay",
    "PlayState",
    "Solved",
    "StrategyShown",
    "TouchGames",
    "TouchReplay",
    "TouchState",
    "TouchTree",
    "Verified",
    "WhyDevil",
    "WhyStrategy",
    "WhyTurned",
]

#: A turn as JSON: r for the cyclic group, else a permutation.
Turn = int | list[int]


class Health(BaseModel):
    """Liveness and the package version."""

    ok: bool
    version: str
    warm: bool


class Pending(BaseModel):
    """A verdict being worked out (202): ask again after Retry-After."""

    pending: bool
    detail: str


class Judged(BaseModel):
    """The coach's judgement of the last move (``results.judgement.Judgement``): the best
    move's value here, this move's (None: the Devil can now hold the game), the cost, the mark
    (✓, ?! or ??) and the line."""

    action: str
    best: int
    value: int | None
    cost: int | None
    mark: str
    text: str


class PlayState(BaseModel):
    """A live blind, sight or count game as the player may know it (``LiveGame.to_json``)."""

    game: str
    n: int
    devil: str
    moves: int
    belief: list[str]
    belief_size: int
    game_words: str
    won: bool
    peeked: bool
    optimal: list[int] | None
    winnable: bool | None = None
    at_most: int | None = None
    reason: str | None = None
    held: bool | None = None
    lost: bool | None = None
    game_text: str | None = None
    values: int | None = None
    observe: str | None = None
    coins: str | None = None
    heard: int | None = None
    judged: Judged | None = None


class PlayStep(BaseModel):
    """One move with what was hidden: the coins as they lay, the turn, the move, after it."""

    before: str
    turn: int | None
    turned: str
    move: list[int]
    positions: list[int]
    after: str


class PlayReplay(BaseModel):
    """Every move of a won or peeked game, with what was hidden."""

    game: str
    n: int
    devil: str
    won: bool
    peeked: bool
    coins: str
    steps: list[PlayStep]


class TouchOffered(BaseModel):
    """A touch game the page offers: glasses, hands, in words, the rounds it needs at most."""

    glasses: int
    hands: int
    game_words: str
    length: int | None


class TouchGreyed(BaseModel):
    """A touch game the page shows in its menus but does not play, and why."""

    glasses: int
    hands: int
    why: str


class TouchGames(BaseModel):
    """The touch games offered, the four glasses first, and those greyed out with why."""

    games: list[TouchOffered]
    greyed: list[TouchGreyed] = []


class TouchTree(BaseModel):
    """An offered touch game's optimal play: its tree nested, or its shared nodes."""

    game: str
    glasses: int
    hands: int
    game_words: str
    length: int | None
    how: str
    words: dict[str, str]
    tree: dict[str, Any] | None = None
    nodes: list[dict[str, Any]] | None = None


class TouchState(BaseModel):
    """A live touch game as the player may know it: the stage, the glasses felt."""

    game: str
    devil: str
    n: int
    hands: int
    game_words: str
    stage: str
    rounds: int
    optimal: int | None
    won: bool
    bell: bool
    reach: list[int] | None
    felt: list[str] | None
    possible: int
    glasses: list[str] | None = None
    winnable: bool | None = None
    at_most: int | None = None
    reason: str = ""
    held: bool = False
    lost: bool = False
    next_reach: list[int] | None = None
    next_set: list[str] | None = None
    judged: Judged | None = None


class TouchStep(BaseModel):
    """One round with what was hidden: the tray as it lay, turned, felt, set and after."""

    round: int
    before: list[str]
    turn: int | None
    turned: list[str]
    reach: list[int]
    felt: list[str]
    set: list[str]
    after: list[str]


class TouchReplay(BaseModel):
    """Every round of a won touch game, with what was hidden."""

    game: str
    devil: str
    n: int
    hands: int
    rounds: int
    won: bool
    glasses: list[str]
    steps: list[TouchStep]


class Solved(BaseModel):
    """A game's verdict (``Verdict.to_json``) and its first moves as amounts."""

    game: str
    n: int
    values: int
    winnable: bool
    length: int | None
    how: str
    method: str
    moves: list[list[int]]
    truncated: bool


class StrategyShown(BaseModel):
    """The coin game's shortest strategy with its beliefs (or Lamping's, for 16 coins)."""

    n: int
    winnable: bool
    length: int | None
    moves: list[list[int]]
    truncated: bool
    beliefs: list[list[str]] | None
    source: str
    message: str | None = None


class Counter(BaseModel):
    """A start and the Devil's turns that keep a strategy from winning."""

    start: str | None
    turns: list[Turn]


class Verified(BaseModel):
    """Whether a coin strategy wins (``Verification.to_json``), with a counterexample."""

    n: int
    moves: int
    wins: bool
    won_at: int | None
    counterexample: Counter | None = None


class WhyMove(BaseModel):
    """A move of the construction: doubled or single, and what is still possible after it."""

    index: int
    kind: str
    step: int
    inner: str
    flips: list[int]
    patterns: list[str]
    belief: int


class WhyStrategy(BaseModel):
    """The strategy for 2, 4 or 8 coins, move by move."""

    n: int
    start_patterns: list[str]
    moves: list[WhyMove]


class WhyDevil(BaseModel):
    """The sequences the Devil keeps n coins out of."""

    n: int
    kept_out: list[str]


class WhyTurned(BaseModel):
    """The Devil's answer to a move: his turn, and where the coins would have been without it."""

    n: int
    coins: str
    move: list[int]
    r: int
    turned: str
    after: str
    plain: str
    plain_kept_out: bool


class TurnJudged(BaseModel):
    """The coach's judgement of the Devil's turn (``results.judgement.TurnJudgement``): for
    each turn the move by which the strategy is then sure to win (None: it no longer is), the
    best turn, the mark and the line."""

    r: int
    won_by: list[int | None]
    best: int
    mark: str
    text: str


class DevilTurned(BaseModel):
    """One turn of "Be the Devil": the table turned, the move played, what came of it, and the
    coach's judgement of the turn."""

    n: int
    move_index: int
    r: int
    move: list[int]
    turned: str
    after: str
    won: bool
    done: bool
    judged: TurnJudged


class DevilParsed(BaseModel):
    """A typed strategy, read: its moves as positions."""

    n: int
    moves: list[list[int]]


class DevilChecked(BaseModel):
    """A typed strategy checked: its moves as positions, or what is wrong with it."""

    n: int
    moves: list[list[int]] | None
    problem: str | None
