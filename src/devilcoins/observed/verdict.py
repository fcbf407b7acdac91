"""The verdict of a game whose strategy is a tree, from its solution (touch, sight or count).

>>> from devilcoins.core.game import Game
>>> from devilcoins.observed.count import solve_count
>>> tree_verdict(solve_count(Game.parse('n=4 observe=count'))).headline()
'n=4 observe=count: the player wins in the worst case in 6 moves.'
"""

from __future__ import annotations

from devilcoins.observed.touch.levels import MAX_LEVELS, Levels
from devilcoins.results import Evidence, EvidenceKind, How, Verdict
from devilcoins.results.count import BY_SIGHT, CountSolution
from devilcoins.results.touch import TouchSolution
from devilcoins.results.trees import TreeSolution
from devilcoins.results.words import counted

__all__ = ["TRIED", "tree_verdict"]

#: How a touch, sight or count game is settled, in words (the method adds the term and the game).
TRIED = "every choice of the player tried against every answer of the Devil"


def _by_sight(sol: TreeSolution) -> bool:
    """Whether the solution is a count game settled by the sight game's trap."""
    return isinstance(sol, CountSolution) and not sol.winnable and bool(sol.trap)


def _sight_trap(sol: TreeSolution) -> Evidence:
    """How a count game the Devil holds by sight was settled."""
    return Evidence(
        name="the sight game's trap",
        kind=EvidenceKind.SEARCH,
        statement=(
            f"Values settled over every class of states ({sol.explored:,}) of the game with sight "
            f"instead of the count: the Devil holds {len(sol.trap):,} of them even against a "
            "player who sees the table before each move. The count heard depends on the class "
            "alone, so it tells the player no more, and from those classes he holds out."
        ),
        checked=True,
        holds=True,
        detail={"explored": sol.explored, "trap_classes": len(sol.trap)},
    )


def _method(sol: TreeSolution) -> str:
    """How the values were settled, in the words of a verdict's method line: the sight game's
    trap, the level search (depth first), or value iteration (from the goal outwards)."""
    if _by_sight(sol):
        return BY_SIGHT
    if isinstance(sol, TouchSolution) and isinstance(sol.search, Levels):
        return f"{TRIED} (AND-OR level search, depth first, {sol.game.observe})"
    return f"{TRIED} (AND-OR value iteration, {sol.game.observe})"


def _resumed(search: Levels) -> str:
    """What a level search took from its checkpoint, in words ('' when nothing)."""
    if not search.resumed:
        return ""
    return f"; {search.resumed:,} marks read from the checkpoint {search.checkpoint}"


def _settled(sol: TreeSolution, over: str) -> Evidence:
    """How the solver settled the values: by levels, by the sight game's trap, or from the goal
    outwards over what."""
    if _by_sight(sol):
        return _sight_trap(sol)
    if isinstance(sol, TouchSolution) and isinstance(sol.search, Levels) and sol.length:
        return Evidence(
            name="level search",
            kind=EvidenceKind.SEARCH,
            statement=(
                f"Searched depth first over what the player can know (cylinder nodes), halving "
                f"the moves allowed from {MAX_LEVELS - 1}: the start is won within "
                f"{counted(sol.length, 'move')} and not within {sol.length - 1:,} "
                f"({sol.explored:,} "
                f"beliefs settled{_resumed(sol.search)})."
            ),
            checked=True,
            holds=True,
            detail={"explored": sol.explored},
        )
    least = f"least worst case {counted(sol.length or 0, 'move')}"
    settled = least if sol.winnable else "the Devil holds out"
    return Evidence(
        name="value iteration",
        kind=EvidenceKind.SEARCH,
        statement=(
            f"Values settled from the goal outwards over {over} ({sol.explored:,}): {settled}."
        ),
        checked=True,
        holds=True,
        detail={"explored": sol.explored},
    )


def tree_verdict(sol: TreeSolution, over: str = "every reachable belief") -> Verdict:
    """The verdict of a solved touch, sight or count game, its solution as the tree (over: what
    its values were settled over, in words)."""
    game = sol.game
    return Verdict(
        game=game,
        winnable=sol.winnable,
        length=sol.length,
        method=_method(sol),
        how=How.TREE,
        seconds=sol.seconds,
        explored=sol.explored,
        evidence=(_settled(sol, over),),
        tree=sol,
    )
