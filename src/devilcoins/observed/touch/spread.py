"""The level search's top questions spread over Dask workers, each with marks of its own.

Deciding "the start is won within d" asks, for some reach, whether every set of patterns the
start can show off it passes at d - 1 (``levels.Levels.questions``).  Those questions are
independent, so each goes to a worker as one task: the worker starts a level search of its own
from the marks proved so far (the checkpoint's arrays, sent once to every worker), answers its
question, and sends back its answer with every mark it proved on the way.  The search that asked
adds them to its own marks (``Levels.absorb``), keeps them in its checkpoint, and stops asking
a reach as soon as one of its sets fails, and every question as soon as some reach passes.
Then it answers the start itself, from marks that now hold the answer; so the value, and the
strategy and witness read off the marks, are proved exactly as in one process
(docs/mathematics.md §8.5, "Many workers").

The cluster is a ``distributed.Client`` (``core.cluster``): worker processes on this machine,
or a running cluster.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from devilcoins.core.cluster import Cluster, client_for
from devilcoins.core.errors import TooLarge
from devilcoins.core.game import Game
from devilcoins.observed.touch.checkpoint import Marks

if TYPE_CHECKING:
    from distributed import Client

    from devilcoins.observed.touch.levels import Levels

__all__ = [
    "NodeAnswer", "answer_node", "ask_start", "spread_asker", "spread_over", "spreading",
]  # fmt: skip

#: The client the level search spreads its top questions over (None: it asks them itself).
_CLIENT: list[Client | None] = [None]

#: A worker's reply: its answer (None: not needed any more; a string: the limit it stopped at
#: first, in words), the marks it proved (the beliefs' bounds stay with the worker), how many
#: questions it asked and how many beliefs it met first.
NodeAnswer = tuple[bool | str | None, Marks, int, int]

#: A worker's limits: seconds, and bytes resident.
Limits = tuple[float | None, int | None]


@contextmanager
def spreading(client: Client | None) -> Iterator[None]:
    """While inside, the level search sends its top questions to the cluster of client."""
    saved = _CLIENT[0]
    _CLIENT[0] = client
    try:
        yield
    finally:
        _CLIENT[0] = saved


@contextmanager
def spread_over(cluster: Cluster | None) -> Iterator[None]:
    """While inside, the level search sends its top questions to the cluster named (a number
    of workers on this machine, or a scheduler's address; None: it asks them itself)."""
    if cluster is None:
        yield
        return
    with client_for(cluster) as client, spreading(client):
        yield


def spread_asker() -> Callable[[Levels, int], None] | None:
    """What a level search calls to send its top questions to the cluster a command named
    (``Levels.spread``), or None when none is named."""
    client = _CLIENT[0]
    if client is None:
        return None
    return lambda search, d: ask_start(search, d, client)


def answer_node(
    text: str, d: int, r: int, x: int, kept: Marks, limits: Limits, quit_name: str | None = None
) -> NodeAnswer:
    """One task, on a worker: whether the set x of patterns off reach r passes at level d in
    the game of text, asked by a level search that starts from the marks kept, within the
    limits (seconds, bytes resident); it gives up when the Dask event quit_name is set (the
    answer is no longer needed) and sends back what it proved so far."""
    seconds, memory = limits
    search = _worker_search(text, memory)
    search.absorb(kept)
    search.deadline = None if seconds is None else time.monotonic() + seconds
    search.seconds, search.asked = seconds, 0
    search.progress = None if quit_name is None else _quit_when_set(quit_name)
    before = search.beliefs()
    try:
        answer: bool | str | None = search.node_passes(d, r, x)
    except TooLarge:
        answer = search.stopped_at
    except _NotNeeded:
        answer = None
    return answer, (search.marks.arrays(), {}, {}), search.asked, search.beliefs() - before


class _NotNeeded(Exception):
    """The search that asked no longer needs the answer."""


def _quit_when_set(name: str) -> Callable[[int, int], None]:
    """A progress call (every 256 questions) that stops the worker's search once the Dask
    event of that name is set."""
    from distributed import Event

    event = Event(name)

    def check(asked: int, known: int) -> None:
        if event.is_set():
            raise _NotNeeded

    return check


#: The level search each worker keeps for its game, its marks growing task after task.
_SEARCHES: dict[tuple[str, int | None], Levels] = {}


def _worker_search(text: str, memory: int | None) -> Levels:
    """This worker's level search of the game of text (made on its first task)."""
    if (text, memory) not in _SEARCHES:
        from devilcoins.observed.touch.levels import Levels
        from devilcoins.observed.touch.space import Space

        _SEARCHES.clear()  # one game at a time
        search = Levels(Space.of(Game.parse(text)), memory=memory)
        search.checkpoint = None  # its marks go back to the search that asked
        search.on_path(search.start)  # the questions are the start's
        _SEARCHES[text, memory] = search
    return _SEARCHES[text, memory]


def ask_start(search: Levels, d: int, client: Client) -> None:
    """Have the cluster answer the questions of "the start is won within d" that the marks
    leave open, adding what the workers prove to search's marks; the search then answers the
    start from them."""
    if search.known(search.start, d) is not None:
        return
    questions = search.questions(search.start, d)
    if questions is None:
        return
    asked = [(r, x) for r, xs in questions for x in xs if not search.marks.passes(r, x, d - 1)]
    if asked:
        _Round(search, d, client).run(asked)


class _Round:
    """One level's questions on the cluster: as many at a time as it has threads, in the
    order the search would ask them, until some reach passes or every reach fails."""

    def __init__(self, search: Levels, d: int, client: Client) -> None:
        from devilcoins.core.cluster import threads

        self.search, self.d, self.client, self.width = search, d, client, threads(client)
        kept = (search.marks.arrays(), dict(search.hi), dict(search.lo))
        self.kept = client.scatter(kept, broadcast=True, hash=False)  # a key of its own
        self.limits = (_seconds_left(search), search.memory)
        self.running: dict[Any, tuple[int, int, Any]] = {}  # task: reach, set, its quit event
        self.count = 0

    def run(self, asked: list[tuple[int, int]]) -> None:
        """Ask every (reach, set) in order, a window at a time; stop the workers on the way out."""
        from distributed import as_completed

        waiting = list(asked)
        left = {r: sum(q == r for q, _ in asked) for r, _ in asked}  # sets of r not yet passed
        done = as_completed()
        try:
            while waiting or self.running:
                while waiting and len(self.running) < self.width:
                    done.add(self._submit(*waiting.pop(0)))
                answer, r = self._take(next(done))
                if answer is False:  # the reach fails: its other sets are not needed
                    left.pop(r, None)
                    waiting = [(q, x) for q, x in waiting if q != r]
                    self._quit(r.__eq__)
                elif answer and r in left:
                    left[r] -= 1
                if not left or 0 in left.values():
                    return  # every reach fails, or one passes (so does the start)
        finally:
            self._quit(lambda q: True)

    def _submit(self, r: int, x: int) -> Any:
        from distributed import Event

        self.count += 1
        name = f"devilcoins-quit-{id(self)}-{self.count}"
        text = str(self.search.space.game)
        task = self.client.submit(
            answer_node, text, self.d - 1, r, x, self.kept, self.limits, name, pure=False
        )
        self.running[task] = (r, x, Event(name, client=self.client))
        return task

    def _take(self, task: Any) -> tuple[bool | None, int]:
        """A finished task's answer (None: it gave up), its marks added to the search's."""
        r, _, _ = self.running.pop(task)
        answer, marks, asked, met = task.result()
        search = self.search
        search.absorb(marks)
        search.asked += asked
        search.met_elsewhere += met
        search.report()
        search.check_limits()
        if isinstance(answer, str):
            search.stop(f"{answer} of a worker")
        return answer, r

    def _quit(self, which: Callable[[int], bool]) -> None:
        """Tell the running tasks on the reaches which picks to give up."""
        for r, _, event in self.running.values():
            if which(r):
                event.set()


def _seconds_left(search: Levels) -> float | None:
    """The seconds a worker may take: what is left of the search's time limit."""
    if search.deadline is None:
        return None
    return max(1.0, search.deadline - time.monotonic())
