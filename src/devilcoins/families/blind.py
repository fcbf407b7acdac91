"""The blind families: every game whose player learns nothing between moves, so that a strategy
is a sequence of moves."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from devilcoins.core.errors import InvalidInput, NotationError
from devilcoins.core.game import Game
from devilcoins.core.observe import Observe
from devilcoins.core.resources import CACHED_GAMES
from devilcoins.results import TreeData, Verdict, Verification
from devilcoins.results.advice import Advice
from devilcoins.results.capabilities import Can
from devilcoins.results.explaining import Explanation
from devilcoins.results.trees import TreeSolution

if TYPE_CHECKING:
    pass

from devilcoins.families.base import Family, Held, Progress, held_reason, refusals


def blind_moves(game: Game, strategy: Any) -> np.ndarray:
    """A blind strategy as move states: numbers pass through, texts are read, and sets of
    positions (the coin ``Move``) change those positions by one."""
    if isinstance(strategy, dict | list | TreeData | TreeSolution) and not _is_move_list(strategy):
        raise InvalidInput("a blind strategy is a sequence of moves, not a tree")
    out = []
    for move in strategy:
        if isinstance(move, str):
            out.append(game.parse_move(move))
        elif isinstance(move, set | frozenset):
            _check_positions(game, move)
            out.append(game.encode([1 if i in move else 0 for i in range(game.n)]))
        else:
            out.append(int(move))
    return np.array(out, dtype=np.int64)


def _check_positions(game: Game, move: set[Any] | frozenset[Any]) -> None:
    """Refuse a set of positions naming one the table does not have (it would be dropped)."""
    outside = sorted(repr(i) for i in move if not (isinstance(i, int) and 0 <= i < game.n))
    if outside:
        raise NotationError(
            f"the move {{{', '.join(outside[:3])}{', ...' if len(outside) > 3 else ''}}} names "
            f"positions outside 0..{game.n - 1}"
        )


def _is_move_list(strategy: Any) -> bool:
    return isinstance(strategy, list) and not any(isinstance(a, dict) for a in strategy)


class Blind(Family):
    """Blind games: values adding mod m, a Devil turning by a whole group."""

    name = "blind"
    methods: ClassVar[tuple[str, ...]] = ("chain", "certificate", "search")
    #: Values adding mod m against a whole group: the chain tells the game level by level.
    plain: ClassVar[bool] = True
    uncommitted = True
    refuses = refusals(
        Can.CERTIFICATE, Can.CHECKPOINT, Can.BOUNDS, Can.REACHES, Can.CLUSTER, Can.ROUNDS, Can.TRAP
    )

    def admits(self, game: Game) -> bool:
        return game.observe is Observe.BLIND

    def solve(self, game: Game, method: str | None, progress: Progress) -> Verdict:
        from devilcoins.blind.solve import solve_blind

        return _unshifted(solve_blind, game, method, progress)

    def verify(self, game: Game, strategy: Any, progress: Progress) -> Verification:
        from devilcoins.blind.verify import verify_moves

        return verify_moves(game, blind_moves(game, strategy), on_progress=progress)

    def checks(self, verdict: Verdict) -> list[Any]:
        from devilcoins.proving import blind_checks

        return blind_checks(verdict, self.verify, chain_levels=self.plain)

    def explain(self, verdict: Verdict) -> str:
        from devilcoins.explaining import blind_text

        return blind_text(verdict, plain=self.plain)

    def coach(self, game: Game, known: Sequence[int], held: Held | None = None) -> Advice:
        from devilcoins.blind.coach import shortest_from
        from devilcoins.blind.disguise import shift_belief, shifted_goal

        shifted = shifted_goal(game)  # the plain game's coach, from the belief moved with it
        if shifted is not None:
            plain, s = shifted
            moves = shortest_from(plain, shift_belief(game, plain, known, s))
        else:
            moves = shortest_from(game, known)
        if moves is None:
            return Advice(game, winnable=False, reason=held_reason(game, known, blind=True))
        return Advice(game, True, len(moves), moves[0] if moves else None)

    def next_move(
        self, game: Game, played: Sequence[int], state: int, known: Iterable[int]
    ) -> int | None:
        strategy = _solved_sequence(game)
        if strategy is None or len(played) >= len(strategy):
            return None
        if any(int(a) != int(b) for a, b in zip(played, strategy, strict=False)):
            return None
        return strategy[len(played)]


class BlindCoins(Blind):
    """The notebook's coin game: its own search, verification past the tables, Lamping."""

    name = "blind coins"
    methods = ("notebook", "chain", "certificate", "search")

    def admits(self, game: Game) -> bool:
        return game.is_coins

    def solve(self, game: Game, method: str | None, progress: Progress) -> Verdict:
        if method == "notebook":  # the notebook's search has no pruning: refuse what it cannot end
            from devilcoins.coins.search import check_searchable

            check_searchable(game.n)
        return super().solve(game, method, progress)

    def verify(self, game: Game, strategy: Any, progress: Progress) -> Verification:
        from devilcoins.coins.verification import verify_game

        return verify_game(game, blind_moves(game, strategy), on_progress=progress)

    def prove(self, game: Game, checks: bool, progress: Progress = None) -> Verdict:
        from devilcoins.coins.proving import prove_coins

        return prove_coins(game.n, checks=checks)

    def explanation(self, game: Game, progress: Progress = None) -> Explanation:
        from devilcoins.coins.explaining import explain_coins
        from devilcoins.coins.proving import prove_coins

        return Explanation(prove_coins(game.n, checks=False), explain_coins(game.n))


