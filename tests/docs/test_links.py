"""Links to a heading work both on the site and on GitHub.

The site (Python-Markdown's toc) and GitHub make a heading into an anchor differently: GitHub
drops punctuation and turns each space into a hyphen ('n <= 16' becomes 'n--16'), the site also
folds runs of spaces and hyphens into one ('n-16'). A link is kept only when both agree, so
every '(page.md#anchor)' and '(#anchor)' of the README and the docs must name a heading of
its page whose anchor is the same both ways. (The API pages' anchors are made by mkdocstrings
from the docstrings, so they are left to the strict build.)
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest
from test_readme import DOCS, README, ROOT

LINK = re.compile(r"\]\(([^)\s]*?)#([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6} (.+?)\s*#*$", re.M)


def github_slug(heading: str) -> str:
    """GitHub's anchor: lower case, punctuation dropped, each space a hyphen."""
    text = re.sub(r"[`*_]", "", heading).lower()
    return "".join(c for c in text if c.isalnum() or c in " -").replace(" ", "-")


def site_slug(heading: str) -> str:
    """Python-Markdown's toc anchor (mkdocs' default): ASCII only, runs of spaces and hyphens
    folded into one."""
    text = unicodedata.normalize("NFKD", re.sub(r"[`*_]", "", heading))
    text = re.sub(r"[^\w\s-]", "", text.encode("ascii", "ignore").decode()).strip().lower()
    return re.sub(r"[-\s]+", "-", text)


def headings(page: Path) -> list[str]:
    """The page's headings, outside code blocks."""
    text = re.sub(r"```.*?```", "", page.read_text(), flags=re.S)
    return HEADING.findall(text)


def links() -> list:
    """(page, target page, anchor) for every link to a heading of a Markdown page."""
    found = []
    for page in [README, *DOCS]:
        for target, anchor in LINK.findall(page.read_text()):
            if target and not target.endswith(".md"):
                continue
            path = (page.parent / target).resolve() if target else page
            if "api" in path.parts:
                continue
            found.append(pytest.param(page, path, anchor, id=f"{page.name} -> {target}#{anchor}"))
    return found


def test_the_slugs_differ_where_github_keeps_doubled_hyphens():
    assert github_slug("Touch at the thresholds: the whole table for n <= 16").endswith("n--16")
    assert site_slug("Touch at the thresholds: the whole table for n <= 16").endswith("n-16")
    assert github_slug("4. Lamping's construction") == site_slug("4. Lamping's construction")


@pytest.mark.parametrize(("page", "target", "anchor"), links())
def test_link_works_on_the_site_and_on_github(page, target, anchor):
    both = {site_slug(h) for h in headings(target) if site_slug(h) == github_slug(h)}
    assert anchor in both, (
        f"{page.relative_to(ROOT)}: #{anchor} is not the same heading anchor on the site and on "
        f"GitHub in {target.relative_to(ROOT)}"
    )
