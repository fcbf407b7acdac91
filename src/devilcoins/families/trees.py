"""The families whose strategies are trees: the player learns something between moves (touch,
sight, count)."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from devilcoins.core.errors import InvalidInput, NotationError, NotSupported
from devilcoins.core.game import Game
from devilcoins.core.jsontext import read_json
from devilcoins.core.observe import Observe
from devilcoins.core.tables import class_table
from devilcoins.results import CertificateCheck, TreeData, Verdict, Verification
from devilcoins.results.advice import Advice
from devilcoins.results.trees import POLICY_FORMAT, TreeSolution

if TYPE_CHECKING:
    from devilcoins.certcheck import Checker
    from devilcoins.core.cluster import Cluster
    from devilcoins.observed.replay import StrategyData
    from devilcoins.observed.touch.reaches import Restriction
    from devilcoins.playing import Devil

from devilcoins.families.base import (
    Family,
    Held,
    Progress,
    _devil_verb,
    _held,
    _touch_held,
    class_text,
    states_of,
)


@dataclass(frozen=True)
class TreeRules:
    """What a game whose strategy is a tree is answered with: its solver (game, method,
    progress), its replay of a strategy, its certificate writer and checker, and the check of
    the Devil's trap (None where there is none)."""

    solve: Callable[[Game, str | None, Progress], TreeSolution]
    replay: Callable[[Game, StrategyData], Verification]
    certify: Callable[[Any], dict[str, Any]]
    checker: Callable[[], Checker]
    trap_holds: Callable[[Game, Iterable[int]], bool] | None = None


class Observed(Family):
    """Games whose strategies are trees: the player learns something between moves."""

    tree = True
    observe: ClassVar[Observe]
    #: What value iteration settles, in words.
    over: ClassVar[str] = "every reachable belief"

    @property
    def rules(self) -> TreeRules:
        """The family's solver, replay, certificate writer and checker (loaded on first use)."""
        raise NotImplementedError

    def admits(self, game: Game) -> bool:
        return game.observe is self.observe

    def solve(self, game: Game, method: str | None, progress: Progress) -> Verdict:
        from devilcoins.observed.verdict import tree_verdict

        return tree_verdict(self.rules.solve(game, method, progress), self.over)

    def verify(self, game: Game, strategy: Any, progress: Progress) -> Verification:
        if isinstance(strategy, TreeSolution | TreeData):
            return self.rules.replay(game, strategy.strategy_json())
        if isinstance(strategy, dict) or _is_policy(strategy):
            return self.rules.replay(game, strategy)
        raise InvalidInput(f"a {game.observe} strategy is a tree (see solve --json), not moves")

    def checks(self, verdict: Verdict) -> list[Any]:
        from devilcoins.proving import tree_checks

        trap = verdict.tree.trap if isinstance(verdict.tree, TreeSolution) else ()
        return tree_checks(verdict, self.verify, self.trap_holds, trap)

    def trap_holds(self, game: Game, trap: Iterable[int]) -> bool | None:
        """Whether the Devil's trap (classes, by a state of each) holds, checked with nothing of
        the solver (None: this family has no such check)."""
        check = self.rules.trap_holds
        return None if check is None else check(game, trap)

    def explain(self, verdict: Verdict) -> str:
        from devilcoins.explaining import tree_text

        return tree_text(verdict)

    def certificate(self, verdict: Verdict) -> dict[str, Any]:
        if not isinstance(verdict.tree, TreeSolution):
            raise NotSupported(f"{verdict.game}: a certificate needs the solved game")
        return self.rules.certify(verdict.tree)

    def check_certificate(self, game: Game, data: Any) -> CertificateCheck:
        from devilcoins.certcheck import check_certificate

        return check_certificate(game, data, self.rules.checker())

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


class Touch(Observed):
    """Feel k positions after the Devil's turn, then set them (Gardner's glasses)."""

    name = "touch"
    observe = Observe.TOUCH
    progress = "{done:,} steps, {known:,} beliefs and nodes met"
    methods = ("levels", "closure")

    @property
    def rules(self) -> TreeRules:
        return _touch_rules()

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
                return Advice(game, winnable=False, reason=_touch_held(len(belief), held))
            return Advice(game, True, needed, reach=reach)
        from devilcoins.observed.touch.play import patterns

        if held[1] not in patterns(game, belief, held[0]):
            raise InvalidInput(f"no state still possible shows {list(held[1])} there")
        values, needed = best_values(game, belief, *held)
        if needed is None:
            return Advice(game, winnable=False, reason=_touch_held(len(belief), held))
        return Advice(game, True, needed, values=values)


