"""The hot loop: one Python source that runs as plain Python or compiled by numba, whichever
the rule of ``core.compiling`` picks for each call.

A ``HotLoop`` keeps its source, a plain copy whose calls to other hot loops call their plain
copies too (``python``), and numba's dispatcher of the same source, made on first need and
cached on disk (``dispatcher``).  Once it has run compiled, its calls go straight to the
compiled code until ``forced`` says otherwise.

>>> @hot_loop
... def twice(x):
...     return 2 * x
>>> twice.run(1, 21), twice.python(4)
(42, 8)
"""

from __future__ import annotations

import logging
import sys
import threading
import time
import types
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from devilcoins.core.compiling import cached_on_disk, chosen, compile_for, fixed_mode, ready, spend

__all__ = ["HotLoop", "hot_loop"]

_lock = threading.RLock()

F = TypeVar("F", bound=Callable[..., Any])


class HotLoop(Generic[F]):
    """One hot loop: its Python source, and the same source compiled by numba on first need."""

    def __init__(self, func: F) -> None:
        self.py_func = func
        self.__name__ = func.__name__
        self.__qualname__ = func.__qualname__
        self.__doc__ = func.__doc__
        self.__module__ = func.__module__
        self.__wrapped__ = func
        self._where = f"{func.__module__}.{func.__qualname__}"
        self._dispatcher: Any = None
        self._python: Callable[..., Any] | None = None
        self._cached: bool | None = None
        self._python_seconds = 0.0
        self._ready = False
        #: The dispatcher, while nothing fixes the mode: the shortest way to a compiled call.
        self._fast: Any = None

    def __repr__(self) -> str:
        return f"<hot loop {self._where}>"

    def __call__(self, *args: Any) -> Any:
        """Run by the rule, the work unknown: as Python inside ``small_game``, else compiled."""
        fast = self._fast
        if fast is not None:
            return fast(*args)
        return self.run(None, *args)

    def run(self, work: int | None, *args: Any) -> Any:
        """Run by the rule: as Python if ``work`` (inner steps) is small, else compiled."""
        fast = self._fast
        if fast is not None:
            return fast(*args)
        if self._cached is None:
            self._cached = cached_on_disk(self.py_func)
        if chosen(work, self._cached, self._python_seconds) == "python":
            return self._as_python(args)
        return self.compiled(*args)

    def compiled(self, *args: Any) -> Any:
        """Run compiled; the first call loads or compiles it, timed apart from the work."""
        if not self._ready:
            self._prepare(args)
        return self._dispatcher(*args)

    @property
    def python(self) -> Callable[..., Any]:
        """The source as a plain function whose calls to hot loops call their plain functions."""
        if self._python is None:
            func = self.py_func
            self._python = types.FunctionType(
                func.__code__,
                _python_globals(func.__module__),
                func.__name__,
                func.__defaults__,
                func.__closure__,
            )
        return self._python

    @property
    def dispatcher(self) -> Any:
        """The numba dispatcher of the same source (numba imported on first use)."""
        if self._dispatcher is None:
            with _lock:
                if self._dispatcher is None:
                    t0 = time.perf_counter()
                    self._dispatcher = _compiled(self.py_func)
                    spend(loading=time.perf_counter() - t0)
        return self._dispatcher

    @property
    def _numba_type_(self) -> Any:
        """What numba sees when a compiled hot loop calls this one: its dispatcher."""
        return self.dispatcher._numba_type_

    def follow_mode(self) -> None:
        """Go straight to the compiled code while nothing fixes the mode, else through the
        rule (``forced`` calls this as its block begins and ends)."""
        self._fast = self._dispatcher if fixed_mode() is None else None

    def _as_python(self, args: tuple[Any, ...]) -> Any:
        """Run as Python, numpy's wrap-around of unsigned words silent as it is when compiled."""
        import numpy as np

        t0 = time.perf_counter()
        try:
            with np.errstate(over="ignore"):
                return self.python(*args)
        finally:
            took = time.perf_counter() - t0
            self._python_seconds += took
            spend(python=took)

    def _prepare(self, args: tuple[Any, ...]) -> None:
        """Compile (or load) the dispatcher for these arguments' types, counting the seconds."""
        with _lock:
            if self._ready:
                return
            dispatcher = self.dispatcher
            argument_types = tuple(dispatcher.typeof_pyval(a) for a in args)
            compile_for(dispatcher, argument_types, self.py_func)
            self._ready = True
            ready(self)
            if fixed_mode() is None:
                self._fast = dispatcher


def _compiled(func: Any) -> Any:
    """numba's dispatcher of func, cached on disk; where numba finds no folder it may write
    its cache in (the package's folder and the home folder both read-only, and no
    NUMBA_CACHE_DIR), compiled each run instead, with a note on the kernel's logger."""
    from numba import njit

    try:
        return njit(cache=True, nogil=True)(func)
    except RuntimeError as err:
        if "cannot cache" not in str(err):
            raise
        logging.getLogger("devilcoins.kernel").warning(
            "numba cannot write its cache here (%s): %s is compiled each run; set "
            "NUMBA_CACHE_DIR to a folder you can write to keep it",
            err,
            func.__name__,
        )
        return njit(nogil=True)(func)


def hot_loop(func: F) -> HotLoop[F]:
    """Mark a function as a hot loop: one source, run as Python or compiled (``HotLoop``)."""
    return HotLoop(func)


_PYTHON_GLOBALS: dict[str, dict[str, Any]] = {}


def _python_globals(module: str) -> dict[str, Any]:
    """A module's globals with every hot loop replaced by its plain function (made once)."""
    with _lock:
        found = _PYTHON_GLOBALS.get(module)
        if found is None:
            found = _PYTHON_GLOBALS[module] = dict(vars(sys.modules[module]))
            for name, value in list(found.items()):
                if isinstance(value, HotLoop):
                    found[name] = value.python
        return found
