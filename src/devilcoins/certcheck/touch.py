"""The touch half of the checker: the strategy's nodes keep their promises, the Devil's witness
nodes hold their claims, and a trap keeps a class of it possible on every reach."""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np

from devilcoins.certcheck.claims import DenseClaims, SparseClaims
from devilcoins.certcheck.tables import (
    Array,
    CertificateFailed,
    Tables,
    parse_list,
    parse_values,
)
from devilcoins.core.errors import InvalidInput
from devilcoins.core.game import Game

__all__ = ["TouchLower", "blind_upper", "touch_trap", "touch_upper"]

#: The most patterns off a reach for a table of claims over every subset (2^this a reach);
#: past it, or past _MOST_BYTES, the witness's sets are kept as listed (``SparseClaims``).
_MOST_OFF = 28

#: The most bytes a table over every subset may take (one a reach and set of patterns off it).
_MOST_BYTES = 4 << 30

#: The most changes whose beliefs are compared in pairs (to check only the smallest).
_PAIRS = 1024


def _text(game: Game, values: Array) -> str:
    """Values as the notation writes them (H and T for two values, else digits)."""
    return "".join("HT"[v] for v in values) if game.values == 2 else "".join(map(str, values))


def _rest(n: int, positions: tuple[int, ...]) -> list[int]:
    """The positions not in a reach, in increasing order."""
    return [p for p in range(n) if p not in positions]


