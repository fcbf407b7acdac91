"""Check an optimality certificate (``observed.certificates``) with tables of its own.

Nothing of the solver is used: the states, the Devil's turns, the classes, the patterns felt
and the goal are rebuilt here from the ``Game`` (its size, values, group and goal test).  Each
half is checked as docs/mathematics.md §8.4 states it:

- upper bound (touch): the arrivals of every strategy node are followed for every turn; each
  state felt must have an outcome, each change must reach the goal or a node promising fewer
  moves; the start's node promises the value.
- upper bound (sight): every class outside the goal names a move after which every turn gives
  a class whose move is promised one move fewer.
- lower bound (touch): every node of the witness (a reach, the patterns off it, a claim c)
  leaves, after every change, a belief that is not empty and, when c >= 2, shows on every
  reach some pattern whose patterns off it hold a node (or a node turned by the Devil)
  claiming c - 1 or more; the start shows such a node claiming V - 1 on every reach.
- lower bound (sight): every class claimed c >= 2 has, for every move, a turn leaving a class
  outside the goal claimed c - 1 or more (when c > 2).
- trap: every class of it, for every reach, has a pattern after which every change keeps a
  class of the trap possible (and no class of it is in the goal).

>>> from devilcoins.core.game import Game
>>> from devilcoins.observed.andor import solve_touch
>>> from devilcoins.observed.certificates import touch_certificate
>>> game = Game.parse('n=4 hands=2 goal=same observe=touch')
>>> check_certificate(game, touch_certificate(solve_touch(game))).holds
True
"""

from __future__ import annotations

import base64
import itertools
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np

from devilcoins.core.errors import DevilcoinsError, InvalidInput, NotSupported
from devilcoins.core.game import Game
from devilcoins.results import Evidence

__all__ = ["CertificateFailed", "Checked", "check_certificate"]

Array = np.ndarray


class CertificateFailed(Exception):
    """A check of the certificate failed; the message names where."""


@dataclass(frozen=True)
class Checked:
    """The outcome: whether both halves hold, and the evidence of each."""

    game: Game
    value: int | None
    holds: bool
    evidence: tuple[Evidence, ...]

    def lines(self) -> list[str]:
        """The verdict line and one line per half."""
        what = (
            f"the least worst case is exactly {self.value:,} moves"
            if self.value is not None
            else "the Devil wins (the trap holds)"
        )
        head = f"{self.game}: the certificate {'holds' if self.holds else 'FAILS'}: "
        out = [head + (what if self.holds else "see the failed check below")]
        out += [f"[{e.mark}] {e.name}: {e.statement}" for e in self.evidence]
        return out


