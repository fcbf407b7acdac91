"""Live games: start one, move, peek (``/api/new``, ``/api/move``, ``/api/peek``)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException

from devilcoins.web.live import LiveGame, LiveGames, start_game
from devilcoins.web.models import GameRef, NewGame, PlayMove

__all__ = ["play_router"]


def _off_table(positions: list[int], n: int) -> None:
    bad = [p for p in positions if p >= n]
    if bad:
        raise HTTPException(
            422,
            f"position {bad[0]} is off the table: with {n} coins positions are 0..{n - 1}",
        )


def _amounts(values: list[int], positions: list[int], n: int, m: int) -> list[int]:
    """The amounts a move turns each position by, checked against the game."""
    if positions:
        raise HTTPException(422, "give positions or values, not both")
    if len(values) != n:
        raise HTTPException(422, f"values has {len(values)} amounts but the game has {n} positions")
    bad = [v for v in values if v >= m]
    if bad:
        raise HTTPException(
            422, f"amount {bad[0]} is too large: with {m} values amounts are 0..{m - 1}"
        )
    return list(values)


def move_vector(req: PlayMove, game: LiveGame) -> list[int]:
    """The move as one amount a position, or a 422 saying why the game refuses it."""
    _off_table(req.positions, game.n)
    if game.spec.is_coins and req.values is not None:
        raise HTTPException(422, "the coin game takes positions to flip, not values")
    if req.values is not None:
        vec = _amounts(req.values, req.positions, game.n, game.spec.values)
    else:
        vec = [1 if i in set(req.positions) else 0 for i in range(game.n)]
    hands = game.spec.hands
    touched = sum(v != 0 for v in vec)
    if not touched and game.spec.observe != "count":  # in a count game, a move may just listen
        what = "flips at least one coin" if game.spec.values == 2 else "turns at least one dial"
        raise HTTPException(422, f"a move {what}: name the positions to change")
    if hands is not None and touched > hands:
        raise HTTPException(
            422, f"the move changes {touched} positions and the game allows {hands}"
        )
    return vec


def play_router(games: LiveGames[LiveGame]) -> APIRouter:
    """The routes that start, play and peek at the live games kept in games."""
    router = APIRouter()

    @router.post("/api/new")
    def new_game(req: NewGame) -> dict[str, Any]:
        """Start a game from random coins (not all heads); the coins stay hidden.

        For the adversarial Devil and N with an odd prime factor the coins start in the Devil's
        safe set, so that game can never be won.
        """
        game = start_game(req)
        return {"game": games.add(game), **game.state()}

    @router.post("/api/move")
    def move(req: PlayMove) -> dict[str, Any]:
        """The Devil turns the table, then the positions are flipped; the new belief comes back.

        Once the coins show all heads the game is won, the player is told, so the belief is
        then all heads alone.
        """
        game = games.find(req.game)
        vec = move_vector(req, game)
        with game.lock:
            if game.won:
                raise HTTPException(409, "this game is already won: start a new one")
            game.play(vec)
            return {"game": req.game, **game.state()}

    @router.post("/api/peek")
    def peek(req: GameRef) -> dict[str, Any]:
        """The coins as they lie now; the game is marked as peeked."""
        game = games.find(req.game)
        with game.lock:
            game.peek()
            return {"game": req.game, "coins": game.text(), **game.state()}

    @router.get("/api/replay/{game_id}")
    def replay(game_id: str) -> dict[str, Any]:
        """Every move of a won or peeked game with what was hidden: the coins as they lay, the
        Devil's turn (r, as ``Coins.rotate(r)``; null for a turn that is no rotation), the
        coins turned, the move and the coins after it.  A 409 while the game is still blind."""
        game = games.find(game_id)
        with game.lock:
            if not (game.won or game.peeked):
                raise HTTPException(
                    409, "the game is still on: finish or peek first, then replay it"
                )
            return {
                "game": game_id,
                "n": game.n,
                "devil": game.devil,
                "won": game.won,
                "peeked": game.peeked,
                "coins": game.text(),
                "steps": game.replay(),
            }

    return router
