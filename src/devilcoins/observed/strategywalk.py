"""A touch, sight or count strategy walked from every start against every turn of the Devil
(``observed.replay`` verifies with these), memoised on node and state, so the verdict is exact:
the worst case when it wins, else a counterexample (a start and the Devil's turns that reach a
gap in the tree, a false "win", or, for sight, a loop that never reaches the goal).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from devilcoins.core.errors import DevilcoinsError
from devilcoins.core.game import Game
from devilcoins.core.perm import Perm
from devilcoins.core.tables import class_table
from devilcoins.observed.strategyfile import read_values
from devilcoins.results import Counterexample

__all__ = ["Replayed", "TouchReplay", "replay_count", "replay_sight"]

#: (wins, worst case, counterexample) of one replay.
Replayed = tuple[bool, int | None, Counterexample | None]


class _Fail(DevilcoinsError):
    """Where a replay breaks: why, and the Devil's turns that lead there."""

    def __init__(self, why: str, turns: list[Perm]) -> None:
        super().__init__(why)
        self.why = why
        self.turns = turns


def _failed(game: Game, start: int, err: _Fail) -> Replayed:
    """The replay's verdict when the strategy breaks from start (err: where and why)."""
    counter = Counterexample(game=game, start=start, turns=tuple(err.turns), why=err.why)
    return False, None, counter


class TouchReplay:
    """A touch strategy (its root node) replayed from every start against every turn, memoised
    on node and state; within, when given, is the number of moves the strategy promises."""

    def __init__(self, game: Game, root: dict[str, Any], within: int | None) -> None:
        self.game, self.root, self.within = game, root, within
        tab = class_table(game)
        self.goal = tab.index_of < tab.n_goal
        self.memo: dict[tuple[int, int], int] = {}
        self.plans: dict[int, tuple[list[int], dict[tuple[int, ...], tuple[Any, Any]]]] = {}
        self.turned: dict[int, list[tuple[int, ...]]] = {}

    def plan(self, node: Any) -> tuple[list[int], dict[tuple[int, ...], tuple[Any, Any]]]:
        """The node's reach and, for each pattern felt, the values set and what comes next."""
        if id(node) in self.plans:
            return self.plans[id(node)]
        game = self.game
        if not isinstance(node, dict) or "reach" not in node or "outcomes" not in node:
            raise _Fail("the tree ends here (no node to follow)", [])
        reach = [int(p) for p in node["reach"]]
        fits = len(set(reach)) == len(reach) and all(0 <= p < game.n for p in reach)
        if len(reach) != game.hands or not fits:
            raise _Fail(f"the node reaches for {reach}, not {game.hands} positions", [])
        table = {}
        for out in node["outcomes"]:
            felt = read_values(game, out["felt"], len(reach), "felt")
            table[felt] = (read_values(game, out["set"], len(reach), "set"), out.get("next"))
        self.plans[id(node)] = reach, table
        return reach, table

    def promise(self, worst: int, depth: int) -> int:
        """worst, once it is known to keep the promise from this depth."""
        if self.within is not None and depth + worst > self.within:
            raise _Fail(f"the goal is not reached within the {self.within} moves promised", [])
        return worst

    def walk(self, node: Any, x: int, depth: int) -> int:
        """Moves needed from state x at node (worst case); raises _Fail with the turns."""
        game, key = self.game, (id(node), x)
        if key in self.memo:
            return self.promise(self.memo[key], depth)
        if self.within is not None and depth >= self.within:
            raise _Fail(f"the goal is not reached within the {self.within} moves promised", [])
        reach, table = self.plan(node)
        if x not in self.turned:
            self.turned[x] = [perm.apply(game.decode(x)) for perm in game.turns]
        worst = 0
        for perm, turned in zip(game.turns, self.turned[x], strict=True):
            felt = tuple(turned[p] for p in reach)
            out = table.get(felt)
            if out is None:
                shown = game.state_text(game.encode(felt + (0,) * (game.n - len(felt))))
                raise _Fail(f"nothing is said for feeling {shown[: len(felt)]}", [perm])
            new = list(turned)
            for p, v in zip(reach, out[0], strict=True):
                new[p] = v
            z = game.encode(new)
            if self.goal[z]:
                worst = max(worst, 1)
            elif out[1] == "win":
                raise _Fail(f"the tree says 'win' but {game.state_text(z)} is not the goal", [perm])
            else:
                worst = max(worst, 1 + self.step(out[1], z, depth, perm))
        self.memo[key] = worst
        return self.promise(worst, depth)

    def step(self, node: Any, z: int, depth: int, perm: Perm) -> int:
        """The walk on from state z at the next node, the turn that led there kept on failure."""
        try:
            return self.walk(node, z, depth + 1)
        except _Fail as err:
            raise _Fail(err.why, [perm, *err.turns]) from None

    def run(self) -> Replayed:
        """Every start outside the goal walked from the root: the worst case, or the first
        start that breaks the strategy."""
        worst = 0
        for x in range(len(self.goal)):
            if self.goal[x]:
                continue
            try:
                worst = max(worst, self.walk(self.root, x, 0))
            except _Fail as err:
                return _failed(self.game, x, err)
        return True, worst, None


