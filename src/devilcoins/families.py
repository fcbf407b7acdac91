"""The registry of game families: one home for each kind of game, asked once per call.

A game belongs to exactly one family (``family_of``), and the family answers everything callers
would otherwise work out again from the game's fields: how to solve it (and by which routes,
``methods``), how to verify a strategy, whether its strategy is a tree, how its strategy is
written to a file and read back, its certificate and that certificate's check, how to prove
and explain its verdict.  The table ``FAMILIES`` lists them in the order they are asked:

==============  =====================================================================
blind coins     the notebook's game (``Game(n)``): its own search, Lamping's closed form
still table     blind, the table never turning, a goal no chain settles: a covering problem
value groups    blind, each position holding an element of a group (``values=S3``)
restricted      blind, the Devil limited to a list of moves (``devil_moves``)
blind           every other blind game (dials, groups, hands, move lists, goals)
touch           feel k positions, then set them (Gardner's glasses)
sight           see the table, then name a move
count           hear how many positions are not 0
==============  =====================================================================

Adding a family takes its solver (a module of ``blind`` or ``observed``), a class here and a
line in ``FAMILIES`` (docs/how-it-works.md, "Adding a family").

>>> family_of(Game(4)).name, family_of(Game.parse('n=4 hands=2 goal=same observe=touch')).name
('blind coins', 'touch')
>>> family_of(Game.parse('n=4 observe=sight')).methods
('iteration',)
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, TypeAlias

import numpy as np

from devilcoins.core.errors import InvalidInput, NotationError, NotSupported, OtherGame
from devilcoins.core.game import Game
from devilcoins.core.jsontext import read_json
from devilcoins.core.observe import Observe
from devilcoins.core.resources import CACHED_GAMES
from devilcoins.core.tables import class_table
from devilcoins.results import CertificateCheck, TreeData, Verdict, Verification
from devilcoins.results.advice import Advice
from devilcoins.results.explanation import Explanation
from devilcoins.results.trees import POLICY_FORMAT, TreeSolution

if TYPE_CHECKING:
    from devilcoins.certcheck import Checker
    from devilcoins.observed.replay import StrategyData
    from devilcoins.playing import Devil

#: In a touch game after feeling: the positions held and the values felt there.
Held: TypeAlias = tuple[tuple[int, ...], tuple[int, ...]]

# Each family loads its engine when first asked (a local import), so that the registry costs
# a command only the engine its game needs: 'solve 4' never loads the touch search.

__all__ = [
    "FAMILIES",
    "Family",
    "MoveLike",
    "Progress",
    "TreeRules",
    "blind_moves",
    "family_of",
]

#: A move of a blind strategy: a state number, a text ('FLFL', '0 2', '0120') or a set of
#: positions (the coin ``Move``).
MoveLike: TypeAlias = int | np.integer[Any] | str | set[int] | frozenset[int]

#: Called as long work goes on: (steps done, size known).
Progress = Callable[[int, int], None] | None


class Family:
    """One kind of game: what every caller asks of it, answered once.

    Each family says its name, whether its strategies are trees, and the routes its solver
    takes (``methods``; the first is never forced, None picks by the game's shape).
    """

    name: ClassVar[str]
    tree: ClassVar[bool] = False
    methods: ClassVar[tuple[str, ...]] = ()
    #: Whether the strongest Devil of a live game commits to no state (``devil.Uncommitted``).
    uncommitted: ClassVar[bool] = False
    #: Whether the player sees the table before each move (and hears the count after it).
    sees: ClassVar[bool] = False
    hears: ClassVar[bool] = False
    #: What a solver's progress (done, known) counts, in words.
    progress: ClassVar[str] = "depth {done:,}, {known:,} beliefs"

    def admits(self, game: Game) -> bool:
        """Whether game is of this family."""
        raise NotImplementedError

    def check_method(self, method: str | None) -> str | None:
        """method, when it names one of this family's routes (None: the family picks)."""
        if method is not None and method not in self.methods:
            routes = ", ".join(repr(m) for m in self.methods)
            raise InvalidInput(f"method {method!r} is not a route for {self.name} games: {routes}")
        return method

    def solve(self, game: Game, method: str | None, progress: Progress) -> Verdict:
        """The verdict, by method (a route of ``methods``) or the one the game asks for."""
        raise NotImplementedError

    def verify(self, game: Game, strategy: Any, progress: Progress) -> Verification:
        """Whether strategy wins from every start against every turn, exactly."""
        raise NotImplementedError

    def prove(self, game: Game, checks: bool) -> Verdict:
        """The verdict with the checks that make it a proof a reader can trust."""
        verdict = self.solve(game, None, None)
        return verdict.with_evidence(*self.checks(verdict)) if checks else verdict

    def checks(self, verdict: Verdict) -> list[Any]:
        """The checks prove adds to the solver's verdict, where the game is small enough."""
        return []

    def explain(self, verdict: Verdict) -> str:
        """How the verdict was reached, in words (below its first line)."""
        raise NotImplementedError

    def explanation(self, game: Game) -> Explanation:
        """The verdict and how it was reached, in words."""
        from devilcoins.explaining import explained

        verdict = self.solve(game, None, None)
        return explained(verdict, self.explain(verdict))

    def certificate(self, verdict: Verdict) -> dict[str, Any]:
        """The verdict's optimality certificate, as JSON data."""
        raise NotSupported(
            "certificates are written for touch, sight and count games (--observe touch, "
            f"sight or count), not {verdict.game}"
        )

    def check_certificate(self, game: Game, data: Any) -> CertificateCheck:
        """A certificate (parsed JSON) checked with tables of the checker's own."""
        raise NotSupported(f"certificates are checked for touch, sight and count games, not {game}")

    def solve_kept(self, game: Game, method: str | None, progress: Progress, kept: Path) -> Verdict:
        """The verdict, the search keeping what it proves in the file kept and going on from
        what it holds (only a touch game's level search keeps a checkpoint)."""
        self.check_checkpoint(game, kept)
        raise AssertionError("check_checkpoint refuses every game of a family without one")

    def check_checkpoint(self, game: Game, path: str | Path) -> None:
        """Refuse a checkpoint this game's search cannot keep, or a file that is not its own."""
        raise NotSupported(f"a checkpoint keeps the touch level search's marks; {game} has none")

    def bounds_certificate(
        self, game: Game, checkpoint: str | Path | None, witness: Any
    ) -> dict[str, Any]:
        """The certificate of bounds [L, U] proved without settling the game (touch only)."""
        raise NotSupported(f"bounds are written for touch games; {game} is settled by solve")

    def strongest(self, game: Game) -> Devil | None:
        """The family's strongest Devil for a game played a move at a time, holding one state
        (None: the certificate's Devil, else the greedy rule, stands in)."""
        return None

    def start_belief(self, game: Game, x: int) -> list[int]:
        """What a player knows before the first move, the state being x: every class."""
        return list(range(class_table(game).size))

    def belief_after(self, game: Game, belief: list[int], move: int, x: int) -> list[int]:
        """What a player who knew belief knows after move, the state being x now: the belief
        moved by the one rule."""
        from devilcoins.playing import update

        return update(game, belief, move)

    def needs(self, game: Game) -> np.ndarray | None:
        """The moves each class still needs, when the strongest Devil starts where it is most
        (None: anywhere he cannot lose from)."""
        return None

    def next_move(
        self, game: Game, played: Sequence[int], state: int, known: Iterable[int]
    ) -> int | None:
        """The optimal next move for a player who has played played (blind), sees state (sight)
        or knows the classes known (count, the goal's left out); None where the library has none:
        the Devil holds out, or a blind player has left the solved sequence."""
        return None

    def coach(self, game: Game, known: Sequence[int], held: Held | None = None) -> Advice:
        """The value of the position where the player cannot rule out the classes known (the
        goal's left out), with the next optimal move, or why the Devil holds it; held, in a
        touch game, is the positions held and the values felt there (the player sets them
        next)."""
        raise NotSupported(f"the coach does not advise {self.name} games yet")

    def strategy_lines(self, verdict: Verdict) -> Iterator[str]:
        """The won strategy as the lines of its file."""
        if not verdict.winnable or verdict.strategy is None:
            raise NotSupported(f"no strategy wins {verdict.game}; nothing to save")
        if not verdict.strategy:  # a file of no lines would read as no strategy at all
            return iter([f"# {verdict.game}: no moves, every start is in the goal already\n"])
        texts = {a: verdict.game.move_text(a) for a in set(verdict.strategy)}
        return (texts[a] + "\n" for a in verdict.strategy)

    def read_strategy(self, game: Game, text: str) -> Any:
        """A strategy read from the text of its file (what ``verify`` takes)."""
        _not_a_tree(text)
        return tuple(int(a) for a in game.parse_moves(text))


# --- blind families ----------------------------------------------------------------------------


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
            out.append(game.encode([1 if i in move else 0 for i in range(game.n)]))
        else:
            out.append(int(move))
    return np.array(out, dtype=np.int64)


def _is_move_list(strategy: Any) -> bool:
    return isinstance(strategy, list) and not any(isinstance(a, dict) for a in strategy)


def _not_a_tree(text: str) -> None:
    """Refuse a tree for a blind game, naming the game it is for (``OtherGame``)."""
    first = text.lstrip().split("\n", 1)[0]
    try:
        if POLICY_FORMAT in first:
            named = Game.parse(str(json.loads(first).get("game")))
            what = f"a policy file for {named} (as 'solve --save FILE.jsonl' writes)"
        elif text.lstrip().startswith("{"):
            data = json.loads(text)
            if not (isinstance(data, dict) and ("tree" in data or "nodes" in data)):
                return
            named = Game.from_json(data.get("spec") or {})
            what = f"a {named.observe} strategy for {named} (a tree, as 'solve --json' writes)"
        else:
            return
    except (json.JSONDecodeError, AttributeError, RecursionError, ValueError):
        return
    raise OtherGame(f"holds {what}, not a list of moves: verify it as that game", named)


class Blind(Family):
    """Blind games: values adding mod m, a Devil turning by a whole group."""

    name = "blind"
    methods: ClassVar[tuple[str, ...]] = ("chain", "certificate", "search")
    #: Values adding mod m against a whole group: the chain tells the game level by level.
    plain: ClassVar[bool] = True
    uncommitted = True

    def admits(self, game: Game) -> bool:
        return game.observe is Observe.BLIND

    def solve(self, game: Game, method: str | None, progress: Progress) -> Verdict:
        from devilcoins.blind.disguise import solve_shifted
        from devilcoins.blind.solve import solve_blind

        if method is None:  # a goal moved by a state the Devil cannot move: the plain game's
            found = solve_shifted(game, lambda plain: solve_blind(plain, None, progress))
            if found is not None:
                return found
        return solve_blind(game, method, progress)

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
            return Advice(game, winnable=False, reason=_held(game, known, blind=True))
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

    def verify(self, game: Game, strategy: Any, progress: Progress) -> Verification:
        from devilcoins.coins.verification import verify_game

        return verify_game(game, blind_moves(game, strategy), on_progress=progress)

    def prove(self, game: Game, checks: bool) -> Verdict:
        from devilcoins.coins.prove import prove_coins

        return prove_coins(game.n, checks=checks)

    def explanation(self, game: Game) -> Explanation:
        from devilcoins.coins.explain import explain_coins
        from devilcoins.coins.prove import prove_coins

        return Explanation(prove_coins(game.n, checks=False), explain_coins(game.n))


class ValueGroups(Blind):
    """Blind games whose positions hold the elements of a group (``Game.value_group``)."""

    name = "value groups"
    plain = False

    def admits(self, game: Game) -> bool:
        return game.value_group is not None

    def solve(self, game: Game, method: str | None, progress: Progress) -> Verdict:
        from devilcoins.blind.disguise import solve_shifted
        from devilcoins.blind.solve import solve_in_group

        if method is None:  # a goal moved by a state the Devil cannot move: the plain game's
            found = solve_shifted(game, lambda plain: solve_in_group(plain, None, progress))
            if found is not None:
                return found
        return solve_in_group(game, method, progress)


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

    def admits(self, game: Game) -> bool:
        return game.devil_moves is not None

    def solve(self, game: Game, method: str | None, progress: Progress) -> Verdict:
        from devilcoins.blind.restricted import search_devil_moves

        return search_devil_moves(game, on_progress=progress)

    def verify(self, game: Game, strategy: Any, progress: Progress) -> Verification:
        from devilcoins.blind.restricted import verify_devil_moves

        return verify_devil_moves(game, blind_moves(game, strategy))

    def coach(self, game: Game, known: Sequence[int], held: Held | None = None) -> Advice:
        raise NotSupported(
            "the coach advises from the classes of the Devil's group; against a restricted "
            "Devil a position is a set of states, which it does not read yet"
        )


# --- families whose strategies are trees --------------------------------------------------------


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

    def solve_kept(self, game: Game, method: str | None, progress: Progress, kept: Path) -> Verdict:
        from devilcoins.observed.touch.checkpoint import keeping_marks

        self.check_checkpoint(game, kept)
        with keeping_marks(kept):
            return self.solve(game, method, progress)

    def check_checkpoint(self, game: Game, path: str | Path) -> None:
        from devilcoins.coins.bounds import check_checkpoint

        check_checkpoint(game, path)

    def bounds_certificate(
        self, game: Game, checkpoint: str | Path | None, witness: Any
    ) -> dict[str, Any]:
        from devilcoins.coins.bounds import touch_bounds

        return touch_bounds(game, _solved, _certified, checkpoint, witness=witness)

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

    def prove(self, game: Game, checks: bool) -> Verdict:
        from devilcoins.observed.sightrule import is_sight_rule_game, prove_sight

        return prove_sight(game) if is_sight_rule_game(game) else super().prove(game, checks)

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

    def prove(self, game: Game, checks: bool) -> Verdict:
        from devilcoins.observed.sightrule import count_by_sight

        found = count_by_sight(game)
        return found if found is not None else super().prove(game, checks)

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
            x = game.state_text(int(t.reps[trapped[0]]))
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


def _held(game: Game, known: Sequence[int], *, blind: bool) -> str:
    """Why the Devil holds a position, in plain words: a state still possible that lies in his
    largest trap, or (blind games) the search from the belief that found nothing."""
    from devilcoins.traps import largest_trap

    t = class_table(game)
    trap = largest_trap(game) if game.devil_moves is None else None
    for k in sorted(int(k) for k in known):
        x = int(t.reps[k])
        if trap is not None and trap[x]:
            return (
                f"{game.state_text(x)} is still possible, and from there he can "
                f"{_devil_verb(game)} so that whatever you do the goal never shows (it is in "
                "his trap)."
            )
    if blind:
        return (
            "whatever moves you call, some state still possible and some moves of the Devil "
            "keep the goal away (every belief you could reach was tried)."
        )
    return "whatever you do, he can answer so that the goal never shows."


#: What the Devil does to the table, by the group's name: the verb for his moves.
_DEVIL_VERBS = {
    "cyclic": "turn the table",
    "dihedral": "turn the table or turn it over",
    "full": "shuffle the positions",
}


def _devil_verb(game: Game) -> str:
    """What the Devil of game can do before a move, in a visitor's words (his group's verb)."""
    return _DEVIL_VERBS.get(game.group.name, "move the positions")


def states_of(game: Game, known: Iterable[int]) -> frozenset[int]:
    """Every state of the classes known, the goal's left out."""
    t = class_table(game)
    return frozenset(
        int(x)
        for k in known
        if int(k) >= t.n_goal
        for x in t.orbit_states[int(t.orbit_start[int(k)]) : int(t.orbit_start[int(k) + 1])]
    )


def _touch_held(possible: int, held: Held | None) -> str:
    """Why the Devil holds a touch position, in plain words."""
    if held is not None:
        return (
            "whatever you set the positions you hold to, he can keep the goal away from then "
            "on (the positions you reached for let him)."
        )
    return (
        f"of the {possible} states still possible, whatever positions you reach for he can let "
        "you feel a pattern after which every way to set them leaves him the same choice: the "
        "goal never has to show."
    )


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


#: Every family, in the order ``family_of`` asks them (the first that admits a game has it).
FAMILIES: tuple[Family, ...] = (
    BlindCoins(),
    StillTable(),
    ValueGroups(),
    Restricted(),
    Blind(),
    Touch(),
    Sight(),
    Count(),
)


@lru_cache(maxsize=CACHED_GAMES)
def _solved_sequence(game: Game) -> tuple[int, ...] | None:
    """A blind game's solved sequence, solved once (a live game asks after every move)."""
    found = family_of(game).solve(game, None, None).strategy
    return None if found is None else tuple(int(a) for a in found)


def _solved(game: Game) -> Verdict:
    """Any game solved by its own family (the touch bounds solve smaller and blind games)."""
    return family_of(game).solve(game, None, None)


def _certified(verdict: Verdict) -> dict[str, Any]:
    """A solved game's certificate, written by its own family."""
    return family_of(verdict.game).certificate(verdict)


def family_of(game: Game) -> Family:
    """The family a game belongs to: the first in ``FAMILIES`` that admits it."""
    return next(f for f in FAMILIES if f.admits(game))
