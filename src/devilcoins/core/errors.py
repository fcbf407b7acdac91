"""The errors devilcoins raises, and the check every count goes through.

Every error is a ``ValueError`` whose message says what was wrong and what to do instead; the
command line prints it as one line (exit status 2) and the web page as a 4xx answer.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Collection

__all__ = [
    "DevilcoinsError",
    "NotationError",
    "check_n",
    "check_positions",
    "did_you_mean",
    "read_checked_positions",
    "read_positions",
]


def did_you_mean(word: str, choices: Collection[str]) -> str:
    """ " (did you mean 'json'?)" for the closest of choices to word, or '' when none is close.

    >>> did_you_mean("--jsn", ["--json", "--save"]), did_you_mean("xyz", ["solve"])
    (" (did you mean '--json'?)", '')
    """
    close = difflib.get_close_matches(word, list(choices), n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""


class DevilcoinsError(ValueError):
    """A request this library cannot carry out; the message says what to do instead."""


class NotationError(DevilcoinsError):
    """Malformed text for coins, moves, beliefs or strategies."""


def check_n(n: object, *, what: str = "N", low: int = 1) -> int:
    """Return n as an int if it is a whole number >= low, else raise DevilcoinsError.

    >>> check_n(4)
    4
    >>> check_n("4")
    Traceback (most recent call last):
    ...
    devilcoins.core.errors.DevilcoinsError: N must be a whole number, got '4'
    """
    if isinstance(n, bool) or not isinstance(n, int):
        raise DevilcoinsError(f"{what} must be a whole number, got {n!r}")
    if n < low:
        raise DevilcoinsError(f"{what} must be at least {low}, got {n}")
    return n


def read_positions(text: str, n: int | None = None) -> list[int]:
    """The positions named by '{0, 2}', '0 2', '0,2', or '{}' / 'set()' / '-' for none.

    With n <= 10, digits run together are one position each, as in the notebook's Flips column.

    >>> read_positions('{0, 2}'), read_positions('01  45', 8), read_positions('12', 16)
    ([0, 2], [0, 1, 4, 5], [12])
    """
    body = text.strip()
    if body in ("set()", "-"):
        body = ""
    if body.startswith("{") and body.endswith("}"):
        body = body[1:-1]
    tokens = [t for t in re.split(r"[\s,]+", body) if t]
    if not all(t.isdigit() for t in tokens):
        raise NotationError(
            f"cannot read move {text.strip()!r}: write positions like '0 2' or "
            "'{0, 2}', or a flip pattern like 'FLFL'"
        )
    if n is not None and n <= 10:
        return [int(d) for t in tokens for d in t]
    return [int(t) for t in tokens]


def check_positions(positions: Collection[int], n: int) -> None:
    """Raise NotationError unless every position is below n."""
    if positions and max(positions) >= n:
        named = "{" + ", ".join(map(str, sorted(set(positions)))) + "}"
        raise NotationError(
            f"move {named} names position {max(positions)}, but with {n} coins positions are "
            f"0..{n - 1}"
        )


def read_checked_positions(text: str, n: int) -> list[int]:
    """The positions text names (as read_positions reads them), each checked to be below n."""
    positions = read_positions(text, n)
    check_positions(positions, n)
    return positions
