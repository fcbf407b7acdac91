"""A sight game solved: the strategy is a rule, one move for each class of states.

The player sees the table, so the rule names a move for every arrangement up to the Devil's
turns; the tree that ``to_text`` shows is that rule played from the hardest start against every
turn.  In a policy file each class is one line, ``{"state": s, "move": a, "left": d}`` (any
member of the class stands for it: the Devil turns the table before the move lands).
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from devilcoins.core.game import Game
from devilcoins.core.tables import class_table
from devilcoins.results.trees import TREE_MOST, TreeSolution, json_line
from devilcoins.results.words import moves_word

__all__ = ["SightSolution"]


@dataclass(frozen=True, kw_only=True)
class SightSolution(TreeSolution):
    """The least worst-case number of moves of a sight game, with its rule.

    policy: smallest state of each class outside the goal the player wins from -> (move, moves
    left).

    >>> from devilcoins.observed.sight import solve_sight
    >>> s = solve_sight(Game.parse('n=2 observe=sight'))
    >>> s.winnable, s.length, len(s.policy)
    (True, 2, 2)
    """

    policy: dict[int, tuple[int, int]] = field(default_factory=dict, repr=False, compare=False)

    def _won_tree(self, max_nodes: int) -> dict[str, Any]:
        """The rule (cut past the budget: this is for reading) and the play from the hardest
        start, against every turn."""
        budget = [max_nodes]
        table = self.rule(budget[0])
        worst: dict[str, Any] | str = "win"
        if self.policy:
            worst = _node(self, self.hardest, budget)
        return {"policy": table, "worst_start": worst}

    @property
    def hardest(self) -> int:
        """The start that needs the most moves (the smallest such state)."""
        return min(self.policy, key=lambda x: (-self.policy[x][1], x))

    def rule(self, most: int) -> list[dict[str, Any] | str]:
        """The move for each class, hardest first: at most most rows, then '...' if cut."""
        game = self.game
        rows = sorted(self.policy.items(), key=lambda kv: (-kv[1][1], kv[0]))
        table: list[dict[str, Any] | str] = [
            {"state": game.state_text(x), "moves_left": left, "move": game.move_text(a)}
            for x, (a, left) in rows[: max(1, most)]
        ]
        if len(rows) > len(table):
            table.append("...")
        return table

    def strategy_json(self, max_nodes: int = TREE_MOST) -> dict[str, Any]:
        """The whole rule (every class), as ``verify`` reads it."""
        if not self.winnable or not self.policy:
            return {"tree": self.tree()}
        return {"tree": {"policy": self.rule(len(self.policy))}}

    def entries(self) -> int:
        """One policy line per class."""
        return len(self.policy)

    def entry_lines(self) -> Iterator[str]:
        """One policy line per class outside the goal, hardest first."""
        game = self.game
        rows = sorted(self.policy.items(), key=lambda kv: (-kv[1][1], kv[0]))
        for x, (a, left) in rows:
            yield json_line({"state": game.state_text(x), "move": game.move_text(a), "left": left})

    def expanded_size(self) -> int:
        """The rule's rows (a sight strategy is written whole, row by row)."""
        return len(self.policy)

    def _lines(self, max_lines: int) -> list[str]:
        tree = self.tree(max_nodes=max(1, max_lines))
        lines = self._header()
        _text(self.game, tree["worst_start"], 1, "", lines)
        return lines

    def _header(self) -> list[str]:
        """What the text shows: the rule is one move a class; the play is from one start."""
        if not self.policy:
            return []
        count = len(self.policy)
        kinds = "1 arrangement" if count == 1 else f"{count:,} arrangements"
        said = (
            "The strategy is a rule: see the arrangement, play its move; there is one for each of "
            f"the {kinds} outside the goal, up to the Devil's turns (solve --json lists them "
            "all). Below is the play from the hardest start, "
            f"{self.game.state_text(self.hardest)}, against every turn of the Devil; every "
            "other start follows the same rule from its own first move:"
        )
        return textwrap.wrap(said, 96)


def _node(sol: SightSolution, state: int, budget: list[int]) -> dict[str, Any]:
    """The play from state as nested JSON: its move, and the next class after each turn."""
    game = sol.game
    t = class_table(game)
    move, left = sol.policy[state]
    budget[0] -= 1
    cls = int(t.index_of[state])
    orbit = t.orbit_states[t.orbit_start[cls] : t.orbit_start[cls + 1]]
    after = set(t.index_of[t.add(orbit, move)].tolist())
    left_of = {c: sol.policy.get(int(t.reps[c]), (0, 0))[1] for c in after}
    outcomes: list[dict[str, Any] | str] = []
    for c in sorted(after, key=lambda c: (-left_of[c], c)):
        if c < t.n_goal:
            outcomes.append("win")
        elif budget[0] <= 0:
            outcomes.append("...")
        else:
            outcomes.append(_node(sol, int(t.reps[c]), budget))
    return {
        "state": game.state_text(state),
        "moves_left": left,
        "move": game.move_text(move),
        "outcomes": outcomes,
    }


def _text(game: Game, node: dict[str, Any] | str, move: int, indent: str, lines: list[str]) -> None:
    """The play as indented lines: what is seen, the move, then each class it can lead to."""
    if not isinstance(node, dict):
        lines.append(f"{indent}{move}. {'the goal is reached' if node == 'win' else '...'}")
        return
    rest = [out for out in node["outcomes"] if out != "win"]
    if not rest:
        then = ": the bell rings"
    else:
        then = ", then (unless the bell rings)" if "win" in node["outcomes"] else ", then"
    lines.append(
        f"{indent}{move}. See {node['state']} (at most {moves_word(node['moves_left'])} left): "
        f"play {node['move']}{then}"
    )
    for out in rest:
        if out == "...":
            lines.append(f"{indent}   ...")
        else:
            _text(game, out, move + 1, indent + "   ", lines)
