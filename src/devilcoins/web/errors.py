"""How the web app answers refusals: 422 for invalid input (without echoing it), 400 for the
library's own errors; both as JSON with a ``detail`` message."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from devilcoins.coins.notation import DevilcoinsError

__all__ = ["add_error_handlers", "validation_message"]


def validation_message(errors: Sequence[Mapping[str, Any]]) -> str:
    """The first five validation errors as one line ('loc: msg; ...')."""
    parts = []
    for err in errors[:5]:
        if err.get("type") == "json_invalid":  # loc is (body, offset): say it in words
            reason = (err.get("ctx") or {}).get("error", "")
            at = err.get("loc", ())[-1]
            parts.append(f"the request body is not valid JSON ({reason} at character {at})")
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
    return JSONResponse({"detail": validation_message(errors), "errors": brief}, status_code=422)


async def _refused(request: Request, exc: DevilcoinsError) -> JSONResponse:
    return JSONResponse({"detail": str(exc)}, status_code=400)


def add_error_handlers(app: FastAPI) -> None:
    """Answer invalid input with 422 and the library's errors with 400."""
    app.exception_handler(RequestValidationError)(_invalid)
    app.exception_handler(DevilcoinsError)(_refused)
