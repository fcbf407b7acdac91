"""How the winning strategy works, in words and tables, for a curious reader.

For N = 2, 4 and 8 the text walks through the recursive structure (which moves are doubled,
which single), the same/different pattern of opposite coins (their XOR), and the notebook's belief
table annotated move by move.  For 16 and larger powers of 2 it gives the structure in summary;
for other N it explains why the Devil wins.
"""

from __future__ import annotations

import textwrap

from devilcoins.coins.construct import construction, generator_masks, is_power_of_two
from devilcoins.coins.notation import Coins, Move, canonical_coins, check_n
from devilcoins.core.errors import TooLarge

__all__ = ["MAX_EXPLAIN_N", "MAX_TABLE_EXPLAIN_N", "explain_coins", "move_kind", "pattern_of"]

#: The largest power of 2 explained (its move list has one line per coin).
MAX_EXPLAIN_N = 64

#: The largest N whose explanation prints the belief table move by move.
MAX_TABLE_EXPLAIN_N = 8

#: The largest power of 2 explained in summary with figures computed (the N = 16 belief).
MAX_FIGURES_N = 16


def move_kind(n: int, i: int) -> str:
    """The role of move i (1-based) in the construction for n = 2h coins: 'd3' or 's2'.

    dR: the R-th move of the h-coin strategy, doubled onto both halves; sQ: its Q-th move, on
    the first half only (between runs of doubled moves).

    >>> [move_kind(4, i) for i in range(1, 9)]
    ['d1', 'd2', 'd3', 's1', 'd1', 'd2', 'd3', 's2']
    """
    half = n // 2
    q, r = divmod(i, 1 << half)
    return f"d{r}" if r else f"s{q}"


def pattern_of(mask: int, n: int) -> str:
    """The same/different pattern of opposite coins (k and k + n/2), up to turning: 'SD'.

    Letter k is S when coins k and k + n/2 show the same face, D when they differ: their XOR.

    >>> pattern_of(Coins('HTTT').tails_mask, 4), pattern_of(Coins('HTHT').tails_mask, 4)
    ('SD', 'SS')
    """
    half = n // 2
    low = (1 << half) - 1
    xor = (mask & low) ^ (mask >> half)
    text = Coins.from_mask(xor, half).canonical()
    return text.replace("H", "S").replace("T", "D")


def _many(k: int, word: str) -> str:
    """'1 coin', '2 coins'."""
    return f"{k:,} {word}" + ("" if k == 1 else "s")


def _wrap(text: str) -> str:
    return "\n\n".join(textwrap.fill(" ".join(p.split()), 96) for p in text.split("\n\n"))


def _annotated_table(n: int) -> str:
    """The notebook's belief table with each move's role and the patterns still possible."""
    from devilcoins.coins.show import beliefstr, movestr
    from devilcoins.coins.verification import belief_rows

    strategy = construction(n)
    order = canonical_coins(n)
    rows = belief_rows(strategy, n)
    every = sorted({pattern_of(x, n) for x in range(1 << n)})
    width = max(len("Patterns"), len(" ".join(every)))
    lines = [
        f"Move| Role | Flips    | {'Patterns':{width}} | Belief State",
        f"----+------+----------+-{'-' * width}-+-------------",
    ]
    for i, members in enumerate(rows):
        move = strategy[i - 1] if i else Move()
        role = move_kind(n, i) if i else ""
        alive = [order[k].tails_mask for k in members if k != 0]
        patterns = sorted({pattern_of(x, n) for x in alive})
        shown = " ".join(patterns)
        belief = {order[k] for k in members}
        lines.append(
            f"{i:3} | {role:4} | {movestr(move, n):8} | {shown:{width}} | "
            f"{beliefstr(belief, order)}".rstrip()
        )
    return "\n".join(lines)


def _intro(n: int) -> str:
    half = n // 2
    inner = (1 << half) - 1
    total = (1 << n) - 1
    pairs = ", ".join(f"{k} and {k + half}" for k in range(half))
    letters = _many(half, "letter")
    first_half = "position 0" if half == 1 else f"positions 0..{half - 1}"
    doubled = "move d1" if inner == 1 else f"moves d1..d{inner}"
    which = "which is" if inner == 1 else "which are"
    singles = (
        ", ".join(f"s{q}" for q in range(1, inner + 1)) if inner <= 3 else f"s1, s2, ..., s{inner}"
    )
    return _wrap(
        f"""How the {total:,}-move strategy for {n} coins works

Pair each coin with the one opposite it ({pairs}). A pair is 'same' (S) when its two coins
show the same face and 'different' (D) when they do not; in bits, that is the XOR of the two
coins. The pattern of pairs is a row of {letters}, and turning the table only turns that
row: the Devil cannot change which pairs differ, only where they sit.

There are two kinds of moves. A doubled move flips both coins of some pairs and leaves the
others alone, so it never changes the pattern. A single move flips coins on one half of the
table only ({first_half}), so it flips letters of the pattern.

If every pair is S, the table is two copies of the same {half}-coin table, and whatever
happens to one half happens to the other. Then the {inner}-move strategy for
{_many(half, "coin")}, doubled onto both halves, wins: each copy reaches all heads at the
same moment.

So the strategy plays that doubled strategy ({doubled}) in {inner + 1} runs, and
between runs it plays one single move: {singles}, {which} the {half}-coin
strategy again, this time played on the pattern of pairs. The Devil's turns only turn the
pattern, so the single moves win the {half}-coin game on it: after one of them the pattern is
all S, and the next run of doubled moves wins. Altogether {inner + 1} runs of
{_many(inner, "move")} and {_many(inner, "single move")}:
{inner + 1} x {inner} + {inner} = {total:,} moves.

Nothing shorter can win: if the Devil never turns the table, the coins after i moves are the
start flipped by moves 1..i together, and all {1 << n:,} starts must each be undone by one of
those {total:,} + 1 prefixes."""
    )


