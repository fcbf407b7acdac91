"""The table as a picture: ``/api/draw`` answers SVG."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, HTTPException, Query
from fastapi.responses import Response

from devilcoins.render.pictures import table_svg

__all__ = ["draw_router"]


def draw_router() -> APIRouter:
    """The route that draws coins on the table, a move's positions ringed."""
    router = APIRouter()

    @router.get("/api/draw")
    def draw(
        coins: Annotated[str, Query(min_length=1, max_length=64, pattern=r"^[HTht]+$")],
        move: Annotated[str, Query(max_length=200, pattern=r"^[0-9, ]*$")] = "",
    ) -> Response:
        """The table as SVG: coins clockwise from 12 o'clock, the move's positions ringed."""
        positions = [int(t) for t in move.replace(",", " ").split()]
        bad = [p for p in positions if p >= len(coins)]
        if bad:
            raise HTTPException(
                422,
                f"position {bad[0]} is off the table: with {len(coins)} coins positions are "
                f"0..{len(coins) - 1}",
            )
        svg = table_svg(coins, positions if move.strip() else None)
        return Response(svg, media_type="image/svg+xml")

    return router
