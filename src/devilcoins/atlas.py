"""An atlas of small games: each one settled by ``solve_game`` and checked against the literature.

``atlas()`` solves every game of a grid and puts next to each answer the value the literature gives
for it (``known_value``), where it gives one, and whether the two agree.  ``to_text``,
``to_markdown`` and ``to_json`` write the result as an aligned table, a Markdown table (for the
README) and plain JSON data.

The default grid (``default_grid()``, 200 games, 116 of them blind) covers, in this order:

1. blind, cyclic table, every move allowed, goals ``zero`` and ``same``: coins (m = 2) for
   n = 1..8; dials with m = 3 values for n = 1..7, m = 4 for n = 1..5, m = 5 for n = 1..5
   (every m^n <= 5^5 = 3125, n <= 8);
2. blind coins, n = 1..6, the Devil's group ``dihedral``, ``none`` or ``full``, goals
   ``zero`` and ``same``;
3. blind coins on a cyclic table, n = 2..6, hands k = 1..n-1 (k = n is the game of part 1),
   goals ``zero`` and ``same``;
4. touch: coins on a cyclic table, n = 1..6, hands k = 1..n, goals ``zero`` and ``same``;
5. sight: coins on a cyclic table, n = 1..6, every move allowed and hands k = 1..n-1, goals
   ``zero`` and ``same``.

Touch and sight are solved by ``devilcoins.observed``.  A game the solver refuses
(``DevilcoinsError``, e.g. too many beliefs) becomes an entry with method 'too large' and
winnable None.

The literature (docs/mathematics.md §7-§9) that ``known_value`` encodes:

- Bar-Yehuda, Etzion & Moran (1993): on a cyclic table of n positions with m values, goal all
  zero, the player wins, blindfolded or not, iff n and m are powers of the same prime; blind,
  in m^n - 1 moves (dials m=3 n=3: 26, m=4 n=2: 15, m=4 n=4: 255, m=5 n=5: 3124; the Riddler's
  15 for four coins).  Goal all the same is the game on M / {constants} (docs/mathematics.md §7.1),
  m^(n-1) - 1 moves when n and m are powers of the same prime (four coins: 7).  For coins with
  n = 2^a * p (p an odd prime) Lamping's certificate keeps p coins not all equal, so no goal
  ``same`` game is winnable.
- Values implied by those, each said so in the entry's note: a Devil with more turns (dihedral,
  full), a player with fewer moves (hands) or one who sees before the Devil turns (sight) cannot
  turn a lost game into a won one; goal ``zero`` is no easier than goal ``same``.
- docs/mathematics.md §7.4: four coins with fewer than four hands cannot reach all heads blind; the
  7-move strategy for all the same touches at most two coins, so it stands for hands 2 and 3.
- A table that never turns (group ``none``): m^n - 1 moves for goal zero (the lower bound of
  docs/mathematics.md §3, met), 2^(n-1) - 1 for coins and goal same (Benbernou, Demaine, Demaine &
  Rossman 2008).
- Touch, coins, goal same: winnable iff k >= (1 - 1/p) n with p the largest prime factor of n
  (Lewis & Willard 1980; Laaser & Ramshaw 1981; OEIS A171462: 0, 1, 2, 2, 4, 4, 6, 4, ...);
  Gardner's four glasses with two hands: 5 moves.

>>> entries = atlas(['n=4', 'n=3 values=3 goal=same', 'n=6'])
>>> [(e.winnable, e.length, e.known, e.agrees) for e in entries]
[(True, 15, (True, 15), True), (True, 8, (True, 8), True), (False, None, (False, None), True)]
"""

from __future__ import annotations

import csv
import io
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from devilcoins.core.errors import DevilcoinsError, did_you_mean
from devilcoins.core.game import Game
from devilcoins.core.numbers import prime_factors, same_prime_power
from devilcoins.core.symmetry import Group
from devilcoins.engine import solve
from devilcoins.results import Verdict

__all__ = [
    "GOALS",
    "OBSERVE",
    "OPEN",
    "TOO_LARGE",
    "AtlasEntry",
    "atlas",
    "default_grid",
    "from_json",
    "grid",
    "known_value",
    "least_touch_hands",
    "left_open",
    "parse_names",
    "parse_range",
    "settle",
    "to_csv",
    "to_json",
    "to_markdown",
    "to_text",
]

#: The method of an entry the solver refused (too many states or beliefs).
TOO_LARGE = "too large"

#: The method of an entry not settled in its time (or whose solver died); why in the note.
OPEN = "open"

