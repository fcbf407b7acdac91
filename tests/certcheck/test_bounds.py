"""Bounds for a touch game that is not settled: a blind strategy above (it ignores what it feels)
and, below, the witness of the same game with more hands; both halves are checked, and each kind
of damage to them is caught and named."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import assert_usage_error, run
from helpers import failed_half, touch_game
from reference import blind_won_at, brute_touch

from devilcoins import Game, bounds_certificate, certificate, check_certificate, solve
from devilcoins.core.errors import InvalidInput, NotSupported
from devilcoins.core.notation import read_move


@pytest.fixture(scope="module")
def eight() -> tuple[Game, dict[str, Any], dict[str, Any]]:
    """8 glasses with 4 hands: bounds from the doubling of 4 glasses with 2 hands (27 moves)
    and the witness of 5 hands."""
    game = touch_game(8, 4)
    witness = certificate(solve(touch_game(8, 5)))
    return game, witness, bounds_certificate(game, witness=witness)


@pytest.mark.parametrize("n,k", [(2, 1), (4, 2), (4, 3), (4, 4)])
def test_blind_bounds_hold_and_contain_the_value(n, k):
    """The blind strategy's length is the move by which a naive replay has won, the check
    holds, and the touch value found by naive minimax lies between the bounds."""
    game = touch_game(n, k)
    cert = bounds_certificate(game)
    low, high = cert["bounds"]
    moves = [read_move(w, n, 2) for w in cert["strategy"]["blind"].split()]
    assert high == len(moves) == blind_won_at(game, moves)
    assert all(sum(a) <= k for a in moves)
    assert check_certificate(game, cert).holds
    value = brute_touch(game, high)
    assert value is not None and low <= value <= high


def test_a_witness_with_more_hands_raises_the_lower_bound(eight):
    """8 glasses, 4 hands (9 moves): at least 8 by the witness of 5 hands, at most 27 by the
    doubling (the blind game takes 127); the check says which game its witness was tested in."""
    game, witness, cert = eight
    assert witness["value"] == 8 and cert["bounds"] == [8, 27]
    assert cert["how"]["upper"].startswith("the doubling of n=4 hands=2")
    assert cert["witness_game"] == str(touch_game(8, 5))
    checked = check_certificate(game, cert)
    assert checked.holds and checked.bounds == (8, 27)
    assert "shown with 5 hands" in " ".join(e.statement for e in checked.evidence)
    assert 8 <= solve(game).length <= 27


def test_a_witness_of_the_game_itself_gives_its_value_as_the_lower_bound():
    """4 glasses, 2 hands: its own certificate's witness gives L = 5 (the value)."""
    game = touch_game(4, 2)
    cert = bounds_certificate(game, witness=certificate(solve(game)))
    assert cert["bounds"] == [5, 7] and check_certificate(game, cert).holds


@pytest.mark.parametrize(
    "field,value,said",
    [
        ("witness_game", str(touch_game(8, 3)), "with as many hands or more"),
        ("witness_game", str(touch_game(7, 5)), "with as many hands or more"),
        ("witness_game", "n=8 hands=5 goal=zero observe=touch", "with as many hands or more"),
        ("witness_game", "not a game", "with as many hands or more"),
        ("bounds", [9, 27], "no pattern leaves a node claiming 8 or more"),
        ("bounds", [8, 26], "not the value claimed"),
    ],
)
def test_a_damaged_bounds_certificate_fails_naming_the_half(eight, field, value, said):
    """A witness lent by another game than this one with more hands, or a bound past what a
    half shows, fails that half."""
    game, _, cert = eight
    assert said in failed_half(game, {**cert, field: value})


def test_a_damaged_blind_strategy_fails():
    """Too many positions changed, a move dropped, or text that is not moves: the upper half
    fails and says why."""
    game = touch_game(4, 2)
    cert = bounds_certificate(game)
    moves = cert["strategy"]["blind"].split()
    wide = {**cert, "strategy": {"blind": " ".join(["FFFL", *moves[1:]])}}
    assert "changes more than 2 positions" in failed_half(game, wide)
    short = {**cert, "strategy": {"blind": " ".join(moves[:-1])}}
    assert "still off the goal" in failed_half(game, short)
    for text in ("XYZW", "FL", 7):
        assert "strategy.blind" in failed_half(game, {**cert, "strategy": {"blind": text}})


