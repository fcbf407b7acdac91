"""The ASeDatAb contestant printed in docs/observed.md wins against a judge written here.

The judge follows Code Jam 2022's protocol: the number of cases first; in each case a secret
8-bit record, not 0; the contestant sends 8 bits, the judge turns them by a rotation of its
choice, XORs them into the record and answers the number of 1 bits; 0 ends the case; more than
300 exchanges, or a malformed line, gets -1.  Two judges: one that picks the turn at random,
and one that never lets the record reach 0 when some turn avoids it.  Every case must end
within the tree's worst case (13 exchanges), and every one of the 255 starts is played.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from page_runner import ROOT

from devilcoins import Game, solve

PAGE = ROOT / "docs" / "observed.md"
LIMIT = 300


def contestant_code() -> str:
    """The program shown on the page (its one python block in the contestant section)."""
    text = PAGE.read_text().split("### A contestant for the judge", 1)[1]
    return text.split("```python\n", 1)[1].split("```", 1)[0]


def _turned(bits: int, r: int) -> int:
    return ((bits >> r) | (bits << (8 - r))) & 0xFF


def judge(proc: subprocess.Popen[str], starts: list[int], adversary: bool, rng: random.Random):
    """Play every start; the number of exchanges each case took (-1: refused)."""
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(f"{len(starts)}\n")
    proc.stdin.flush()
    taken = []
    for record in starts:
        for exchange in range(1, LIMIT + 1):
            line = proc.stdout.readline().strip()
            if len(line) != 8 or set(line) - {"0", "1"}:
                proc.stdin.write("-1\n")
                proc.stdin.flush()
                return [*taken, -1]
            sent = int(line[::-1], 2)  # position 0 first: the lowest bit
            options = [record ^ _turned(sent, r) for r in range(8)]
            keep = [v for v in options if v] if adversary else options
            record = rng.choice(keep or options)
            proc.stdin.write(f"{bin(record).count('1')}\n")
            proc.stdin.flush()
            if record == 0:
                taken.append(exchange)
                break
        else:
            proc.stdin.write("-1\n")
            proc.stdin.flush()
            return [*taken, -1]
    return taken


@pytest.fixture(scope="module")
def tree_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("asedatab") / "asedatab.json"
    done = subprocess.run(
        [str(Path(sys.executable).parent / "devilcoins"), "solve", "8", "--observe", "count",
         "--json"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    path.write_text(done.stdout)
    return path


@pytest.mark.parametrize("adversary", [True, False], ids=["avoids zero", "random"])
def test_the_contestant_wins_every_case_within_the_worst_case(tree_file, tmp_path, adversary):
    program = tmp_path / "contestant.py"
    program.write_text(contestant_code())
    worst = json.loads(tree_file.read_text())["length"]
    rng = random.Random(48 + adversary)
    starts = list(range(1, 256)) + [rng.randrange(1, 256) for _ in range(100)]
    with subprocess.Popen(
        [sys.executable, str(program), str(tree_file)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    ) as proc:  # fmt: skip
        taken = judge(proc, starts, adversary, rng)
        assert proc.stdin is not None
        proc.stdin.close()
        assert proc.wait(timeout=60) == 0
    assert len(taken) == len(starts) and min(taken) >= 1
    assert max(taken) <= worst
    if adversary:
        assert max(taken) == worst  # the judge that avoids zero takes the tree to its end


def test_a_contestant_that_ignores_the_count_is_refused(tmp_path):
    """The judge can fail a contestant: one that sends the same bits forever hits the limit."""
    program = tmp_path / "stubborn.py"
    program.write_text(
        "n = int(input())\nwhile True:\n    print('10000000', flush=True)\n"
        "    if int(input()) < 0:\n        break\n"
    )
    with subprocess.Popen(
        [sys.executable, str(program)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    ) as proc:
        taken = judge(proc, [0b11], True, random.Random(1))
        proc.wait(timeout=60)
    assert taken == [-1]


def test_the_page_names_the_tree_the_library_gives(tree_file):
    nodes = solve(Game.parse("n=8 observe=count")).tree.nodes()
    assert nodes == json.loads(tree_file.read_text())["nodes"]
    assert 'solve(Game.parse("n=8 observe=count")).tree.nodes()' in PAGE.read_text()
