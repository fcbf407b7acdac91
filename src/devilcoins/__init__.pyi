"""The public names of devilcoins, the one list of them: the package loads each from its module
on first use (``lazy_loader.attach_stub`` reads this file), and type checkers read their types
here.  A name is public when it is imported below, in the form ``name as name``.

The old names, which still work with a warning, are declared at the end as deprecated functions
with the signatures of the functions they give (``lazy_loader`` reads only the imports ``from .``,
so they stay out of ``__all__``): a type checker accepts them and says they are deprecated."""

# Each import keeps the form 'name as name' (a stub's mark of a public name), one block a module.
# The other modules are imported whole ('import x'): lazy_loader refuses 'from x import y' here.
# ruff: noqa: I001

import collections.abc
import typing

import numpy as np
import typing_extensions

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
from .coins.traps import (
    CoinTrap as CoinTrap,
    coin_trap as coin_trap,
)
from .core.compiling import (
    compile_seconds as compile_seconds,
)
from .core.devil import (
    DEVILS as DEVILS,
    DevilKind as DevilKind,
)
from .core.errors import (
    DevilcoinsDeprecationWarning as DevilcoinsDeprecationWarning,
    DevilcoinsError as DevilcoinsError,
    InvalidInput as InvalidInput,
    NotationError as NotationError,
    NotSupported as NotSupported,
    OtherGame as OtherGame,
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
    capabilities as capabilities,
    family_capabilities as family_capabilities,
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
    Can as Can,
    Capabilities as Capabilities,
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

# The old names (devilcoins._renamed.RENAMED), each with the signature of what it gives: the
# notebook's function of the same name, or the shim in _renamed.  The message is the one the
# warning at run time ends with.

_State = typing.TypeVar("_State", bound=collections.abc.Hashable)
_Action = typing.TypeVar("_Action")

@typing_extensions.deprecated("use devilcoins.notebook.all_coins")
def all_coins(N: int = 4) -> Belief: ...
@typing_extensions.deprecated("use devilcoins.notebook.all_moves")
def all_moves(N: int = 4) -> list[Move]: ...
@typing_extensions.deprecated("use devilcoins.notebook.coin_search")
def coin_search(N: int = 4) -> Strategy | None: ...
@typing_extensions.deprecated("use devilcoins.notebook.flip")
def flip(coins: str, move: collections.abc.Iterable[int]) -> Coins: ...
@typing_extensions.deprecated("use devilcoins.notebook.play")
def play(
    strategy: collections.abc.Iterable[collections.abc.Iterable[int]],
    coins: str,
    verbose: bool = False,
    *,
    rng: np.random.Generator | int | None = None,
    devil: collections.abc.Callable[[int, Coins], int] | None = None,
    out: collections.abc.Callable[[str], None] = ...,
    canonical: bool = True,
) -> Coins: ...
@typing_extensions.deprecated("use devilcoins.notebook.probably_wins")
def probably_wins(
    strategy: collections.abc.Iterable[collections.abc.Iterable[int]],
    N: int = 4,
    k: int = 1000,
    *,
    rng: np.random.Generator | int | None = None,
    on_progress: collections.abc.Callable[[int, int], None] | None = None,
) -> bool: ...
@typing_extensions.deprecated("use devilcoins.notebook.rotations")
def rotations(coins: str) -> set[Coins]: ...
@typing_extensions.deprecated("use devilcoins.notebook.search")
def search(
    start: _State,
    goal: _State,
    actions: collections.abc.Iterable[_Action],
    result: collections.abc.Callable[[_State, _Action], _State],
) -> tuple[_Action, ...] | None: ...
@typing_extensions.deprecated("use devilcoins.notebook.show")
def show(moves: collections.abc.Iterable[collections.abc.Iterable[int]], N: int = 4) -> None: ...
@typing_extensions.deprecated("use devilcoins.notebook.update")
def update(
    belief: collections.abc.Iterable[str], move: collections.abc.Iterable[int]
) -> Belief: ...
@typing_extensions.deprecated("use devilcoins.solve(n, 'notebook')")
def belief_search(
    n: int, *, on_progress: collections.abc.Callable[[int, int], None] | None = None
) -> Verdict: ...
@typing_extensions.deprecated("use devilcoins.verify(n, strategy)")
def verify_coins(
    strategy: collections.abc.Iterable[collections.abc.Iterable[int]],
    n: int,
    *,
    on_progress: collections.abc.Callable[[int, int], None] | None = None,
) -> Verification: ...
