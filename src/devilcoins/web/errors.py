"""How the web app answers refusals: 422 for invalid input (without echoing it), 400 for the
library's own errors, and every other refusal (404, 405, 413) alike: JSON of one shape,
``{"detail": "one line", "errors": [{"loc", "msg", "type"}, ...]}`` (errors empty unless the
input failed validation).  An API request with a query parameter its route does not take is
invalid input too, as an unknown field of a body is, and so is a JSON body with a key twice in
one object.  Input a refusal names (a game id, a key, a host) is cut to an ``excerpt`` of at
most ``MAX_ECHO`` characters, and a refusal's detail to ``MAX_DETAIL``."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from devilcoins.core.errors import DevilcoinsError

__all__ = [
    "MAX_DETAIL",
    "MAX_ECHO",
    "add_error_handlers",
    "duplicate_key",
    "error_body",
    "excerpt",
    "forbid_duplicate_keys",
    "forbid_unknown_query",
    "validation_message",
]

#: The most characters of an input (a game id, a key, a host) a refusal echoes.
MAX_ECHO = 80

#: The most characters of a refusal's detail (a net under every echo: they are cut at MAX_ECHO).
MAX_DETAIL = 1000


def excerpt(text: str, limit: int = MAX_ECHO) -> str:
    """text as a refusal may echo it: whole when it has at most limit characters, else its
    first limit - 1 and an ellipsis.

    >>> excerpt('4f2a'), excerpt('f' * 100_000)
    ('4f2a', 'fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff…')
    """
    return text if len(text) <= limit else text[: limit - 1] + "…"


def error_body(detail: str, errors: Sequence[Mapping[str, Any]] = ()) -> dict[str, Any]:
    """The JSON of every refusal: the one-line detail (cut at MAX_DETAIL characters) and the
    validation errors (if any).

    >>> error_body("no such game")
    {'detail': 'no such game', 'errors': []}
    """
    return {"detail": excerpt(detail, MAX_DETAIL), "errors": list(errors)}


def validation_message(errors: Sequence[Mapping[str, Any]]) -> str:
    """The first five validation errors as one line ('loc: msg; ...')."""
    parts = []
    for err in errors[:5]:
        if err.get("type") == "json_invalid":  # loc is (body, offset): say it in words
            reason = (err.get("ctx") or {}).get("error", "") or str(err.get("msg", ""))
            where = tuple(err.get("loc", ()))
            at = f" at character {where[-1]}" if len(where) > 1 else ""
            parts.append(f"the request body is not valid JSON ({reason}{at})")
            continue
        names = (excerpt(str(x)) for x in err.get("loc", ()) if x not in ("body", "query", "path"))
        loc = ".".join(names)
        msg = str(err.get("msg", "invalid")).removeprefix("Value error, ")
        parts.append(f"{loc}: {msg}" if loc else msg)
    more = len(errors) - 5
    return "; ".join(parts) + (f" (and {more} more)" if more > 0 else "")


async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
    errors = exc.errors()
    # loc, msg and type only: never echo the (possibly huge) input back
    brief = [
        {
            "loc": [x if isinstance(x, int) else excerpt(str(x)) for x in e.get("loc", ())],
            "msg": excerpt(str(e.get("msg")), MAX_DETAIL),
            "type": e.get("type"),
        }
        for e in errors[:10]
    ]
    return JSONResponse(error_body(validation_message(errors), brief), status_code=422)


async def _refused(request: Request, exc: DevilcoinsError) -> JSONResponse:
    return JSONResponse(error_body(str(exc)), status_code=400)


async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
    detail = exc.detail if isinstance(exc.detail, str) else str(exc.detail)
    return JSONResponse(error_body(detail), status_code=exc.status_code, headers=exc.headers)


def forbid_unknown_query(request: Request) -> None:
    """Refuse (422) an API request with a query parameter its route does not declare."""
    route = request.scope.get("route")
    dependant = getattr(route, "dependant", None)
    if dependant is None or not request.url.path.startswith("/api/"):
        return
    known = {p.alias for p in dependant.query_params}
    unknown = sorted(set(request.query_params) - known)
    if unknown:
        takes = ", ".join(sorted(known)) if known else "none"
        raise RequestValidationError(
            [
                {
                    "loc": ("query", name),
                    "msg": f"unknown parameter (this route takes: {takes})",
                    "type": "extra_forbidden",
                }
                for name in unknown
            ]
        )


class _DuplicateKey(ValueError):
    """A JSON object with a key twice."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object's pairs as a dict, or _DuplicateKey for its first key named twice."""
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise _DuplicateKey(key)
        found[key] = value
    return found


def duplicate_key(body: bytes) -> dict[str, Any] | None:
    """The validation error of a JSON body with a key twice in one object (JSON leaves what
    that means open, and a parser keeps the last: refuse rather than guess), or None (for a
    body that is not JSON too: its parser refuses it).

    >>> duplicate_key(b'{"n": 4, "n": 5}')["msg"]
    "the key 'n' is given twice in one object: give each key once"
    >>> duplicate_key(b'{"n": 4, "moves": [{"n": 5}]}') is None
    True
    """
    try:
        json.loads(body, object_pairs_hook=_no_duplicates)
    except _DuplicateKey as twice:
        return {
            "loc": ("body",),
            "msg": f"the key {excerpt(twice.key)!r} is given twice in one object: "
            "give each key once",
            "type": "json_duplicate_key",
        }
    except ValueError:  # not JSON (or not UTF-8)
        pass
    return None


async def forbid_duplicate_keys(request: Request) -> None:
    """Refuse (422) a JSON request body with a key twice in one object (``duplicate_key``).
    The body is the one FastAPI read already; a route that reads its body itself (/api/verify,
    in a worker process) checks it there with duplicate_key."""
    route = request.scope.get("route")
    dependant = getattr(route, "dependant", None)
    if dependant is None or not dependant.body_params:
        return
    twice = duplicate_key(await request.body())
    if twice is not None:
        raise RequestValidationError([twice])


def add_error_handlers(app: FastAPI) -> None:
    """Answer invalid input with 422, the library's errors with 400, any other refusal with its
    status; all in the one shape of error_body."""
    app.exception_handler(RequestValidationError)(_invalid)
    app.exception_handler(DevilcoinsError)(_refused)
    app.exception_handler(StarletteHTTPException)(_http)
