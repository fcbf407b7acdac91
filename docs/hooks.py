"""mkdocs hook: docstring examples (``>>>`` lines and their output) render as Python code.

The docstrings carry doctests without fences (pytest runs them); Markdown would read their output
lines as text and links. This adds a preprocessor, to the pages and to mkdocstrings' docstrings
alike, that fences every run of lines starting with ``>>>`` outside an existing fence.
"""

from __future__ import annotations

import re

from markdown import Extension
from markdown.preprocessors import Preprocessor

FENCE = re.compile(r"^\s*(```|~~~)")
PROMPT = re.compile(r"^(\s*)>>> ")


class DoctestFences(Preprocessor):
    """Wrap each run of doctest lines (a '>>>' line to the next blank line) in a pycon fence."""

    def run(self, lines: list[str]) -> list[str]:
        """The lines, with fences around each doctest."""
        out: list[str] = []
        fenced = doctest = False
        for line in lines:
            if doctest and not line.strip():
                out += ["```", ""]
                doctest = False
            if not doctest and FENCE.match(line):
                fenced = not fenced
            elif not fenced and not doctest and (m := PROMPT.match(line)):
                out += ["", "```pycon"]
                doctest = True
                indent = len(m.group(1))
            if doctest:
                line = line[indent:] if line[:indent].isspace() else line.lstrip()
            out.append(line)
        if doctest:
            out.append("```")
        return out


class DoctestFencesExtension(Extension):
    """The Markdown extension registering DoctestFences before the fenced-code preprocessor."""

    def extendMarkdown(self, md):
        """Register the preprocessor (priority 28: before fenced code, 25)."""
        md.preprocessors.register(DoctestFences(md), "doctest_fences", 28)


def on_config(config):
    """Add the extension to the site's Markdown, which mkdocstrings uses too."""
    config.markdown_extensions.append(DoctestFencesExtension())
    return config


#: A link to another page as a notebook cell writes it ("lesson.md#6-and-or-search"), which
#: works on GitHub and in Jupyter; mkdocs-jupyter leaves it as it is in the page it builds.
NOTEBOOK_LINK = re.compile(r'href="([A-Za-z0-9_-]+)\.md(#[^"]*)?"')


def site_links(html: str) -> str:
    """A notebook page's links to other pages, as the site's URLs (one folder a page).

    >>> site_links('<a href="lesson.md#6-and-or">x</a> <a href="benchmark.md">y</a>')
    '<a href="../lesson/#6-and-or">x</a> <a href="../benchmark/">y</a>'
    """
    return NOTEBOOK_LINK.sub(lambda m: f'href="../{m.group(1)}/{m.group(2) or ""}"', html)


def on_post_page(output, page, config):
    """Rewrite the links of the tutorial notebook's page (the Markdown pages' links are
    rewritten by mkdocs itself)."""
    if page.file.src_uri.endswith(".ipynb") and config.use_directory_urls:
        return site_links(output)
    return output
