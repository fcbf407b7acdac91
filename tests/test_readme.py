"""The README's and the docs' examples are what the program prints today (times aside).

Every '$ devilcoins ...' line in a ```text block of README.md or docs/*.md is replayed and its
output compared; the doctests of docs/*.md run here too (README.md's run through pytest's
--doctest-glob).
"""

from __future__ import annotations

import doctest
import re
import shlex
from pathlib import Path

import pytest

from devilcoins.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DESCRIPTION = ROOT / "DESCRIPTION.md"  # the package index's page
DOCS = sorted((ROOT / "docs").glob("*.md"))
NUMBER_WITH_POINT = re.compile(r"\d+\.\d+(e[+-]\d+)?")
# Examples shortened by hand, writing or reading files, or serving are not replayed.
NOT_REPLAYED = (
    "|",
    ">",
    "--save",
    "--json",
    "--output",
    "make ",
    "--strategy",
    "--counterexample",
    ".json",
)
NOT_REPLAYED_COMMANDS = ("devilcoins serve",)


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


def examples(page: Path = README) -> list[tuple[str, str]]:
    """(command line, printed text) for each '$ devilcoins ...' in a page's text blocks that
    this file replays in its process."""
    return [
        (c, out)
        for c, out in shell_examples(page)
        if c.startswith("devilcoins ")
        and not any(mark in c for mark in NOT_REPLAYED)
        and not c.startswith(NOT_REPLAYED_COMMANDS)
    ]


def all_examples() -> list:
    """(page name, command line, printed text) for the README and every docs page."""
    return [
        pytest.param(page.name, c, out, id=f"{page.name}: {c}")
        for page in [README, DESCRIPTION, *DOCS]
        for c, out in examples(page)
    ]


def normalised(text: str) -> str:
    """Text with decimal numbers (times) blanked and trailing space dropped."""
    lines = [NUMBER_WITH_POINT.sub("#", line).rstrip() for line in text.strip().splitlines()]
    return "\n".join(re.sub(r" +#", " #", line) for line in lines)


def test_the_readme_has_examples_to_replay():
    commands = [c for c, _ in examples()]
    assert "devilcoins solve 4" in commands
    assert "devilcoins table" in commands
    assert "devilcoins prove 16" in commands


def test_the_docs_have_examples_to_replay():
    pages = {p.values[0] for p in all_examples()}
    assert {"coins.md", "every-n.md", "variants.md", "observed.md"} <= pages
    assert len(all_examples()) >= 20


@pytest.mark.parametrize(("page", "command", "printed"), all_examples())
def test_example(capsys, page, command, printed):
    main(shlex.split(command)[1:])
    out, err = capsys.readouterr()
    assert normalised(out + err) == normalised(printed), f"{page}: {command}"


@pytest.mark.parametrize("page", [p for p in DOCS if ">>> " in p.read_text()], ids=lambda p: p.name)
def test_docs_doctests(page):
    result = doctest.testfile(str(page), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
