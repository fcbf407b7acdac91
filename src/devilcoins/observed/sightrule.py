"""The sight game for any n and m: the verdict by the theorem, with evidence stated or checked.

The game: n dials of m values on a turning table, goal all zero, any move; the player sees the
dials before each move and the Devil turns the table before the move lands.  The theorem
(Bar-Yehuda, Etzion & Moran 1993; for m = 2^l also Lewis & Tefft, arXiv:2401.17502): the
player wins iff n and m are powers of the same prime (or m = 1, or n = 1), and the least worst
case is

    0 if m = 1;  1 if n = 1;  n + (k - 1)(n - n/p) if n = p^j and m = p^k (n when m is prime).

For prime m docs/mathematics.md section 8.1 proves the length.  ``prove_sight`` states the
theorem for any n and m, and checks it now, by the exact solver, wherever m^n <=
``CHECK_STATES``; devilcoins had found the same numbers on every game it solved
(docs/observed.md, "sight").

>>> p = prove_sight(Game(16, observe='sight'))
>>> p.winnable, p.length, [e.mark for e in p.evidence]
(True, 16, ['stated', 'stated', 'checked'])
>>> prove_sight(Game(2**20, observe='sight')).length
1048576
>>> prove_sight(Game(10**6, observe='sight')).winnable
False
"""

from __future__ import annotations

from devilcoins.core.compiling import Stopwatch
from devilcoins.core.errors import NotSupported, TooLarge, check_n
from devilcoins.core.game import Game
from devilcoins.core.numbers import prime_factors, same_prime_power
from devilcoins.core.observe import Observe
from devilcoins.observed.replay import verify_sight
from devilcoins.observed.sight import solve_sight
from devilcoins.results import Evidence, EvidenceKind, How, Verdict
from devilcoins.traps import sight_trap_holds

__all__ = [
    "CHECK_STATES",
    "count_by_sight",
    "count_solves_quickly",
    "is_sight_rule_game",
    "prove_sight",
    "sight_rule",
]

#: The largest m^n whose game prove_sight also solves exactly (16 coins: about half a second).
CHECK_STATES = 1 << 16

#: The largest m^n whose solved strategy prove_sight also replays against every start and turn
#: (plain Python: 12 coins in about a second), and whose Devil's trap it checks against every
#: move (every state against every move: 9 coins).
REPLAY_STATES = 1 << 12
TRAP_STATES = 1 << 9


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
    return Evidence.stated(
        EvidenceKind.RULE,
        "winnable iff n and m are powers of the same prime",
        f"Bar-Yehuda, Etzion & Moran (1993) prove it for the sighted player; {why}.",
    )


def _length(n: int, m: int, length: int | None) -> Evidence:
    if length is None:
        text = "no length: the Devil keeps a dial off zero forever."
    elif m == 1 or n == 1:
        text = f"0 if m = 1, 1 if n = 1: {length} move{'s' * (length != 1)} here."
    else:
        p = prime_factors(m)[0]
        text = (
            f"n + (k - 1)(n - n/p) for n = p^j, m = p^k: {length:,} moves here. A theorem of "
            "Bar-Yehuda, Etzion & Moran (1993), who bound the depth of words tightly"
            + (
                "; for p = 2 Lewis & Tefft (arXiv:2401.17502) give 2^(j-1)(k+1), the same number"
                if p == 2
                else ""
            )
            + (
                ". For prime m, as here, docs/mathematics.md section 8.1 proves it."
                if m == p
                else "."
            )
        )
    return Evidence.stated(EvidenceKind.RULE, "the least worst case, by the theorem", text)


