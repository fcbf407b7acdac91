"""A checkpoint's marks checked against the game before the level search trusts them.

Every mark the level search keeps follows from others in one step (docs/mathematics.md §8.5),
so a checkpoint it wrote passes these checks at any moment, and a file whose true header holds
marks it could not have written (edited, or damaged in a way the archive did not notice) is
refused at load, in one line naming the file, before a search or a strategy built on them:

* the beliefs' keys are as wide as the game's belief rows, with no class past its last, and no
  belief is marked won within fewer moves than it is marked lost at;
* a set of patterns marked to fail at d is not marked to pass there, no change after it wins at
  once, and none the player would try leaves a belief marked won within d;
* a set marked to pass at d is won at once, or (d > 0) some change leaves a belief marked won
  within d or passing one level down on some reach (the invariant ``Levels._first_change``
  rests on);
* a belief marked won within d shows, on some reach, only sets of patterns marked to pass at
  d - 1, the belief or one of its symmetric images (the invariant ``Levels.plan`` rests on).

Only the sets no one-larger set (passes) or one-smaller set (failures) implies are asked: the
others follow from them.  So every win a file that passes claims rests on wins of fewer moves,
down to a change that wins at once: each is true.  The failures and losses are checked against
those wins only: proving them again is running the search again, and the workers of a search
spread over a cluster keep the losses they proved (``spread``).  A false loss made to agree
with the rest is met only when the search or its strategy runs into it, and ``Levels.refuted``
refuses the file there, in one line too; until then it can make a lower bound look higher.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, MutableMapping
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import numpy as np

from devilcoins.core.beliefs import Rows
from devilcoins.observed.touch.checkpoint import damaged
from devilcoins.observed.touch.marks import MAX_LEVELS, DenseMarks, Marks, SparseMarks, as_int

if TYPE_CHECKING:
    from devilcoins.observed.touch.met import Met
    from devilcoins.observed.touch.space import Space


class Levels(Protocol):
    """What the checks read of a level search (``levels.Levels``, which calls them): its space,
    its marks and beliefs' levels, and the questions it would ask (no import of it: it imports
    this module)."""

    space: Space
    marks: Marks
    met: Met

    @property
    def hi(self) -> MutableMapping[bytes, int]:
        """The least level each belief met is known won within, by its bytes."""

    @property
    def lo(self) -> MutableMapping[bytes, int]:
        """One more than the greatest level each belief met is known lost at."""

    def words(self, x: int) -> Rows:
        """The set of patterns x as the rows' words."""

    def questions(self, row: Rows, d: int) -> Iterator[tuple[int, list[int]]] | None:
        """What deciding "row is won within d" asks, or None when the marks already pass."""


__all__ = ["check_claims", "check_keys"]

#: A mark on a cylinder node: (reach, set of patterns off it, level).
Claim = tuple[int, int, int]


def check_claims(search: Levels, path: Path) -> None:
    """Refuse, in one line naming path, marks just read from it into search that the level
    search could not have written (see the module's list)."""
    _check_bounds_meet(search, path)
    passes, fails = _generators(search, path)
    for claim in fails:
        _check_fail(search, path, claim)
    for claim in passes:
        _check_pass(search, path, claim)
    for key, d in search.hi.items():
        _check_won(search, path, key, d)


def check_keys(
    search: Levels, path: Path, hi: Mapping[bytes, int], lo: Mapping[bytes, int]
) -> None:
    """Refuse, in one line naming path, beliefs' keys read from it that are not rows of the
    game's width (checked before the search takes them)."""
    _check_keys(search, path, hi, "hi")
    _check_keys(search, path, lo, "lo")


def _check_keys(search: Levels, path: Path, beliefs: Mapping[bytes, int], side: str) -> None:
    """The beliefs' keys are rows of the game's width, with no class past its last."""
    if not beliefs:
        return
    sp = search.space
    width = len(next(iter(beliefs)))
    if width != 8 * sp.words:
        raise damaged(
            path, f"its {side}_keys are {width} bytes wide, not the {8 * sp.words} of its beliefs"
        )
    rows = np.frombuffer(b"".join(beliefs), dtype=np.uint64).reshape(len(beliefs), sp.words)
    if sp.kp % 64 and (rows[:, -1] >> np.uint64(sp.kp % 64)).any():
        raise damaged(path, f"its {side}_keys name classes past the game's {sp.kp}")


def _check_bounds_meet(search: Levels, path: Path) -> None:
    """No belief is marked won within d moves (hi) and lost at d or more (lo > d)."""
    met = search.met
    for e in met.both().tolist():
        hi, lo = int(met.hi_at[e]), int(met.lo_at[e])
        if lo > hi:
            raise damaged(
                path,
                f"its hi_levels mark a belief won within {_moves(hi)} that its lo_levels "
                f"mark lost at {_moves(lo - 1)}",
            )


