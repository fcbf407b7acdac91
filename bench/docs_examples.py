"""Rewrite the printed output of the docs' shell examples with what the program prints now.

Every '$ ...' line in a ```text block of README.md, DESCRIPTION.md or docs/*.md is run again by
the test suite's own runner (tests/page_runner.py: a page's examples in page order in one new
folder, plain ``devilcoins`` commands in this process, the rest through bash) and the lines
below it, up to the next '$ ' line or the block's end, replaced by its output when they differ
in more than times (or in more than the page shortened with '...'). The examples the runner
names in NOT_RUN are left alone. Run it after a change of wording, then read the diff: the
tests compare the pages with the program, this brings the pages up to date.

    .venv/bin/python bench/docs_examples.py [PAGE ...]   # default: every page the tests run
"""

from __future__ import annotations

import re
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from page_runner import PAGES, Example, run_page  # noqa: E402


def _block(text: str, results: Iterator[Example]) -> str:
    """The block with each example's output replaced where the program now prints otherwise."""
    out: list[str] = []
    lines: list[str] = []
    example: Example | None = None

    def close() -> None:
        if example is not None and not example.agrees and example.actual is not None:
            out.extend(example.actual.rstrip("\n").split("\n"))
        else:
            out.extend(lines)

    for line in text.split("\n"):
        if line.startswith("$ "):
            close()
            out.append(line)
            example, lines = next(results), []
            assert example.command == line[2:], (example.command, line)
        elif example is None:
            out.append(line)
        else:
            lines.append(line)
    close()
    return "\n".join(out)


def refresh(page: Path) -> bool:
    """Rewrite the page's examples; True when it changed."""
    text = page.read_text()
    with tempfile.TemporaryDirectory() as folder:
        results = iter(list(run_page(page, Path(folder))))
        new = re.sub(
            r"(```text\n)(.*?)(```)",
            lambda m: m.group(1) + _block(m.group(2).rstrip("\n"), results) + "\n" + m.group(3),
            text,
            flags=re.S,
        )
    if new != text:
        page.write_text(new)
    return new != text


if __name__ == "__main__":
    pages = [Path(p).resolve() for p in sys.argv[1:]] or PAGES
    for page in pages:
        if refresh(page):
            print(f"updated {page.relative_to(ROOT)}")
