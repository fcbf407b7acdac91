"""Check an optimality certificate (``observed.certificates`` writes them) with tables of its own.

Nothing of the solvers is used: the states, the Devil's turns, the classes, the patterns felt
and the goal are rebuilt here from the ``Game`` (its size, values, group and goal test)
(``certcheck.tables``).  Each half is checked as docs/mathematics.md §8.4 states it, by the
module of its kind of game (``touch``, ``sight``, ``count``):

- upper bound (touch): the arrivals of every strategy node are followed for every turn; each
  state felt must have an outcome, each change must reach the goal or a node promising fewer
  moves; the start's node promises the value.
- upper bound (sight, count): the strategy is replayed against every start and every turn.
- lower bound (touch): every node of the witness (a reach, the patterns off it, a claim c)
  leaves, after every change, a belief that is not empty and, when c >= 2, shows on every
  reach some pattern whose patterns off it hold a node (or a node turned by the Devil)
  claiming c - 1 or more; the start shows such a node claiming V - 1 on every reach.
- lower bound (sight): every class claimed c >= 2 has, for every move, a turn leaving a class
  outside the goal claimed c - 1 or more (when c > 2); (count) the same for beliefs and counts.
- trap: every class of it, for every reach, has a pattern after which every change keeps a
  class of the trap possible (and no class of it is in the goal); for count, beliefs.

The registry of game families (``devilcoins.families``) hands each kind its ``Checker``.

>>> from devilcoins.core.game import Game
>>> from devilcoins.observed.touch import solve_touch
>>> from devilcoins.observed.certificates import touch_certificate
>>> game = Game.parse('n=4 hands=2 goal=same observe=touch')
>>> check_certificate(game, touch_certificate(solve_touch(game)), TOUCH).holds
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from devilcoins.certcheck.count import CountLower, count_upper
from devilcoins.certcheck.sight import SightLower, sight_upper
from devilcoins.certcheck.tables import CertificateFailed, Tables
from devilcoins.certcheck.touch import TouchLower, touch_trap, touch_upper
from devilcoins.core.errors import DevilcoinsError, InvalidInput
from devilcoins.core.game import Game
from devilcoins.results.certificate import CertificateCheck
from devilcoins.results.evidence import Evidence, EvidenceKind
from devilcoins.results.words import counted

__all__ = [
    "COUNT",
    "SIGHT",
    "TOUCH",
    "CertificateFailed",
    "Checker",
    "check_certificate",
    "with_more_hands",
]


@dataclass(frozen=True)
class Checker:
    """How one kind of game's certificate is checked: the strategy's worst case (upper), the
    bound the Devil's witness shows (lower), and the trap (which says what it keeps)."""

    upper: Callable[[Tables, Any], int]
    lower: Callable[[Tables, dict[str, Any]], int]
    trap: Callable[[Tables, dict[str, Any]], str]


def _class_trap(tab: Tables, cert: dict[str, Any]) -> str:
    touch_trap(tab, cert.get("trap"))
    return "every class of it keeps one of it possible"


def _count_trap(tab: Tables, cert: dict[str, Any]) -> str:
    trap = CountLower(tab, cert, "trap")
    if not trap.holds(~tab.goal, 1):
        raise CertificateFailed("the trap holds no belief inside the start")
    trap.check(2)
    return "every belief of it has, after every move, a count that keeps one of it"


def _touch_lower(tab: Tables, cert: dict[str, Any]) -> int:
    """What the touch witness shows; a claim of 1 needs none (the start is off the goal)."""
    if int(cert["value"]) <= 1 and not cert.get("witness"):
        return 1 if (~tab.goal).any() else 0
    return TouchLower(tab, cert).check(cert["value"])


TOUCH = Checker(touch_upper, _touch_lower, _class_trap)
SIGHT = Checker(
    sight_upper, lambda tab, cert: SightLower(tab, cert).check(cert["value"]), _class_trap
)
COUNT = Checker(
    count_upper, lambda tab, cert: CountLower(tab, cert).check(cert["value"]), _count_trap
)


def _read(game: Game, cert: Any) -> dict[str, Any]:
    """The certificate's fields, once it says it is one, of the version read here, for game."""
    if not isinstance(cert, dict) or cert.get("certificate") != "devilcoins certificate":
        raise InvalidInput("not a devilcoins certificate (its first field says what it is)")
    if cert.get("version") != 2:
        raise InvalidInput(
            f"a certificate of format version {cert.get('version')!r}; this devilcoins checks "
            "version 2 (write it again with solve ... --certificate)"
        )
    if _game_of(cert.get("game")) != game:
        raise InvalidInput(f"the certificate is for {_excerpt(cert.get('game'))}, not {game}")
    if cert.get("value") is not None and cert.get("bounds") is not None:
        raise InvalidInput(
            "a certificate holds a value or bounds, not both (value for a settled game, "
            "bounds [L, U] with value null for one that is not)"
        )
    return cert


def _game_of(text: Any) -> Game | None:
    """The game a certificate names: its text read as any game text is, so the same game
    written with its words in another order is the same game (None: not a game text)."""
    if not isinstance(text, str):
        return None
    try:
        return Game.parse(text)
    except (DevilcoinsError, ValueError):
        return None


def _excerpt(value: Any) -> str:
    """A short quotation of a field, for a message (at most about 80 characters)."""
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def check_certificate(game: Game, cert: Any, checker: Checker) -> CertificateCheck:
    """Check a certificate (parsed JSON) for a game of checker's kind: both halves, or the
    trap."""
    data = _read(game, cert)
    tab = Tables(game)
    value = data.get("value")
    if value is None and data.get("bounds") is not None:
        return _bounds(game, tab, data, checker)
    if value is None:
        trap = _half(
            "the Devil's trap", EvidenceKind.TRAP, lambda: checker.trap(tab, data), str, bool
        )
        return CertificateCheck(game, None, trap.holds is True, (trap,))
    claimed = _count(value, "value")
    upper, lower = _halves(tab, data, checker, claimed, claimed)
    return CertificateCheck(game, claimed, upper.holds is True and lower.holds is True,
                            (upper, lower))  # fmt: skip


