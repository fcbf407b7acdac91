"""The atlas written out: an aligned table, Markdown, CSV and JSON (read back by ``from_json``)."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from typing import Any

from devilcoins.atlas.entry import OPEN, AtlasEntry

__all__ = ["from_json", "to_csv", "to_json", "to_markdown", "to_text"]


def _yes(value: bool | None, blank: str = "?") -> str:
    """'yes', 'no', or blank for None."""
    return blank if value is None else ("yes" if value else "no")


def _known_text(known: tuple[bool, int | None] | None) -> str:
    """'15', 'no', 'yes' or '' for a literature value."""
    if known is None:
        return ""
    if known[0] and known[1] is not None:
        return str(known[1])
    return _yes(known[0])


def _cells(entry: AtlasEntry) -> list[str]:
    """The table cells of one entry (game, winnable, length, known, agrees, method, seconds)."""
    agrees = {None: "", True: "yes", False: "NO"}[entry.agrees]
    return [
        str(entry.game),
        _yes(entry.winnable),
        "" if entry.length is None else str(entry.length),
        _known_text(entry.known),
        agrees,
        entry.method or entry.status,
        f"{entry.seconds:.3f}",
    ]


HEADER = ["game", "winnable", "moves", "literature", "agrees", "method", "seconds"]


def to_text(entries: Iterable[AtlasEntry]) -> str:
    """The atlas as an aligned plain-text table, with a count of agreements at the end.

    >>> from devilcoins.atlas.entry import atlas
    >>> print(to_text(atlas(['n=3 values=3'])).splitlines()[2].split()[:-1])
    ['n=3', 'values=3', 'yes', '26', '26', 'yes', 'chain', 'construction']
    """
    entries = list(entries)
    rows = [HEADER, *(_cells(e) for e in entries)]
    widths = [max(len(r[i]) for r in rows) for i in range(len(HEADER))]
    right = {1, 2, 3, 6}
    lines = []
    for row in rows:
        cells = [
            c.rjust(w) if i in right else c.ljust(w)
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
    lines.insert(1, "  ".join("-" * w for w in widths))
    lines.append("")
    lines.append(_summary(entries))
    return "\n".join(lines)


def _summary(entries: list[AtlasEntry]) -> str:
    """One line: games, settled, compared, disagreements, total seconds."""
    settled = sum(e.winnable is not None for e in entries)
    compared = [e for e in entries if e.agrees is not None]
    wrong = sum(not e.agrees for e in compared)
    total = sum(e.seconds for e in entries)
    left = sum(e.status == OPEN for e in entries)
    return (
        f"{len(entries)} games, {settled} settled{f', {left} open' if left else ''}, "
        f"{len(compared)} checked against the literature, {wrong} disagreeing; {total:.1f} s"
    )


def to_markdown(entries: Iterable[AtlasEntry], *, seconds: bool = True) -> str:
    """The atlas as a Markdown table (one row per entry); seconds=False leaves the timings out.

    >>> from devilcoins.atlas.entry import atlas
    >>> print(to_markdown(atlas(['n=4 goal=same']), seconds=False))
    | game | winnable | moves | literature | agrees | method |
    |---|---|---:|---:|---|---|
    | `n=4 goal=same` | yes | 7 | 7 | yes | chain construction |
    """
    head = HEADER if seconds else HEADER[:-1]
    align = {"moves": "---:", "literature": "---:", "seconds": "---:"}
    lines = [
        "| " + " | ".join(head) + " |",
        "|" + "|".join(align.get(h, "---") for h in head) + "|",
    ]
    for entry in entries:
        cells = _cells(entry)[: len(head)]
        cells[0] = f"`{cells[0]}`"
        if entry.agrees is False:
            cells[4] = "**NO**"
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(lines)


def to_csv(entries: Iterable[AtlasEntry]) -> str:
    """The atlas as CSV: the text table's columns and the note.

    >>> from devilcoins.atlas.entry import atlas
    >>> print(to_csv(atlas(['n=3'])).splitlines()[1][:28])
    n=3,no,,no,yes,belief search
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([*HEADER, "note"])
    writer.writerows([*_cells(e), e.note] for e in entries)
    return out.getvalue()


def to_json(entries: Iterable[AtlasEntry]) -> dict[str, Any]:
    """The atlas as plain JSON data: the entries and a summary."""
    entries = list(entries)
    compared = [e for e in entries if e.agrees is not None]
    return {
        "games": len(entries),
        "settled": sum(e.winnable is not None for e in entries),
        "checked": len(compared),
        "disagreements": [str(e.game) for e in compared if not e.agrees],
        "seconds": round(sum(e.seconds for e in entries), 6),
        "entries": [e.to_json() for e in entries],
    }


def from_json(data: dict[str, Any]) -> list[AtlasEntry]:
    """The entries back from ``to_json``'s data."""
    return [AtlasEntry.from_json(item) for item in data["entries"]]
