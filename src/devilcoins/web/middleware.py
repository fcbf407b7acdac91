"""ASGI middleware of the web app: request bodies over a byte limit are refused with 413, and
every answer carries the page's security headers (``SecurityHeaders``)."""

from __future__ import annotations

from fastapi import HTTPException
from fastapi.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from devilcoins.web.errors import error_body, excerpt
from devilcoins.web.models import MAX_BODY_BYTES

__all__ = ["SECURITY_HEADERS", "BodyLimit", "HostCheck", "SecurityHeaders", "host_name"]

#: Sent with every answer: the page runs only its own files and asks only its own server
#: (no inline script, nothing from elsewhere), is never framed by another site, is never
#: second-guessed as another content type, and sends no referrer.
SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data:; script-src 'self'; style-src 'self'; "
        b"connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    ),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
)


class _BodyTooLarge(HTTPException):
    """A request body over the limit (an HTTPException, so FastAPI answers it with 413)."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"request body too large: at most {limit:,} bytes")


class BodyLimit:
    """ASGI middleware refusing request bodies over a byte limit with 413."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on, counting the body's bytes as they are read."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope.get("headers", [])).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await self._refuse(scope, receive, send)
            return
        received = 0
        started = False

        async def limited_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise _BodyTooLarge(self.limit)
            return message

        async def tracking_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, limited_receive, tracking_send)
        except _BodyTooLarge:
            if not started:
                await self._refuse(scope, receive, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        detail = _BodyTooLarge(self.limit).detail
        await JSONResponse(error_body(detail), status_code=413)(scope, receive, send)


class SecurityHeaders:
    """ASGI middleware adding ``SECURITY_HEADERS`` to every HTTP answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on; add the headers as the answer starts."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                named = {name for name, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in SECURITY_HEADERS if k not in named]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, with_headers)


def host_name(header: str) -> str:
    """The host of a Host header, its port left out ('[::1]:8000' -> '[::1]').

    >>> host_name('127.0.0.1:8000'), host_name('[::1]:8000'), host_name('devil.lan')
    ('127.0.0.1', '[::1]', 'devil.lan')
    """
    if header.startswith("["):
        return header[: header.find("]") + 1] if "]" in header else header
    return header.split(":", 1)[0]


class HostCheck:
    """ASGI middleware answering only the Host headers it knows (a guard against DNS rebinding),
    any other with 400 in the API's one error shape."""

    def __init__(self, app: ASGIApp, allowed: list[str]) -> None:
        self.app = app
        self.allowed = {name.lower() for name in allowed}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass a request with a known host on; refuse any other."""
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        header = dict(scope.get("headers", [])).get(b"host", b"").decode("latin-1")
        if host_name(header).lower() in self.allowed:
            await self.app(scope, receive, send)
            return
        detail = f"{excerpt(header or 'no host')!r} is not a host name this server answers to"
        await JSONResponse(error_body(detail), status_code=400)(scope, receive, send)
