"""Issue 19: the command line leads with plain words; the mathematical term, when it stays,
follows in parentheses (or lives in docs/glossary.md), and ``classes`` is the old ``count``."""

from __future__ import annotations

import json
import re

import pytest
from cli_helpers import run

#: Words a puzzle lover should not meet before the plain words that say the same thing.
JARGON = re.compile(
    r"\b(cosets?|subgroups?|quotients?|Burnside|AND-OR|stall(s|ed)?|generators?|modulo|"
    r"value iteration|hold-out|certificate)\b|Z_\(|Z_\d",
    re.IGNORECASE,
)

#: The same, for the evidence a verdict prints: its names may say 'certificate' (a word the
#: glossary defines, the name of the thing checked), its sentences only in parentheses.
STATEMENT_JARGON = re.compile(
    r"\b(cosets?|subgroups?|quotients?|Burnside|AND-OR|stall(s|ed)?|generators?|modulo)\b"
    r"|Z_\(|Z_\d",
    re.IGNORECASE,
)

#: Games settled by every kind of method: the coin game (Lamping's certificate for prove), the
#: chain's construction and certificate, the largest trap, the reduction, the coarser game, the
#: trees of touch, sight and count.
GAMES = [
    ["12"],
    ["4", "--goal", "same"],
    ["6", "--goal", "same"],
    ["3", "--values", "3"],
    ["3", "--values", "S3"],
    ["2", "--values", "Q8"],
    ["3", "--devil-moves", "1 2 0; 0 1 2"],
    ["8", "--devil-moves", "1,2,3,4,5,6,7,0;3,4,5,6,7,0,1,2"],
    ["6", "--devil-moves", "4,0,5,1,2,3;1,2,5,4,0,3"],
    ["4", "--hands", "2", "--goal", "same", "--observe", "touch"],
    ["4", "--observe", "sight"],
    ["3", "--observe", "count"],
]


def outside_parentheses(text: str) -> str:
    """The text with every parenthesised part (nested ones too) taken out."""
    while True:
        shorter = re.sub(r"\([^()]*\)", "", text)
        if shorter == text:
            return text
        text = shorter


@pytest.mark.parametrize("game", GAMES, ids=" ".join)
def test_a_verdicts_method_leads_with_plain_words(capsys, game):
    code, out, _ = run(capsys, "solve", *game, "--json")
    assert code == 0
    method = json.loads(out)["method"]
    plain = outside_parentheses(method).strip()
    assert plain, method  # something before the parentheses
    assert not JARGON.search(plain), method


@pytest.mark.parametrize("command", ["solve", "prove"])
@pytest.mark.parametrize("game", GAMES, ids=" ".join)
def test_the_printed_evidence_says_the_mathematics_only_in_parentheses(capsys, command, game):
    code, out, _ = run(capsys, command, *game)
    assert code == 0
    lines = out.splitlines()
    assert not JARGON.search(outside_parentheses(lines[0])), lines[0]  # the verdict
    if command == "prove":  # '[checked] name', then the statement indented below it
        evidence = [line for line in lines[1:] if not line.startswith("[")]
    else:  # '[checked] statement' on one line
        evidence = [re.sub(r"^\[[^]]*\] ", "", line) for line in lines[1:]]
    text = outside_parentheses(" ".join(" ".join(evidence).split()))
    assert not STATEMENT_JARGON.search(text), text


def test_the_old_words_are_gone_from_what_solve_and_prove_print(capsys):
    printed = ""
    for game in (["3", "--values", "3"], ["6", "--goal", "same"], ["3", "--values", "S3"]):
        for command in ("solve", "prove", "explain"):
            printed += run(capsys, command, *game)[1]
    flat = " ".join(printed.split())
    for old in (
        "cosets of the goal must each be met",
        "the Devil's certificate (the chain stalls)",
        "Z_(i+1)",
        "AND-OR value iteration (",
        "is closed under turns",
        "The chain stops at a subgroup",
    ):
        assert old not in flat, old


def test_the_sight_text_says_which_start_it_plays(capsys):
    code, out, _ = run(capsys, "solve", "4", "--observe", "sight")
    assert code == 0
    flat = " ".join(out.split())
    assert "Below is the play from the hardest start, THHH, against every turn of the Devil" in flat
    assert "one for each of the 5 arrangements outside the goal" in flat
    assert "every other start follows the same rule from its own first move:" in flat
    shown = {line.split("See ")[1].split()[0] for line in out.splitlines() if "See " in line}
    assert "THHH" in shown and "TTTH" not in shown  # one start's play, not every start's


# --- classes (once count) ---------------------------------------------------------------------

FOUR = (
    "4 coins: 6 sequences up to turning the table, of 2^4 = 16 in all (the canonical sequences, "
    "counted by Burnside's lemma)\n"
)


def test_classes_counts_the_sequences_up_to_turning_the_table(capsys):
    assert run(capsys, "classes", "4") == (0, FOUR, "")
    code, out, err = run(capsys, "classes", "6", "--json")
    assert (code, err) == (0, "")
    assert json.loads(out) == {"coins": 6, "canonical": 14, "sequences": 64}


def test_count_still_runs_classes_with_one_line_saying_so(capsys):
    code, out, err = run(capsys, "count", "4")
    assert (code, out) == (0, FOUR)
    assert err == (
        "devilcoins: note: the command 'count' is now called 'classes' (devilcoins classes ...)\n"
    )
    code, out, err = run(capsys, "count", "6", "--json")
    assert code == 0 and json.loads(out)["canonical"] == 14 and len(err.splitlines()) == 1


def test_the_help_lists_classes_and_hides_count(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0
    commands = re.findall(r"^    (\w+)", out, flags=re.M)
    assert "classes" in commands and "count" not in commands
    assert "how many coin sequences differ up to turning the table (any N)" in " ".join(out.split())
    code, out, err = run(capsys, "frobnicate")
    assert code == 2 and "'classes'" in err and "'count'" not in err


def test_observe_count_is_still_the_game_option(capsys):
    code, out, err = run(capsys, "solve", "2", "--observe", "count")
    assert code == 0 and err == "" and out.startswith("n=2 observe=count: ")
