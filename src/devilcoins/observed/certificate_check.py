"""Check an optimality certificate (``observed.certificates``) with tables of its own.

Nothing of the solver is used: the states, the Devil's turns, the classes, the patterns felt
and the goal are rebuilt here from the ``Game`` (its size, values, group and goal test).  Each
half is checked as docs/mathematics.md §8.4 states it:

- upper bound (touch): the arrivals of every strategy node are followed for every turn; each
  state felt must have an outcome, each change must reach the goal or a node promising fewer
  moves; the start's node promises the value.
- upper bound (sight): every class outside the goal names a move after which every turn gives
  a class whose move is promised one move fewer.
- lower bound: every member belief of the witness (claim c >= 2) answers every reach with a
  pattern that can be felt there, after which every change leaves a belief that is not empty
  and, when c > 2, is (up to a listed symmetry of the game, each checked) a member with claim
  at least c - 1 or contains one left by another change; the start is a member with the value.
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

from devilcoins.core.errors import InvalidInput, NotSupported
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

    def symmetry(self, sym: Any, i: int) -> Array:
        """Check a listed symmetry and return its map of classes."""
        try:
            p = tuple(int(j) for j in sym["positions"])
            u, c = int(sym["scale"]), int(sym["shift"])
        except (KeyError, TypeError, ValueError):
            raise CertificateFailed(f"symmetry {i}: not positions, scale and shift") from None
        if sorted(p) != list(range(self.n)) or np.gcd(u, self.m) != 1:
            raise CertificateFailed(f"symmetry {i}: not a permutation and a unit scale")
        moved = np.empty_like(self.digits)
        moved[:, list(p)] = self.digits
        image = ((u * moved + c) % self.m) @ self.powers
        conj = {tuple(int(image_of) for image_of in _conjugate(q, p)) for q in self.perms}
        if conj != set(self.perms):
            raise CertificateFailed(f"symmetry {i}: it does not map the Devil's turns to his turns")
        cmap = np.zeros(self.classes, dtype=np.int64)
        cmap[self.cls] = self.cls[image]
        if (self.goal[cmap] != self.goal).any():
            raise CertificateFailed(f"symmetry {i}: it does not keep the goal")
        return cmap


def _conjugate(q: tuple[int, ...], p: tuple[int, ...]) -> list[int]:
    """The turn q seen after moving positions by p (position i goes to p[i])."""
    inv = [0] * len(p)
    for i, j in enumerate(p):
        inv[j] = i
    return [p[q[inv[j]]] for j in range(len(p))]


def _parse_values(game: Game, text: Any, k: int, what: str) -> tuple[int, ...]:
    from devilcoins.core import notation

    try:
        return tuple(notation.read_vector(str(text), k, game.values, what))
    except (InvalidInput, ValueError) as err:
        raise CertificateFailed(f"{what} {text!r}: {err}") from None


class _Lower:
    """The lower bound: the witness's members and their answers."""

    def __init__(self, tab: _Tables, cert: dict[str, Any]) -> None:
        self.tab, self.game = tab, tab.game
        self.maps = [tab.symmetry(s, i) for i, s in enumerate(cert.get("symmetries", []))]
        self.members: dict[bytes, int] = {}
        self.class_claim = np.zeros(tab.classes, dtype=np.int64)  # sight: claims are per class
        self.rows: list[tuple[int, Array, Any]] = []
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
            for key in self.keys(flags[None, :]):
                self.members[key] = max(self.members.get(key, 0), claim)
            self.class_claim[flags] = np.maximum(self.class_claim[flags], claim)
            self.rows.append((claim, flags, member.get("answers")))

    def keys(self, rows: Array) -> list[bytes]:
        """The keys of belief rows and of all their images (images after the rows)."""
        out = [np.packbits(r).tobytes() for r in rows]
        for cmap in self.maps:
            images = np.zeros_like(rows)
            for j in range(len(rows)):
                images[j, cmap[np.flatnonzero(rows[j])]] = True
            out += [np.packbits(r).tobytes() for r in images]
        return out

    def claim_of(self, row: Array) -> int:
        """The largest claim of a member equal to row (0 if none)."""
        return self.members.get(np.packbits(row).tobytes(), 0)

    def check(self) -> int:
        """Check every member; the start's claim (the lower bound proved)."""
        k = self.game.hands or 0
        orbits = self.tab.reach_orbits(k) if self.game.observe == "touch" else set()
        for i, (claim, flags, answers) in enumerate(self.rows):
            if self.game.observe == "touch":
                self._touch_member(i, claim, flags, answers, orbits)
            else:
                self._sight_member(i, claim, flags)
        start = ~self.tab.goal
        if not start.any():
            return 0
        if self.game.observe == "sight":  # the Devil picks the start: the largest claim
            return max(1, int(self.class_claim.max()))
        return max(1, self.claim_of(start))

    def _touch_member(
        self, i: int, claim: int, flags: Array, answers: Any, orbits: set[tuple[int, ...]]
    ) -> None:
        tab, k = self.tab, self.game.hands or 0
        covered = set()
        states = np.flatnonzero(flags[tab.cls])
        changes = tab.changes
        for j, answer in enumerate(_list(answers, f"witness member {i}'s answers")):
            where = f"witness member {i} (claim {claim}), answer {j}"
            try:
                positions = tuple(int(p) for p in answer[0])
                felt = _parse_values(self.game, answer[1], k, f"{where}: felt")
            except (TypeError, ValueError, IndexError):
                raise CertificateFailed(f"{where}: not [positions, felt]") from None
            if len(set(positions)) != k or not all(0 <= p < tab.n for p in positions):
                raise CertificateFailed(f"{where}: not {k} positions of the table")
            covered.add(tab.orbit_key(positions))
            pos = list(positions)
            shown = states[(tab.digits[states][:, pos] == felt).all(axis=1)]
            if not len(shown):
                raise CertificateFailed(f"{where}: no state of the belief shows {answer[1]}")
            rest = shown - tab.digits[shown][:, pos] @ tab.powers[pos]
            after = rest[None, :] + (changes @ tab.powers[pos])[:, None]
            self._next(where, claim, after)
        if covered != orbits:
            raise CertificateFailed(f"witness member {i}: some reach has no answer")

    def _next(self, where: str, claim: int, after: Array) -> None:
        """Every row of states after (one row per choice of the player) is a claim - 1."""
        tab = self.tab
        rows = np.zeros((len(after), tab.classes), dtype=bool)
        rows[np.arange(len(after))[:, None], tab.cls[after]] = True
        rows &= ~tab.goal
        empty = ~rows.any(axis=1)
        if empty.any():
            raise CertificateFailed(f"{where}: choice {int(np.argmax(empty))} reaches the goal")
        if claim <= 2:
            return
        packed = np.packbits(rows, axis=1)
        get = self.members.get
        found = np.array([get(key.tobytes(), 0) >= claim - 1 for key in packed])
        if found.all():
            return
        have = rows[found]
        for j in np.flatnonzero(~found):
            if not len(have) or not (~(have & ~rows[j]).any(axis=1)).any():
                raise CertificateFailed(
                    f"{where}: choice {j} leaves a belief that is no member claiming "
                    f"{claim - 1} or more"
                )

    def _sight_member(self, i: int, claim: int, flags: Array) -> None:
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


