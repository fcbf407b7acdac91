"""Every result the library gives, in one place: verdicts, evidence, verifications,
counterexamples, and the solutions of games whose strategies are trees.

Each is a frozen value built with keywords; ``to_json()`` gives the shape the command line
prints (``from_json()`` reads it back where a command reads it), ``to_text()`` or
``headline()`` the lines a person reads, and ``_repr_html_()`` what a notebook draws.

Strategies are tuples of move states (numbers in base m, digit i = position i).  Evidence
always says whether it was checked by the program just now, and if so whether the check held:
a verdict holds (``Verdict.holds``) only when every check it carries held.

The tree solutions (``TouchSolution``, ``SightSolution``, ``CountSolution``) load on first use,
so that reading this package needs no numpy.
"""

from typing import TYPE_CHECKING

from devilcoins.core.lazy import lazy
from devilcoins.results.certificate import CertificateCheck
from devilcoins.results.evidence import Evidence, EvidenceKind, evidence_lines
from devilcoins.results.explanation import Explanation
from devilcoins.results.play import Playthrough, Step
from devilcoins.results.verdict import How, Tree, TreeData, Verdict
from devilcoins.results.verification import Counterexample, Verification
from devilcoins.results.words import counted, describe, game_words, goal_words

if TYPE_CHECKING:
    from devilcoins.results.advice import Advice
    from devilcoins.results.beliefs import BeliefTable
    from devilcoins.results.count import CountSolution
    from devilcoins.results.sight import SightSolution
    from devilcoins.results.touch import Reach, TouchSolution
    from devilcoins.results.trees import TreeSolution

__all__ = [
    "Advice",
    "BeliefTable",
    "CertificateCheck",
    "CountSolution",
    "Counterexample",
    "Evidence",
    "EvidenceKind",
    "Explanation",
    "How",
    "Playthrough",
    "Reach",
    "SightSolution",
    "Step",
    "TouchSolution",
    "Tree",
    "TreeData",
    "TreeSolution",
    "Verdict",
    "Verification",
    "counted",
    "describe",
    "evidence_lines",
    "game_words",
    "goal_words",
]

_LAZY = {
    "Advice": "devilcoins.results.advice",
    "BeliefTable": "devilcoins.results.beliefs",
    "CountSolution": "devilcoins.results.count",
    "Reach": "devilcoins.results.touch",
    "SightSolution": "devilcoins.results.sight",
    "TouchSolution": "devilcoins.results.touch",
    "TreeSolution": "devilcoins.results.trees",
}


#: Load a tree solution type on first use.
__getattr__ = lazy("devilcoins.results", _LAZY)
