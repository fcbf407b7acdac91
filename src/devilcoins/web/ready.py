"""What ``devilcoins serve`` works out before it takes its first request, and what it works out
beside it afterwards, so that a fresh server answers the page at once.

Before (``get_ready``, about 2 s with numba's cache filled, about 20 s the first time after an
install, when the search kernels compile): every answer the page asks for as it loads and the
first game of every kind its menus offer (``first_answers``), in the server's own process, while
the heavy-work pool's workers start beside it, each loading what the heavy verdicts use
(``heavy_worker_ready``).  ``serve`` listens first, so a browser that asks meanwhile waits for
its page rather than being refused, and takes the first request only once these are done: no
answer of the page waits for a search or a compile.

After (``OtherGames``): the verdicts of the menus' other games (every coin game of the menus,
the dial games at the default N), worked out in a process of its own at a low priority and kept
as they come (``routes.solve.ANSWERS``), so that a visitor's choice finds its verdict ready
without the server's own threads sharing an interpreter with the work.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Iterable
from concurrent.futures import wait
from itertools import product
from multiprocessing.connection import Connection

from devilcoins import Game, LiveGame
from devilcoins.coins import kept_out, strategy_roles
from devilcoins.web.heavy import HeavyWork, without_ctrl_c
from devilcoins.web.models import MAX_PLAY_N, MAX_PLAY_VALUES, game_spec, page_game
from devilcoins.web.routes import solve as solving
from devilcoins.web.routes.play import play_state
from devilcoins.web.routes.solve import heavy, solve_outcome, warm_first_games
from devilcoins.web.routes.watch import strategy_data
from devilcoins.web.touch import (
    TOUCH_GAMES,
    touch_game,
    touch_games,
    touch_state,
    warm_touch_games,
)

__all__ = [
    "DEFAULT_N",
    "OtherGames",
    "first_answers",
    "get_ready",
    "heavy_worker_ready",
    "other_games",
]

#: The N the page's menus open with (app.js: play, watch and the Devil's seat).
DEFAULT_N = 4

#: The Devils a menu offers.
DEVILS = ("random", "greedy", "adversarial")

#: The Why section's pictures: the strategies drawn (N = 2, 4, 8) and the Devil's sets (3, 5-7).
WHY_STRATEGIES = (2, 4, 8)
WHY_DEVILS = (3, 5, 6, 7)

#: The priority the other games are worked out at (``os.nice``): below the server's requests.
BESIDE_NICENESS = 10


def first_answers() -> None:
    """In this process: every answer the page asks for as it loads, and the first game of every
    kind a visitor picks next, worked out and kept where the routes find them.

    The glasses offered (``/api/touch/games``: each game's tree, coach and strongest Devil, and
    a game of it started against every Devil), the strategies to watch (``/api/strategy/{n}``,
    N = 1..8 and 16), the Why section's pictures, then the play menus' first games (coins, turns
    only, all heads, any hands; blindfolded, counting and seeing; N = 1..8: their verdicts, which
    sets ``WARM``, and a game of each started against every Devil).  The page's own games come
    last, so that their tables are the newest of the few a process keeps: nothing the page asks
    as it loads is worked out again."""
    warm_touch_games()
    touch_games()
    for n, k in TOUCH_GAMES:
        for devil in DEVILS:
            touch_state("ready", LiveGame.start(touch_game(n, k), devil, seed=0))
    for n in (*range(1, MAX_PLAY_N + 1), 16):
        strategy_data(n)
    for n in WHY_STRATEGIES:
        strategy_roles(n)
    for n in WHY_DEVILS:
        kept_out(n)
    warm_first_games()  # the verdicts, and live games against the random and strongest Devils
    # against every Devil, the default N last (``CACHED_GAMES``: the newest tables are kept)
    for n in sorted(range(1, MAX_PLAY_N + 1), key=lambda n: n == DEFAULT_N):
        for observe in ("count", "sight", "blind"):
            game = game_spec(n, 2, "cyclic", "zero", None, observe)
            for devil in DEVILS:
                play_state("ready", LiveGame.start(game, devil, seed=0))
    for devil in DEVILS:  # and the glasses section's own game, the four glasses, once more
        touch_state("ready", LiveGame.start(touch_game(*TOUCH_GAMES[0]), devil, seed=0))


def _menu_games(
    sizes: Iterable[int],
    values: Iterable[int],
    hands: Iterable[int | None],
    groups: Iterable[str] = ("cyclic", "dihedral", "none", "full"),
    goals: Iterable[str] = ("zero", "same"),
) -> list[Game]:
    """The games the play menus offer with these fields (every kind of observing), each once."""
    games: dict[Game, None] = {}
    for n, v, observe, group, goal, k in product(
        sizes, values, ("blind", "sight", "count"), groups, goals, hands
    ):
        try:
            games[page_game(n, v, group, goal, k, observe)] = None
        except ValueError:  # a game the page refuses (a DevilcoinsError too): nothing to do
            continue
    return list(games)


#: The hands menu's choices at the default N (any, 1, 2, 3: 4 is any).
DEFAULT_HANDS = (None, *range(1, DEFAULT_N))


def heavy_worker_ready() -> None:
    """In a heavy-work worker as it starts: the verdicts of the heavy games of the menus at the
    default N with turns only and all heads (dials, and counting with hands), which loads the
    modules and the compiled kernels a heavy verdict uses, so that the first heavy request
    finds a worker ready (and these verdicts known in its process)."""
    values = range(2, MAX_PLAY_VALUES + 1)
    for game in _menu_games((DEFAULT_N,), values, DEFAULT_HANDS, ("cyclic",), ("zero",)):
        if heavy(game):
            solve_outcome(game)


def other_games() -> list[Game]:
    """The games whose verdicts are worked out beside the server, those not known yet: every
    coin game of the menus with any hands (N = 1..8), then every game of the menus at the
    default N (dials, hands)."""
    coins = _menu_games(range(1, MAX_PLAY_N + 1), (2,), (None,))
    others = _menu_games((DEFAULT_N,), range(2, MAX_PLAY_VALUES + 1), DEFAULT_HANDS)
    games = dict.fromkeys([*coins, *others])
    return [game for game in games if solving.ANSWERS.get(game) is None]


def get_ready(work: HeavyWork) -> float:
    """Work out what the page asks first (``first_answers``) while the heavy-work workers start
    and load theirs (``heavy_worker_ready``); the seconds it took.

    The work runs in a thread of its own while this one waits, so that Ctrl-C or SIGTERM
    stops the server at once and in one line, even in the middle of a compile (a signal
    handled inside numba's compiler would be lost there, and the compile would fail)."""
    began = time.perf_counter()
    started = work.start(heavy_worker_ready)
    failed: list[BaseException] = []

    def work_out() -> None:
        try:
            first_answers()
        except BaseException as err:
            failed.append(err)

    thread = threading.Thread(target=work_out, name="first answers", daemon=True)
    thread.start()
    thread.join()
    if failed:
        raise failed[0]
    wait(started)
    return time.perf_counter() - began


def _quiet() -> None:
    """In a process of the server's: Ctrl-C is the server's to handle (it stops this one)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _work_out(games: list[Game], answers: Connection) -> None:
    """In the process beside the server: each game's verdict (or refusal), sent as it comes."""
    _quiet()
    with contextlib.suppress(OSError):
        os.nice(BESIDE_NICENESS)
    try:
        for game in games:
            answers.send((game, solve_outcome(game)))
    except (BrokenPipeError, EOFError):
        pass  # the server has stopped
    finally:
        answers.close()


class OtherGames:
    """The verdicts of ``other_games`` worked out in a process beside the server, each kept in
    ``ANSWERS`` as it comes; ``stop`` ends the process (the verdicts kept stay)."""

    def __init__(self, games: list[Game] | None = None) -> None:
        self.games = other_games() if games is None else games
        context = multiprocessing.get_context("spawn")
        receive, send = context.Pipe(duplex=False)
        self._receive, self._send = receive, send
        self._process = context.Process(
            target=_work_out, args=(self.games, send), name="devilcoins other games", daemon=True
        )
        self._reader = threading.Thread(target=self._keep, name="other games kept", daemon=True)
        #: Set once every verdict has come (or the process has ended).
        self.done = threading.Event()

    def start(self) -> OtherGames:
        """Start the process and the thread that keeps its verdicts."""
        with without_ctrl_c():
            self._process.start()
        self._send.close()  # the process holds the sending end now: its end is the pipe's end
        self._reader.start()
        return self

    def _keep(self) -> None:
        try:
            while True:
                game, answer = self._receive.recv()
                solving.ANSWERS.put(game, answer)
        except (EOFError, OSError):
            pass  # every verdict came, or the process ended
        finally:
            self._receive.close()
            self.done.set()

    def stop(self) -> None:
        """End the process now (the verdicts it has sent stay kept)."""
        if self._process.pid is None:  # never started
            self._receive.close()
            return
        if self._process.is_alive():
            self._process.terminate()
        self._process.join(timeout=10)
        self._reader.join(timeout=10)  # the pipe's end reached: it stops
