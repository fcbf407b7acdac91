"""Decide any game, with evidence: the chain construction, the Devil's certificate, belief search
with dominance, the AND-OR trees of touch and sight; exact verification with counterexamples.

The method follows the game (DESIGN.md section 2):

- blind, every move allowed, the goal a subgroup: the chain construction (shortest, by the lower
  bound |M / H| - 1), or the Devil's certificate when the chain stalls;
- blind otherwise (limited hands, a list of moves, a goal that is not a subgroup): the
  certificate if the chain stalls (it beats every move), else breadth-first search over beliefs
  that drops any belief containing one already reached (a strategy for the smaller one also
  wins the larger);
- touch and sight: least worst-case trees by value iteration (``andor``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from devilcoins.blind.chain import chain, chain_strategy
from devilcoins.core.errors import DevilcoinsError
from devilcoins.core.game import Game, tables
from devilcoins.core.symmetry import apply

__all__ = [
    "MAX_GAME_BELIEFS",
    "GameCounterexample",
    "GameVerdict",
    "GameVerification",
    "search_game",
    "solve_game",
    "verify_game",
]

#: Beliefs the blind search keeps before it refuses (each is a row of K bits).
MAX_GAME_BELIEFS = 200_000

#: Kernel steps exact verification of a game takes on (as for coins).
MAX_GAME_VERIFY_STEPS = 10**11


@dataclass(frozen=True)
class GameCounterexample:
    """A start and the Devil's turn before each move (permutations of positions) that never win.

    For the cyclic group each turn is also given as r, the seeds' turn (coins[r:] + coins[:r]).
    """

    game: Game
    start: int
    turns: tuple[tuple[int, ...], ...]

    def replay(self, moves) -> list[int]:
        """The states after each move (turn, then move): none is in the goal."""
        tab = tables(self.game)
        x, out = self.start, []
        for perm, a in zip(self.turns, moves, strict=False):
            y = self.game.encode(apply(perm, self.game.decode(x)))
            x = int(tab.add(np.array([y]), int(a))[0])
            out.append(x)
        return out

    def to_json(self) -> dict:
        """{"start": ..., "turns": [...]} (turns as r for the cyclic group, else permutations)."""
        n = self.game.n
        if self.game.group.name == "cyclic":
            turns = [(-perm[0]) % n if n > 1 else 0 for perm in self.turns]
        else:
            turns = [list(p) for p in self.turns]
        return {"start": self.game.state_text(self.start), "turns": turns}


@dataclass(frozen=True)
class GameVerification:
    """Exact verification of a blind strategy for a game."""

    game: Game
    moves: int
    wins: bool
    won_at: int | None
    sizes: tuple[int, ...]
    counterexample: GameCounterexample | None
    seconds: float

    def to_json(self) -> dict:
        """The verdict as plain JSON data."""
        data = {
            "game": str(self.game),
            "moves": self.moves,
            "wins": self.wins,
            "won_at": self.won_at,
            "seconds": round(self.seconds, 6),
            "belief_sizes": list(self.sizes),
        }
        if self.counterexample is not None:
            data["counterexample"] = self.counterexample.to_json()
        return data


@dataclass(frozen=True)
class GameVerdict:
    """What settles a game: winnable or not, the least worst-case length, and the evidence."""

    game: Game
    winnable: bool
    length: int | None
    method: str
    seconds: float
    strategy: tuple[int, ...] | None = None
    explored: int | None = None
    evidence: dict = field(default_factory=dict)
    tree: object = None

    def to_json(self) -> dict:
        """The verdict as plain JSON data (the strategy as move texts)."""
        data = {
            "game": str(self.game),
            "spec": self.game.to_json(),
            "winnable": self.winnable,
            "length": self.length,
            "method": self.method,
            "explored": self.explored,
            "seconds": round(self.seconds, 6),
            "evidence": self.evidence,
        }
        if self.strategy is not None and len(self.strategy) <= 100_000:
            data["strategy"] = [self.game.move_text(a) for a in self.strategy]
        if self.tree is not None:  # whole, so that verify can check it (small games)
            data["tree"] = self.tree.tree(max_nodes=100_000)
        return data


def _allowed_moves(game: Game) -> np.ndarray:
    """One move per class of allowed moves (the zero move, which changes nothing, left out)."""
    tab = tables(game)
    if game.moves is not None:
        picked: dict[int, int] = {}
        for vec in game.moves:
            a = game.encode(vec)
            if a and game.allowed(a):
                picked.setdefault(int(tab.index_of[a]), a)
        return np.array(sorted(picked.values(), key=lambda a: tab.index_of[a]), dtype=np.int64)
    reps = [int(r) for r in np.sort(tab.reps) if r and game.allowed(int(r))]
    return np.array(reps, dtype=np.int64)


def _won(row: np.ndarray, n_goal: int) -> bool:
    """Whether the belief holds goal classes only."""
    from devilcoins.core.kernel import row_to_indices

    return all(k < n_goal for k in row_to_indices(row))


def search_game(
    game: Game, *, on_progress: Callable[[int, int], None] | None = None
) -> GameVerdict:
    """Shortest blind strategy by breadth-first search over beliefs, with dominance pruning.

    A belief that contains one already reached is dropped (whatever wins the smaller belief
    wins the larger one's subset too, no later).  Returns winnable False when every reachable
    belief has been explored.  on_progress(depth, beliefs) follows the levels.

    >>> v = search_game(Game.parse('n=4 goal=same'))
    >>> v.winnable, v.length
    (True, 7)
    """
    from devilcoins.core.kernel import expand, new_rows, row_from_indices, warm_up

    warm_up()
    t0 = time.perf_counter()
    tab = tables(game)
    k, n_goal = tab.size, tab.n_goal
    moves = _allowed_moves(game)
    start = row_from_indices(range(k), k)
    width = start.shape[0]
    if _won(start, n_goal):
        return GameVerdict(game, True, 0, "belief search", 0.0, (), 1)
    if not len(moves):
        return GameVerdict(game, False, None, "belief search", 0.0, None, 1)
    reached = new_rows(1024, k)
    reached[0] = start
    count = 1
    seen = {start.tobytes(): 0}
    parents: list[tuple[int, int]] = [(-1, -1)]
    frontier, frontier_ids = start[None, :], [0]
    found, depth = None, 0
    while len(frontier) and found is None:
        depth += 1
        children = expand(tab, frontier, moves)
        next_rows, next_ids = [], []
        for pos in range(len(children)):
            child = children[pos]
            key = child.tobytes()
            if key in seen:
                continue
            parent = frontier_ids[pos // len(moves)]
            if _won(child, n_goal):
                parents.append((parent, int(moves[pos % len(moves)])))
                found = len(parents) - 1
                break
            if np.any(np.all((reached[:count] & ~child) == 0, axis=1)):
                seen[key] = -1  # contains a belief already reached: dominated
                continue
            seen[key] = len(parents)
            parents.append((parent, int(moves[pos % len(moves)])))
            if count == len(reached):
                reached = np.concatenate([reached, new_rows(count, k)])
            reached[count] = child
            count += 1
            if count > MAX_GAME_BELIEFS:
                raise DevilcoinsError(
                    f"the belief search for {game} passed {MAX_GAME_BELIEFS:,} beliefs at depth "
                    f"{depth}; this game is too large to search here"
                )
            next_rows.append(child)
            next_ids.append(len(parents) - 1)
        frontier = np.array(next_rows, dtype=np.uint64).reshape(-1, width)
        frontier_ids = next_ids
        if on_progress is not None:
            on_progress(depth, count)
    seconds = time.perf_counter() - t0
    if found is None:
        return GameVerdict(
            game,
            False,
            None,
            "belief search (every reachable belief explored)",
            seconds,
            None,
            count,
        )
    path = []
    node = found
    while parents[node][0] >= 0:
        node, move = parents[node]
        path.append(move)
    strategy = tuple(reversed(path))
    return GameVerdict(
        game,
        True,
        len(strategy),
        "belief search (shortest, with dominance pruning)",
        seconds,
        strategy,
        count,
    )


def _certificate_evidence(game: Game, zone: np.ndarray) -> dict:
    """Check the stalled chain's zone as a certificate; the evidence as JSON data."""
    from devilcoins.blind.chain import _differences

    tab = tables(game)
    outside = ~zone
    escapes = np.zeros(tab.states, dtype=bool)
    for d in _differences(tab):
        escapes |= ~zone[d]
    goal_states = tab.orbit_states[: tab.orbit_start[tab.n_goal]]
    holds = bool((escapes | ~outside).all() and zone[goal_states].all() and outside.any())
    start = int(np.flatnonzero(outside)[0])
    return {
        "zone_size": int(zone.sum()),
        "states": int(tab.states),
        "start": game.state_text(start),
        "checked_states": int(tab.states),
        "holds": holds,
        "statement": (
            f"The chain stops at a zone Z of {int(zone.sum()):,} of the {tab.states:,} states, "
            "holding the goal. For every state x outside Z some generator g of the Devil's "
            "group has g(x) - x outside Z (checked for all states), so after any move x + a or "
            "g(x) + a is outside Z: the Devil, starting outside Z (e.g. from "
            f"{game.state_text(start)}), never lets the goal appear."
        ),
    }


def solve_game(game: Game, *, on_progress: Callable[[int, int], None] | None = None) -> GameVerdict:
    """Settle a game with evidence (see the module doc for the method each game gets).

    >>> v = solve_game(Game(9, values=3))
    >>> v.winnable, v.length, v.method
    (True, 19682, 'chain construction')
    >>> solve_game(Game.parse('n=6 goal=same')).method
    "the Devil's certificate (the chain stalls)"
    """
    t0 = time.perf_counter()
    if game.observe != "blind":
        from devilcoins.observed.andor import solve_tree

        sol = solve_tree(game)
        return GameVerdict(
            game,
            sol.winnable,
            sol.length,
            f"AND-OR value iteration ({game.observe})",
            sol.seconds,
            None,
            sol.explored,
            {},
            sol,
        )
    c = chain(game)
    evidence = {"chain_sizes": c.sizes()}
    if not c.complete:
        evidence["certificate"] = _certificate_evidence(game, c.zone)
        return GameVerdict(
            game,
            False,
            None,
            "the Devil's certificate (the chain stalls)",
            time.perf_counter() - t0,
            None,
            None,
            evidence,
        )
    bound = c.length() if c.goal_is_subgroup else None
    evidence["lower_bound"] = bound
    # the construction meets the lower bound, so it is shortest whenever its moves are allowed
    # (always with every move allowed; often with limited hands or a list of moves)
    moves = chain_strategy(game) if c.goal_is_subgroup else None
    if moves is not None and all(game.allowed(int(a)) for a, _ in c.steps):
        return GameVerdict(
            game,
            True,
            len(moves),
            "chain construction",
            time.perf_counter() - t0,
            tuple(int(a) for a in moves),
            None,
            evidence,
        )
    found = search_game(game, on_progress=on_progress)
    return GameVerdict(
        game,
        found.winnable,
        found.length,
        found.method,
        time.perf_counter() - t0,
        found.strategy,
        found.explored,
        evidence,
    )


def _turns_for(game: Game, start: int, moves: np.ndarray, classes: np.ndarray):
    """Group elements taking start through the given classes (class i + 1 after move i)."""
    tab = tables(game)
    elements = game.group.elements()
    x, turns = start, []
    for i, a in enumerate(moves):
        values = game.decode(x)
        for perm in elements:
            y = game.encode(apply(perm, values))
            z = int(tab.add(np.array([y]), int(a))[0])
            if tab.index_of[z] == classes[i + 1]:
                turns.append(perm)
                x = z
                break
        else:  # pragma: no cover - each class was chosen reachable
            raise AssertionError("no turn leads along the Devil's line")
    return tuple(turns)


def verify_game(
    game: Game, moves, *, on_progress: Callable[[int, int], None] | None = None
) -> GameVerification:
    """Exact verification of a blind strategy (move states) for a game, with a counterexample.

    >>> from devilcoins.blind.chain import chain_strategy
    >>> g = Game(3, values=3)
    >>> v = verify_game(g, chain_strategy(g))
    >>> v.wins, v.won_at
    (True, 26)
    >>> verify_game(g, chain_strategy(g)[:-1]).counterexample.to_json()['start']
    '211'
    """
    from devilcoins.coins.verification import propagate_checkpointed, walk_back
    from devilcoins.core.kernel import row_from_indices, warm_up

    if game.observe != "blind":
        raise DevilcoinsError(f"{game.observe} games have trees, not sequences; see solve")
    tab = tables(game)
    moves = np.asarray(moves, dtype=np.int64).reshape(-1)
    bad = np.flatnonzero((moves < 0) | (moves >= tab.states))
    if len(bad):
        raise DevilcoinsError(
            f"move {int(bad[0]) + 1} is {int(moves[bad[0]])}, not a state of {game} "
            f"(0..{tab.states - 1})"
        )
    for a in np.unique(moves):
        game.check_move(int(a))
    cost = len(moves) * tab.size * game.n
    if cost > MAX_GAME_VERIFY_STEPS:
        raise DevilcoinsError(
            f"verifying {len(moves):,} moves of {game} takes up to {cost:.1e} kernel steps, "
            f"more than {MAX_GAME_VERIFY_STEPS:.0e}; try fewer moves"
        )
    warm_up()
    t0 = time.perf_counter()
    start = row_from_indices(range(tab.size), tab.size)
    sizes, checkpoints, chunk = propagate_checkpointed(tab, moves, start, game.n, on_progress)
    # the start holds every class; goal classes never leave, so "won" is "size n_goal"
    won = np.flatnonzero(sizes == tab.n_goal)
    won_at = int(won[0]) if len(won) else None
    counter = None
    if won_at is None:
        first, classes = walk_back(tab, moves, checkpoints, chunk, len(moves))
        begin = int(tab.reps[first])
        counter = GameCounterexample(game, begin, _turns_for(game, begin, moves, classes))
    return GameVerification(
        game,
        len(moves),
        won_at is not None,
        won_at,
        tuple(int(s) for s in sizes),
        counter,
        time.perf_counter() - t0,
    )
