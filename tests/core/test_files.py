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
