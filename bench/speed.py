"""The timings that used to be assertions in the test suite, measured and printed, never judged.

Run it from the repository root::

    make bench
    .venv/bin/python bench/speed.py [--json]

The test suite checks results only (issue 26: it must pass on a busy machine); each row here is
a time a test once demanded, next to the figure it demanded.  "first" is the first run in this
process (what a test saw), "best" the best of the next three.  Times are seconds measured in
this process: by the library where the test read the result's own ``seconds`` (or a command's
``--json``; they leave compiling out), else around the call (a first run's compiling included).
It always exits 0.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass

from devilcoins import solve, verify
from devilcoins.cli.main import main as devilcoins
from devilcoins.coins.construct import construction
from devilcoins.core.game import Game
from devilcoins.core.numbers import divisors, prime_factors
from devilcoins.core.numbertext import about_power, power_text
from devilcoins.observed.sight import solve_sight
from devilcoins.observed.sightrule import prove_sight
from devilcoins.observed.touch import solve_touch

REPEATS = 3
HEADER = ("measure", "first", "best", "the test demanded", "the test it was")


@dataclass
class Row:
    """One timing: the first run, the best of the repeats, and what the test used to demand."""

    measure: str
    first: float
    best: float
    demanded: str
    test: str


def timed(run: Callable[[], float | None]) -> float:
    """Seconds of one run: what run returns (a time the library measured), else the wall clock."""
    t0 = time.perf_counter()
    reported = run()
    return time.perf_counter() - t0 if reported is None else reported


def row(measure: str, run: Callable[[], float | None], demanded: str, test: str) -> Row:
    """The first run, then the best of REPEATS more."""
    first = timed(run)
    best = min(timed(run) for _ in range(REPEATS))
    return Row(measure, first, best, demanded, test)


def command(*argv: str, stdin: str = "") -> str:
    """Run the command line in this process (as the tests do); its standard output."""
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    saved = sys.stdout, sys.stdin
    sys.stdout, sys.stdin = out, io.StringIO(stdin)
    try:
        code = devilcoins(list(argv))
        out.flush()
    finally:
        sys.stdout, sys.stdin = saved
    if code != 0:
        raise RuntimeError(f"devilcoins {' '.join(argv)} exited {code}")
    return out.buffer.getvalue().decode("utf-8")  # type: ignore[attr-defined]


def touch(n: int, k: int, goal: str = "same") -> Game:
    return Game(n, hands=k, goal=goal, observe="touch")


def sight_rule_row() -> Row:
    """prove for the sight game of 2^39 dials: stated by the rule, nothing solved."""
    game = Game(2**39, values=2, observe="sight")
    return row(
        "prove n=2^39 observe=sight (its seconds)",
        lambda: prove_sight(game).seconds,
        "< 1 s",
        "tests/observed/test_sightrule.py::test_huge_games_are_stated_not_solved",
    )


def touch_rows() -> list[Row]:
    """The touch game of six glasses and four hands, goal same (won) and goal zero (lost)."""
    test = "tests/observed/test_andor.py::test_six_glasses_four_hands"
    return [
        row(
            f"solve n=6 hands=4 goal={goal} observe=touch (its seconds)",
            lambda goal=goal: solve_touch(touch(6, 4, goal)).seconds,
            "< 5 s (the benchmark target 1 s)",
            test,
        )
        for goal in ("same", "zero")
    ]


def sight_rows() -> list[Row]:
    """Issue 11's sight games: 16 coins (were refused) and 9 dials of 3 (took 20 s)."""
    test = "tests/observed/test_andor.py::test_sight_sixteen_coins_and_nine_dials_are_solved"
    return [
        row(
            f"solve {text} (its seconds)",
            lambda text=text: solve_sight(Game.parse(text)).seconds,
            "< 5 s",
            test,
        )
        for text in ("n=16 observe=sight", "n=9 values=3 observe=sight")
    ]


def policy_file_row() -> Row:
    """Verifying the policy file of n=8 hands=5 (a tree of 20,000 nodes, a few hundred lines)."""
    game = Game.parse("n=8 hands=5 goal=same observe=touch")
    lines = list(solve(game).tree.strategy_lines())
    return row(
        "verify the policy file of n=8 hands=5 goal=same observe=touch",
        lambda: (verify(game, lines), None)[1],
        "< 10 s",
        "tests/observed/test_policyfile.py::test_past_the_json_trees_limit_the_file_is_small_and_"
        "verifies",
    )


def verify_row() -> Row:
    """verify 16 - --json on the construction: the verification's own seconds."""
    text = construction(16).to_text(16)
    return row(
        "devilcoins verify 16 - --json (its 'seconds')",
        lambda: json.loads(command("verify", "16", "-", "--json", stdin=text))["seconds"],
        "< 5 s",
        "tests/cli/test_cli_proofs.py::test_verify_json_from_stdin",
    )


def prove_rows() -> list[Row]:
    """prove N --json, in this process, for the large N the tests named."""
    other = "tests/cli/test_cli_proofs.py::test_prove_other_n"
    primes = "tests/cli/test_cli_proofs.py::test_prove_large_primes_small"
    cases = [(n, other) for n in (999983, 1000000, 10**12)]
    cases += [(n, primes) for n in (2**31 - 1, 10**9 + 7, 999_999_999_989)]
    return [
        row(
            f"devilcoins prove {n:,} --json (whole command)",
            lambda n=n: (command("prove", str(n), "--json"), None)[1],
            "< 2 s",
            test,
        )
        for n, test in cases
    ]


def numbers_rows() -> list[Row]:
    """Pollard's rho on a product of two 10-digit primes and an 18-digit prime; huge powers."""

    def factors() -> None:
        p, q = 1_000_000_007, 998_244_353
        prime_factors(p * q)
        divisors(p * q)
        prime_factors(999_999_999_999_999_989)

    def powers() -> None:
        power_text(2, 10**18)
        about_power(3.0103e17)

    return [
        row(
            "factor 1,000,000,007 × 998,244,353 and a prime near 10^18",
            factors,
            "< 5 s",
            "tests/core/test_numbers.py::test_two_large_primes_split_at_once",
        ),
        row(
            "power_text(2, 10^18) and about_power(3.0103e17)",
            powers,
            "< 1 s",
            "tests/core/test_numbers.py::test_huge_powers_answer_without_building_them",
        ),
    ]


def measure() -> list[Row]:
    """Every row, in the order of the table."""
    return [
        *numbers_rows(),
        sight_rule_row(),
        *touch_rows(),
        *sight_rows(),
        policy_file_row(),
        verify_row(),
        *prove_rows(),
    ]


def render(rows: list[Row]) -> str:
    """The rows as an aligned text table."""
    cells = [HEADER] + [
        (r.measure, f"{r.first:.3f}", f"{r.best:.3f}", r.demanded, r.test) for r in rows
    ]
    widths = [max(len(c[i]) for c in cells) for i in range(len(HEADER))]
    return "\n".join(
        "  ".join(
            c.ljust(w) if i in (0, 3, 4) else c.rjust(w)
            for i, (c, w) in enumerate(zip(line, widths, strict=True))
        ).rstrip()
        for line in cells
    )


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Measure every former timing test and print the table (or JSON); always 0."""
    args = parse_args(argv)
    rows = measure()
    if args.json:
        print(json.dumps([asdict(r) for r in rows], indent=2))
    else:
        print(render(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
