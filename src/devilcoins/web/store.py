"""The live games an app keeps, each client's its own (``devilcoins.LiveGame`` is the game).

A client is a browser that loaded the page: the page is served with a cookie the app signs
(``CLIENT_COOKIE``, ``client_cookie``), so a made-up cookie names no client; a caller without a
cookie the app signed (a script) is its address.  Each client keeps at most
``GAMES_PER_CLIENT`` games (past that its own oldest is dropped) and the app at most
``MAX_CLIENTS`` clients.  When it holds that many, a new client takes the place of a client
idle for ``KEEP_ACTIVE_SECONDS`` or more (of those, the idlest of the address with the most
clients), with its games; a client that used a game within that time is never dropped: while
there is no such place the new client's game is refused with 503 and Retry-After (the seconds
until the idlest client's grace runs out).  So a game in play survives any number of other
clients from any addresses (cookies are free to get and addresses many, so neither can decide
whom to drop), a flood can only keep newcomers waiting, and memory stays bounded by
``MAX_GAMES`` games.  A game's id alone does not reach a game of another client (it is not
found, as a game that never existed is not).

>>> games = LiveGames()
>>> alice, mallory = Caller('page alice', '10.0.0.1'), Caller('page mallory', '10.0.0.2')
>>> mine = games.add('a game', alice)
>>> games.find(mine, alice)
'a game'
>>> games.find(mine, mallory)
Traceback (most recent call last):
...
fastapi.exceptions.HTTPException: 404: no game ...: it never existed or was dropped
"""

from __future__ import annotations

import hashlib
import hmac
import math
import secrets
import threading
import time
from collections import Counter, OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, Generic, Protocol, TypeVar

from fastapi import Depends, HTTPException, Request

from devilcoins.web.errors import excerpt

__all__ = [
    "CLIENT_COOKIE",
    "GAMES_PER_CLIENT",
    "KEEP_ACTIVE_SECONDS",
    "MAX_CLIENTS",
    "MAX_GAMES",
    "Caller",
    "Client",
    "LiveGames",
    "client_cookie",
    "client_of",
]

#: Games one client keeps at once; past this its own oldest game is dropped.
GAMES_PER_CLIENT = 50

#: Clients the app keeps games for; past this a client idle past the grace period is dropped.
MAX_CLIENTS = 200

#: The grace period: a client that used a game within this many seconds is never dropped for
#: another (a new client is refused with 503 instead).
KEEP_ACTIVE_SECONDS = 15 * 60

#: The most games an app holds at once.
MAX_GAMES = GAMES_PER_CLIENT * MAX_CLIENTS

#: The cookie the page is served with: a random name for the browser that loaded it.
CLIENT_COOKIE = "devilcoins_client"


class Replayable(Protocol):
    """A live game that can be played again from its start (``LiveGame``)."""

    lock: threading.Lock

    def played_again(self, moves: int) -> Any: ...


G = TypeVar("G", bound=Replayable)


@dataclass(frozen=True)
class Caller:
    """Who asks: the client's key ("page <token>" or "address <host>") and its address."""

    key: str
    address: str


def _signature(secret: bytes, token: str) -> str:
    return hmac.new(secret, token.encode(), hashlib.sha256).hexdigest()[:32]


def client_cookie(secret: bytes) -> str:
    """A fresh value for the client cookie: a random token and the app's signature of it.

    >>> value = client_cookie(b'key'); token, signature = value.split('.')
    >>> len(token), signature == _signature(b'key', token)
    (32, True)
    """
    token = secrets.token_hex(16)
    return f"{token}.{_signature(secret, token)}"


def client_of(request: Request) -> Caller:
    """Who is asking: the page's cookie when the app signed it (a browser that loaded the
    page), else the caller's address (a script with no cookie jar keeps its games too; a
    made-up cookie counts as no cookie)."""
    address = request.client.host if request.client is not None else "unknown"
    secret: bytes | None = getattr(request.app.state, "client_secret", None)
    token, _, signature = request.cookies.get(CLIENT_COOKIE, "").partition(".")
    signed = secret is not None and len(token) == 32 and len(signature) == 32
    if signed and hmac.compare_digest(signature, _signature(secret or b"", token)):
        return Caller(f"page {token}", address)
    return Caller(f"address {address}", address)