def test_bounds_are_refused_where_they_cannot_be_written(eight):
    """No touch, no strategy to bound it (a lost blind game, no doubling, no peeling), or a
    witness of another game: refused, saying why."""
    game, witness, _ = eight
    with pytest.raises(NotSupported, match="touch games"):
        bounds_certificate(Game.parse("n=4 hands=2 goal=same"))
    with pytest.raises(NotSupported, match="the blind game is lost, neither the doubling nor"):
        bounds_certificate(touch_game(6, 4, group="dihedral"))
    lent = certificate(solve(touch_game(4, 1, values=3)))  # the Devil wins it: no value
    with pytest.raises(InvalidInput, match="not a certificate of a settled game"):
        bounds_certificate(touch_game(4, 1, values=3), witness=lent)
    with pytest.raises(InvalidInput, match="not of n=8 hands=6"):
        bounds_certificate(touch_game(8, 6), witness=witness)
    with pytest.raises(InvalidInput, match="not a certificate of a settled game"):
        bounds_certificate(game, witness={"value": None})


def test_the_schema_takes_a_blind_strategy_and_a_lent_witness(eight):
    """docs/certificate.schema.json accepts these bounds and refuses a blind move of letters
    other than F and L."""
    import jsonschema

    docs = Path(__file__).parents[2] / "docs"
    schema = json.loads((docs / "certificate.schema.json").read_text())
    _, _, cert = eight
    jsonschema.validate(cert, schema, cls=jsonschema.Draft202012Validator)
    with pytest.raises(jsonschema.ValidationError):
        broken = {**cert, "strategy": {"blind": "HTHT"}}
        jsonschema.validate(broken, schema, cls=jsonschema.Draft202012Validator)


@pytest.fixture(scope="module")
def dials() -> tuple[Game, dict[str, Any]]:
    """6 coins on a table that also turns over, 4 hands (5 moves): no strategy to bound it from
    above (the blind game is lost, the doubling wants a table that only turns, the peeling
    dials), so the witness of 5 hands (2 moves) alone: [2, null]."""
    game = touch_game(6, 4, group="dihedral")
    five = certificate(solve(touch_game(6, 5, group="dihedral")))
    return game, bounds_certificate(game, witness=five)


def test_a_lower_bound_alone_where_no_strategy_is_known(dials):
    """[L, null]: no strategy in the certificate, only the witness checked (and holding), the
    headline saying that none is known to win; the solver's value lies above L."""
    game, cert = dials
    assert cert["bounds"] == [2, None] and "strategy" not in cert
    assert cert["how"]["upper"].startswith("no strategy is known")
    checked = check_certificate(game, cert)
    assert checked.holds and checked.bounds == (2, None)
    assert [e.name for e in checked.evidence] == ["lower bound (the Devil's witness)"]
    assert "none is known to win at all" in checked.headline()
    assert solve(game).length >= 2


def test_a_lower_bound_alone_fails_past_its_witness(dials):
    """Claiming more than the witness shows fails the lower half; L past U, or an L that is not
    a number, is refused as malformed."""
    game, cert = dials
    assert "claiming 2 or more" in failed_half(game, {**cert, "bounds": [3, None]})
    for bounds in ([None, None], [2], ["two", None], [5, 4]):
        with pytest.raises(InvalidInput, match="bounds"):
            check_certificate(game, {**cert, "bounds": bounds})


def test_the_schema_takes_a_lower_bound_alone_and_asks_a_strategy_of_u(dials):
    """docs/certificate.schema.json accepts [L, null] without a strategy, and refuses [L, U]
    without one."""
    import jsonschema

    schema = json.loads((Path(__file__).parents[2] / "docs/certificate.schema.json").read_text())
    _, cert = dials
    jsonschema.validate(cert, schema, cls=jsonschema.Draft202012Validator)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**cert, "bounds": [2, 7]}, schema, cls=jsonschema.Draft202012Validator)


GAME = ["--hands", "2", "--goal", "same", "--observe", "touch"]


