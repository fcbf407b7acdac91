"""The coin names of devilcoins.coins, the one list of them: the package loads each from its
module on first use (``lazy_loader.attach_stub`` reads this file) and type checkers read it."""

# ruff: noqa: I001

from .construct import (
    FORMATS as FORMATS,
    MAX_CONSTRUCT_N as MAX_CONSTRUCT_N,
    check_power_of_two as check_power_of_two,
    expected_bytes as expected_bytes,
    move_format as move_format,
    move_phase as move_phase,
    strategy_length as strategy_length,
)
from .explaining import (
    move_kind as move_kind,
)
from .notation import (
    canonical_coins as canonical_coins,
)
from .search import (
    MAX_SEARCH_N as MAX_SEARCH_N,
    check_searchable as check_searchable,
)
from .verification import (
    MAX_TABLE_N as MAX_TABLE_N,
)
from .why import (
    MAX_WHY_N as MAX_WHY_N,
    devil_answer as devil_answer,
    kept_out as kept_out,
    strategy_roles as strategy_roles,
)
