"""What every game family answers (``Family``), the types the families share, and the words
they use to say why the Devil holds a game."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, TypeAlias

import numpy as np

from devilcoins.core.errors import InvalidInput, NotSupported, OtherGame, quoted
from devilcoins.core.game import Game
from devilcoins.core.tables import class_table
from devilcoins.results import CertificateCheck, Verdict, Verification
from devilcoins.results.advice import Advice
from devilcoins.results.capabilities import Can, Capabilities
from devilcoins.results.explaining import Explanation
from devilcoins.results.judgement import Judgement
from devilcoins.results.trees import POLICY_FORMAT

if TYPE_CHECKING:
    from devilcoins.core.cluster import Cluster
    from devilcoins.playing import Devil

#: In a touch game after feeling: the positions held and the values felt there.
Held: TypeAlias = tuple[tuple[int, ...], tuple[int, ...]]

# Each family loads its engine when first asked (a local import), so that the registry costs
# a command only the engine its game needs: 'solve 4' never loads the touch search.


#: A move of a blind strategy: a state number, a text ('FLFL', '0 2', '0120') or a set of
#: positions (the coin ``Move``).
MoveLike: TypeAlias = int | np.integer[Any] | str | set[int] | frozenset[int]

#: Called as long work goes on: (steps done, size known).
Progress = Callable[[int, int], None] | None

#: The refusals the families share, in their words ({game}: the game asked about; {observe}:
#: how its player observes).  Each family's ``refuses`` picks from them.
REFUSALS: dict[Can, str] = {
    Can.MOVES: "a {observe} strategy is a tree, not a list of moves",
    Can.PLAY: "the terminal plays a list of moves; a {observe} strategy is a tree: play it on "
    "the page (devilcoins serve)",
    Can.CERTIFICATE: "certificates are written for touch, sight and count games (--observe "
    "touch, sight or count), not {game}",
    Can.CHECKPOINT: "a checkpoint keeps the touch level search's marks; {game} has none",
    Can.BOUNDS: "bounds are written for touch games; {game} is settled by solve",
    Can.REACHES: "reaches restrict a touch game's level search; {game} is not a touch game",
    Can.CLUSTER: "workers on a cluster take the touch level search's questions; {game} has none",
    Can.ROUNDS: "{game} is not a touch game: nothing is held",
    Can.TRAP: "a blind game's proof checks its strategy and its chain's levels; a Devil's trap "
    "is checked for touch, sight and count games",
}


def refusals(*what: Can) -> dict[Can, str]:
    """The shared words refusing each of what (a family's ``refuses``)."""
    return {c: REFUSALS[c] for c in what}


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
    #: The services of ``Can`` this family refuses, each with its words ({game}, {observe});
    #: it offers every other.
    refuses: ClassVar[dict[Can, str]] = {}
    #: Whether its small games answer in milliseconds (``Capabilities.quick``).
    quick: ClassVar[bool] = True

    def capabilities(self, game: Game | None = None) -> Capabilities:
        """What the family does for game and what it refuses, in its words (None: for any
        of its games, 'the game')."""
        observe = self.name if game is None else game.observe
        named = f"a {self.name} game" if game is None else game
        words = {c: w.format(game=named, observe=observe) for c, w in self.refuses.items()}
        save = "policy" if self.tree else "moves"
        return Capabilities(self.name, self.methods, save, words, self.quick)

    def refuse(self, game: Game, what: Can) -> NotSupported:
        """The error refusing what for game, in the family's words."""
        words = self.capabilities(game).refusal(what)
        return NotSupported(words or f"{what}: not available for {game} here")

    def admits(self, game: Game) -> bool:
        """Whether game is of this family."""
        raise NotImplementedError

    def check_method(self, method: str | None) -> str | None:
        """method, when it names one of this family's routes (None: the family picks)."""
        if method is not None and method not in self.methods:
            routes = ", ".join(repr(m) for m in self.methods)
            raise InvalidInput(
                f"method {quoted(method)} is not a route for {self.name} games: {routes}"
            )
        return method

    def solve(self, game: Game, method: str | None, progress: Progress) -> Verdict:
        """The verdict, by method (a route of ``methods``) or the one the game asks for."""
        raise NotImplementedError

    def verify(self, game: Game, strategy: Any, progress: Progress) -> Verification:
        """Whether strategy wins from every start against every turn, exactly."""
        raise NotImplementedError

    def prove(self, game: Game, checks: bool, progress: Progress = None) -> Verdict:
        """The verdict with the checks that make it a proof a reader can trust."""
        verdict = self.solve(game, None, progress)
        return verdict.with_evidence(*self.checks(verdict)) if checks else verdict

    def checks(self, verdict: Verdict) -> list[Any]:
        """The checks prove adds to the solver's verdict, where the game is small enough."""
        return []

    def explain(self, verdict: Verdict) -> str:
        """How the verdict was reached, in words (below its first line)."""
        raise NotImplementedError

    def explanation(self, game: Game, progress: Progress = None) -> Explanation:
        """The verdict and how it was reached, in words."""
        from devilcoins.explaining import explained

        verdict = self.solve(game, None, progress)
        return explained(verdict, self.explain(verdict))

    def certificate(self, verdict: Verdict) -> dict[str, Any]:
        """The verdict's optimality certificate, as JSON data."""
        raise self.refuse(verdict.game, Can.CERTIFICATE)

    def check_certificate(self, game: Game, data: Any) -> CertificateCheck:
        """A certificate (parsed JSON) checked with tables of the checker's own."""
        raise self.refuse(game, Can.CERTIFICATE)

    def solve_kept(
        self, game: Game, method: str | None, progress: Progress, kept: Path | None,
        cluster: Cluster | None = None,
    ) -> Verdict:  # fmt: skip
        """The verdict, the search keeping what it proves in the file kept and going on from
        what it holds, its top questions spread over the cluster named (only a touch game's
        level search keeps a checkpoint, or spreads)."""
        if kept is not None:
            self.check_checkpoint(game, kept)
        raise self.refuse(game, Can.CLUSTER)

    def check_checkpoint(self, game: Game, path: str | Path, reaches: str | None = None) -> None:
        """Refuse a checkpoint this game's search cannot keep, or a file that is not its own
        (reaches: the search's restriction, ``bounds_certificate``)."""
        raise self.refuse(game, Can.CHECKPOINT)

    def bounds_certificate(
        self,
        game: Game,
        checkpoint: str | Path | None,
        witness: Any,
        reaches: str | None = None,
        progress: Progress = None,
    ) -> dict[str, Any]:
        """The certificate of bounds [L, U] proved without settling the game (touch only;
        reaches: also search the best strategy over those reaches alone)."""
        raise self.refuse(game, Can.BOUNDS)

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

    def judge(
        self,
        game: Game,
        known: Sequence[int],
        move: int,
        before: Advice | None = None,
        coach: Callable[[Sequence[int]], Advice] | None = None,
    ) -> Judgement | None:
        """What move is worth from the position known (the classes the player cannot rule
        out, the goal's left out), against the best move: one more than the worst value of
        what the player can know after it (every class it can lead to, split by what the
        family lets the player learn: nothing, the count, the table), a won outcome worth 0.
        before: the coach's advice here, when already known; coach: the coach to ask of a
        position (a live game remembers its answers).  None where the coach has no word (too
        large, not supported) or the position is already held by the Devil."""
        from devilcoins.playing import update

        coach = coach or (lambda k: self.coach(game, k))
        before = coach(known) if before is None else before
        if not before.winnable or before.at_most is None:
            return None
        t = class_table(game)
        outcomes: set[tuple[int, ...]] = set()
        for k in update(game, list(known), move):
            if k >= t.n_goal:  # a class that is won rings the bell: worth 0
                seen = self.belief_after(game, list(known), move, int(t.reps[k]))
                outcomes.add(tuple(sorted(c for c in seen if c >= t.n_goal)))
        worst = 0
        for outcome in outcomes:
            advice = coach(outcome)
            if not advice.winnable or advice.at_most is None:
                return Judgement(game, before.at_most, None)
            worst = max(worst, advice.at_most)
        return Judgement(game, before.at_most, 1 + worst)

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


def class_text(game: Game, k: int) -> str:
    """Class k of the game's tables as the player sees it everywhere (the belief list, the
    Devil's trap, the replays): its alphabetically first state.

    >>> class_text(Game(3), 1)  # the class of THH, HTH and HHT
    'HHT'
    """
    by_text = class_table(game, "text")
    rep = int(class_table(game).reps[k])
    return game.state_text(int(by_text.reps[by_text.index_of[rep]]))


def held_reason(game: Game, known: Sequence[int], *, blind: bool) -> str:
    """Why the Devil holds a position, in plain words: a state still possible that lies in his
    largest trap, or (blind games) the search from the belief that found nothing."""
    from devilcoins.traps import largest_trap

    t = class_table(game)
    trap = largest_trap(game) if game.devil_moves is None else None
    for k in sorted(int(k) for k in known):
        x = int(t.reps[k])
        if trap is not None and trap[x]:  # a trap holds every turn of a state it holds
            return (
                f"{class_text(game, k)} is still possible, and from there he can "
                f"{devil_verb(game)} so that whatever you do the goal never shows (it is in "
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


def devil_verb(game: Game) -> str:
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


def touch_held_reason(possible: int, held: Held | None) -> str:
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
