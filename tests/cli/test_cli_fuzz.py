"""Command lines built by hypothesis from each command's own options: valid, out of range,
malformed and huge values.  Every one answers with a result or one line, exit 0, 1, 2 or 130
(or 3, stopped at a limit given), no traceback, and no number nobody can read (a command that
has a time limit gets 3 s: past it, the one line says so)."""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from devilcoins.cli.main import build_parser, main

#: The server runs until stopped and the atlas has its own limits (tests/atlas/).
SKIPPED = {"serve", "atlas"}

#: Whole numbers as a user might type them: small and valid, or at the edges, huge, malformed.
GOOD_NUMBERS = st.sampled_from(["1", "2", "3", "4", "5", "6", "8", "9", "12", "16"])
BAD_NUMBERS = st.sampled_from(
    ["32", "64", "1000", "0", "-1", "1.5", "x", "", "10" * 10, "1" + "0" * 18, "9" * 25, "2e3",
     "0x10", " 4 "]
)  # fmt: skip
NUMBERS = st.one_of(GOOD_NUMBERS, GOOD_NUMBERS, BAD_NUMBERS)

#: Hostile files in the test's folder: JSON nested 100,000 deep, a number of 5,000 digits,
#: bytes that are no text.
HOSTILE = {
    "deep.json": b"[" * 100_000 + b"]" * 100_000,
    "huge.json": b"[" + b"9" * 5_000 + b"]",
    "binary.bin": b"\x00\xff\xfe" * 1_000,
}

#: Texts for everything else: notation, file names (in the test's own folder), junk.
TEXTS = st.sampled_from(
    ["0 2", "FLFL", "HTTH", "HHHH", "1 0 3 2; 1 3 0 2", "0,1", "-", "strategy.txt",
     "missing.txt", "out.txt", "folder/", "", "  ", "{", "é", "0000,1111", "x" * 300,
     *HOSTILE, *HOSTILE]
)  # fmt: skip

#: Long digit runs (thousands separators allowed): numbers nobody reads.
UNREADABLE = re.compile(r"\d(?:,?\d){40,}")

#: Commands whose exact answers are long numbers by request (classes N; move N I).
EXACT = {"classes", "move"}


def _commands() -> dict[str, argparse.ArgumentParser]:
    _parser, commands = build_parser()
    return {name: p for name, (p, _) in commands.items() if name not in SKIPPED}


COMMANDS = _commands()


def _value(action: argparse.Action) -> st.SearchStrategy[str]:
    if action.choices:
        choices = st.sampled_from([str(c) for c in action.choices])
        return st.one_of(choices, choices, TEXTS)
    if action.type is not None and getattr(action.type, "__name__", "") != "str":
        return st.one_of(NUMBERS, TEXTS)
    return st.one_of(TEXTS, NUMBERS)


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    """A command and its arguments, drawn from the command's own parser."""
    name = draw(st.sampled_from(sorted(COMMANDS)))
    argv = [name]
    optionals = []
    for action in COMMANDS[name]._actions:
        if isinstance(action, argparse._HelpAction):
            continue
        if not action.option_strings:
            if action.nargs in ("?", "*") and draw(st.booleans()):
                continue
            argv.append(draw(NUMBERS if action.dest == "n" else _value(action)))
        else:
            optionals.append(action)
    for action in draw(st.lists(st.sampled_from(optionals), max_size=4, unique_by=id)):
        argv.append(action.option_strings[-1])
        if action.nargs != 0:
            argv.append(draw(_value(action)))
    return argv


class _Ends(io.BytesIO):
    """A byte buffer that keeps the first and the last KEEP bytes written: a command asked for
    2^64 moves writes until its limit stops it, and the test worker must not hold all of it."""

    KEEP = 1 << 20

    def __init__(self) -> None:
        super().__init__()
        self.tail = b""

    def write(self, data) -> int:  # type: ignore[override]
        data = bytes(data)
        room = self.KEEP - self.tell()
        if room > 0:
            super().write(data[:room])
        self.tail = (self.tail + data[max(room, 0) :])[-self.KEEP :]
        return len(data)

    def getvalue(self) -> bytes:
        return super().getvalue() + self.tail


@contextlib.contextmanager
def _captured():
    """stdout (with a byte buffer, as construct writes, keeping its ends), stderr, and an empty
    stdin."""
    out = io.TextIOWrapper(_Ends(), encoding="utf-8")
    err = io.StringIO()
    saved = sys.stdout, sys.stderr, sys.stdin
    sys.stdout, sys.stderr, sys.stdin = out, err, io.StringIO("")
    try:
        yield out, err
    finally:
        sys.stdout, sys.stderr, sys.stdin = saved


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    path = tmp_path_factory.mktemp("fuzz")
    (path / "strategy.txt").write_text("0 1\n0\n")
    for name, body in HOSTILE.items():
        (path / name).write_bytes(body)
    return path


#: Examples per run (DEVILCOINS_FUZZ=2000 for a long hunt).
EXAMPLES = int(os.environ.get("DEVILCOINS_FUZZ", "60"))


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(argv=command_lines())
def test_every_command_line_is_answered(folder: Path, monkeypatch, argv: list[str]):
    monkeypatch.chdir(folder)
    limited = "--time-limit" in {s for a in COMMANDS[argv[0]]._actions for s in a.option_strings}
    full = argv + (["--time-limit", "3", "--memory", "3"] if limited else [])
    with _captured() as (out, err):
        try:
            code = main(full)
        except SystemExit as stop:  # argparse's own exits (--help, errors)
            code = stop.code
        out.flush()
        stdout = out.buffer.getvalue().decode("utf-8", "replace")  # type: ignore[attr-defined]
        stderr = err.getvalue()
    # 3: stopped at the limits given (only where there are limits), saying what to allow
    assert code in (0, 1, 2, 130) or (limited and code == 3), (full, code, stderr[-500:])
    if code == 3:  # the limit it met, and the option that allows more of it
        met = (
            "give it longer with --time-limit"
            if "the time limit (" in stderr
            else "allow more with --memory"
        )
        assert met in stderr, (full, stderr[-500:])
    assert "Traceback" not in stderr + stdout, (full, stderr[-2000:])
    if code == 2:
        last = stderr.strip().splitlines()[-1]
        assert last.startswith("devilcoins: error:"), (full, stderr[-500:])
    assert not UNREADABLE.search(stderr), (full, stderr[-500:])
    if argv[0] not in EXACT and "--json" not in full:
        assert not UNREADABLE.search(stdout), (full, stdout[-500:])
