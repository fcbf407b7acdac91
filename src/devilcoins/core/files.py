"""Writing files that never replace an existing one, and opening only regular files to read.

A new file is written beside its target under a temporary name and linked into place only when
it is complete: an existing file is never touched, and a failed write leaves nothing behind.  The
temporary file is created with mode 0o666, so the user's umask decides the mode (as for any file
a program writes), not the 0o600 of ``tempfile.mkstemp``.

A file the user names for reading (a strategy, the Devil's turns, a certificate, a checkpoint)
is refused before any read unless it is a regular file (``check_regular``, ``open_regular``):
``/dev/urandom`` was read for 40 s before it was refused, and a named pipe waits for a writer
forever.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from devilcoins.core.errors import DevilcoinsError, InvalidInput

__all__ = [
    "check_regular",
    "open_regular",
    "remove_leftovers",
    "remove_unfinished",
    "write_all",
    "write_new",
    "write_new_with",
]

#: The temporary files being written now (removed by remove_unfinished when a process must end).
_UNFINISHED: set[str] = set()


def remove_unfinished() -> None:
    """Remove every temporary file still being written (for a process ending abruptly)."""
    for tmp in list(_UNFINISHED):
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        _UNFINISHED.discard(tmp)


def write_all(out: BinaryIO, data: bytes | memoryview) -> None:
    """Write all of data to out, or raise OSError: a write may take only part of what it is
    given (a disk that fills up, a file size limit) and says so by its count, which a plain
    ``out.write`` leaves unread; the next write of the rest then fails with the reason.

    >>> import io
    >>> class Short(io.BytesIO):
    ...     def write(self, b):
    ...         return super().write(bytes(b)[:3])  # takes at most 3 bytes at a time
    >>> out = Short(); write_all(out, b'HTHHT'); out.getvalue()
    b'HTHHT'
    """
    view = memoryview(data).cast("B")
    while view:
        taken = out.write(view)
        if taken is None:  # a buffered stream takes all of it, or raises
            return
        if taken <= 0:
            raise OSError(f"the output took none of the last {len(view):,} bytes")
        view = view[taken:]


def write_new(path: str, data: bytes) -> None:
    """Write data to a new file at path; refuse to touch an existing file."""
    write_new_with(path, lambda out: write_all(out, data))


def write_new_with(path: str, fill: Callable[[BinaryIO], object]) -> None:
    """Have fill write a new file at path (a binary stream); refuse to touch an existing file."""
    target = Path(path)
    if target.exists():
        raise DevilcoinsError(
            f"{path} already exists; choose a new file name (nothing was written)"
        )
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise DevilcoinsError(f"{folder} is not a folder (nothing was written)")
    made: list[str] = []  # the temporary file's name, listed before it exists
    try:  # a signal may come at any moment: from the name on, the finally removes the file
        try:
            fd = _create_temporary(folder, made)
        except OSError as err:
            raise DevilcoinsError(
                f"cannot write in {folder}: {err.strerror} (nothing was written)"
            ) from None
        with os.fdopen(fd, "wb") as out:
            fill(out)
        os.link(made[0], target)  # fails rather than replace a file created meanwhile
    except FileExistsError:
        raise DevilcoinsError(f"{path} already exists; choose a new file name") from None
    except OSError as err:
        raise DevilcoinsError(
            f"cannot write {path}: {err.strerror} (nothing was written)"
        ) from None
    finally:
        for tmp in made:
            _UNFINISHED.discard(tmp)
            with contextlib.suppress(FileNotFoundError):  # a signal before it was made
                os.unlink(tmp)


def remove_leftovers(folder: Path) -> list[str]:
    """Remove the temporary files of devilcoins processes that ended without removing them
    (their process id no longer runs); the names removed.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     gone = Path(d) / ".devilcoins-999999999-0123456789abcdef.tmp"
    ...     mine = Path(d) / f".devilcoins-{os.getpid()}-0123456789abcdef.tmp"
    ...     _ = gone.write_bytes(b"half"), mine.write_bytes(b"half")
    ...     remove_leftovers(Path(d)), mine.exists()
    (['.devilcoins-999999999-0123456789abcdef.tmp'], True)
    """
    removed: list[str] = []
    try:
        names = [p for p in folder.glob(".devilcoins-*-*.tmp") if p.is_file()]
    except OSError:
        return removed
    for path in names:
        pid = path.name.split("-")[1]
        if pid.isdigit() and not _running(int(pid)):
            with contextlib.suppress(OSError):
                path.unlink()
                removed.append(path.name)
    return removed


def _running(pid: int) -> bool:
    """Whether a process with this id runs (one we may not signal runs too)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True
    return True


def _create_temporary(folder: Path, made: list[str]) -> int:
    """A new, empty file in folder under an unused random name, mode 0o666 less the umask: its
    descriptor.  Its name is appended to made (and listed as unfinished) before the file is
    made, so that the caller removes it whenever the write ends, a signal at any moment
    (SIGTERM, Ctrl-C) included.

    The name holds this process's id (``.devilcoins-PID-RANDOM.tmp``): a process killed
    outright (SIGKILL: nothing of it runs) leaves its file, and the next write in the folder
    removes every such file whose process is gone (``remove_leftovers``)."""
    remove_leftovers(folder)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    while True:
        tmp = str(folder / f".devilcoins-{os.getpid()}-{secrets.token_hex(8)}.tmp")
        made.append(tmp)
        _UNFINISHED.add(tmp)
        try:
            return os.open(tmp, flags, 0o666)
        except FileExistsError:  # pragma: no cover - a 64-bit random name already taken
            made.remove(tmp)  # another's file: not ours to remove
            _UNFINISHED.discard(tmp)


#: What a path is, by the kind of file stat says it is (a regular file is read).
_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def _not_regular(path: str | Path, mode: int, what: str) -> InvalidInput | None:
    """The refusal of a path of this mode to read as what, or None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    kind = next((name for test, name in _KINDS if test(mode)), "not a regular file")
    shown = str(path) if len(str(path)) <= 80 else f"{str(path)[:40]}...{str(path)[-30:]}"
    return InvalidInput(f"{shown} is {kind}, not a {what} file: name a regular file")


def check_regular(path: str | Path, what: str) -> None:
    """Refuse, at once and before any read, a path that exists and is no regular file (a
    folder, a named pipe, a device, a socket); what names the file ('strategy'). A path that
    does not exist is left to the caller, which says so in its own words.

    >>> check_regular("/dev/null", "strategy")
    Traceback (most recent call last):
    ...
    devilcoins.core.errors.InvalidInput: /dev/null is a character device, not a strategy file: \
name a regular file
    """
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):  # missing, unreadable or a name no file has: the open says
        return
    refusal = _not_regular(path, mode, what)
    if refusal is not None:
        raise refusal


def open_regular(path: str | Path, what: str) -> BinaryIO:
    """The file at path opened to read (binary), when it is a regular file: else refused as
    ``check_regular`` refuses it, also when it turns into another kind between the check and
    the open (the open does not wait: a named pipe opened to read waits for a writer)."""
    check_regular(path, what)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        refusal = _not_regular(path, os.fstat(fd).st_mode, what)
        if refusal is not None:
            raise refusal
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
