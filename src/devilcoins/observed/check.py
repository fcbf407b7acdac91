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

import itertools
import json
from collections.abc import Callable, Iterable
from typing import Any

import numpy as np

from devilcoins.core.errors import DevilcoinsError, NotationError, NotSupported
from devilcoins.core.game import Game
from devilcoins.core.perm import Perm
from devilcoins.core.tables import tables
from devilcoins.results import Counterexample, Verification

__all__ = ["check_trap", "verify_policy_lines", "verify_tree"]

#: (wins, worst case, counterexample) of one replay.
Replayed = tuple[bool, int | None, Counterexample | None]


class _Fail(Exception):
    def __init__(self, why: str, turns: list[Perm]) -> None:
        super().__init__(why)
        self.why = why
        self.turns = turns


def _failed(game: Game, start: int, err: _Fail) -> Replayed:
    """The replay's verdict when the strategy breaks from start (err: where and why)."""
    counter = Counterexample(game=game, start=start, turns=tuple(err.turns), why=err.why)
    return False, None, counter


def _verification(game: Game, replayed: Replayed) -> Verification:
    wins, worst, counter = replayed
    return Verification(game=game, moves=None, wins=wins, won_at=worst, counterexample=counter)


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


def _check_touch(game: Game, root: dict[str, Any], within: int | None = None) -> Replayed:
    tab = tables(game)
    elements = game.turns
    goal = tab.index_of < tab.n_goal
    memo: dict[tuple[int, int], int] = {}
    plans: dict[int, tuple[list[int], dict[tuple[int, ...], tuple[tuple[int, ...], Any]]]] = {}
    turned_of: dict[int, list[tuple[int, ...]]] = {}

    def plan(node: Any) -> tuple[list[int], dict[tuple[int, ...], tuple[tuple[int, ...], Any]]]:
        """The node's reach and, for each pattern felt, the values set and what comes next."""
        if id(node) in plans:
            return plans[id(node)]
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
            felt = _values(game, out["felt"], len(reach), "felt")
            table[felt] = (_values(game, out["set"], len(reach), "set"), out.get("next"))
        plans[id(node)] = reach, table
        return reach, table

    def walk(node: Any, x: int, depth: int) -> int:
        """Moves needed from state x at node (worst case); raises _Fail with the turns."""
        key = (id(node), x)
        if key in memo:
            return _promise(memo[key], depth)
        if within is not None and depth >= within:
            raise _Fail(f"the goal is not reached within the {within} moves promised", [])
        reach, table = plan(node)
        worst = 0
        if x not in turned_of:
            values = game.decode(x)
            turned_of[x] = [perm.apply(values) for perm in elements]
        for perm, turned in zip(elements, turned_of[x], strict=True):
            felt = tuple(turned[p] for p in reach)
            out = table.get(felt)
            if out is None:
                shown = game.state_text(game.encode(felt + (0,) * (game.n - len(felt))))
                raise _Fail(f"nothing is said for feeling {shown[: len(felt)]}", [perm])
            new = list(turned)
            for p, v in zip(reach, out[0], strict=True):
                new[p] = v
            z = game.encode(new)
            if goal[z]:
                worst = max(worst, 1)
                continue
            nxt = out[1]
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
            return _failed(game, x, err)
    return True, worst, None


def _check_sight(game: Game, policy: list[Any]) -> Replayed:
    tab = tables(game)
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


def _check_count(game: Game, root: dict[str, Any]) -> Replayed:
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


def _all_goal(game: Game) -> bool:
    """Whether every state is in the goal (then the empty strategy wins at once)."""
    t = tables(game)
    return bool(t.n_goal == t.size)


def verify_tree(game: Game, data: dict[str, Any]) -> Verification:
    """Verify a touch tree or a sight policy (as ``solve --json`` prints them) for a game.

    ``data`` may be the whole ``solve --json`` output, its ``tree``, or (touch) an object with
    the shared ``nodes`` and the ``length`` they promise.

    >>> from devilcoins.observed.andor import solve_tree
    >>> g = Game.parse('n=4 hands=2 goal=same observe=touch')
    >>> v = verify_tree(g, solve_tree(g).tree(max_nodes=10**6))
    >>> v.wins, v.won_at
    (True, 5)
    """
    if not isinstance(data, dict):
        raise NotationError("a strategy for touch or sight is a JSON object")
    if game.observe == "count" and isinstance(data.get("nodes"), list):
        return _verification(game, _check_count(game, _count_nodes(data["nodes"])))
    if game.observe == "touch" and isinstance(data.get("nodes"), list):
        rows = list(enumerate(data["nodes"]))
        if not all(isinstance(node, dict) for _, node in rows):
            raise NotationError("'nodes' is a list of node objects")
        length = data.get("length")
        within = length if isinstance(length, int) and not isinstance(length, bool) else None
        return _verification(game, _check_touch(game, _touch_nodes(game, rows, "node"), within))
    length = data.get("length")
    within = length if isinstance(length, int) and not isinstance(length, bool) else None
    tree = data.get("tree", data)
    if isinstance(tree, dict) and "win" in tree and _all_goal(game):
        return _verification(game, (True, 0, None))
    if game.observe == "touch":
        if "reach" not in tree:
            raise NotationError(
                "a touch tree starts with a node: {'reach': [...], 'outcomes': [...]}"
            )
        replayed = _check_touch(game, tree, within)
    elif game.observe == "sight":
        if "policy" not in tree:
            raise NotationError(
                "a sight strategy is {'policy': [{'state': ..., 'move': ...}, ...]}"
            )
        replayed = _check_sight(game, tree["policy"])
    elif game.observe == "count":
        if "move" not in tree:
            raise NotationError(
                "a count tree starts with a node: {'move': ..., 'next': {count: node or 'win'}}"
            )
        replayed = _check_count(game, tree)
    else:
        raise NotSupported("blind strategies are sequences: verify them without --observe")
    return _verification(game, replayed)


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


