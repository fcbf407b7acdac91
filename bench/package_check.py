"""Check the built distributions in a folder before they are published (``make wheel``).

python bench/package_check.py dist: the sdist holds the package, the licence, the README, the
package index's description, the changelog and the docs, and no tests; the wheel's version is
``devilcoins.__version__`` and the changelog names it; the description links only to absolute
addresses and shows no image from the repository; no project address is a placeholder. Prints
each failure and exits 1 when there is one.
"""

from __future__ import annotations

import email
import re
import sys
import tarfile
import zipfile
from pathlib import Path

import devilcoins

#: What the sdist must hold (paths inside its top folder).
SDIST_NEEDS = (
    "pyproject.toml",
    "LICENSE",
    "README.md",
    "DESCRIPTION.md",
    "CHANGELOG.md",
    "MANIFEST.in",
    "src/devilcoins/__init__.py",
    "src/devilcoins/py.typed",
    "docs/mathematics.md",
    "docs/certificate.schema.json",
)

#: A Markdown link or image whose target is not an absolute address (or an anchor).
RELATIVE = re.compile(r"!?\[[^\]]*\]\((?!https?://|#)([^)]+)\)")


def sdist_problems(path: Path) -> list[str]:
    """What the sdist lacks or holds that it should not."""
    with tarfile.open(path) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    problems = [f"the sdist lacks {need}" for need in SDIST_NEEDS if need not in names]
    shipped = sorted(n for n in names if n.startswith(("tests/", "bench/")))
    if shipped:
        problems.append(f"the sdist holds {len(shipped)} test or bench files ({shipped[0]}, ...)")
    return problems


def metadata_problems(path: Path) -> list[str]:
    """What the wheel's metadata says wrong: its version, description, addresses."""
    with zipfile.ZipFile(path) as wheel:
        name = next(n for n in wheel.namelist() if n.endswith(".dist-info/METADATA"))
        meta = email.message_from_bytes(wheel.read(name))
    problems = []
    if meta["Version"] != devilcoins.__version__:
        problems.append(f"the wheel is version {meta['Version']}, not {devilcoins.__version__}")
    body = meta.get_payload()
    assert isinstance(body, str)
    problems += [f"the description links to {t!r}, not an address" for t in RELATIVE.findall(body)]
    problems += [
        f"a project address is a placeholder: {url}"
        for url in meta.get_all("Project-URL") or []
        if "example" in url
    ]
    return problems


def changelog_problems(root: Path) -> list[str]:
    """Whether the changelog's newest entry is this version."""
    heads = re.findall(r"^## (\S+)", (root / "CHANGELOG.md").read_text(), flags=re.M)
    if not heads or heads[0] != devilcoins.__version__:
        return [f"CHANGELOG.md's newest entry is {heads[:1]}, not {devilcoins.__version__}"]
    return []


def main(folder: str) -> int:
    """Check the one sdist and the one wheel in folder; 0 when all is well."""
    dist = Path(folder)
    sdists, wheels = sorted(dist.glob("devilcoins-*.tar.gz")), sorted(dist.glob("*.whl"))
    if len(sdists) != 1 or len(wheels) != 1:
        print(f"expected one sdist and one wheel in {dist}, found {sdists + wheels}")
        return 1
    root = Path(__file__).resolve().parents[1]
    problems = sdist_problems(sdists[0]) + metadata_problems(wheels[0])
    problems += changelog_problems(root)
    for problem in problems:
        print(f"package check: {problem}")
    if not problems:
        print(f"package check: {sdists[0].name} and {wheels[0].name} are ready to publish")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "dist"))
