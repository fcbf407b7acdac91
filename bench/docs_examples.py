"""Rewrite the printed output of the docs' command examples with what the program prints now.

Every '$ ...' line in a ```text block of README.md or docs/*.md that the test suite runs is run
again and the lines below it, up to the next '$ ' line or the block's end, replaced by its
output: those tests/test_readme.py replays in its process are run here the same way, the rest
(files, pipes) through bash in one new folder a page, in the page's order, as
tests/docs/test_shell_examples.py runs them (those it names in NOT_RUN are left alone).
Run it after a change of wording, then read the diff: the tests compare the pages with the
program, this brings the pages up to date.

    .venv/bin/python bench/docs_examples.py [PAGE ...]   # default: README.md and docs/*.md
"""

from __future__ import annotations

import contextlib
import io
import re
import shlex
import sys
import tempfile
from pathlib import Path

from devilcoins.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "docs"))

from test_readme import NOT_REPLAYED, NOT_REPLAYED_COMMANDS, normalised  # noqa: E402
from test_shell_examples import heavy_reason, matches, run  # noqa: E402


def _replayed(command: str) -> bool:
    return (
        command.startswith("devilcoins ")
        and not any(mark in command for mark in NOT_REPLAYED)
        and not command.startswith(NOT_REPLAYED_COMMANDS)
    )


def _output(command: str) -> str:
    """What the command prints, on stdout then stderr (as the tests read it)."""
    raw, err = io.BytesIO(), io.StringIO()
    out = io.TextIOWrapper(raw, encoding="utf-8", write_through=True)
    with (
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
        contextlib.suppress(SystemExit),
    ):
        main(shlex.split(command)[1:])
    out.flush()
    return (raw.getvalue().decode() + err.getvalue()).rstrip("\n")


def _examples(text: str) -> list[tuple[str | None, list[str]]]:
    """The block as (command line or None, the lines below it) pieces."""
    pieces: list[tuple[str | None, list[str]]] = [(None, [])]
    for line in text.split("\n"):
        if line.startswith("$ "):
            pieces.append((line[2:], []))
        else:
            pieces[-1][1].append(line)
    return pieces


def _block(text: str, folder: Path) -> str:
    """The block with each example's output brought up to date (an output that differs only in
    its times, or only where the page shortened it with '...', is kept as it was)."""
    out: list[str] = []
    for command, lines in _examples(text):
        if command is not None:
            out.append(f"$ {command}")
            if _replayed(command):
                now = _output(command)
                if normalised(now) != normalised("\n".join(lines)):
                    lines = now.split("\n")
            elif heavy_reason(command) is None:
                now = run(command, folder).rstrip("\n")
                if not matches("\n".join(lines), now):
                    lines = now.split("\n")
        out.extend(lines)
    return "\n".join(out)


def refresh(page: Path) -> bool:
    """Rewrite the page's examples; True when it changed."""
    text = page.read_text()
    with tempfile.TemporaryDirectory() as folder:
        new = re.sub(
            r"(```text\n)(.*?)(```)",
            lambda m: (
                m.group(1) + _block(m.group(2).rstrip("\n"), Path(folder)) + "\n" + m.group(3)
            ),
            text,
            flags=re.S,
        )
    if new != text:
        page.write_text(new)
    return new != text


if __name__ == "__main__":
    everything = [ROOT / "README.md", *sorted(ROOT.glob("docs/*.md"))]
    pages = [Path(p).resolve() for p in sys.argv[1:]] or everything
    for page in pages:
        if refresh(page):
            print(f"updated {page.relative_to(ROOT)}")
