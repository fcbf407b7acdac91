"""How the hot loops run: as plain Python when the work is small, compiled by numba otherwise.

Every hot loop has one source, a Python function marked ``@hot_loop``; it runs either as that
Python function (and the hot loops it calls run as Python too) or compiled by numba (cached on
disk, and compiled hot loops call each other compiled).  The rule, in docs/how-it-works.md
("Compiled or plain Python"):

* A call is *small* when its caller says so: ``loop.run(work, ...)`` with an estimate of the
  inner steps of at most ``PYTHON_WORK`` (about a twentieth of a second as Python), or any call
  inside a ``small_game()`` block, which a solver opens when its game is small.
* A small call runs as Python while the loop's Python calls in this process have taken less
  than a budget: ``PYTHON_SECONDS`` when numba's cache has no compiled copy of the loop (a
  compile costs seconds), ``CACHED_SECONDS`` when it has one (a load costs about that).  So a
  loop spends at most about what compiling or loading it would cost before it does.  Numba is
  not even imported while every loop runs as Python.
* Every other call runs compiled: loaded from numba's cache, or compiled once (a notice goes
  first to the "devilcoins.kernel" logger) and cached for later runs.  Once a loop has run
  compiled in a process, it stays compiled there.

``DEVILCOINS_KERNELS=python`` or ``compiled`` in the environment, or ``forced(...)``, fixes the
choice for every call; the tests run the same games both ways and compare.  The seconds spent
importing numba, compiling and loading are counted apart (``compile_seconds``), so a solver's
clock (``Stopwatch``) leaves them out.
This module holds the rule, the clock, and what devilcoins knows of numba's cache (whether a
loop is in it; a compile or load, announced and timed).  The hot loop itself, the object that
follows the rule and holds numba's dispatcher, is ``core.hotloop`` (``HotLoop``, ``@hot_loop``).

>>> from devilcoins.core.hotloop import hot_loop
>>> @hot_loop
... def total(xs):
...     s = 0
...     for x in xs:
...         s += x
...     return s
>>> import numpy as np
>>> int(total.run(3, np.arange(4)))  # three steps: plain Python
6
>>> with forced("python"):
...     chosen(10**12, False, 99.0)
'python'
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import logging
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Literal, Protocol, TypeVar

__all__ = [
    "CACHED_SECONDS",
    "COMPILE_NOTICE",
    "PYTHON_SECONDS",
    "PYTHON_WORK",
    "CompileTime",
    "Stopwatch",
    "cached_on_disk",
    "chosen",
    "compile_for",
    "compile_seconds",
    "fixed_mode",
    "forced",
    "ready",
    "small_game",
    "small_when",
    "spend",
]


#: The inner steps up to which one ``run`` call is small (about 0.05 s as Python).
PYTHON_WORK = 500_000

#: Seconds a hot loop may spend run as Python in one process when it is not in numba's cache...
PYTHON_SECONDS = 0.3

#: ... and when it is (loading it costs about this much).
CACHED_SECONDS = 0.05

#: Logged (logger "devilcoins.kernel", INFO) just before a hot loop compiles; the command line
#: shows it on its progress line.
COMPILE_NOTICE = "compiling the search kernels once (about {seconds} s); later runs start at once"

#: Logged (INFO) when that compile is over.
COMPILED_NOTICE = "compiled in {seconds:.1f} s"

_log = logging.getLogger("devilcoins.kernel")


Mode = Literal["python", "compiled"]


class Ready(Protocol):
    """A hot loop compiled (or loaded) in this process, as ``forced`` sees it."""

    def follow_mode(self) -> None:
        """Go straight to the compiled code while nothing fixes the mode, else through the
        rule."""


_forced: list[Mode] = []
_small = threading.local()
#: The hot loops compiled (or loaded) in this process.
_READY: list[Ready] = []

F = TypeVar("F", bound=Callable[..., Any])


@dataclass
class CompileTime:
    """Seconds spent on hot loops apart from their work: compiling, loading, and running as
    Python (the last counts as work; it is kept to bound it)."""

    compiling: float = 0.0
    loading: float = 0.0
    python: float = 0.0

    @property
    def total(self) -> float:
        """Compiling and loading together (not the Python runs, which are work)."""
        return self.compiling + self.loading

    def to_json(self) -> dict[str, float]:
        """{'compile_seconds': ..., 'load_seconds': ...}, rounded to the millisecond."""
        return {
            "compile_seconds": round(self.compiling, 3),
            "load_seconds": round(self.loading, 3),
        }


_spent = CompileTime()


def compile_seconds() -> CompileTime:
    """A copy of the seconds spent so far (subtract two to time a stretch of work)."""
    return CompileTime(_spent.compiling, _spent.loading, _spent.python)


def spend(*, compiling: float = 0.0, loading: float = 0.0, python: float = 0.0) -> None:
    """Count seconds hot loops spent compiling, loading or running as Python (what
    ``compile_seconds`` and the ``Stopwatch`` read)."""
    _spent.compiling += compiling
    _spent.loading += loading
    _spent.python += python


def ready(loop: Ready) -> None:
    """Note a hot loop compiled (or loaded) in this process: ``forced`` sends its calls through
    the rule while it lasts, and straight to the compiled code again after."""
    _READY.append(loop)


class Stopwatch:
    """Seconds of work since it started, less the seconds hot loops spent compiling or loading.

    >>> watch = Stopwatch()
    >>> watch.seconds() >= 0 and watch.compile_time().total >= 0
    True
    """

    def __init__(self) -> None:
        self._t0 = time.perf_counter()
        self._spent0 = compile_seconds()

    def compile_time(self) -> CompileTime:
        """The compiling and loading since the watch started."""
        now, then = compile_seconds(), self._spent0
        return CompileTime(
            now.compiling - then.compiling, now.loading - then.loading, now.python - then.python
        )

    def seconds(self) -> float:
        """The seconds since the watch started, compiling and loading left out."""
        return max(0.0, time.perf_counter() - self._t0 - self.compile_time().total)


def _environment_mode() -> Mode | None:
    """The mode DEVILCOINS_KERNELS fixes, if any."""
    value = os.environ.get("DEVILCOINS_KERNELS", "").strip().lower()
    return "python" if value == "python" else "compiled" if value == "compiled" else None


def fixed_mode() -> Mode | None:
    """The mode ``forced`` or DEVILCOINS_KERNELS fixes for every call, if any."""
    return _forced[-1] if _forced else _environment_mode()


def chosen(work: int | None, cached: bool, spent: float) -> Mode:
    """How a call runs: 'python' or 'compiled' (work: its inner steps, None when unknown;
    cached: whether numba's cache holds the loop; spent: its Python seconds so far).

    >>> [chosen(w, False, 0.0) for w in (10, None, 10**9)] if fixed_mode() is None else 0
    ['python', 'compiled', 'compiled']
    """
    fixed = fixed_mode()
    if fixed is not None:
        return fixed
    small = getattr(_small, "depth", 0) > 0 or (work is not None and work <= PYTHON_WORK)
    if not small:
        return "compiled"
    budget = CACHED_SECONDS if cached else PYTHON_SECONDS
    return "python" if spent < budget else "compiled"


@contextlib.contextmanager
def forced(mode: Mode) -> Iterator[None]:
    """Run every hot loop called inside the block as ``mode``, whatever its work.

    >>> with forced("compiled"):
    ...     chosen(1, False, 0.0)
    'compiled'
    """
    if mode not in ("python", "compiled"):
        raise ValueError(f"mode must be 'python' or 'compiled', not {mode!r}")
    _forced.append(mode)
    for loop in _READY:
        loop.follow_mode()
    try:
        yield
    finally:
        _forced.pop()
        if fixed_mode() is None:
            for loop in _READY:
                loop.follow_mode()


@contextlib.contextmanager
def small_game(small: bool = True) -> Iterator[None]:
    """Count every hot-loop call inside the block as small when ``small`` (a solver's word
    that its game is small); the budget still bounds the Python time."""
    if not small:
        yield
        return
    _small.depth = getattr(_small, "depth", 0) + 1
    try:
        yield
    finally:
        _small.depth -= 1


def small_when(is_small: Callable[..., bool]) -> Callable[[F], F]:
    """Decorate a function so that the hot loops it calls count as small when
    ``is_small(*args, **kwargs)`` holds (``small_game``)."""

    def decorate(func: F) -> F:
        @functools.wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            with small_game(is_small(*args, **kwargs)):
                return func(*args, **kwargs)

        return wrapper  # type: ignore[return-value]

    return decorate


def _on_disk(func: Callable[..., Any]) -> bool:
    """Whether numba's on-disk cache seems to hold func compiled, found without numba.

    It looks for the index file where numba keeps it (NUMBA_CACHE_DIR, else the __pycache__
    beside the source or the user's cache folder); a stale index only makes a loop compile a
    little sooner, never changes an answer.
    """
    source = os.path.abspath(func.__code__.co_filename)
    folder = os.path.dirname(source)
    stem = os.path.splitext(os.path.basename(source))[0]
    line = func.__code__.co_firstlineno
    index = f"{stem}.{func.__qualname__}-{line}.py{sys.version_info[0]}{sys.version_info[1]}.nbi"
    subpath = f"{os.path.basename(folder)}_{hashlib.sha1(folder.encode()).hexdigest()}"
    user = os.environ.get("NUMBA_CACHE_DIR")
    if user:
        places = [os.path.join(user, subpath)]
    else:
        home = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
        places = [os.path.join(folder, "__pycache__"), os.path.join(home, "numba", subpath)]
    return any(os.path.exists(os.path.join(place, index)) for place in places)


def cached_on_disk(func: Callable[..., Any]) -> bool:
    """Whether numba's cache holds func compiled, as far as can be told without numba: the
    rule's 'cached' (``chosen``), which sets the Python budget of a small call."""
    return _on_disk(func)


def compile_for(dispatcher: Any, argument_types: tuple[Any, ...], func: Callable[..., Any]) -> None:
    """Compile (or load from numba's cache) a hot loop's dispatcher for these argument types: a
    fresh compile is announced on the "devilcoins.kernel" logger before and after, and its
    seconds are counted as compiling, a load's as loading (``compile_seconds``)."""
    fresh = not _in_cache(dispatcher)
    if fresh:
        _log.info(COMPILE_NOTICE.format(seconds=_estimate(func)))
    t0 = time.perf_counter()
    dispatcher.compile(argument_types)
    took = time.perf_counter() - t0
    if fresh:
        spend(compiling=took)
        _log.info(COMPILED_NOTICE.format(seconds=took))
    else:
        spend(loading=took)


#: About how long a first compile takes on a 2-core machine: the touch, sight and count searches
#: (observed/, about 6 s for 8 glasses with 4 hands) and the rest (the belief update: 1 to 4 s).
_ESTIMATES = (("devilcoins.observed", 10), ("devilcoins", 5))


def _estimate(func: Callable[..., Any]) -> int:
    """The seconds the compile notice announces for a loop of func's module."""
    return next((s for prefix, s in _ESTIMATES if func.__module__.startswith(prefix)), 10)


def _in_cache(dispatcher: Any) -> bool:
    """Whether numba's on-disk cache holds something for this dispatcher (its index file).

    numba's cache layout is not public: anything unreadable counts as cached, so that no
    notice announces a compile that might not happen.
    """
    try:
        return bool(dispatcher._cache._cache_file._load_index())
    except Exception:
        return True
