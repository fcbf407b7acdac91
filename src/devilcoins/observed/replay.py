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

A strategy is read and checked by ``strategyfile`` and walked by ``strategywalk``; the
``verify_*`` functions here take it in any of its forms and give the verdict.
"""

from __future__ import annotations

from typing import Any

from devilcoins.core.errors import NotationError
from devilcoins.core.game import Game
from devilcoins.observed.strategyfile import (
    agreed_length,
    count_nodes,
    policy_file,
    promised,
    sight_rows,
    strategy_object,
    touch_nodes,
    tree_root,
)
from devilcoins.observed.strategywalk import Replayed, TouchReplay, replay_count, replay_sight
from devilcoins.results import Counterexample, Verification

__all__ = ["StrategyData", "verify_count", "verify_sight", "verify_touch"]


def _verification(game: Game, replayed: Replayed) -> Verification:
    wins, worst, counter = replayed
    return Verification(game=game, moves=None, wins=wins, won_at=worst, counterexample=counter)


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
        policy = policy_file(game, strategy)
        if policy is None:
            return _verification(game, WON_AT_ONCE)
        root = touch_nodes(game, policy[1])
        return _verification(game, TouchReplay(game, root, agreed_length(policy)).run())
    data = strategy_object(strategy)
    if isinstance(data.get("nodes"), list):
        rows = list(enumerate(data["nodes"]))
        if not all(isinstance(node, dict) for _, node in rows):
            raise NotationError("'nodes' is a list of node objects")
        root = touch_nodes(game, rows, "node")
        return _verification(game, TouchReplay(game, root, promised(data)).run())
    shape = "a touch tree starts with a node: {'reach': [...], 'outcomes': [...]}"
    tree = tree_root(game, data, "reach", shape)
    if tree is None:
        return _verification(game, WON_AT_ONCE)
    return _verification(game, TouchReplay(game, tree, promised(data)).run())


def verify_sight(game: Game, strategy: StrategyData) -> Verification:
    """Verify a sight rule exactly: every class against every turn, with no loop.

    >>> from devilcoins.observed.sight import solve_sight
    >>> g = Game.parse('n=4 observe=sight')
    >>> verify_sight(g, solve_sight(g).strategy_json()).won_at
    4
    """
    if isinstance(strategy, list):
        policy = policy_file(game, strategy)
        rows = None if policy is None else sight_rows(policy[1], game)
        if policy is not None:
            agreed_length(policy)
    else:
        shape = "a sight strategy is {'policy': [{'state': ..., 'move': ...}, ...]}"
        tree = tree_root(game, strategy_object(strategy), "policy", shape)
        rows = None if tree is None else tree["policy"]
    return _verification(game, WON_AT_ONCE if rows is None else replay_sight(game, rows))


def verify_count(game: Game, strategy: StrategyData) -> Verification:
    """Verify a count strategy exactly: every start against every turn (a policy file's within
    its header's length).

    >>> from devilcoins.observed.count import solve_count
    >>> g = Game.parse('n=4 observe=count')
    >>> verify_count(g, solve_count(g).strategy_json()).won_at
    6
    """
    if isinstance(strategy, list):
        policy = policy_file(game, strategy)
        if policy is None:
            return _verification(game, WON_AT_ONCE)
        root = count_nodes([data for _, data in policy[1]])
        length = agreed_length(policy)
        replayed = replay_count(game, root)
        if replayed[1] is not None and replayed[1] > length:
            why = f"the goal is not reached within the {length} moves promised"
            replayed = (False, None, Counterexample(game=game, start=None, turns=(), why=why))
        return _verification(game, replayed)
    data = strategy_object(strategy)
    if isinstance(data.get("nodes"), list):
        return _verification(game, replay_count(game, count_nodes(data["nodes"])))
    shape = "a count tree starts with a node: {'move': ..., 'next': {count: node or 'win'}}"
    tree = tree_root(game, data, "move", shape)
    return _verification(game, WON_AT_ONCE if tree is None else replay_count(game, tree))
