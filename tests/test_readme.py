"""The README's command examples are what the program prints today (times aside)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from devilcoins.cli.main import main

README = Path(__file__).resolve().parents[1] / "README.md"
NUMBER_WITH_POINT = re.compile(r"\d+\.\d+(e[+-]\d+)?")
# Examples shortened by hand or writing files are not replayed.
NOT_REPLAYED = ("|", ">", "--save", "--json", "make ", "--strategy", "--counterexample", ".json")


def examples() -> list[tuple[str, str]]:
    """(command line, printed text) for each '$ devilcoins ...' in the README's text blocks."""
    found = []
    for block in re.findall(r"```text\n(.*?)```", README.read_text(), flags=re.S):
        command, lines = None, []
        for line in [*block.splitlines(), "$ end"]:
            if line.startswith("$ "):
                if command is not None:
                    found.append((command, "\n".join(lines)))
                command, lines = line[2:], []
            else:
                lines.append(line)
    return [
        (c, out)
        for c, out in found
        if c.startswith("devilcoins ") and not any(mark in c for mark in NOT_REPLAYED)
    ]


def normalised(text: str) -> str:
    """Text with decimal numbers (times) blanked and trailing space dropped."""
    lines = [NUMBER_WITH_POINT.sub("#", line).rstrip() for line in text.strip().splitlines()]
    return "\n".join(re.sub(r" +#", " #", line) for line in lines)


def test_the_readme_has_examples_to_replay():
    commands = [c for c, _ in examples()]
    assert "devilcoins solve 4" in commands
    assert "devilcoins table" in commands
    assert len(commands) >= 6


@pytest.mark.parametrize(("command", "printed"), examples(), ids=lambda v: v[:40])
def test_readme_example(capsys, command, printed):
    main(shlex.split(command)[1:])
    out, err = capsys.readouterr()
    assert normalised(out + err) == normalised(printed)
