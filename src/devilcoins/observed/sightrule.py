"""The sight game for any n and m: the verdict from the rule, with evidence stated or checked.

The game: n dials of m values on a turning table, goal all zero, any move; the player sees the
dials before each move and the Devil turns the table before the move lands.  Bar-Yehuda, Etzion
& Moran (1993) prove the player wins iff n and m are powers of the same prime, and that the
optimal worst case is the greatest *depth* of a word (how many differences x - turn(x) reach
zero), for which they give tight bounds.  devilcoins computes the game exactly where its
classes fit; on every game computed the least worst case is

    0 if m = 1;  1 if n = 1;  n + (k - 1)(n - n/p) if n = p^j and m = p^k (n when m is prime);

and the Devil wins otherwise (docs/observed.md, "sight").  ``prove_sight`` states that rule for
any n and m and checks it now, by the exact solver, wherever m^n <= ``CHECK_STATES``.

>>> p = prove_sight(16, 2)
>>> p.winnable, p.length, [e.checked for e in p.evidence]
(True, 16, [False, False, True])
>>> prove_sight(2**20, 2).length, prove_sight(10**6, 2).winnable
(1048576, False)
"""

from __future__ import annotations

import textwrap
import time
from dataclasses import dataclass

from devilcoins.core.errors import DevilcoinsError, check_n
from devilcoins.core.game import Game
from devilcoins.core.numbers import prime_factors, same_prime_power
from devilcoins.observed.andor import check_devil, check_tree, solve_sight
from devilcoins.results import Evidence

__all__ = ["CHECK_STATES", "SightProof", "prove_sight", "sight_rule"]

#: The largest m^n whose game prove_sight also solves exactly (16 coins: about half a second).
CHECK_STATES = 1 << 16

#: The largest m^n whose solved strategy prove_sight also replays against every start and turn
#: (``check_tree``, plain Python: 12 coins in about a second), and whose Devil's hold-out set it
#: checks against every move (``check_devil``, every state against every move: 9 coins).
REPLAY_STATES = 1 << 12
HOLDOUT_STATES = 1 << 9

#: The games the rule was checked on when it was found (docs/observed.md).
COMPUTED = "every n, m with m^n <= 2^16 (88 games), and (27, 3), (32, 2), (64, 2), (128, 2)"


def _exponent(x: int, p: int) -> int:
    k = 0
    while x > 1:
        x //= p
        k += 1
    return k


def sight_rule(n: int, m: int) -> int | None:
    """The least worst-case number of moves by the rule (None: the Devil holds out).

    >>> [sight_rule(n, m) for n, m in ((8, 2), (3, 3), (4, 4), (9, 3), (2, 8), (4, 8), (3, 9))]
    [8, 3, 6, 9, 4, 8, 5]
    """
    n, m = check_n(n), check_n(m, what="values", low=1)
    if m == 1:
        return 0
    if n == 1:
        return 1
    if not same_prime_power(n, m):
        return None
    p = prime_factors(m)[0]
    return n + (_exponent(m, p) - 1) * (n - n // p)


@dataclass(frozen=True, kw_only=True)
class SightProof:
    """The verdict for the sight game of n dials with m values, and its evidence."""

    n: int
    m: int
    winnable: bool
    length: int | None
    evidence: tuple[Evidence, ...]
    seconds: float

    @property
    def holds(self) -> bool:
        """Every check run now came out as the verdict says."""
        return all(e.detail.get("holds", True) for e in self.evidence if e.checked)

    def to_json(self) -> dict[str, object]:
        """The verdict and its evidence as plain JSON data."""
        return {
            "n": self.n,
            "values": self.m,
            "observe": "sight",
            "winnable": self.winnable,
            "length": self.length,
            "holds": self.holds,
            "seconds": round(self.seconds, 6),
            "evidence": [e.to_json() for e in self.evidence],
        }

    def to_text(self) -> str:
        """The verdict line, then each piece of evidence marked [stated] or [checked]."""
        head = f"n={self.n:,} values={self.m:,} observe=sight: "
        if self.winnable:
            head += f"the player wins in the worst case in {self.length:,} moves."
        else:
            head += "the Devil holds out forever."
        lines = [head, ""]
        for e in self.evidence:
            lines.append(f"[{'checked' if e.checked else 'stated'}] {e.name}")
            lines += textwrap.wrap(e.statement, 96, initial_indent="    ", subsequent_indent="    ")
        return "\n".join(lines) + "\n"


def _winnability(n: int, m: int, winnable: bool) -> Evidence:
    if m == 1 or n == 1:
        why = "every state is the goal" if m == 1 else "one dial: see it, set it to zero"
    else:
        primes = sorted(set(prime_factors(n)) | set(prime_factors(m)))
        why = (
            f"here both are powers of {primes[0]}"
            if winnable
            else f"here they are not (primes {', '.join(map(str, primes))})"
        )
    return Evidence(
        name="winnable iff n and m are powers of the same prime",
        statement=f"Bar-Yehuda, Etzion & Moran (1993) prove it for the sighted player; {why}.",
        checked=False,
    )


def _length(n: int, m: int, length: int | None) -> Evidence:
    if length is None:
        text = "no length: the Devil keeps a dial off zero forever."
    else:
        text = (
            f"0 if m = 1, 1 if n = 1, else n + (k - 1)(n - n/p) for n = p^j, m = p^k: {length:,} "
            f"moves here. Observed by devilcoins on {COMPUTED}; "
            "the paper bounds the same quantity (the depth of words) tightly."
        )
    return Evidence(name="the least worst case, by the rule", statement=text, checked=False)


def _solved(n: int, m: int, length: int | None) -> Evidence:
    """Solve the game now and compare it with the rule (and check the tree or certificate)."""
    sol = solve_sight(Game(n, values=m, observe="sight"))
    replay = m**n <= (REPLAY_STATES if sol.winnable else HOLDOUT_STATES)
    if not replay:
        ok = True
    else:
        ok = check_tree(sol) if sol.winnable else (not sol.devil or check_devil(sol))
    holds = sol.length == length and ok
    if sol.winnable:
        got = f"{sol.length} moves" + (
            ", the strategy replayed against every start and turn"
            if replay
            else " (solve --save FILE.jsonl, then verify, replays the strategy)"
        )
    else:
        got = "the Devil holds out" + (", its hold-out set checked" if sol.devil and replay else "")
    return Evidence(
        name="the game solved exactly now",
        statement=(
            f"Value iteration over all {sol.explored:,} classes ({sol.seconds:.3f} s): {got}; "
            + ("it agrees with the rule." if holds else "it DISAGREES with the rule.")
        ),
        checked=True,
        detail={"holds": holds, "length": sol.length, "classes": sol.explored},
    )


def prove_sight(n: int, m: int, *, check_states: int = CHECK_STATES) -> SightProof:
    """The sight game's verdict for any n and m, checked by solving it when m^n is small."""
    t0 = time.perf_counter()
    n, m = check_n(n), check_n(m, what="values", low=1)
    if n > 10**12 or m > 10**12:
        raise DevilcoinsError("prove answers n and m up to 10^12 (they are factored)")
    length = sight_rule(n, m)
    evidence = [_winnability(n, m, length is not None), _length(n, m, length)]
    if m > 1 and m ** min(n, 64) <= check_states:
        evidence.append(_solved(n, m, length))
    return SightProof(
        n=n,
        m=m,
        winnable=length is not None,
        length=length,
        evidence=tuple(evidence),
        seconds=time.perf_counter() - t0,
    )