class TouchLower:
    """The lower bound of a touch game from the witness's nodes.

    Each node and its images under the Devil's turns are entered per reach (one reach of each
    orbit), to answer for any set of patterns off the reach the largest claim of a node inside
    it: a table over every subset where it fits, else the sets as listed, of any width
    (``certcheck.claims``; dense chooses, None: by the size).  A belief B then has V(B) >= c
    when, on every reach, some pattern B shows there leaves a set of patterns holding a node
    claiming c - 1 or more; a node claiming c holds when every change leaves a belief, not
    empty, with V >= c.  Claims are checked from the nodes
    alone, so the argument is by induction on the claim (docs/mathematics.md §8.4).
    """

    def __init__(self, tab: Tables, cert: dict[str, Any], *, dense: bool | None = None) -> None:
        game, n, m = tab.game, tab.n, tab.m
        self.tab, self.k = tab, game.hands or 0
        self.offs, self.felts = m ** (n - self.k), m**self.k
        self.reps = sorted(tab.reach_orbits(self.k))
        if dense is None:  # a table over every subset where it fits, else the sets as listed
            dense = self.offs <= _MOST_OFF and len(self.reps) << self.offs <= _MOST_BYTES
        kind = DenseClaims if dense else SparseClaims
        self.claims: DenseClaims | SparseClaims = kind(len(self.reps), self.offs)
        self.rep_of = {rep: i for i, rep in enumerate(self.reps)}
        self.felt = np.stack(
            [tab.digits[:, list(rep)] @ m ** np.arange(self.k) for rep in self.reps]
        )
        self.off = np.stack(
            [tab.digits[:, _rest(n, rep)] @ m ** np.arange(n - self.k) for rep in self.reps]
        )
        self.turned = np.stack([tab.digits[:, list(p)] @ tab.powers for p in tab.perms], axis=1)
        self.in_goal = tab.goal[tab.cls]
        witness = parse_list(cert.get("witness"), "witness")
        self.nodes = [self._read(i, node) for i, node in enumerate(witness)]
        for claim, positions, base in self.nodes:
            self._enter(claim, positions, base)
        self.claims.close()

    def _read(self, i: int, node: Any) -> tuple[int, tuple[int, ...], Array]:
        """A node's claim, reach and its states with zeros on the reach."""
        tab, n, k = self.tab, self.tab.n, self.k
        try:
            claim = int(node["claim"])
            positions = tuple(int(p) for p in node["reach"])
            off = parse_list(node["off"], f"witness node {i}'s off")
        except (KeyError, TypeError, ValueError):
            raise CertificateFailed(f"witness node {i}: not claim, reach and off") from None
        if len(set(positions)) != k or not all(0 <= p < n for p in positions):
            raise CertificateFailed(f"witness node {i}: not {k} positions of the table")
        if not 1 <= claim <= 127:
            raise CertificateFailed(f"witness node {i}: claims {claim} (nodes claim 1 to 127)")
        if not off:
            raise CertificateFailed(f"witness node {i}: no pattern off its reach")
        what = f"witness node {i}: off"
        rows = [parse_values(tab.game, text, n - k, what) for text in off]
        return claim, positions, np.array(rows, dtype=np.int64) @ tab.powers[_rest(n, positions)]

    def _enter(self, claim: int, positions: tuple[int, ...], base: Array) -> None:
        """Enter a node's images under the turns into the tables of the reaches they land on
        (a turn sends the value at position p[i] to position i)."""
        for t, p in enumerate(self.tab.perms):
            image = tuple(sorted(i for i in range(self.tab.n) if p[i] in positions))
            rep = self.rep_of.get(image)
            if rep is not None:
                self.claims.enter(rep, self.off[rep, self.turned[base, t]], claim)

    def check(self, value: int) -> int:
        """Check every node, then the start; the lower bound proved."""
        for i, (claim, positions, base) in enumerate(self.nodes):
            self._node(i, claim, positions, base)
        start = np.flatnonzero(~self.in_goal)
        if not len(start):
            return 0
        if value >= 2:
            bad = self._short(start[None, :], np.ones((1, len(start)), dtype=bool), value - 1)
            if bad is not None:
                raise CertificateFailed(
                    f"the start: on reach {list(self.reps[bad[1]])} no pattern leaves a node "
                    f"claiming {value - 1} or more"
                )
            return value
        return 1

    def _node(self, i: int, claim: int, positions: tuple[int, ...], base: Array) -> None:
        """Every change after the node leaves a belief, not empty, with V >= claim."""
        tab = self.tab
        where = f"witness node {i} (claim {claim}, reach {list(positions)})"
        sets = tab.changes @ tab.powers[list(positions)]
        after = self.turned[sets[:, None] + base[None, :]].reshape(len(sets), -1)
        live = ~self.in_goal[after]
        empty = ~live.any(axis=1)
        if empty.any():
            w = _text(tab.game, tab.changes[int(np.argmax(empty))])
            raise CertificateFailed(f"{where}: setting {w} reaches the goal")
        if claim < 2:
            return
        least = self._smallest(after, live)
        bad = self._short(after[least], live[least], claim - 1)
        if bad is not None:
            w = _text(tab.game, tab.changes[int(np.flatnonzero(least)[bad[0]])])
            raise CertificateFailed(
                f"{where}: after setting {w}, no pattern on reach {list(self.reps[bad[1]])} "
                f"leaves a node claiming {claim - 1} or more"
            )

    def _smallest(self, after: Array, live: Array) -> Array:
        """Which changes leave a belief holding no other's (the rest only hold more); all of
        them when there are too many to compare in pairs."""
        if len(after) > _PAIRS:
            return np.ones(len(after), dtype=bool)
        rows = np.zeros((len(after), self.tab.classes), dtype=bool)
        rows[np.arange(len(after))[:, None], self.tab.cls[after]] = live
        packed = np.packbits(rows, axis=1)
        inside = ~(packed[:, None, :] & ~packed[None, :, :]).any(axis=2)  # [a, b]: a inside b
        same = inside & inside.T
        earlier = np.tri(len(rows), k=-1, dtype=bool).T  # [a, b]: a < b
        holds_other = (inside & ~same).any(axis=0) | (same & earlier).any(axis=0)
        return np.asarray(~holds_other)

    def _short(self, states: Array, live: Array, need: int) -> tuple[int, int] | None:
        """(row, reach) of the first belief (a row of states) with no pattern on that reach
        whose set of patterns off it holds a node claiming need, or None."""
        for r in range(len(self.reps)):
            row = self.claims.first_short(
                r, states, live, self.felt[r], self.off[r], self.felts, need
            )
            if row >= 0:
                return row, r
        return None


