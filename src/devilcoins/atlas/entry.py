"""One game of the atlas: how it was settled (or why not), beside what the literature says.

``settle`` solves a game and sets it beside the literature; ``left_open`` records one not
settled in its time; ``atlas`` settles a whole grid in this process.  An entry keeps its status
apart from its method: 'settled' (then method says how), or the kind of refusal the solver gave
('too large', 'not supported', 'invalid'; ``core.errors``), or 'open' (past its time limit, or
its solver died).

>>> entries = atlas(['n=4', 'n=3 values=3 goal=same', 'n=6'])
>>> [(e.status, e.winnable, e.length, e.known, e.agrees) for e in entries]
[('settled', True, 15, (True, 15), True), ('settled', True, 8, (True, 8), True), \
('settled', False, None, (False, None), True)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from devilcoins.atlas.grid import default_grid
from devilcoins.atlas.literature import literature
from devilcoins.core.compiling import Stopwatch
from devilcoins.core.errors import ERROR_KINDS, DevilcoinsError
from devilcoins.core.game import Game
from devilcoins.engine import solve
from devilcoins.results import Verdict

__all__ = [
    "OPEN",
    "SETTLED",
    "STATUSES",
    "TOO_LARGE",
    "AtlasEntry",
    "atlas",
    "left_open",
    "settle",
]

#: The status of a game the solver answered.
SETTLED = "settled"

#: The status of a game the solver refused for its size.
TOO_LARGE = "too large"

#: The status of a game not settled in its time (or whose solver died); why in the note.
OPEN = "open"

#: Every status an entry may have: settled, a kind of refusal, or open.
STATUSES = (SETTLED, *ERROR_KINDS, OPEN)


@dataclass(frozen=True, kw_only=True)
class AtlasEntry:
    """One game of the atlas: the solver's answer, the literature's, and whether they agree.

    status is 'settled', a kind of refusal ('too large', 'not supported', 'invalid') or 'open';
    method says how a settled game was settled ('' otherwise).  winnable and length are None
    when the game was not settled; known is (winnable, length) from the literature, length None
    where only winnability is known, or known is None altogether; agrees is None when there is
    nothing to compare.  seconds is the wall-clock time the solve took.  note names the
    literature's source, or says why the game was not settled.  certificate is the SHA-256 of
    the game's optimality certificate file when one was written and checked ('' otherwise).
    """

    game: Game
    status: str
    winnable: bool | None
    length: int | None
    method: str
    seconds: float
    known: tuple[bool, int | None] | None = None
    agrees: bool | None = None
    note: str = ""
    certificate: str = ""

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise ValueError(f"status must be one of {', '.join(STATUSES)}, got {self.status!r}")

    @property
    def text(self) -> str:
        """The game in its one-line text form."""
        return str(self.game)

    def to_json(self) -> dict[str, Any]:
        """The entry as plain JSON data (the game as its text form)."""
        known = None
        if self.known is not None:
            known = {"winnable": self.known[0], "length": self.known[1]}
        return {
            "game": str(self.game),
            "status": self.status,
            "winnable": self.winnable,
            "length": self.length,
            "method": self.method,
            "seconds": round(self.seconds, 6),
            "known": known,
            "agrees": self.agrees,
            "note": self.note,
            "certificate": self.certificate,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> AtlasEntry:
        """An entry from its JSON form (``to_json``)."""
        known = data.get("known")
        return cls(
            game=Game.parse(data["game"]),
            status=data["status"],
            winnable=data["winnable"],
            length=data["length"],
            method=data["method"],
            seconds=float(data["seconds"]),
            known=None if known is None else (known["winnable"], known["length"]),
            agrees=data.get("agrees"),
            note=data.get("note", ""),
            certificate=data.get("certificate", ""),
        )


def _joined(*parts: str) -> str:
    """The non-empty parts joined by '; '."""
    return "; ".join(part for part in parts if part)


def settle(game: Game, solver: Callable[[Game], Verdict] = solve) -> AtlasEntry:
    """Solve one game and set it beside the literature (a refused game keeps the kind of its
    refusal as its status, why in the note, winnable and length None)."""
    known, note = literature(game)
    t0 = Stopwatch()
    verdict: Verdict | None = None
    status = SETTLED
    try:
        verdict = solver(game)
    except DevilcoinsError as err:
        status, note = err.kind, _joined(str(err), note)
    agrees = None
    if verdict is not None and known is not None:
        agrees = verdict.winnable == known[0] and (known[1] is None or verdict.length == known[1])
    return AtlasEntry(
        game=game,
        status=status,
        winnable=None if verdict is None else verdict.winnable,
        length=None if verdict is None else verdict.length,
        method="" if verdict is None else verdict.method,
        seconds=t0.seconds(),
        known=known,
        agrees=agrees,
        note=note,
    )


def left_open(game: Game, reason: str, seconds: float) -> AtlasEntry:
    """The entry of a game not settled (status 'open'): the reason, then the literature's source.

    >>> left_open(Game(3), 'time limit 1 s reached', 1.0).note
    'time limit 1 s reached; Bar-Yehuda, Etzion & Moran 1993'
    """
    known, note = literature(game)
    return AtlasEntry(
        game=game,
        status=OPEN,
        winnable=None,
        length=None,
        method="",
        seconds=seconds,
        known=known,
        note=_joined(reason, note),
    )


def atlas(
    games: Iterable[Game | str] | None = None,
    *,
    on_progress: Callable[[int, int], None] | None = None,
) -> list[AtlasEntry]:
    """Solve each game (the default grid when games is None) and compare with the literature.

    Games may be ``Game`` values or their text.  on_progress(done, total) is called after each.
    """
    todo = (
        default_grid()
        if games is None
        else [Game.parse(g) if isinstance(g, str) else g for g in games]
    )
    entries = []
    for game in todo:
        entries.append(settle(game))
        if on_progress is not None:
            on_progress(len(entries), len(todo))
    return entries
