"""``devilcoins lesson N FILE.py``: a coding exercise of the lesson, marked by the program."""

from __future__ import annotations

import argparse
from pathlib import Path

from devilcoins.cli.common import Command, Options, positive

__all__ = ["COMMAND"]


def add_arguments(p: Options) -> None:
    """The exercise's number and the student's file."""
    p.add_argument("number", type=positive, metavar="N", help="the coding exercise (1 to 5)")
    p.add_argument("file", type=Path, metavar="FILE.py", help="your solution, a Python file")


def run(args: argparse.Namespace) -> int:
    """Mark the file: one line a case, then how many are right; exit 0 all right, 1 not."""
    from devilcoins.lesson import EXERCISES, mark

    marks = mark(args.number, args.file)
    for m in marks:
        print(m.line())
    right = sum(m.right for m in marks)
    function = EXERCISES[args.number].function
    if right == len(marks):
        print(f"{function}: all {len(marks)} cases right.")
        return 0
    print(f"{function}: {right} of {len(marks)} cases right; read the first wrong one above.")
    return 1


COMMAND = Command(
    name="lesson",
    help="mark a coding exercise of the lesson: devilcoins lesson N FILE.py",
    description="Run your solution of the lesson's coding exercise N (docs/exercises.md) on its "
    "cases and say which are right: 1 predict, 2 canonical (one name for the turns of a state), "
    "3 reachable (the beliefs reached without superset pruning), 4 search against a Devil who "
    "may rearrange the coins as he likes, 5 AND-OR search for the count game. Exit 0 when "
    "every case is right, 1 when not.",
    add_arguments=add_arguments,
    run=run,
    limited=True,
)
