"""The lesson's coding exercises (devilcoins/lesson.py, ``devilcoins lesson N FILE.py``): the
solutions printed on docs/exercises.md are marked right, wrong ones wrong with the case that
shows it, and a file that cannot be marked gets one clear line and exit 2."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cli_helpers import run
from page_runner import ROOT
from reference import seed_search

from devilcoins.lesson import EXERCISES, mark, mark_function, predict, reachable

PAGE = ROOT / "docs" / "exercises.md"


def solutions() -> dict[int, str]:
    """The code under "A solution" of each coding exercise, by its number (6.1 -> 1)."""
    found = {}
    for part in PAGE.read_text().split("### 6.")[1:]:
        number = int(part.split(" ", 1)[0])
        code = part.split("<summary>A solution</summary>", 1)[1]
        found[number] = code.split("```python\n", 1)[1].split("```", 1)[0]
    return found


#: Each solution made wrong in one place, and the case the marks must name.
WRONG = {
    1: ("for r in range(n)", "for r in range(1)", "predict("),
    2: ("for r in range(n))", "for r in range(n // 2 + 1))", "canonical(s, 3)"),
    3: ("seen, frontier = {start}, [start]", "seen, frontier = set(), [start]", "reachable(1)"),
    4: ("return [*plan, move]", "return [*plan, move, move]", "search(1)"),
    5: ("if count > 0]", "]", "and_or_search(4)"),
}


def test_the_page_has_a_solution_for_every_exercise():
    assert sorted(solutions()) == sorted(EXERCISES)


@pytest.mark.parametrize("number", sorted(EXERCISES))
def test_the_page_s_solution_is_marked_right(capsys, tmp_path, number):
    path = tmp_path / "mine.py"
    path.write_text(solutions()[number])
    code, out, err = run(capsys, "lesson", str(number), str(path))
    assert code == 0, out + err
    assert "wrong" not in out and "cases right." in out


@pytest.mark.parametrize("number", sorted(WRONG))
def test_a_wrong_solution_is_marked_wrong(capsys, tmp_path, number):
    old, new, case = WRONG[number]
    code_text = solutions()[number]
    assert old in code_text
    path = tmp_path / "mine.py"
    path.write_text(code_text.replace(old, new))
    code, out, _ = run(capsys, "lesson", str(number), str(path))
    assert code == 1
    assert any(line.startswith(f"wrong  {case}") for line in out.splitlines()), out


def test_the_checker_s_predict_is_the_lesson_s_and_its_search_the_notebook_s():
    """The marks rest on the checker's own predict: held to the notebook's search here (the
    lesson's 15-move plan for 4 coins wins under it, and every one-move plan for 3 fails)."""
    plan = seed_search(4)
    assert plan is not None
    belief = frozenset(range(16))
    for move in plan:  # positions to flip, as a mask
        belief = predict(belief, sum(1 << i for i in move), 4)
    assert belief == {0}
    assert all(predict(frozenset(range(8)), m, 3) != {0} for m in range(8))


def test_a_function_that_raises_is_marked_wrong_not_a_crash():
    marks = mark_function(1, lambda belief, move, n: 1 / 0)
    assert marks and not any(m.right for m in marks)
    assert "ZeroDivisionError" in marks[0].why


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("def predict(:\n", "line 1"),
        ("raise ValueError('nope')\n", "raised ValueError while loading"),
        ("def other(): pass\n", "defines no function predict"),
    ],
)
def test_a_file_that_cannot_be_marked_is_refused_in_one_line(capsys, tmp_path, text, said):
    path = tmp_path / "mine.py"
    path.write_text(text)
    code, out, err = run(capsys, "lesson", "1", str(path))
    assert code == 2 and out == ""
    assert said in err and err.count("\n") == 1 and "Traceback" not in err


def test_no_such_exercise_or_file(capsys, tmp_path):
    code, _, err = run(capsys, "lesson", "9", str(tmp_path / "x.py"))
    assert code == 2 and "no coding exercise 9" in err
    code, _, err = run(capsys, "lesson", "1", str(tmp_path / "missing.py"))
    assert code == 2 and "no such file" in err


def test_mark_reads_a_file(tmp_path: Path):
    path = tmp_path / "mine.py"
    path.write_text(solutions()[1])
    assert all(m.right for m in mark(1, path))


def _pruned_to_the_end(n: int) -> int:
    """The lesson's search with its superset pruning, run to the end (no goal test): how many
    beliefs it keeps (written here from the lesson's words, for the page's comparison)."""
    start = frozenset(range(2**n))
    reached, frontier = [start], [start]
    while frontier:
        grown = []
        for b in frontier:
            for move in range(1, 2**n):
                c = predict(b, move, n)
                if not any(c >= r for r in reached):
                    reached.append(c)
                    grown.append(c)
        frontier = grown
    return len(reached)


def test_the_page_s_counts_of_beliefs_are_the_checker_s():
    """Exercise 6.3's answer states the counts; they are what the checker computes, and the
    pruned search's count is that of the lesson's search run to the end."""
    text = PAGE.read_text().split("### 6.3", 1)[1].split("### 6.4", 1)[0]
    stated = re.search(r"It reaches ([0-9, and]+) beliefs for 1 to 5 coins", text)
    assert stated is not None
    assert [int(x) for x in re.findall(r"[0-9]+", stated.group(1))] == [
        reachable(n) for n in range(1, 6)
    ]
    kept = re.search(r"keeps ([0-9]+) of the ([0-9]+) for 4 coins", text)
    assert kept is not None
    assert (int(kept.group(1)), int(kept.group(2))) == (_pruned_to_the_end(4), reachable(4))


def test_a_canonical_that_is_not_a_turn_is_marked_wrong():
    marks = mark_function(2, lambda s, n: 0)
    assert not marks[0].right and "not a turn" in marks[0].why
    marks = mark_function(2, lambda s, n: s)  # a turn, but not the same for every turn
    assert not marks[1].right and "gets" in marks[1].why
