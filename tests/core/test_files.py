"""Writing new files: the user's umask decides the mode, and an existing file is never touched."""

from __future__ import annotations

import os
import stat

import pytest
from cli_helpers import assert_usage_error, run

from devilcoins.core.errors import DevilcoinsError
from devilcoins.core.files import write_new


@pytest.fixture
def umask():
    """Set a umask for one test and restore the old one after it."""
    old = os.umask(0o022)
    yield lambda mask: os.umask(mask)
    os.umask(old)


@pytest.mark.parametrize("mask", [0o022, 0o077, 0o002, 0o027])
def test_write_new_honours_the_umask(tmp_path, umask, mask):
    """Issue 10: the files were mode 600 whatever the umask (a temporary file's mode)."""
    umask(mask)
    path = tmp_path / "out.txt"
    write_new(str(path), b"data")
    assert path.read_bytes() == b"data"
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~mask
    with pytest.raises(DevilcoinsError, match="already exists"):
        write_new(str(path), b"other")
    assert path.read_bytes() == b"data"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]  # no temporary file left


def test_save_file_mode_under_umask_022(capsys, tmp_path, umask):
    path = tmp_path / "s.txt"
    code, _, err = run(capsys, "solve", "4", "--save", str(path))
    assert (code, err) == (0, f"devilcoins: wrote the strategy to {path}\n")
    assert stat.S_IMODE(path.stat().st_mode) == 0o644
    assert_usage_error(*run(capsys, "solve", "4", "--save", str(path)), "already exists")


def test_a_killed_writers_temporary_file_is_removed_by_the_next_write(tmp_path):
    """SIGKILL during 'construct 32 --output F' left a hidden 2.7 GB temporary file that
    nothing removed: the next write in the folder removes every one whose process is gone."""
    import signal
    import subprocess
    import sys

    from devilcoins.core.files import write_new

    code = (
        "import os, sys\n"
        "from devilcoins.core.files import write_new_with\n"
        "def fill(out):\n"
        "    out.write(b'half a strategy'); out.flush()\n"
        "    print('writing', flush=True); sys.stdin.read()\n"
        f"write_new_with({str(tmp_path / 'killed.txt')!r}, fill)\n"
    )
    writer = subprocess.Popen(
        [sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert writer.stdout.readline().strip() == "writing"  # its temporary file is there now
    left = [p.name for p in tmp_path.iterdir()]
    assert len(left) == 1 and left[0].startswith(f".devilcoins-{writer.pid}-")
    writer.send_signal(signal.SIGKILL)
    writer.wait()
    assert [p.name for p in tmp_path.iterdir()] == left  # nothing of it ran: the file stays
    write_new(str(tmp_path / "next.txt"), b"0 1\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["next.txt"]


class _Signal(BaseException):
    """Stands for SIGTERM or Ctrl-C, raised at an unlucky moment."""


@pytest.mark.parametrize("when", ["made", "first write"])
def test_a_signal_the_moment_the_file_is_made_leaves_nothing(tmp_path, monkeypatch, when):
    # CI once found a temporary file left after SIGTERM: the signal came between the file's
    # creation and the code that removes it on the way out.
    from devilcoins.core import files

    real_open = os.open

    def open_then_signal(path, flags, mode=0o777):
        fd = real_open(path, flags, mode)
        if when == "made":
            os.close(fd)
            raise _Signal  # the file exists; its descriptor never reached the caller
        return fd

    def fill(out):
        if when == "first write":
            raise _Signal
        out.write(b"never")

    monkeypatch.setattr(files.os, "open", open_then_signal)
    with pytest.raises(_Signal):
        files.write_new_with(str(tmp_path / "out.txt"), fill)
    assert list(tmp_path.iterdir()) == []
    assert not files._UNFINISHED
