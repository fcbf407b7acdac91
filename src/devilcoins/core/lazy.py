"""Names a package loads on first use, so that importing it loads nothing heavy.

>>> getattr_ = lazy("demo", {"sqrt": "math"})
>>> getattr_("sqrt")(9.0)
3.0
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from importlib import import_module
from typing import Any

__all__ = ["lazy"]


def lazy(package: str, where: dict[str, str]) -> Callable[[str], Any]:
    """A package's ``__getattr__``: each name of where loads from its module on first use and is
    kept in the package (where maps a name to a module, or to 'module:attribute')."""

    def load(name: str) -> Any:
        if name not in where:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module, _, attribute = where[name].partition(":")
        value = getattr(import_module(module), attribute or name)
        namespace = sys.modules.get(package)
        if namespace is not None:
            setattr(namespace, name, value)
        return value

    return load
