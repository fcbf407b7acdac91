"""A count game solved: after each move the player hears how many positions are not 0.

A node of the strategy names a move and, for each count that can be heard after it, what
comes next: a later node, or "win" when every state of that count is in the goal.  Beliefs are
bitsets over the game's classes (bit k: class k of ``core.tables.tables(game)``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from devilcoins.core.game import Game
from devilcoins.core.tables import class_table
from devilcoins.results.trees import TreeSolution
from devilcoins.results.words import moves_word

__all__ = ["BY_SIGHT", "CountSolution", "classes_of"]

#: How a count game the Devil holds by sight is settled, in words (``observed.count.sight_trap``).
BY_SIGHT = "the Devil's trap in the sight game (a count tells no more than seeing the table)"


def classes_of(belief: int) -> list[int]:
    """The class numbers of a belief bitset, smallest first.

    >>> classes_of(0b1010)
    [1, 3]
    """
    out = []
    while belief:
        low = belief & -belief
        out.append(low.bit_length() - 1)
        belief ^= low
    return out


def moved(game: Game, belief: int, move: int) -> int:
    """The classes (a bitset, the goal included) the belief's states can be in after the
    Devil's turn and the move."""
    t = class_table(game)
    after = 0
    for k in classes_of(belief):
        orbit = t.orbit_states[int(t.orbit_start[k]) : int(t.orbit_start[k + 1])]
        for c in t.index_of[t.add(orbit, move)].tolist():
            after |= 1 << int(c)
    return after


@dataclass(frozen=True, kw_only=True)
class CountSolution(TreeSolution):
    """The least worst-case number of moves of a count game, with its strategy.

    policy: belief (bitset over the table's classes) -> (move, moves left); start: the start
    belief (every class outside the goal); weights: the count heard for each class.

    >>> from devilcoins.observed.count import solve_count
    >>> s = solve_count(Game.parse('n=2 observe=count'))
    >>> s.winnable, s.length, s.tree()['move']
    (True, 3, 'LL')
    """

    policy: dict[int, tuple[int, int]] = field(default_factory=dict, repr=False, compare=False)
    start: int = 0
    weights: tuple[int, ...] = ()

    def _won_tree(self, max_nodes: int) -> dict[str, Any]:
        """{"move", "moves_left", "next": {count: node | "win"}}, cut past max_nodes nodes."""
        if not self.start:
            return {"win": "the goal is reached before any move"}
        return self._node(self.start, [max_nodes])

    def split(self, belief: int) -> tuple[dict[int, int], list[int]]:
        """After the belief's move: the classes outside the goal by count heard, and the
        counts heard only with the bell (every state of that count in the goal)."""
        n_goal = class_table(self.game).n_goal
        after = moved(self.game, belief, self.policy[belief][0])
        out: dict[int, int] = {}
        rings: set[int] = set()
        for k in classes_of(after):
            if k >= n_goal:
                out[self.weights[k]] = out.get(self.weights[k], 0) | 1 << k
            else:
                rings.add(self.weights[k])
        return dict(sorted(out.items())), sorted(rings - set(out))

    def _on_strategy(self) -> dict[int, dict[int, int]]:
        """Every belief the strategy meets, from the start, with its children by count."""
        found: dict[int, dict[int, int]] = {}
        todo = [self.start]
        for belief in todo:
            if belief not in found:
                found[belief] = self.split(belief)[0]
                todo.extend(found[belief].values())
        return found

    def expanded_size(self) -> int:
        """How many nodes the strategy has written out as a tree (shared beliefs repeated)."""
        met = self._on_strategy()
        size: dict[int, int] = {}
        for belief in sorted(met, key=lambda b: self.policy[b][1]):
            size[belief] = 1 + sum(size[b] for b in met[belief].values())
        return size.get(self.start, 0)

    def nodes(self) -> list[dict[str, Any]]:
        """The won strategy with shared nodes, node 0 the start: each is {"node", "left",
        "move", "next": {count: a later node's number or "win"}}."""
        met = self._on_strategy()
        order = {b: i for i, b in enumerate(met)}
        ranked = sorted(met, key=lambda b: (-self.policy[b][1], order[b]))
        number = {b: i for i, b in enumerate(ranked)}
        out = []
        for belief in ranked:
            move, left = self.policy[belief]
            nxt: dict[str, Any] = {str(c): "win" for c in self.split(belief)[1]}
            nxt.update((str(c), number[b]) for c, b in met[belief].items())
            out.append(
                {"node": number[belief], "left": left, "move": self.game.move_text(move)}
                | {"next": nxt}
            )
        return out

    def _node(self, belief: int, budget: list[int]) -> dict[str, Any]:
        """The belief's node as nested JSON, its branches to the budget (then '...')."""
        game, t = self.game, class_table(self.game)
        move, left = self.policy[belief]
        budget[0] -= 1
        after = moved(game, belief, move)
        nxt: dict[str, Any] = {}
        for w in range(game.n + 1):
            layer = [k for k in classes_of(after) if self.weights[k] == w]
            part = sum(1 << k for k in layer if k >= t.n_goal)
            if not layer:
                continue
            if not part:
                nxt[str(w)] = "win"
            elif budget[0] <= 0:
                nxt[str(w)] = "..."
            else:
                nxt[str(w)] = self._node(part, budget)
        return {
            "belief": [game.state_text(int(t.reps[k])) for k in classes_of(belief)],
            "moves_left": left,
            "move": game.move_text(move),
            "next": nxt,
        }

    def _lines(self, max_lines: int) -> list[str]:
        tree = self.tree(max_nodes=max(1, max_lines))
        lines: list[str] = []
        if "move" in tree:
            _text(tree, 1, "", lines)
        return lines


def _text(node: dict[str, Any], move: int, indent: str, lines: list[str]) -> None:
    """A node as indented lines: the move, then what follows each count heard."""
    shown = ", ".join(node["belief"][:6]) + (" ..." if len(node["belief"]) > 6 else "")
    lines.append(
        f"{indent}{move}. Play {node['move']} (at most {moves_word(node['moves_left'])} left; "
        f"possible: {shown})"
    )
    for count, then in node["next"].items():
        if then == "win":
            lines.append(f"{indent}   Told 0: the bell rings")
        elif then == "...":
            lines.append(f"{indent}   Told {count}: ...")
        else:
            lines.append(f"{indent}   Told {count}, then")
            _text(then, move + 1, indent + "      ", lines)