def touch_upper(tab: Tables, strategy: Any) -> int:
    """The strategy's promise at the start, after checking every node (or, for a blind
    strategy, the move by which its replay has won from every start)."""
    if isinstance(strategy, dict) and "blind" in strategy:
        return blind_upper(tab, strategy["blind"])
    game, m, k = tab.game, tab.m, tab.game.hands or 0
    nodes = parse_list(strategy.get("nodes") if isinstance(strategy, dict) else None, "strategy")
    plans = {}
    for j, node in enumerate(nodes):
        try:
            number, left, reach = int(node["node"]), int(node["left"]), list(node["reach"])
            outcomes = parse_list(node["outcomes"], f"node {j}'s outcomes")
        except (KeyError, TypeError, ValueError):
            raise CertificateFailed(f"strategy node {j}: not node, left, reach, outcomes") from None
        pos = [int(p) for p in reach]
        if len(set(pos)) != k or not all(0 <= p < tab.n for p in pos) or number in plans:
            raise CertificateFailed(f"strategy node {number}: a bad reach or a repeated number")
        plans[number] = (left, pos, *_outcomes(game, number, outcomes))
    if not plans:
        return 0
    _check_edges(plans)
    arrive = {number: np.zeros(tab.classes, dtype=bool) for number in plans}
    arrive[0] = ~tab.goal
    for number in sorted(plans, key=lambda i: -plans[i][0]):
        left, pos, table, sets, nexts = plans[number]
        states = np.flatnonzero(arrive[number][tab.cls])
        if not len(states):
            continue
        code = tab.digits[states][:, pos] @ (m ** np.arange(k))
        if (table[code] < 0).any():
            x = game.state_text(int(states[np.argmax(table[code] < 0)]))
            raise CertificateFailed(f"strategy node {number}: nothing is said for the state {x}")
        new = states - tab.digits[states][:, pos] @ tab.powers[pos] + sets[code] @ tab.powers[pos]
        won = tab.goal[tab.cls[new]]
        for target in np.unique(nexts[code][~won]):
            if target == -2 or int(target) not in plans:
                raise CertificateFailed(f"strategy node {number}: a change misses the goal")
            if plans[int(target)][0] >= left:
                raise CertificateFailed(f"strategy node {number}: node {target} promises no less")
            hit = new[(~won) & (nexts[code] == target)]
            arrive[int(target)][tab.cls[hit]] = True
        if left < 1:
            raise CertificateFailed(f"strategy node {number}: promises {left} moves")
    return int(plans[0][0])


def _outcomes(game: Game, number: int, outcomes: list[Any]) -> tuple[Array, Array, Array]:
    """A node's outcomes as tables by felt pattern: whether one is given, the values set, the
    next node (-2: "win").  A pattern with two outcomes is refused: the strategy must say one
    thing for each pattern felt (docs/mathematics.md §8.4)."""
    m, k = game.values, game.hands or 0
    table = np.full(m**k, -1, dtype=np.int64)
    sets, nexts = np.zeros((m**k, k), dtype=np.int64), np.full(m**k, -1, dtype=np.int64)
    for out in outcomes:
        try:
            felt = parse_values(game, out[0], k, f"node {number}: felt")
            new = parse_values(game, out[1], k, f"node {number}: set")
            f = int(np.dot(felt, m ** np.arange(k)))
            nexts_f = -2 if out[2] == "win" else int(out[2])
        except (TypeError, ValueError, IndexError, KeyError):
            raise CertificateFailed(f"strategy node {number}: an outcome {out!r}") from None
        if table[f] >= 0:
            raise CertificateFailed(f"strategy node {number}: two outcomes for {out[0]!r}")
        table[f], sets[f], nexts[f] = 1, new, nexts_f
    return table, sets, nexts


def _check_edges(plans: dict[int, tuple[Any, ...]]) -> None:
    """Every outcome, taken by a state or not, goes to "win" or to a node of the strategy
    that promises fewer moves than its own: "left" is a rule of the format, checked on every
    edge, not only on those some play follows (docs/mathematics.md §8.4)."""
    for number, (left, _, table, _, nexts) in plans.items():
        for target in np.unique(nexts[table >= 0]):
            if target == -2:
                continue
            if int(target) not in plans:
                raise CertificateFailed(f"strategy node {number}: node {target} does not exist")
            if plans[int(target)][0] >= left:
                raise CertificateFailed(f"strategy node {number}: node {target} promises no less")


