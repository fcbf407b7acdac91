"""Each headline figure is stated one way: every sentence of README.md, DESCRIPTION.md,
docs/*.md and the tutorial's text that states it agrees with its one source.

The sources are what a program printed: the benchmark's latest run (the block of
docs/benchmark.md, pasted from ``bench/run.py``) and the atlas's summary line (an example of
docs/variants.md that the shell-example test runs again).  A sentence may round the source
("about 0.6 s" for 0.6131 s; "some 140 times" for 141x): it agrees when the source rounded to
the sentence's own precision is the sentence's number.  A figure that changes in one place and
not another fails here with both places named.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal

import pytest
from page_runner import PAGES, ROOT

BENCHMARK = ROOT / "docs" / "benchmark.md"
VARIANTS = ROOT / "docs" / "variants.md"
TUTORIAL = ROOT / "docs" / "tutorial.ipynb"


def _prose() -> dict[str, str]:
    """Every page's text with its lines joined and emphasis dropped (a figure may be split
    over two lines), the tutorial's markdown cells among them."""
    texts = {p.name: p.read_text() for p in PAGES if p.exists()}
    cells = json.loads(TUTORIAL.read_text())["cells"]
    texts[TUTORIAL.name] = "\n".join(
        "".join(c["source"]) for c in cells if c["cell_type"] == "markdown"
    )
    return {name: re.sub(r"\s+", " ", text.replace("**", "")) for name, text in texts.items()}


def _bench_row(label: str) -> list[str]:
    """The columns of the benchmark block's row that starts with label."""
    block = BENCHMARK.read_text().split("```text", 1)[1].split("```", 1)[0]
    for line in block.splitlines():
        if line.startswith(label):
            return re.split(r"\s{2,}", line[len(label) :].strip())
    raise AssertionError(f"docs/benchmark.md's block has no row {label!r}")


def _ours(label: str) -> Decimal:
    return Decimal(_bench_row(label)[0].replace(",", ""))


def _ratio(label: str) -> Decimal:
    return Decimal(_bench_row(label)[2].rstrip("x").replace(",", ""))


def _independent_ratio(label: str) -> Decimal:
    note = _bench_row(label)[-1]
    found = re.search(r"independent: ([0-9.]+) s", note)
    assert found is not None, note
    return Decimal(found.group(1)) / _ours(label)


def _atlas(which: int) -> Decimal:
    line = re.search(
        r"^(\d+) games, \d+ settled, (\d+) checked against the literature",
        VARIANTS.read_text(),
        re.M,
    )
    assert line is not None, "docs/variants.md runs `devilcoins atlas` and shows its summary"
    return Decimal(line.group(which))


@dataclass(frozen=True)
class Figure:
    """A figure: where its value comes from, and the sentences that state it (each pattern's
    first group is the number)."""

    name: str
    source: Callable[[], Decimal]
    patterns: tuple[str, ...]


N8 = "search N = 8 (255 moves)"
V16 = "verify N = 16 (65,535 moves, exact)"
T128 = "touch n = 12, k = 8, goal same (7 moves, tree checked; whole process)"

FIGURES = (
    Figure(
        "the notebook's search for N = 8, seconds",
        lambda: _ours(N8),
        (
            r"N = 8 in about ([0-9.]+) s",
            r"Search, N = 8 \(the notebook's 255-move strategy\): about ([0-9.]+) s",
            r"search for N = 8 \(its 255-move strategy\) takes about ([0-9.]+) s",
            r"N = 8 in at most 0\.05 s inside the process \(measured ([0-9.]+) s\)",
        ),
    ),
    Figure(
        "the notebook's search for N = 8, times faster",
        lambda: _ratio(N8),
        (r"\(([0-9,]+)x in the latest run\)", r"N = 8: [0-9.]+ s against [0-9.]+ s, ([0-9,]+)x"),
    ),
    Figure(
        "verifying the 65,535 moves for N = 16, seconds",
        lambda: _ours(V16),
        (
            r"every Devil\): about ([0-9.]+) s",
            r"strategy for N = 16 takes about ([0-9.]+) s",
            r"N = 16 verified in ([0-9.]+) s",
            r"strategy for N = 16 verifies in about ([0-9.]+) s",
            r"in a warm process the same check takes about ([0-9.]+) s",
        ),
    ),
    Figure(
        "12 glasses with 8 hands, seconds",
        lambda: _ours(T128),
        (
            r"7 moves for 12 glasses with 8 hands \(([0-9.]+) s",
            r"12 glasses with 8 hands: 7 moves in ([0-9.]+) s",
            r"the search alone takes ([0-9.]+) s on the idle machine",
            r"settles it in ([0-9.]+) s \(\d+ MiB: the benchmark\)",
            r"\| 12, 8 \| ([0-9.]+) s",
        ),
    ),
    Figure(
        "12 glasses with 8 hands, times faster than the independent solver",
        lambda: _independent_ratio(T128),
        (r"7 moves in [0-9.]+ s, some ([0-9,]+) times faster", r"\| 12, 8 \|.*?\| ([0-9,]+)x \|"),
    ),
    Figure(
        "the atlas's games",
        lambda: _atlas(1),
        (r"(\d+) small games", r"`atlas` \((\d+) small games\)", r"documented grid of (\d+)"),
    ),
    Figure(
        "the atlas's games checked against the literature",
        lambda: _atlas(2),
        (r"\((\d+) of them checked against the literature", r"(\d+) checked against the literat"),
    ),
)


def agrees(stated: str, value: Decimal) -> bool:
    """Whether a number as a sentence states it is the value rounded to its precision: to its
    decimals ('0.035'), or for a whole number ending in zeros to its leading digits ('140').

    >>> agrees("0.6", Decimal("0.6131")), agrees("140", Decimal("141.2"))
    (True, True)
    >>> agrees("16", Decimal("15.4"))
    False
    """
    number = Decimal(stated.replace(",", ""))
    if "." in stated:
        return value.quantize(number) == number
    zeros = len(stated) - len(stated.rstrip("0")) if number else 0
    step = Decimal(10) ** zeros
    return (value / step).quantize(Decimal(1)) * step == number


def statements(figure: Figure) -> list[tuple[str, str]]:
    """(page, number) for every sentence that states the figure."""
    found = []
    for page, text in _prose().items():
        for pattern in figure.patterns:
            found += [(page, m.group(1)) for m in re.finditer(pattern, text)]
    return found


@pytest.mark.parametrize("figure", FIGURES, ids=lambda f: f.name)
def test_every_statement_of_a_figure_agrees_with_its_source(figure: Figure):
    value = figure.source()
    found = statements(figure)
    assert found, f"no page states {figure.name} any more: drop it here or fix its pattern"
    wrong = [f"{page}: {number}" for page, number in found if not agrees(number, value)]
    assert not wrong, f"{figure.name} is {value} at its source, but stated as " + "; ".join(wrong)


def test_a_figure_stated_two_ways_is_found(monkeypatch: pytest.MonkeyPatch):
    """The check itself: a page that states the N = 16 time another way fails it."""
    pages = _prose()
    pages["README.md"] += " strategy for N = 16 verifies in about 4.1 s"
    monkeypatch.setattr(sys.modules[__name__], "_prose", lambda: pages)
    figure = next(f for f in FIGURES if f.name.startswith("verifying"))
    assert any(not agrees(n, figure.source()) for _, n in statements(figure))
