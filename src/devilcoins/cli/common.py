"""What every command shares: usage errors, exit codes, argument types, JSON and text files."""

from __future__ import annotations

import argparse
import contextlib
import gzip
import importlib.util
import os
import sys
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from devilcoins.cli.signals import EXIT_INTERRUPTED
from devilcoins.core.errors import DevilcoinsError, InvalidInput
from devilcoins.core.files import open_regular, write_all, write_new
from devilcoins.core.numbers import read_decimal, read_whole

__all__ = [
    "EXIT_INTERRUPTED",
    "EXIT_LIMIT",
    "EXIT_USAGE",
    "Command",
    "Options",
    "UsageError",
    "check_new_file",
    "coins_count",
    "confirm",
    "counted",
    "move_number",
    "non_negative",
    "port_number",
    "positive",
    "print_out",
    "read_text",
    "require_extra",
    "seed_number",
    "unlimited_digits",
    "write_output",
    "writing_stdout",
]

#: The exit status of a usage error: a bad command line or file, a request refused up front.
EXIT_USAGE = 2

#: The exit status of a command stopped at --time-limit or --memory (one line says how far it
#: got): distinct from a usage error, since the same command may finish with more time or memory.
EXIT_LIMIT = 3


class UsageError(DevilcoinsError):
    """A command line that asks for something impossible."""


@dataclass
class Command:
    """One subcommand: its name and help, how to add its arguments and how to run it.

    A command with ``takes_game`` also takes the game options (``cli.games``): it answers the
    game they describe with N, the coin game when none is given.  A ``limited`` one (all but
    the server and the atlas, which has its own limit for each game) takes --time-limit and
    --memory (``cli.limits``); one that ``shows_progress`` (all but the server) draws the
    progress line on a terminal, limited or not.
    """

    name: str
    help: str
    description: str
    add_arguments: Callable[[Options], None]
    run: Callable[[argparse.Namespace], int]
    takes_game: bool = False
    limited: bool = True
    shows_progress: bool = True


class Options:
    """A parser's options as they are added (argparse keeps its own list to itself), so that a
    misspelt option can be matched against them: wraps the three ways of adding one."""

    def __init__(self, parser: argparse.ArgumentParser | Any, names: list[str]) -> None:
        self._parser, self.names = parser, names

    def add_argument(self, *flags: str, **kwargs: Any) -> argparse.Action:
        """As argparse's, remembering the flags."""
        self.names.extend(f for f in flags if f.startswith("-"))
        action: argparse.Action = self._parser.add_argument(*flags, **kwargs)
        return action

    def add_argument_group(self, *args: Any, **kwargs: Any) -> Options:
        """As argparse's, the group's options remembered too."""
        return Options(self._parser.add_argument_group(*args, **kwargs), self.names)

    def add_mutually_exclusive_group(self, **kwargs: Any) -> Options:
        """As argparse's, the group's options remembered too."""
        return Options(self._parser.add_mutually_exclusive_group(**kwargs), self.names)


def _whole(text: str, *, what: str, low: int, digits: int = 19) -> int:
    """A whole number >= low of at most digits digits (19: up to 10^18), as ``read_whole``
    reads every number: the digits 0-9 alone, no leading zero (int() would also read '04',
    '1_6', '+4', ' 4' or '٤')."""
    try:
        return read_whole(text, what, low, digits)
    except DevilcoinsError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def decimal(text: str, *, what: str) -> float:
    """A number such as 30 or 2.5, written with the digits 0-9 and at most one decimal point,
    no leading zero (``read_decimal``): float() would also read '1_0' as 10, '+3', ' 3' or '03'
    as 3, '3e0' as 3 and 'inf'.

    >>> decimal("2.5", what="--time-limit")
    2.5
    >>> decimal("1_0", what="--time-limit")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: --time-limit must be a number written with the digits 0-9 ...
    """
    try:
        return read_decimal(text, what)
    except DevilcoinsError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def require_extra(what: str, extra: str, *modules: str) -> None:
    """Stop with a usage error (one line, status 2) when a module the extra brings is missing:
    ``devilcoins serve needs the web extra: pip install 'devilcoins[web]'``. The modules are
    top-level names, only looked up (importlib.util.find_spec): nothing is imported.

    >>> require_extra("it", "web", "json")
    >>> require_extra("it", "web", "json", "no_such_module_here")
    Traceback (most recent call last):
    ...
    devilcoins.cli.common.UsageError: it needs the web extra: pip install 'devilcoins[web]'
    """
    for module in modules:
        try:
            found = importlib.util.find_spec(module) is not None
        except (ImportError, ValueError):  # a finder that refuses it, or a broken install
            found = False
        if not found:
            raise UsageError(f"{what} needs the {extra} extra: pip install 'devilcoins[{extra}]'")


def coins_count(text: str) -> int:
    """N, the number of coins: a whole number >= 1."""
    return _whole(text, what="N (the number of coins)", low=1)


def positive(text: str) -> int:
    """A count >= 1."""
    return _whole(text, what="the count", low=1)


def move_number(text: str) -> int:
    """A move number, 1-based (up to 2^65536, the last move of the largest construction)."""
    return _whole(text, what="a move number", low=1, digits=19_729)


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


#: Bytes of memory the reading of one byte of a strategy file may cost (its moves as Python
#: objects): a file is read only while its size times this stays within the memory limit.
MEMORY_PER_BYTE = 40

#: Bytes read at a time (a limit's watcher can stop the command between two reads).
CHUNK_BYTES = 1 << 20


