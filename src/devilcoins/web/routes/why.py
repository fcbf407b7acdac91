"""Why, shown: the winning strategy's recursion (``/api/why/strategy/{n}``) and the Devil's
certificate played out (``/api/why/devil/{n}``, ``/api/why/devil/turn``), from coins.why."""

from __future__ import annotations

from dataclasses import asdict
from typing import Annotated, Any

from fastapi import APIRouter
from fastapi import Path as PathParam

from devilcoins.coins import devil_answer, kept_out, strategy_roles
from devilcoins.web.models import MAX_PLAY_N, Whole, WhyTurn
from devilcoins.web.responses import WhyDevil, WhyStrategy, WhyTurned

__all__ = ["why_router"]

Coins = Annotated[int, Whole, PathParam(ge=1, le=MAX_PLAY_N)]


def why_router() -> APIRouter:
    """The routes of the "Why" section."""
    router = APIRouter()

    @router.get("/api/why/strategy/{n}", response_model=WhyStrategy)
    def why_strategy(n: Coins) -> dict[str, Any]:
        """The strategy for n = 2, 4 or 8 coins, move by move: its role and the patterns left."""
        why = strategy_roles(n)
        return {
            "n": why.n,
            "start_patterns": list(why.start_patterns),
            "moves": [asdict(m) for m in why.moves],
        }

    @router.get("/api/why/devil/{n}", response_model=WhyDevil)
    def why_devil(n: Coins) -> dict[str, Any]:
        """The tables the Devil keeps n coins out of (n not a power of 2): all heads among them."""
        return {"n": n, "kept_out": list(kept_out(n))}

    @router.post("/api/why/devil/turn", response_model=WhyTurned)
    def why_devil_turn(req: WhyTurn) -> dict[str, Any]:
        """The Devil's turn against the move, the coins kept out of his set."""
        return {"n": req.n, **asdict(devil_answer(req.n, req.coins, req.move))}

    return router
