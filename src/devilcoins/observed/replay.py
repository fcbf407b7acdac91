"""Exact verification of touch, sight and count strategies, with counterexamples.

A touch strategy is the tree ``solve --json`` prints: each node names the positions to reach
for (``reach``) and, for each pattern felt there (``felt``), the values to leave them at
(``set``) and what comes next (a node, or ``"win"``).  A sight strategy is a policy: for each
state seen (``state``), the move to name (``move``); since the Devil turns the table before the
move lands, one entry per class of states (any member) covers the class.  A count strategy
names a move and, for each count heard after it, what comes next.  Each may come as the JSON
``solve --json`` prints (nested, or as shared ``nodes``) or as the lines of a policy file
(``solve --save FILE.jsonl``; ``results.trees``).

Verification walks every start and every turn of the Devil against the strategy (memoised on
node and state), so it is exact.  When the strategy fails, the counterexample is a start and
the Devil's turns (group elements; the notebook's r for the cyclic group) that reach a gap in the
tree, a false "win", or (sight) a loop that never reaches the goal.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from devilcoins.core.errors import DevilcoinsError, NotationError, quoted
from devilcoins.core.game import Game
from devilcoins.core.jsontext import read_json
from devilcoins.core.perm import Perm
from devilcoins.core.tables import class_table
from devilcoins.results import Counterexample, Verification
from devilcoins.results.words import moves_word

__all__ = ["StrategyData", "verify_count", "verify_sight", "verify_touch"]

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


def _verification(game: Game, replayed: Replayed) -> Verification:
    wins, worst, counter = replayed
    return Verification(game=game, moves=None, wins=wins, won_at=worst, counterexample=counter)


def _values(game: Game, text: str, k: int, what: str) -> tuple[int, ...]:
    body = str(text).strip().upper()
    if game.values == 2 and set(body) <= {"H", "T"}:
        vals = tuple("HT".index(c) for c in body)
    elif body.isascii() and body.isdigit():  # one digit a position (int() reads '４' too)
        vals = tuple(int(c) for c in body)
    else:
        raise NotationError(f"{what} {quoted(text)}: write {k} values (H/T or digits)")
    if len(vals) != k or any(v >= game.values for v in vals):
        raise NotationError(f"{what} {quoted(text)}: write {k} values below {game.values}")
    return vals


class _TouchReplay:
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
            felt = _values(game, out["felt"], len(reach), "felt")
            table[felt] = (_values(game, out["set"], len(reach), "set"), out.get("next"))
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


def _replay_sight(game: Game, policy: list[Any]) -> Replayed:
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


def _replay_count(game: Game, root: dict[str, Any]) -> Replayed:
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
    data = read_json(line, f"line {number}")
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


#: A policy file read: its header, and its entry lines (numbered).
Policy = tuple[dict[str, Any], list[tuple[int, dict[str, Any]]]]


def _read_policy(game: Game, lines: list[str]) -> Policy:
    """A policy file's header and its entry lines (numbered), the header checked."""
    rows = [(i, line) for i, line in enumerate(lines, 1) if line.strip()]
    if not rows or rows[0][0] != 1:
        raise NotationError("line 1: a policy file starts with its header line")
    head = _header(game, rows[0][1])
    return head, [(i, _json_line(line, i)) for i, line in rows[1:]]


def _whole(value: Any) -> bool:
    """Whether a JSON value is a whole number (true and false are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _agreed_length(policy: Policy) -> int:
    """The length a policy file's header promises, once the header agrees with the lines after
    it (read whole): 'entries' counts them, and 'length' is the most moves left ('left') any
    of them holds (none: 0 moves)."""
    head, body = policy
    entries, length = head.get("entries"), head["length"]
    if not _whole(entries):
        raise NotationError(
            f"line 1: 'entries' is the number of lines after the header ({len(body)} here)"
        )
    if entries != len(body):
        raise NotationError(
            f"line 1: 'entries' says {entries}, but {len(body)} lines follow the header"
        )
    lefts = [data["left"] for _, data in body if _whole(data.get("left"))]
    held = max(lefts) if lefts else None if body else 0
    if held is not None and held != length:
        holds = f"the most any line leaves ('left') is {held}" if body else "no line follows it"
        raise NotationError(f"line 1: 'length' says {moves_word(length)}, but {holds}")
    return int(length)


def _object(strategy: Any) -> dict[str, Any]:
    if not isinstance(strategy, dict):
        raise NotationError("a touch, sight or count strategy is a JSON object (see solve --json)")
    return strategy


def _promised(data: dict[str, Any]) -> int | None:
    """The length a strategy's JSON promises (None when it names none)."""
    length = data.get("length")
    return length if isinstance(length, int) and not isinstance(length, bool) else None