#: A route's client, as a parameter: ``client: Client``.
Client = Annotated[Caller, Depends(client_of)]


class LiveGames(Generic[G]):
    """The live games of one app: for each client, its games by id, newest last; the clients
    idlest first, each with the time (``clock()``, in seconds) it last used a game."""

    def __init__(
        self,
        per_client: int = GAMES_PER_CLIENT,
        clients: int = MAX_CLIENTS,
        grace: float = KEEP_ACTIVE_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ):
        self.per_client = per_client
        self.clients = clients
        self.grace = grace
        self._clock = clock
        self._games: OrderedDict[str, OrderedDict[str, G]] = OrderedDict()
        self._address: dict[str, str] = {}
        self._used: dict[str, float] = {}
        self._lock = threading.Lock()

    def add(self, game: G, client: Caller) -> str:
        """Keep game for client under a new random id, past its own limit dropping its own
        oldest game; a new client when the app holds its most takes the place of one idle past
        the grace period, or is refused (503 with Retry-After) when there is none."""
        game_id = secrets.token_hex(8)
        with self._lock:
            if client.key not in self._games and len(self._games) >= self.clients:
                self._make_room(client)
            own = self._touch(client)
            own[game_id] = game
            while len(own) > self.per_client:
                own.popitem(last=False)
        return game_id

    def _make_room(self, newcomer: Caller) -> None:
        """Drop one client idle past the grace period, of those the idlest of the address with
        the most clients (the newcomer counted); or refuse with 503 when every client used a
        game within it (under the lock)."""
        now = self._clock()
        idle = []
        for key in self._games:  # idlest first: the idle ones lead
            if now - self._used[key] < self.grace:
                break
            idle.append(key)
        if not idle:
            oldest = self._used[next(iter(self._games))]
            wait = max(1, math.ceil(self.grace - (now - oldest)))
            raise _full(self.clients, self.grace, wait)
        crowd = Counter([*self._address.values(), newcomer.address])
        key = max(idle, key=lambda k: crowd[self._address[k]])  # the first such: the idlest
        del self._games[key], self._address[key], self._used[key]

    def held(self) -> tuple[int, int]:
        """How many clients the app keeps games for, and how many games in all."""
        with self._lock:
            return len(self._games), sum(len(own) for own in self._games.values())

    def put(self, game_id: str, game: G, client: Caller) -> None:
        """Keep game under an id the client holds (a game played again replaces itself), or a
        404 when the client has no such game."""
        with self._lock:
            own = self._games.get(client.key)
            if own is None or game_id not in own:
                raise _gone(game_id)
            own[game_id] = game
            self._touch(client)

    def play_again(self, game_id: str, client: Caller, upto: Callable[[G], int]) -> G:
        """The client's game played again from its start up to upto(game) moves (which may
        refuse with an HTTPException), kept in its place: Undo and Restart."""
        live = self.find(game_id, client)
        with live.lock:
            again: G = live.played_again(upto(live))
        self.put(game_id, again, client)
        return again

    def find(self, game_id: str, client: Caller) -> G:
        """The client's game with this id, or a 404 saying it is gone."""
        with self._lock:
            own = self._games.get(client.key)
            game = None if own is None else own.get(game_id)
            if game is not None:
                self._touch(client)
        if game is None:
            raise _gone(game_id)
        return game

    def clients_of(self, address: str) -> int:
        """How many clients of this address the app keeps games for."""
        with self._lock:
            return sum(1 for key in self._games if self._address[key] == address)

    def _touch(self, client: Caller) -> OrderedDict[str, G]:
        """The client's games, the client marked as the newest active (under the lock)."""
        own = self._games.setdefault(client.key, OrderedDict())
        self._games.move_to_end(client.key)
        self._address[client.key] = client.address
        self._used[client.key] = self._clock()
        return own


def _gone(game_id: str) -> HTTPException:
    return HTTPException(404, f"no game {excerpt(game_id)!r}: it never existed or was dropped")


def _full(clients: int, grace: float, wait: int) -> HTTPException:
    detail = (
        f"the server keeps games for {clients} players at most, and each of them played within "
        f"the last {grace / 60:g} minutes (a game in play is never dropped for a new one): "
        f"try again in {wait} s"
    )
    return HTTPException(503, detail, headers={"Retry-After": str(wait)})