def _count_nodes(rows: list[Any]) -> dict[str, Any]:
    """Link the shared nodes of a count strategy into one graph (node 0 is the root)."""
    nodes: list[dict[str, Any]] = []
    for number, data in enumerate(rows):
        if not isinstance(data, dict) or data.get("node") != number:
            raise NotationError(f"node {number}: 'node' must number the nodes 0, 1, 2, ...")
        if not isinstance(data.get("next"), dict) or "move" not in data:
            raise NotationError(f"node {number}: a count node is {{'move', 'next': {{...}}}}")
        nodes.append({"move": data["move"], "next": dict(data["next"])})
    for number, node in enumerate(nodes):
        for count, nxt in node["next"].items():
            if nxt == "win":
                continue
            if not isinstance(nxt, int) or isinstance(nxt, bool) or not number < nxt < len(nodes):
                raise NotationError(
                    f"node {number}: next {nxt!r} for count {count} is neither 'win' nor a "
                    "later node number"
                )
            node["next"][count] = nodes[nxt]
    if not nodes:
        raise NotationError("a count strategy has a node")
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


def verify_policy_lines(game: Game, lines: Iterable[str]) -> Verification:
    """Verify a touch or sight strategy given as a policy file (``solve --save FILE.jsonl``).

    Exact, as ``verify_tree``: every start against every turn; a touch strategy must also reach
    the goal within the header's length.  A malformed file raises NotationError naming the line.

    >>> from devilcoins.observed.andor import solve_tree
    >>> from devilcoins.observed.policyfile import policy_lines
    >>> g = Game.parse('n=4 hands=2 goal=same observe=touch')
    >>> v = verify_policy_lines(g, policy_lines(solve_tree(g)))
    >>> v.wins, v.won_at
    (True, 5)
    """
    rows = [(i, line) for i, line in enumerate(lines, 1) if line.strip()]
    if not rows or rows[0][0] != 1:
        raise NotationError("line 1: a policy file starts with its header line")
    head = _header(game, rows[0][1])
    body = [(i, _json_line(line, i)) for i, line in rows[1:]]
    if not body and _all_goal(game):  # won before any move: the file has no entries
        return _verification(game, (True, 0, None))
    if game.observe == "touch":
        replayed = _check_touch(game, _touch_nodes(game, body), head["length"])
    elif game.observe == "sight":
        replayed = _check_sight(game, _sight_rows(body, game))
    elif game.observe == "count":
        replayed = _check_count(game, _count_nodes([data for _, data in body]))
        if replayed[1] is not None and replayed[1] > head["length"]:
            why = f"the goal is not reached within the {head['length']} moves promised"
            replayed = (False, None, Counterexample(game=game, start=None, turns=(), why=why))
    else:
        raise NotSupported("blind strategies are sequences: verify them without --observe")
    return _verification(game, replayed)


# --- the Devil's trap ---------------------------------------------------------------------------


def _goal_test(game: Game) -> Callable[[tuple[int, ...]], bool]:
    if game.goal == "zero":
        return lambda x: not any(x)
    if game.goal == "same":
        return lambda x: len(set(x)) == 1
    goal = set(game.goal_states)
    return lambda x: x in goal


def _changed(
    y: tuple[int, ...], pos: tuple[int, ...], delta: tuple[int, ...], m: int
) -> tuple[int, ...]:
    z = list(y)
    for p, d in zip(pos, delta, strict=True):
        z[p] = (z[p] + d) % m
    return tuple(z)


def check_trap(game: Game, states: Iterable[int]) -> bool:
    """Check exhaustively that the Devil holds out forever from the classes of states.

    The trap is the states (and all their turns) the Devil keeps the game in: none is in the
    goal, and for every state of it and every move of the player (sight: any allowed move;
    touch: any reach, and after the pattern the Devil shows any change) some turn keeps a
    state of the trap possible.  Plain tuples and the group's elements: nothing of the solver.
    """
    n, m = game.n, game.values
    is_goal = _goal_test(game)
    elements = game.turns
    keep = {e.apply(game.decode(x)) for x in states for e in elements}
    if not keep or any(is_goal(x) for x in keep):
        return False
    if game.observe == "sight":
        moves = [a for a in itertools.product(range(m), repeat=n) if game.allowed(game.encode(a))]
        return all(
            any(
                tuple((u + w) % m for u, w in zip(e.apply(x), a, strict=True)) in keep
                for e in elements
            )
            for x in keep
            for a in moves
        )
    if game.observe != "touch" or game.hands is None:
        raise NotSupported(f"a trap is checked for touch and sight games, not {game}")
    k = game.hands
    deltas = list(itertools.product(range(m), repeat=k))
    for x in keep:
        turns = {e.apply(x) for e in elements}
        for pos in itertools.combinations(range(n), k):
            by_felt: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
            for y in turns:
                by_felt.setdefault(tuple(y[p] for p in pos), []).append(y)
            if not any(
                all(any(_changed(y, pos, delta, m) in keep for y in ys) for delta in deltas)
                for ys in by_felt.values()
            ):
                return False
    return True
