"""The touch family: feel k positions after the Devil's turn, then set them (Gardner's glasses)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from devilcoins.core.errors import InvalidInput, NotSupported
from devilcoins.core.game import Game
from devilcoins.core.observe import Observe
from devilcoins.results import (
    TouchSolution,
    Verdict,
    Verification,
)
from devilcoins.results.advice import Advice
from devilcoins.results.capabilities import Can
from devilcoins.results.trees import TreeSolution

if TYPE_CHECKING:
    from devilcoins.certcheck import Checker
    from devilcoins.core.cluster import Cluster
    from devilcoins.observed.replay import StrategyData
    from devilcoins.observed.touch.reaches import Restriction

from devilcoins.families.base import (
    Family,
    Held,
    Progress,
    refusals,
    states_of,
    touch_held_reason,
)
from devilcoins.families.trees import Observed


class Touch(Observed):
    """Feel k positions after the Devil's turn, then set them (Gardner's glasses)."""

    name = "touch"
    observe = Observe.TOUCH
    progress = "{done:,} steps, {known:,} beliefs and nodes met"
    methods = ("levels", "closure")
    refuses = refusals(Can.MOVES, Can.PLAY)

    def search_tree(self, game: Game, method: str | None, progress: Progress) -> TreeSolution:
        from devilcoins.observed.touch import solve_touch

        levels = None if method is None else method == "levels"
        return solve_touch(game, progress=progress, levels=levels)

    def replay(self, game: Game, strategy: StrategyData) -> Verification:
        from devilcoins.observed.replay import verify_touch

        return verify_touch(game, strategy)

    def certify(self, solution: TreeSolution) -> dict[str, Any]:
        from devilcoins.observed.certificates import touch_certificate

        assert isinstance(solution, TouchSolution), "a touch game's search gives a TouchSolution"
        return touch_certificate(solution)

    def checker(self) -> Checker:
        from devilcoins.certcheck import TOUCH

        return TOUCH

    def trap_holds(self, game: Game, trap: Iterable[int]) -> bool | None:
        from devilcoins.traps import touch_trap_holds

        return touch_trap_holds(game, trap)

    def solve_kept(
        self, game: Game, method: str | None, progress: Progress, kept: Path | None,
        cluster: Cluster | None = None,
    ) -> Verdict:  # fmt: skip
        from devilcoins.observed.touch.checkpoint import keeping_marks
        from devilcoins.observed.touch.spread import spread_over

        if kept is not None:
            self.check_checkpoint(game, kept)
        if cluster is not None:
            if method == "closure":
                raise NotSupported("workers take the level search's questions, not the closure's")
            method = "levels"
        with keeping_marks(kept), spread_over(cluster):
            return self.solve(game, method, progress)

    def check_checkpoint(self, game: Game, path: str | Path, reaches: str | None = None) -> None:
        from devilcoins.touchbounds.bounds import check_checkpoint

        check_checkpoint(game, path, _restriction(game, reaches))

    def bounds_certificate(
        self,
        game: Game,
        checkpoint: str | Path | None,
        witness: Any,
        reaches: str | None = None,
        progress: Progress = None,
    ) -> dict[str, Any]:
        from devilcoins.touchbounds.bounds import touch_bounds

        only = _restriction(game, reaches)
        return touch_bounds(
            game, _solved, _certified, checkpoint, witness=witness, only=only, progress=progress
        )

    def coach(self, game: Game, known: Sequence[int], held: Held | None = None) -> Advice:
        from devilcoins.observed.touch.coach import best_reach, best_values

        belief = states_of(game, known)
        if held is None:
            reach, needed = best_reach(game, belief)
            if needed is None:
                return Advice(game, winnable=False, reason=touch_held_reason(len(belief), held))
            return Advice(game, True, needed, reach=reach)
        from devilcoins.observed.touch.playing import patterns

        if held[1] not in patterns(game, belief, held[0]):
            raise InvalidInput(f"no state still possible shows {list(held[1])} there")
        values, needed = best_values(game, belief, *held)
        if needed is None:
            return Advice(game, winnable=False, reason=touch_held_reason(len(belief), held))
        return Advice(game, True, needed, values=values)


def _restriction(game: Game, reaches: str | None) -> Restriction | None:
    """The reaches a text names for a touch game's search (None: all)."""
    if reaches is None:
        return None
    from devilcoins.observed.touch.reaches import Restriction

    return Restriction.parse(game, reaches)


def _solved(game: Game) -> Verdict:
    """Any game solved by its own family (the touch bounds solve smaller and blind games)."""
    return _family_of(game).solve(game, None, None)


def _certified(verdict: Verdict) -> dict[str, Any]:
    """A solved game's certificate, written by its own family."""
    return _family_of(verdict.game).certificate(verdict)


def _family_of(game: Game) -> Family:
    """The registry's answer (imported when asked: the registry imports this module)."""
    from devilcoins.families import family_of

    return family_of(game)
