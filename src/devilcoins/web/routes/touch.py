"""The four glasses, live: ``/api/touch/new``, ``/api/touch/feel``, ``/api/touch/set`` and the
optimal play ``/api/touch/tree`` (the library's strategy tree, as ``solve --json`` prints it)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException

from devilcoins.web.live import LiveGames
from devilcoins.web.models import TouchFeel, TouchNew, TouchSet
from devilcoins.web.touch import TouchGame, glasses_tree, start_touch

__all__ = ["touch_router"]


def _playing(game: TouchGame) -> None:
    if game.won:
        raise HTTPException(409, "the bell has rung: this game is won, start a new one")


def touch_router(games: LiveGames[TouchGame]) -> APIRouter:
    """The routes that start and play the four glasses kept in games."""
    router = APIRouter()

    @router.get("/api/touch/tree")
    def tree() -> dict[str, Any]:
        """The optimal play: the number of rounds it needs and its tree (H up, T down)."""
        return glasses_tree()

    @router.post("/api/touch/new")
    def new(req: TouchNew) -> dict[str, Any]:
        """Start a game: four glasses, not all the same, on a tray the player cannot see."""
        game = start_touch(req.devil, req.seed)
        return {"game": games.add(game), **game.state()}

    @router.post("/api/touch/feel")
    def feel(req: TouchFeel) -> dict[str, Any]:
        """The Devil turns the tray, then the player feels the two glasses named."""
        game = games.find(req.game)
        with game.lock:
            _playing(game)
            if game.reach is not None:
                raise HTTPException(
                    409, f"set the glasses you felt first (positions {list(game.reach)})"
                )
            game.feel(tuple(req.positions))
            return {"game": req.game, **game.state()}

    @router.post("/api/touch/set")
    def set_glasses(req: TouchSet) -> dict[str, Any]:
        """Set the two glasses just felt; the bell rings if all four now match."""
        game = games.find(req.game)
        with game.lock:
            _playing(game)
            if game.reach is None:
                raise HTTPException(409, "feel two glasses first: you can only set what you hold")
            game.set(tuple(0 if g == "up" else 1 for g in req.glasses))
            return {"game": req.game, **game.state()}

    return router