def blind_upper(tab: Tables, text: Any) -> int:
    """The move by which a blind strategy (moves that ignore what is felt, each changing at
    most K positions) has won from every start off the goal against every turn."""
    from devilcoins.core import notation

    if not isinstance(text, str):
        raise CertificateFailed("strategy.blind: not a text of moves")
    try:
        rows = [notation.read_move(w, tab.n, tab.m) for w in text.split()]
        moves = np.array(rows, dtype=np.int64).reshape(len(rows), tab.n)
    except (InvalidInput, ValueError) as err:
        raise CertificateFailed(f"strategy.blind: {err}") from None
    k = tab.game.hands or 0
    wide = np.flatnonzero((moves != 0).sum(axis=1) > k)
    if len(wide):
        raise CertificateFailed(
            f"strategy.blind: move {wide[0] + 1} changes more than {k} positions"
        )
    live = ~tab.goal
    for done, move in enumerate(moves):
        if not live.any():
            return done
        live = _after(tab, np.flatnonzero(live[tab.cls]), move)
    if live.any():
        x = tab.game.state_text(int(np.flatnonzero(live[tab.cls])[0]))
        raise CertificateFailed(
            f"strategy.blind: after its {len(moves):,} moves the state {x} is still off the goal"
        )
    return len(moves)


def _after(tab: Tables, states: Array, move: Array) -> Array:
    """The classes off the goal that a blind move leaves from the states (every turn of
    them, as they are closed under the turns)."""
    if tab.m == 2:
        new = states ^ int(move @ tab.powers)
    else:
        new = ((tab.digits[states] + move) % tab.m) @ tab.powers
    live = np.zeros(tab.classes, dtype=bool)
    live[tab.cls[new]] = True
    return live & ~tab.goal


def touch_trap(tab: Tables, text: Any) -> None:
    """Check the trap: a non-empty set of classes outside the goal the Devil keeps.

    For each reach (one of each orbit): every class c of the trap must have a pattern v, shown
    by some state of c, such that every change w leaves, for some state y of c showing v, the
    state (w on the reach, the rest of y) in a class of the trap.
    """
    z = tab.belief(str(text), "the trap")
    if not z.any() or (z & tab.goal).any():
        raise CertificateFailed("the trap is empty or holds a goal state")
    k = tab.game.hands or 0
    reaches = {tab.orbit_key(c): list(c) for c in itertools.combinations(range(tab.n), k)}
    for pos in reaches.values():
        held = _trap_reach(tab, z, pos)
        if not held.all():
            states = np.flatnonzero(z[tab.cls])
            c = int(np.unique(tab.cls[states])[np.argmin(held)])
            x = tab.game.state_text(int(states[tab.cls[states] == c][0]))
            raise CertificateFailed(f"the trap's class of {x}: reach {pos} lets the player out")


def _trap_reach(tab: Tables, z: Array, pos: list[int]) -> Array:
    """For each class of the trap (in order), whether the Devil keeps it on this reach.

    A state is (w on the reach, o off it); the trap's states give, for each change w, the set
    of patterns o off the reach that stay in the trap.  A class showing v, with the patterns R
    off the reach, is kept when every change's set meets R.
    """
    m, k = tab.m, tab.game.hands or 0
    rest = [p for p in range(tab.n) if p not in pos]
    offs = m ** len(rest)
    felt_of = tab.digits[:, pos] @ (m ** np.arange(k))
    off_of = tab.digits[:, rest] @ (m ** np.arange(len(rest)))
    states = np.flatnonzero(z[tab.cls])
    group = tab.cls[states] * m**k + felt_of[states]  # (class, pattern), class-major
    order = np.argsort(group, kind="stable")
    keys, starts = np.unique(group[order], return_index=True)
    _, first = np.unique(keys // m**k, return_index=True)
    if offs <= 64:  # the sets of patterns off the reach as bitmasks
        one = np.uint64(1)
        inside = z[tab.cls].astype(np.uint64)
        meets = np.zeros(m**k, dtype=np.uint64)
        np.bitwise_or.at(meets, felt_of, inside << off_of.astype(np.uint64))
        bits = np.left_shift(one, off_of[states[order]].astype(np.uint64))
        masks = np.bitwise_or.reduceat(bits, starts)
        sets, which = np.unique(masks, return_inverse=True)
        kept = ((meets[:, None] & sets[None, :]) != 0).all(axis=0)[which]
    else:
        changes = tab.changes @ tab.powers[pos]
        rest_code = states - tab.digits[states][:, pos] @ tab.powers[pos]
        hit = z[tab.cls[rest_code[:, None] + changes[None, :]]]
        kept = np.maximum.reduceat(hit[order].view(np.uint8), starts, axis=0).all(axis=1)
    return np.maximum.reduceat(kept.astype(np.uint8), first).astype(bool)
