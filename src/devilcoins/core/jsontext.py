"""JSON a user gives, read within bounds: nesting no deeper than ``MAX_DEPTH`` levels, checked
before the parser can recurse (Python's own parser recurses once a level and ends with a
RecursionError far below a file's size), and numbers of any size refused with a line, not a
traceback.

>>> read_json('{"moves": [[0, 1], [2]]}', 'the strategy')
{'moves': [[0, 1], [2]]}
>>> try:
...     read_json('[' * 300 + ']' * 300, 'the strategy')
... except NotationError as err:
...     print(str(err)[:50])
the strategy is nested deeper than 200 levels (JSO
"""

from __future__ import annotations

import json
import re
import sys
from typing import Any

from devilcoins.core.errors import NotationError

__all__ = ["MAX_DEPTH", "depth", "read_json"]

#: The deepest nesting read: a touch strategy's tree, the deepest file the program writes, nests
#: three levels a round, and no game offered takes more than a few dozen rounds.
MAX_DEPTH = 200

_DIGITS = sys.get_int_max_str_digits()

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)


def depth(text: str) -> int:
    """How deep the arrays and objects of JSON text nest (brackets inside strings left out).

    >>> depth('[1, {"a": ["]]"]}]'), depth('7')
    (3, 0)
    """
    import numpy as np  # loaded when a file is read, not when the program starts

    bare = _STRING.sub('""', text).encode("utf-8", "surrogatepass")
    codes = np.frombuffer(bare, dtype=np.uint8)
    # '[' and '{' are 0x5B and 0x7B, ']' and '}' 0x5D and 0x7D: one bit apart (0x20)
    folded = codes | 0x20
    steps = (folded == 0x7B).astype(np.int32) - (folded == 0x7D)
    return int(np.cumsum(steps, dtype=np.int32).max(initial=0))


def read_json(text: str, what: str) -> Any:
    """The JSON value of text, or NotationError naming what was read and what is wrong."""
    if depth(text) > MAX_DEPTH:
        raise NotationError(
            f"{what} is nested deeper than {MAX_DEPTH} levels (JSON arrays and objects inside "
            "one another); no file devilcoins writes comes near that"
        )
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise NotationError(f"{what}: not JSON ({err})") from None
    except (ValueError, RecursionError):  # a number past Python's digit limit
        raise NotationError(
            f"{what} holds a number of more than {_DIGITS:,} digits, far past any move, "
            "state or count of a game"
        ) from None