def most_file_bytes() -> int:
    """The largest file read within the memory limit (--memory, else three quarters of the
    machine's): a 120 MB strategy took 2.6 GB, /dev/zero grew until the machine's memory."""
    from devilcoins.core.resources import machine_bytes, memory_limit

    return memory_limit(machine_bytes() * 3 // 4) // MEMORY_PER_BYTE


def _read_bounded(stream: Any, name: str, what: str) -> str:
    """All of a stream as text (a byte order mark dropped), or a usage error once it passes
    most_file_bytes (a text stream, as a test's stdin is, counts characters)."""
    most, chunks, total = most_file_bytes(), [], 0
    while chunk := stream.read(CHUNK_BYTES):
        total += len(chunk)
        if total > most:
            raise UsageError(
                f"{name} passes {most / 1e6:,.0f} MB, more than the memory limit lets a {what} "
                f"file be read (about {MEMORY_PER_BYTE} bytes of memory a byte); give --memory "
                "more, or a smaller file"
            )
        chunks.append(chunk)
    if chunks and isinstance(chunks[0], str):
        return "".join(chunks).removeprefix("\ufeff")
    return b"".join(chunks).decode("utf-8-sig")


def read_text(path: str, what: str) -> str:
    """The text of a file the user names ('-' for stdin), or a clear usage error (a file past
    what the memory limit can read is one: ``most_file_bytes``; so is a path that is no regular
    file, a named pipe or a device, refused before any read: ``core.files.open_regular``)."""
    if path == "-":
        try:
            return _read_bounded(getattr(sys.stdin, "buffer", sys.stdin), "stdin", what)
        except UnicodeDecodeError as err:
            raise UsageError(f"cannot read the {what} on stdin: {err}") from None
    file = Path(path)
    try:
        if not file.exists():
            raise UsageError(f"no such {what} file: {_short(path)}")
        if file.is_dir():
            raise UsageError(f"{_short(path)} is a folder; give a {what} file")
        with open_regular(path, what) as raw, _unpacked(raw) as stream:
            return _read_bounded(stream, _short(path), what)
    except InvalidInput as err:  # a named pipe, a device, a socket: refused before any read
        raise UsageError(str(err)) from None
    except UnicodeDecodeError as err:
        raise UsageError(f"cannot read {what} file {_short(path)}: {err}") from None
    except (EOFError, zlib.error, gzip.BadGzipFile) as err:
        raise UsageError(
            f"cannot read {what} file {_short(path)}: a broken gzip file ({err})"
        ) from None
    except OSError as err:
        raise UsageError(f"cannot read {what} file {_short(path)}: {err.strerror}") from None


def _unpacked(raw: Any) -> Any:
    """The file as it is, or read through gzip when it starts as a gzip file does (a kept
    certificate is stored compressed; the memory limit bounds what it unpacks to)."""
    if raw.peek(2)[:2] == b"\x1f\x8b":
        return gzip.open(raw, "rb")
    return contextlib.nullcontext(raw)


def _short(path: str) -> str:
    """A path to show in one line: whole as far as a deep folder's path goes (400 characters),
    a longer one (no file's name: made up) cut in the middle."""
    return path if len(path) <= 400 else f"{path[:200]}...{path[-100:]}"


def check_new_file(path: str, option: str) -> None:
    """Refuse, before any work, a file an option would write that exists already, is a folder,
    or lies in a folder that does not exist or cannot be written (a usage error naming option).

    >>> check_new_file("README.md", "--save")
    Traceback (most recent call last):
    ...
    devilcoins.cli.common.UsageError: README.md already exists; choose a new file name \
(nothing was written)
    """
    target = Path(path)
    if not path.strip() or path.endswith(("/", "\\")) or target.is_dir():
        raise UsageError(f"{option} {path!r}: give a file name to write to")
    if target.exists():
        raise UsageError(f"{path} already exists; choose a new file name (nothing was written)")
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise UsageError(f"{folder} is not a folder; choose where {option} writes")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise UsageError(
            f"cannot write in {folder}; choose where {option} writes (nothing was written)"
        )


def write_output(path: str | None, text: str, what: str = "the output") -> None:
    """Write text to a new file at path (never overwrites; confirmed on stderr, naming what was
    written), or to stdout when path is None."""
    if path:
        data = text.encode()
        write_new(path, data)
        confirm(f"wrote {what} to {path} ({len(data):,} bytes)")
    else:
        print_out(text)


def print_out(text: str) -> None:
    """Write text to stdout whole (``core.files.write_all``: a short write is not taken for a
    whole one), or say that the output was cut short (``writing_stdout``)."""
    binary = getattr(sys.stdout, "buffer", None)
    with writing_stdout():
        if binary is None:  # a text stream in memory (a test's, a notebook's) takes it whole
            sys.stdout.write(text)
            return
        sys.stdout.flush()
        write_all(binary, text.encode())
        binary.flush()


@contextmanager
def writing_stdout() -> Iterator[None]:
    """A write to stdout that fails (a full disk, a file size limit) is an error that says the
    output is incomplete, exit 2; a reader that stops reading (``| head``) is not."""
    try:
        yield
    except BrokenPipeError:
        raise
    except OSError as err:
        raise DevilcoinsError(
            f"the output was cut short: {err.strerror or err} (what was written is incomplete)"
        ) from None


def confirm(text: str) -> None:
    """A line on stderr saying what was written where: 'devilcoins: wrote ... to FILE'."""
    print(f"devilcoins: {text}", file=sys.stderr)