def _solved(n: int, m: int, length: int | None) -> Evidence:
    """Solve the game now and compare it with the rule (and check the tree or certificate)."""
    game = Game(n, values=m, observe=Observe.SIGHT)
    sol = solve_sight(game)
    replay = m**n <= (REPLAY_STATES if sol.winnable else TRAP_STATES)
    if not replay:
        ok = True
    elif sol.winnable:
        checked = verify_sight(game, sol.strategy_json())
        ok = checked.wins and checked.won_at == sol.length
    else:
        ok = not sol.trap or sight_trap_holds(game, sol.trap)
    holds = sol.length == length and ok
    if sol.winnable:
        got = f"{sol.length} move{'s' * (sol.length != 1)}" + (
            ", the strategy replayed against every start and turn"
            if replay
            else " (solve --save FILE.jsonl, then verify, replays the strategy)"
        )
    else:
        got = "the Devil holds out" + (", his trap checked" if sol.trap and replay else "")
    return Evidence(
        kind=EvidenceKind.CHECK,
        name="the game solved exactly now",
        statement=(
            f"Value iteration over all {sol.explored:,} classes ({sol.seconds:.3f} s): {got}; "
            + ("it agrees with the theorem." if holds else "it DISAGREES with the theorem.")
        ),
        checked=True,
        holds=holds,
        detail={"length": sol.length, "classes": sol.explored},
    )


def is_sight_rule_game(game: Game) -> bool:
    """Whether the rule speaks of this game: sight, values adding mod m, the cyclic group, any
    move, goal zero."""
    plain = Game(game.n, values=game.values, observe=Observe.SIGHT)
    return game == plain


def prove_sight(game: Game, *, check_states: int = CHECK_STATES) -> Verdict:
    """The sight game's verdict for any n and m, checked by solving it when m^n is small."""
    if not is_sight_rule_game(game):
        raise NotSupported(
            f"{game}: the sight rule is for n dials of m values on a turning table, goal zero, "
            "any move; solve this game instead"
        )
    t0 = Stopwatch()
    n, m = game.n, game.values
    if n > 10**12 or m > 10**12:
        raise TooLarge("prove answers n and m up to 10^12 (they are factored)")
    length = sight_rule(n, m)
    evidence = [_winnability(n, m, length is not None), _length(n, m, length)]
    if m > 1 and game.log2_states <= check_states.bit_length() - 1:
        evidence.append(_solved(n, m, length))
    return Verdict(
        game=game,
        winnable=length is not None,
        length=length,
        method="the sight rule (Bar-Yehuda, Etzion & Moran 1993)",
        how=How.RULE,
        seconds=t0.seconds(),
        evidence=tuple(evidence),
    )


def _count_solved(game: Game) -> Evidence:
    """Solve the count game now: the Devil holds it, his trap checked against every move."""
    from devilcoins.observed.count import solve_count

    sol = solve_count(game)
    checked = bool(sol.trap) and game.values**game.n <= TRAP_STATES
    holds = not sol.winnable and (not checked or sight_trap_holds(game, sol.trap))
    return Evidence(
        kind=EvidenceKind.CHECK,
        name="the game solved exactly now",
        statement=(
            f"The sight game over all {sol.explored:,} classes ({sol.seconds:.3f} s): "
            + ("the Devil holds out" if not sol.winnable else "the player wins")
            + (", his trap checked against every move" if checked else "")
            + ("; it agrees with the theorem." if holds else "; it DISAGREES with the theorem.")
        ),
        checked=True,
        holds=holds,
        detail={"classes": sol.explored},
    )


def count_solves_quickly(n: int, m: int) -> bool:
    """Whether the count solver settles the won game of n dials of m values in about a second
    (measured: 8 coins 0.5 s, 3 dials of 3 and 2 of 4 0.4 s; 2 dials of 8 and 4 of 4 pass a
    minute), so prove solves it for its exact length rather than stating bounds.  One value
    is one state, but the solver's tables still grow with n (10^5 dials: a second and a half).

    >>> count_solves_quickly(8, 2), count_solves_quickly(16, 2), count_solves_quickly(2, 8)
    (True, False, False)
    >>> count_solves_quickly(2**39, 2), count_solves_quickly(1000, 1), count_solves_quickly(1001, 1)
    (False, True, False)
    """
    # m^n <= 32 asks n <= 5 once m >= 2: never raise m to a huge n (2^(2^39) is 64 GiB).
    return (m == 2 and n <= 8) or (m == 1 and n <= 1000) or (n <= 5 and m**n <= 32)