class ValueGroups(Blind):
    """Blind games whose positions hold the elements of a group (``Game.value_group``)."""

    name = "value groups"
    plain = False

    def admits(self, game: Game) -> bool:
        return game.value_group is not None

    def solve(self, game: Game, method: str | None, progress: Progress) -> Verdict:
        from devilcoins.blind.solve import solve_in_group

        return _unshifted(solve_in_group, game, method, progress)


class StillTable(Blind):
    """Blind games on a table that never turns whose goal no chain or coset walk settles at
    once: the fewest translates of the goal covering every state (``blind.still``)."""

    name = "still table"
    methods = ("covering", "search")
    plain = False
    progress = "at least {done:,} moves proved, a strategy of {known:,} found"

    def admits(self, game: Game) -> bool:
        from devilcoins.blind.still import takes_covering

        return takes_covering(game)

    def solve(self, game: Game, method: str | None, progress: Progress) -> Verdict:
        from devilcoins.blind.still import solve_still

        if method == "search":  # its progress counts beliefs, which ``progress`` does not say
            from devilcoins.blind.solve import solve_blind, solve_in_group

            if game.value_group is not None:
                return solve_in_group(game, "search", None)
            return solve_blind(game, "search", None)
        return solve_still(game, progress)

    def explain(self, verdict: Verdict) -> str:
        from devilcoins.explaining import blind_text, covering_text

        if verdict.method.startswith("covering") or not verdict.winnable:
            return covering_text(verdict)
        return blind_text(verdict, plain=False)


class Restricted(Blind):
    """Blind games whose Devil applies exactly one of a list of moves (``devil_moves``)."""

    name = "restricted Devil"
    methods = ("search",)
    plain = False
    uncommitted = False
    refuses = Blind.refuses | {
        Can.COACH: "the coach advises from the classes of the Devil's group; against a "
        "restricted Devil a position is a set of states, which it does not read yet"
    }

    def admits(self, game: Game) -> bool:
        return game.devil_moves is not None

    def solve(self, game: Game, method: str | None, progress: Progress) -> Verdict:
        from devilcoins.blind.restricted import search_devil_moves

        return search_devil_moves(game, on_progress=progress)

    def verify(self, game: Game, strategy: Any, progress: Progress) -> Verification:
        from devilcoins.blind.restricted import verify_devil_moves

        return verify_devil_moves(game, blind_moves(game, strategy))

    def coach(self, game: Game, known: Sequence[int], held: Held | None = None) -> Advice:
        raise self.refuse(game, Can.COACH)


@lru_cache(maxsize=CACHED_GAMES)
def _solved_sequence(game: Game) -> tuple[int, ...] | None:
    """A blind game's solved sequence, solved once (a live game asks after every move)."""
    found = _family_of(game).solve(game, None, None).strategy
    return None if found is None else tuple(int(a) for a in found)


def _family_of(game: Game) -> Family:
    """The registry's answer (imported when asked: the registry imports this module)."""
    from devilcoins.families import family_of

    return family_of(game)


def _unshifted(
    solver: Callable[[Game, str | None, Progress], Verdict],
    game: Game,
    method: str | None,
    progress: Progress,
) -> Verdict:
    """The game solved by solver, as the plain game when its goal is moved by a state the
    Devil cannot move (no route named), else as it is."""
    from devilcoins.blind.disguise import solve_shifted

    if method is None:
        found = solve_shifted(game, lambda plain: solver(plain, None, progress))
        if found is not None:
            return found
    return solver(game, method, progress)
