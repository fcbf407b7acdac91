"""The strict docs build of ``make test`` can fail: a page with a broken link or anchor stops it.

``make docs-check`` is the very command ``make test`` runs (``make -n checks`` shows it). Here it
builds a small site of its own, once with good pages and once with each kind of broken link, on
this environment's mkdocs; a warning must turn into a failed build, as it did not when the build
ran with ``-q`` (quiet mode drops the warnings before strict mode counts them).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from test_readme import ROOT

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")

GOOD = "# Home\n\nSee [the other page](other.md#a-heading).\n"
OTHER = "# Other\n\n## A heading\n\nText.\n"
BROKEN = {
    "a missing page": "# Home\n\nSee [nowhere](missing.md).\n",
    "a missing anchor": "# Home\n\nSee [the other page](other.md#no-such-heading).\n",
}


def validation() -> str:
    """The validation block of the project's own mkdocs.yml, so the small site checks the same."""
    text = (ROOT / "mkdocs.yml").read_text()
    start = text.index("validation:")
    lines = [text[start:].splitlines()[0]]
    for line in text[start:].splitlines()[1:]:
        if not line.startswith(" "):
            break
        lines.append(line)
    return "\n".join(lines)


def docs_check(folder: Path, home: str) -> subprocess.CompletedProcess[str]:
    """Run make docs-check on a two-page site whose home page is home."""
    docs = folder / "docs"
    docs.mkdir(exist_ok=True)
    (docs / "index.md").write_text(home)
    (docs / "other.md").write_text(OTHER)
    config = folder / "mkdocs.yml"
    config.write_text(f"site_name: check\ndocs_dir: docs\nstrict: true\n{validation()}\n")
    venv = Path(sys.executable).parent.parent
    command = ["make", "-s", "-C", str(ROOT), "docs-check", f"VENV={venv}"]
    command += [f"MKDOCS_CONFIG={config}", f"SITE_CHECK={folder / 'site'}"]
    return subprocess.run(command, capture_output=True, text=True, timeout=300)


def test_make_test_runs_the_strict_docs_check_without_quiet_mode() -> None:
    shown = subprocess.run(
        ["make", "-n", "-C", str(ROOT), "checks"], capture_output=True, text=True, timeout=60
    )
    assert shown.returncode == 0, shown.stderr
    assert "docs-check" in shown.stdout
    build = subprocess.run(
        ["make", "-n", "-C", str(ROOT), "docs-check"], capture_output=True, text=True, timeout=60
    )
    line = next(x for x in build.stdout.splitlines() if "mkdocs build" in x)
    assert "--strict" in line
    assert " -q" not in line and "--quiet" not in line


def test_good_pages_build(tmp_path: Path) -> None:
    done = docs_check(tmp_path, GOOD)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("kind", sorted(BROKEN))
def test_a_broken_link_fails_the_build(tmp_path: Path, kind: str) -> None:
    done = docs_check(tmp_path, BROKEN[kind])
    assert done.returncode != 0, f"{kind}: the build passed:\n{done.stdout}{done.stderr}"
    assert "WARNING" in done.stdout + done.stderr