BEM = "Bar-Yehuda, Etzion & Moran 1993"
LAMPING = "Lamping's certificate (docs/mathematics.md §5.1): p coins kept not all equal"
MONOTONE = "; the Devil's extra turns, fewer moves or sight cannot save a lost game"


@dataclass(frozen=True, kw_only=True)
class AtlasEntry:
    """One game of the atlas: the solver's answer, the literature's, and whether they agree.

    winnable and length are None when the game was not settled (method 'too large');
    known is (winnable, length) from the literature, length None where only
    winnability is known, or known is None altogether; agrees is None when there is nothing to
    compare.  seconds is the wall-clock time ``solve_game`` took.  note names the literature's
    source, or says why the game was not settled.
    """

    game: Game
    winnable: bool | None
    length: int | None
    method: str
    seconds: float
    known: tuple[bool, int | None] | None = None
    agrees: bool | None = None
    note: str = ""

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
            "winnable": self.winnable,
            "length": self.length,
            "method": self.method,
            "seconds": round(self.seconds, 6),
            "known": known,
            "agrees": self.agrees,
            "note": self.note,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> AtlasEntry:
        """An entry from its JSON form (``to_json``)."""
        known = data.get("known")
        return cls(
            game=Game.parse(data["game"]),
            winnable=data["winnable"],
            length=data["length"],
            method=data["method"],
            seconds=float(data["seconds"]),
            known=None if known is None else (known["winnable"], known["length"]),
            agrees=data.get("agrees"),
            note=data.get("note", ""),
        )


# --- the grid ---------------------------------------------------------------------------------

#: Dials (values m) of part 1 of the default grid: the largest n for each m (m^n <= 3125).
DIAL_SIZES = {2: 8, 3: 7, 4: 5, 5: 5}

#: The largest n for the other groups, limited hands, touch and sight in the default grid.
SMALL_N = 6

GOALS = ("zero", "same")

#: What the player observes, for the atlas's ranges (``count`` is left out: goal zero only).
OBSERVE = ("blind", "touch", "sight")


def default_grid() -> list[Game]:
    """The default atlas's games (listed in the module doc), in that order.

    >>> grid = default_grid()
    >>> len(grid), str(grid[0]), str(grid[-1])
    (200, 'n=1', 'n=6 hands=5 goal=same observe=sight')
    """
    games: list[Game] = []
    for m, top in DIAL_SIZES.items():
        for n in range(1, top + 1):
            games += [Game(n, values=m, goal=goal) for goal in GOALS]
    for name in ("dihedral", "none", "full"):
        for n in range(1, SMALL_N + 1):
            group = Group.named(name, n)
            games += [Game(n, group=group, goal=goal) for goal in GOALS]
    for n in range(2, SMALL_N + 1):
        for k in range(1, n):
            games += [Game(n, hands=k, goal=goal) for goal in GOALS]
    for n in range(1, SMALL_N + 1):
        for k in range(1, n + 1):
            games += [Game(n, hands=k, goal=goal, observe="touch") for goal in GOALS]
    for n in range(1, SMALL_N + 1):
        for k in (None, *range(1, n)):
            games += [Game(n, hands=k, goal=goal, observe="sight") for goal in GOALS]
    return games


def parse_range(text: str, what: str, low: int = 1) -> tuple[int, ...]:
    """The whole numbers of a range such as '4', '1..8' or '2..3,5' (each >= low), in order.

    >>> parse_range('1..3,5', 'n'), parse_range('2', 'values', 2)
    ((1, 2, 3, 5), (2,))
    """
    found: list[int] = []
    for part in text.split(","):
        match = re.fullmatch(r"\s*(\d+)\s*(?:\.\.\s*(\d+)\s*)?", part)
        if match is None:
            raise DevilcoinsError(f"{what} {text!r} is not a range like 4, 1..8 or 2..3,5")
        first, last = int(match[1]), int(match[2] or match[1])
        if first < low or last < first:
            raise DevilcoinsError(
                f"{what} {text!r}: each number must be at least {low}, "
                "and a range a..b needs a <= b"
            )
        found += [k for k in range(first, last + 1) if k not in found]
    return tuple(found)


def parse_names(text: str, choices: Iterable[str]) -> tuple[str, ...]:
    """The names of a comma-separated list, each one of choices ('cyclic,none').

    >>> parse_names('zero,same', GOALS)
    ('zero', 'same')
    """
    choices = tuple(choices)
    names = tuple(dict.fromkeys(name.strip().lower() for name in text.split(",")))
    for name in names:
        if name not in choices:
            raise DevilcoinsError(
                f"{name!r} is not one of {', '.join(choices)}{did_you_mean(name, choices)}"
            )
    return names