class Sight(Observed):
    """See the table, then name a move; the Devil turns before it lands."""

    name = "sight"
    observe = Observe.SIGHT
    sees = True
    over = "every class of states"
    methods = ("iteration",)

    @property
    def rules(self) -> TreeRules:
        return _sight_rules()

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
        from devilcoins.devil import sight_values

        return sight_values(game)

    def coach(self, game: Game, known: Sequence[int], held: Held | None = None) -> Advice:
        from devilcoins.devil import sight_solution

        t = class_table(game)
        outside = [int(k) for k in known if int(k) >= t.n_goal]
        if not outside:
            return Advice(game, True, 0)
        found = sight_solution(game).policy.get(int(t.reps[outside[0]]))
        if found is None:
            return Advice(game, winnable=False, reason=_held(game, outside, blind=False))
        return Advice(game, True, int(found[1]), int(found[0]))

    def next_move(
        self, game: Game, played: Sequence[int], state: int, known: Iterable[int]
    ) -> int | None:
        from devilcoins.devil import sight_solution

        t = class_table(game)
        found = sight_solution(game).policy.get(int(t.reps[int(t.index_of[state])]))
        return None if found is None else int(found[0])


class Count(Observed):
    """Hear how many positions are not 0 after each move."""

    name = "count"
    observe = Observe.COUNT
    hears = True
    methods = ("iteration",)

    @property
    def rules(self) -> TreeRules:
        return _count_rules()

    def prove(self, game: Game, checks: bool, progress: Progress = None) -> Verdict:
        from devilcoins.observed.sightrule import count_by_sight

        found = count_by_sight(game)
        return found if found is not None else super().prove(game, checks, progress)

    def strongest(self, game: Game) -> Devil | None:
        from devilcoins.devil import count_devil

        return count_devil(game)

    def belief_after(self, game: Game, belief: list[int], move: int, x: int) -> list[int]:
        from devilcoins.devil import heard
        from devilcoins.playing import update

        bits = heard(game, update(game, belief, move), x)
        return [k for k in range(class_table(game).size) if bits >> k & 1]

    def coach(self, game: Game, known: Sequence[int], held: Held | None = None) -> Advice:
        from devilcoins.devil import count_held, count_solution

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
                    f"{x} is still possible, and from there he can {_devil_verb(game)} so "
                    "that the goal never shows, even to a player who saw it (it is in his trap)."
                ),
            )
        found = count_solution(game).policy.get(belief)
        if found is None:
            return Advice(game, winnable=False, reason=_held(game, known, blind=False))
        return Advice(game, True, int(found[1]), int(found[0]))

    def next_move(
        self, game: Game, played: Sequence[int], state: int, known: Iterable[int]
    ) -> int | None:
        from devilcoins.devil import count_held, count_solution

        if any(int(k) in count_held(game) for k in known):
            return None  # the Devil holds it: no move wins
        found = count_solution(game).policy.get(sum(1 << int(k) for k in known))
        return None if found is None else int(found[0])


def _late(module: str, name: str) -> Callable[..., Any]:
    """The function name of module, imported when first called: a solve loads no replay,
    certificate writer or checker until a strategy is checked or a certificate written."""

    def call(*args: Any) -> Any:
        return getattr(importlib.import_module(module), name)(*args)

    return call


def _rules(kind: str, solve: Callable[[Game, str | None, Progress], TreeSolution]) -> TreeRules:
    """A tree family's rules: its solver, and the rest loaded when first used."""
    trap = "sight" if kind == "count" else kind  # a count tells no more than sight
    return TreeRules(
        solve,
        _late("devilcoins.observed.replay", f"verify_{kind}"),
        _late("devilcoins.observed.certificates", f"{kind}_certificate"),
        lambda: getattr(importlib.import_module("devilcoins.certcheck"), kind.upper()),
        _late("devilcoins.traps", f"{trap}_trap_holds"),
    )


@cache
def _touch_rules() -> TreeRules:
    def solve(game: Game, method: str | None, progress: Progress) -> TreeSolution:
        from devilcoins.observed.touch import solve_touch

        return solve_touch(
            game, progress=progress, levels=None if method is None else method == "levels"
        )

    return _rules("touch", solve)


@cache
def _sight_rules() -> TreeRules:
    def solve(game: Game, method: str | None, progress: Progress) -> TreeSolution:
        from devilcoins.observed.sight import solve_sight

        return solve_sight(game)

    return _rules("sight", solve)


@cache
def _count_rules() -> TreeRules:
    def solve(game: Game, method: str | None, progress: Progress) -> TreeSolution:
        from devilcoins.observed.count import solve_count

        return solve_count(game)

    return _rules("count", solve)


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
