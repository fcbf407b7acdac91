"""The live games an app keeps, by id (``devilcoins.LiveGame`` is the game itself)."""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from typing import Generic, TypeVar

from fastapi import HTTPException

__all__ = ["MAX_GAMES", "LiveGames"]

#: Games kept at once; past this the oldest game is dropped.
MAX_GAMES = 1000

G = TypeVar("G")


class LiveGames(Generic[G]):
    """The live games of one app by id, at most ``limit`` (past it the oldest is dropped)."""

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

    def put(self, game_id: str, game: G) -> None:
        """Keep game under an id the store holds (a game played again replaces itself), or a
        404 when the id is gone."""
        with self._lock:
            if game_id not in self._games:
                raise HTTPException(404, f"no game {game_id!r}: it never existed or was dropped")
            self._games[game_id] = game

    def find(self, game_id: str) -> G:
        """The game with this id, or a 404 saying it is gone."""
        with self._lock:
            game = self._games.get(game_id)
        if game is None:
            raise HTTPException(404, f"no game {game_id!r}: it never existed or was dropped")
        return game
