"""The README's and the docs' examples: the pages have examples to run, and their doctests pass.

The shell examples themselves run in page order in one folder a page, through the one runner
of tests/page_runner.py (tests/docs/test_shell_examples.py); the doctests of docs/*.md run
here (README.md's run through pytest's --doctest-glob).
"""

from __future__ import annotations

import doctest

import pytest
from page_runner import DESCRIPTION, DOCS, README, ROOT, in_process, shell_examples

__all__ = ["DESCRIPTION", "DOCS", "README", "ROOT"]


def examples(page=README) -> list[tuple[str, str]]:
    """(command line, printed text) for each plain '$ devilcoins ...' example of a page."""
    return [(c, out) for c, out in shell_examples(page) if in_process(c)]


def test_the_readme_has_examples_to_run():
    commands = [c for c, _ in examples()]
    assert "devilcoins solve 4" in commands
    assert "devilcoins table" in commands
    assert "devilcoins prove 16" in commands


def test_the_docs_have_examples_to_run():
    pages = {page.name for page in [DESCRIPTION, *DOCS] if examples(page)}
    assert {"coins.md", "every-n.md", "variants.md", "observed.md", "exercises.md"} <= pages
    assert sum(len(examples(page)) for page in DOCS) >= 20


@pytest.mark.parametrize("page", [p for p in DOCS if ">>> " in p.read_text()], ids=lambda p: p.name)
def test_docs_doctests(page):
    result = doctest.testfile(str(page), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
