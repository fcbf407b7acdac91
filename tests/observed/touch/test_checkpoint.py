"""The level search's checkpoint (observed/touch/checkpoint.py): a run stopped at its limit
keeps what it proved, a run given the file goes on from it to the same answer with fewer
questions, and files that are not the game's checkpoint are refused and left as they are."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import assert_usage_error, run
from hypothesis import given, settings
from hypothesis import strategies as st

from devilcoins import bounds_certificate, certificate, check_certificate, check_checkpoint, solve
from devilcoins.core.errors import InvalidInput, NotSupported, TooLarge
from devilcoins.core.game import Game
from devilcoins.observed.touch.checkpoint import keeping_marks, read_marks, write_marks
from devilcoins.observed.touch.levels import Levels
from devilcoins.observed.touch.space import Space

EIGHT = Game.parse("n=8 hands=4 goal=same observe=touch")


def _levels(game: Game, limit: int | None = None) -> Levels:
    return Levels(Space.of(game), limit=limit)


def test_a_stopped_run_keeps_what_it_proved_and_the_next_goes_on(tmp_path):
    """Stopped at its belief limit, then resumed: the value of an uninterrupted run, with fewer
    questions asked, and a certificate from the resumed run that the checker accepts."""
    path = tmp_path / "eight.npz"
    fresh = _levels(EIGHT)
    value = fresh.solve()
    with keeping_marks(path):
        with pytest.raises(TooLarge, match="give the same --checkpoint again"):
            _levels(EIGHT, limit=2_000).solve()
        assert path.exists()
        resumed = _levels(EIGHT)
        assert resumed.resumed > 0
        assert resumed.solve() == value == 9
    assert resumed.asked < fresh.asked
    verdict = solve(EIGHT, checkpoint=path)  # a third run, from the finished marks
    assert verdict.length == 9 and "read from the checkpoint" in verdict.evidence[0].statement
    assert check_certificate(EIGHT, certificate(verdict)).holds


def test_a_checkpoint_is_the_game_it_names(tmp_path):
    """Another game's checkpoint, a file that is none, and a game without a level search are
    refused; the file is left as it was."""
    path = tmp_path / "four.npz"
    four = Game.parse("n=4 hands=2 goal=same observe=touch")
    solve(four, checkpoint=path)
    with pytest.raises(InvalidInput, match="checkpoint of n=4 hands=2"):
        check_checkpoint(EIGHT, path)
    junk = tmp_path / "junk.npz"
    junk.write_bytes(b"not a checkpoint")
    with pytest.raises(InvalidInput, match="not a devilcoins checkpoint"):
        solve(four, checkpoint=junk)
    assert junk.read_bytes() == b"not a checkpoint"
    with pytest.raises(NotSupported, match="has none"):
        solve(Game(4), checkpoint=tmp_path / "blind.npz")
    assert not (tmp_path / "blind.npz").exists()


@settings(max_examples=30, deadline=None)
@given(
    hi=st.dictionaries(st.binary(min_size=8, max_size=8), st.integers(0, 47), max_size=20),
    lo=st.dictionaries(st.binary(min_size=8, max_size=8), st.integers(1, 48), max_size=20),
    level=st.integers(-1, 48),
)
def test_marks_read_back_as_written(tmp_path_factory, hi, lo, level):
    """Whatever the marks, the file gives them back exactly."""
    import numpy as np

    path = tmp_path_factory.mktemp("marks") / "m.npz"
    pass_at = np.full((3, 16), min(level + 1, 48), dtype=np.int8)
    fail_at = np.full((3, 16), level, dtype=np.int8)
    write_marks(path, EIGHT, ({"pass_at": pass_at, "fail_at": fail_at}, hi, lo))
    arrays, got_hi, got_lo = read_marks(path, EIGHT)
    assert (arrays["pass_at"] == pass_at).all() and (arrays["fail_at"] == fail_at).all()
    assert got_hi == hi and got_lo == lo
    assert not path.with_name("m.npz.part").exists()


def test_the_command_keeps_and_reads_a_checkpoint(capsys, tmp_path):
    """solve --checkpoint writes the file, reads it on the next run with the same answer, and
    refuses what it cannot use with exit 2."""
    path = str(tmp_path / "six.npz")
    argv = ["solve", "6", "--hands", "4", "--goal", "same", "--observe", "touch"]
    code, out, _ = run(capsys, *argv, "--checkpoint", path)
    assert code == 0 and "in 5 moves" in out
    code, again, _ = run(capsys, *argv, "--checkpoint", path, "--json")
    assert code == 0 and '"length": 5' in again and "read from the checkpoint" in again
    other = [*argv[:3], "5", *argv[4:], "--checkpoint", path]
    assert_usage_error(*run(capsys, *other), "checkpoint of n=6")
    blind = ["solve", "6", "--checkpoint", str(tmp_path / "b.npz")]
    assert_usage_error(*run(capsys, *blind), "has none")
    assert_usage_error(*run(capsys, *argv, "--checkpoint", str(tmp_path / "six.txt")), "FILE.npz")


def test_a_checkpoint_short_of_the_value_gives_bounds_that_check(tmp_path):
    """8 glasses, 4 hands (9 moves): the start asked at 20 moves (won) and at 8 (lost) only;
    the checkpoint then proves 'between 9 and 20', and its certificate (a strategy within 20,
    the witness for 9) checks; bounds it does not prove fail."""
    path = tmp_path / "eight.npz"
    with keeping_marks(path):
        search = _levels(EIGHT)
        assert search.within(search.start, 20) and not search.within(search.start, 8)
        search.keep()
    assert search.bounds() == (9, 20)
    cert = bounds_certificate(EIGHT, path)
    assert cert["bounds"] == [9, 20] and cert["value"] is None
    checked = check_certificate(EIGHT, cert)
    assert checked.holds and checked.bounds == (9, 20)
    assert "between 9 and 20 moves" in checked.headline()
    assert not check_certificate(EIGHT, {**cert, "bounds": [10, 20]}).holds
    assert not check_certificate(EIGHT, {**cert, "bounds": [9, 19]}).holds
    with pytest.raises(InvalidInput, match="not 0 <= L <= U"):
        check_certificate(EIGHT, {**cert, "bounds": [9, 8]})


def test_a_checkpoint_without_a_strategy_lends_its_lower_bound(capsys, tmp_path):
    """A checkpoint with no strategy yet still proves its lower bound: 8 glasses with 4 hands
    take the doubling's 27 moves above and the checkpoint's 3 below, and verify checks both;
    6 coins on a table that also turns over, where nothing builds a strategy, get the lower
    bound alone, [3, null]
    (and without the checkpoint nothing bounds them: exit 2, nothing written)."""
    path = tmp_path / "eight.npz"
    with keeping_marks(path):
        search = _levels(EIGHT)
        assert not search.within(search.start, 2)
        search.keep()
    argv = ["solve", "8", "--hands", "4", "--goal", "same", "--observe", "touch"]
    out = tmp_path / "b.json"
    bounds = [*argv, "--checkpoint", str(path), "--certificate", str(out), "--bounds"]
    code, said, _ = run(capsys, *bounds)
    assert code == 0 and "between 3 and 27 moves" in said and "checkpoint's witness" in said
    assert check_certificate(EIGHT, json.loads(out.read_text())).holds
    dials = Game.parse("n=6 hands=4 goal=same group=dihedral observe=touch")
    marks = tmp_path / "dials.npz"
    with keeping_marks(marks):
        search = _levels(dials)
        assert not search.within(search.start, 2)
        search.keep()
    cert = bounds_certificate(dials, marks)
    assert cert["bounds"] == [3, None] and "strategy" not in cert
    assert check_certificate(dials, cert).holds
    dial_argv = ["solve", "6", "--group", "dihedral", "--hands", "4", "--goal", "same"]
    dial_out = tmp_path / "d.json"
    dial_bounds = [*dial_argv, "--observe", "touch", "--bounds", "--certificate", str(dial_out)]
    code, said, _ = run(capsys, *dial_bounds, "--checkpoint", str(marks))
    assert code == 0 and "no strategy wins in fewer than 3 moves" in said
    assert check_certificate(dials, json.loads(dial_out.read_text())).holds
    refused = tmp_path / "r.json"
    got = run(capsys, *dial_bounds[:-1], str(refused))
    assert_usage_error(*got, "nothing bounds it")
    assert not refused.exists()
    assert_usage_error(*run(capsys, *argv, "--bounds"), "--certificate FILE.json")


def test_a_certificate_of_bounds_has_the_shape_the_docs_schema_gives(tmp_path):
    """docs/certificate.schema.json takes a certificate of bounds, and refuses one whose bounds
    are missing their strategy."""
    import jsonschema

    path = tmp_path / "eight.npz"
    with keeping_marks(path):
        search = _levels(EIGHT)
        assert search.within(search.start, 47) and not search.within(search.start, 2)
        search.keep()
    cert = bounds_certificate(EIGHT, path)
    schema = json.loads(
        (Path(__file__).parents[3] / "docs" / "certificate.schema.json").read_text()
    )
    jsonschema.validate(cert, schema, cls=jsonschema.Draft202012Validator)
    with pytest.raises(jsonschema.ValidationError):
        broken = {k: v for k, v in cert.items() if k != "strategy"}
        jsonschema.validate(broken, schema, cls=jsonschema.Draft202012Validator)


def test_bounds_that_meet_are_said_as_the_value(capsys, tmp_path):
    """From a finished checkpoint the bounds meet: the command and the check say 'exactly'."""
    path = str(tmp_path / "six.npz")
    argv = ["solve", "6", "--hands", "4", "--goal", "same", "--observe", "touch"]
    assert run(capsys, *argv, "--checkpoint", path)[0] == 0
    out = str(tmp_path / "six.json")
    code, said, _ = run(capsys, *argv, "--checkpoint", path, "--bounds", "--certificate", out)
    assert code == 0 and "exactly 5 moves" in said
    cert = json.loads(Path(out).read_text())
    checked = check_certificate(Game.parse("n=6 hands=4 goal=same observe=touch"), cert)
    assert checked.holds and "exactly 5 moves (the bounds meet)" in checked.headline()
