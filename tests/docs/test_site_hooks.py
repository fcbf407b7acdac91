"""docs/hooks.py, the site build's hook: its examples run, and the tutorial's links to other
pages, which the hook rewrites for the site, name pages that exist."""

from __future__ import annotations

import doctest
import importlib.util
import json
import re

from page_runner import ROOT

HOOKS = ROOT / "docs" / "hooks.py"


def _hooks():
    spec = importlib.util.spec_from_file_location("site_hooks", HOOKS)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_hook_s_examples_hold():
    failed, tried = doctest.testmod(_hooks())
    assert tried > 0 and failed == 0


def test_the_tutorial_s_page_links_lead_to_pages_the_site_has():
    hooks = _hooks()
    cells = json.loads((ROOT / "docs" / "tutorial.ipynb").read_text())["cells"]
    text = "".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    links = re.findall(r"\]\(([A-Za-z0-9_-]+)\.md(#[^)]*)?\)", text)
    assert links, "the tutorial links to other pages"
    for name, _ in links:
        assert (ROOT / "docs" / f"{name}.md").exists(), name
        html = hooks.site_links(f'<a href="{name}.md">')
        assert html == f'<a href="../{name}/">'