def _hand_counts(n: int, hands: tuple[int, ...] | None, observe: str) -> list[int | None]:
    """The hands of the grid's games on n positions: None is every move (k >= n when blind)."""
    if observe == "touch":
        return [k for k in (hands or range(1, n + 1)) if k <= n]
    counts = (None, *range(1, n)) if hands is None else hands
    return list(dict.fromkeys(None if k is None or k >= n else k for k in counts))


def _too_many_states(n: int, m: int) -> str | None:
    """Why a game of n positions and m values cannot be built (too many states), or None."""
    try:
        Game(n, values=m)
    except DevilcoinsError as err:
        return str(err)
    return None


def grid(
    ns: Iterable[int],
    *,
    values: Iterable[int] = (2,),
    groups: Iterable[str] = ("cyclic",),
    hands: tuple[int, ...] | None = None,
    goals: Iterable[str] = GOALS,
    observe: Iterable[str] = ("blind",),
    left_out: dict[str, str] | None = None,
) -> list[Game]:
    """Every game of the ranges, by observation, group, values, n, hands and goal.

    hands None is every hand count (every move and 1..n-1; touch 1..n); a blind or sight game
    with k >= n hands is the game of every move.  Sizes with more states than devilcoins holds
    are left out, and put in left_out ('n=9 values=5': why) when given.

    >>> [str(g) for g in grid([2], hands=None, goals=['same'], observe=['blind', 'touch'])]
    ['n=2 goal=same', 'n=2 hands=1 goal=same', 'n=2 hands=1 goal=same observe=touch', \
'n=2 hands=2 goal=same observe=touch']
    """
    ns, values, groups, goals = list(ns), list(values), list(groups), list(goals)
    games = []
    for seen in observe:
        for name in groups:
            for m in values:
                for n in ns:
                    if (why := _too_many_states(n, m)) is not None:
                        if left_out is not None:
                            left_out[f"n={n} values={m}"] = why
                        continue
                    group = Group.named(name, n)
                    for k in _hand_counts(n, hands, seen):
                        games += [
                            Game(n, values=m, group=group, hands=k, goal=g, observe=seen)
                            for g in goals
                        ]
    return games


# --- the literature ---------------------------------------------------------------------------


def least_touch_hands(n: int) -> int:
    """The fewest hands that win the touch game for n coins, goal same: (1 - 1/p) n (A171462).

    >>> [least_touch_hands(n) for n in range(1, 13)]
    [0, 1, 2, 2, 4, 4, 6, 4, 6, 8, 10, 8]
    """
    if n == 1:
        return 0
    return n - n // max(prime_factors(n))


def _group_kind(game: Game) -> str:
    """The Devil's group: 'none' (still), 'cyclic' (the turns), 'more' (turns and more), 'other'."""
    n, group = game.n, game.group
    if n == 1 or group.name == "none" or not group.generators:
        return "none"
    if group.name == "cyclic":
        return "cyclic"
    try:
        elements = set(group.elements())
    except DevilcoinsError:
        return "other"
    turns = set(Group.named("cyclic", n).elements())
    if elements == turns:
        return "cyclic"
    return "more" if turns <= elements else "other"


def _known(game: Game) -> tuple[bool, int | None, str] | None:
    """The literature's (winnable, length, source) for a game, or None."""
    n, m, goal = game.n, game.values, game.goal
    if game.moves is not None or goal not in GOALS:
        return None
    kind = _group_kind(game)
    hands = n if game.hands is None else game.hands  # no limit: every position
    limited = hands < n
    if game.observe == "touch":
        if m != 2 or not (kind == "cyclic" or n == 1):
            return None
        least = least_touch_hands(n)
        source = f"Lewis & Willard 1980; OEIS A171462 (least k = {least} for n = {n})"
        if goal == "same":
            if hands < least:
                return False, None, source
            if (n, hands) == (4, 2):
                return True, 5, "Gardner 1979 (four glasses, two hands): 5 moves"
            return True, None, source
        if hands < least:
            return False, None, source + "; all heads is no easier than all the same"
        return None
    if kind == "none":
        if game.observe != "blind" or limited:
            return None
        if goal == "zero":
            return True, m**n - 1, "docs/mathematics.md §3: the lower bound m^n - 1, met"
        if m == 2:
            return True, 2 ** (n - 1) - 1, "Benbernou, Demaine, Demaine & Rossman 2008"
        return True, m ** (n - 1) - 1, "docs/mathematics.md §6: the game on M / H, |M / H| - 1"
    if kind not in ("cyclic", "more"):
        return None
    plain = kind == "cyclic" and not limited and game.observe == "blind"
    if not same_prime_power(n, m):
        if goal == "zero":
            return False, None, BEM + ("" if plain else MONOTONE)
        if m == 2:
            return False, None, LAMPING + ("" if plain else MONOTONE)
        return None
    if kind != "cyclic":
        return None
    if not limited:
        if game.observe == "sight":
            return True, None, BEM + " (not blindfolded)"
        if goal == "zero":
            if (n, m) == (4, 2):
                return True, 15, BEM + "; the Riddler 2019: 15 moves"
            if m > 2:
                return True, m**n - 1, BEM + "; docs/mathematics.md §7.2 (dials)"
            return True, m**n - 1, BEM
        if (n, m) == (4, 2):
            return True, 7, "docs/mathematics.md §7.1: 7 moves (four glasses, goal all the same)"
        return True, m ** (n - 1) - 1, BEM + "; docs/mathematics.md §7.1: the game on M / H"
    if game.observe == "blind" and (n, m) == (4, 2):
        if goal == "zero":
            return False, None, "docs/mathematics.md §7.4: four coins, fewer than four hands"
        if hands >= 2:
            return True, 7, "docs/mathematics.md §7.4: the 7-move strategy touches at most 2 coins"
    return None


