"""Any game's verdict: ``/api/solve``.

The work is bounded by the page's limits on the game; a game that may take long (a count game,
or ``HEAVY_STATES`` states or more) is solved in the heavy-work pool (``web.heavy``), under a
memory limit of its own (``SOLVE_MEMORY``), so a search the page's limits let through cannot
hold the server; a small one, done in milliseconds, here. Answers are kept by game, refusals
too, so a game asked again costs nothing, even one that was refused for its size.
"""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict
from concurrent.futures import Future
from functools import partial
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Query
from starlette.concurrency import run_in_threadpool

from devilcoins import Game, solve
from devilcoins.core.errors import DevilcoinsError
from devilcoins.core.resources import using_at_most
from devilcoins.web.heavy import HEAVY
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

__all__ = ["SOLVE_MEMORY", "solve_data", "solve_outcome", "solve_router"]

#: The memory a search of /api/solve may use (bytes): a search past it is refused.
SOLVE_MEMORY = 1 << 30

#: A game of this many states or more is solved in the heavy-work pool (the largest blind games
#: the page plays, 4 dials of 4 values with 2 hands, take up to 0.8 s); smaller ones here.
HEAVY_STATES = 256

#: How many answers (and refusals) the server keeps.
KEPT_ANSWERS = 512


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


def solve_outcome(game: Game) -> dict[str, Any]:
    """In a worker (one task at a time): the answer for game, or {"refused": why}, within
    SOLVE_MEMORY (the limit is the process's: never set it in the server's threads)."""
    try:
        with using_at_most(SOLVE_MEMORY):
            return _outcome(game)
    except MemoryError:
        return {"refused": f"the search for {game} outgrew the page's {SOLVE_MEMORY >> 20} MB"}


def _outcome(game: Game) -> dict[str, Any]:
    """The answer for game, or {"refused": why}."""
    try:
        return solve_data(game)
    except DevilcoinsError as err:
        return {"refused": str(err)}


class _Answers:
    """The answers the server has had, newest kept (a thread-safe least-recently-used map)."""

    def __init__(self, size: int) -> None:
        self._kept: OrderedDict[Game, dict[str, Any]] = OrderedDict()
        self._size, self._lock = size, threading.Lock()

    def get(self, game: Game) -> dict[str, Any] | None:
        with self._lock:
            found = self._kept.get(game)
            if found is not None:
                self._kept.move_to_end(game)
            return found

    def put(self, game: Game, answer: dict[str, Any]) -> None:
        with self._lock:
            self._kept[game] = answer
            while len(self._kept) > self._size:
                self._kept.popitem(last=False)


ANSWERS = _Answers(KEPT_ANSWERS)


def heavy(game: Game) -> bool:
    """Whether a solve of game may take long enough to hold others up (the slowest of the
    small games takes 10 ms): a count game, or from HEAVY_STATES states on."""
    return game.observe.value == "count" or game.states >= HEAVY_STATES


#: The solves running in the pool, by game: a second request for one waits for its answer.
_RUNNING: dict[Game, Future[dict[str, Any]]] = {}
_RUNNING_LOCK = threading.Lock()


async def answer_for(game: Game) -> dict[str, Any]:
    """The verdict for game: kept, worked out here when it is small, or in the pool (503 when
    it is full; a game already being worked out there is waited for, not asked again)."""
    answer = ANSWERS.get(game)
    if answer is None and not heavy(game):
        answer = await run_in_threadpool(_outcome, game)
        ANSWERS.put(game, answer)
    if answer is None:
        answer = await _pooled(game)
    if "refused" in answer:
        raise HTTPException(400, answer["refused"])
    return answer


async def _pooled(game: Game) -> dict[str, Any]:
    """game's answer from the pool, joining a run for the same game when there is one."""
    with _RUNNING_LOCK:
        running = _RUNNING.get(game)
        if running is None:
            HEAVY.admit()
            mine: Future[dict[str, Any]] = Future()
            _RUNNING[game] = mine
    if running is not None:
        return await asyncio.wrap_future(running)
    keep = partial(ANSWERS.put, game)  # even an answer that comes past the budget
    try:
        answer = await run_in_threadpool(HEAVY.run_admitted, solve_outcome, game, kept=keep)
    except BaseException as err:
        mine.set_exception(err)
        raise
    else:
        mine.set_result(answer)
        return answer
    finally:
        with _RUNNING_LOCK:
            del _RUNNING[game]


def solve_router() -> APIRouter:
    """The route that solves a game named by query fields."""
    router = APIRouter()

    @router.get("/api/solve", response_model=Solved)
    async def solve_game(
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
        return await answer_for(game_spec(n, values, group, goal, hands, observe))

    return router
