"""What only the coin game has: its notation, Lamping's construction, the Devil's traps for any
N, its proofs, and the notebook's functions and formats.

The names below are what the coin commands and the page's coin sections use (the rest of the
public API is ``devilcoins`` itself); each loads on first use.

>>> from devilcoins.coins import strategy_length, move_kind
>>> strategy_length(8), move_kind(8, 16)
(255, 's1')
"""

from typing import TYPE_CHECKING

from devilcoins.core.lazy import lazy

if TYPE_CHECKING:
    from devilcoins.coins.construct import (
        FORMATS,
        MAX_CONSTRUCT_N,
        check_power_of_two,
        expected_bytes,
        move_format,
        move_phase,
        strategy_length,
    )
    from devilcoins.coins.explain import move_kind
    from devilcoins.coins.notation import canonical_coins
    from devilcoins.coins.search import MAX_SEARCH_N, check_searchable
    from devilcoins.coins.why import MAX_WHY_N, devil_answer, kept_out, strategy_roles
    from devilcoins.core.tables import MAX_TABLE_N

__all__ = [
    "FORMATS",
    "MAX_CONSTRUCT_N",
    "MAX_SEARCH_N",
    "MAX_TABLE_N",
    "MAX_WHY_N",
    "canonical_coins",
    "check_power_of_two",
    "check_searchable",
    "devil_answer",
    "expected_bytes",
    "kept_out",
    "move_format",
    "move_kind",
    "move_phase",
    "strategy_length",
    "strategy_roles",
]

_LAZY = {
    "FORMATS": "devilcoins.coins.construct",
    "MAX_CONSTRUCT_N": "devilcoins.coins.construct",
    "MAX_SEARCH_N": "devilcoins.coins.search",
    "MAX_TABLE_N": "devilcoins.core.tables",
    "MAX_WHY_N": "devilcoins.coins.why",
    "canonical_coins": "devilcoins.coins.notation",
    "check_power_of_two": "devilcoins.coins.construct",
    "check_searchable": "devilcoins.coins.search",
    "devil_answer": "devilcoins.coins.why",
    "kept_out": "devilcoins.coins.why",
    "expected_bytes": "devilcoins.coins.construct",
    "move_format": "devilcoins.coins.construct",
    "move_kind": "devilcoins.coins.explain",
    "move_phase": "devilcoins.coins.construct",
    "strategy_length": "devilcoins.coins.construct",
    "strategy_roles": "devilcoins.coins.why",
}


#: Load a coin name on first use.
__getattr__ = lazy("devilcoins.coins", _LAZY)
