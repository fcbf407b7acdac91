"""Every result the library gives, in one place: verdicts, evidence, verifications,
counterexamples, and the solutions of games whose strategies are trees.

Each is a frozen value built with keywords; ``to_json()`` gives the shape the command line
prints (``from_json()`` reads it back where a command reads it), ``to_text()`` or
``headline()`` the lines a person reads, and ``_repr_html_()`` what a notebook draws.

Strategies are tuples of move states (numbers in base m, digit i = position i).  Evidence
always says whether it was checked by the program just now, and if so whether the check held:
a verdict holds (``Verdict.holds``) only when every check it carries held.

The names in ``__init__.pyi`` beside this file load on first use, so that reading this package
needs no numpy (the tree solutions, ``TouchSolution``, ``SightSolution`` and ``CountSolution``,
need it).
"""

import lazy_loader

#: Each name in __init__.pyi beside this file loads from its module on first use.
__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
