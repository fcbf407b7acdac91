"""Every claim from a check that ran: corrupt a certificate, a chain level or a strategy, and the
verdict, prove and the commands say the check failed (exit 1), never a success sentence."""

from __future__ import annotations

import dataclasses
import json

import numpy as np
import pytest
from cli_helpers import run
from helpers import evidence_of
from reference import naive_subgroup, to_number

import devilcoins.blind.solve as blind_solve
import devilcoins.coins.verification as coin_verification
import devilcoins.proving as proving
from devilcoins import Game, prove, solve
from devilcoins.blind.chain import chain, levels_evidence
from devilcoins.results import Evidence, EvidenceKind


def _broken_top(real_chain):
    """chain() with the last level's last state dropped: no subgroup."""

    def broken(game):
        c = real_chain(game)
        top = c.top.copy()
        top[int(np.flatnonzero(top)[-1])] = False
        return dataclasses.replace(c, levels=(*c.levels[:-1], top))

    return broken


def test_a_corrupt_certificate_is_not_used_and_says_it_failed(monkeypatch):
    game = Game.parse("n=6 goal=same")
    assert solve(game).how == "certificate" and solve(game).holds
    monkeypatch.setattr(blind_solve, "chain", _broken_top(chain))
    v = solve(game)
    cert = evidence_of(v, "the Devil's certificate")
    assert cert.checked and cert.holds is False and "does NOT hold" in cert.statement
    assert v.how == "search" and v.winnable is False  # the search decided instead
    assert v.holds is False and "FAILED" in v.headline()


def test_the_command_exits_1_on_a_corrupt_certificate(capsys, monkeypatch):
    monkeypatch.setattr(blind_solve, "chain", _broken_top(chain))
    for command in ("solve", "prove", "explain"):
        code, out, _ = run(capsys, command, "6", "--goal", "same")
        assert code == 1, command
        assert "FAILED" in out and "NOT established" in out, command
    code, out, _ = run(capsys, "solve", "6", "--goal", "same", "--json")
    data = json.loads(out)
    assert code == 1 and data["holds"] is False
    assert [e["holds"] for e in data["evidence"] if e["name"] == "the Devil's certificate"] == [
        False
    ]


def test_a_corrupt_chain_level_fails_its_check(capsys, monkeypatch):
    game = Game.parse("n=4 goal=same")
    good = chain(game)
    assert levels_evidence(good).holds
    monkeypatch.setattr(proving, "chain", _broken_top(chain))
    v = prove(game)
    check = evidence_of(v, "the chain's levels")
    assert check.holds is False and "does NOT hold" in check.statement
    assert not v.holds and "NOT established" in v.headline()
    code, out, _ = run(capsys, "prove", "4", "--goal", "same")
    assert code == 1 and "[CHECK FAILED] the chain's levels\n" in out
    assert "[checked] the chain's levels\n" not in out


def test_a_corrupt_strategy_fails_its_verification(capsys, monkeypatch):
    real = blind_solve.solve_blind

    def corrupt(game, *args):
        v = real(game, *args)
        moves = list(v.strategy)
        moves[len(moves) // 2] = 0  # a move that changes nothing, in the middle
        return dataclasses.replace(v, strategy=tuple(moves))

    monkeypatch.setattr(blind_solve, "solve_blind", corrupt)
    v = prove(Game.parse("n=4 goal=same"))
    check = evidence_of(v, "exact verification of the strategy")
    assert check.holds is False and "FAILS" in check.statement
    assert "only the goal is possible exactly after the last move" not in check.statement
    assert not v.holds
    code, out, _ = run(capsys, "prove", "4", "--goal", "same")
    assert code == 1 and "NOT established" in out
    code, out, _ = run(capsys, "prove", "4", "--goal", "same", "--json")
    assert code == 1 and json.loads(out)["holds"] is False


def test_the_coin_proof_says_its_verification_failed(capsys, monkeypatch):
    real = coin_verification.verify

    def losing(strategy, n, **kwargs):
        return dataclasses.replace(real(strategy, n, **kwargs), wins=False, won_at=None)

    monkeypatch.setattr(coin_verification, "verify", losing)
    v = prove(8)
    check = evidence_of(v, "exact verification of the construction")
    assert check.holds is False and "FAILS" in check.statement
    assert "exactly at the last move" not in check.statement
    code, out, _ = run(capsys, "prove", "8")
    assert code == 1 and "NOT established" in out
    assert "becomes {all heads} exactly at the last move" not in out


def test_evidence_that_was_checked_must_say_whether_it_held():
    with pytest.raises(ValueError, match="holds"):
        Evidence(name="x", statement="y", checked=True, kind=EvidenceKind.CHECK)
    with pytest.raises(ValueError, match="holds"):
        Evidence(name="x", statement="y", checked=False, holds=True, kind=EvidenceKind.CHECK)
    v = solve(Game.parse("n=4 goal=same"))
    failed = Evidence(name="x", statement="y", checked=True, holds=False, kind=EvidenceKind.CHECK)
    assert v.holds and not v.with_evidence(failed).holds


# --- the chain's span: a subgroup from every member of the goal -----------------------------


def test_the_chain_spans_the_whole_goal_not_its_first_64_members():
    """n = 10, no turns, goal states 0..63, 64 and 128 (bit i is position i): the goal spans a
    subgroup of 256 states; the levels are that and every state, each a subgroup."""
    n = 10
    goal = [*range(64), 64, 128]
    text = ",".join("".join("HT"[(x >> i) & 1] for i in range(n)) for x in goal)
    game = Game.parse(f"n={n} group=none goal={text}")
    c = chain(game)
    vectors = [tuple((x >> i) & 1 for i in range(n)) for x in goal]
    span = naive_subgroup(vectors, n, 2)
    assert len(span) == 256
    assert c.sizes() == [256, 1024]
    assert levels_evidence(c).holds
    assert {int(x) for x in np.flatnonzero(c.levels[0])} == {to_number(v, 2) for v in span}