def _count(value: Any, field: str) -> int:
    """A count of moves as the certificate writes it: a JSON whole number, >= 0 (not a string,
    a fraction or true, which int() would read as well).

    >>> _count(5, "value")
    5
    >>> _count("5", "value")
    Traceback (most recent call last):
    ...
    devilcoins.core.errors.InvalidInput: a certificate's value is a whole number of moves \
(written without quotes), not '5'
    """
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InvalidInput(
            f"a certificate's {field} is a whole number of moves (written without quotes), "
            f"not {value!r}"
        )
    return value


def _bounds(game: Game, tab: Tables, data: dict[str, Any], checker: Checker) -> CertificateCheck:
    """A certificate of bounds [L, U]: the strategy wins within U, the witness shows that no
    strategy wins in fewer than L; with U null (no strategy known) the witness alone."""
    low, high = _read_bounds(data["bounds"])
    lower = _lower_half(tab, data, checker, low, _witness_game(game, data))
    halves = (lower,) if high is None else (_upper_half(tab, data, checker, high), lower)
    holds = all(half.holds is True for half in halves)
    return CertificateCheck(game, None, holds, halves, bounds=(low, high))


def _read_bounds(bounds: Any) -> tuple[int, int | None]:
    """[L, U] as numbers, 0 <= L <= U, or [L, null] when no strategy is known."""
    try:
        low, high = bounds
        pair = (_count(low, "bounds"), None if high is None else _count(high, "bounds"))
    except (TypeError, ValueError):
        raise InvalidInput("a certificate's bounds are [L, U], U a number or null") from None
    if pair[0] < 0 or (pair[1] is not None and pair[1] < pair[0]):
        raise InvalidInput(f"the bounds [{low}, {high}] are not 0 <= L <= U")
    return pair


def _witness_game(game: Game, data: dict[str, Any]) -> Game | CertificateFailed:
    """The game the witness is for: this one, or (``witness_game``) this one with more hands.

    A player with fewer hands is one with more who leaves the others still, so a witness that
    nothing wins in fewer than L moves with more hands shows it with fewer
    (docs/mathematics.md §8.4).  A witness game that is not that is a failed lower half.
    """
    text = data.get("witness_game")
    if text is None:
        return game
    other = with_more_hands(game, text)
    if other is None:
        return CertificateFailed(f"witness_game {text!r} is not {game} with as many hands or more")
    return other


def with_more_hands(game: Game, text: Any) -> Game | None:
    """The touch game named by text when it is game with as many hands or more (everything
    else equal), else None.

    >>> g = Game.parse('n=8 hands=4 goal=same observe=touch')
    >>> str(with_more_hands(g, 'n=8 hands=5 goal=same observe=touch'))
    'n=8 hands=5 goal=same observe=touch'
    >>> with_more_hands(g, 'n=8 hands=3 goal=same observe=touch') is None
    True
    """
    try:
        other = Game.parse(str(text))
        same = replace(other, hands=game.hands) == game
    except (DevilcoinsError, TypeError, ValueError):
        return None
    if not same or not game.observe.feels or (other.hands or 0) < (game.hands or 0):
        return None
    return other


def _halves(
    tab: Tables, data: dict[str, Any], checker: Checker, low: int, high: int
) -> tuple[Evidence, Evidence]:
    """Both halves checked: the strategy wins within high, the witness shows at least low."""
    return _upper_half(tab, data, checker, high), _lower_half(tab, data, checker, low, tab.game)


def _upper_half(tab: Tables, data: dict[str, Any], checker: Checker, high: int) -> Evidence:
    """The strategy checked: it wins within high moves."""
    return _half(
        "upper bound (the strategy)",
        EvidenceKind.CHECK,
        lambda: checker.upper(tab, data.get("strategy")),
        lambda got: f"wins within {counted(got, 'move')} from every start against every turn",
        lambda got: got <= high,
    )


def _lower_half(
    tab: Tables,
    data: dict[str, Any],
    checker: Checker,
    low: int,
    lower_game: Game | CertificateFailed,
) -> Evidence:
    """The witness checked (for lower_game: this game, or it with more hands): no strategy
    wins in fewer than low moves."""

    def witness() -> int:
        if isinstance(lower_game, CertificateFailed):
            raise lower_game
        own = tab if lower_game == tab.game else Tables(lower_game)
        return checker.lower(own, {**data, "value": low})

    more = ""
    if isinstance(lower_game, Game) and lower_game != tab.game:
        more = f" (shown with {lower_game.hands} hands; fewer hands do no better)"
    return _half(
        "lower bound (the Devil's witness)",
        EvidenceKind.LOWER_BOUND,
        witness,
        lambda got: f"no strategy wins in fewer than {got:,} move{'' if got == 1 else 's'}{more}",
        lambda got: got >= low,
    )


def _half(
    name: str,
    kind: EvidenceKind,
    run: Callable[[], Any],
    said: Callable[[Any], str],
    enough: Callable[[Any], bool],
) -> Evidence:
    """One half checked: what it showed, or where it failed."""
    try:
        got = run()
    except CertificateFailed as err:
        text, holds = str(err), False
    else:
        holds = enough(got)
        text = said(got) if holds else said(got) + ", not the value claimed"
    return Evidence(name=name, statement=text + ".", checked=True, holds=holds, kind=kind)