def _won_at_start(game: Game) -> bool:
    """Whether every state is in the goal (the empty strategy wins)."""
    tab = class_table(game)
    return bool(tab.n_goal == tab.size)


def _policy(game: Game, lines: list[str]) -> Policy | None:
    """A policy file's header and entries (``_read_policy``); None when it is empty and the
    game is won before any move.  Once its entries are read whole, ``_agreed_length`` checks
    the header against them."""
    policy = _read_policy(game, lines)
    if policy[1] or not _won_at_start(game):
        return policy
    _agreed_length(policy)
    return None


def _root(game: Game, data: dict[str, Any], key: str, shape: str) -> dict[str, Any] | None:
    """The root node of a strategy's JSON tree (None for 'win' when the game is won before any
    move), refused with the tree's shape when it has no ``key``."""
    tree = data.get("tree", data)
    if isinstance(tree, dict) and "win" in tree and _won_at_start(game):
        return None
    if not isinstance(tree, dict) or key not in tree:
        raise NotationError(shape)
    return tree


#: A strategy as verify reads it: its JSON (``solve --json``, the tree or shared nodes) or the
#: lines of a policy file (``solve --save FILE.jsonl``).
StrategyData = dict[str, Any] | list[str]

WON_AT_ONCE: Replayed = (True, 0, None)


def verify_touch(game: Game, strategy: StrategyData) -> Verification:
    """Verify a touch strategy exactly: every start against every turn, within its promise.

    >>> from devilcoins.observed.touch import solve_touch
    >>> g = Game.parse('n=4 hands=2 goal=same observe=touch')
    >>> v = verify_touch(g, solve_touch(g).tree(max_nodes=10**6))
    >>> v.wins, v.won_at
    (True, 5)
    >>> v = verify_touch(g, list(solve_touch(g).strategy_lines()))
    >>> v.wins, v.won_at
    (True, 5)
    """
    if isinstance(strategy, list):
        policy = _policy(game, strategy)
        if policy is None:
            return _verification(game, WON_AT_ONCE)
        root = _touch_nodes(game, policy[1])
        return _verification(game, _TouchReplay(game, root, _agreed_length(policy)).run())
    data = _object(strategy)
    if isinstance(data.get("nodes"), list):
        rows = list(enumerate(data["nodes"]))
        if not all(isinstance(node, dict) for _, node in rows):
            raise NotationError("'nodes' is a list of node objects")
        root = _touch_nodes(game, rows, "node")
        return _verification(game, _TouchReplay(game, root, _promised(data)).run())
    shape = "a touch tree starts with a node: {'reach': [...], 'outcomes': [...]}"
    tree = _root(game, data, "reach", shape)
    if tree is None:
        return _verification(game, WON_AT_ONCE)
    return _verification(game, _TouchReplay(game, tree, _promised(data)).run())


def verify_sight(game: Game, strategy: StrategyData) -> Verification:
    """Verify a sight rule exactly: every class against every turn, with no loop.

    >>> from devilcoins.observed.sight import solve_sight
    >>> g = Game.parse('n=4 observe=sight')
    >>> verify_sight(g, solve_sight(g).strategy_json()).won_at
    4
    """
    if isinstance(strategy, list):
        policy = _policy(game, strategy)
        rows = None if policy is None else _sight_rows(policy[1], game)
        if policy is not None:
            _agreed_length(policy)
    else:
        shape = "a sight strategy is {'policy': [{'state': ..., 'move': ...}, ...]}"
        tree = _root(game, _object(strategy), "policy", shape)
        rows = None if tree is None else tree["policy"]
    return _verification(game, WON_AT_ONCE if rows is None else _replay_sight(game, rows))


def verify_count(game: Game, strategy: StrategyData) -> Verification:
    """Verify a count strategy exactly: every start against every turn (a policy file's within
    its header's length).

    >>> from devilcoins.observed.count import solve_count
    >>> g = Game.parse('n=4 observe=count')
    >>> verify_count(g, solve_count(g).strategy_json()).won_at
    6
    """
    if isinstance(strategy, list):
        policy = _policy(game, strategy)
        if policy is None:
            return _verification(game, WON_AT_ONCE)
        root = _count_nodes([data for _, data in policy[1]])
        length = _agreed_length(policy)
        replayed = _replay_count(game, root)
        if replayed[1] is not None and replayed[1] > length:
            why = f"the goal is not reached within the {length} moves promised"
            replayed = (False, None, Counterexample(game=game, start=None, turns=(), why=why))
        return _verification(game, replayed)
    data = _object(strategy)
    if isinstance(data.get("nodes"), list):
        return _verification(game, _replay_count(game, _count_nodes(data["nodes"])))
    shape = "a count tree starts with a node: {'move': ..., 'next': {count: node or 'win'}}"
    tree = _root(game, data, "move", shape)
    return _verification(game, WON_AT_ONCE if tree is None else _replay_count(game, tree))
