"""The old top-level names of devilcoins (``RENAMED``), and the functions keeping the signatures
of the two that name no function elsewhere: the coin game's search and check, which now call the
one public name.  ``devilcoins`` imports this module (and with it the notebook) on the first
name it does not have, so that ``import devilcoins`` stays light; it warns when they are used."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import devilcoins.notebook as notebook

if TYPE_CHECKING:
    from devilcoins.results import Verdict, Verification

__all__ = ["RENAMED", "SHIMS", "belief_search", "old_name", "verify_coins"]

#: The old names that are not the notebook's, each with its one spelling now (each is a function
#: below, with its old signature).
SHIMS = {
    "belief_search": "devilcoins.solve(n, 'notebook')",
    "verify_coins": "devilcoins.verify(n, strategy)",
}

#: The public names of devilcoins (``__all__``), read from the package, which is loaded before
#: any module of it (so this module imports nothing above it; the stub, which mypy reads, has no
#: ``__all__``).
_PUBLIC: list[str] = vars(sys.modules["devilcoins"])["__all__"]

#: Every old name: its one spelling now, and the module that answers for it.  The notebook's
#: functions were once at the top of devilcoins: each name of ``notebook.__all__`` that devilcoins
#: does not give itself (it gives the notebook's data structures) is one, read from that list.
RENAMED: dict[str, tuple[str, str]] = {
    **{
        name: (f"devilcoins.notebook.{name}", notebook.__name__)
        for name in notebook.__all__
        if name not in _PUBLIC
    },
    **{name: (spelling, __name__) for name, spelling in SHIMS.items()},
}


def old_name(name: str) -> Any:
    """What the old name gives: the notebook's function of that name, or the shim here."""
    return getattr(notebook, name) if name in notebook.__all__ else globals()[name]


def belief_search(n: int, *, on_progress: Callable[[int, int], None] | None = None) -> Verdict:
    """Deprecated: ``devilcoins.solve(n, 'notebook', on_progress=...)``."""
    from devilcoins.engine import solve

    return solve(n, "notebook", on_progress=on_progress)


def verify_coins(
    strategy: Iterable[Iterable[int]],
    n: int,
    *,
    on_progress: Callable[[int, int], None] | None = None,
) -> Verification:
    """Deprecated: ``devilcoins.verify(n, strategy, on_progress=...)``."""
    from devilcoins.engine import verify

    return verify(n, strategy, on_progress=on_progress)
