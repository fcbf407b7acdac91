"""Seconds and gigabytes are read as strictly as whole numbers: the digits 0-9 and at most one
decimal point; Python's float() would also read '1_0' as 10, '+3' or ' 3' as 3 and '3e0' as 3.

Found by bench/hostile.py: `solve 4 --time-limit 1_0` ran with a limit of 10 seconds.
"""

from __future__ import annotations

import pytest
from cli_helpers import assert_usage_error, run

LOOSE = ["1_0", "+3", " 3", "3 ", "3e0", "1E1", "\u0663", "0x1", "3.", ".", "1.2.3", "inf"]


@pytest.mark.parametrize("text", LOOSE)
@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "4", "--time-limit"],
        ["solve", "4", "--memory"],
        ["table", "--max", "2", "--time-limit"],
        ["atlas", "--n", "2", "--time-limit"],
        ["atlas", "--n", "2", "--memory"],
    ],
)
def test_a_loose_decimal_is_refused(capsys, argv, text):
    line = assert_usage_error(*run(capsys, *argv, text), argv[-1])
    assert "digits 0-9" in line


@pytest.mark.parametrize(("text", "runs"), [("30", True), ("2.5", True), ("0.5", True)])
def test_a_plain_decimal_is_read(capsys, text, runs):
    code, out, err = run(capsys, "solve", "4", "--time-limit", text)
    assert (code, err) == (0, "") and out.startswith("4 coins: the player wins in 15 moves.")
