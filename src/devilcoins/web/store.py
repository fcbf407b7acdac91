"""The live games an app keeps, each client's its own (``devilcoins.LiveGame`` is the game).

A client is the page in one browser (the cookie the page is served with, ``CLIENT_COOKIE``) or,
for a caller with no cookie, its address.  Each client keeps at most ``GAMES_PER_CLIENT`` games
(past that its own oldest is dropped) and the app at most ``MAX_CLIENTS`` clients (past that the
one idle longest is dropped, with its games), so no client's games can push out another's, and
a game's id alone does not reach a game of another client (it is not found, as a game that never
existed is not).

>>> games = LiveGames()
>>> mine = games.add('a game', 'alice')
>>> games.find(mine, 'alice')
'a game'
>>> games.find(mine, 'mallory')
Traceback (most recent call last):
...
fastapi.exceptions.HTTPException: 404: no game ...: it never existed or was dropped
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Annotated, Any, Generic, Protocol, TypeVar

from fastapi import Depends, HTTPException, Request

__all__ = [
    "CLIENT_COOKIE",
    "GAMES_PER_CLIENT",
    "MAX_CLIENTS",
    "MAX_GAMES",
    "Client",
    "LiveGames",
    "client_of",
    "new_client_token",
]

#: Games one client keeps at once; past this its own oldest game is dropped.
GAMES_PER_CLIENT = 50

#: Clients the app keeps games for; past this the client idle longest is dropped.
MAX_CLIENTS = 200

#: The most games an app holds at once.
MAX_GAMES = GAMES_PER_CLIENT * MAX_CLIENTS

#: The cookie the page is served with: a random name for the browser that loaded it.
CLIENT_COOKIE = "devilcoins_client"


class Replayable(Protocol):
    """A live game that can be played again from its start (``LiveGame``)."""

    lock: threading.Lock

    def played_again(self, moves: int) -> Any: ...


G = TypeVar("G", bound=Replayable)


def client_of(request: Request) -> str:
    """Who is asking: the page's cookie when it is one the app could have set, else the
    caller's address (a script with no cookie jar keeps its games too)."""
    token = request.cookies.get(CLIENT_COOKIE, "")
    if len(token) == 32 and all(c in "0123456789abcdef" for c in token):
        return f"page {token}"
    host = request.client.host if request.client is not None else "unknown"
    return f"address {host}"


#: A route's client, as a parameter: ``client: Client``.
Client = Annotated[str, Depends(client_of)]


def new_client_token() -> str:
    """A fresh value for the client cookie."""
    return secrets.token_hex(16)


class LiveGames(Generic[G]):
    """The live games of one app: for each client, its games by id, newest last."""

    def __init__(self, per_client: int = GAMES_PER_CLIENT, clients: int = MAX_CLIENTS):
        self.per_client = per_client
        self.clients = clients
        self._games: OrderedDict[str, OrderedDict[str, G]] = OrderedDict()
        self._lock = threading.Lock()

    def add(self, game: G, client: str) -> str:
        """Keep game for client under a new random id; past the limits drop the client's own
        oldest game, then the client idle longest."""
        game_id = secrets.token_hex(8)
        with self._lock:
            own = self._touch(client)
            own[game_id] = game
            while len(own) > self.per_client:
                own.popitem(last=False)
            while len(self._games) > self.clients:
                self._games.popitem(last=False)
        return game_id

    def put(self, game_id: str, game: G, client: str) -> None:
        """Keep game under an id the client holds (a game played again replaces itself), or a
        404 when the client has no such game."""
        with self._lock:
            own = self._games.get(client)
            if own is None or game_id not in own:
                raise _gone(game_id)
            own[game_id] = game
            self._touch(client)

    def play_again(self, game_id: str, client: str, upto: Callable[[G], int]) -> G:
        """The client's game played again from its start up to upto(game) moves (which may
        refuse with an HTTPException), kept in its place: Undo and Restart."""
        live = self.find(game_id, client)
        with live.lock:
            again: G = live.played_again(upto(live))
        self.put(game_id, again, client)
        return again

    def find(self, game_id: str, client: str) -> G:
        """The client's game with this id, or a 404 saying it is gone."""
        with self._lock:
            own = self._games.get(client)
            game = None if own is None else own.get(game_id)
            if game is not None:
                self._touch(client)
        if game is None:
            raise _gone(game_id)
        return game

    def _touch(self, client: str) -> OrderedDict[str, G]:
        """The client's games, the client marked as the newest active (under the lock)."""
        own = self._games.setdefault(client, OrderedDict())
        self._games.move_to_end(client)
        return own


def _gone(game_id: str) -> HTTPException:
    return HTTPException(404, f"no game {game_id!r}: it never existed or was dropped")
