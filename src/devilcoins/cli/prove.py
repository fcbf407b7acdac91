"""``devilcoins prove N`` and ``devilcoins explain N``: the verdict for a game with its evidence,
each piece stated or checked now (the coin game for any N up to 10^12; the sight game for any N
and M), or how it was settled in words (for the coin game the recursive structure of the
strategy, or why the Devil wins), agreeing with solve."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from devilcoins import Game
from devilcoins.cli.common import (
    Command,
    Options,
    coins_count,
    print_out,
)
from devilcoins.cli.games import game_from, refusing_too_large
from devilcoins.cli.jsonout import emit_json
from devilcoins.cli.progress import reporter

__all__ = ["EXPLAIN", "PROVE"]


def add_arguments(p: Options) -> None:
    """N and --json."""
    p.add_argument("n", type=coins_count, metavar="N", help="number of positions (coins)")
    p.add_argument("--json", action="store_true", help="print machine-readable JSON")


def run_prove(args: argparse.Namespace) -> int:
    """devilcoins prove N: exit 0 when every check held, 1 when one failed."""
    from devilcoins import prove

    game = game_from(args)
    with refusing_too_large(game, "prove"), _progress(game, "proving") as progress:
        verdict = prove(game, on_progress=progress)
    return _emit(args, verdict.to_json(), verdict.to_text(), verdict.holds)


def run_explain(args: argparse.Namespace) -> int:
    """devilcoins explain N: exit 0 when every check of its verdict held, 1 when one failed."""
    from devilcoins import explanation

    game = game_from(args)
    with refusing_too_large(game, "explain"), _progress(game, "explaining") as progress:
        found = explanation(game, on_progress=progress)
    return _emit(args, found.to_json(), found.text, found.verdict.holds)


@contextmanager
def _progress(game: Game, doing: str) -> Iterator[Callable[[int, int], None]]:
    """The status line while the game is settled, and the callback that keeps it saying the
    bounds proved so far (a stop at a limit prints them, in the words solve uses)."""
    import devilcoins

    with reporter(f"{doing} {game}") as rep:

        def progress(done: int, known: int) -> None:
            rep.note(f"{doing} {game}: {devilcoins.progress_note(game, done, known)}")

        yield progress


def _emit(args: argparse.Namespace, data: dict[str, object], text: str, holds: bool) -> int:
    """Print the JSON (--json) or the text; the exit status says whether every check held."""
    if args.json:
        emit_json(data)
    else:
        print_out(text)
    return 0 if holds else 1


PROVE = Command(
    name="prove",
    help="the verdict for a game with its evidence (N coins for any N up to 10^12; the sight "
    "game for any N and M)",
    description="Say whether the game can be won and how short a strategy can be, with the "
    "evidence, each piece marked stated (an argument to read) or checked by the program now: "
    "the lower bound and the construction, the states the Devil can keep the game in (his "
    "certificate), the exact verification of "
    "the strategy, the replay of a tree. Exit status 1 when a check fails.",
    add_arguments=add_arguments,
    run=run_prove,
    takes_game=True,
)

EXPLAIN = Command(
    name="explain",
    help="how the game was settled, in words (coins: the strategy's recursion, or why the "
    "Devil wins)",
    description="Explain how the engine settled the game: the chain construction level by "
    "level, the states the Devil can keep the game in (his certificate), the belief search or "
    "the strategy tree. For the coin game "
    "the recursive structure of the strategy, the same/different pattern of opposite coins and "
    "the belief table move by move (N = 2, 4, 8 in full; 16 and on in summary), or why the "
    "Devil wins.",
    add_arguments=add_arguments,
    run=run_explain,
    takes_game=True,
)
