"""Helpers the command-line tests share: run the command in-process, check a usage error.

``tests/cli`` is on ``sys.path`` while its tests run (pytest's default ``prepend`` import mode puts
the folder of a test file without ``__init__.py`` there), so test files import this module by name.
"""

from __future__ import annotations

from devilcoins.cli.main import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    """Run the command line in-process: (exit status, stdout, stderr)."""
    try:
        code = main(list(argv))
    except SystemExit as stop:  # argparse ends the process for a malformed command line
        code = stop.code
    out, err = capsys.readouterr()
    return code, out, err


def assert_usage_error(code: int, out: str, err: str, *fragments: str, status: int = 2) -> str:
    """Status 2 (or status), one line on stderr starting 'devilcoins: error:', no traceback;
    the line."""
    assert code == status, (code, out, err)
    assert "Traceback" not in out + err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("devilcoins: error:"), lines[0]
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])
    return lines[0]


def assert_limit_stop(code: int, out: str, err: str, *fragments: str) -> str:
    """A stop at --time-limit or --memory: status 3 and one line, as assert_usage_error."""
    return assert_usage_error(code, out, err, *fragments, status=3)
