"""Blind games on a still table settled as covering problems, by real solvers (HiGHS, CaDiCaL).

``Cover`` (``blind.covering``) turns the game into translates of the goal, one per running
product of the moves; here the least length is found and proved (docs/mathematics.md §7.6):

1. starts that no running product the moves can make brings into the goal are never won: the
   game is lost, checked for every state;
2. a greedy walk, its translates thinned by local search (``blind.local_cover``), bounds the
   answer from above; the count, or a subgroup in the goal (``blind.coset_bound``), from below,
   checked here: when they meet, no solver runs;
3. with every move allowed, the fewest translates (the goal itself among them) that cover every
   state, minus one, is the answer: HiGHS finds them and proves none fewer do;
4. with limited hands or a list of moves, the fewest translates still bound the length from
   below, and the shorter of a greedy walk and those translates walked in a short order bounds
   it from above; a SAT solver (CaDiCaL, ``blind.sat``) looks for a walk of L allowed moves
   covering every state, first at the bound, then each time one move shorter than the best walk
   known, until it proves that none of L moves exists (and so none shorter: a walk that covers
   still covers when it goes on).

The lower bound says what proved it: the count (|M| / |G| translates at least) or the subgroup,
checked here, or HiGHS's or CaDiCaL's proof, stated as the solver's. ``takes_covering`` says
which games take this route: still tables whose goal no chain or coset walk settles at once.

>>> v = solve_still(Game.parse('n=5 group=none goal=HHHHH,HHTHH,HTHHT,HTTTH,TTHHH'))
>>> v.winnable, v.length, v.method.split(':')[0]
(True, 7, 'covering solver (HiGHS)')
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

import numpy as np

from devilcoins.blind.coset_bound import CosetBound, coset_bound
from devilcoins.blind.covering import Cover, is_still
from devilcoins.blind.disguise import shifted_goal
from devilcoins.blind.highs import Outcome, min_cover
from devilcoins.blind.local_cover import smaller_cover
from devilcoins.blind.sat import NAME, Walk, walk_cover
from devilcoins.core.compiling import Stopwatch
from devilcoins.core.errors import TooLarge
from devilcoins.core.game import Game
from devilcoins.core.resources import CACHED_GAMES
from devilcoins.results import Evidence, EvidenceKind, How, Verdict
from devilcoins.results.words import moves_word

__all__ = [
    "COVERING",
    "COVER_STATES",
    "FIRST_TRY",
    "GREEDY",
    "NEVER_WON",
    "WALKING",
    "solve_still",
    "takes_covering",
]

#: The most states a still-table game may have for the covering route (past it, the sets and
#: the solver's model outgrow what settles; docs/variants.md gives the measured scale).
COVER_STATES = 1 << 14

#: The method, every move allowed: plain words first, then what the solver did.
COVERING = "covering solver (HiGHS): the fewest translates of the goal that cover every state"

#: The method with limited hands or a list of moves.
WALKING = (
    "covering solvers (HiGHS and a SAT solver): the shortest walk of allowed moves whose "
    "translates of the goal cover every state"
)

#: The method when a greedy choice of translates meets a bound checked here (no solver ran).
GREEDY = (
    "covering, no solver needed: a walk whose translates of the goal cover every state (a greedy "
    "choice, then local search), as short as a bound checked here"
)

#: The method of a still table some starts of which never meet the goal.
NEVER_WON = "kept outside the goal: some starts never meet it, whatever the moves (a still table)"

Progress = Callable[[int, int], None] | None

#: Seconds the first try of a walk at the covering's bound may take before the search goes on
#: from the best walk known downwards (it comes back to the bound, unlimited, when it gets there).
FIRST_TRY = 5.0


@lru_cache(maxsize=CACHED_GAMES)
def takes_covering(game: Game) -> bool:
    """Whether the covering route settles game: a blind game on a still table, small enough,
    whose goal (moved by a goal state onto zero or same, where it can be) is not a subgroup
    that the chain or the coset walk settles at once.

    >>> takes_covering(Game.parse('n=4 group=none goal=HHHH,HTHT,TTHH'))
    True
    >>> takes_covering(Game.parse('n=4 group=none goal=THTH')), takes_covering(Game(4))
    (False, False)
    """
    if not is_still(game) or game.log2_states > math.log2(COVER_STATES):
        return False
    found = shifted_goal(game)
    plain = game if found is None else found[0]
    if plain.goal == "states":
        return True
    if plain.value_group is None:
        from devilcoins.blind.solve import blind_route

        return blind_route(plain) != "chain"
    from devilcoins.blind.groups import coset_walk, group_chain

    if coset_walk(plain) is not None:
        return False
    c = group_chain(plain)
    return not (c.complete and c.goal_is_subgroup and all(plain.allowed(a) for a, _ in c.steps))


def solve_still(game: Game, on_progress: Progress = None) -> Verdict:
    """A blind game on a still table, settled as a covering problem (see the module doc);
    on_progress(lower, upper) hears the bounds proved so far (upper 0: none found yet)."""
    t0 = Stopwatch()
    cover = Cover.of(game)
    missed = cover.never_won()
    if len(missed):
        return Verdict.lost(game, NEVER_WON, (_never_won(cover, missed),), t0.seconds())
    counted = -(-cover.size // cover.goal_size) - 1
    floor = _counting(cover, counted)
    cosets = coset_bound(cover)
    if cosets is not None and cosets.translates - 1 > counted:
        counted, floor = cosets.translates - 1, _by_cosets(cover, cosets)
    greedy = cover.greedy()
    report = _reporter(on_progress)
    report(counted, len(greedy) - 1)
    if len(greedy) - 1 > counted:  # fewer translates by local search: walked, if need be
        fewer = smaller_cover(cover, greedy, counted + 1)
        walked = fewer if cover.every_move else cover.ordered(fewer)
        greedy = walked if len(walked) < len(greedy) else greedy
        report(counted, len(greedy) - 1)
    if len(greedy) - 1 == counted:
        return _won(cover, greedy, t0, floor, None)
    usable = cover.reach < cover.size
    found = min_cover(cover.sets, cover.size, 0, _in_moves(cover, report), usable=usable)
    chosen = (
        []
        if found.values is None
        else [0, *(int(p) for p in np.flatnonzero(found.values > 0.5) if p != 0)]
    )
    if found.status != "optimal" or len(chosen) > math.ceil(found.bound - 1e-6):
        raise _stopped(game, counted, len(greedy) - 1, found)  # no proof: the bounds
    fewest = len(chosen) - 1
    bound = floor if fewest == counted else _proved(cover, fewest, found)
    if cover.every_move:
        return _won(cover, chosen, t0, bound, found)
    ordered = cover.ordered(chosen)  # the fewest translates, walked: often no longer
    shorter = ordered if len(ordered) < len(greedy) else greedy
    return _walked(cover, fewest, shorter, t0, bound, report, found)


def _reporter(on_progress: Progress) -> Callable[[int, int], None]:
    """on_progress, remembering the best bounds heard (a solver's own never lowers them)."""
    best = [0, 0]

    def report(lower: int, upper: int) -> None:
        best[0] = max(best[0], lower)
        if upper > 0:
            best[1] = upper if best[1] == 0 else min(best[1], upper)
        if on_progress is not None:
            on_progress(best[0], best[1])

    return report


def _in_moves(cover: Cover, report: Callable[[int, int], None]) -> Callable[[int, int], None]:
    """report, hearing the solver's translates as moves (one fewer); a cover it has found is a
    strategy only when every move is allowed (else the walk decides)."""

    def heard(lower: int, upper: int) -> None:
        report(lower - 1, upper - 1 if cover.every_move and upper > 0 else 0)

    return heard


def _walked(
    cover: Cover,
    fewest: int,
    greedy: list[int],
    t0: Stopwatch,
    bound: Evidence,
    report: Callable[[int, int], None],
    translates: Outcome,
) -> Verdict:
    """Limited moves: the shortest walk. Its length is first tried at the fewest translates'
    bound, then from the best walk known downwards: a walk of L moves that covers still covers
    when it goes on, so the first L with none is proved to be one short of the answer (one
    proof, where going upwards takes one at each length; each walk found lowers the bound)."""
    best, lower, proof = greedy, fewest, None
    length = fewest  # what found the best walk below: HiGHS's fewest, or CaDiCaL
    found_by: Outcome | Walk = translates
    budget: float | None = FIRST_TRY
    while length < len(best) - 1:
        report(lower, len(best) - 1)
        out = walk_cover(
            cover.sets, length, cover.step, least=fewest, distinct=length == fewest, seconds=budget
        )
        if out.status == "found" and out.walk is not None:
            best, found_by = out.walk, out
        elif out.status == "none":
            lower, proof = length + 1, out
        elif budget is None:
            raise _stopped(cover.game, lower, len(best) - 1, None)
        budget, length = None, len(best) - 2
        if length < lower:
            break
    return _won(cover, best, t0, _walk_bound(cover, fewest, len(best) - 1, bound, proof), found_by)


def _won(
    cover: Cover,
    walk: list[int],
    t0: Stopwatch,
    bound: Evidence | tuple[Evidence, ...],
    found: Outcome | Walk | None,
) -> Verdict:
    """The verdict of a walk that covers every state (its moves are the strategy)."""
    game = cover.game
    if not cover.covers(walk):  # the solver's answer is read back, never taken on trust
        raise AssertionError(f"{game}: the covering solver's walk misses a start")
    moves = tuple(cover.moves_of(walk))
    return Verdict(
        game=game,
        winnable=True,
        length=len(moves),
        method=GREEDY if found is None else COVERING if cover.every_move else WALKING,
        how=How.SEARCH,
        seconds=t0.seconds(),
        strategy=moves,
        evidence=(
            _covering(cover, len(moves), found),
            *(bound if isinstance(bound, tuple) else (bound,)),
        ),
    )


def _covering(cover: Cover, length: int, found: Outcome | Walk | None) -> Evidence:
    """What the covering view is and what the solver found, stated."""
    solver = NAME if isinstance(found, Walk) else "HiGHS"
    by = (
        "a greedy walk (each time to where most starts are won a move), then a local search "
        "for fewer translates, found them"
        if found is None
        else f"{solver} found them ({found.seconds:.2f} s)"
    )
    walk = (
        "Every move is allowed, so any set of translates holding the goal itself is a walk, in "
        "any order"
        if cover.every_move
        else "The steps between running products must be allowed moves"
    )
    return Evidence.stated(
        EvidenceKind.SEARCH,
        "the covering view",
        "The table never turns, so a start x is won at the first running product P of the "
        "moves (P_0 the identity) with x * P in the goal G, that is when x lies in the "
        f"translate G * P^-1. A strategy is a walk of running products whose translates cover "
        f"all {cover.size:,} states. {walk}. Here {length + 1:,} translates cover them: "
        f"{by} (docs/mathematics.md §7.6).",
        translates=length + 1,
    )


def _counting(cover: Cover, bound: int) -> Evidence:
    """The counting bound, checked: every translate holds exactly |G| states."""
    sizes = {len(np.unique(row)) for row in cover.sets}
    holds = sizes == {cover.goal_size}
    return Evidence(
        kind=EvidenceKind.LOWER_BOUND,
        name="lower bound (the count)",
        statement=(
            f"Nothing shorter than {moves_word(bound)} wins: L moves have L + 1 running products, "
            f"and each translate of the goal holds {cover.goal_size:,} states, so fewer than "
            f"{bound + 1:,} translates hold fewer than the {cover.size:,} states. Checked: "
            + (
                "every translate holds exactly as many states as the goal."
                if holds
                else "a translate does NOT hold as many states as the goal."
            )
        ),
        checked=True,
        holds=holds,
        detail={"lower_bound": bound},
    )


def _by_cosets(cover: Cover, b: CosetBound) -> Evidence:
    """The bound of a subgroup in the goal, its premises checked (``blind.coset_bound``)."""
    game, moves = cover.game, b.translates - 1
    other = "state" if b.extra == 1 else "states"
    return Evidence(
        kind=EvidenceKind.LOWER_BOUND,
        name="lower bound (a subgroup in the goal)",
        statement=(
            f"Nothing shorter than {moves_word(moves)} wins: the goal moved by its state "
            f"{game.state_text(b.shift)} holds a subgroup H of {b.subgroup_size:,} states, and "
            f"e = {b.extra:,} other {other}. Each translate holds one whole coset of H and e "
            "single states; a coset that no translate holds whole needs all its "
            f"{b.subgroup_size:,} states from single ones, and as e is at most half of |H|, "
            "leaving a coset out costs more translates than it saves: each of the "
            f"{b.translates:,} cosets needs a translate (docs/mathematics.md §7.6). Checked: "
            + (
                "the subgroup is one (closed under the product), lies in the moved goal, and the "
                "goal has e states more, with 2e at most |H|."
                if b.holds
                else "the premises do NOT hold."
            )
        ),
        checked=True,
        holds=b.holds,
        detail={"lower_bound": moves, "subgroup": b.subgroup_size, "extra": b.extra},
    )


def _proved(cover: Cover, fewest: int, found: Outcome) -> Evidence:
    """HiGHS's proof that no fewer translates cover the states, stated as the solver's."""
    return Evidence.stated(
        EvidenceKind.LOWER_BOUND,
        "lower bound (the solver's proof)",
        f"Nothing shorter than {moves_word(fewest)} wins: no {fewest:,} translates of the goal "
        f"cover the {cover.size:,} states. HiGHS proved it (branch and bound, "
        f"{found.seconds:.2f} s); the program does not check the proof again.",
        lower_bound=fewest,
        **found.detail,
    )


def _walk_bound(
    cover: Cover, fewest: int, length: int, cover_bound: Evidence, proof: Walk | None
) -> tuple[Evidence, ...]:
    """Why no walk shorter than length wins: the fewest translates, then the solver's proof."""
    if length == fewest or proof is None:
        return (cover_bound,)
    why = "the bound above, checked" if cover_bound.checked else "HiGHS's proof, above"
    return cover_bound, Evidence.stated(
        EvidenceKind.LOWER_BOUND,
        "lower bound (the solver's proof)",
        f"Nothing shorter than {moves_word(length)} wins: fewer than {fewest + 1:,} translates of "
        f"the goal cannot cover every state ({why}), and {NAME} proved that no walk of "
        f"{length - 1:,} allowed moves covers them ({proof.seconds:.2f} s), so none shorter "
        "does either (a shorter walk that covers still covers when it goes on, any move "
        "further); the program does not check the proof again.",
        lower_bound=length,
        **proof.detail,
    )


def _never_won(cover: Cover, missed: np.ndarray) -> Evidence:
    """The starts no running product brings into the goal, checked for every state."""
    game = cover.game
    return Evidence(
        kind=EvidenceKind.TRAP,
        name="starts never won",
        statement=(
            f"The table never turns, so a start x meets the goal only at x * P for a running "
            f"product P of the allowed moves; for {len(missed):,} of the {cover.size:,} starts "
            f"(e.g. {game.state_text(int(missed[0]))}) no product the moves can make does it. "
            "Checked for every state and every product the moves reach."
        ),
        checked=True,
        holds=True,
        detail={"never_won": len(missed)},
    )


def _stopped(game: Game, lower: int, upper: int, out: Outcome | None) -> TooLarge:
    """The solver stopped short of a proof: the best bounds it proved, in one line."""
    best = upper
    if out is not None and math.isfinite(out.bound):  # the fewest translates' bound, less one
        lower = max(lower, math.ceil(out.bound - 1e-6) - 1)
    return TooLarge(
        f"{game}: the covering solver stopped between {lower:,} and "
        f"{best:,} moves (a strategy of {best:,} moves is known)"
    )
