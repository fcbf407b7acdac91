"""Any game's verdict: ``/api/solve`` (work bounded by the page's limits on the game)."""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Query

from devilcoins import Game, solve
from devilcoins.core.resources import CACHED_GAMES
from devilcoins.web.models import (
    MAX_PLAY_N,
    MAX_PLAY_VALUES,
    SUMMARY_MOVES,
    GoalName,
    GroupName,
    ObserveName,
    check_game_fields,
    game_spec,
)
from devilcoins.web.responses import Solved

__all__ = ["solve_data", "solve_router"]


@lru_cache(maxsize=CACHED_GAMES)
def solve_data(game: Game) -> dict[str, Any]:
    """The solve endpoint's answer for a game: its verdict (``Verdict.to_json``) and the first
    moves as amounts."""
    verdict = solve(game)
    data = verdict.to_json()
    strategy = verdict.strategy or ()
    return {
        "game": data["game"],
        "n": game.n,
        "values": game.values,
        "winnable": data["winnable"],
        "length": data["length"],
        "how": data["how"],
        "method": data["method"],
        "moves": [list(game.decode(int(a))) for a in strategy[:SUMMARY_MOVES]],
        "truncated": len(strategy) > SUMMARY_MOVES,
    }


def solve_router() -> APIRouter:
    """The route that solves a game named by query fields."""
    router = APIRouter()

    @router.get("/api/solve", response_model=Solved)
    def solve_game(
        n: Annotated[int, Query(ge=1, le=MAX_PLAY_N)],
        values: Annotated[int, Query(ge=2, le=MAX_PLAY_VALUES)] = 2,
        group: Annotated[GroupName, Query()] = "cyclic",
        goal: Annotated[GoalName, Query()] = "zero",
        hands: Annotated[int | None, Query(ge=1, le=MAX_PLAY_N)] = None,
        observe: Annotated[ObserveName, Query()] = "blind",
    ) -> dict[str, Any]:
        """Whether a game can be won, in how many moves and how (the first 64 moves as values)."""
        try:
            check_game_fields(n, values, hands, observe, group)
        except ValueError as exc:
            raise HTTPException(400, str(exc)) from None
        return solve_data(game_spec(n, values, group, goal, hands, observe))

    return router
