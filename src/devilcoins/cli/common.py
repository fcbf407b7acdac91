"""What every command shares: usage errors, exit codes, argument types, JSON and text files."""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from devilcoins.core.errors import DevilcoinsError
from devilcoins.core.files import write_new

__all__ = [
    "EXIT_INTERRUPTED",
    "EXIT_USAGE",
    "Command",
    "UsageError",
    "coins_count",
    "counted",
    "emit_json",
    "json_text",
    "move_number",
    "non_negative",
    "not_an_observed_strategy",
    "port_number",
    "positive",
    "read_text",
    "seed_number",
    "unlimited_digits",
    "write_output",
]

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


class UsageError(DevilcoinsError):
    """A command line that asks for something impossible."""


@dataclass
class Command:
    """One subcommand: its name and help, how to add its arguments and how to run it.

    ``run_game`` answers when any game option is given (the general engine); a command that
    has one also takes the game options.  ``run_first``, where there is one, is asked before
    the game is built (for games too large to build): it answers, or returns None to go on.
    """

    name: str
    help: str
    description: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]
    run_game: Callable[..., int] | None = None
    run_first: Callable[[argparse.Namespace], int | None] | None = None


def _whole(text: str, *, what: str, low: int) -> int:
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{what} must be a whole number, got {text!r}") from None
    if value < low:
        raise argparse.ArgumentTypeError(f"{what} must be at least {low}, got {value}")
    return value


def coins_count(text: str) -> int:
    """N, the number of coins: a whole number >= 1."""
    return _whole(text, what="N (the number of coins)", low=1)


def positive(text: str) -> int:
    """A count >= 1."""
    return _whole(text, what="the count", low=1)


def move_number(text: str) -> int:
    """A move number, 1-based."""
    return _whole(text, what="a move number", low=1)


def non_negative(text: str) -> int:
    """A count >= 0."""
    return _whole(text, what="the count", low=0)


def port_number(text: str) -> int:
    """A TCP port, 1..65535."""
    value = _whole(text, what="the port", low=1)
    if value > 65535:
        raise argparse.ArgumentTypeError(f"the port must be at most 65535, got {value}")
    return value


def seed_number(text: str) -> int:
    """A random seed >= 0."""
    return _whole(text, what="the seed", low=0)


@contextmanager
def unlimited_digits() -> Iterator[None]:
    """Let ints of any size become text (Python stops at 4,300 digits) while inside; restores.

    >>> with unlimited_digits():
    ...     len(str(10**5000))
    5001
    """
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        yield
    finally:
        sys.set_int_max_str_digits(limit)


def counted(number: int, word: str) -> str:
    """'1 coin', '4 coins', '1,000 games'."""
    return f"{number:,} {word}" + ("" if number == 1 else "s")


def json_text(value: Any, indent: str = "") -> str:
    """JSON with objects indented and lists of plain values kept on one line."""
    inner = indent + "  "
    if isinstance(value, dict) and value:
        items = [f"{inner}{json.dumps(str(k))}: {json_text(v, inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    if isinstance(value, list) and any(isinstance(v, dict | list) for v in value):
        items = [inner + json_text(v, inner) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + indent + "]"
    return json.dumps(value)


def emit_json(data: dict[str, Any]) -> None:
    """Print data as JSON (see json_text)."""
    print(json_text(data))


def read_text(path: str, what: str) -> str:
    """The text of a file the user names ('-' for stdin), or a clear usage error."""
    if path == "-":
        return sys.stdin.read()
    file = Path(path)
    if not file.exists():
        raise UsageError(f"no such {what} file: {path}")
    if file.is_dir():
        raise UsageError(f"{path} is a folder; give a {what} file")
    try:
        return file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise UsageError(f"cannot read {what} file {path}: {err}") from None


def not_an_observed_strategy(text: str, name: str) -> None:
    """A usage error when text is a touch, sight or count strategy (solve --json) read as moves.

    The error names the kind and the game options that read it, from the file's own "spec".
    """
    if not text.lstrip().startswith("{"):
        return
    _not_a_policy_file(text, name)
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return
    tree = data.get("tree") if isinstance(data, dict) else None
    if not isinstance(tree, dict):
        return
    spec = data.get("spec") if isinstance(data.get("spec"), dict) else {}
    guess = "sight" if "policy" in tree else "count" if "move" in tree else "touch"
    kind = spec.get("observe") or guess
    defaults = {"values": 2, "group": "cyclic", "hands": None, "goal": "zero"}
    options = " ".join(
        f"--{field} {shlex.quote(str(spec[field]))}"
        for field, default in defaults.items()
        if spec.get(field, default) != default
    )
    what = "a policy" if kind == "sight" else "a tree"
    raise UsageError(
        f"{name} holds a {kind} strategy ({what}, as 'solve --observe {kind} --json' writes), "
        f"not a list of moves: add {options + ' ' if options else ''}--observe {kind} to read it"
    )


def _not_a_policy_file(text: str, name: str) -> None:
    """A usage error when text is a policy file (solve --save FILE.jsonl) read as moves."""
    first = text.lstrip().split("\n", 1)[0]
    if '"devilcoins-policy"' not in first:
        return
    try:
        game = str(json.loads(first).get("game"))
    except (json.JSONDecodeError, AttributeError):
        return
    options = " ".join(
        f"--{key} {shlex.quote(value)}"
        for key, _, value in (word.partition("=") for word in game.split())
        if key != "n"
    )
    raise UsageError(
        f"{name} holds a policy file for {game} (as 'solve --save FILE.jsonl' writes), not a "
        f"list of moves: add {options} to read it"
    )


def write_output(path: str | None, text: str) -> None:
    """Write text to a new file at path (never overwrites), or to stdout when path is None."""
    if path:
        write_new(path, text.encode())
    else:
        sys.stdout.write(text)
