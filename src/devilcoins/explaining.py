"""How a game was settled, in words, from its own verdict.

``explain(game)`` (``devilcoins.engine``) reads the verdict ``solve`` gives (or, for the coin
game, the coins' own account, which says the same) and tells how it was reached: the chain
construction level by level, the Devil's certificate, the belief search (``blind_text``), or the
strategy tree (``tree_text``).  It never says more than the verdict: the explanation and
``solve`` agree on who wins and how fast by construction.

>>> from devilcoins import Game, explain
>>> print(explain(Game.parse('n=4 hands=1')).splitlines()[0])
How n=4 hands=1 is settled: no strategy wins.
"""

from __future__ import annotations

import textwrap

from devilcoins.blind.chain import chain
from devilcoins.core.observe import Observe
from devilcoins.results import Evidence, EvidenceKind, How, Verdict
from devilcoins.results.count import BY_SIGHT
from devilcoins.results.explaining import Explanation
from devilcoins.results.trees import TreeSolution

__all__ = ["blind_text", "covering_text", "explained", "tree_text"]


def _fill(*parts: str) -> str:
    return "\n\n".join(textwrap.fill(" ".join(p.split()), 96) for p in parts if p)


def _construction(verdict: Verdict, plain: bool) -> str:
    game = verdict.game
    if not plain:
        return _fill(
            f"A recipe builds the strategy ({verdict.method}): {verdict.length_words}, "
            "which nothing shorter beats.",
            *(e.statement for e in verdict.evidence),
        )
    c = chain(game)
    sizes = ", ".join(f"{s:,}" for s in c.sizes())
    steps = ", ".join(f"{game.move_text(a)} (x{p - 1})" for a, p in c.steps)
    return _fill(
        "Start from the goal: each next level of the chain holds the states that every turn of "
        "the Devil changes only by a state of the level below, so within a level his turns never "
        "move a state from one shifted copy of the level below to another. Here the levels have "
        f"{sizes} states. (In docs/mathematics.md §6 the levels are subgroups and the shifted "
        "copies their cosets.)",
        f"The chain reaches all {len(c.top):,} states, so the player wins. It is climbed in "
        "steps, each p copies of the one before for a prime p, with one new move "
        f"({steps}): the strategy for a step is the one before, then the new move, then the one "
        "before again, p - 1 times over, so the new move walks through the p copies and the "
        "strategy before is played in each. Altogether that meets every family of states that "
        f"differ by a goal state once: {verdict.length_words}, which no strategy can beat "
        "(if the Devil never turns, each family of starts needs a running total of the moves of "
        "its own, and L moves have only L + 1 running totals). (The families are the cosets of "
        "the goal: docs/mathematics.md §3.)",
    )


def _certificate(verdict: Verdict, plain: bool) -> str:
    return _fill(
        "No strategy wins: there is a set of states, away from the goal, that the Devil can keep "
        "the game in whatever the player does (his certificate).",
        *(e.statement for e in verdict.evidence),
        "'devilcoins play' with --devil adversarial shows it against any strategy.",
    )


def _search(verdict: Verdict, plain: bool) -> str:
    game = verdict.game
    why = []
    if game.hands is not None or game.moves is not None:
        why.append("the game limits the moves")
    if game.goal == "states":
        why.append("its goal is a set of states")
    if game.devil_moves is not None:
        why.append("the Devil is restricted to a set of moves, so beliefs are sets of states")
    if any(e.checked and not e.holds for e in verdict.evidence):
        why.append("the Devil's certificate did not pass its check")
    reason = " and ".join(why) or "no construction or certificate applies"
    found = (
        f"it found a shortest strategy of {verdict.length_words}"
        if verdict.winnable
        else "it explored every belief the player can reach and none leaves only the goal, so "
        "no strategy wins"
    )
    return _fill(
        f"Here {reason}, so a breadth-first search over beliefs (the sets of states still "
        f"possible) settles it ({verdict.method}): {found}.",
        *(_searched(verdict, e, plain) for e in verdict.evidence),
    )


def _searched(verdict: Verdict, e: Evidence, plain: bool) -> str:
    """A piece of a searched verdict's evidence, said as it bears on the search."""
    if e.kind is EvidenceKind.LOWER_BOUND and not verdict.winnable:
        return ""
    game = verdict.game
    if e.kind is EvidenceKind.CONSTRUCTION and plain and chain(game).complete:
        if game.goal == "states":
            return (
                f"{e.statement} But the goal is not closed under adding its states: the chain's "
                "strategy brings every start into the goal's states and all their sums (the "
                "subgroup they generate), not always into the goal."
            )
        if game.hands is not None or game.moves is not None:
            return (
                f"{e.statement} But the strategy the chain builds needs moves this game does "
                "not allow, so the chain does not settle it."
            )
    return e.statement


def covering_text(verdict: Verdict) -> str:
    """How a still-table game was settled as a covering problem (``blind.still``)."""
    if not verdict.winnable:
        return _fill(
            "No strategy wins: the table never turns, and some starts never meet the goal "
            f"whatever the moves ({verdict.method}).",
            *(e.statement for e in verdict.evidence),
        )
    return _fill(
        f"The Devil never turns the table, so the game is a covering problem ({verdict.method}): "
        f"{verdict.length_words}, and nothing shorter wins.",
        *(e.statement for e in verdict.evidence),
    )


def tree_text(verdict: Verdict) -> str:
    """How a game whose strategy is a tree was settled, and the tree's first lines."""
    game = verdict.game
    kinds = {
        Observe.TOUCH: f"feels {game.hands} positions after each turn",
        Observe.SIGHT: "sees every position before naming a move",
        Observe.COUNT: "is told after each move how many positions are not 0",
    }
    searched = (
        "Every choice of the player was tried against every answer of the Devil, settling each "
        "belief (what the player can know) from the goal outwards (AND-OR value iteration): "
    )
    if verdict.method == BY_SIGHT:
        searched = (
            "A player who saw the table before each move would know at least as much, since the "
            "count depends only on the state's class. The sight game, solved over every class, "
            "has classes the Devil keeps the table in whatever the move, so here too "
        )
    head = _fill(
        f"The player {kinds.get(game.observe, 'observes')}, so a strategy is a tree: what to do "
        "next depends on what was observed. "
        + searched
        + (
            f"the least worst case is {verdict.length_words}."
            if verdict.winnable
            else "the Devil holds out forever."
        )
    )
    tree = verdict.tree
    body = tree.to_text(max_lines=40, header=False) if isinstance(tree, TreeSolution) else ""
    return head + ("\n\n" + body if body else "")


#: How each route of a blind game is told.
_BLIND_TEXT = {How.CONSTRUCTION: _construction, How.CERTIFICATE: _certificate}


def blind_text(verdict: Verdict, *, plain: bool = True) -> str:
    """How a blind game was settled: the construction, the Devil's certificate, or the search
    (plain: values adding mod m against a whole group, so the chain tells it level by level)."""
    return _BLIND_TEXT.get(verdict.how, _search)(verdict, plain)


def explained(verdict: Verdict, body: str) -> Explanation:
    """The verdict's explanation: who wins and how fast in a line, then body."""
    outcome = "the player wins" if verdict.winnable else "no strategy wins"
    length = f" in {verdict.length_words}" if verdict.winnable else ""
    failed = "" if verdict.holds else "a check FAILED, so this is NOT established: "
    head = f"How {verdict.game} is settled: {failed}{outcome}{length}."
    return Explanation(verdict, f"{head}\n\n{body}\n")
