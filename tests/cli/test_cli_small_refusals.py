"""Inputs that were taken silently or refused for the wrong reason: digits other than 0-9
(int() reads '４' and '٤' as 4), generators that name no permutation, a byte order mark."""

from __future__ import annotations

import re

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

    def same(out: str, path) -> str:  # the file's name and the seconds taken left out
        return re.sub(r"\d+\.\d+ s\b", "T s", out.replace(str(path), "F"))

    assert same(as_marked[1], marked) == same(as_plain[1], plain)


def test_a_certificate_that_cannot_be_written_says_the_strategy_was(tmp_path, capsys, monkeypatch):
    """'--save a.jsonl --certificate ro/c.json' wrote a.jsonl, then said 'nothing was written'."""
    from devilcoins.cli import solve as solve_command
    from devilcoins.core.errors import DevilcoinsError

    def refused(path, data):
        raise DevilcoinsError(f"cannot write in {tmp_path}: no room (nothing was written)")

    monkeypatch.setattr(solve_command, "write_new", refused)
    saved, cert = tmp_path / "a.jsonl", tmp_path / "c.json"
    game = ["--hands", "2", "--goal", "same", "--observe", "touch"]
    files = ["--save", str(saved), "--certificate", str(cert)]
    code, _, err = run(capsys, "solve", "4", *game, *files)
    assert code == 2 and "Traceback" not in err
    wrote, line = err.strip().splitlines()  # the save confirmed, then the refusal
    assert wrote.startswith("devilcoins: wrote the strategy to")
    assert "nothing was written" not in line
    assert f"the certificate was not written; the strategy was, to {saved}" in line
    assert saved.exists() and not cert.exists()
