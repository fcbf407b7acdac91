"""A game whose strategy is a tree, solved: what touch, sight and count solutions share.

Each kind answers for itself (``TouchSolution``, ``SightSolution``, ``CountSolution``): its
tree as nested JSON, its shared nodes, its text, and its lines in a policy file.  What they
share is here: the verdict's fields, the Devil's trap when he holds out, and the policy file's
header.

A policy file (``solve --save FILE.jsonl``) is JSON lines: first a header,
``{"format": "devilcoins-policy", "version": 1, "game": ..., "observe": ..., "length": L,
"entries": E}``, then one line per decision point (a node of a touch or count strategy, a class
of states for sight); nodes are shared, so the file grows with the distinct beliefs of the
strategy, not with its (much larger) tree.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from devilcoins.core.errors import NotSupported
from devilcoins.core.game import Game
from devilcoins.results.html import card
from devilcoins.results.words import moves_word

__all__ = ["POLICY_FORMAT", "POLICY_VERSION", "TREE_MOST", "TreeSolution", "values_text"]

#: A strategy is written as a nested tree (shared nodes repeated) up to this many nodes; a
#: larger one as its shared nodes, which ``verify`` reads just as well and checks faster.
TREE_MOST = 1_000

POLICY_FORMAT = "devilcoins-policy"
POLICY_VERSION = 1


def values_text(game: Game, values: Iterable[int]) -> str:
    """Values at some positions as text: 'HT' for coins, digits ('021') otherwise, and values
    separated by dots past 10 values ('10.0.3'), as ``notation.read_vector`` reads them."""
    if game.values == 2:
        return "".join("HT"[v] for v in values)
    return ("." if game.values > 10 else "").join(map(str, values))


def json_line(data: dict[str, Any]) -> str:
    """One line of a policy file."""
    return json.dumps(data, separators=(",", ":")) + "\n"


@dataclass(frozen=True, kw_only=True)
class TreeSolution:
    """The least worst-case number of moves of a game whose strategy is a tree, and the tree.

    explored counts what the solver settled (beliefs, classes, or the classes the Devil's trap
    test examined); trap holds the smallest state of each class of the Devil's trap when he
    holds out and one was kept (from every class of it he keeps the game in it).
    """

    game: Game
    winnable: bool
    length: int | None
    explored: int
    seconds: float
    trap: tuple[int, ...] = ()

    def tree(self, max_nodes: int = 200) -> dict[str, Any]:
        """The strategy as nested JSON; branches past max_nodes nodes are written '...'."""
        if not self.winnable:
            return {"winnable": False, "devil_keeps": [self.game.state_text(x) for x in self.trap]}
        return self._won_tree(max_nodes)

    def _won_tree(self, max_nodes: int) -> dict[str, Any]:
        raise NotImplementedError

    def nodes(self) -> list[dict[str, Any]]:
        """The won strategy as numbered shared nodes (node 0 the start)."""
        raise NotImplementedError

    def expanded_size(self) -> int:
        """How many nodes the strategy has written out as a tree (shared nodes repeated)."""
        raise NotImplementedError

    def strategy_json(self, max_nodes: int = TREE_MOST) -> dict[str, Any]:
        """The whole strategy for ``solve --json``, as ``verify`` reads it: the nested tree when
        it has at most max_nodes nodes, else its shared nodes (``nodes``)."""
        if not self.winnable or not self.length:
            return {"tree": self.tree()}
        size = self.expanded_size()
        if size > max_nodes:
            return {"nodes": self.nodes()}
        return {"tree": self.tree(max_nodes=size + 1)}

    def entries(self) -> int:
        """How many lines follow the header in the strategy's policy file."""
        return len(self.nodes())

    def entry_lines(self) -> Iterator[str]:
        """The policy file's lines after its header: one per node."""
        for node in self.nodes():
            yield json_line(node)

    def strategy_lines(self) -> Iterator[str]:
        """The won strategy as a policy file: the header, then one line per decision point.

        >>> from devilcoins.observed.touch import solve_touch
        >>> s = solve_touch(Game.parse('n=2 hands=1 goal=same observe=touch'))
        >>> lines = list(s.strategy_lines())
        >>> json.loads(lines[0])["format"], len(lines)
        ('devilcoins-policy', 2)
        >>> print(lines[1], end='')
        {"node":0,"left":1,"reach":[0],"outcomes":[["H","T","win"],["T","H","win"]]}
        """
        if not self.winnable or self.length is None:
            raise NotSupported(f"{self.game}: the Devil holds out; there is no strategy to save")
        head = {
            "format": POLICY_FORMAT,
            "version": POLICY_VERSION,
            "game": str(self.game),
            "observe": self.game.observe.value,
            "length": self.length,
            "entries": self.entries(),
        }
        yield json_line(head)
        yield from self.entry_lines()

    def _lines(self, max_lines: int) -> list[str]:
        """The text of a won strategy, below its first line."""
        raise NotImplementedError

    def to_text(self, max_lines: int = 60, *, header: bool = True) -> str:
        """A readable indented rendering of the strategy tree (or of the Devil's trap).

        header=False leaves out the first line (the game and the length), for a caller that has
        just printed its own verdict line.
        """
        head = f"{self.game}: "
        if not self.winnable:
            keep = ", ".join(self.game.state_text(x) for x in self.trap[:12])
            more = " ..." if len(self.trap) > 12 else ""
            lines = [head + "the Devil holds out forever."]
            if self.trap:
                lines.append(f"The Devil keeps the state in the classes of {keep}{more}.")
            return "\n".join(lines)
        assert self.length is not None, "a winnable game has a length"
        lines = [head + f"wins within {moves_word(self.length)}, whatever the Devil does."]
        lines += self._lines(max_lines)
        if len(lines) > max_lines:
            lines = [
                *lines[: max_lines - 1],
                f"... ({len(lines) - max_lines + 1} more lines; solve --json prints the whole "
                "tree)",
            ]
        return "\n".join(lines if header else lines[1:])

    def to_json(self) -> dict[str, Any]:
        """The result as plain JSON data, with the whole strategy (``strategy_json``)."""
        return {
            "game": str(self.game),
            "observe": self.game.observe.value,
            "winnable": self.winnable,
            "length": self.length,
            "explored": self.explored,
            "seconds": round(self.seconds, 6),
            **self.strategy_json(),
            "devil_keeps": [self.game.state_text(x) for x in self.trap],
        }

    def _repr_html_(self) -> str:
        fields = [("winnable", self.winnable), ("length", self.length)]
        fields += [("explored", self.explored)]
        return card(str(self.game), fields, self.to_text(max_lines=40, header=False))
