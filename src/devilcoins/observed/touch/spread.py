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
from collections.abc import Iterator
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
    "NodeAnswer", "answer_node", "ask_start", "spread_client", "spread_over", "spreading",
]  # fmt: skip

#: The client the level search spreads its top questions over (None: it asks them itself).
_CLIENT: list[Client | None] = [None]

#: A worker's reply: its answer (or the limit it stopped at first, in words), what it proved,
#: and how many questions it asked.
NodeAnswer = tuple[bool | str, Marks, int]


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


def spread_client() -> Client | None:
    """The client the level search spreads its top questions over, if a command named one."""
    return _CLIENT[0]


def answer_node(
    text: str, d: int, r: int, x: int, kept: Marks, limits: tuple[float | None, int | None]
) -> NodeAnswer:
    """One task, on a worker: whether the set x of patterns off reach r passes at level d in
    the game of text, asked by a level search that starts from the marks kept, within the
    limits (seconds, bytes resident)."""
    seconds, memory = limits
    search = _worker_search(text, memory)
    search.absorb(kept)
    search.deadline = None if seconds is None else time.monotonic() + seconds
    search.seconds, search.asked = seconds, 0
    try:
        answer: bool | str = search.node_passes(d, r, x)
    except TooLarge:
        answer = search.stopped_at
    return answer, (search.marks.arrays(), search.hi, search.lo), search.asked


#: The level search each worker keeps for its game, its marks growing task after task.
_SEARCHES: dict[tuple[str, int | None], Levels] = {}


def _worker_search(text: str, memory: int | None) -> Levels:
    """This worker's level search of the game of text (made on its first task)."""
    if (text, memory) not in _SEARCHES:
        from devilcoins.observed.touch.levels import Levels
        from devilcoins.observed.touch.space import Space

        _SEARCHES.clear()  # one game at a time
        search = Levels(Space.of(Game.parse(text)), memory=memory)
        search.checkpoint = search.spread = None  # its marks go back to the search that asked
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
    if not asked:
        return
    kept = client.scatter((search.marks.arrays(), search.hi, search.lo), broadcast=True)
    text, limits = str(search.space.game), (_seconds_left(search), search.memory)
    tasks = {
        client.submit(answer_node, text, d - 1, r, x, kept, limits, pure=False): (r, x)
        for r, x in asked
    }
    try:
        _gather(search, tasks)
    finally:
        _cancel(list(tasks))


def _gather(search: Levels, tasks: dict[Any, tuple[int, int]]) -> None:
    """Take the workers' answers as they come, until some reach passes (all its sets pass)
    or every reach fails (one of its sets fails); stop when a worker stopped at a limit."""
    from distributed import as_completed

    open_sets: dict[int, set[int]] = {}
    for r, x in tasks.values():
        open_sets.setdefault(r, set()).add(x)
    for task in as_completed(list(tasks)):
        if task.cancelled():
            continue
        answer, marks, asked = task.result()
        search.absorb(marks)
        search.asked += asked
        search.report()
        search.check_limits()
        if isinstance(answer, str):
            search.stop(f"{answer} of a worker")
        r, x = tasks[task]
        if r not in open_sets:  # the reach failed already
            continue
        if answer:
            open_sets[r].discard(x)
            if not open_sets[r]:
                return  # every set off reach r passes: so does the start
        else:
            del open_sets[r]
            _cancel([t for t, (q, _) in tasks.items() if q == r])
            if not open_sets:
                return  # every reach fails


def _cancel(tasks: list[Any]) -> None:
    """Cancel the tasks not done yet (a done task is left as it is)."""
    for task in tasks:
        if not task.done():
            task.cancel()


def _seconds_left(search: Levels) -> float | None:
    """The seconds a worker may take: what is left of the search's time limit."""
    if search.deadline is None:
        return None
    return max(1.0, search.deadline - time.monotonic())
