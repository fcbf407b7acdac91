"""The JSON the command line prints: objects indented, lists of plain values on one line, and
an integer too long for a JSON reader written as a string of its digits."""

from __future__ import annotations

import json
from typing import Any

from devilcoins.cli.common import print_out, unlimited_digits

__all__ = ["MAX_JSON_DIGITS", "emit_json", "json_text"]


#: The most digits an integer of the JSON output has: Python's json.loads (like int()) reads no
#: more by default, so a longer one is written as a string of its digits.
MAX_JSON_DIGITS = 4300


def _readable(value: Any) -> Any:
    """value with each integer of more than MAX_JSON_DIGITS digits as a string of its digits.

    >>> _readable({"n": 4, "big": [10**5000]})["big"][0][:3], _readable(True)
    ('100', True)
    """
    if isinstance(value, dict):
        return {k: _readable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_readable(v) for v in value]
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 14_000:
        with unlimited_digits():
            digits = str(value)
        return digits if len(digits.lstrip("-")) > MAX_JSON_DIGITS else value
    return value


def json_text(value: Any, indent: str = "") -> str:
    """JSON with objects indented and lists of plain values kept on one line; an integer of
    more than MAX_JSON_DIGITS digits is written as a string, which any JSON reader takes.

    >>> import json
    >>> len(json.loads(json_text({"big": 2**20000}))["big"])
    6021
    """
    return _json_text(_readable(value), indent)


def _json_text(value: Any, indent: str = "") -> str:
    inner = indent + "  "
    if isinstance(value, dict) and value:
        items = [f"{inner}{json.dumps(str(k))}: {_json_text(v, inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    if isinstance(value, list) and any(isinstance(v, dict | list) for v in value):
        items = [inner + _json_text(v, inner) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + indent + "]"
    return json.dumps(value)


def emit_json(data: dict[str, Any]) -> None:
    """Print data as JSON (see json_text); a result timed in seconds gains the seconds this
    process spent compiling and loading hot loops, which its own seconds leave out."""
    if "seconds" in data:
        from devilcoins import compile_seconds

        data = {**data, **compile_seconds().to_json()}
    print_out(json_text(data) + "\n")
