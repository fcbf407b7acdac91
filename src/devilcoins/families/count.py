"""The count family: hear how many positions are not 0 after each move."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from devilcoins.core.game import Game
from devilcoins.core.observe import Observe
from devilcoins.core.tables import class_table
from devilcoins.results import (
    CountSolution,
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
    class_text,
    devil_verb,
    held_reason,
)
from devilcoins.families.trees import Observed


class Count(Observed):
    """Hear how many positions are not 0 after each move."""

    name = "count"
    observe = Observe.COUNT
    hears = True
    quick = False  # value iteration over beliefs: seconds from 6 positions
    methods = ("iteration",)

    def search_tree(self, game: Game, method: str | None, progress: Progress) -> TreeSolution:
        from devilcoins.observed.count import solve_count

        return solve_count(game)

    def replay(self, game: Game, strategy: StrategyData) -> Verification:
        from devilcoins.observed.replay import verify_count

        return verify_count(game, strategy)

    def certify(self, solution: TreeSolution) -> dict[str, Any]:
        from devilcoins.observed.certificates import count_certificate

        assert isinstance(solution, CountSolution), "a count game's search gives a CountSolution"
        return count_certificate(solution)

    def checker(self) -> Checker:
        from devilcoins.certcheck import COUNT

        return COUNT

    def prove(self, game: Game, checks: bool, progress: Progress = None) -> Verdict:
        from devilcoins.observed.sightrule import count_by_sight

        found = count_by_sight(game)
        return found if found is not None else super().prove(game, checks, progress)

    def strongest(self, game: Game) -> Devil | None:
        from devilcoins.devil import count_devil

        return count_devil(game)

    def belief_after(self, game: Game, belief: list[int], move: int, x: int) -> list[int]:
        from devilcoins.observed.count import heard
        from devilcoins.playing import update

        bits = heard(game, update(game, belief, move), x)
        return [k for k in range(class_table(game).size) if bits >> k & 1]

    def coach(self, game: Game, known: Sequence[int], held: Held | None = None) -> Advice:
        from devilcoins.observed.count import count_held, count_solution

        t = class_table(game)
        belief = sum(1 << int(k) for k in known if int(k) >= t.n_goal)
        if not belief:
            return Advice(game, True, 0)
        trapped = sorted(int(k) for k in known if int(k) in count_held(game))
        if trapped:
            x = class_text(game, trapped[0])
            return Advice(
                game,
                winnable=False,
                reason=(
                    f"{x} is still possible, and from there he can {devil_verb(game)} so "
                    "that the goal never shows, even to a player who saw it (it is in his trap)."
                ),
            )
        found = count_solution(game).policy.get(belief)
        if found is None:
            return Advice(game, winnable=False, reason=held_reason(game, known, blind=False))
        return Advice(game, True, int(found[1]), int(found[0]))

    def next_move(
        self, game: Game, played: Sequence[int], state: int, known: Iterable[int]
    ) -> int | None:
        from devilcoins.observed.count import count_held, count_solution

        if any(int(k) in count_held(game) for k in known):
            return None  # the Devil holds it: no move wins
        found = count_solution(game).policy.get(sum(1 << int(k) for k in known))
        return None if found is None else int(found[0])
