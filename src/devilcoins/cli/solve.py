"""``devilcoins solve N``: the shortest winning strategy (for the coin game with its belief
table), or a proof that none exists, for the game N and the game options describe."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from devilcoins.cli.bounds import restricted, write_bounds
from devilcoins.cli.common import (
    Command,
    Options,
    UsageError,
    check_new_file,
    coins_count,
    positive,
    print_out,
    require_extra,
)
from devilcoins.cli.games import (
    BOUNDS_ADVICE,
    command_line,
    game_from,
    moves_text,
    refusal,
    too_large,
    verdict_lines,
)
from devilcoins.cli.jsonout import emit_json
from devilcoins.cli.progress import STATUS, reporter
from devilcoins.cli.signals import Terminated
from devilcoins.cli.strategies import add_format_argument
from devilcoins.core.errors import DevilcoinsError, NotSupported, TooLarge
from devilcoins.core.files import write_new
from devilcoins.results import counted, goal_words

if TYPE_CHECKING:
    from devilcoins import Game
    from devilcoins.results import Verdict, Verification

__all__ = ["COMMAND", "ROUTES"]

#: The largest coin game whose strategy is shown as the notebook's belief table.
TABLE_N = 8


#: Each family's solve routes, as the families declare them (``devilcoins.capabilities``;
#: tests/test_capabilities.py holds this to the declaration: reading it here would load the
#: library before the help is printed).
ROUTES = (
    "notebook, chain, certificate or search for blind coins games; covering or search for "
    "still table games; chain, certificate or search for value groups and blind games; search "
    "for restricted Devil games; levels or closure for touch games; iteration for sight and "
    "count games"
)


def add_arguments(p: Options) -> None:
    """N, --json, --format and --save."""
    p.add_argument("n", type=coins_count, metavar="N", help="number of positions (coins)")
    p.add_argument("--json", action="store_true", help="print machine-readable JSON")
    add_format_argument(
        p,
        ("table", "positions", "flips"),
        "'table' (default): the verdict, its evidence and the strategy (the notebook's belief "
        "table for up to 8 coins); 'positions' ('0 2', coins only: a dial's amount is not a "
        "position) or 'flips' ('FLFL'; the amounts for more values): only the moves, one a line",
    )
    p.add_argument(
        "--save",
        metavar="FILE",
        help="also write the moves to FILE (never overwrites an existing file); for touch, "
        "sight and count, the strategy as a policy file FILE.jsonl (any size; verify reads it)",
    )
    p.add_argument(
        "--method",
        metavar="ROUTE",
        help="the route to settle the game by (the game's shape picks one when left out): "
        + ROUTES,
    )
    p.add_argument(
        "--certificate",
        metavar="FILE",
        help="touch, sight and count: also write the optimality certificate to FILE.json (the "
        "strategy "
        "and the Devil's witness, or his trap), for 'verify N --certificate FILE'",
    )
    p.add_argument(
        "--checkpoint",
        metavar="FILE",
        help="touch games the level search settles: keep what it has proved in FILE.npz (every "
        "minute, and when stopped); run the same command with the same FILE to go on from there",
    )
    where = p.add_mutually_exclusive_group()
    where.add_argument(
        "--workers",
        type=positive,
        metavar="N",
        help="touch games the level search settles: spread its top questions over N worker "
        "processes of a local Dask cluster (the atlas extra)",
    )
    where.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="like --workers, on the running Dask cluster at ADDRESS, e.g. tcp://host:8786",
    )
    p.add_argument(
        "--bounds",
        action="store_true",
        help="touch games, with --certificate: search no further, and write the certificate of "
        "what is proved (between L and U moves) for 'verify --certificate': U from the shortest "
        "strategy of --checkpoint, the doubling of the half game and the blind game; L from "
        "--checkpoint or --witness",
    )
    p.add_argument(
        "--reaches",
        metavar="SPEC",
        help="touch games: search only strategies that reach for these positions: a family "
        "('dyadic': the blocks {x : x mod 2^j < 2^(j-1)}, for n/2 hands; 'dyadic+pad': each "
        "padded with the first positions outside it, for more hands) or reaches separated by "
        "';' ('0 2 4 6; 0 1 4 5'); the best such strategy wins the game too, so its length is "
        "an upper bound, checked against the whole game and written with --certificate (L "
        "from --witness)",
    )
    p.add_argument(
        "--witness",
        metavar="FILE",
        help="with --bounds or --reaches: a certificate of this game with as many hands or more "
        "(written by solve --certificate); its witness shows L for this game too",
    )


def run(args: argparse.Namespace) -> int:
    """devilcoins solve N."""
    game = game_from(args)
    with _advising(game):  # a stop at a limit anywhere in the command names --bounds (touch)
        return _solve(args, game)


def _solve(args: argparse.Namespace, game: Game) -> int:
    """devilcoins solve N, for the game read."""
    import devilcoins

    if args.save is not None:
        _check_save(args.save, game)
    if args.certificate is not None:
        _check_certificate(args.certificate, game)
    if args.reaches is not None:
        return restricted(args, game)
    if args.checkpoint is not None:
        _check_checkpoint(args.checkpoint, game)
    cluster = _cluster(args)
    if args.bounds:
        return write_bounds(args, game)
    if args.witness is not None:
        raise UsageError(
            "--witness lends its witness to --bounds or --reaches: give one of them, with "
            "--certificate"
        )
    if args.json and args.format != "table":
        raise UsageError("--json prints the whole verdict; --format lists the moves: use one")

    def progress(done: int, known: int) -> None:
        rep.note(f"solving {game}: {devilcoins.progress_note(game, done, known)}")

    marks = None if args.checkpoint is None else Path(args.checkpoint)
    try:
        with reporter(f"solving {game}") as rep:
            verdict = devilcoins.solve(
                game, args.method, on_progress=progress, checkpoint=marks, cluster=cluster
            )
    except (KeyboardInterrupt, Terminated):  # Ctrl-C or SIGTERM: say where the proof is kept
        if marks is not None and marks.exists():
            print(
                f"devilcoins: what the search proved is kept in {marks}; the same command "
                "goes on from there",
                file=sys.stderr,
            )
        raise
    except TooLarge as err:
        raise too_large(game, err, "solve") from None
    except NotSupported as err:
        said = "solve" if args.method is None else f"solve --method {args.method}"
        raise UsageError(f"{said}: {err}") from None
    checked, skipped = None, None
    played = verdict.strategy if verdict.strategy is not None else verdict.tree
    if played is not None and verdict.winnable:  # moves, or a tree replayed: every start, turn
        try:
            checked = devilcoins.verify(game, played)
        except TooLarge as err:  # the strategy stands on its construction's argument
            skipped = str(err)
    if args.save is not None:
        _save(args.save, verdict)
    if args.certificate is not None:
        try:
            _write_certificate(args.certificate, verdict)
        except DevilcoinsError as err:  # say what is on disk: the strategy, when it was saved
            if args.save is None:
                raise
            said = str(err).replace(" (nothing was written)", "")
            raise UsageError(
                f"{said} (the certificate was not written; the strategy was, to {args.save})"
            ) from None
    if args.json:
        data = verdict.to_json()
        if checked is not None:
            data["verified"] = {k: v for k, v in checked.to_json().items() if k != "belief_sizes"}
        elif skipped is not None:
            data["verified"], data["not_verified"] = None, skipped
        emit_json(data)
    elif args.format in ("positions", "flips"):
        _print_moves(verdict, args.format)
    else:
        _print_verdict(verdict, checked, skipped)
    held = verdict.holds and (checked is None or checked.wins)
    return 0 if held else 1


def _print_moves(verdict: Verdict, fmt: str) -> None:
    """Only the moves, one a line (a note on stderr when there are none to list)."""
    game = verdict.game
    refused = refusal(game, "moves")
    if refused is not None:
        raise UsageError(f"{refused}: use --json, or --save FILE.jsonl")
    if verdict.strategy is None:
        print(f"devilcoins: {verdict.headline()} There are no moves to list.", file=sys.stderr)
        return
    if not len(verdict.strategy):
        print("# no moves: every start is already in the goal")
        return
    form = "positions" if fmt == "positions" else "pattern"
    try:
        texts = {a: game.move_text(a, form) for a in set(verdict.strategy)}
    except ValueError as err:
        raise UsageError(str(err)) from None
    print_out("".join(texts[a] + "\n" for a in verdict.strategy))


def _print_verdict(verdict: Verdict, checked: Verification | None, skipped: str | None) -> None:
    """The verdict, its evidence, the exact check (or why it did not run) and the strategy."""
    game = verdict.game
    print("\n".join(verdict_lines(verdict)))
    if skipped is not None:
        print(f"Exact check: not run ({skipped}).")
    if checked is not None:
        when = (
            f"within {counted(checked.won_at or 0, 'move')}"
            if refusal(game, "moves") is not None  # a tree: its worst case
            else f"by move {checked.won_at:,}"
        )
        print(
            f"Exact check: every start reaches the goal ({goal_words(game)}) {when} against "
            "every Devil."
            if checked.wins
            else "Exact check: the strategy does NOT win (a check failed)."
        )
    if verdict.strategy is not None and game.is_coins and game.n <= TABLE_N:
        from devilcoins import belief_table

        print()
        print(belief_table(verdict, checked).to_text())
    elif verdict.strategy is not None:
        shown = verdict.strategy[:64]
        more = (
            f" ... ({len(verdict.strategy):,} in all; --format flips prints them all)"
            if len(verdict.strategy) > 64
            else ""
        )
        print("Moves:", (moves_text(game, shown) + more) if shown else "none")
    from devilcoins import TreeSolution

    tree = verdict.tree
    if isinstance(tree, TreeSolution) and verdict.winnable:
        print(tree.to_text(header=False))


def _check_save(path: str, game: Game) -> None:
    """Refuse a --save path before solving: a policy file must be .jsonl, none is replaced."""
    if refusal(game, "moves") is not None and not path.endswith(".jsonl"):
        raise UsageError(f"save a {game.observe} strategy as a policy file: FILE.jsonl, not {path}")
    check_new_file(path, "--save")


def _check_certificate(path: str, game: Game) -> None:
    """Refuse a --certificate path, or a game without certificates, before solving."""
    refused = refusal(game, "certificate")
    if refused is not None:
        raise UsageError(refused)
    if not path.endswith(".json"):
        raise UsageError(f"write the certificate as FILE.json, not {path!r}")
    check_new_file(path, "--certificate")


def _cluster(args: argparse.Namespace) -> int | str | None:
    """The Dask cluster --workers or --scheduler names (None: this process alone)."""
    cluster: int | str | None = args.scheduler or args.workers
    if cluster is not None:
        if args.bounds:
            raise UsageError("--bounds searches nothing: leave out --workers and --scheduler")
        require_extra("solve --workers or --scheduler", "atlas", "dask", "distributed")
    return cluster


def _check_checkpoint(path: str, game: Game) -> None:
    """Refuse a --checkpoint before solving: touch games only, FILE.npz, and an existing file
    only when it is this game's checkpoint (it is read, then kept up to date)."""
    import devilcoins

    if not path.endswith(".npz") or Path(path).is_dir():
        raise UsageError(f"name the checkpoint FILE.npz, not {path!r}")
    try:
        devilcoins.check_checkpoint(game, path)
    except DevilcoinsError as err:
        raise UsageError(f"--checkpoint: {err}") from None
    if not Path(path).is_file():
        check_new_file(path, "--checkpoint")
        return
    if not os.access(path, os.W_OK):
        raise UsageError(f"cannot write {path}; copy it somewhere writable and name the copy")


