"""The public names of devilcoins, the one list of them: the package loads each from its module
on first use (``lazy_loader.attach_stub`` reads this file), and type checkers read their types
here.  A name is public when it is imported below, in the form ``name as name``."""

# Each import keeps the form 'name as name' (a stub's mark of a public name), one block a module.
# ruff: noqa: I001

from . import notebook as notebook
from .coins.construct import (
    construction as construction,
    move_mask as move_mask,
    stream_moves as stream_moves,
)
from .coins.notation import (
    Belief as Belief,
    Coins as Coins,
    Move as Move,
    Strategy as Strategy,
)
from .coins.trap import (
    CoinTrap as CoinTrap,
    coin_trap as coin_trap,
)
from .core.compiling import (
    compile_seconds as compile_seconds,
)
from .core.devils import (
    DEVILS as DEVILS,
    DevilKind as DevilKind,
)
from .core.errors import (
    DevilcoinsError as DevilcoinsError,
    InvalidInput as InvalidInput,
    NotationError as NotationError,
    NotSupported as NotSupported,
    TooLarge as TooLarge,
)
from .core.game import (
    GOALS as GOALS,
    Game as Game,
)
from .core.numbers import (
    canonical_count as canonical_count,
)
from .core.observe import (
    Observe as Observe,
)
from .core.perm import (
    Perm as Perm,
)
from .core.symmetry import (
    GROUP_NAMES as GROUP_NAMES,
    Group as Group,
)
from .devil import (
    adversary as adversary,
)
from .engine import (
    belief_table as belief_table,
    bounds_certificate as bounds_certificate,
    certificate as certificate,
    check_certificate as check_certificate,
    check_checkpoint as check_checkpoint,
    coach as coach,
    explain as explain,
    explanation as explanation,
    judge as judge,
    judge_turn as judge_turn,
    load_strategy as load_strategy,
    methods as methods,
    progress_note as progress_note,
    prove as prove,
    read_strategy as read_strategy,
    save_strategy as save_strategy,
    solve as solve,
    strategy_lines as strategy_lines,
    verify as verify,
)
from .live import (
    LiveGame as LiveGame,
    play_against as play_against,
)
from .results import (
    Advice as Advice,
    BeliefTable as BeliefTable,
    CertificateCheck as CertificateCheck,
    Counterexample as Counterexample,
    Evidence as Evidence,
    EvidenceKind as EvidenceKind,
    Explanation as Explanation,
    How as How,
    Playthrough as Playthrough,
    TreeSolution as TreeSolution,
    Verdict as Verdict,
    Verification as Verification,
)

__version__: str