def explain_coins(n: int) -> str:
    """A reader's explanation of how the winning strategy for n coins works (or why none does).

    >>> print(explain_coins(2).splitlines()[0])
    How the 3-move strategy for 2 coins works
    """
    n = check_n(n)
    if is_power_of_two(n) and n > MAX_EXPLAIN_N:
        raise TooLarge(
            f"explain describes powers of 2 up to N = {MAX_EXPLAIN_N}; N = {n:,} is built the "
            f"same way (see 'devilcoins explain {MAX_EXPLAIN_N}' and 'devilcoins prove {n}')"
        )
    if not is_power_of_two(n):
        return _lost(n)
    if n == 1:
        return (
            _wrap(
                """How the 1-move strategy for 1 coin works

With one coin, turning the table changes nothing. If the coin shows heads the game is already
won; if it shows tails, flipping it wins. So the strategy is one move: flip position 0."""
            )
            + "\n"
        )
    parts = [_intro(n), *_moves_in_short(n)]
    if n <= MAX_TABLE_EXPLAIN_N:
        parts.append(
            _wrap(
                """The belief, move by move

Role dR is the R-th move of the smaller strategy doubled; sQ is its Q-th move on one half.
Patterns lists the same/different patterns still possible (up to turning) among the coin
sequences the player cannot rule out; Belief State lists those sequences in the notebook's
layout, for the doubled strategy (solve may find another of the same length). Watch the doubled
runs shrink the belief inside one pattern, and each single move change which patterns
remain."""
            )
        )
        parts.append(_annotated_table(n))
    else:
        parts.append(_summary(n))
    return "\n\n".join(parts) + "\n"


def _lost(n: int) -> str:
    """Why no strategy wins for n coins (not a power of 2): the Devil's trap."""
    from devilcoins.coins.traps import coin_trap

    return (
        _wrap(
            f"""Why no strategy wins for {n} coins

Only powers of 2 can be won. {coin_trap(n).statement()}

Try it: devilcoins play {n} --devil adversarial --strategy FILE, with any strategy you like."""
        )
        + "\n"
    )


def _moves_in_short(n: int) -> list[str]:
    """Move i of the construction, read off how many times 2 divides i."""
    gens = generator_masks(n)
    head = _wrap(
        f"""The moves in short

Move i depends only on how many times 2 divides i: odd moves flip every coin, moves 2, 6,
10, ... flip {Move.from_mask(gens[1]).flips(n)}, and so on. Move i flips position t exactly
when the bits of t are among the bits of {n - 1} - c, where c counts the trailing zero bits of
i (F = flip, L = leave):"""
    )
    rows = "\n".join(
        f"    c = {c:2}: {Move.from_mask(m).flips(n)}  (moves {1 << c}, {3 << c}, "
        f"{5 << c}, ...: {1 << (n - 1 - c):,} of them)"
        for c, m in enumerate(gens)
    )
    return [head, rows]


def _summary(n: int) -> str:
    half = n // 2
    inner = (1 << half) - 1
    text = (
        f"In summary for {n} coins: {inner + 1:,} runs of the {inner:,}-move strategy for "
        f"{half} coins, doubled, with the {inner:,} single moves between them. Each run is "
        f"itself built the same way from the strategy for {half // 2 or 1} coins, down to one "
        f"coin."
    )
    if n > MAX_FIGURES_N:
        return _wrap(text)
    from devilcoins.coins.verification import verify

    v = verify(construction(n), n)
    run = 1 << half
    marks = [0, 1, 2, 4, 8, 16, 32, 64, 128, 255]
    rows = "\n".join(
        f"    after run {q + 1:3} (move {q * run + inner:6,}): "
        f"{v.sizes[q * run + inner]:5,} coin sequences up to turning"
        + (" (all heads: won)" if v.sizes[q * run + inner] == 1 else "")
        for q in marks
        if q * run + inner < len(v.sizes)
    )
    return (
        _wrap(
            text
            + f" Exact propagation: the belief starts with {v.sizes[0]:,} coin sequences (up to "
            f"turning) and ends as {{all heads}} at move {v.won_at:,}. Each run wins for the "
            f"starts whose pattern of pairs has just become all S, so the belief shrinks by "
            f"about the same amount with every run:"
        )
        + "\n"
        + rows
    )