class _Tables:
    """States as digit rows, the Devil's turns, classes (dense numbers), the goal."""

    def __init__(self, game: Game) -> None:
        if game.devil_moves is not None:
            raise NotSupported("certificates are checked for a Devil with a group of turns")
        n, m = game.n, game.values
        self.game, self.n, self.m = game, n, m
        self.size = m**n
        self.powers = m ** np.arange(n, dtype=np.int64)
        codes = np.arange(self.size, dtype=np.int64)
        self.digits = (codes[:, None] // self.powers) % m
        self.perms = [tuple(int(i) for i in p) for p in game.turns]
        images = np.stack([self.digits[:, list(p)] @ self.powers for p in self.perms], axis=1)
        least = images.min(axis=1)
        reps, self.cls = np.unique(least, return_inverse=True)
        self.classes = len(reps)
        goal_state = np.array([game.in_goal(int(x)) for x in codes], dtype=bool)
        self.goal = np.zeros(self.classes, dtype=bool)
        self.goal[self.cls[goal_state]] = True
        if (self.goal[self.cls] != goal_state).any():
            raise NotSupported(f"{game}: the goal is not a union of the Devil's classes")

    def belief(self, text: str, what: str) -> Array:
        """The classes (a flag each) of the states in a base64 bitset."""
        try:
            raw = np.frombuffer(base64.b64decode(text, validate=True), dtype=np.uint8)
        except (ValueError, TypeError):
            raise CertificateFailed(f"{what}: its states are not base64") from None
        bits = np.unpackbits(raw, bitorder="little")
        if len(bits) < self.size or bits[self.size :].any():
            raise CertificateFailed(f"{what}: its states are not a bitset of {self.size:,} states")
        flags = np.zeros(self.classes, dtype=bool)
        flags[self.cls[np.flatnonzero(bits[: self.size])]] = True
        return flags

    @cached_property
    def changes(self) -> Array:
        """Every choice of values on a reach of k positions, one row each."""
        k = self.game.hands or 0
        return np.array(list(itertools.product(range(self.m), repeat=k)), dtype=np.int64)

    @cached_property
    def moves(self) -> Array:
        """The digits of the allowed moves, one of each class (sight)."""
        return self.digits[[a for a in self.move_classes() if self.game.allowed(a)]]

    def move_classes(self) -> list[int]:
        """One move of each class of moves (a move and its turns lead to the same classes)."""
        first: dict[int, int] = {}
        for x, c in enumerate(self.cls):
            first.setdefault(int(c), x)
        return sorted(first.values())

    def orbit_key(self, positions: tuple[int, ...]) -> tuple[int, ...]:
        """The least image of a set of positions under the Devil's turns (one per orbit)."""
        return min(tuple(sorted(p.index(i) for i in positions)) for p in self.perms)

    def reach_orbits(self, k: int) -> set[tuple[int, ...]]:
        """Every set of k positions, up to the turns."""
        return {self.orbit_key(c) for c in itertools.combinations(range(self.n), k)}


def _parse_values(game: Game, text: Any, k: int, what: str) -> tuple[int, ...]:
    from devilcoins.core import notation

    try:
        return tuple(notation.read_vector(str(text), k, game.values, what))
    except (InvalidInput, ValueError) as err:
        raise CertificateFailed(f"{what} {text!r}: {err}") from None


class _SightLower:
    """The lower bound of a sight game: a claim for classes, each class's moves answered."""

    def __init__(self, tab: _Tables, cert: dict[str, Any]) -> None:
        self.tab, self.game = tab, tab.game
        self.class_claim = np.zeros(tab.classes, dtype=np.int64)
        self.rows: list[tuple[int, Array]] = []
        for i, member in enumerate(_list(cert.get("witness", []), "witness")):
            try:
                claim, states = int(member["claim"]), member["states"]
            except (KeyError, TypeError, ValueError):
                raise CertificateFailed(f"witness member {i}: no claim and states") from None
            flags = tab.belief(states, f"witness member {i}")
            if (flags & tab.goal).any() or not flags.any():
                raise CertificateFailed(f"witness member {i}: empty or holds a goal state")
            if claim < 2:
                raise CertificateFailed(f"witness member {i}: claims {claim} (members claim >= 2)")
            self.class_claim[flags] = np.maximum(self.class_claim[flags], claim)
            self.rows.append((claim, flags))

    def check(self, value: int) -> int:
        """Check every member; the lower bound proved (the Devil picks the start)."""
        for i, (claim, flags) in enumerate(self.rows):
            self._member(i, claim, flags)
        if not (~self.tab.goal).any():
            return 0
        return max(1, int(self.class_claim.max()))

    def _member(self, i: int, claim: int, flags: Array) -> None:
        tab = self.tab
        moves = tab.moves
        for c in np.flatnonzero(flags):
            x = int(np.flatnonzero(tab.cls == c)[0])
            turned = np.array([tab.digits[x][list(p)] for p in tab.perms])
            after = tab.cls[((turned[:, None, :] + moves[None, :, :]) % tab.m) @ tab.powers]
            live = ~tab.goal[after]
            if claim > 2:
                live &= self.class_claim[after] >= claim - 1
            if not live.any(axis=0).all():
                a = int(np.argmax(~live.any(axis=0)))
                raise CertificateFailed(
                    f"witness member {i} (claim {claim}): after move "
                    f"{self.game.state_text(int(moves[a] @ tab.powers))} no turn leaves a class "
                    f"claiming {claim - 1}"
                )


#: The most patterns off a reach the touch checker takes (a table of 2^this claims a reach).
_MOST_OFF = 16


#: The most changes whose beliefs are compared in pairs (to check only the smallest).
_PAIRS = 1024


def _text(game: Game, values: Array) -> str:
    """Values as the notation writes them (H and T for two values, else digits)."""
    return "".join("HT"[v] for v in values) if game.values == 2 else "".join(map(str, values))


def _rest(n: int, positions: tuple[int, ...]) -> list[int]:
    """The positions not in a reach, in increasing order."""
    return [p for p in range(n) if p not in positions]


class _TouchLower:
    """The lower bound of a touch game from the witness's nodes.

    Each node and its images under the Devil's turns are entered in a table per reach (one
    reach of each orbit): for every set of patterns off the reach, the largest claim of a node
    inside it.  A belief B then has V(B) >= c when, on every reach, some pattern B shows there
    leaves a set of patterns whose table entry is c - 1 or more; a node claiming c holds when
    every change leaves a belief, not empty, with V >= c.  Claims are checked from the nodes
    alone, so the argument is by induction on the claim (docs/mathematics.md §8.4).
    """

    def __init__(self, tab: _Tables, cert: dict[str, Any]) -> None:
        game, n, m = tab.game, tab.n, tab.m
        self.tab, self.k = tab, game.hands or 0
        self.offs, self.felts = m ** (n - self.k), m**self.k
        if self.offs > _MOST_OFF:
            raise CertificateFailed(
                f"{self.offs} patterns off a reach: this checker's tables take at most {_MOST_OFF}"
            )
        self.reps = sorted(tab.reach_orbits(self.k))
        self.rep_of = {rep: i for i, rep in enumerate(self.reps)}
        self.felt = np.stack(
            [tab.digits[:, list(rep)] @ m ** np.arange(self.k) for rep in self.reps]
        )
        self.off = np.stack(
            [tab.digits[:, _rest(n, rep)] @ m ** np.arange(n - self.k) for rep in self.reps]
        )
        self.turned = np.stack([tab.digits[:, list(p)] @ tab.powers for p in tab.perms], axis=1)
        self.in_goal = tab.goal[tab.cls]
        self.table = np.full((len(self.reps), 1 << self.offs), -1, dtype=np.int8)
        witness = _list(cert.get("witness"), "witness")
        self.nodes = [self._read(i, node) for i, node in enumerate(witness)]
        for claim, positions, base in self.nodes:
            self._enter(claim, positions, base)
        for b in range(self.offs):  # the largest claim inside each set of patterns
            view = self.table.reshape(len(self.reps), -1, 2, 1 << b)
            np.maximum(view[:, :, 1, :], view[:, :, 0, :], out=view[:, :, 1, :])

    def _read(self, i: int, node: Any) -> tuple[int, tuple[int, ...], Array]:
        """A node's claim, reach and its states with zeros on the reach."""
        tab, n, k = self.tab, self.tab.n, self.k
        try:
            claim = int(node["claim"])
            positions = tuple(int(p) for p in node["reach"])
            off = _list(node["off"], f"witness node {i}'s off")
        except (KeyError, TypeError, ValueError):
            raise CertificateFailed(f"witness node {i}: not claim, reach and off") from None
        if len(set(positions)) != k or not all(0 <= p < n for p in positions):
            raise CertificateFailed(f"witness node {i}: not {k} positions of the table")
        if not 1 <= claim <= 127:
            raise CertificateFailed(f"witness node {i}: claims {claim} (nodes claim 1 to 127)")
        if not off:
            raise CertificateFailed(f"witness node {i}: no pattern off its reach")
        what = f"witness node {i}: off"
        rows = [_parse_values(tab.game, text, n - k, what) for text in off]
        return claim, positions, np.array(rows, dtype=np.int64) @ tab.powers[_rest(n, positions)]

    def _enter(self, claim: int, positions: tuple[int, ...], base: Array) -> None:
        """Enter a node's images under the turns into the tables of the reaches they land on
        (a turn sends the value at position p[i] to position i)."""
        for t, p in enumerate(self.tab.perms):
            image = tuple(sorted(i for i in range(self.tab.n) if p[i] in positions))
            rep = self.rep_of.get(image)
            if rep is None:
                continue
            mask = int(np.bitwise_or.reduce(1 << self.off[rep, self.turned[base, t]]))
            self.table[rep, mask] = max(int(self.table[rep, mask]), claim)

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
        rows = np.arange(len(states))[:, None]
        for r in range(len(self.reps)):
            key = (rows * self.felts + self.felt[r, states])[live]
            bit = np.left_shift(1, self.off[r, states][live])
            order = np.argsort(key, kind="stable")
            key, bit = key[order], bit[order]
            starts = np.flatnonzero(np.r_[True, key[1:] != key[:-1]])
            masks = np.bitwise_or.reduceat(bit, starts)
            row = key[starts] // self.felts  # sorted, as the keys are
            first = np.flatnonzero(np.r_[True, row[1:] != row[:-1]])
            best = np.full(len(states), -1, dtype=np.int64)
            best[row[first]] = np.maximum.reduceat(self.table[r, masks], first)
            short = best < need
            if short.any():
                return int(np.argmax(short)), r
        return None


class _CountLower:
    """The lower bound of a count game: member beliefs with claims; after every move from a
    member claiming c, some count heard leaves a belief (outside the goal) that is not empty
    and, when c > 2, holds a member claiming c - 1 or more."""

    def __init__(self, tab: _Tables, cert: dict[str, Any], key: str = "witness") -> None:
        self.tab = tab
        weights = (tab.digits != 0).sum(axis=1)
        self.weight = np.zeros(tab.classes, dtype=np.int64)
        self.weight[tab.cls] = weights
        rows, claims = [], []
        for i, member in enumerate(_list(cert.get(key), key)):
            what = f"{key} member {i}"
            try:
                claim = int(member["claim"]) if key == "witness" else 2
                flags = tab.belief(member["states"] if key == "witness" else member, what)
            except (KeyError, TypeError, ValueError):
                raise CertificateFailed(f"{what}: no claim and states") from None
            if (flags & tab.goal).any() or not flags.any():
                raise CertificateFailed(f"{what}: empty or holds a goal state")
            if claim < 2:
                raise CertificateFailed(f"{what}: claims {claim} (members claim >= 2)")
            rows.append(flags)
            claims.append(claim)
        self.rows = np.array(rows, dtype=bool).reshape(len(rows), tab.classes)
        self.claims = np.array(claims, dtype=np.int64)
        self.key = key
        self.exact: dict[bytes, int] = {}
        for flags, claim in zip(rows, claims, strict=True):
            packed = np.packbits(flags).tobytes()
            self.exact[packed] = max(self.exact.get(packed, 0), claim)

    def holds(self, belief: Array, need: int) -> bool:
        """Whether the belief (flags over classes) holds a member claiming need or more (a
        member equal to it is looked up first)."""
        if self.exact.get(np.packbits(belief).tobytes(), 0) >= need:
            return True
        fits = ~(self.rows & ~belief).any(axis=1)
        return bool((fits & (self.claims >= need)).any())

    def check(self, value: int) -> int:
        """Check every member; the start's claim (the lower bound proved)."""
        start = ~self.tab.goal
        if not start.any():
            return 0
        for i, (flags, claim) in enumerate(zip(self.rows, self.claims, strict=True)):
            self._member(i, flags, int(claim))
        if value >= 2 and not self.holds(start, value):
            raise CertificateFailed(f"the start is no member claiming {value} or more")
        return max(1, value)

    def _member(self, i: int, flags: Array, claim: int) -> None:
        tab = self.tab
        states = np.flatnonzero(flags[tab.cls])
        for a in tab.moves:
            after = np.unique(tab.cls[((tab.digits[states] + a) % tab.m) @ tab.powers])
            after = after[~tab.goal[after]]
            ok = False
            for w in np.unique(self.weight[after]):
                part = np.zeros(tab.classes, dtype=bool)
                part[after[self.weight[after] == w]] = True
                ok = (self.key == "witness" and claim <= 2) or self.holds(part, claim - 1)
                if ok:
                    break
            if not ok:
                move = self.tab.game.state_text(int(a @ tab.powers))
                raise CertificateFailed(
                    f"{self.key} member {i} (claim {claim}): after the move {move} no count "
                    f"heard leaves a belief claiming {claim - 1} or more"
                    if self.key == "witness"
                    else f"trap member {i}: after the move {move} every count lets the player out"
                )


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise CertificateFailed(f"{what}: not a list")
    return value


def _touch_upper(tab: _Tables, strategy: Any) -> int:
    """The strategy's promise at the start, after checking every node."""
    game, m, k = tab.game, tab.m, tab.game.hands or 0
    nodes = _list(strategy.get("nodes") if isinstance(strategy, dict) else None, "strategy")
    plans = {}
    for j, node in enumerate(nodes):
        try:
            number, left, reach = int(node["node"]), int(node["left"]), list(node["reach"])
            outcomes = _list(node["outcomes"], f"node {j}'s outcomes")
        except (KeyError, TypeError, ValueError):
            raise CertificateFailed(f"strategy node {j}: not node, left, reach, outcomes") from None
        pos = [int(p) for p in reach]
        if len(set(pos)) != k or not all(0 <= p < tab.n for p in pos) or number in plans:
            raise CertificateFailed(f"strategy node {number}: a bad reach or a repeated number")
        table = np.full(m**k, -1, dtype=np.int64)
        sets, nexts = np.zeros((m**k, k), dtype=np.int64), np.full(m**k, -1, dtype=np.int64)
        for out in outcomes:
            try:
                felt = _parse_values(game, out[0], k, f"node {number}: felt")
                new = _parse_values(game, out[1], k, f"node {number}: set")
                f = int(np.dot(felt, m ** np.arange(k)))
                table[f], sets[f] = 1, new
                nexts[f] = -2 if out[2] == "win" else int(out[2])
            except (TypeError, ValueError, IndexError):
                raise CertificateFailed(f"strategy node {number}: an outcome {out!r}") from None
        plans[number] = (left, pos, table, sets, nexts)
    if not plans:
        return 0
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


def _sight_upper(tab: _Tables, strategy: Any) -> int:
    """The sight policy's worst case, after checking every class."""
    from devilcoins.observed.check import verify_tree

    checked = verify_tree(tab.game, {"tree": strategy})
    if not checked.wins:
        raise CertificateFailed("the sight policy does not win from every start")
    return int(checked.won_at or 0)


def _count_upper(tab: _Tables, strategy: Any) -> int:
    """The count strategy's worst case, replayed against every start and turn."""
    from devilcoins.observed.check import verify_tree

    if not isinstance(strategy, dict):
        raise CertificateFailed("the strategy is not a count strategy's nodes")
    if not (~tab.goal).any():
        return 0  # every state is in the goal: no move is needed
    try:
        checked = verify_tree(tab.game, strategy)
    except DevilcoinsError as err:
        raise CertificateFailed(f"the strategy: {err}") from None
    if not checked.wins:
        raise CertificateFailed("the count strategy does not win from every start")
    return int(checked.won_at or 0)


def _trap(tab: _Tables, text: Any) -> None:
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


def _trap_reach(tab: _Tables, z: Array, pos: list[int]) -> Array:
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


_UPPER = {"touch": _touch_upper, "sight": _sight_upper, "count": _count_upper}
_LOWER: dict[str, Any] = {"touch": _TouchLower, "sight": _SightLower, "count": _CountLower}


def check_certificate(game: Game, cert: Any) -> Checked:
    """Check a certificate (parsed JSON) for a touch or sight game: both halves, or the trap."""
    if game.observe not in ("touch", "sight", "count"):
        raise NotSupported(f"certificates are checked for touch, sight and count games, not {game}")
    if not isinstance(cert, dict) or cert.get("certificate") != "devilcoins certificate":
        raise InvalidInput("not a devilcoins certificate (its first field says what it is)")
    if cert.get("version") != 2:
        raise InvalidInput(
            f"a certificate of format version {cert.get('version')!r}; this devilcoins checks "
            "version 2 (write it again with solve ... --certificate)"
        )
    if cert.get("game") != str(game):
        raise InvalidInput(f"the certificate is for {cert.get('game')!r}, not {game}")
    tab = _Tables(game)
    value = cert.get("value")
    evidence: list[Evidence] = []
    if value is None:
        try:
            if game.observe == "count":
                trap = _CountLower(tab, cert, "trap")
                if not trap.holds(~tab.goal, 1):
                    raise CertificateFailed("the trap holds no belief inside the start")
                trap.check(2)
                kept = "every belief of it has, after every move, a count that keeps one of it"
            else:
                _trap(tab, cert.get("trap"))
                kept = "every class of it keeps one of it possible"
            evidence.append(_ok("the Devil's trap", kept))
        except CertificateFailed as err:
            evidence.append(_failed("the Devil's trap", str(err)))
        return Checked(game, None, all(e.holds for e in evidence), tuple(evidence))
    upper = _half(
        "upper bound (the strategy)",
        lambda: _UPPER[game.observe](tab, cert.get("strategy")),
        lambda got: f"wins within {got:,} moves from every start against every turn",
        lambda got: got <= int(value),
    )
    lower = _half(
        "lower bound (the Devil's witness)",
        lambda: _LOWER[game.observe](tab, cert).check(int(value)),
        lambda got: f"no strategy wins in fewer than {got:,} moves",
        lambda got: got >= int(value),
    )
    return Checked(game, int(value), upper.holds is True and lower.holds is True, (upper, lower))


def _half(name: str, run: Any, said: Any, enough: Any) -> Evidence:
    try:
        got = run()
    except CertificateFailed as err:
        return _failed(name, str(err))
    if not enough(got):
        return _failed(name, said(got) + ", not the value claimed")
    return _ok(name, said(got))


def _ok(name: str, text: str) -> Evidence:
    return Evidence(name=name, statement=text + ".", checked=True, holds=True)


def _failed(name: str, text: str) -> Evidence:
    return Evidence(name=name, statement=text + ".", checked=True, holds=False)
