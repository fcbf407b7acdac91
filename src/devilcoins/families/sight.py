"""The sight family: see the table, then name a move."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from devilcoins.core.game import Game
from devilcoins.core.observe import Observe
from devilcoins.core.tables import class_table
from devilcoins.results import (
    SightSolution,
    Verdict,
    Verification,
)
from devilcoins.results.advice import Advice
from devilcoins.results.trees import TreeSolution

if TYPE_CHECKING:
    from devilcoins.certcheck import Checker
    from devilcoins.observed.replay import StrategyData
    from devilcoins.playing import Devil

from devilcoins.families.base import (
    Held,
    Progress,
    held_reason,
)
from devilcoins.families.trees import Observed


class Sight(Observed):
    """See the table, then name a move; the Devil turns before it lands."""

    name = "sight"
    observe = Observe.SIGHT
    sees = True
    over = "every class of states"
    methods = ("iteration",)

    def search_tree(self, game: Game, method: str | None, progress: Progress) -> TreeSolution:
        from devilcoins.observed.sight import solve_sight

        return solve_sight(game)

    def replay(self, game: Game, strategy: StrategyData) -> Verification:
        from devilcoins.observed.replay import verify_sight

        return verify_sight(game, strategy)

    def certify(self, solution: TreeSolution) -> dict[str, Any]:
        from devilcoins.observed.certificates import sight_certificate

        assert isinstance(solution, SightSolution), "a sight game's search gives a SightSolution"
        return sight_certificate(solution)

    def checker(self) -> Checker:
        from devilcoins.certcheck import SIGHT

        return SIGHT

    def prove(self, game: Game, checks: bool, progress: Progress = None) -> Verdict:
        from devilcoins.observed.sightrule import is_sight_rule_game, prove_sight

        if is_sight_rule_game(game):
            return prove_sight(game)
        return super().prove(game, checks, progress)

    def strongest(self, game: Game) -> Devil | None:
        from devilcoins.devil import sight_devil

        return sight_devil(game)

    def start_belief(self, game: Game, x: int) -> list[int]:
        return [int(class_table(game).index_of[x])]

    def belief_after(self, game: Game, belief: list[int], move: int, x: int) -> list[int]:
        return [int(class_table(game).index_of[x])]

    def needs(self, game: Game) -> np.ndarray | None:
        from devilcoins.observed.sight import sight_values

        return sight_values(game)

    def coach(self, game: Game, known: Sequence[int], held: Held | None = None) -> Advice:
        from devilcoins.observed.sight import sight_solution

        t = class_table(game)
        outside = [int(k) for k in known if int(k) >= t.n_goal]
        if not outside:
            return Advice(game, True, 0)
        found = sight_solution(game).policy.get(int(t.reps[outside[0]]))
        if found is None:
            return Advice(game, winnable=False, reason=held_reason(game, outside, blind=False))
        return Advice(game, True, int(found[1]), int(found[0]))

    def next_move(
        self, game: Game, played: Sequence[int], state: int, known: Iterable[int]
    ) -> int | None:
        from devilcoins.observed.sight import sight_solution

        t = class_table(game)
        found = sight_solution(game).policy.get(int(t.reps[int(t.index_of[state])]))
        return None if found is None else int(found[0])