def known_value(game: Game | str) -> tuple[bool, int | None] | None:
    """The literature's (winnable, least worst-case length) for a game, or None where it is silent.

    The length is None where only winnability is known.  Sources: the module doc.

    >>> known_value('n=4'), known_value('n=6 goal=same'), known_value('n=4 group=full')
    ((True, 15), (False, None), None)
    >>> known_value('n=4 hands=2 goal=same observe=touch')
    (True, 5)
    """
    found = _known(Game.parse(game) if isinstance(game, str) else game)
    return None if found is None else found[:2]


# --- the atlas --------------------------------------------------------------------------------


def _literature(game: Game) -> tuple[tuple[bool, int | None] | None, str]:
    """The literature's (winnable, length) for game, or None, and its source ('' for None)."""
    found = _known(game)
    return (None, "") if found is None else (found[:2], found[2])


def _joined(*parts: str) -> str:
    """The non-empty parts joined by '; '."""
    return "; ".join(part for part in parts if part)


def settle(game: Game, solver: Callable[[Game], Verdict] = solve) -> AtlasEntry:
    """Solve one game and set it beside the literature (a refused game: 'too large', why in the
    note, winnable and length None)."""
    known, note = _literature(game)
    t0 = time.perf_counter()
    verdict: Verdict | None = None
    try:
        verdict = solver(game)
    except DevilcoinsError as err:
        note = _joined(str(err), note)
    agrees = None
    if verdict is not None and known is not None:
        agrees = verdict.winnable == known[0] and (known[1] is None or verdict.length == known[1])
    return AtlasEntry(
        game=game,
        winnable=None if verdict is None else verdict.winnable,
        length=None if verdict is None else verdict.length,
        method=TOO_LARGE if verdict is None else verdict.method,
        seconds=time.perf_counter() - t0,
        known=known,
        agrees=agrees,
        note=note,
    )


def left_open(game: Game, reason: str, seconds: float) -> AtlasEntry:
    """The entry of a game not settled (method 'open'): the reason, then the literature's source.

    >>> left_open(Game(3), 'time limit 1 s reached', 1.0).note
    'time limit 1 s reached; Bar-Yehuda, Etzion & Moran 1993'
    """
    known, note = _literature(game)
    return AtlasEntry(
        game=game,
        winnable=None,
        length=None,
        method=OPEN,
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


# --- output -----------------------------------------------------------------------------------


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
        entry.method,
        f"{entry.seconds:.3f}",
    ]


HEADER = ["game", "winnable", "moves", "literature", "agrees", "method", "seconds"]


def to_text(entries: Iterable[AtlasEntry]) -> str:
    """The atlas as an aligned plain-text table, with a count of agreements at the end.

    >>> print(to_text(atlas(['n=2'])).splitlines()[2].split()[:-1])
    ['n=2', 'yes', '3', '3', 'yes', 'chain', 'construction']
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
    left = sum(e.method == OPEN for e in entries)
    return (
        f"{len(entries)} games, {settled} settled{f', {left} open' if left else ''}, "
        f"{len(compared)} checked against the literature, {wrong} disagreeing; {total:.1f} s"
    )


def to_markdown(entries: Iterable[AtlasEntry], *, seconds: bool = True) -> str:
    """The atlas as a Markdown table (one row per entry); seconds=False leaves the timings out.

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

    >>> print(to_csv(atlas(['n=3'])).splitlines()[1][:28])
    n=3,no,,no,yes,the Devil's c
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
