"""The families whose strategies are trees: the player learns something between moves
(touch, sight, count; a module each), and what they share (``Observed``)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, ClassVar

from devilcoins.core.errors import InvalidInput, NotationError, NotSupported
from devilcoins.core.game import Game
from devilcoins.core.jsontext import read_json
from devilcoins.core.observe import Observe
from devilcoins.results import (
    CertificateCheck,
    TreeData,
    Verdict,
    Verification,
)
from devilcoins.results.capabilities import Can
from devilcoins.results.trees import POLICY_FORMAT, TreeSolution

if TYPE_CHECKING:
    from devilcoins.certcheck import Checker
    from devilcoins.observed.replay import StrategyData

from devilcoins.families.base import (
    Family,
    Progress,
    refusals,
)


class Observed(Family):
    """Games whose strategies are trees: the player learns something between moves."""

    tree = True
    observe: ClassVar[Observe]
    #: What only a touch game's level search does, refused by the other trees.
    refuses = refusals(
        Can.MOVES, Can.PLAY, Can.CHECKPOINT, Can.BOUNDS, Can.REACHES, Can.CLUSTER, Can.ROUNDS
    )
    #: What value iteration settles, in words.
    over: ClassVar[str] = "every reachable belief"

    # Each family names its engine's functions, imported when first called (a solve loads no
    # replay, certificate writer or checker until a strategy is checked or a certificate
    # written): its solver, its replay of a strategy, its certificate writer and checker, and
    # the check of the Devil's trap.

    def search_tree(self, game: Game, method: str | None, progress: Progress) -> TreeSolution:
        """The game solved by the family's own search (method: one of ``methods``)."""
        raise NotImplementedError

    def replay(self, game: Game, strategy: StrategyData) -> Verification:
        """A strategy (a tree's JSON, or a policy file's lines) replayed against every start."""
        raise NotImplementedError

    def certify(self, solution: TreeSolution) -> dict[str, Any]:
        """The optimality certificate of a solved game, as JSON data."""
        raise NotImplementedError

    def checker(self) -> Checker:
        """The second checker's rules for this family's certificates."""
        raise NotImplementedError

    def admits(self, game: Game) -> bool:
        return game.observe is self.observe

    def solve(self, game: Game, method: str | None, progress: Progress) -> Verdict:
        from devilcoins.observed.verdict import tree_verdict

        return tree_verdict(self.search_tree(game, method, progress), self.over)

    def verify(self, game: Game, strategy: Any, progress: Progress) -> Verification:
        if isinstance(strategy, TreeSolution | TreeData):
            return self.replay(game, strategy.strategy_json())
        if isinstance(strategy, dict) or _is_policy(strategy):
            return self.replay(game, strategy)
        raise InvalidInput(f"a {game.observe} strategy is a tree (see solve --json), not moves")

    def checks(self, verdict: Verdict) -> list[Any]:
        from devilcoins.proving import tree_checks

        trap = verdict.tree.trap if isinstance(verdict.tree, TreeSolution) else ()
        return tree_checks(verdict, self.verify, self.trap_holds, trap)

    def trap_holds(self, game: Game, trap: Iterable[int]) -> bool | None:
        """Whether the Devil's trap (classes, by a state of each) holds, checked with nothing of
        the solver (None: this family has no such check)."""
        from devilcoins.traps import sight_trap_holds

        return sight_trap_holds(game, trap)  # a count tells no more than sight

    def explain(self, verdict: Verdict) -> str:
        from devilcoins.explaining import tree_text

        return tree_text(verdict)

    def certificate(self, verdict: Verdict) -> dict[str, Any]:
        if not isinstance(verdict.tree, TreeSolution):
            raise NotSupported(f"{verdict.game}: a certificate needs the solved game")
        return self.certify(verdict.tree)

    def check_certificate(self, game: Game, data: Any) -> CertificateCheck:
        from devilcoins.certcheck import check_certificate

        return check_certificate(game, data, self.checker())

    def strategy_lines(self, verdict: Verdict) -> Iterator[str]:
        if not isinstance(verdict.tree, TreeSolution):
            raise NotSupported(f"{verdict.game}: there is no solved strategy to save")
        return verdict.tree.strategy_lines()

    def read_strategy(self, game: Game, text: str) -> Any:
        if POLICY_FORMAT in text.lstrip().split("\n", 1)[0]:
            return text.splitlines()
        try:
            data = read_json(text, "the strategy")
        except NotationError:
            raise NotationError(
                f"a {game.observe} strategy is a tree: the JSON 'devilcoins solve ... --json' "
                "prints, or a policy file from 'solve ... --save FILE.jsonl'; this is neither"
            ) from None
        if not isinstance(data, dict):
            raise NotationError(f"a {game.observe} strategy is a JSON object (see solve --json)")
        return data


def _is_policy(strategy: Any) -> bool:
    return isinstance(strategy, list) and all(isinstance(line, str) for line in strategy)