def replay_sight(game: Game, policy: list[Any]) -> Replayed:
    """Follow every class outside the goal through the sight rule (policy: its entries, state
    and move) against every turn: the longest way to the goal, or the turns into a loop."""
    tab = class_table(game)
    elements = game.turns
    move_of: dict[int, int] = {}
    for entry in policy:
        if not isinstance(entry, dict):
            continue  # '...' from a truncated listing
        x = game.parse_state(str(entry["state"]))
        move_of[int(tab.index_of[x])] = game.parse_move(str(entry["move"]))
    k = tab.size
    succ: dict[int, list[tuple[int, Perm, int]]] = {}
    for c in range(tab.n_goal, k):
        if c not in move_of:
            rep = int(tab.reps[c])
            return _failed(game, rep, _Fail(f"no move is given for {game.state_text(rep)}", []))
        rep = int(tab.reps[c])
        a = move_of[c]
        outs = []
        for perm in elements:
            y = game.turn(rep, perm)
            z = int(tab.add(np.array([y]), a)[0])
            outs.append((int(tab.index_of[z]), perm, z))
        succ[c] = outs
    # longest path to the goal, or a loop: depth-first search with colours
    colour = dict.fromkeys(succ, 0)
    longest: dict[int, int] = {}

    def visit(root: int) -> None:
        """Settle longest[] below root; raise _Fail with the turns down to a loop."""
        colour[root] = 1
        stack: list[list[Any]] = [[root, 0, 0, None]]  # class, next edge, best so far, turn in
        while stack:
            frame = stack[-1]
            c, i = frame[0], frame[1]
            if i == len(succ[c]):
                colour[c], longest[c] = 2, frame[2]
                stack.pop()
                if stack:
                    stack[-1][2] = max(stack[-1][2], 1 + frame[2])
                continue
            frame[1] += 1
            nxt, perm, _z = succ[c][i]
            if nxt < tab.n_goal:
                frame[2] = max(frame[2], 1)
            elif colour[nxt] == 1:
                turns = [f[3] for f in stack[1:]] + [perm]
                raise _Fail("the Devil can turn the game back to a state seen before", turns)
            elif colour[nxt] == 2:
                frame[2] = max(frame[2], 1 + longest[nxt])
            else:
                colour[nxt] = 1
                stack.append([nxt, 0, 0, perm])

    for c in succ:
        if colour[c] == 0:
            try:
                visit(c)
            except _Fail as err:
                return _failed(game, int(tab.reps[c]), err)
    return True, max(longest.values(), default=0), None


def replay_count(game: Game, root: dict[str, Any]) -> Replayed:
    """Follow every start state through the count tree against every turn: the count heard
    (nonzero positions) is unchanged by the turns, so states are followed directly; a state
    in the goal rings the bell and ends the play."""
    m, elements = game.values, game.group.elements()
    memo: dict[tuple[int, int], int] = {}

    def walk(node: Any, x: int) -> int:
        key = (id(node), x)
        if key in memo:
            return memo[key]
        if not isinstance(node, dict) or "move" not in node or "next" not in node:
            raise _Fail("the tree ends here (no node to follow)", [])
        a = game.decode(game.check_move(game.parse_move(str(node["move"]))))
        worst = 0
        for perm in elements:
            z = tuple((v + d) % m for v, d in zip(perm.apply(game.decode(x)), a, strict=True))
            count = sum(v != 0 for v in z)
            if game.in_goal(game.encode(z)):
                worst = max(worst, 1)
                continue
            nxt = node["next"].get(str(count))
            if nxt is None or nxt == "win":
                what = "nothing is said" if nxt is None else "the tree says 'win'"
                raise _Fail(f"{what} for count {count} ({game.state_text(game.encode(z))})", [perm])
            try:
                worst = max(worst, 1 + walk(nxt, game.encode(z)))
            except _Fail as err:
                raise _Fail(err.why, [perm, *err.turns]) from None
        memo[key] = worst
        return worst

    worst = 0
    for x in range(game.values**game.n):
        if game.in_goal(x):
            continue
        try:
            worst = max(worst, walk(root, x))
        except _Fail as err:
            return _failed(game, x, err)
    return True, worst, None
