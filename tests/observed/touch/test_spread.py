"""The level search's top questions spread over workers: marks merge as one search's would, a
worker answers as the search itself does, and a cluster gives the value, and a certificate the
checker accepts, that one process gives."""

from __future__ import annotations

import pytest
from cli_helpers import assert_usage_error, run
from helpers import touch_game
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import brute_touch

from devilcoins import certificate, check_certificate, solve
from devilcoins.core.errors import TooLarge
from devilcoins.observed.touch.levels import Levels
from devilcoins.observed.touch.marks import DenseMarks, SparseMarks
from devilcoins.observed.touch.space import Space
from devilcoins.observed.touch.spread import answer_node

OFF = 6  # patterns off a reach in the marks' tests: 64 subsets, every one asked

answers = st.lists(
    st.tuples(st.integers(0, 1), st.integers(0, 2**OFF - 1), st.integers(0, 9), st.booleans()),
    max_size=12,
)


def _marked(kind: type[DenseMarks] | type[SparseMarks], said: list[tuple[int, int, int, bool]]):
    marks = kind(2, OFF)
    for r, x, d, passed in said:
        (marks.mark_pass if passed else marks.mark_fail)(r, x, d)
    return marks


def _everything(marks: DenseMarks | SparseMarks) -> list[tuple[bool, bool]]:
    return [
        (marks.passes(r, x, d), marks.fails(r, x, d))
        for r in range(2)
        for x in range(2**OFF)
        for d in range(10)
    ]


@pytest.mark.parametrize("kind", [DenseMarks, SparseMarks])
@settings(max_examples=30, deadline=None)
@given(first=answers, second=answers)
def test_merged_marks_know_what_either_proved(kind, first, second) -> None:
    """Marks merged from two searches answer every question as marks given both lists of
    answers do."""
    merged = _marked(kind, first)
    merged.merge(_marked(kind, second).arrays())
    assert _everything(merged) == _everything(_marked(kind, first + second))


def test_a_worker_answers_as_the_search_does() -> None:
    """answer_node, given the start's questions at a level, says what the search itself says,
    and what it sends back lets the search answer the start without asking anything more."""
    game = touch_game(6, 4)
    search = Levels(Space.of(game))
    value = Levels(Space.of(game)).solve()
    assert value == brute_touch(game, cap=12)
    for d in (value - 1, value):
        asker = Levels(Space.of(game))
        questions = asker.questions(asker.start, d)
        assert questions is not None
        passes = []
        for r, xs in questions:
            kept = (asker.marks.arrays(), dict(asker.hi), dict(asker.lo))
            said = [answer_node(str(game), d - 1, r, x, kept, (None, None)) for x in xs]
            for _, marks, _, _ in said:
                asker.absorb(marks)
            passes.append(all(answer for answer, _, _, _ in said))
            assert passes[-1] == all(search.node_passes(d - 1, r, x) for x in xs)
        asker.asked = 0
        assert asker.within(asker.start, d) == any(passes) == (d >= value)
        assert asker.asked == 0  # the workers' marks answered it


def test_a_worker_out_of_time_says_so() -> None:
    """A worker past its time limit sends back the limit in words, not an answer."""
    game = touch_game(8, 4)
    asker = Levels(Space.of(game))
    r, xs = next(iter(asker.questions(asker.start, 8) or []))
    answer, _, _, _ = answer_node(
        str(game), 7, r, xs[0], (asker.marks.arrays(), {}, {}), (0.0, None)
    )
    assert isinstance(answer, str) and answer.startswith("time limit")
    with pytest.raises(TooLarge, match=r"at the time limit \(0 s\) of a worker"):
        asker.stop(f"{answer} of a worker")


@pytest.mark.slow
def test_two_workers_give_the_value_and_a_certificate_that_checks() -> None:
    """On a local cluster of two workers, the value of one process, and a certificate the
    checker accepts with that value."""
    pytest.importorskip("distributed")
    game = touch_game(8, 5)
    alone = solve(game, method="levels")
    spread = solve(game, cluster=2)
    assert spread.length == alone.length
    checked = check_certificate(game, certificate(spread))
    assert checked.holds and checked.value == alone.length


def test_workers_take_only_the_touch_level_search(capsys, tmp_path) -> None:
    """--workers on a game without a level search, with the closure search, or with --bounds,
    is a usage error, and nothing is written."""
    assert_usage_error(*run(capsys, "solve", "8", "--workers", "2"), "level search")
    touch = ("solve", "8", "--hands", "4", "--goal", "same", "--observe", "touch")
    code, out, err = run(capsys, *touch, "--workers", "2", "--method", "closure")
    assert_usage_error(code, out, err, "not the closure")
    cert = str(tmp_path / "c.json")
    code, out, err = run(capsys, *touch, "--bounds", "--certificate", cert, "--workers", "2")
    assert_usage_error(code, out, err, "--bounds searches nothing")
    assert list(tmp_path.iterdir()) == []
