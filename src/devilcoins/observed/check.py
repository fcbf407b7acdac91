"""Exact verification of touch and sight strategies given as JSON, with counterexamples.

A touch strategy is the tree ``solve --json`` prints: each node names the positions to reach
for (``reach``) and, for each pattern felt there (``felt``), the values to leave them at
(``set``) and what comes next (a node, or ``"win"``).  A sight strategy is a policy: for each
state seen (``state``), the move to name (``move``); since the Devil turns the table before the
move lands, one entry per class of states (any member) covers the class.

Verification walks every start and every turn of the Devil against the strategy (memoised on
node and state), so it is exact.  When the strategy fails, the counterexample is a start and
the Devil's turns (group elements; the notebook's r for the cyclic group) that reach a gap in the
tree, a false "win", or (sight) a loop that never reaches the goal.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from devilcoins.core.errors import DevilcoinsError, NotationError
from devilcoins.core.game import Game
from devilcoins.core.symmetry import apply
from devilcoins.core.tables import tables

__all__ = ["TreeVerification", "verify_policy_lines", "verify_tree"]


@dataclass(frozen=True, kw_only=True)
class TreeVerification:
    """The verdict on a touch or sight strategy: wins (within how many moves), or a
    counterexample."""

    game: Game
    wins: bool
    worst: int | None
    counterexample: dict[str, Any] | None

    def to_json(self) -> dict[str, Any]:
        """The verdict as plain JSON data."""
        data: dict[str, Any] = {
            "game": str(self.game),
            "wins": self.wins,
            "worst_case_moves": self.worst,
        }
        if self.counterexample is not None:
            data["counterexample"] = self.counterexample
        return data


def _turn_json(game: Game, perm: tuple[int, ...]) -> int | list[int]:
    if game.group.name == "cyclic":
        return (-perm[0]) % game.n if game.n > 1 else 0
    return list(perm)


class _Fail(Exception):
    def __init__(self, why: str, turns: list[tuple[int, ...]]) -> None:
        super().__init__(why)
        self.why = why
        self.turns = turns


def _values(game: Game, text: str, k: int, what: str) -> tuple[int, ...]:
    body = str(text).strip().upper()
    if game.values == 2 and set(body) <= {"H", "T"}:
        vals = tuple("HT".index(c) for c in body)
    elif body.isdigit():
        vals = tuple(int(c) for c in body)
    else:
        raise NotationError(f"{what} {text!r}: write {k} values (H/T or digits)")
    if len(vals) != k or any(v >= game.values for v in vals):
        raise NotationError(f"{what} {text!r}: write {k} values below {game.values}")
    return vals


def _check_touch(
    game: Game, root: dict[str, Any], within: int | None = None
) -> tuple[bool, int | None, dict[str, Any] | None]:
    tab = tables(game)
    elements = game.group.elements()
    goal = tab.index_of < tab.n_goal
    memo: dict[tuple[int, int], int] = {}

    def walk(node: Any, x: int, depth: int) -> int:
        """Moves needed from state x at node (worst case); raises _Fail with the turns."""
        key = (id(node), x)
        if key in memo:
            return _promise(memo[key], depth)
        if within is not None and depth >= within:
            raise _Fail(f"the goal is not reached within the {within} moves promised", [])
        if not isinstance(node, dict) or "reach" not in node or "outcomes" not in node:
            raise _Fail("the tree ends here (no node to follow)", [])
        reach = [int(p) for p in node["reach"]]
        if (
            len(reach) != game.hands
            or len(set(reach)) != len(reach)
            or not all(0 <= p < game.n for p in reach)
        ):
            raise _Fail(f"the node reaches for {reach}, not {game.hands} positions", [])
        table = {}
        for out in node["outcomes"]:
            table[_values(game, out["felt"], len(reach), "felt")] = out
        worst = 0
        values = game.decode(x)
        for perm in elements:
            turned = apply(perm, values)
            felt = tuple(turned[p] for p in reach)
            out = table.get(felt)
            if out is None:
                shown = game.state_text(game.encode(felt + (0,) * (game.n - len(felt))))
                raise _Fail(f"nothing is said for feeling {shown[: len(felt)]}", [perm])
            new = list(turned)
            for p, v in zip(reach, _values(game, out["set"], len(reach), "set"), strict=True):
                new[p] = v
            z = game.encode(new)
            if goal[z]:
                worst = max(worst, 1)
                continue
            nxt = out.get("next")
            if nxt == "win":
                raise _Fail(f"the tree says 'win' but {game.state_text(z)} is not the goal", [perm])
            try:
                worst = max(worst, 1 + walk(nxt, z, depth + 1))
            except _Fail as err:
                raise _Fail(err.why, [perm, *err.turns]) from None
        memo[key] = worst
        return _promise(worst, depth)

    def _promise(worst: int, depth: int) -> int:
        if within is not None and depth + worst > within:
            raise _Fail(f"the goal is not reached within the {within} moves promised", [])
        return worst

    worst = 0
    for x in range(tab.states):
        if goal[x]:
            continue
        try:
            worst = max(worst, walk(root, x, 0))
        except _Fail as err:
            turns = [_turn_json(game, p) for p in err.turns]
            return False, None, {"start": game.state_text(x), "turns": turns, "why": err.why}
    return True, worst, None


def _check_sight(game: Game, policy: list[Any]) -> tuple[bool, int | None, dict[str, Any] | None]:
    tab = tables(game)
    elements = game.group.elements()
    move_of: dict[int, int] = {}
    for entry in policy:
        if not isinstance(entry, dict):
            continue  # '...' from a truncated listing
        x = game.parse_state(str(entry["state"]))
        move_of[int(tab.index_of[x])] = game.parse_move(str(entry["move"]))
    k = tab.size
    succ: dict[int, list[tuple[int, tuple[int, ...], int]]] = {}
    for c in range(tab.n_goal, k):
        if c not in move_of:
            rep = int(tab.reps[c])
            return (
                False,
                None,
                {
                    "start": game.state_text(rep),
                    "turns": [],
                    "why": f"no move is given for {game.state_text(rep)}",
                },
            )
        rep = int(tab.reps[c])
        a = move_of[c]
        outs = []
        for perm in elements:
            y = game.encode(apply(perm, game.decode(rep)))
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
                turns = [_turn_json(game, p) for p in err.turns]
                start = game.state_text(int(tab.reps[c]))
                return False, None, {"start": start, "turns": turns, "why": err.why}
    return True, max(longest.values(), default=0), None


def _check_count(
    game: Game, root: dict[str, Any]
) -> tuple[bool, int | None, dict[str, Any] | None]:
    """Follow every start state through the count tree against every turn: the count heard
    (nonzero positions) is unchanged by the turns, so states are followed directly."""
    if game.goal != "zero":
        raise DevilcoinsError("the count game's goal is zero")
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
            z = tuple((v + d) % m for v, d in zip(apply(perm, game.decode(x)), a, strict=True))
            count = sum(v != 0 for v in z)
            if count == 0:
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
    for x in range(1, game.values**game.n):
        try:
            worst = max(worst, walk(root, x))
        except _Fail as err:
            turns = [_turn_json(game, p) for p in err.turns]
            return False, None, {"start": game.state_text(x), "turns": turns, "why": err.why}
    return True, worst, None


def _all_goal(game: Game) -> bool:
    """Whether every state is in the goal (then the empty strategy wins at once)."""
    t = tables(game)
    return bool(t.n_goal == t.size)


def verify_tree(game: Game, data: dict[str, Any]) -> TreeVerification:
    """Verify a touch tree or a sight policy (as ``solve --json`` prints them) for a game.

    ``data`` may be the whole ``solve --json`` output, its ``tree``, or (touch) an object with
    the shared ``nodes`` and the ``length`` they promise.

    >>> from devilcoins.observed.andor import solve_tree
    >>> g = Game.parse('n=4 hands=2 goal=same observe=touch')
    >>> v = verify_tree(g, solve_tree(g).tree(max_nodes=10**6))
    >>> v.wins, v.worst
    (True, 5)
    """
    if not isinstance(data, dict):
        raise NotationError("a strategy for touch or sight is a JSON object")
    if game.observe == "touch" and isinstance(data.get("nodes"), list):
        rows = list(enumerate(data["nodes"]))
        if not all(isinstance(node, dict) for _, node in rows):
            raise NotationError("'nodes' is a list of node objects")
        length = data.get("length")
        within = length if isinstance(length, int) and not isinstance(length, bool) else None
        wins, worst, counter = _check_touch(game, _touch_nodes(game, rows, "node"), within)
        return TreeVerification(game=game, wins=wins, worst=worst, counterexample=counter)
    tree = data.get("tree", data)
    if isinstance(tree, dict) and "win" in tree and _all_goal(game):
        return TreeVerification(game=game, wins=True, worst=0, counterexample=None)
    if game.observe == "touch":
        if "reach" not in tree:
            raise NotationError(
                "a touch tree starts with a node: {'reach': [...], 'outcomes': [...]}"
            )
        wins, worst, counter = _check_touch(game, tree)
    elif game.observe == "sight":
        if "policy" not in tree:
            raise NotationError(
                "a sight strategy is {'policy': [{'state': ..., 'move': ...}, ...]}"
            )
        wins, worst, counter = _check_sight(game, tree["policy"])
    elif game.observe == "count":
        if "move" not in tree:
            raise NotationError(
                "a count tree starts with a node: {'move': ..., 'next': {count: node or 'win'}}"
            )
        wins, worst, counter = _check_count(game, tree)
    else:
        raise DevilcoinsError("blind strategies are sequences: verify them without --observe")
    return TreeVerification(game=game, wins=wins, worst=worst, counterexample=counter)


def _header(game: Game, line: str) -> dict[str, Any]:
    """The first line of a policy file, checked against the game."""
    head = _json_line(line, 1)
    if head.get("format") != "devilcoins-policy" or head.get("version") != 1:
        raise NotationError('line 1: not a header {"format": "devilcoins-policy", "version": 1}')
    try:
        named = str(Game.parse(str(head.get("game"))))
    except DevilcoinsError as err:
        raise NotationError(f"line 1: the game {head.get('game')!r}: {err}") from None
    if named != str(game):
        raise NotationError(f"line 1: the file is for {named}, not {game}")
    length = head.get("length")
    if not isinstance(length, int) or isinstance(length, bool) or not 0 <= length <= 500:
        raise NotationError("line 1: 'length' is the promised number of moves (0..500)")
    return head


def _json_line(line: str, number: int) -> dict[str, Any]:
    try:
        data = json.loads(line)
    except json.JSONDecodeError as err:
        raise NotationError(f"line {number}: not JSON ({err.msg})") from None
    if not isinstance(data, dict):
        raise NotationError(f"line {number}: not a JSON object")
    return data


def _touch_nodes(
    game: Game, rows: list[tuple[int, dict[str, Any]]], where: str = "line"
) -> dict[str, Any]:
    """Link the node lines of a touch policy file into one graph (node 0 is the root).

    where names a row in errors: "line" (of a file) or "node" (of a JSON list).
    """
    nodes: dict[int, dict[str, Any]] = {}
    links: list[tuple[int, int, dict[str, Any], Any]] = []
    for number, data in rows:
        node, reach, outs = data.get("node"), data.get("reach"), data.get("outcomes")
        if not isinstance(node, int) or node in nodes or node != len(nodes):
            raise NotationError(f"{where} {number}: 'node' must number the nodes 0, 1, 2, ...")
        if not isinstance(reach, list) or not all(isinstance(p, int) for p in reach):
            raise NotationError(f"{where} {number}: 'reach' is a list of positions")
        if not isinstance(outs, list):
            raise NotationError(f"{where} {number}: 'outcomes' is a list of [felt, set, next]")
        outcomes = []
        for out in outs:
            if not (isinstance(out, list) and len(out) == 3):
                raise NotationError(f"{where} {number}: each outcome is [felt, set, next]")
            try:
                _values(game, out[0], len(reach), "felt")
                _values(game, out[1], len(reach), "set")
            except NotationError as err:
                raise NotationError(f"{where} {number}: {err}") from None
            entry = {"felt": out[0], "set": out[1], "next": out[2]}
            outcomes.append(entry)
            links.append((number, node, entry, out[2]))
        nodes[node] = {"reach": reach, "outcomes": outcomes}
    for number, node, entry, nxt in links:
        if nxt == "win":
            continue
        if not isinstance(nxt, int) or isinstance(nxt, bool) or not node < nxt < len(nodes):
            raise NotationError(
                f"{where} {number}: next {nxt!r} is neither 'win' nor a later node number"
            )
        entry["next"] = nodes[nxt]
    if not nodes:
        raise NotationError(f"{where} {2 if where == 'line' else 0}: a touch policy has a node")
    return nodes[0]


def _sight_rows(rows: list[tuple[int, dict[str, Any]]], game: Game) -> list[dict[str, Any]]:
    """The state lines of a sight policy file, each state and move checked."""
    for number, data in rows:
        try:
            game.parse_state(str(data["state"]))
            game.parse_move(str(data["move"]))
        except KeyError as err:
            raise NotationError(f"line {number}: no {err} (a line is state, move, left)") from None
        except DevilcoinsError as err:
            raise NotationError(f"line {number}: {err}") from None
    return [data for _number, data in rows]


def verify_policy_lines(game: Game, lines: Iterable[str]) -> TreeVerification:
    """Verify a touch or sight strategy given as a policy file (``solve --save FILE.jsonl``).

    Exact, as ``verify_tree``: every start against every turn; a touch strategy must also reach
    the goal within the header's length.  A malformed file raises NotationError naming the line.

    >>> from devilcoins.observed.andor import solve_tree
    >>> from devilcoins.observed.policyfile import policy_lines
    >>> g = Game.parse('n=4 hands=2 goal=same observe=touch')
    >>> v = verify_policy_lines(g, policy_lines(solve_tree(g)))
    >>> v.wins, v.worst
    (True, 5)
    """
    rows = [(i, line) for i, line in enumerate(lines, 1) if line.strip()]
    if not rows or rows[0][0] != 1:
        raise NotationError("line 1: a policy file starts with its header line")
    head = _header(game, rows[0][1])
    body = [(i, _json_line(line, i)) for i, line in rows[1:]]
    if game.observe == "touch":
        wins, worst, counter = _check_touch(game, _touch_nodes(game, body), head["length"])
    elif game.observe == "sight":
        wins, worst, counter = _check_sight(game, _sight_rows(body, game))
    else:
        raise DevilcoinsError("blind strategies are sequences: verify them without --observe")
    return TreeVerification(game=game, wins=wins, worst=worst, counterexample=counter)
