"""One runner for the shell examples of a page: every '$ ' line of its ```text blocks, in page
order, in one empty folder, so that a file an earlier example makes exists for a later one.

An example whose command is a plain ``devilcoins ...`` (no pipe, no redirection) runs in this
process, with the folder as its working directory (quick: no new Python, no numba import); every
other runs through bash in the same folder, with this environment's ``devilcoins`` first on
PATH.  What it prints (standard output, then standard error) is compared with the lines below it
on the page, times masked (``normalised``), a '...' on the page standing for text shortened by
hand.  The examples that cannot run here are named with their reason (``NOT_RUN``).

The test suite (tests/docs/test_shell_examples.py) and the script that brings the pages up to
date (bench/docs_examples.py) both use it, so they run the same examples the same way.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from devilcoins.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DESCRIPTION = ROOT / "DESCRIPTION.md"  # the package index's page
DOCS = sorted((ROOT / "docs").glob("*.md"))
PAGES = [README, DESCRIPTION, *DOCS]

NUMBER_WITH_POINT = re.compile(r"\d+\.\d+(e[+-]\d+)?")

#: Examples not run here, by how their command starts, and why.
NOT_RUN = {
    "devilcoins serve": "serves until stopped (tests/web covers the page)",
    "make load": "a load test of minutes against a running server (bench/load.py)",
    ".venv/bin/python bench/run.py": "the benchmark: minutes of timing; its table is quoted",
    ".venv/bin/python bench/atlas.py": "starts Dask clusters and times them; its table is quoted",
    "devilcoins solve 4 --json": "the page folds the JSON by hand (tests/cli check the JSON form)",
}

#: What makes a command a job for bash rather than for this process.
_SHELL = ("|", ">", "<", "&&", ";", "$(", "`")


@dataclass(frozen=True)
class Example:
    """One '$ ' line of a page, what the page prints under it, and what the program printed
    (None: not run here, ``why`` says why)."""

    command: str
    printed: str
    actual: str | None
    why: str = ""

    @property
    def agrees(self) -> bool:
        """Whether the program printed what the page shows (an example not run agrees)."""
        return self.actual is None or matches(self.printed, self.actual)


def shell_examples(page: Path) -> list[tuple[str, str]]:
    """(command line, printed text) for each '$ ' line in a page's text blocks, in order."""
    found = []
    for block in re.findall(r"```text\n(.*?)```", page.read_text(), flags=re.S):
        command, lines = None, []
        for line in [*block.splitlines(), "$ end"]:
            if line.startswith("$ "):
                if command is not None:
                    found.append((command, "\n".join(lines)))
                command, lines = line[2:], []
            elif command is not None:
                lines.append(line)
    return found


def not_run(command: str) -> str | None:
    """Why the example is not run here, or None."""
    return next((why for start, why in NOT_RUN.items() if command.startswith(start)), None)


def in_process(command: str) -> bool:
    """Whether the example runs in this process (a plain ``devilcoins`` command)."""
    return command.startswith("devilcoins ") and not any(mark in command for mark in _SHELL)


def normalised(text: str) -> str:
    """Text with decimal numbers (times) blanked and trailing space dropped."""
    lines = [NUMBER_WITH_POINT.sub("#", line).rstrip() for line in text.strip().splitlines()]
    return "\n".join(re.sub(r" +#", " #", line) for line in lines)


def matches(printed: str, actual: str) -> bool:
    """The program's text is the page's, times blanked, '...' on the page standing for any text.

    >>> matches("took 0.5 s", "took 12.25 s"), matches("12 moves", "13 moves")
    (True, False)
    >>> matches("a\\n...\\nz", "a\\nb\\nc\\nz"), matches("a\\n...\\nz", "a\\nb\\ny")
    (True, False)
    """
    want, got = normalised(printed), normalised(actual)
    if "..." not in want:
        return want == got
    pattern = ".*?".join(re.escape(part) for part in want.split("..."))
    return re.fullmatch(pattern, got, flags=re.S) is not None


def through_bash(command: str, folder: Path) -> str:
    """What the command prints in folder through bash, standard output then standard error."""
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    env.pop("COLUMNS", None)
    done = subprocess.run(
        ["bash", "-c", command], cwd=folder, env=env, capture_output=True, text=True, timeout=600
    )
    return done.stdout + done.stderr


def here(command: str, folder: Path) -> str:
    """What the devilcoins command prints run in this process with folder as its working
    directory, standard output then standard error."""
    raw, err = io.BytesIO(), io.StringIO()
    out = io.TextIOWrapper(raw, encoding="utf-8", write_through=True)
    before = Path.cwd()
    os.chdir(folder)
    try:
        with (
            contextlib.redirect_stdout(out),
            contextlib.redirect_stderr(err),
            contextlib.suppress(SystemExit),
        ):
            main(shlex.split(command)[1:])
    finally:
        os.chdir(before)
    out.flush()
    return raw.getvalue().decode() + err.getvalue()


def run_page(page: Path, folder: Path) -> Iterator[Example]:
    """Each shell example of the page, run in page order in folder (empty at the start)."""
    for command, printed in shell_examples(page):
        why = not_run(command)
        if why is not None:
            yield Example(command, printed, None, why)
        elif in_process(command):
            yield Example(command, printed, here(command, folder))
        else:
            yield Example(command, printed, through_bash(command, folder))
