"""Games where the player observes something: strategies are trees (AND-OR search).

Two ways of observing (``Game.observe``), both against a Devil who may turn the table by any
element of its group before every move, and a bell that rings the moment the goal is reached:

touch   (Gardner's four glasses, the blind bartender) after the turn the player reaches for
        exactly k = ``game.hands`` positions, feels their values and sets new values there
        (changing none is allowed).  The player's knowledge is a belief: a set of states closed
        under the group, i.e. a set of classes.  V(B) = 0 if B is empty (every state left was in
        the goal); otherwise V(B) = 1 + min over reaches P of max over felt patterns v of min
        over changes c on P of V(closure((B_v + c) minus goal)).  The start belief is every
        state outside the goal.
sight   the player sees the whole state x and names a move a; the Devil turns the table before
        it is applied: the next state is g(x) + a.  V(x) = 0 in the goal, else
        1 + min_a max_g V(g(x) + a); V is constant on classes, and moves may be taken up to the
        group too (g(x) + h(a) = h(h^-1 g(x) + a)).

Both are solved exactly by value iteration from the goal outwards over what can happen: for
touch the beliefs reachable from the start (explored breadth-first; reaches up to the group),
for sight the classes.  A state never settled is one the Devil holds forever.  For touch a
cheap sufficient test runs first: the largest set Z of classes such that from every class in Z,
for every reach, the Devil can show a pattern after which every change leaves a class of Z
possible.  If Z is not empty the Devil holds out from the start (it contains every class) and
nothing else is explored; Z is kept as the Devil's certificate (``observed.check.check_trap``
checks it).  The belief search's hot loops (expanding beliefs into numbered successors through a
hash table, and the rounds of value iteration) are compiled with numba and cached on disk.
``observed.check`` replays a strategy against every start and every turn, independently of the
search's tables.

Known answers (docs/mathematics.md §8-§9): four glasses, two hands, goal all the same: 5
moves; with n glasses and k hands on a turning table (goal all the same) the game is winnable iff
k >= (1 - 1/p) n, p the largest prime factor of n (Lewis & Willard 1980; Laaser & Ramshaw 1981;
OEIS A171462).  With goal all heads and k < n the Devil always wins (it keeps a tail outside the
reach).

>>> from devilcoins.core.game import Game
>>> solve_tree(Game.parse('n=4 hands=2 goal=same observe=touch')).length
5
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray

from devilcoins.core.beliefs import Ints, KernelArgs
from devilcoins.core.compiling import Stopwatch, hot_loop
from devilcoins.core.errors import NotSupported, TooLarge
from devilcoins.core.game import Game
from devilcoins.core.resources import memory_limit
from devilcoins.core.tables import tables
from devilcoins.observed import cylinder
from devilcoins.observed.cylinder import (
    MAX_NODES,
    Progress,
    Space,
    holdout,
    solve_space,
    strategy,
)
from devilcoins.observed.levels import MAX_OFF, Levels, level_strategy
from devilcoins.observed.sizes import for_small_games

__all__ = [
    "MAX_NODES",
    "Reach",
    "TreeSolution",
    "solve_sight",
    "solve_touch",
    "solve_tree",
]

#: The largest tables (bytes) the sight search may build: the next class of every state under
#: every move.
MAX_TABLE_BYTES = 1 << 28

#: A strategy is written as a nested tree (shared nodes repeated) up to this many nodes; a
#: larger one as its shared nodes, which ``verify`` reads just as well and checks faster.
TREE_MOST = 1_000

_INF = np.iinfo(np.int32).max

#: Flags (which felt patterns occur, which classes the Devil keeps).
Bools = NDArray[np.bool_]


@dataclass(frozen=True, kw_only=True)
class Reach:
    """One node of a touch strategy: where to reach, and for each felt pattern what to add.

    outcomes holds (felt values, values added there mod m, next node or None for a sure win),
    both value tuples in the order of ``positions``.
    """

    positions: tuple[int, ...]
    moves_left: int
    belief: tuple[int, ...]
    outcomes: tuple[tuple[tuple[int, ...], tuple[int, ...], int | None], ...]


@dataclass(frozen=True, kw_only=True)
class TreeSolution:
    """The least worst-case number of moves of a touch or sight game, with a strategy tree.

    explored: beliefs searched (touch), classes (sight), or the classes the Devil's hold-out test
    examined (touch games it settles).  policy: for touch, node number -> ``Reach`` (node 0 is
    the start); for sight, smallest state of each class -> (move, moves left).  devil: smallest
    states of classes the Devil can keep the game in when it is not winnable (empty when no
    such certificate was kept).

    >>> s = solve_tree(Game.parse('n=2 hands=1 goal=same observe=touch'))
    >>> s.winnable, s.length, s.policy[0].positions
    (True, 1, (0,))
    """

    game: Game
    winnable: bool
    length: int | None
    explored: int
    seconds: float
    policy: dict[int, Any] = field(default_factory=dict, repr=False, compare=False)
    devil: tuple[int, ...] = ()
    #: The settled search behind a touch solution (its values give the Devil's witness).
    search: Any = field(default=None, repr=False, compare=False)

    @classmethod
    def held_out(
        cls,
        game: Game,
        explored: int,
        t0: Stopwatch,
        devil: tuple[int, ...],
        policy: dict[int, Any],
    ) -> TreeSolution:
        """The Devil keeps the game out of the goal from the classes named by devil."""
        seconds = t0.seconds()
        return cls(
            game=game,
            winnable=False,
            length=None,
            explored=explored,
            seconds=seconds,
            policy=policy,
            devil=devil,
        )

    def tree(self, max_nodes: int = 200) -> dict[str, Any]:
        """The strategy as nested JSON; branches past max_nodes nodes are written '...'."""
        if not self.winnable:
            return {
                "winnable": False,
                "devil_keeps": [self.game.state_text(x) for x in self.devil],
            }
        budget = [max_nodes]
        if self.game.observe == "touch":
            if not self.policy:
                return {"belief": [], "win": "the goal is reached before any move"}
            return _touch_node(self, 0, budget)
        return _sight_tree(self, budget)

    def nodes(self) -> list[dict[str, Any]]:
        """A won touch strategy with shared nodes: one dict per node, node 0 the start.

        Each is {"node", "left", "reach", "outcomes": [[felt, set, next], ...]}, next a later
        node's number or "win"; nodes are numbered by moves left (most first), so every next
        names a later node.
        """
        m, game = self.game.values, self.game
        order = sorted(self.policy, key=lambda i: (-self.policy[i].moves_left, i))
        number = {old: new for new, old in enumerate(order)}
        out = []
        for old in order:
            step = self.policy[old]
            outcomes: list[list[Any]] = []
            for felt, delta, nxt in step.outcomes:
                new = tuple((f + d) % m for f, d in zip(felt, delta, strict=True))
                then: int | str = "win" if nxt is None else number[nxt]
                outcomes.append([_values_text(game, felt), _values_text(game, new), then])
            out.append(
                {
                    "node": number[old],
                    "left": step.moves_left,
                    "reach": list(step.positions),
                    "outcomes": outcomes,
                }
            )
        return out

    def expanded_size(self) -> int:
        """How many nodes the strategy has written out as a tree (shared nodes repeated)."""
        if self.game.observe != "touch" or not self.policy:
            return len(self.policy)
        size: dict[int, int] = {}
        for node in sorted(self.policy, key=lambda i: self.policy[i].moves_left):
            size[node] = 1 + sum(size[nxt] for *_, nxt in self.policy[node].outcomes if nxt)
        return size[0]

    def strategy_json(self, max_nodes: int = TREE_MOST) -> dict[str, Any]:
        """The whole strategy for ``solve --json``, as ``verify`` reads it: the nested tree when
        it has at most max_nodes nodes, else a won touch strategy's shared nodes (``nodes``);
        for sight, the move of every class (its policy, whole)."""
        if not self.winnable or not self.policy:
            return {"tree": self.tree()}
        if self.game.observe == "sight":
            return {"tree": {"policy": _sight_policy(self, len(self.policy))}}
        size = self.expanded_size()
        if size > max_nodes:
            return {"nodes": self.nodes()}
        return {"tree": self.tree(max_nodes=size + 1)}

    def to_text(self, max_lines: int = 60, *, header: bool = True) -> str:
        """A readable indented rendering of the strategy tree (or of the Devil's hold-out).

        header=False leaves out the first line (the game and the length), for a caller that has
        just printed its own verdict line.
        """
        head = f"{self.game}: "
        if not self.winnable:
            keep = ", ".join(self.game.state_text(x) for x in self.devil[:12])
            more = " ..." if len(self.devil) > 12 else ""
            lines = [head + "the Devil holds out forever."]
            if self.devil:
                lines.append(f"The Devil keeps the state in the classes of {keep}{more}.")
            return "\n".join(lines)
        assert self.length is not None, "a winnable game has a length"
        lines = [head + f"wins within {_moves(self.length)}, whatever the Devil does."]
        tree = self.tree(max_nodes=max(1, max_lines))
        if self.game.observe == "touch":
            if "reach" in tree:
                _touch_lines(self.game, tree, 1, "", lines)
        else:
            lines += self._sight_header()
            _sight_lines(self.game, tree["worst_start"], 1, "", lines)
        if len(lines) > max_lines:
            lines = [
                *lines[: max_lines - 1],
                f"... ({len(lines) - max_lines + 1} more lines; solve --json prints the whole "
                "tree)",
            ]
        return "\n".join(lines if header else lines[1:])

    def _sight_header(self) -> list[str]:
        """What the sight text shows: the rule is one move a class; the play is from one start."""
        if not self.policy:
            return []
        game = self.game
        hardest = min(self.policy, key=lambda x: (-self.policy[x][1], x))
        kinds = "1 arrangement" if len(self.policy) == 1 else f"{len(self.policy):,} arrangements"
        said = (
            "The strategy is a rule: see the arrangement, play its move; there is one for each of "
            f"the {kinds} outside the goal, up to the Devil's turns (solve --json lists them "
            f"all). Below is the play from the hardest start, {game.state_text(hardest)}, against "
            "every turn of the Devil; every other start follows the same rule from its own first "
            "move:"
        )
        return textwrap.wrap(said, 96)

    def to_json(self) -> dict[str, Any]:
        """The result as plain JSON data, with the whole strategy (``strategy_json``)."""
        return {
            "game": str(self.game),
            "observe": self.game.observe,
            "winnable": self.winnable,
            "length": self.length,
            "explored": self.explored,
            "seconds": round(self.seconds, 6),
            **self.strategy_json(),
            "devil_keeps": [self.game.state_text(x) for x in self.devil],
        }


# --- touch ------------------------------------------------------------------------------------


@for_small_games
def solve_touch(
    game: Game,
    limit: int = MAX_NODES,
    *,
    certificate: bool = True,
    progress: Progress | None = None,
) -> TreeSolution:
    """The touch game (feel k positions, then set them): least worst-case moves and a tree.

    Solved over cylinders (``devilcoins.observed.cylinder``).  With certificate=False the
    Devil's hold-out test is skipped and every reachable belief is searched (slower; it decides
    the same games).  progress(beliefs, cylinder nodes) is called as the search grows.

    >>> s = solve_touch(Game.parse('n=4 hands=2 goal=same observe=touch'))
    >>> s.winnable, s.length, s.policy[0].positions
    (True, 5, (0, 1))
    """
    t0 = Stopwatch()
    if game.observe != "touch" or game.hands is None:
        raise NotSupported(f"{game} is not a touch game (observe=touch with hands k)")
    if game.moves is not None:
        raise NotSupported("the touch game changes the positions felt; it takes no move list")
    space = Space.of(game)
    if space.kp == 0:
        return TreeSolution(game=game, winnable=True, length=0, explored=0, seconds=t0.seconds())
    z = holdout(space) if certificate else np.zeros(space.kp, dtype=bool)
    if z.any():
        devil = tuple(int(space.t.reps[space.t.n_goal + i]) for i in np.flatnonzero(z))
        return TreeSolution.held_out(game, space.kp, t0, devil, {})
    if space.off_count <= MAX_OFF:
        levels = Levels(space, memory=memory_limit(cylinder.MAX_BYTES), limit=limit)
        if progress is not None:
            levels.progress = progress
        value = levels.solve()
        if value is not None:
            return _tree(game, t0, value, len(levels.lo) + len(levels.hi), levels,
                         level_strategy(levels, value))  # fmt: skip
    search = solve_space(space, limit, progress)
    length = search.value()
    if length is None:
        seconds = t0.seconds()
        return TreeSolution(
            game=game, winnable=False, length=None, explored=search.explored, seconds=seconds
        )
    return _tree(game, t0, length, search.explored, search, strategy(search))


def _tree(
    game: Game, t0: Stopwatch, length: int, explored: int, search: Any, plan: dict[int, Any]
) -> TreeSolution:
    """A won touch game's solution from its strategy's nodes."""
    policy = {
        node: Reach(positions=pos, moves_left=left, belief=belief, outcomes=outcomes)
        for node, (pos, left, belief, outcomes) in plan.items()
    }
    return TreeSolution(
        game=game,
        winnable=True,
        length=length,
        explored=explored,
        seconds=t0.seconds(),
        policy=policy,
        search=search,
    )


# --- sight ------------------------------------------------------------------------------------


def moves_up_to_turns(game: Game) -> np.ndarray:
    """The allowed moves, one for each class of moves under the group."""
    t = tables(game)
    xs = np.arange(t.states, dtype=np.int64)
    ok = np.ones(t.states, dtype=bool)
    if game.hands is not None:
        ok &= (t.digits != 0).sum(axis=1) <= game.hands
    if game.moves is not None:
        listed = np.zeros(t.states, dtype=bool)
        listed[[game.encode(v) for v in game.moves]] = True
        ok &= listed
    allowed = xs[ok]
    _, first = np.unique(t.index_of[allowed], return_index=True)
    return np.sort(allowed[first])


@hot_loop
def _sight_round(
    ys: Ints,
    d: int,
    negs: Ints,
    weight: Ints,
    tabs: KernelArgs,
    left: np.ndarray,
    val: Ints,
    best: Ints,
    order: Ints,
    top: int,
) -> int:  # pragma: no cover - a hot loop
    """Count off the states ys of the classes of value d; settle classes at d + 1 (appended to
    order from top on); return the new top.  See ``_sight_rounds``."""
    n_goal, index_of = tabs[0], tabs[1]
    m, add_lo, add_hi, lo_of, hi_of, base = tabs[5], tabs[6], tabs[7], tabs[8], tabs[9], tabs[10]
    coins = m == 2  # coins add by XOR; their digit tables are one-entry placeholders
    ylo = ys if coins else lo_of[ys]  # read in order, not looked up state by state
    yhi = ys if coins else hi_of[ys]
    for j in range(negs.shape[0]):
        row = left[j]
        t = negs[j]
        lo_row = add_lo[0] if coins else add_lo[lo_of[t]]
        hi_row = add_hi[0] if coins else add_hi[hi_of[t]]
        for i in range(ys.shape[0]):
            x = t ^ ys[i] if coins else lo_row[ylo[i]] + base * hi_row[yhi[i]]
            c = index_of[x]
            if c < n_goal:
                continue
            row[c] -= 1
            if row[c] != 0:
                continue
            if val[c] < 0:
                val[c] = d + 1
                best[c] = j
                order[top] = c
                top += 1
            elif val[c] == d + 1 and weight[j] < weight[best[c]]:
                best[c] = j
    return top


@hot_loop
def _sight_rounds(
    negs: Ints, weight: Ints, tabs: KernelArgs, left: np.ndarray, val: Ints, best: Ints
) -> None:  # pragma: no cover - a hot loop
    """Retrograde value iteration for sight, one round per value, from the goal outwards.

    left[j, c] counts the states s of class c whose next state s + moves[j] lies in a class not
    settled yet (it starts at the size of c's orbit); the states s with s + moves[j] = y are
    y + negs[j].  A round takes the classes settled last (value d) and counts their states off;
    when left[j, c] reaches 0 the worst class move j leads to from c has value d, so c gets
    d + 1 if it has none yet (val -1), and its move (best) is the one of least weight, then
    least index, among the moves that reach 0 in that round.  Goal classes have value 0.
    """
    n_goal, orbit_start, orbit_states = tabs[0], tabs[3], tabs[4]
    order = np.empty(val.shape[0], dtype=np.int64)  # the classes in the order they settle
    for c in range(n_goal):
        order[c] = c
        val[c] = 0
    lo, hi, d = 0, n_goal, 0
    while lo < hi:
        count = 0
        for f in range(lo, hi):
            count += orbit_start[order[f] + 1] - orbit_start[order[f]]
        ys = np.empty(count, dtype=np.int64)
        count = 0
        for f in range(lo, hi):
            for p in range(orbit_start[order[f]], orbit_start[order[f] + 1]):
                ys[count] = orbit_states[p]
                count += 1
        top = _sight_round(ys, d, negs, weight, tabs, left, val, best, order, hi)
        lo, hi, d = hi, top, d + 1


@for_small_games
def solve_sight(game: Game) -> TreeSolution:
    """The sight game (see all, name a move, the Devil turns first): least worst-case moves.

    Retrograde value iteration over classes (``_sight_rounds``): its table holds, for each
    class of moves and each class of states, how many states of the class still lead outside
    the settled classes (one byte each when orbits are small).  The move kept for a class is
    one whose worst next class is least, then of least weight (positions changed), then first.

    >>> s = solve_sight(Game.parse('n=2 observe=sight'))
    >>> s.winnable, s.length, len(s.policy)
    (True, 2, 2)
    """
    t0 = Stopwatch()
    if game.observe != "sight":
        raise NotSupported(f"{game} is not a sight game (observe=sight)")
    t = tables(game)
    moves = moves_up_to_turns(game)
    sizes = np.diff(t.orbit_start)
    dtype = np.uint8 if sizes.max() < 256 else np.int32
    if len(moves) * t.size * np.dtype(dtype).itemsize > MAX_TABLE_BYTES:
        raise TooLarge(
            f"{game}: {len(moves):,} classes of moves times {t.size:,} classes of states is too "
            "many for the sight tables; use fewer positions or values, or limit the moves"
        )
    kt = t.kernel
    left = np.empty((len(moves), t.size), dtype=dtype)
    left[:] = sizes.astype(dtype)
    weight = (t.digits[moves] != 0).sum(axis=1).astype(np.int64)
    val = np.full(t.size, -1, dtype=np.int64)
    best = np.zeros(t.size, dtype=np.int64)
    _sight_rounds(kt.negate(moves), weight, kt.args, left, val, best)
    policy = {
        int(t.reps[c]): (int(moves[best[c]]), int(val[c]))
        for c in range(t.n_goal, t.size)
        if val[c] > 0
    }
    outside = val[t.n_goal :]
    seconds = t0.seconds()
    if (outside < 0).any():
        devil = tuple(int(t.reps[c]) for c in range(t.n_goal, t.size) if val[c] < 0)
        return TreeSolution.held_out(game, t.size, t0, devil, policy)
    length = int(outside.max()) if len(outside) else 0
    return TreeSolution(
        game=game, winnable=True, length=length, explored=t.size, seconds=seconds, policy=policy
    )


@for_small_games
def solve_tree(
    game: Game, limit: int = MAX_NODES, *, progress: Progress | None = None
) -> TreeSolution:
    """Solve a touch or sight game (``game.observe``); blind games are the belief search's.

    progress(expanded, numbered) is called as a touch search grows.
    """
    if game.observe == "touch":
        return solve_touch(game, limit, progress=progress)
    if game.observe == "sight":
        return solve_sight(game)
    raise NotSupported(
        f"{game} is a blind game: its strategies are sequences, not trees (use prove or search)"
    )


# --- rendering --------------------------------------------------------------------------------


def _values_text(game: Game, values: Iterable[int]) -> str:
    return "".join("HT"[v] for v in values) if game.values == 2 else "".join(map(str, values))


def _touch_node(sol: TreeSolution, node: int, budget: list[int]) -> dict[str, Any]:
    game, m = sol.game, sol.game.values
    step = sol.policy[node]
    budget[0] -= 1
    outcomes = []
    for felt, delta, nxt in step.outcomes:
        new = tuple((f + d) % m for f, d in zip(felt, delta, strict=True))
        change = [
            [p, _values_text(game, (w,))]
            for p, f, w in zip(step.positions, felt, new, strict=True)
            if f != w
        ]
        if nxt is None:
            then: dict[str, Any] | str = "win"
        elif budget[0] <= 0:
            then = "..."
        else:
            then = _touch_node(sol, nxt, budget)
        outcomes.append(
            {
                "felt": _values_text(game, felt),
                "set": _values_text(game, new),
                "change": change,
                "next": then,
            }
        )
    return {
        "belief": [game.state_text(x) for x in step.belief],
        "moves_left": step.moves_left,
        "reach": list(step.positions),
        "outcomes": outcomes,
    }


def _listing(items: Iterable[object]) -> str:
    """'0', '0 and 2', '0, 1 and 3'."""
    words = [str(x) for x in items]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _moves(count: int) -> str:
    return f"{count} move{'s' if count != 1 else ''}"


def _touch_lines(
    game: Game, node: dict[str, Any], move: int, indent: str, lines: list[str]
) -> None:
    reach = _listing(node["reach"])
    belief = node["belief"]
    known = " ".join(belief) if len(belief) <= 4 else f"{len(belief)} classes"
    lines.append(
        f"{indent}{move}. Reach for {reach} (possible: {known}; at most "
        f"{_moves(node['moves_left'])} left)"
    )
    for out in node["outcomes"]:
        change = ", ".join(f"{p} -> {w}" for p, w in out["change"]) or "none"
        then = out["next"]
        tail = ": the bell rings" if then == "win" else (" ..." if then == "..." else ", then")
        lines.append(f"{indent}   Felt {out['felt']}: change {change}{tail}")
        if isinstance(then, dict):
            _touch_lines(game, then, move + 1, indent + "      ", lines)


def _sight_node(sol: TreeSolution, state: int, budget: list[int]) -> dict[str, Any]:
    game = sol.game
    t = tables(game)
    move, left = sol.policy[state]
    budget[0] -= 1
    cls = int(t.index_of[state])
    orbit = t.orbit_states[t.orbit_start[cls] : t.orbit_start[cls + 1]]
    after = set(t.index_of[t.add(orbit, move)].tolist())
    left_of = {c: sol.policy.get(int(t.reps[c]), (0, 0))[1] for c in after}
    outcomes: list[dict[str, Any] | str] = []
    for c in sorted(after, key=lambda c: (-left_of[c], c)):
        rep = int(t.reps[c])
        if c < t.n_goal:
            outcomes.append("win")
        elif budget[0] <= 0:
            outcomes.append("...")
        else:
            outcomes.append(_sight_node(sol, rep, budget))
    return {
        "state": game.state_text(state),
        "moves_left": left,
        "move": game.move_text(move),
        "outcomes": outcomes,
    }


def _sight_policy(sol: TreeSolution, most: int) -> list[dict[str, Any] | str]:
    """The move for each class, hardest first: at most most rows, then '...' if cut."""
    game = sol.game
    rows = sorted(sol.policy.items(), key=lambda kv: (-kv[1][1], kv[0]))
    table: list[dict[str, Any] | str] = [
        {"state": game.state_text(x), "moves_left": left, "move": game.move_text(a)}
        for x, (a, left) in rows[: max(1, most)]
    ]
    if len(rows) > len(table):
        table.append("...")
    return table


def _sight_tree(sol: TreeSolution, budget: list[int]) -> dict[str, Any]:
    """The policy (cut past the budget: this is for reading) and the game from the hardest
    start, against every turn."""
    table = _sight_policy(sol, budget[0])
    worst: dict[str, Any] | str = "win"
    if sol.policy:
        hardest = min(sol.policy, key=lambda x: (-sol.policy[x][1], x))
        worst = _sight_node(sol, hardest, budget)
    return {"policy": table, "worst_start": worst}


def _sight_lines(
    game: Game, node: dict[str, Any] | str, move: int, indent: str, lines: list[str]
) -> None:
    if not isinstance(node, dict):
        lines.append(f"{indent}{move}. {'the goal is reached' if node == 'win' else '...'}")
        return
    rest = [out for out in node["outcomes"] if out != "win"]
    if not rest:
        then = ": the bell rings"
    else:
        then = ", then (unless the bell rings)" if "win" in node["outcomes"] else ", then"
    lines.append(
        f"{indent}{move}. See {node['state']} (at most {_moves(node['moves_left'])} left): "
        f"play {node['move']}{then}"
    )
    for out in rest:
        if out == "...":
            lines.append(f"{indent}   ...")
        else:
            _sight_lines(game, out, move + 1, indent + "   ", lines)
