"""How the web app answers refusals: 422 for invalid input (without echoing it), 400 for the
library's own errors, and every other refusal (404, 405, 413) alike: JSON of one shape,
``{"detail": "one line", "errors": [{"loc", "msg", "type"}, ...]}`` (errors empty unless the
input failed validation).  An API request with a query parameter its route does not take is
invalid input too, as an unknown field of a body is."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from devilcoins.core.errors import DevilcoinsError

__all__ = ["add_error_handlers", "error_body", "forbid_unknown_query", "validation_message"]


def error_body(detail: str, errors: Sequence[Mapping[str, Any]] = ()) -> dict[str, Any]:
    """The JSON of every refusal: the one-line detail and the validation errors (if any).

    >>> error_body("no such game")
    {'detail': 'no such game', 'errors': []}
    """
    return {"detail": detail, "errors": list(errors)}


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
        loc = ".".join(str(x) for x in err.get("loc", ()) if x not in ("body", "query", "path"))
        msg = str(err.get("msg", "invalid")).removeprefix("Value error, ")
        parts.append(f"{loc}: {msg}" if loc else msg)
    more = len(errors) - 5
    return "; ".join(parts) + (f" (and {more} more)" if more > 0 else "")


async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
    errors = exc.errors()
    # loc, msg and type only: never echo the (possibly huge) input back
    brief = [
        {"loc": list(e.get("loc", ())), "msg": str(e.get("msg")), "type": e.get("type")}
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


def add_error_handlers(app: FastAPI) -> None:
    """Answer invalid input with 422, the library's errors with 400, any other refusal with its
    status; all in the one shape of error_body."""
    app.exception_handler(RequestValidationError)(_invalid)
    app.exception_handler(DevilcoinsError)(_refused)
    app.exception_handler(StarletteHTTPException)(_http)
