"""``devilcoins capabilities``: the declaration the library gives, printed and read back."""

from __future__ import annotations

import json

from cli_helpers import assert_usage_error, run

from devilcoins import Capabilities, Game, capabilities, family_capabilities


def test_the_text_is_the_familys_declaration(capsys):
    code, out, _ = run(capsys, "capabilities", "4", "--hands", "2", "--goal", "same",
                       "--observe", "touch")  # fmt: skip
    assert code == 0
    assert out == capabilities(Game.parse("n=4 hands=2 goal=same observe=touch")).to_text() + "\n"


def test_the_json_reads_back_as_the_same_capabilities(capsys):
    code, out, _ = run(capsys, "capabilities", "5", "--observe", "count", "--json")
    assert code == 0
    assert Capabilities.from_json(json.loads(out)) == capabilities(Game.parse("n=5 observe=count"))


def test_all_lists_every_family_in_order(capsys):
    code, out, _ = run(capsys, "capabilities", "--all", "--json")
    assert code == 0
    read = [Capabilities.from_json(c) for c in json.loads(out)["families"]]
    assert read == list(family_capabilities())
    assert [c.family for c in read][-3:] == ["touch", "sight", "count"]


def test_without_n_or_all_it_says_what_to_give(capsys):
    assert_usage_error(*run(capsys, "capabilities"), "give N", "--all")
