"""Inputs that were taken silently or refused for the wrong reason: digits other than 0-9
(int() reads '４' and '٤' as 4), generators that name no permutation, a byte order mark."""

from __future__ import annotations

import pytest
from cli_helpers import assert_usage_error, run

from devilcoins import Game
from devilcoins.core.errors import NotationError


@pytest.mark.parametrize("n", ["４", "٤", "४"])
def test_digits_other_than_0_to_9_are_refused(capsys, n):
    assert_usage_error(*run(capsys, "solve", n), "digits 0-9")


def test_a_game_text_with_other_digits_is_refused():
    with pytest.raises(NotationError, match="digits 0-9"):
        Game.parse("n=４")


@pytest.mark.parametrize("gens", ["", " ", ";", ";;;"])
def test_generators_that_name_no_permutation_are_refused(capsys, gens):
    assert_usage_error(*run(capsys, "solve", "3", "--generators", gens), "names no permutation")


def test_a_strategy_file_with_a_byte_order_mark_is_read(tmp_path, capsys):
    plain, marked = tmp_path / "plain.txt", tmp_path / "marked.txt"
    plain.write_text("0 1 2 3\n0 2\n0 1 2 3\n")
    marked.write_bytes(b"\xef\xbb\xbf" + plain.read_bytes())
    as_plain = run(capsys, "verify", "4", str(plain))
    as_marked = run(capsys, "verify", "4", str(marked))
    assert as_marked[0] == as_plain[0] == 1  # read, and a verdict: these 3 moves lose
    assert as_marked[1].replace(str(marked), "F") == as_plain[1].replace(str(plain), "F")
