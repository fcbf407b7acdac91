"""A touch, sight or count strategy read for ``verify`` (``observed.replay``): from the JSON
``solve --json`` prints (a tree, or shared ``nodes``) or from the lines of a policy file
(``solve --save FILE.jsonl``; ``results.trees``), checked as it is read and linked into one
graph of nodes, the root first.

A policy file starts with a header line (``{"format": "devilcoins-policy", "version": 1, ...}``)
that names the game and promises a length; the lines after it are its entries, one JSON object a
line: a touch node, a count node, or a sight rule's state and move.
"""

from __future__ import annotations

from typing import Any

from devilcoins.core.errors import DevilcoinsError, NotationError, quoted
from devilcoins.core.game import Game
from devilcoins.core.jsontext import read_json
from devilcoins.core.tables import class_table
from devilcoins.results.words import moves_word

__all__ = [
    "Policy",
    "agreed_length",
    "count_nodes",
    "policy_file",
    "promised",
    "read_values",
    "sight_rows",
    "strategy_object",
    "touch_nodes",
    "tree_root",
]


def read_values(game: Game, text: str, k: int, what: str) -> tuple[int, ...]:
    """The k values a touch node names (felt, or set): H/T or digits, each below the game's
    values (what names them in errors)."""
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


def touch_nodes(
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
                read_values(game, out[0], len(reach), "felt")
                read_values(game, out[1], len(reach), "set")
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


def count_nodes(rows: list[Any]) -> dict[str, Any]:
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


def sight_rows(rows: list[tuple[int, dict[str, Any]]], game: Game) -> list[dict[str, Any]]:
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


def agreed_length(policy: Policy) -> int:
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


def strategy_object(strategy: Any) -> dict[str, Any]:
    """The strategy's JSON, refused unless it is an object."""
    if not isinstance(strategy, dict):
        raise NotationError("a touch, sight or count strategy is a JSON object (see solve --json)")
    return strategy


def promised(data: dict[str, Any]) -> int | None:
    """The length a strategy's JSON promises (None when it names none)."""
    length = data.get("length")
    return length if isinstance(length, int) and not isinstance(length, bool) else None


def _won_at_start(game: Game) -> bool:
    """Whether every state is in the goal (the empty strategy wins)."""
    tab = class_table(game)
    return bool(tab.n_goal == tab.size)


def policy_file(game: Game, lines: list[str]) -> Policy | None:
    """A policy file's header and entries (``_read_policy``); None when it is empty and the
    game is won before any move.  Once its entries are read whole, ``agreed_length`` checks
    the header against them."""
    policy = _read_policy(game, lines)
    if policy[1] or not _won_at_start(game):
        return policy
    agreed_length(policy)
    return None


def tree_root(game: Game, data: dict[str, Any], key: str, shape: str) -> dict[str, Any] | None:
    """The root node of a strategy's JSON tree (None for 'win' when the game is won before any
    move), refused with the tree's shape when it has no ``key``."""
    tree = data.get("tree", data)
    if isinstance(tree, dict) and "win" in tree and _won_at_start(game):
        return None
    if not isinstance(tree, dict) or key not in tree:
        raise NotationError(shape)
    return tree
