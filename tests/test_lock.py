"""The lock, uv.lock, says what pyproject.toml asks for, and nothing in it is loose.

``uv sync --locked`` (the Makefile's every install) refuses a lock made from another
pyproject.toml, but only where uv runs; this test reads both files itself, offline: the
requirements the lock was made from must be pyproject.toml's, one for one (extras, groups and
the build backend's pin included), every locked version must meet them, every locked file must
carry its hash, and no version may be a pre-release but the one pyproject.toml pins and names.
"""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Iterable
from typing import Any

import pytest
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name
from packaging.version import Version
from test_readme import ROOT

#: The one package whose every release is a pre-release (pyproject.toml says why).
PRE_RELEASES_ALLOWED = {"python-sat"}

Wanted = frozenset[tuple[str, frozenset[str], str, str]]


def pyproject() -> dict[str, Any]:
    """pyproject.toml, read."""
    with (ROOT / "pyproject.toml").open("rb") as f:
        return tomllib.load(f)


def lock() -> dict[str, Any]:
    """uv.lock, read."""
    with (ROOT / "uv.lock").open("rb") as f:
        return tomllib.load(f)


def one(name: str, extras: Iterable[str], marker: str, specifier: str) -> tuple[Any, ...]:
    """A requirement in one spelling: canonical name, extras, marker and specifier as text."""
    return (
        canonicalize_name(name),
        frozenset(extras),
        str(Marker(marker)) if marker else "",
        str(SpecifierSet(specifier)),
    )


def from_text(text: str, extra: str | None = None) -> tuple[Any, ...]:
    """One requirement of pyproject.toml, under extra when it comes from an optional group."""
    r = Requirement(text)
    marker = f"extra == '{extra}'" if extra else (str(r.marker) if r.marker else "")
    return one(r.name, r.extras, marker, str(r.specifier))


def from_lock(entry: dict[str, Any]) -> tuple[Any, ...]:
    """One requirement as the lock records it."""
    return one(
        entry["name"], entry.get("extras", ()), entry.get("marker", ""), entry.get("specifier", "")
    )


def asked(project: dict[str, Any]) -> dict[str, Wanted]:
    """What pyproject.toml asks for: the dependencies with the extras, each group, the build pin."""
    p = project["project"]
    dist = {from_text(t) for t in p["dependencies"]}
    for extra, texts in p["optional-dependencies"].items():
        dist |= {from_text(t, extra) for t in texts}
    out = {"requires-dist": frozenset(dist)}
    for group, items in project["dependency-groups"].items():
        out[f"group {group}"] = frozenset(
            from_text(i) for i in expand(project["dependency-groups"], items)
        )
    build = project.get("tool", {}).get("uv", {}).get("build-constraint-dependencies", [])
    out["build constraints"] = frozenset(from_text(t) for t in build)
    return out


def expand(groups: dict[str, list[Any]], items: list[Any]) -> list[str]:
    """A dependency group's requirements, its include-group entries replaced by theirs."""
    out: list[str] = []
    for item in items:
        out += expand(groups, groups[item["include-group"]]) if isinstance(item, dict) else [item]
    return out


def recorded(locked: dict[str, Any]) -> dict[str, Wanted]:
    """What the lock was made from, in the same form as asked()."""
    (project,) = [p for p in locked["package"] if p["name"] == "devilcoins"]
    meta = project["metadata"]
    out = {"requires-dist": frozenset(from_lock(e) for e in meta["requires-dist"])}
    for group, entries in meta["requires-dev"].items():
        out[f"group {group}"] = frozenset(from_lock(e) for e in entries)
    build = locked.get("manifest", {}).get("build-constraints", [])
    out["build constraints"] = frozenset(from_lock(e) for e in build)
    return out


def disagreements(project: dict[str, Any], locked: dict[str, Any]) -> list[str]:
    """Each place where pyproject.toml and the lock disagree, in words (none: they agree)."""
    want, have = asked(project), recorded(locked)
    out = []
    for key in sorted(set(want) | set(have)):
        for r in sorted(want.get(key, frozenset()) - have.get(key, frozenset()), key=str):
            out.append(f"{key}: pyproject.toml asks for {r}, the lock was not made with it")
        for r in sorted(have.get(key, frozenset()) - want.get(key, frozenset()), key=str):
            out.append(f"{key}: the lock was made with {r}, pyproject.toml no longer asks it")
    return out


def test_the_lock_was_made_from_this_pyproject() -> None:
    problems = disagreements(pyproject(), lock())
    assert not problems, "run `make lock`:\n" + "\n".join(problems)


@pytest.mark.parametrize(
    "change",
    ["a new dependency", "a changed bound", "a removed extra", "a new tool", "a build pin"],
)
def test_a_changed_dependency_is_seen(change: str) -> None:
    project = copy.deepcopy(pyproject())
    p = project["project"]
    if change == "a new dependency":
        p["dependencies"].append("scipy>=1.11")
    elif change == "a changed bound":
        p["dependencies"] = [d.replace("numpy>=", "numpy>=9") for d in p["dependencies"]]
    elif change == "a removed extra":
        del p["optional-dependencies"]["plot"]
    elif change == "a new tool":
        project["dependency-groups"]["test"].append("coverage>=7")
    else:
        project["tool"]["uv"]["build-constraint-dependencies"] = ["setuptools==80.0.0"]
    assert disagreements(project, lock())


def versions(locked: dict[str, Any]) -> dict[str, list[Version]]:
    """Every locked version of each package (a package may have one per Python range)."""
    out: dict[str, list[Version]] = {}
    for p in locked["package"]:
        if "version" in p:
            out.setdefault(canonicalize_name(p["name"]), []).append(Version(p["version"]))
    return out


def test_every_locked_version_meets_what_pyproject_asks() -> None:
    locked = versions(lock())
    for wanted in asked(pyproject()).values():
        for name, _extras, _marker, specifier in wanted:
            if name == "devilcoins":
                continue
            for v in locked[name]:
                assert SpecifierSet(specifier).contains(v, prereleases=True), (name, v, specifier)


def test_every_locked_file_has_its_hash() -> None:
    for p in lock()["package"]:
        if "editable" in p["source"]:
            continue
        files = p.get("wheels", []) + ([p["sdist"]] if "sdist" in p else [])
        assert files, f"{p['name']} has no file in the lock"
        for f in files:
            assert f.get("hash", "").startswith("sha256:"), (p["name"], f)


def test_no_pre_release_but_the_one_named() -> None:
    pre = {name for name, vs in versions(lock()).items() for v in vs if v.is_prerelease}
    assert pre <= PRE_RELEASES_ALLOWED, pre - PRE_RELEASES_ALLOWED
    texts = pyproject()["project"]["optional-dependencies"]["cover"]
    for name in PRE_RELEASES_ALLOWED:
        (text,) = [t for t in texts if canonicalize_name(Requirement(t).name) == name]
        assert str(Requirement(text).specifier).startswith("=="), f"{name} is not pinned: {text}"


def test_the_package_page_names_every_extra_and_core_dependency() -> None:
    page = (ROOT / "DESCRIPTION.md").read_text()
    p = pyproject()["project"]
    for extra in p["optional-dependencies"]:
        assert f"`{extra}`" in page, f"DESCRIPTION.md does not name the extra {extra}"
    for text in p["dependencies"]:
        name = Requirement(text).name
        assert name in page or name.replace("_", "-") in page, f"DESCRIPTION.md lacks {name}"
