"""``devilcoins solve --bounds`` and ``--reaches``: what is proved of a touch game without
settling it, written as a certificate for ``verify`` (``write_bounds``), and the best strategy
over some reaches alone, an upper bound checked against the whole game (``restricted``)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from devilcoins.cli.common import (
    UsageError,
    print_out,
)
from devilcoins.cli.games import (
    command_line,
    refusal,
    too_large,
)
from devilcoins.cli.progress import reporter
from devilcoins.core.errors import InvalidInput, NotSupported, TooLarge
from devilcoins.core.files import write_new
from devilcoins.results import counted

if TYPE_CHECKING:
    from devilcoins import Game

__all__ = ["restricted", "write_bounds"]


#: The largest coin game whose strategy is shown as the notebook's belief table.
def write_bounds(args: argparse.Namespace, game: Game) -> int:
    """solve --bounds: the certificate of what is proved without settling, written, then said."""
    import json

    import devilcoins

    if args.certificate is None or (args.checkpoint and not Path(args.checkpoint).exists()):
        raise UsageError(
            "--bounds writes a certificate of what is proved: give --certificate FILE.json (and "
            "--checkpoint FILE.npz only of a run that wrote it)"
        )
    witness = None if args.witness is None else _read_witness(args.witness)
    try:
        with reporter(f"reading the bounds of {game}"):
            cert = devilcoins.bounds_certificate(game, args.checkpoint, witness=witness)
    except (NotSupported, InvalidInput) as err:
        raise UsageError(f"solve --bounds: {err}") from None
    except TooLarge as err:
        raise too_large(game, err, "solve") from None
    write_new(args.certificate, json.dumps(cert, separators=(",", ":")).encode())
    check = command_line("verify", game, "--certificate", args.certificate)
    print_out(f"{game}: {_bounds_said(cert)}; wrote the certificate to {args.certificate}; "
              f"check it with: {check}\n")  # fmt: skip
    return 0


def restricted(args: argparse.Namespace, game: Game) -> int:
    """solve --reaches: the best strategy over those reaches, an upper bound checked against the
    whole game, said (and written with --certificate)."""
    import json

    import devilcoins

    for flag, given in (("--bounds", args.bounds), ("--save", args.save), ("--method", args.method),
                        ("--workers or --scheduler", args.workers or args.scheduler)):  # fmt: skip
        if given:
            raise UsageError(
                f"--reaches searches the level search over those reaches alone and writes what "
                f"it proves with --certificate; leave out {flag}"
            )
    if args.json and args.format != "table":
        raise UsageError("--json prints the whole result; --format lists the moves: use one")
    refused = refusal(game, "reaches")
    if refused is not None:
        raise UsageError(f"--reaches: {refused}")
    try:
        if args.checkpoint is not None:
            if not args.checkpoint.endswith(".npz"):
                raise UsageError(f"name the checkpoint FILE.npz, not {args.checkpoint!r}")
            devilcoins.check_checkpoint(game, args.checkpoint, reaches=args.reaches)
        witness = None if args.witness is None else _read_witness(args.witness)
        with reporter(f"solving {game} over the reaches {args.reaches}") as rep:

            def progress(done: int, known: int) -> None:
                rep.note(f"reaches {args.reaches}: {devilcoins.progress_note(game, done, known)}")

            cert = devilcoins.bounds_certificate(
                game, args.checkpoint, witness=witness, reaches=args.reaches, on_progress=progress
            )
            rep.note(f"checking the certificate of {game} against the whole game")
            check = devilcoins.check_certificate(game, cert)
    except (NotSupported, InvalidInput) as err:
        raise UsageError(f"solve --reaches: {err}") from None
    except TooLarge as err:
        raise too_large(game, err, "solve") from None
    if args.certificate is not None and check.holds:
        write_new(args.certificate, json.dumps(cert, separators=(",", ":")).encode())
    if args.json:
        kept = args.certificate if check.holds else None
        said = {"game": str(game), "reaches": args.reaches, "bounds": cert["bounds"]}
        said |= {"how": cert.get("how", {}), "checked": check.holds, "certificate": kept}
        print_out(json.dumps(said) + "\n")
    else:
        print_out(_restricted_said(game, cert, check, args.certificate))
    return 0 if check.holds else 1


def _restricted_said(game: Game, cert: dict[str, Any], check: Any, path: str | None) -> str:
    """What solve --reaches found, whether the check held, and where the certificate is."""
    searched = cert.get("how", {}).get("reaches", "")
    lines = [f"{game}: {searched}", f"{game}: {_bounds_said(cert)}", *check.lines()]
    if not check.holds:
        lines.append("devilcoins: the check failed: no certificate written (please report it)")
    elif path is None:
        lines.append("(add --certificate FILE.json to keep it, for verify --certificate)")
    else:
        verify = command_line("verify", game, "--certificate", path)
        lines.append(f"wrote the certificate to {path}; check it again with: {verify}")
    return "\n".join(lines) + "\n"


def _bounds_said(cert: dict[str, Any]) -> str:
    """What a bounds certificate shows, and where each bound came from, in words."""
    (low, high), how = cert["bounds"], cert.get("how", {})
    below = f"at least: {how.get('lower', '?')}"
    if high is None:
        return f"no strategy wins in fewer than {low:,} moves ({below}); {how.get('upper', '?')}"
    what = (
        f"between {low:,} and {high:,} moves" if low < high else f"exactly {counted(low, 'move')}"
    )
    return f"the least worst case is {what} (at most: {how.get('upper', '?')}; {below})"


def _read_witness(path: str) -> Any:
    """The parsed certificate named by --witness, or a usage error saying what is wrong."""
    import json

    from devilcoins.cli.common import read_text

    text = read_text(path, "--witness certificate")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as err:
        raise UsageError(f"--witness {path}: not a certificate (not JSON: {err})") from None
