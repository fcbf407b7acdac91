"""The lesson's and the exercises' checking commands keep working, and mark right and wrong.

The examples on docs/lesson.md and docs/exercises.md are also compared with the program's output
line by line (tests/test_readme.py, tests/docs/test_shell_examples.py); here each exercise's
check is run for its verdict: a right answer exits 0, a wrong one 1, and the homework's
commands (written in prose, not as examples) still answer.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from reference import naive_wins, seed_search
from test_readme import ROOT

LESSON = ROOT / "docs" / "lesson.md"
EXERCISES = ROOT / "docs" / "exercises.md"


def sh(command: str, folder: Path) -> subprocess.CompletedProcess[str]:
    """Run a command line as a student would, with this environment's devilcoins on PATH."""
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    return subprocess.run(
        ["bash", "-c", command], cwd=folder, env=env, capture_output=True, text=True, timeout=600
    )


def on_the_page(command: str, page: Path = EXERCISES) -> str:
    """The command, failing the test when the page no longer shows it."""
    assert command in page.read_text(), f"{page.name} no longer shows: {command}"
    return command


@pytest.mark.parametrize(
    ("write", "check", "exit_code"),
    [
        ("printf '0 1\\n0\\n0 1\\n' > two.txt", "devilcoins verify 2 two.txt", 0),
        ("printf '0 1\\n0\\n' > short.txt", "devilcoins verify 2 short.txt", 1),
        (
            "printf 'FLL\\nFFL\\nFLL\\n' > three.txt",
            "devilcoins verify 3 three.txt --counterexample ce3.json",
            1,
        ),
    ],
)
def test_verify_marks_the_answers(tmp_path, write, check, exit_code):
    done = sh(f"{on_the_page(write)} && {on_the_page(check)}", tmp_path)
    assert done.returncode == exit_code, done.stdout + done.stderr
    assert ("WINS" if exit_code == 0 else "LOSES") in done.stdout


def test_any_two_moves_lose_for_two_coins(tmp_path):
    """The exercise's claim that no two moves win, for every pair of moves, by verify's exit."""
    for a in ("0", "1", "0 1"):
        for b in ("0", "1", "0 1"):
            done = sh(f"printf '{a}\\n{b}\\n' > s.txt && devilcoins verify 2 s.txt", tmp_path)
            assert done.returncode == 1, (a, b)


def test_the_counterexample_of_the_broken_strategy_replays_as_a_loss(tmp_path):
    steps = [
        "devilcoins construct 8 > eight.txt",
        "sed -i '100s/.*/0 1/' eight.txt",
        "devilcoins verify 8 eight.txt --counterexample ce.json",
    ]
    done = sh(" && ".join(on_the_page(s) for s in steps), tmp_path)
    assert "wrote the counterexample to ce.json" in done.stderr
    replay_command = on_the_page("devilcoins play 8 --strategy eight.txt --devil-turns ce.json")
    replay = sh(replay_command, tmp_path)
    assert replay.returncode == 0
    assert "Lost:" in replay.stdout
    assert "HHHHHHHH" not in replay.stdout.splitlines()[-1]


@pytest.mark.parametrize(
    ("command", "says"),
    [
        ("devilcoins prove 3", "no strategy wins"),
        ("devilcoins table --max 15", "none"),
        ("devilcoins prove 6", "no strategy wins"),
        ("devilcoins prove 12", "no strategy wins"),
        ("devilcoins construct 16 | devilcoins verify 16 -", "WINS"),
        ("devilcoins move 64 1000", "0 4 8"),
        ("devilcoins prove 16", "65,535 moves"),
        ("devilcoins explain 8", "How the 255-move strategy for 8 coins works"),
    ],
)
def test_the_checking_commands_answer(tmp_path, command, says):
    done = sh(on_the_page(f"`{command}`").strip("`"), tmp_path)
    assert done.returncode == 0, done.stderr
    assert says in done.stdout


def test_the_lessons_plans_agree_with_the_naive_reference():
    """The lesson's from-scratch answers (a 15-move plan for 4 coins, none for 3) are the naive
    reference's: the plan wins, it is as short as the reference's search finds, and 3 coins
    have none."""
    plan = [15, 5, 15, 3, 15, 5, 15, 1, 15, 5, 15, 3, 15, 5, 15]
    assert f"(15, {plan})" in LESSON.read_text()
    assert naive_wins(plan, 4)
    assert not naive_wins(plan[:-1], 4)
    assert len(seed_search(4)) == len(plan)
    assert seed_search(3) is None


def _search_lines(marker: str = "def search(") -> tuple[int, int]:
    """The lines of the lesson's code block holding marker (the search: its three functions),
    and those not in a docstring."""
    text = LESSON.read_text()
    block = next(b for b in text.split("```pycon")[1:] if marker in b).split("```")[0]
    code = [
        line[4:]
        for line in block.splitlines()
        if line.startswith((">>> ", "... ")) and line[4:].strip()
    ]
    docstrings = [line for line in code if line.strip().startswith('"""')]
    return len(code), len(code) - len(docstrings)


def test_the_lesson_counts_its_search_as_it_is():
    """The page says how long the search is, and every place that says so says the same."""
    total, bare = _search_lines()
    said = f"{total} lines of Python ({bare} without their docstrings)"
    assert said in LESSON.read_text()
    and_or, _ = _search_lines("def or_search(")
    for page in (ROOT / "README.md", ROOT / "docs" / "index.md", LESSON):
        words = " ".join(page.read_text().split())
        assert "fifteen lines" not in words, page.name
        for said in re.findall(r"from scratch in (\d+) lines", words):
            assert int(said) in (total, and_or), f"{page.name} says {said} lines"


def test_the_lesson_counts_its_and_or_search_as_it_is():
    total, _ = _search_lines("def or_search(")
    assert f"AND-OR search from scratch in {total} lines" in LESSON.read_text()
