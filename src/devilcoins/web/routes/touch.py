"""Glasses on a tray, live: the games offered ``/api/touch/games``, ``/api/touch/new``,
``/api/touch/feel``, ``/api/touch/set``, the optimal play ``/api/touch/tree`` (the library's
strategy tree, as ``solve --json`` prints it) and the replay of a won game
``/api/touch/replay/{game_id}``, for the touch games the page offers
(``devilcoins.web.touch.TOUCH_GAMES``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Query

from devilcoins import LiveGame
from devilcoins.web.models import (
    MAX_TOUCH_GLASSES,
    GameRef,
    TouchFeel,
    TouchNew,
    TouchSet,
    Whole,
)
from devilcoins.web.responses import TouchGames, TouchReplay, TouchState, TouchTree
from devilcoins.web.store import Client, LiveGames
from devilcoins.web.touch import (
    count_words,
    not_offered,
    reach_problem,
    touch_game,
    touch_games,
    touch_greyed,
    touch_replay,
    touch_state,
    touch_tree,
)

__all__ = ["touch_router"]


def _playing(game: LiveGame) -> None:
    if game.won:
        raise HTTPException(409, "the bell has rung: this game is won, start a new one")


def _offered(n: int, k: int) -> None:
    why = not_offered(n, k)
    if why is not None:
        raise HTTPException(400, why)


def _fits_reach(game: LiveGame, positions: list[int]) -> None:
    """A 422 unless the positions are a reach of this game; a 409 unless it waits for one."""
    problem = reach_problem(game.game, positions)
    if problem is not None:
        raise HTTPException(422, problem)
    _playing(game)
    held = game.held_positions
    if held is not None:
        raise HTTPException(409, f"set the glasses you felt first (positions {list(held)})")


def _fits_setting(game: LiveGame, glasses: Sequence[str]) -> None:
    """A 409 unless glasses are held; a 422 unless one setting is given for each."""
    _playing(game)
    if game.held_positions is None:
        held = count_words(game.game.hands or 0, "glass")
        raise HTTPException(409, f"feel {held} first: you can only set what you hold")
    if len(glasses) != len(game.held_positions):
        raise HTTPException(
            422,
            f"glasses: set the {count_words(len(game.held_positions), 'glass')} you hold, "
            f"not {len(glasses)}",
        )


def _one_round_back(live: LiveGame) -> int:
    """The rounds Undo keeps: the glasses held (felt, not yet set) dropped, or else the last
    round; a 409 when nothing has been felt."""
    if live.held_positions is None and not live.played:
        raise HTTPException(409, "nothing has been felt yet: there is nothing to take back")
    return live.played - (live.held_positions is None)


def _replay(game_id: str, game: LiveGame) -> dict[str, Any]:
    """The replay of a won game (a 409 until the bell rings)."""
    if not game.won:
        raise HTTPException(409, "the game is still on: ring the bell first, then replay it")
    return {
        "game": game_id,
        "devil": game.devil,
        "n": game.game.n,
        "hands": game.game.hands or 0,
        "rounds": game.played,
        "won": True,
        "glasses": touch_state(game_id, game)["glasses"],
        "steps": touch_replay(game),
    }


def touch_router(games: LiveGames[LiveGame]) -> APIRouter:
    """The routes that start and play the touch games kept in games."""
    router = APIRouter()

    @router.get("/api/touch/games", response_model=TouchGames)
    def offered() -> dict[str, Any]:
        """The touch games offered (glasses, hands), the four glasses first, and those shown
        but not played (greyed, each with why)."""
        return {"games": touch_games(), "greyed": touch_greyed()}

    @router.get("/api/touch/tree", response_model=TouchTree, response_model_exclude_unset=True)
    def tree(
        glasses: Annotated[int, Whole, Query(ge=2, le=MAX_TOUCH_GLASSES)] = 4,
        hands: Annotated[int, Whole, Query(ge=1, lt=MAX_TOUCH_GLASSES)] = 2,
    ) -> dict[str, Any]:
        """The optimal play of an offered game: the rounds it needs and its tree (H up, T
        down), nested (``tree``) or with shared nodes (``nodes``)."""
        _offered(glasses, hands)
        return touch_tree(glasses, hands)

    @router.post("/api/touch/new", response_model=TouchState, response_model_exclude_unset=True)
    def new(req: TouchNew, client: Client) -> dict[str, Any]:
        """Start an offered game (four glasses, two hands by default), the glasses not all the
        same, on a tray the player cannot see."""
        _offered(req.glasses, req.hands)
        live = LiveGame.start(touch_game(req.glasses, req.hands), req.devil, req.seed)
        return touch_state(games.add(live, client), live)

    @router.post("/api/touch/feel", response_model=TouchState, response_model_exclude_unset=True)
    def feel(req: TouchFeel, client: Client) -> dict[str, Any]:
        """The Devil turns the tray, then the player feels the glasses named, one a hand."""
        game = games.find(req.game, client)
        with game.lock:
            _fits_reach(game, req.positions)
            game.feel(tuple(req.positions))
            return touch_state(req.game, game)

    @router.post("/api/touch/set", response_model=TouchState, response_model_exclude_unset=True)
    def set_glasses(req: TouchSet, client: Client) -> dict[str, Any]:
        """Set the glasses just felt; the bell rings if all the glasses now match."""
        game = games.find(req.game, client)
        with game.lock:
            _fits_setting(game, req.glasses)
            game.set(tuple(0 if g == "up" else 1 for g in req.glasses))
            return touch_state(req.game, game)

    @router.post("/api/touch/undo", response_model=TouchState, response_model_exclude_unset=True)
    def undo(req: GameRef, client: Client) -> dict[str, Any]:
        """Take back the glasses held (felt, not yet set), or else the last round: the same
        game played again up to there."""
        return touch_state(req.game, games.play_again(req.game, client, _one_round_back))

    @router.post("/api/touch/restart", response_model=TouchState, response_model_exclude_unset=True)
    def restart(req: GameRef, client: Client) -> dict[str, Any]:
        """The same game from its start: the same hidden tray, no round played."""
        return touch_state(req.game, games.play_again(req.game, client, lambda _: 0))

    @router.get("/api/touch/replay/{game_id}", response_model=TouchReplay)
    def replay(game_id: str, client: Client) -> dict[str, Any]:
        """Every round of a won game with what was hidden: the tray as it lay, the Devil's turn
        (r, as glasses[r:] + glasses[:r]; null for a turn that is no rotation), the tray
        turned, the glasses felt and set, the tray after.  A 409 until the bell rings."""
        game = games.find(game_id, client)
        with game.lock:
            return _replay(game_id, game)

    return router