def _trap(tab: _Tables, text: Any) -> None:
    """Check the trap: a non-empty set of classes outside the goal the Devil keeps.

    For each reach (one of each orbit): every class c of the trap must have a pattern v, shown
    by some state of c, such that every change w leaves, for some state y of c showing v, the
    state (w on the reach, the rest of y) in a class of the trap.
    """
    m, k = tab.m, tab.game.hands or 0
    z = tab.belief(str(text), "the trap")
    if not z.any() or (z & tab.goal).any():
        raise CertificateFailed("the trap is empty or holds a goal state")
    combos = itertools.combinations(range(tab.n), k)
    reaches = {tab.orbit_key(c): list(c) for c in combos}.values()
    changes = tab.changes
    states = np.flatnonzero(z[tab.cls])
    for pos in reaches:
        felt = tab.digits[states][:, pos] @ (m ** np.arange(k))
        rest = states - tab.digits[states][:, pos] @ tab.powers[pos]
        hit = z[tab.cls[rest[:, None] + (changes @ tab.powers[pos])[None, :]]]
        group = tab.cls[states] * m**k + felt  # (class, pattern), class-major
        order = np.argsort(group, kind="stable")
        keys, starts = np.unique(group[order], return_index=True)
        kept = np.maximum.reduceat(hit[order].view(np.uint8), starts, axis=0).all(axis=1)
        classes, first = np.unique(keys // m**k, return_index=True)
        held = np.maximum.reduceat(kept.view(np.uint8), first)
        if not held.all():
            c = int(classes[np.argmin(held)])
            x = tab.game.state_text(int(states[tab.cls[states] == c][0]))
            raise CertificateFailed(f"the trap's class of {x}: reach {pos} lets the player out")


def check_certificate(game: Game, cert: Any) -> Checked:
    """Check a certificate (parsed JSON) for a touch or sight game: both halves, or the trap."""
    if game.observe not in ("touch", "sight"):
        raise NotSupported(f"certificates are checked for touch and sight games, not {game}")
    if not isinstance(cert, dict) or cert.get("certificate") != "devilcoins certificate":
        raise InvalidInput("not a devilcoins certificate (its first field says what it is)")
    if cert.get("game") != str(game):
        raise InvalidInput(f"the certificate is for {cert.get('game')!r}, not {game}")
    tab = _Tables(game)
    value = cert.get("value")
    evidence: list[Evidence] = []
    if value is None:
        try:
            _trap(tab, cert.get("trap"))
            evidence.append(_ok("the Devil's trap", "every class of it keeps one of it possible"))
        except CertificateFailed as err:
            evidence.append(_failed("the Devil's trap", str(err)))
        return Checked(game, None, all(e.holds for e in evidence), tuple(evidence))
    upper = _half(
        "upper bound (the strategy)",
        lambda: (_touch_upper if game.observe == "touch" else _sight_upper)(
            tab, cert.get("strategy")
        ),
        lambda got: f"wins within {got:,} moves from every start against every turn",
        lambda got: got <= int(value),
    )
    lower = _half(
        "lower bound (the Devil's witness)",
        lambda: _Lower(tab, cert).check(),
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
