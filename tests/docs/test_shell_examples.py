"""Every shell example of the README, the package page and the docs runs as shown (times aside).

Each page's examples run in page order in one new folder (an example may read a file an earlier
one on the page wrote), through the one runner of tests/page_runner.py, which the script that
brings the pages up to date (bench/docs_examples.py) uses too.  The examples that cannot run
here are skipped, each with its reason (``NOT_RUN``).
"""

from __future__ import annotations

import pytest
from page_runner import PAGES, ROOT, matches, not_run, run_page, shell_examples


@pytest.mark.parametrize("page", [p for p in PAGES if shell_examples(p)], ids=lambda p: p.name)
def test_shell_examples_run_as_shown(page, tmp_path):
    differ = [
        f"$ {ex.command}\n--- the page:\n{ex.printed}\n--- the program:\n{ex.actual}"
        for ex in run_page(page, tmp_path)
        if not ex.agrees
    ]
    assert not differ, f"{page.relative_to(ROOT)}:\n" + "\n\n".join(differ)


@pytest.mark.parametrize(
    ("page", "command"),
    [
        pytest.param(p.name, c, id=f"{p.name}: {c}")
        for p in PAGES
        for c, _ in shell_examples(p)
        if not_run(c) is not None
    ],
)
def test_heavy_examples_are_named(page, command):
    pytest.skip(f"not run: {not_run(command)}")


def test_the_pages_have_examples_that_write_files():
    commands = [c for page in PAGES for c, _ in shell_examples(page) if not_run(c) is None]
    assert any("--counterexample" in c for c in commands)
    assert any("--output" in c for c in commands)
    assert len(commands) >= 60


def test_an_example_reads_a_file_an_earlier_one_made(tmp_path):
    """The page's order holds: a file written by one example is there for the next."""
    page = tmp_path / "page.md"
    page.write_text(
        "```text\n$ printf '0 1\\n0\\n0 1\\n' > two.txt\n```\n\n"
        "```text\n$ devilcoins verify 2 two.txt\n...\nWINS from every start...\n```\n"
    )
    folder = tmp_path / "run"
    folder.mkdir()
    made, checked = run_page(page, folder)
    assert made.actual == "" and checked.actual is not None
    assert "WINS from every start" in checked.actual and checked.agrees


def test_a_wrong_page_is_caught(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("```text\n$ devilcoins verify 2 nothing.txt\nWINS\n```\n")
    (example,) = run_page(page, tmp_path)
    assert not example.agrees and "no such strategy file" in (example.actual or "")


def test_shortened_output_matches_only_what_it_keeps():
    assert matches("a\n...\nz", "a\nb\nc\nz")
    assert not matches("a\n...\nz", "a\nb\nc\ny")
    assert matches("took 0.5 s", "took 12.25 s")
    assert not matches("12 moves", "13 moves")
