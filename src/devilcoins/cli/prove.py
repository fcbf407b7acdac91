"""``devilcoins prove N``: the verdict for N coins with its evidence; with game options, the
general engine's verdict with its chain, verification and certificate."""

from __future__ import annotations

import argparse
import sys
from typing import Any, Protocol

from devilcoins.cli.common import Command, UsageError, coins_count, emit_json
from devilcoins.cli.games import verdict_lines
from devilcoins.core.game import Game
from devilcoins.results import Verdict

__all__ = ["COMMAND"]


class _Proof(Protocol):
    """What both proofs (N coins; the sight rule) offer for printing."""

    @property
    def holds(self) -> bool: ...

    def to_json(self) -> dict[str, Any]: ...

    def to_text(self) -> str: ...


def _emit_proof(proof: _Proof, *, as_json: bool) -> int:
    """Print a proof as JSON or text; the exit status is 0 where it holds, else 1."""
    if as_json:
        emit_json(proof.to_json())
    else:
        sys.stdout.write(proof.to_text())
    return 0 if proof.holds else 1


def add_arguments(p: argparse.ArgumentParser) -> None:
    """N and --json."""
    p.add_argument("n", type=coins_count, metavar="N", help="number of coins")
    p.add_argument("--json", action="store_true", help="print machine-readable JSON")


def run(args: argparse.Namespace) -> int:
    """devilcoins prove N."""
    from devilcoins.coins.prove import MAX_PROVE_N, prove

    if args.n > MAX_PROVE_N:
        raise UsageError(f"prove answers N up to {MAX_PROVE_N:,}, not {args.n:,}")
    proof = prove(args.n)
    return _emit_proof(proof, as_json=args.json)


def run_sight(args: argparse.Namespace) -> int | None:
    """devilcoins prove N --values M --observe sight: the rule's verdict for any N and M."""
    from devilcoins.cli.games import OPTION_FIELDS
    from devilcoins.observed.sightrule import prove_sight

    given = {f: getattr(args, f, None) for f in OPTION_FIELDS}
    plain = {"values": None, "observe": "sight", "goal": None, "group": None}
    if given["observe"] != "sight" or any(
        given[f] not in (None, plain.get(f), {"goal": "zero", "group": "cyclic"}.get(f))
        for f in OPTION_FIELDS
        if f != "values"
    ):
        return None
    values = given["values"] or "2"
    if not values.isdigit():
        return None
    proof = prove_sight(args.n, int(values))
    return _emit_proof(proof, as_json=args.json)


def run_game(args: argparse.Namespace, game: Game) -> int:
    """devilcoins prove N with game options: the verdict and its evidence."""
    from devilcoins import engine

    verdict = engine.solve(game)
    evidence = dict(verdict.evidence)
    if verdict.strategy is not None and game.observe == "blind":
        checked = engine.verify(game, verdict.strategy)
        evidence["verification"] = {
            "wins": checked.wins,
            "won_at": checked.won_at,
            "seconds": round(checked.seconds, 6),
        }
    if args.json:
        data = verdict.to_json()
        data["evidence"] = evidence
        data.pop("strategy", None)
        emit_json(data)
        return 0
    print("\n".join(verdict_lines(verdict)))
    _print_evidence(verdict, game, evidence)
    return 0


def _print_evidence(verdict: Verdict, game: Game, evidence: dict[str, Any]) -> None:
    """The chain's sizes, the verification and the certificate, each where there is one."""
    sizes = evidence.get("chain_sizes")
    if sizes and game.value_group is not None:
        full = sizes[-1] == game.values**game.n
        print(
            "Chain for values in a group (docs/mathematics.md §7.5): from the goal, steps of "
            "prime index, each normal in the next, on which the Devil's turns act trivially: "
            "sizes "
            + ", ".join(f"{s:,}" for s in sizes)
            + (" = every state." if full else " (it stops short, which proves nothing here).")
        )
    elif sizes:
        print(
            "Chain (docs/mathematics.md §6): Z_0 = the goal's subgroup, then the states the "
            "Devil's turns move only within the previous level: sizes "
            + ", ".join(f"{s:,}" for s in sizes)
            + (
                " = every state."
                if verdict.winnable and game.moves is None and game.hands is None
                else "."
            )
        )
    ver = evidence.get("verification")
    if ver:
        print(
            f"[checked] exact verification of the strategy: wins at move {ver['won_at']:,} "
            f"({ver['seconds']:.3f} s)."
        )
    cert = evidence.get("certificate")
    if cert:
        print(
            f"[checked] the certificate, over all {cert['checked_states']:,} states: "
            + ("holds." if cert["holds"] else "FAILS.")
        )


COMMAND = Command(
    name="prove",
    help="the verdict for N coins with its evidence (any N up to 10^12); also the sight game "
    "for any N and M (--values M --observe sight)",
    description="Say whether N coins can be won and how short a strategy can be, with the "
    "evidence: the lower bound and the construction (checked exactly for N <= 16), or the "
    "Devil's certificate (checked exhaustively where the sizes allow).",
    add_arguments=add_arguments,
    run=run,
    run_game=run_game,
    run_first=run_sight,
)
