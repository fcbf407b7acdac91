"""Touch, sight and count strategies of any size as JSON lines (``solve --save FILE.jsonl``).

The first line is a header, ``{"format": "devilcoins-policy", "version": 1, "game": ...,
"observe": "touch" | "sight", "length": L, "entries": E}``; then one line per decision point:

- touch: one line per node of the strategy (node 0 is the start), ``{"node": i, "left": d,
  "reach": [positions], "outcomes": [[felt, set, next], ...]}``: for each pattern felt at the
  positions reached, the values to leave there and the next node (a later node number, or
  ``"win"``).  Nodes are shared, so the file grows with the distinct beliefs of the strategy,
  not with its (exponentially larger) tree; every ``next`` names a later node, so the strategy
  cannot loop.
- count: one line per node, ``{"node": i, "left": d, "move": a, "next": {count: next}}`` (next a
  later node's number, or ``"win"`` for count 0);
- sight: one line per class of states, ``{"state": s, "move": a, "left": d}`` (any member of the
  class stands for it: the Devil turns the table before the move lands).

``observed.check.verify_policy_lines`` reads the file back and verifies it exactly.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from devilcoins.core.errors import NotSupported
from devilcoins.observed.andor import TreeSolution

__all__ = ["FORMAT", "VERSION", "policy_lines"]

FORMAT = "devilcoins-policy"
VERSION = 1


def _line(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":")) + "\n"


def _node_lines(sol: TreeSolution) -> Iterator[str]:
    for node in sol.nodes():
        yield _line(node)


def _sight_lines(sol: TreeSolution) -> Iterator[str]:
    game = sol.game
    rows = sorted(sol.policy.items(), key=lambda kv: (-kv[1][1], kv[0]))
    for x, (a, left) in rows:
        yield _line({"state": game.state_text(x), "move": game.move_text(a), "left": left})


def policy_lines(sol: TreeSolution) -> Iterator[str]:
    """The strategy of a won touch, sight or count game as JSON lines: the header, then one line
    per node (touch, count) or class of states (sight).

    >>> from devilcoins.core.game import Game
    >>> from devilcoins.observed.andor import solve_tree
    >>> lines = list(policy_lines(solve_tree(Game.parse('n=2 hands=1 goal=same observe=touch'))))
    >>> json.loads(lines[0])["format"], len(lines)
    ('devilcoins-policy', 2)
    >>> print(lines[1], end='')
    {"node":0,"left":1,"reach":[0],"outcomes":[["H","T","win"],["T","H","win"]]}
    """
    game = sol.game
    if not sol.winnable or sol.length is None:
        raise NotSupported(f"{game}: the Devil holds out; there is no strategy to save")
    head = {
        "format": FORMAT,
        "version": VERSION,
        "game": str(game),
        "observe": game.observe,
        "length": sol.length,
        "entries": len(sol.nodes()) if game.observe == "count" else len(sol.policy),
    }
    yield _line(head)
    yield from _sight_lines(sol) if game.observe == "sight" else _node_lines(sol)
