"""The results of devilcoins, the one list of them: the package loads each from its module on
first use (``lazy_loader.attach_stub`` reads this file) and type checkers read it."""

# ruff: noqa: I001

from .advice import (
    Advice as Advice,
)
from .beliefs import (
    BeliefTable as BeliefTable,
)
from .capabilities import (
    Can as Can,
    Capabilities as Capabilities,
)
from .certificate import (
    CertificateCheck as CertificateCheck,
)
from .count import (
    CountSolution as CountSolution,
)
from .evidence import (
    Evidence as Evidence,
    evidence_lines as evidence_lines,
    EvidenceKind as EvidenceKind,
)
from .explaining import (
    Explanation as Explanation,
)
from .judgement import (
    Judgement as Judgement,
    TurnJudgement as TurnJudgement,
)
from .playing import (
    Playthrough as Playthrough,
    Step as Step,
)
from .sight import (
    SightSolution as SightSolution,
)
from .touch import (
    Reach as Reach,
    TouchSolution as TouchSolution,
)
from .trees import (
    TreeSolution as TreeSolution,
)
from .verdict import (
    How as How,
    Tree as Tree,
    TreeData as TreeData,
    Verdict as Verdict,
)
from .verification import (
    Counterexample as Counterexample,
    Verification as Verification,
)
from .words import (
    counted as counted,
    describe as describe,
    game_words as game_words,
    goal_words as goal_words,
)