def _generators(search: Levels, path: Path) -> tuple[list[Claim], list[Claim]]:
    """The pass marks and fail marks that no other implies: (passes, failures)."""
    marks = search.marks
    if isinstance(marks, DenseMarks):
        return _dense(marks.pass_at, up=True), _dense(marks.fail_at, up=False)
    return _sparse(search, path, marks, up=True), _sparse(search, path, marks, up=False)


def _dense(table: np.ndarray, *, up: bool) -> list[Claim]:
    """The sets whose level no set one pattern larger (up: passes, a subset of a pass passes)
    or smaller (failures, a superset of a failure fails) implies, reach by reach."""
    claims: list[Claim] = []
    for r, levels in enumerate(table):
        alone = levels < MAX_LEVELS if up else levels >= 0
        bit = 1
        while bit < len(levels):
            pairs, own = levels.reshape(-1, 2, bit), alone.reshape(-1, 2, bit)
            if up:  # x without the bit is implied when x with it passes as low
                own[:, 0, :] &= pairs[:, 1, :] > pairs[:, 0, :]
            else:  # x with the bit is implied when x without it fails as high
                own[:, 1, :] &= pairs[:, 0, :] < pairs[:, 1, :]
            bit <<= 1
        claims += [(r, int(x), int(levels[x])) for x in np.flatnonzero(alone)]
    return claims


def _sparse(search: Levels, path: Path, marks: SparseMarks, *, up: bool) -> list[Claim]:
    """The kept answers of one side (up: passes), each with no pattern past the game's."""
    side = marks.passed if up else marks.failed
    name = "pass" if up else "fail"
    spare = 64 * marks.words - search.space.off_count
    if spare and (side.masks[:, :, -1] >> np.uint64(64 - spare)).any():
        raise damaged(path, f"its {name}_masks name patterns past the game's {marks.off_count}")
    return [
        (r, as_int(side.masks[r, i]), int(side.levels[r, i]))
        for r, count in enumerate(side.counts.tolist())
        for i in range(count)
    ]


def _check_fail(search: Levels, path: Path, claim: Claim) -> None:
    """A set marked to fail at d: not marked to pass there, no change after it wins at once,
    and none the player would try leaves a belief marked won within d."""
    r, x, d = claim
    said = f"its fail marks say reach {r} is lost at {_moves(d)} after a feeling"
    if search.marks.passes(r, x, d):
        raise damaged(path, f"{said} where its pass marks say it wins")
    won, _, keep, least, _ = search.space.player_options(r, search.words(x))
    if won:
        raise damaged(path, f"{said} where a change wins at once")
    if search.met.won_within(least, np.flatnonzero(keep), d):
        raise damaged(path, f"{said} where its hi marks say a change wins")


def _check_pass(search: Levels, path: Path, claim: Claim) -> None:
    """A set marked to pass at d: won at once, or (d > 0) some change leaves a belief marked
    won within d, or one with a reach whose sets all pass at d - 1 (the hi mark may be gone:
    ``Levels.within`` writes a belief's level when its search ends, over a smaller one proved
    for the same belief deeper down, and the workers of a spread search keep theirs)."""
    r, x, d = claim
    won, acc, keep, least, sizes = search.space.player_options(r, search.words(x))
    if won:
        return
    picks = np.flatnonzero(keep)
    picks = picks[np.argsort(sizes[picks], kind="stable")]  # as the search asks
    if d > 0 and (
        search.met.won_within(least, picks, d)
        or any(search.questions(acc[w], d) is None for w in picks)  # the belief asked first
        or any(_passes_below(search, acc[w], d) for w in picks)
    ):
        return
    raise damaged(
        path,
        f"its pass marks say reach {r} wins within {_moves(d)} after a feeling where neither the "
        "game nor its hi marks show a change that does",
    )


def _check_won(search: Levels, path: Path, key: bytes, d: int) -> None:
    """A belief marked won within d: on some reach of it, or of a symmetric image of it, every
    set of patterns shown is marked to pass at d - 1 (``Levels.questions`` is None)."""
    if _passes_below(search, np.frombuffer(key, dtype=np.uint64), d):
        return
    raise damaged(
        path,
        f"its hi marks say a belief is won within {_moves(d)} that no reach's pass marks at "
        f"{_moves(d - 1)} bear out",
    )


def _passes_below(search: Levels, row: Rows, d: int) -> bool:
    """Whether the belief row, or a symmetric image of it, has a reach whose sets of patterns
    all pass at d - 1 (``Levels.questions`` is None): V <= d, read off the pass marks."""
    return any(search.questions(image, d) is None for image in _images(search, row))


def _images(search: Levels, row: Rows) -> Iterator[Rows]:
    """The belief row, then its images under the game's other symmetries."""
    sp = search.space
    yield row
    bits = sp.bits(row)
    for image in sp.symmetries:
        yield sp.belief_row(image[bits])


def _moves(d: int) -> str:
    """'1 move', '5 moves'."""
    return f"{d} move" if d == 1 else f"{d} moves"
