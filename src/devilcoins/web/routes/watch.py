"""The coin strategies to watch, and verification of any: ``/api/strategy/{n}``, ``/api/verify``."""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Request
from fastapi import Path as PathParam
from fastapi.concurrency import run_in_threadpool
from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel, ValidationError

from devilcoins import Strategy, belief_table, construction, solve, verify
from devilcoins.coins import canonical_coins
from devilcoins.core.resources import CACHED_GAMES
from devilcoins.web.errors import duplicate_key
from devilcoins.web.heavy import HEAVY
from devilcoins.web.models import MAX_PLAY_N, SUMMARY_MOVES, VerifyRequest, Whole
from devilcoins.web.responses import StrategyShown, Verified

__all__ = ["strategy_data", "verified", "verified_body", "watch_router"]


def _construction_data(n: int) -> dict[str, Any]:
    strategy = construction(n)
    return {
        "n": n,
        "winnable": True,
        "length": len(strategy),
        "moves": Strategy(strategy[:SUMMARY_MOVES]).to_json(),
        "truncated": True,
        "beliefs": None,
        "source": "construction",
    }


@lru_cache(maxsize=CACHED_GAMES)
def strategy_data(n: int) -> dict[str, Any]:
    """The strategy endpoint's answer for n = 1..8 (belief search) or 16 (the construction)."""
    if n == 16:
        return _construction_data(n)
    verdict = solve(n, "notebook")
    if verdict.strategy is None:
        return {
            "n": n,
            "winnable": False,
            "length": None,
            "moves": [],
            "truncated": False,
            "beliefs": [[str(c) for c in canonical_coins(n)]],
            "source": "search",
            "message": f"No strategy wins for N = {n}: it has an odd prime factor, "
            "so the Devil can always keep the coins from all heads",
        }
    return {
        "n": n,
        "winnable": True,
        "length": verdict.length,
        "moves": Strategy.from_masks(verdict.strategy).to_json(),
        "truncated": False,
        "beliefs": belief_table(verdict).beliefs(),
        "source": "search",
    }


def verified(n: int, moves: list[list[int]]) -> dict[str, Any]:
    """The verify endpoint's answer (run in a worker process: top-level, plain arguments)."""
    result = verify(n, Strategy(moves)).to_json()
    fields = ("moves", "wins", "won_at", "counterexample")
    data: dict[str, Any] = {k: result[k] for k in fields if k in result}
    return {"n": n, **data}


def verified_body(body: bytes) -> dict[str, Any]:
    """The verify endpoint's answer for a request body (in a worker process): ``verified``, or
    {"invalid": the validation errors} for a body that is no VerifyRequest (a key twice in
    one object too)."""
    twice = duplicate_key(body)
    if twice is not None:
        return {"invalid": [twice]}
    try:
        req = VerifyRequest.model_validate_json(body)
    except ValidationError as err:  # located in the body, as FastAPI locates its own
        found = err.errors(include_url=False, include_context=False, include_input=False)
        return {"invalid": [{**e, "loc": ("body", *e["loc"])} for e in found]}
    return verified(req.n, req.moves)


def _body_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The OpenAPI request body of a route that reads its body itself."""
    schema = model.model_json_schema(ref_template="#/components/schemas/{model}")
    schema.pop("$defs", None)
    return {"required": True, "content": {"application/json": {"schema": schema}}}


def watch_router() -> APIRouter:
    """The routes that serve the coin game's strategies and verify a typed one."""
    router = APIRouter()

    @router.get(
        "/api/strategy/{n}", response_model=StrategyShown, response_model_exclude_unset=True
    )
    def strategy(n: Annotated[int, Whole, PathParam(ge=1, le=16)]) -> dict[str, Any]:
        """The shortest strategy for n = 1..8 with its beliefs, or the construction for 16."""
        if n > MAX_PLAY_N and n != 16:
            raise HTTPException(
                400,
                f"strategies are served for N = 1..{MAX_PLAY_N} and N = 16, not {n}",
            )
        return strategy_data(n)

    @router.post(
        "/api/verify",
        response_model=Verified,
        response_model_exclude_unset=True,
        openapi_extra={"requestBody": _body_schema(VerifyRequest)},
    )
    async def verify_strategy(request: Request) -> dict[str, Any]:
        """Whether the moves win for n coins from every start against every Devil.

        The body (a VerifyRequest) is read, checked and verified in a worker process, so a
        2.7 MB strategy parses there and not where the server answers; 503 with Retry-After at
        once when every worker is busy, or past the time budget."""
        HEAVY.admit()
        try:
            body = await request.body()
        except BaseException:
            HEAVY.release()
            raise
        data = await run_in_threadpool(HEAVY.run_admitted, verified_body, body)
        if "invalid" in data:
            raise RequestValidationError(data["invalid"])
        return data

    return router
