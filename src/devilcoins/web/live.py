"""The live games: one class over any blind game, and the store that keeps them for an app.

A live game holds the hidden state (a state number of its devilcoins.core.game.Game), the
Devil (one of ``devilcoins.devil``'s family) and the player's belief as class numbers of the
game's tables.  Each move is one step of the one play loop (``devilcoins.playing.play``) and the
belief follows the one rule (``devilcoins.playing.update``); nothing here knows a game's rules.
Classes are named by the alphabetically first text of their states: for coins, the notebook's
canonical sequences.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

import numpy as np
from fastapi import HTTPException

from devilcoins.advice import next_move
from devilcoins.core.game import Game as GameSpec
from devilcoins.core.tables import tables
from devilcoins.devil import Holdout, heard, live_devil, live_start
from devilcoins.playing import Devil, Step, play, still_possible, update
from devilcoins.results import game_words
from devilcoins.web.models import NewGame

__all__ = ["MAX_GAMES", "LiveGame", "LiveGames", "class_name", "start_game"]

#: Games kept at once; past this the oldest game is dropped.
MAX_GAMES = 1000


def class_name(spec: GameSpec, k: int) -> str:
    """Class k of the game's tables, as the player sees it: its alphabetically first state."""
    by_text = tables(spec, "text")
    rep = int(tables(spec).reps[k])
    return spec.state_text(int(by_text.reps[by_text.index_of[rep]]))


@dataclass
class LiveGame:
    """One live game: the hidden state x, the Devil, and what the player knows (belief)."""

    spec: GameSpec
    devil: str
    x: int
    turn: Devil
    belief: list[int]
    moves: list[list[int]] = field(default_factory=list)
    won: bool = False
    peeked: bool = False
    #: the moves played with what was hidden; against the holdout Devil, those settled by a peek
    steps: list[Step] = field(default_factory=list)
    #: the holdout Devil (the strongest of a blind game), who holds no state until a peek
    holdout: Holdout | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def n(self) -> int:
        """The number of positions."""
        return self.spec.n

    def text(self) -> str:
        """The hidden state as text: coins 'HTTH', or digits for more values."""
        return self.spec.state_text(self.x)

    def state(self) -> dict[str, Any]:
        """What the player may see: the classes still possible, never the state unless won or
        the game is one of sight; the count heard in a count game; the optimal next move."""
        # the player hears when the goal shows, so until then the goal's classes are ruled out
        known = self.belief if self.won else still_possible(self.spec, self.belief)
        data: dict[str, Any] = {
            "n": self.n,
            "devil": self.devil,
            "moves": len(self.moves),
            "belief": sorted(class_name(self.spec, k) for k in known),
            "belief_size": len(known),
            "game_words": game_words(self.spec),
            "won": self.won,
            "peeked": self.peeked,
        }
        if not self.spec.is_coins:
            data["game_text"] = str(self.spec)
            data["values"] = self.spec.values
            data["observe"] = self.spec.observe
        if self.won or self.spec.observe == "sight":
            data["coins"] = self.text()
        if self.spec.observe == "count" and self.moves:
            data["heard"] = sum(v != 0 for v in self.spec.decode(self.x))
        best = None if self.won else next_move(self.spec, self.encoded, self.x, known)
        data["optimal"] = None if best is None else list(self.spec.decode(best))
        return data

    @property
    def encoded(self) -> list[int]:
        """The moves played, as the game's move numbers."""
        return [self.spec.encode(v) for v in self.moves]

    def play(self, vec: list[int]) -> None:
        """The Devil turns, then the move (an amount a position) is added; the belief follows.

        Against the holdout Devil the state is any he still holds (he commits to none)."""
        move = self.spec.encode(vec)
        self.moves.append(vec)
        if self.holdout is not None:
            self.won = self.holdout.move(move)
            self.x = int(np.flatnonzero(self.holdout.layers[-1])[0])
        else:
            (step,) = play(self.spec, [move], self.x, self.turn, first=len(self.moves))
            self.x = step.after
            self.steps.append(step)
            self.won = self.spec.in_goal(self.x)
        tab = tables(self.spec)
        here = [int(tab.index_of[self.x])]
        if self.won or self.spec.observe == "sight":
            self.belief = here  # won, the player is told; in sight they see the table
        elif self.spec.observe == "count":
            after = update(self.spec, self.belief, move)
            self.belief = [k for k in range(tab.size) if heard(self.spec, after, self.x) >> k & 1]
        else:
            self.belief = update(self.spec, self.belief, move)

    def peek(self) -> None:
        """The player looks: the holdout Devil settles on the line he played so far."""
        self.peeked = True
        if self.holdout is not None:
            self.steps = self.played()
            self.holdout = Holdout.start(self.spec, [self.x])

    def played(self) -> list[Step]:
        """The moves so far with what was hidden (the holdout Devil's line, chosen now)."""
        if self.holdout is None:
            return list(self.steps)
        return self.steps + list(self.holdout.line(self.x, first=len(self.steps) + 1))

    def replay(self) -> list[dict[str, Any]]:
        """Every move with what was hidden: the state, the Devil's turn (r, as coins[r:] +
        coins[:r]; None for a turn that is no rotation), the state turned, the move, after."""
        spec = self.spec
        return [
            {
                "before": spec.state_text(s.before),
                "turn": s.rotation(spec),
                "turned": spec.state_text(s.turned),
                "move": list(spec.decode(s.move)),
                "positions": [i for i, v in enumerate(spec.decode(s.move)) if v],
                "after": spec.state_text(s.after),
            }
            for s in self.played()
        ]


def start_game(req: NewGame) -> LiveGame:
    """A new game from a random state outside the goal; the coins stay hidden.

    For the adversarial Devil of a blind game the state is not chosen at all: he is the holdout
    Devil (devilcoins.devil.Holdout), who keeps every start the player cannot rule out.
    """
    seed = secrets.randbits(63) if req.seed is None else req.seed
    rng = np.random.default_rng(seed)
    spec = req.spec()
    x = live_start(spec, req.devil, rng)
    if x is None:
        raise HTTPException(400, f"every state of {spec} is in the goal: there is nothing to play")
    turn = live_devil(spec, req.devil, rng)
    # the player knows every class, or in sight the one they see
    tab = tables(spec)
    known = [int(tab.index_of[x])] if spec.observe == "sight" else range(tab.size)
    game = LiveGame(spec, req.devil, x, turn, list(known))
    if req.devil == "adversarial" and spec.observe == "blind" and spec.devil_moves is None:
        game.holdout = Holdout.start(spec, np.flatnonzero(tab.index_of >= tab.n_goal).tolist())
    return game


G = TypeVar("G")


class LiveGames(Generic[G]):
    """The live games of one app by id, at most ``limit`` (past it the oldest is dropped).

    The blind games keep ``LiveGame``s, the glasses on a tray (devilcoins.web.touch) their own."""

    def __init__(self, limit: int = MAX_GAMES):
        self.limit = limit
        self._games: OrderedDict[str, G] = OrderedDict()
        self._lock = threading.Lock()

    def add(self, game: G) -> str:
        """Keep game under a new random id, dropping the oldest games past the limit."""
        game_id = secrets.token_hex(8)
        with self._lock:
            self._games[game_id] = game
            while len(self._games) > self.limit:
                self._games.popitem(last=False)
        return game_id

    def find(self, game_id: str) -> G:
        """The game with this id, or a 404 saying it is gone."""
        with self._lock:
            game = self._games.get(game_id)
        if game is None:
            raise HTTPException(404, f"no game {game_id!r}: it never existed or was dropped")
        return game
