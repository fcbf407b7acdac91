"""Live games: start one, move, peek (``/api/new``, ``/api/move``, ``/api/peek``) and replay
(``/api/replay/{game_id}``); each game is the library's ``LiveGame``."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException

from devilcoins import InvalidInput, LiveGame
from devilcoins.results import game_words
from devilcoins.web.models import GameRef, NewGame, PlayMove, play_refusal
from devilcoins.web.responses import PlayReplay, PlayState
from devilcoins.web.store import Client, LiveGames

__all__ = ["play_router", "play_state"]


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


def move_vector(req: PlayMove, live: LiveGame) -> list[int]:
    """The move as one amount a position, or a 422 saying why the game refuses it."""
    game = live.game
    _off_table(req.positions, game.n)
    if game.is_coins and req.values is not None:
        raise HTTPException(422, "the coin game takes positions to flip, not values")
    if req.values is not None:
        vec = _amounts(req.values, req.positions, game.n, game.values)
    else:
        vec = [1 if i in set(req.positions) else 0 for i in range(game.n)]
    touched = sum(v != 0 for v in vec)
    if not touched and not live.listens:
        what = "flips at least one coin" if game.values == 2 else "turns at least one dial"
        raise HTTPException(422, f"a move {what}: name the positions to change")
    if game.hands is not None and touched > game.hands:
        raise HTTPException(
            422, f"the move changes {touched} positions and the game allows {game.hands}"
        )
    return vec


def play_state(game_id: str, live: LiveGame) -> dict[str, Any]:
    """What the player may see of a live game, in the page's fields."""
    data = live.to_json()
    game = live.game
    state: dict[str, Any] = {
        "game": game_id,
        "n": game.n,
        "devil": live.devil,
        "moves": data["played"],
        "belief": data["belief"],
        "belief_size": data["possible"],
        "game_words": game_words(game),
        "won": live.won,
        "peeked": live.peeked,
        "optimal": data["optimal"],
    }
    if not game.is_coins:
        state.update(game_text=data["game"], values=data["values"], observe=data["observe"])
    if "state" in data:
        state["coins"] = data["state"]
    if "heard" in data:
        state["heard"] = data["heard"]
    for key in ("winnable", "at_most", "reason", "held", "lost", "judged"):
        if key in data:
            state[key] = data[key]
    return state


def _replay(game_id: str, live: LiveGame) -> dict[str, Any]:
    """Every move with what was hidden (a 409 while the game is still blind)."""
    if not (live.won or live.peeked or live.lost):
        raise HTTPException(409, "the game is still on: finish or peek first, then replay it")
    game = live.game
    return {
        "game": game_id,
        "n": game.n,
        "devil": live.devil,
        "won": live.won,
        "peeked": live.peeked,
        "coins": game.state_text(live.x),
        "steps": [
            {
                "before": game.state_text(s.before),
                "turn": s.rotation(game),
                "turned": game.state_text(s.turned),
                "move": list(game.decode(s.move)),
                "positions": [i for i, v in enumerate(game.decode(s.move)) if v],
                "after": game.state_text(s.after),
            }
            for s in live.replay()
        ],
    }


def _one_move_back(live: LiveGame) -> int:
    """The moves Undo keeps: all but the last, or a 409 when none was played."""
    if not live.played:
        raise HTTPException(409, "no move has been played: there is nothing to take back")
    return live.played - 1


def play_router(games: LiveGames[LiveGame]) -> APIRouter:
    """The routes that start, play and peek at the live games kept in games (a game the Devil
    holds for ever ends after its first move: a move then is refused)."""
    router = APIRouter()
    shown = {"response_model_exclude_unset": True}

    @router.post("/api/new", response_model=PlayState, **shown)  # type: ignore[arg-type]
    def new_game(req: NewGame, client: Client) -> dict[str, Any]:
        """Start a game from random coins (not all heads); the coins stay hidden.

        For the adversarial Devil and N with an odd prime factor the coins start in the Devil's
        trap, so that game can never be won.
        """
        refused = play_refusal(req.spec())
        if refused is not None:
            raise InvalidInput(refused)
        live = LiveGame.start(req.spec(), req.devil, req.seed)
        return play_state(games.add(live, client), live)

    @router.post("/api/move", response_model=PlayState, **shown)  # type: ignore[arg-type]
    def move(req: PlayMove, client: Client) -> dict[str, Any]:
        """The Devil turns the table, then the positions are flipped; the new belief comes back.

        Once the coins show all heads the game is won, the player is told, so the belief is
        then all heads alone.
        """
        live = games.find(req.game, client)
        vec = move_vector(req, live)
        with live.lock:
            if live.won:
                raise HTTPException(409, "this game is already won: start a new one")
            live.move(vec)
            return play_state(req.game, live)

    @router.post("/api/peek", response_model=PlayState, **shown)  # type: ignore[arg-type]
    def peek(req: GameRef, client: Client) -> dict[str, Any]:
        """The coins as they lie now; the game is marked as peeked."""
        live = games.find(req.game, client)
        with live.lock:
            live.peek()
            return {**play_state(req.game, live), "coins": live.game.state_text(live.x)}

    @router.post("/api/undo", response_model=PlayState, **shown)  # type: ignore[arg-type]
    def undo(req: GameRef, client: Client) -> dict[str, Any]:
        """Take the last move back: the same game, its moves but the last played again (a game
        won or lost may be taken back too; a game peeked at stays marked as peeked)."""
        again = games.play_again(req.game, client, _one_move_back)
        return play_state(req.game, again)

    @router.post("/api/restart", response_model=PlayState, **shown)  # type: ignore[arg-type]
    def restart(req: GameRef, client: Client) -> dict[str, Any]:
        """The same game from its start: the same hidden coins, no move played."""
        return play_state(req.game, games.play_again(req.game, client, lambda _: 0))

    @router.get("/api/replay/{game_id}", response_model=PlayReplay)
    def replay(game_id: str, client: Client) -> dict[str, Any]:
        """Every move of a won or peeked game with what was hidden: the coins as they lay, the
        Devil's turn (r, as ``Coins.rotate(r)``; null for a turn that is no rotation), the
        coins turned, the move and the coins after it.  A 409 while the game is still blind."""
        live = games.find(game_id, client)
        with live.lock:
            return _replay(game_id, live)

    return router