def _write_certificate(path: str, verdict: Verdict) -> None:
    """Write the certificate of the solved game (never over an existing file)."""
    import json

    from devilcoins import certificate

    try:
        data = certificate(verdict)
    except NotSupported as err:
        raise UsageError(str(err)) from None
    write_new(path, json.dumps(data, separators=(",", ":")).encode())
    size = Path(path).stat().st_size
    check = command_line("verify", verdict.game, "--certificate", path)
    print(
        f"devilcoins: wrote the certificate to {path} ({size:,} bytes); check it with: {check}",
        file=sys.stderr,
    )


def _save(path: str, verdict: Verdict) -> None:
    """Write the strategy: blind moves one a line, or a policy file (JSON lines, any size)."""
    from devilcoins import save_strategy

    if not verdict.winnable:  # an answer, printed as ever: only the file is not written
        print(
            f"devilcoins: no strategy wins {verdict.game}: nothing was saved to {path}",
            file=sys.stderr,
        )
        return
    try:
        save_strategy(verdict, path)
    except DevilcoinsError as err:
        raise UsageError(str(err)) from None
    print(f"devilcoins: wrote the strategy to {path}", file=sys.stderr)


COMMAND = Command(
    name="solve",
    help="shortest winning strategy for a game (N coins by default), or a proof there is none",
    description="Settle the game: the shortest strategy that always reaches the goal, or the "
    "proof that none exists (states the Devil can keep the game in, away from the goal, checked "
    "one by one: his certificate; or every belief explored). For the coin "
    "game the strategy is the notebook's, with its belief table.",
    add_arguments=add_arguments,
    run=run,
    takes_game=True,
)


@contextmanager
def _advising(game: Game) -> Iterator[None]:
    """While a touch game is solved, a stop at a limit also names --bounds."""
    STATUS.advice = BOUNDS_ADVICE if refusal(game, "bounds") is None else ""
    try:
        yield
    finally:
        STATUS.advice = ""
