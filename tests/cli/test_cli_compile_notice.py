"""Issue 10: the first command after installing says it is compiling instead of sitting silent."""

from __future__ import annotations

import io
import logging

from devilcoins.cli.progress import announce_compiling, wants_compile_notice
from devilcoins.core import kernel

NOTICE = "devilcoins: compiling the search kernel once (about 10 s); later runs start at once\n"


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_notice_goes_only_to_a_terminal():
    assert wants_compile_notice(Terminal())
    assert not wants_compile_notice(io.StringIO())


def test_kernel_cached_reads_numbas_index(monkeypatch):
    kernel.warm_up()  # compiled (or loaded) and so in the cache now
    assert kernel.kernel_cached()
    monkeypatch.setattr(kernel._expand._cache._cache_file, "_load_index", dict)
    assert not kernel.kernel_cached()


def test_warm_up_announces_a_compile_on_a_terminal_only(monkeypatch):
    monkeypatch.setattr(kernel, "kernel_cached", lambda: False)
    screen, pipe = Terminal(), io.StringIO()
    with announce_compiling(screen):
        kernel.warm_up.__wrapped__()
    with announce_compiling(pipe):
        kernel.warm_up.__wrapped__()
    assert (screen.getvalue(), pipe.getvalue()) == (NOTICE, "")
    assert not logging.getLogger("devilcoins.kernel").handlers  # removed on the way out
    monkeypatch.setattr(kernel, "kernel_cached", lambda: True)
    with announce_compiling(screen):
        kernel.warm_up.__wrapped__()
    assert screen.getvalue() == NOTICE  # nothing more when nothing compiles
