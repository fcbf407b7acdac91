"""Blind games that are plain games in disguise: a goal moved by a state the Devil cannot move.

When a goal state s is fixed by every turn of the Devil (any state when he does not turn the
table; a state of equal values under turns), moving every start by s maps the game onto the game
whose goal is the old goal minus s, move for move: the Devil's turn of x - s is his turn of x,
minus s. For values in a group, "minus s" is s^-1 on the left: s^-1 * (g(x) * a) is
g(s^-1 * x) * a, so the moves (multiplying on the right) are untouched. So the two games have
the same strategies, the same shortest length and the same verdict (docs/mathematics.md §7.1,
"Goals moved by a fixed state"). ``shifted_goal`` finds such an s when the moved goal is all
zeros or all the same, whose games the chain (or the coset walk) settles at once;
``solve_shifted`` answers the game from that one.

>>> plain, s = shifted_goal(Game.parse('n=5 group=none goal=TTTTT'))
>>> str(plain), s
('n=5 group=none', (1, 1, 1, 1, 1))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from devilcoins.core.game import Game, Vector
from devilcoins.core.notation import state_text
from devilcoins.core.tables import class_table
from devilcoins.results import Evidence, EvidenceKind, Verdict

__all__ = ["shift_belief", "shifted_goal", "solve_shifted"]


def _fixed(state: Vector, perms: Sequence[Sequence[int]]) -> bool:
    """Whether every permutation leaves state as it is (the value at i moves to p[i])."""
    return all(state[p[i]] == state[i] for p in perms for i in range(len(state)))


def _left(game: Game, s: Vector, x: Vector) -> Vector:
    """s^-1 * x position by position: x - s for values adding mod m, else the group's product
    with s's inverse on the left.

    >>> _left(Game.parse('n=2 values=S3'), (1, 0), (1, 2))
    (0, 2)
    """
    if game.value_group is None:
        return tuple((v - w) % game.values for v, w in zip(x, s, strict=True))
    mul = game.value_group.mul
    inverse = [row.index(0) for row in mul]
    return tuple(mul[inverse[w]][v] for v, w in zip(x, s, strict=True))


def shifted_goal(game: Game) -> tuple[Game, Vector] | None:
    """The game with its goal moved by a goal state s that every turn keeps, and s, when the
    moved goal s^-1 * G is zero or same (a blind game: values adding mod m, or in a group);
    else None."""
    if game.goal != "states" or game.observe.tree:
        return None
    perms = game.devil_moves if game.devil_moves is not None else game.group.generators
    goal = game.goal_states
    for s in goal:
        if not _fixed(s, perms):
            continue
        moved = tuple(_left(game, s, g) for g in goal)
        plain = replace(game, goal="states", goal_states=moved)
        if plain.goal in ("zero", "same"):
            return plain, s
    return None


def shift_belief(game: Game, plain: Game, known: Sequence[int], s: Vector) -> list[int]:
    """The classes of plain (``core.tables``) that hold s^-1 * x (x - s for dials) for the
    states x of game's classes known: what a player of game knows, seen in the plain game."""
    ours, theirs = class_table(game), class_table(plain)
    moved = {
        int(theirs.index_of[game.encode(_left(game, s, game.decode(int(ours.reps[c]))))])
        for c in known
    }
    return sorted(moved)


def _evidence(game: Game, plain: Game, s: Vector) -> Evidence:
    """Why the plain game's answer is this game's, stated."""
    keeps = "does not turn the table" if not game.group.generators else "keeps it"
    text = state_text(s, game.values)
    return Evidence(
        kind=EvidenceKind.REDUCTION,
        name="the goal moved by a state the Devil cannot move",
        statement=(
            f"The goal is the goal of {plain} moved by {text}, a state every turn of the Devil "
            f"leaves as it is (here he {keeps}). Moving every start by {text} maps one game "
            "onto the other, move for move and turn for turn, so they have the same winning "
            f"strategies: the answer for {plain} below is this game's."
        ),
        checked=False,
        detail={"plain": str(plain), "moved_by": list(s)},
    )


def solve_shifted(game: Game, solve: Callable[[Game], Verdict]) -> Verdict | None:
    """game's verdict from the plain game its goal is a move of, when it has one and the plain
    game is won (solve: the blind solver, game -> Verdict); else None."""
    found = shifted_goal(game)
    if found is None:
        return None
    plain, s = found
    verdict = solve(plain)
    if not verdict.winnable:  # the Devil's trap is in the plain game's states: search this one
        return None
    return replace(verdict, game=game, evidence=(_evidence(game, plain, s), *verdict.evidence))
