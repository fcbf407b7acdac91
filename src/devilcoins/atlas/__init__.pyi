"""The names of devilcoins.atlas, the one list of them: the package loads each from its module
on first use (``lazy_loader.attach_stub`` reads this file) and type checkers read it."""

# ruff: noqa: I001

from .entry import (
    OPEN as OPEN,
    SETTLED as SETTLED,
    STATUSES as STATUSES,
    TOO_LARGE as TOO_LARGE,
    atlas as atlas,
    AtlasEntry as AtlasEntry,
    left_open as left_open,
    settle as settle,
)
from .grid import (
    GOALS as GOALS,
    OBSERVE as OBSERVE,
    default_grid as default_grid,
    parse_names as parse_names,
    parse_range as parse_range,
)
from .literature import (
    known_value as known_value,
    least_touch_hands as least_touch_hands,
)
from .report import (
    from_json as from_json,
    to_csv as to_csv,
    to_json as to_json,
    to_markdown as to_markdown,
    to_text as to_text,
)
