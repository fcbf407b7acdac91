""" "Be the Devil": the player turns the table against a strategy (``/api/devil/...``)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException

from devilcoins import DevilcoinsError, Game, Perm, Strategy, judge_turn
from devilcoins.web.models import MAX_DEVIL_MOVES, DevilParse, DevilTurn
from devilcoins.web.responses import DevilChecked, DevilParsed, DevilTurned

__all__ = ["devil_router"]


def devil_router() -> APIRouter:
    """The routes of "Be the Devil": one turn, and reading a typed strategy."""
    router = APIRouter()

    @router.post("/api/devil/turn", response_model=DevilTurned)
    def devil_turn(req: DevilTurn) -> dict[str, Any]:
        """Be the Devil: turn the coins by r (coins[r:] + coins[:r]), then play move move_index.

        Nothing is put in canonical form.  done: the coins show all heads, or that was the
        strategy's last move.  Coins already at all heads are refused (409): the game is over.
        """
        game = Game(req.n)
        coins = game.parse_state(req.coins)
        if game.in_goal(coins):
            raise HTTPException(409, "the coins already show all heads: the game is over")
        move = sorted(set(req.moves[req.move_index]))
        turned = game.turn(coins, Perm.turn(req.n, req.r))
        after = game.add(turned, game.encode(1 if i in move else 0 for i in range(req.n)))
        won = game.in_goal(after)
        return {
            "n": req.n,
            "move_index": req.move_index,
            "r": req.r,
            "move": move,
            "turned": game.state_text(turned),
            "after": game.state_text(after),
            "won": won,
            "done": won or req.move_index == len(req.moves) - 1,
            "judged": judge_turn(game, req.moves, req.move_index, req.coins, req.r).to_json(),
        }

    @router.post("/api/devil/parse", response_model=DevilParsed)
    def devil_parse(req: DevilParse) -> dict[str, Any]:
        """Read a typed strategy, one move a line ('0 2', '{0, 2}' or 'FLFL'), for n coins."""
        return {"n": req.n, "moves": _read(req)}

    @router.post("/api/devil/check", response_model=DevilChecked)
    def devil_check(req: DevilParse) -> dict[str, Any]:
        """Read a typed strategy as ``/api/devil/parse`` does, but say what is wrong with it as
        an answer (problem; moves null) rather than a refusal: the page checks what a visitor
        typed, and a mistake there is an answer it shows, not an error of the page."""
        try:
            return {"n": req.n, "moves": _read(req), "problem": None}
        except (DevilcoinsError, HTTPException) as err:
            problem = err.detail if isinstance(err, HTTPException) else str(err)
            return {"n": req.n, "moves": None, "problem": str(problem)}

    return router


def _read(req: DevilParse) -> list[list[int]]:
    """The typed strategy's moves as positions, or a refusal saying what is wrong."""
    moves: list[list[int]] = Strategy.parse(req.text, req.n).to_json()
    if not moves:
        raise HTTPException(422, "the strategy has no moves: write one move a line")
    if len(moves) > MAX_DEVIL_MOVES:
        raise HTTPException(
            422,
            f"the strategy has {len(moves):,} moves; the Devil's game takes at most "
            f"{MAX_DEVIL_MOVES}",
        )
    return moves
