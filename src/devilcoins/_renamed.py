"""The old names of the coin game's search and check, kept with their signatures: each calls
the one public name now (``devilcoins`` warns when they are used)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from devilcoins.results import Verdict, Verification

__all__ = ["belief_search", "verify_coins"]


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
