"""The live games: one class over any blind game, and the store that keeps them for an app.

A live game holds the hidden state (a state number of its devilcoins.core.game.Game), the
Devil, and the player's belief as class numbers of the game's tables.  The coin game
(``Game(n)``, every field at its default) is the special case: its belief reads as canonical
coin sequences, it carries no ``game_text``/``values`` fields, and its Devils are the coin
game's own (devilcoins.web.devils).
"""

from __future__ import annotations

import random
import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

import numpy as np
from fastapi import HTTPException

from devilcoins.coins.notation import Coins, Move
from devilcoins.core.game import Game as GameSpec
from devilcoins.core.tables import tables
from devilcoins.web.devils import coin_turn, start_coins, start_state, table_turn
from devilcoins.web.models import NewGame
from devilcoins.web.replay import ReplayStep, rotation

__all__ = ["MAX_GAMES", "LiveGame", "LiveGames", "start_game"]

#: Games kept at once; past this the oldest game is dropped.
MAX_GAMES = 1000


@dataclass
class LiveGame:
    """One live game: the hidden state x, the Devil, and what the player knows (belief)."""

    spec: GameSpec
    devil: str
    x: int
    rng: random.Random
    belief: set[int]
    moves: list[list[int]] = field(default_factory=list)
    won: bool = False
    peeked: bool = False
    steps: list[ReplayStep] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def n(self) -> int:
        """The number of positions."""
        return self.spec.n

    @property
    def coins(self) -> bool:
        """Whether this is the coin game (H/T canonical beliefs, the coin game's Devils)."""
        return self.spec.is_coins

    def text(self) -> str:
        """The hidden state as text: coins 'HTTH', or digits for more values."""
        return self.spec.state_text(self.x)

    def class_text(self, k: int) -> str:
        """Class k as the player sees it: the canonical coins, or the class's smallest state."""
        text = self.spec.state_text(int(tables(self.spec).reps[k]))
        return str(Coins(text).canonical()) if self.coins else text

    def state(self) -> dict[str, Any]:
        """What the player may see: the classes still possible, never the state unless won."""
        data: dict[str, Any] = {
            "n": self.n,
            "devil": self.devil,
            "moves": len(self.moves),
            "belief": sorted(self.class_text(k) for k in self.belief),
            "belief_size": len(self.belief),
            "won": self.won,
            "peeked": self.peeked,
        }
        if not self.coins:
            data["game_text"] = str(self.spec)
            data["values"] = self.spec.values
        if self.won:
            data["coins"] = self.text()
        return data

    def _turned(self, vec: list[int], move: int) -> tuple[int, int | None]:
        """The state after the Devil's turn (before the move is added), and the turn r when the
        turn is ``Coins.rotate(r)`` (the coin game's Devil's own r; else found, or None)."""
        if self.coins:
            coins = Coins(self.text())
            r = coin_turn(self.devil, coins, Move(i for i, v in enumerate(vec) if v), self.rng)
            return coins.rotate(r).tails_mask, r
        turned = table_turn(self.spec, self.devil, self.x, move, self.rng)
        return turned, rotation(self.text(), self.spec.state_text(turned))

    def play(self, vec: list[int]) -> None:
        """The Devil turns, then the move (an amount a position) is added; the belief follows."""
        tab = tables(self.spec)
        move = self.spec.encode(vec)
        before = self.text()
        turned, r = self._turned(vec, move)
        self.x = int(tab.add(np.array([turned]), move)[0])
        self.moves.append(vec)
        self.steps.append(ReplayStep(vec, before, r, self.spec.state_text(turned), self.text()))
        self.won = bool(tab.index_of[self.x] < tab.n_goal)
        if self.won:
            self.belief = {int(tab.index_of[self.x])}
            return
        # the coin game updates as the notebook do (devilcoins.coins.notebook.update): classes in
        # the goal stay as they are; the other games move every class of the belief
        stay = {k for k in self.belief if k < tab.n_goal} if self.coins else set()
        parts = [
            tab.orbit_states[tab.orbit_start[k] : tab.orbit_start[k + 1]]
            for k in sorted(self.belief - stay)
        ]
        after = tab.add(np.concatenate(parts), move)
        self.belief = stay | {int(k) for k in np.unique(tab.index_of[after])}


def start_game(req: NewGame) -> LiveGame:
    """A new game from a random state outside the goal; the coins stay hidden.

    For the adversarial Devil the state starts where that Devil can keep the game from being won
    when it can (the certificate's safe set for coins, outside the chain's zone otherwise).
    """
    seed = secrets.randbits(63) if req.seed is None else req.seed
    rng = random.Random(seed)
    spec = req.spec()
    if spec.is_coins:
        x = start_coins(req.n, req.devil, rng).tails_mask
    else:
        found = start_state(spec, req.devil, rng)
        if found is None:
            raise HTTPException(
                400, f"every state of {spec} is in the goal: there is nothing to play"
            )
        x = found
    return LiveGame(spec, req.devil, x, rng, set(range(tables(spec).size)))


G = TypeVar("G")


class LiveGames(Generic[G]):
    """The live games of one app by id, at most ``limit`` (past it the oldest is dropped).

    The blind games keep ``LiveGame``s, the four glasses (devilcoins.web.touch) their own."""

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
