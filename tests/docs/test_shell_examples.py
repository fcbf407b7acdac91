"""Every shell example of the README and the docs runs as shown from a fresh folder (times aside).

tests/test_readme.py replays in this process the examples that only print. This runs the rest,
those that write or read files or go through a pipe, through bash: each page's in the page's
order in one new folder (an example may read a file that an earlier one on the page wrote),
with this environment's ``devilcoins`` first on PATH, and compares what each prints (standard
output, then standard error) with the lines below it on the page. A '...' in the page's lines
stands for text shortened by hand. The examples that cannot run here are skipped, each with its
reason (NOT_RUN).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from test_readme import DOCS, README, ROOT, normalised, shell_examples
from test_readme import examples as replayed_examples

PAGES = [README, *DOCS]

#: Examples not run here, by how their command starts, and why.
NOT_RUN = {
    "devilcoins serve": "serves until stopped (tests/web covers the page)",
    "make load": "a load test of minutes against a running server (bench/load.py)",
    ".venv/bin/python bench/run.py": "the benchmark: minutes of timing; its table is quoted",
    ".venv/bin/python bench/atlas.py": "starts Dask clusters and times them; its table is quoted",
    "devilcoins solve 4 --json": "the page folds the JSON by hand (tests/cli check the JSON form)",
}


def heavy_reason(command: str) -> str | None:
    """Why the example is not run here, or None."""
    return next((why for start, why in NOT_RUN.items() if command.startswith(start)), None)


def to_run(page: Path) -> list[tuple[str, str]]:
    """The page's examples that tests/test_readme.py does not replay and that run here."""
    replayed = set(replayed_examples(page))
    return [
        (c, out)
        for c, out in shell_examples(page)
        if (c, out) not in replayed and heavy_reason(c) is None
    ]


def matches(printed: str, actual: str) -> bool:
    """The program's text is the page's, times blanked, '...' on the page standing for any text."""
    want, got = normalised(printed), normalised(actual)
    if "..." not in want:
        return want == got
    pattern = ".*?".join(re.escape(part) for part in want.split("..."))
    return re.fullmatch(pattern, got, flags=re.S) is not None


def run(command: str, folder: Path) -> str:
    """What the command prints in folder, standard output then standard error."""
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    env.pop("COLUMNS", None)
    done = subprocess.run(
        ["bash", "-c", command], cwd=folder, env=env, capture_output=True, text=True, timeout=600
    )
    return done.stdout + done.stderr


@pytest.mark.parametrize("page", [p for p in PAGES if to_run(p)], ids=lambda p: p.name)
def test_shell_examples_run_as_shown(page, tmp_path):
    differ = []
    for command, printed in to_run(page):
        actual = run(command, tmp_path)
        if not matches(printed, actual):
            differ.append(f"$ {command}\n--- the page:\n{printed}\n--- the program:\n{actual}")
    assert not differ, f"{page.relative_to(ROOT)}:\n" + "\n\n".join(differ)


@pytest.mark.parametrize(
    ("page", "command"),
    [
        pytest.param(p.name, c, id=f"{p.name}: {c}")
        for p in PAGES
        for c, _ in shell_examples(p)
        if heavy_reason(c) is not None
    ],
)
def test_heavy_examples_are_named(page, command):
    pytest.skip(f"not run: {heavy_reason(command)}")


def test_the_pages_have_examples_that_write_files():
    commands = [c for page in PAGES for c, _ in to_run(page)]
    assert any("--counterexample" in c for c in commands)
    assert any("--output" in c for c in commands)
    assert len(commands) >= 20


def test_shortened_output_matches_only_what_it_keeps():
    assert matches("a\n...\nz", "a\nb\nc\nz")
    assert not matches("a\n...\nz", "a\nb\nc\ny")
    assert matches("took 0.5 s", "took 12.25 s")
    assert not matches("12 moves", "13 moves")
