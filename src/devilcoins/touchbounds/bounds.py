"""What is proved of a touch game without settling it: bounds [L, U] with both halves written
for the checker, and the checkpoint a level search keeps (docs/mathematics.md §8.4-§8.7).

The upper half is the shortest of the strategies known to win: the one read off a checkpoint's
marks, the doubling of the half game's (``touchbounds.doubling``), the peeling of the coin game's
(``touchbounds.peeling``) and the blind game's with the same hands.  The lower half is the
checkpoint's witness, or a settled certificate of the game with as many hands or more.  The
touch family (``families.Touch``) answers ``bounds_certificate`` and ``check_checkpoint`` from
here, handing in how to solve another game and write its certificate, so this module asks no
registry itself.

>>> from devilcoins import Game, certificate, solve
>>> cert = touch_bounds(Game.parse('n=4 hands=2 goal=same observe=touch'), solve, certificate)
>>> cert['bounds'], len(cert['strategy']['blind'].split())
([1, 7], 7)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from devilcoins.core.errors import InvalidInput, NotSupported, TooLarge
from devilcoins.core.game import Game
from devilcoins.core.observe import Observe
from devilcoins.observed.touch.reaches import Restriction
from devilcoins.results import Verdict

__all__ = ["check_checkpoint", "touch_bounds"]

#: Solves another game (the blind game, a smaller touch game): the library's ``solve``.
Solver = Callable[[Game], Verdict]

#: Called now and then while a search runs: (questions answered, beliefs and nodes met).
Progress = Callable[[int, int], None]

#: Writes a solved touch game's certificate: the library's ``certificate``.
Certifier = Callable[[Verdict], dict[str, Any]]

#: An upper bound: the moves, the strategy (as the certificate writes it), how it was made.
_Upper = tuple[int, dict[str, Any], str]

#: The upper half when no strategy is known: bounds [L, null], the witness alone.
_NO_UPPER = (
    None, None,
    "no strategy is known: the blind game is lost, neither the doubling nor the peeling "
    "applies, and no checkpoint holds one",
)  # fmt: skip

#: The most states whose blind game bounds a touch game by the belief search (8 dials of 4
#: values with 4 hands, 65,536 states: past 10 minutes; the chain and the notebook's search
#: take any size they settle).
_BLIND_SEARCH_MOST = 1 << 12


def touch_bounds(
    game: Game,
    solve: Solver,
    certify: Certifier,
    checkpoint: str | Path | None = None,
    *,
    witness: Any = None,
    only: Restriction | None = None,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """The certificate of bounds [L, U] of a touch game (``bounds_certificate``): the shortest
    strategy known and the best witness given, [L, None] with no strategy when none is known.
    only: also search for the best strategy that reaches only as it allows (the checkpoint is
    then that search's, and shows nothing below)."""
    from devilcoins.observed.certificates import bounds_of

    lower: tuple[int, list[dict[str, Any]]] = (1, [])
    found = "the start is off the goal"
    built = (_doubled(game, solve, certify), _peeled(game, solve, certify))
    uppers = [u for u in (_blind(game, solve), *built) if u]  # blind first: it wins a tie
    searched = {}
    if only is not None:
        upper, searched["reaches"] = _restricted(game, only, checkpoint, progress)
        uppers += [] if upper is None else [upper]
    elif checkpoint is not None:
        low, witness_nodes, upper = _checkpoint_bounds(game, checkpoint)
        lower, found = (low, witness_nodes), f"the checkpoint's witness ({checkpoint})"
        uppers += [] if upper is None else [upper]
    length, strategy, made = min(uppers, key=lambda u: u[0]) if uppers else _NO_UPPER
    if length == 0:  # every start is in the goal: nothing to show below
        lower, found = (0, []), "every start is in the goal"
    how = {"upper": made, "lower": found} | searched
    out = bounds_of(game, lower, (length, strategy)) | {"how": how}
    out = out if witness is None else _with_witness(game, out, witness)
    if out["bounds"][1] is None and out["bounds"][0] <= 1:
        raise NotSupported(
            f"{game}: nothing bounds it: no strategy is known (the blind game is lost, neither "
            "the doubling nor the peeling applies, and no --checkpoint holding a strategy was "
            "given), and "
            "no --witness or --checkpoint shows more than the 1 move any game takes"
        )
    return out


def check_checkpoint(game: Game, path: str | Path, only: Restriction | None = None) -> None:
    """Refuse a file that exists and is not this game's checkpoint, searched over the reaches
    only allows (None: all; a new file is fine: the search writes it)."""
    from devilcoins.observed.touch.checkpoint import read_header

    if Path(path).exists():
        read_header(Path(path), game, only)


def _restricted(
    game: Game, only: Restriction, checkpoint: str | Path | None, progress: Progress | None
) -> tuple[_Upper | None, str]:
    """The best strategy that reaches only as only allows (the level search over those
    reaches, keeping its marks in checkpoint; None when none wins), and what was found, in
    words."""
    from devilcoins.observed.touch import restricted
    from devilcoins.observed.touch.checkpoint import keeping_marks

    if checkpoint is not None:
        check_checkpoint(game, checkpoint, only)
    with keeping_marks(None if checkpoint is None else Path(checkpoint)):
        sol, said = restricted(game, only, progress=progress)
    said = f"strategies reaching only for {only.said()}: {said}"
    if sol is None:
        return None, said
    made = f"a strategy reaching only for {only.said()}"
    return (sol.length or 0, {"nodes": sol.nodes()}, made), said


def _checkpoint_bounds(
    game: Game, checkpoint: str | Path
) -> tuple[int, list[dict[str, Any]], _Upper | None]:
    """What a touch game's checkpoint proves, searching no further: L, its witness, and the
    strategy read off the marks (None: none found yet)."""
    from devilcoins.observed.certificates import level_witness
    from devilcoins.observed.touch import bounded
    from devilcoins.observed.touch.checkpoint import keeping_marks

    check_checkpoint(game, checkpoint)
    with keeping_marks(Path(checkpoint)):
        lower, search, sol = bounded(game)
        witness = level_witness(search, lower)
    if sol is None:
        return lower, witness, None
    return lower, witness, (sol.length or 0, {"nodes": sol.nodes()}, "the checkpoint's strategy")


def _blind(game: Game, solve: Solver) -> _Upper | None:
    """The blind game's strategy with the same hands, which wins the touch game as fast
    ignoring what it feels (None: the blind game is lost, or only a belief search over more
    than _BLIND_SEARCH_MOST states would tell)."""
    from devilcoins.blind.solve import blind_route
    from devilcoins.core.notation import move_text

    blind = replace(game, observe=Observe.BLIND)
    if game.values**game.n > _BLIND_SEARCH_MOST and blind_route(blind) == "search":
        return None
    verdict = solve(blind)
    if not verdict.winnable or not isinstance(verdict.strategy, Sequence):
        return None
    n, m = game.n, game.values
    moves = " ".join(move_text([a // m**i % m for i in range(n)], m) for a in verdict.strategy)
    return verdict.length or 0, {"blind": moves}, "the blind game's strategy"


def _doubled(game: Game, solve: Solver, certify: Certifier) -> _Upper | None:
    """The doubling of the half game's strategy (``touchbounds.doubling``)."""
    from devilcoins.touchbounds.doubling import doubled_strategy, halves

    return _built(game, halves(game), doubled_strategy, "doubling", solve, certify)


def _peeled(game: Game, solve: Solver, certify: Certifier) -> _Upper | None:
    """The peeling of the coin game's strategy (``touchbounds.peeling``)."""
    from devilcoins.touchbounds.peeling import coin_game, peeled_strategy

    return _built(game, coin_game(game), peeled_strategy, "peeling", solve, certify)


def _built(
    game: Game,
    smaller: Game | None,
    build: Callable[[Game, list[dict[str, Any]]], tuple[int, list[dict[str, Any]]]],
    how: str,
    solve: Solver,
    certify: Certifier,
) -> _Upper | None:
    """A strategy built from a smaller game's, where the construction applies (smaller is not
    None) and the smaller game is won and settles within the limits."""
    if smaller is None:
        return None
    try:
        verdict = solve(smaller)
    except (TooLarge, NotSupported):
        return None
    if not verdict.winnable:
        return None
    length, nodes = build(game, certify(verdict)["strategy"]["nodes"])
    return length, {"nodes": nodes}, f"the {how} of {smaller} ({verdict.length} moves)"


def _witness_value(witness: Any) -> int:
    """The moves a certificate's witness shows no strategy wins in fewer of: a settled game's
    value, or a bounds certificate's L."""
    if isinstance(witness, dict) and isinstance(witness.get("value"), int):
        return int(witness["value"])
    bounds = witness.get("bounds") if isinstance(witness, dict) else None
    if isinstance(bounds, list) and len(bounds) == 2 and type(bounds[0]) is int:
        return bounds[0]
    raise InvalidInput(
        "--witness: not a certificate of a settled game (its value) or of bounds (its L)"
    )


def _with_witness(game: Game, cert: dict[str, Any], witness: Any) -> dict[str, Any]:
    """cert with L raised to a settled certificate's value, its witness borrowed: a player
    with fewer hands is one with more who leaves the others still (docs/mathematics.md §8.4)."""
    from devilcoins.certcheck import with_more_hands

    shown = _witness_value(witness)
    named = witness.get("witness_game", witness.get("game"))  # a bounds certificate's own source
    other = with_more_hands(game, named)
    if other is None:
        raise InvalidInput(
            f"--witness: a certificate of {named!r}, not of {game} with as many hands or more"
        )
    low, high = cert["bounds"]
    if shown <= low:
        return cert
    if high is not None and shown > high:
        raise InvalidInput(
            f"--witness claims {shown} moves, more than the strategy's {high}: one of them is "
            "wrong (check both with verify --certificate)"
        )
    borrowed = {"bounds": [shown, high], "witness": witness.get("witness", [])}
    how = {**cert.get("how", {}), "lower": f"the witness of {other}"}
    return cert | borrowed | {"witness_game": str(other), "how": how}
