"""``devilcoins atlas``: a grid of small games, each settled exactly and checked against the
literature."""

from __future__ import annotations

import argparse

from devilcoins.cli.common import Command, emit_json

__all__ = ["COMMAND"]


def add_arguments(p: argparse.ArgumentParser) -> None:
    """--json and --markdown."""
    p.add_argument("--json", action="store_true", help="print machine-readable JSON")
    p.add_argument("--markdown", action="store_true", help="print a Markdown table")


def run(args: argparse.Namespace) -> int:
    """devilcoins atlas."""
    from devilcoins.atlas import atlas, default_grid, to_json, to_markdown, to_text
    from devilcoins.cli.progress import reporter

    games = default_grid()
    quiet = False if (args.json or args.markdown) else None
    with reporter("atlas", total=len(games), enabled=quiet) as rep:
        entries = atlas(games, on_progress=lambda done, _total: rep.reach(done))
    if args.json:
        emit_json(to_json(entries))
    elif args.markdown:
        print(to_markdown(entries, seconds=False))
    else:
        print(to_text(entries))
    return 0 if all(e.agrees is not False for e in entries) else 1


COMMAND = Command(
    name="atlas",
    help="a grid of small games, each settled exactly and checked against the literature",
    description="Solve every game of a documented grid (coins and dials, named groups, "
    "limited hands, goals zero and same, blind, touch and sight) and compare each answer "
    "with the literature where it has one.",
    add_arguments=add_arguments,
    run=run,
)
