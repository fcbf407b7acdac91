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
from concurrent.futures import Future, ThreadPoolExecutor
from functools import partial
from typing import Annotated, Any

from fastapi import APIRouter, Header, HTTPException, Query
from fastapi.responses import JSONResponse

from devilcoins import Game, LiveGame, capabilities, solve
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
    Whole,
    check_game_fields,
    game_spec,
)
from devilcoins.web.responses import Pending, Solved

__all__ = [
    "SOLVE_MEMORY",
    "WARM",
    "solve_data",
    "solve_outcome",
    "solve_router",
]

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
    small games takes 10 ms): a game its family does not answer at once (count), or from
    HEAVY_STATES states on."""
    return not capabilities(game).quick or game.states >= HEAVY_STATES


#: The runs under way, by game: a second request for a game joins its run.
_RUNNING: dict[Game, Future[dict[str, Any]]] = {}
_RUNNING_LOCK = threading.Lock()

#: The threads that run the solves: a small game's search, or a heavy game's wait for the pool
#: (at most HEAVY.workers of those at once, as each was admitted).
_WORK = ThreadPoolExecutor(max_workers=8, thread_name_prefix="solve")

#: Seconds a request that prefers an answer at once (``Prefer: respond-async``) waits for a run
#: before it is told the verdict is being worked out (202, ask again).
PENDING_WAIT = 0.5


def _running(game: Game) -> Future[dict[str, Any]]:
    """The run working out game's answer: the one under way, or a new one (a heavy game's is
    admitted into the pool first: 503 at once when the pool is full)."""
    with _RUNNING_LOCK:
        running = _RUNNING.get(game)
        if running is None:
            if heavy(game):
                HEAVY.admit()
            running = _WORK.submit(_work, game)
            _RUNNING[game] = running
        return running


def _work(game: Game) -> dict[str, Any]:
    """In a thread: game's answer, kept (a heavy game's from the pool, kept even when it comes
    past the budget)."""
    try:
        answer: dict[str, Any]
        if heavy(game):
            answer = HEAVY.run_admitted(solve_outcome, game, kept=partial(ANSWERS.put, game))
        else:
            answer = _outcome(game)
        ANSWERS.put(game, answer)
        return answer
    finally:
        with _RUNNING_LOCK:
            del _RUNNING[game]


async def answer_for(game: Game, wait: float | None = None) -> dict[str, Any] | None:
    """The verdict for game: kept, or from its run (503 when the pool is full); None when wait
    seconds pass first (the run goes on, and its answer is kept for the next request)."""
    answer = ANSWERS.get(game)
    if answer is None:
        run: asyncio.Future[dict[str, Any]] = asyncio.wrap_future(_running(game))
        try:
            answer = await asyncio.wait_for(asyncio.shield(run), wait)
        except TimeoutError:
            return None
    if "refused" in answer:
        raise HTTPException(400, answer["refused"])
    return answer


def warm_first_games(sizes: range = range(1, MAX_PLAY_N + 1)) -> None:
    """The games the menus open with (coins, turns only, all heads, any hands; blindfolded,
    counting or seeing) worked out for every N in sizes, then ``WARM`` set."""
    for observe in ("blind", "sight", "count"):
        for n in sizes:
            game = game_spec(n, 2, "cyclic", "zero", None, observe)
            if ANSWERS.get(game) is None:
                ANSWERS.put(game, _outcome(game))
            for devil in ("random", "adversarial"):
                LiveGame.start(game, devil, seed=0).to_json()
    WARM.set()


#: Set once the default games are worked out (``/api/health`` says ``warm``).
WARM = threading.Event()


def solve_router() -> APIRouter:
    """The route that solves a game named by query fields."""
    router = APIRouter()

    @router.get("/api/solve", response_model=Solved, responses={202: {"model": Pending}})
    async def solve_game(
        n: Annotated[int, Whole, Query(ge=1, le=MAX_PLAY_N)],
        values: Annotated[int, Whole, Query(ge=2, le=MAX_PLAY_VALUES)] = 2,
        group: Annotated[GroupName, Query()] = "cyclic",
        goal: Annotated[GoalName, Query()] = "zero",
        hands: Annotated[int | None, Whole, Query(ge=1, le=MAX_PLAY_N)] = None,
        observe: Annotated[ObserveName, Query()] = "blind",
        prefer: Annotated[str | None, Header(max_length=200)] = None,
    ) -> Any:
        """Whether a game can be won, in how many moves and how (the first 64 moves as values).

        With ``Prefer: respond-async`` a verdict not known within half a second is answered
        202 (``pending``, Retry-After 1): it is being worked out, ask again."""
        try:
            check_game_fields(n, values, hands, observe, group)
        except ValueError as exc:
            raise HTTPException(400, str(exc)) from None
        wait = PENDING_WAIT if prefer and "respond-async" in prefer.lower() else None
        answer = await answer_for(game_spec(n, values, group, goal, hands, observe), wait)
        if answer is None:
            return JSONResponse(
                {"pending": True, "detail": "the verdict is being worked out: ask again"},
                202,
                headers={"Retry-After": "1", "Preference-Applied": "respond-async"},
            )
        return answer

    @router.get("/api/capabilities")
    def game_capabilities(
        n: Annotated[int, Whole, Query(ge=1, le=MAX_PLAY_N)],
        values: Annotated[int, Whole, Query(ge=2, le=MAX_PLAY_VALUES)] = 2,
        group: Annotated[GroupName, Query()] = "cyclic",
        goal: Annotated[GoalName, Query()] = "zero",
        hands: Annotated[int | None, Whole, Query(ge=1, le=MAX_PLAY_N)] = None,
        observe: Annotated[ObserveName, Query()] = "blind",
    ) -> dict[str, Any]:
        """What the game's family does for it and what it refuses, in its words (the library's
        ``capabilities(game).to_json()``: the one declaration the command line asks too)."""
        try:
            check_game_fields(n, values, hands, observe, group)
        except ValueError as exc:
            raise HTTPException(400, str(exc)) from None
        return capabilities(game_spec(n, values, group, goal, hands, observe)).to_json()

    return router
