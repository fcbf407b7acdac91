"""The table as a picture: ``/api/draw`` answers SVG."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, HTTPException, Query
from fastapi.responses import Response

from devilcoins import Move, NotationError
from devilcoins.render.pictures import table_svg

__all__ = ["draw_router"]


def draw_router() -> APIRouter:
    """The route that draws coins on the table, a move's positions ringed."""
    router = APIRouter()

    @router.get("/api/draw")
    def draw(
        coins: Annotated[str, Query(min_length=1, max_length=64, pattern=r"^[HTht]+$")],
        move: Annotated[str, Query(max_length=200, pattern=r"^([0-9, ]*|[FLfl]+)$")] = "",
    ) -> Response:
        """The table as SVG: coins clockwise from 12 o'clock, the move's positions ringed.

        move: positions ('0,2' or '0 2') or a flip pattern ('FLFL'), as the command line reads.
        """
        try:
            positions = sorted(Move.parse(move, len(coins))) if move.strip() else []
        except NotationError as exc:
            raise HTTPException(422, str(exc)) from None
        svg = table_svg(coins, positions if move.strip() else None)
        return Response(svg, media_type="image/svg+xml")

    return router
