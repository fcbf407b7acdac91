"""Connections that must send their request in time: a slow client cannot hold one open.

uvicorn's HTTP/1.1 protocol closes a connection left idle after a response (keep-alive), but
not one that opens and then sends its request a byte at a time, or never: thousands of those
hold as many sockets for as long as their senders like. ``TimelyProtocol`` gives each request
``REQUEST_SECONDS`` from the moment the connection opens (or the previous response ends) to
its last byte of body; past that the connection is closed (a request the app is reading sees a
disconnect). The work a request asks for is bounded apart (``web.heavy``, ``web.limits``).
"""

from __future__ import annotations

import asyncio

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = ["REQUEST_SECONDS", "TimelyProtocol"]

#: How long a client has to send one whole request (headers and body).
REQUEST_SECONDS = 15.0


class TimelyProtocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline on receiving each request."""

    _deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """Open: the first request's clock starts."""
        super().connection_made(transport)
        self._start_clock()

    def handle_events(self) -> None:
        """As h11's, the clock stopped once the request has arrived whole."""
        super().handle_events()
        if self.conn.their_state in (h11.DONE, h11.MUST_CLOSE, h11.CLOSED, h11.ERROR):
            self._stop_clock()

    def on_response_complete(self) -> None:
        """Answered: the next request's clock starts (stopped again at once by handle_events
        when that request had come whole already, pipelined)."""
        self._start_clock()
        super().on_response_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        """Closed: no clock left running."""
        self._stop_clock()
        super().connection_lost(exc)

    def _start_clock(self) -> None:
        self._stop_clock()
        self._deadline = self.loop.call_later(REQUEST_SECONDS, self._too_slow)

    def _stop_clock(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        """The request did not arrive in time: close the connection."""
        self._deadline = None
        if not self.transport.is_closing():
            self.transport.close()
