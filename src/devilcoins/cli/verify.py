"""``devilcoins verify N FILE``: decide exactly whether a strategy wins the game, with a
counterexample when it loses (a sequence of moves for blind games, a tree for the others)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING

from devilcoins.cli.common import (
    Command,
    Options,
    UsageError,
    check_new_file,
    coins_count,
    confirm,
    counted,
)
from devilcoins.cli.games import (
    command_line,
    counterexample_lines,
    game_from,
    read_strategy_file,
    refusal,
    too_large,
    verification_line,
)
from devilcoins.cli.jsonout import emit_json
from devilcoins.core.errors import DevilcoinsError, TooLarge
from devilcoins.core.files import write_new
from devilcoins.results import Verification, describe, goal_words

if TYPE_CHECKING:
    from devilcoins import Game

__all__ = ["COMMAND"]


def add_arguments(p: Options) -> None:
    """N, FILE, --certificate, --json and --counterexample."""
    p.add_argument("n", type=coins_count, metavar="N", help="number of positions (coins)")
    p.add_argument("file", metavar="FILE", help="strategy file, one move a line ('-' for stdin)")
    p.add_argument(
        "--certificate",
        action="store_true",
        help="FILE is an optimality certificate from 'solve ... --certificate FILE' (touch, "
        "sight and count games): check both bounds, or the Devil's trap",
    )
    p.add_argument("--json", action="store_true", help="print machine-readable JSON")
    p.add_argument(
        "--counterexample",
        metavar="OUT",
        help="when it loses, also write the counterexample to OUT (never overwrites), for "
        "'play --devil-turns OUT'",
    )


def _size_rows(sizes: Sequence[int], count: int = 8) -> list[str]:
    """A few (move, belief size) lines spread along the strategy, always the first and last."""
    last = len(sizes) - 1
    marks = sorted({0, last, *(round(last * k / count) for k in range(1, count))})
    return [f"  after move {i:>{len(f'{last:,}')},}: {sizes[i]:,}" for i in marks]


def _verified(args: argparse.Namespace, game: Game) -> tuple[Verification, int | None]:
    """The verification of the strategy in FILE, and its number of moves (None for a tree)."""
    from devilcoins import verify
    from devilcoins.cli.progress import reporter

    strategy = read_strategy_file(game, args.file)
    if refusal(game, "moves") is not None:  # a tree: no moves to count
        return _named(args, lambda: verify(game, strategy)), None
    moves = len(strategy)
    with reporter("verifying", total=moves) as rep:
        v = _named(
            args, lambda: verify(game, strategy, on_progress=lambda done, _t: rep.reach(done))
        )
    return v, moves


def _named(args: argparse.Namespace, check: object) -> Verification:
    """Run the check; a refusal names the file (or says the game is too large)."""
    name = "stdin" if args.file == "-" else args.file
    try:
        return check()  # type: ignore[operator, no-any-return]
    except TooLarge as err:
        raise too_large(game_from(args), err, "verify") from None
    except DevilcoinsError as err:
        raise UsageError(f"{name}: {err}") from None
    except (KeyError, TypeError) as err:
        raise UsageError(f"{name}: not a strategy this game reads ({err})") from None


def _certificate(args: argparse.Namespace, game: Game) -> int:
    """Check a certificate file: exit 0 when both halves hold, 1 when one fails."""
    import json

    from devilcoins import check_certificate
    from devilcoins.cli.common import read_text

    name = "stdin" if args.file == "-" else args.file
    text = read_text(args.file, "certificate")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as err:  # not JSON, or a number past the digit limit
        raise UsageError(f"{name}: not a certificate (not JSON: {err})") from None
    try:
        checked = check_certificate(game, data)
    except DevilcoinsError as err:
        raise UsageError(f"{name}: {err}") from None
    if args.json:
        emit_json(checked.to_json())
    else:
        print("\n".join(checked.lines()))
    return 0 if checked.holds else 1


def run(args: argparse.Namespace) -> int:
    """devilcoins verify N FILE."""
    game = game_from(args)
    if args.certificate:
        if args.counterexample:
            raise UsageError("--counterexample is for strategies; a certificate names its failure")
        return _certificate(args, game)
    if args.counterexample:
        check_new_file(args.counterexample, "--counterexample")
    v, moves = _verified(args, game)
    if v.counterexample is not None and args.counterexample:
        write_new(args.counterexample, (v.counterexample.to_text() + "\n").encode())
        confirm(f"wrote the counterexample to {args.counterexample}")
    if args.json:
        emit_json(v.to_json())
        return 0 if v.wins else 1
    source = "stdin" if args.file == "-" else args.file
    if moves is not None:
        print(f"{counted(moves, 'move')} for {describe(game)}, from {source}.")
    print(verification_line(v, moves))
    if v.sizes:
        print(f"Belief size ({v.counts}; the goal included):")
        print("\n".join(_size_rows(v.sizes)))
    if v.counterexample is not None:
        print("\n".join(counterexample_lines(game, v.counterexample, source)))
        if v.method == "lower bound":
            print(
                f"(Fewer than 2^{game.n} - 1 moves lose even if the Devil never turns: the start "
                "is none of the sums of the first i moves.)"
            )
        if args.counterexample:
            named = source if source != "stdin" else "FILE"
            replay = command_line(
                "play", game, "--strategy", named, "--devil-turns", args.counterexample
            )
            print(
                f"The goal ({goal_words(game)}) never shows. Replay: {replay}"
                if moves is not None
                else f"Written to {args.counterexample}."
            )
        elif moves is not None:
            print(
                f"The goal ({goal_words(game)}) never shows. Save it with --counterexample OUT "
                "to replay it with 'play --devil-turns OUT'."
            )
    return 0 if v.wins else 1


COMMAND = Command(
    name="verify",
    help="decide exactly whether a strategy wins; a counterexample when it loses",
    description="Propagate the belief of every start through the strategy (exact, every "
    "start against every Devil), or replay a tree against every start and turn. Exit status "
    "0 when it wins, 1 when it loses, 2 for a usage error.",
    add_arguments=add_arguments,
    run=run,
    takes_game=True,
)
