"""A small local web app: play the coin game blindfolded, watch the optimal strategy, verify one.

``create_app()`` builds the FastAPI application from the routers in devilcoins.web.routes;
``serve()`` runs it with uvicorn on the loopback interface.  Every request body is a bounded
pydantic model (devilcoins.web.models), every answer is JSON (or SVG for ``/api/draw``), and bad
input gets a 4xx answer with a ``detail`` message.  Games live in a store inside the application
(devilcoins.web.store), each client's its own (a client: a browser that loaded the page, its
cookie signed by the app): a client's oldest games are dropped past ``GAMES_PER_CLIENT``; past
``MAX_CLIENTS`` a new client takes the place of one idle for ``KEEP_ACTIVE_SECONDS``, never of
one that played within it (it is refused with 503 while there is none).
"""

from __future__ import annotations

import secrets
import socket

from fastapi import Depends, FastAPI

from devilcoins import LiveGame, __version__
from devilcoins.web.errors import (
    add_error_handlers,
    forbid_duplicate_keys,
    forbid_unknown_query,
)
from devilcoins.web.heavy import HEAVY
from devilcoins.web.middleware import BodyLimit, HostCheck, SecurityHeaders
from devilcoins.web.routes.devil import devil_router
from devilcoins.web.routes.draw import draw_router
from devilcoins.web.routes.menus import menus_router
from devilcoins.web.routes.pages import mount_static, pages_router
from devilcoins.web.routes.play import play_router
from devilcoins.web.routes.solve import solve_router
from devilcoins.web.routes.touch import touch_router
from devilcoins.web.routes.watch import watch_router
from devilcoins.web.routes.why import why_router
from devilcoins.web.routes.words import words_router
from devilcoins.web.store import MAX_GAMES, LiveGames

__all__ = ["MAX_GAMES", "create_app", "listening", "serve"]


def create_app(trusted_hosts: list[str] | None = None) -> FastAPI:
    """The web app: the JSON API under /api (schema at /openapi.json), the page at /, its files
    under /static.  trusted_hosts, when given, is the list of Host headers it answers (a guard
    against DNS rebinding when it listens on loopback)."""
    app = FastAPI(
        title="devilcoins",
        version=__version__,
        docs_url=None,
        redoc_url=None,
        dependencies=[Depends(forbid_unknown_query), Depends(forbid_duplicate_keys)],
    )
    app.add_middleware(BodyLimit)
    if trusted_hosts is not None:
        app.add_middleware(HostCheck, allowed=trusted_hosts)
    app.add_middleware(SecurityHeaders)  # the outermost: on every answer, refusals too
    add_error_handlers(app)
    app.state.client_secret = secrets.token_bytes(32)  # signs the page's client cookies
    games: LiveGames[LiveGame] = LiveGames()
    glasses: LiveGames[LiveGame] = LiveGames()
    app.state.games, app.state.glasses = games, glasses  # the coin games, the touch games
    for router in (
        pages_router(),
        play_router(games),
        touch_router(glasses),
        solve_router(),
        watch_router(),
        why_router(),
        devil_router(),
        draw_router(),
        words_router(),
        menus_router(),
    ):
        app.include_router(router)
    mount_static(app)
    return app


LOOPBACK = ("127.0.0.1", "localhost", "::1")


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    trusted: list[str] | None = None,
    heavy: tuple[int | None, float | None] = (None, None),
) -> None:
    """Run the app with uvicorn (loopback only unless another host is asked for), answering
    only the Host headers trusted (by default loopback's names, or host itself), heavy requests
    in heavy[0] worker processes with heavy[1] seconds each (``web.heavy``).

    It listens at once, and takes its first request only once the page's first answers are
    worked out (``web.ready.get_ready``): a browser that asks meanwhile waits for its page
    instead of being refused, and then no answer the page asks for waits for a search.  The
    verdicts of the menus' other games are worked out beside it afterwards, in a process of
    their own (``web.ready.OtherGames``)."""
    import uvicorn

    from devilcoins.web.connections import TimelyProtocol
    from devilcoins.web.ready import OtherGames, get_ready

    if trusted is None:
        trusted = ["127.0.0.1", "localhost", "[::1]"] if host in LOOPBACK else [host]
    HEAVY.configure(*heavy)
    config = uvicorn.Config(
        create_app(trusted), host=host, port=port, log_level="warning", http=TimelyProtocol
    )
    sockets = listening(host, port, config.backlog)
    others: OtherGames | None = None
    try:
        get_ready(HEAVY)
        others = OtherGames().start()
        uvicorn.Server(config).run(sockets=sockets)
    finally:
        if others is not None:
            others.stop()
        HEAVY.close()
        for sock in sockets:
            sock.close()


def listening(host: str, port: int, backlog: int) -> list[socket.socket]:
    """Sockets bound to host's addresses and listening, as asyncio's server makes them (the
    address reused, an IPv6 one for IPv6 only): connections wait in their queue until the
    server takes them."""
    sockets: list[socket.socket] = []
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
        for family, kind, proto, _, address in dict.fromkeys(found):
            sock = socket.socket(family, kind, proto)
            sockets.append(sock)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            sock.bind(address)
            sock.listen(backlog)
    except BaseException:
        for sock in sockets:
            sock.close()
        raise
    return sockets