def _count_won(game: Game, fewest: int) -> Verdict:
    """The won count game past what the solver settles quickly: won (the blind strategy of
    m^n - 1 moves wins it, the count unheard), in at least the sight game's least worst case."""
    n, m = game.n, game.values
    t0 = Stopwatch()
    most = f"{m}^{n:,} - 1" if n > 1 else f"{m - 1:,}"
    evidence = (
        _winnability(n, m, True),
        Evidence.stated(
            EvidenceKind.RULE,
            "won within the blind strategy's length",
            f"When n and m are powers of one prime the blind player wins in m^n - 1 = {most} "
            "moves (docs/mathematics.md section 7.2); a player who hears the count may ignore "
            "it, so that strategy wins here too.",
        ),
        Evidence.stated(
            EvidenceKind.RULE,
            "a count tells no more than sight",
            "The count heard depends only on the state's class, so a player who sees the table "
            f"knows at least as much; he needs {fewest:,} moves in the worst case (the theorem), "
            "so no count strategy wins in fewer (docs/mathematics.md section 8.4). The exact "
            "length lies between the two; solve finds it for small games.",
        ),
    )
    return Verdict(
        game=game,
        winnable=True,
        length=None,
        length_expr=f"at most {most} (and at least {fewest:,})",
        method="the sight rule and the blind strategy: a count tells no more than sight",
        how=How.RULE,
        seconds=t0.seconds(),
        evidence=evidence,
    )


def _count_at_goal(game: Game) -> Verdict:
    """The count game of one value past what the solver settles quickly: won in 0 moves."""
    t0 = Stopwatch()
    evidence = (
        _winnability(game.n, 1, True),
        Evidence.stated(
            EvidenceKind.RULE,
            "the least worst case: no move",
            "With one value every position holds 0, so every state is the goal: the player "
            "has won before his first move, whatever he would hear; solve checks it for small n.",
        ),
    )
    return Verdict(
        game=game,
        winnable=True,
        length=0,
        method="one value: every state is the goal",
        how=How.RULE,
        seconds=t0.seconds(),
        evidence=evidence,
    )


def count_by_sight(game: Game, *, check_states: int = CHECK_STATES) -> Verdict | None:
    """The verdict of a count game the sight rule settles: n dials of m values on a turning
    table, goal zero, any move, n and m not powers of one prime, so the Devil holds out even
    against a player who sees the table, and a count tells no more (None: any other game).

    >>> count_by_sight(Game(10**6, observe='count')).winnable
    False
    >>> count_by_sight(Game(8, observe='count')) is None  # 8 coins: solved, 13 moves
    True
    >>> count_by_sight(Game(32, observe='count')).length_expr  # won, between the rule's bounds
    'at most 2^32 - 1 (and at least 32)'
    """
    n, m = game.n, game.values
    if game != Game(n, values=m, observe=Observe.COUNT) or n > 10**12 or m > 10**12:
        return None
    if (fewest := sight_rule(n, m)) is not None:
        if count_solves_quickly(n, m):
            return None
        return _count_won(game, fewest) if m > 1 else _count_at_goal(game)
    t0 = Stopwatch()
    evidence = [
        _winnability(n, m, False),
        Evidence.stated(
            EvidenceKind.RULE,
            "a count tells no more than sight",
            "The count heard depends only on the state's class, so a player who sees the table "
            "before each move knows at least as much; the Devil holds out against him, so he "
            "holds out here (docs/mathematics.md section 8.4).",
        ),
    ]
    if m > 1 and game.log2_states <= check_states.bit_length() - 1:
        evidence.append(_count_solved(game))
    return Verdict(
        game=game,
        winnable=False,
        length=None,
        method="the sight rule (Bar-Yehuda, Etzion & Moran 1993): a count tells no more",
        how=How.RULE,
        seconds=t0.seconds(),
        evidence=tuple(evidence),
    )
