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