def test_solve_bounds_writes_a_lower_bound_alone_verify_checks(capsys, tmp_path):
    """solve --bounds on 6 coins of a table that turns over, with the witness of 5 hands: at
    least 2 moves and no strategy known, said by solve and by verify (exit 0)."""
    flips = ["--group", "dihedral", "--goal", "same", "--observe", "touch"]
    own = str(tmp_path / "five.json")
    assert run(capsys, "solve", "6", *flips, "--hands", "5", "--certificate", own)[0] == 0
    out = str(tmp_path / "b.json")
    four = [*flips, "--hands", "4"]
    code, said, _ = run(
        capsys, "solve", "6", *four, "--bounds", "--certificate", out, "--witness", own
    )
    assert code == 0 and "no strategy wins in fewer than 2 moves" in said
    assert "no strategy is known: the blind game is lost" in said
    code, said, _ = run(capsys, "verify", "6", *four, "--certificate", out)
    assert code == 0 and "no strategy wins in fewer than 2 moves; none is known" in said


def test_solve_bounds_writes_a_certificate_verify_checks(capsys, tmp_path):
    """solve --bounds with --witness: says the bounds and where each came from; verify checks
    the file (exit 0); an existing file is never overwritten."""
    own = str(tmp_path / "own.json")
    assert run(capsys, "solve", "4", *GAME, "--certificate", own)[0] == 0
    out = str(tmp_path / "b.json")
    code, said, _ = run(
        capsys, "solve", "4", *GAME, "--bounds", "--certificate", out, "--witness", own
    )
    assert code == 0 and "between 5 and 7 moves" in said and "blind game" in said
    code, said, _ = run(capsys, "verify", "4", *GAME, "--certificate", out)
    assert code == 0 and "between 5 and 7 moves" in said
    before = Path(out).read_bytes()
    code, _, said = run(capsys, "solve", "4", *GAME, "--bounds", "--certificate", out)
    assert code == 2 and "exists" in said and Path(out).read_bytes() == before


def test_solve_bounds_refuses_a_bad_witness(capsys, tmp_path):
    """A witness that is not JSON, of another game, or given without --bounds: exit 2, and
    nothing written."""
    out = tmp_path / "b.json"
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    argv = ["solve", "4", *GAME, "--bounds", "--certificate", str(out)]
    assert_usage_error(*run(capsys, *argv, "--witness", str(bad)), "not JSON")
    other = tmp_path / "other.json"
    assert run(capsys, "solve", "3", *GAME, "--certificate", str(other))[0] == 0
    assert_usage_error(*run(capsys, *argv, "--witness", str(other)), "as many hands or more")
    assert not out.exists()
    plain = ["solve", "4", *GAME, "--witness", str(other)]
    assert_usage_error(*run(capsys, *plain), "--witness lends its witness to --bounds")


def _small_touch_games() -> list[Game]:
    return [
        Game.parse(f"n={n} values={m} hands={k} goal={goal} group={group} observe=touch")
        for n in range(1, 6)
        for k in range(1, n + 1)
        for m in (2, 3)
        for goal in ("same", "zero")
        for group in ("cyclic", "dihedral")
        if m**n <= 243
    ]


@pytest.mark.parametrize("game", _small_touch_games(), ids=str)
def test_every_bounds_certificate_holds_and_contains_the_value(game):
    """For every small touch game the program bounds (or refuses, saying so): the check holds
    and the value the solver settles lies between the bounds."""
    try:
        cert = bounds_certificate(game)
    except NotSupported as err:
        assert "nothing bounds it: no strategy is known" in str(err)
        return
    low, high = cert["bounds"]
    assert check_certificate(game, cert).holds
    verdict = solve(game)
    assert verdict.winnable and low <= verdict.length <= high


def test_a_bounds_certificate_lends_its_lower_bound_and_its_witness_game(eight):
    """A bounds certificate (L from a witness with more hands) is itself a witness for as many
    hands or fewer: its L, and the witness of the game it borrowed it from."""
    game, witness, cert = eight
    again = bounds_certificate(game, witness=cert)
    assert again["bounds"][0] == cert["bounds"][0] == witness["value"]
    assert again["witness_game"] == str(touch_game(8, 5))
    assert check_certificate(game, again).holds
    with pytest.raises(InvalidInput, match="or of bounds"):
        bounds_certificate(game, witness={"bounds": ["5", 9]})
