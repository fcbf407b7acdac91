"""``solve ... --certificate FILE`` and ``verify N --certificate FILE``: written, checked, a
damaged file failed with exit 1, wrong requests refused with exit 2."""

from __future__ import annotations

import json
from pathlib import Path

from cli_helpers import assert_usage_error, run

TOUCH = ("--hands", "2", "--goal", "same", "--observe", "touch")


def test_solve_writes_a_certificate_that_verify_checks(capsys, tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    code, _, err = run(capsys, "solve", "4", *TOUCH, "--certificate", str(path))
    assert code == 0 and path.exists()
    assert f"wrote the certificate to {path}" in err
    assert f"devilcoins verify 4 --hands 2 --goal same --observe touch --certificate {path}" in err
    code, out, _ = run(capsys, "verify", "4", *TOUCH, "--certificate", str(path))
    assert code == 0
    assert "the least worst case is exactly 5 moves" in out
    assert out.count("[checked]") == 2
    code, out, _ = run(capsys, "verify", "4", *TOUCH, "--certificate", str(path), "--json")
    data = json.loads(out)
    assert (code, data["holds"], data["value"]) == (0, True, 5)


def test_a_damaged_certificate_fails_with_exit_1(capsys, tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    run(capsys, "solve", "4", *TOUCH, "--certificate", str(path))
    data = json.loads(path.read_text())
    data["strategy"]["nodes"] = data["strategy"]["nodes"][:1]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    code, out, _ = run(capsys, "verify", "4", *TOUCH, "--certificate", str(bad))
    assert code == 1
    assert "FAILS" in out and "[CHECK FAILED] upper bound" in out


def test_certificate_requests_refused(capsys, tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    assert_usage_error(*run(capsys, "solve", "4", "--certificate", str(path)), "touch, sight and")
    assert_usage_error(*run(capsys, "solve", "4", *TOUCH, "--certificate", "c.txt"), "FILE.json")
    path.write_text("{}")
    assert_usage_error(
        *run(capsys, "solve", "4", *TOUCH, "--certificate", str(path)), "already exists"
    )
    assert path.read_text() == "{}"
    assert_usage_error(
        *run(capsys, "verify", "4", *TOUCH, "--certificate", str(path)), "not a devilcoins"
    )
    other = tmp_path / "other.json"
    run(capsys, "solve", "4", "--hands", "3", "--goal", "same", "--observe", "touch",
        "--certificate", str(other))  # fmt: skip
    assert_usage_error(*run(capsys, "verify", "4", *TOUCH, "--certificate", str(other)), "not n=4")
    old = tmp_path / "old.json"
    old.write_text(json.dumps({**json.loads(other.read_text()), "version": 1}))
    assert_usage_error(*run(capsys, "verify", "4", *TOUCH, "--certificate", str(old)), "version 2")
    text = tmp_path / "t.json"
    text.write_text("not json")
    assert_usage_error(*run(capsys, "verify", "4", *TOUCH, "--certificate", str(text)), "not JSON")
    assert_usage_error(
        *run(capsys, "verify", "4", *TOUCH, "--certificate", str(text), "--counterexample", "x"),
        "for strategies",
    )


def test_a_count_certificate_is_written_and_checked(capsys, tmp_path: Path) -> None:
    path = tmp_path / "count.json"
    options = ("--observe", "count", "--goal", "same")
    code, _, err = run(capsys, "solve", "6", *options, "--certificate", str(path))
    assert code == 0 and "wrote the certificate" in err
    code, out, _ = run(capsys, "verify", "6", *options, "--certificate", str(path))
    assert code == 0 and "the certificate holds: the Devil wins" in out


def test_a_gzip_certificate_is_read_as_kept(capsys, tmp_path: Path) -> None:
    """Kept certificates are stored compressed: verify reads them as they are, the same
    verdict as the plain file; a damaged one (compressed or cut short) is named."""
    import gzip

    path = tmp_path / "c.json"
    run(capsys, "solve", "4", *TOUCH, "--certificate", str(path))
    packed = tmp_path / "c.json.gz"
    packed.write_bytes(gzip.compress(path.read_bytes()))
    code, out, _ = run(capsys, "verify", "4", *TOUCH, "--certificate", str(packed))
    assert code == 0 and "the least worst case is exactly 5 moves" in out
    data = json.loads(path.read_text())
    data["value"] = 6
    raised = tmp_path / "raised.json.gz"
    raised.write_bytes(gzip.compress(json.dumps(data).encode()))
    code, out, _ = run(capsys, "verify", "4", *TOUCH, "--certificate", str(raised))
    assert code == 1
    cut = tmp_path / "cut.json.gz"
    cut.write_bytes(packed.read_bytes()[:40])
    assert_usage_error(
        *run(capsys, "verify", "4", *TOUCH, "--certificate", str(cut)), "a broken gzip file"
    )
