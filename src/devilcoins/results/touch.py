"""A touch game solved: the strategy as nodes, each a reach and what to set for each feel.

The tree is written three ways: nested JSON (``tree``, shared nodes repeated), numbered shared
nodes (``nodes``: {"node", "left", "reach", "outcomes": [[felt, set, next], ...]}, nodes
numbered by moves left, most first, so every next names a later node and the strategy cannot
loop), and indented text (``to_text``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from devilcoins.core.game import Game
from devilcoins.results.trees import TreeSolution, values_text
from devilcoins.results.words import listing, moves_word

__all__ = ["Reach", "TouchSolution"]


@dataclass(frozen=True, kw_only=True)
class Reach:
    """One node of a touch strategy: where to reach, and for each felt pattern what to add.

    outcomes holds (felt values, values added there mod m, next node or None for a sure win),
    both value tuples in the order of ``positions``.
    """

    positions: tuple[int, ...]
    moves_left: int
    belief: tuple[int, ...]
    outcomes: tuple[tuple[tuple[int, ...], tuple[int, ...], int | None], ...]

    def settings(self, m: int) -> list[tuple[tuple[int, ...], tuple[int, ...], int | None]]:
        """For each felt pattern: (felt, values left there, next node or None)."""
        return [
            (felt, tuple((f + d) % m for f, d in zip(felt, delta, strict=True)), nxt)
            for felt, delta, nxt in self.outcomes
        ]


@dataclass(frozen=True, kw_only=True)
class TouchSolution(TreeSolution):
    """The least worst-case number of moves of a touch game, with its strategy.

    policy: node number -> ``Reach`` (node 0 is the start); search: the settled search behind a
    won game (its values give the Devil's witness for a certificate).

    >>> from devilcoins.observed.touch import solve_touch
    >>> s = solve_touch(Game.parse('n=2 hands=1 goal=same observe=touch'))
    >>> s.winnable, s.length, s.policy[0].positions
    (True, 1, (0,))
    """

    policy: dict[int, Reach] = field(default_factory=dict, repr=False, compare=False)
    search: Any = field(default=None, repr=False, compare=False)

    def _won_tree(self, max_nodes: int) -> dict[str, Any]:
        if not self.policy:
            return {"belief": [], "win": "the goal is reached before any move"}
        return _node(self, 0, [max_nodes])

    def nodes(self) -> list[dict[str, Any]]:
        """The won strategy with shared nodes: one dict per node, node 0 the start."""
        order = sorted(self.policy, key=lambda i: (-self.policy[i].moves_left, i))
        number = {old: new for new, old in enumerate(order)}
        out = []
        for old in order:
            step = self.policy[old]
            outcomes: list[list[Any]] = []
            for felt, new, nxt in step.settings(self.game.values):
                then: int | str = "win" if nxt is None else number[nxt]
                outcomes.append([values_text(self.game, felt), values_text(self.game, new), then])
            out.append(
                {
                    "node": number[old],
                    "left": step.moves_left,
                    "reach": list(step.positions),
                    "outcomes": outcomes,
                }
            )
        return out

    def entries(self) -> int:
        """One policy line per node."""
        return len(self.policy)

    def expanded_size(self) -> int:
        """How many nodes the strategy has written out as a tree (shared nodes repeated)."""
        if not self.policy:
            return 0
        size: dict[int, int] = {}
        for node in sorted(self.policy, key=lambda i: self.policy[i].moves_left):
            size[node] = 1 + sum(size[nxt] for *_, nxt in self.policy[node].outcomes if nxt)
        return size[0]

    def _lines(self, max_lines: int) -> list[str]:
        tree = self.tree(max_nodes=max(1, max_lines))
        lines: list[str] = []
        if "reach" in tree:
            _text(self.game, tree, 1, "", lines)
        return lines


def _node(sol: TouchSolution, node: int, budget: list[int]) -> dict[str, Any]:
    """Node as nested JSON, its branches to the budget (then '...')."""
    game = sol.game
    step = sol.policy[node]
    budget[0] -= 1
    outcomes = []
    for felt, new, nxt in step.settings(game.values):
        change = [
            [p, values_text(game, (w,))]
            for p, f, w in zip(step.positions, felt, new, strict=True)
            if f != w
        ]
        if nxt is None:
            then: dict[str, Any] | str = "win"
        elif budget[0] <= 0:
            then = "..."
        else:
            then = _node(sol, nxt, budget)
        outcomes.append(
            {
                "felt": values_text(game, felt),
                "set": values_text(game, new),
                "change": change,
                "next": then,
            }
        )
    return {
        "belief": [game.state_text(x) for x in step.belief],
        "moves_left": step.moves_left,
        "reach": list(step.positions),
        "outcomes": outcomes,
    }


def _text(game: Game, node: dict[str, Any], move: int, indent: str, lines: list[str]) -> None:
    """Node (nested JSON) as indented lines: the reach, then one line per feel."""
    belief = node["belief"]
    known = " ".join(belief) if len(belief) <= 4 else f"{len(belief)} classes"
    lines.append(
        f"{indent}{move}. Reach for {listing(node['reach'])} (possible: {known}; at most "
        f"{moves_word(node['moves_left'])} left)"
    )
    for out in node["outcomes"]:
        change = ", ".join(f"{p} -> {w}" for p, w in out["change"]) or "none"
        then = out["next"]
        tail = ": the bell rings" if then == "win" else (" ..." if then == "..." else ", then")
        lines.append(f"{indent}   Felt {out['felt']}: change {change}{tail}")
        if isinstance(then, dict):
            _text(game, then, move + 1, indent + "      ", lines)
