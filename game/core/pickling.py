"""How a core value that keeps a cache is pickled: by its init fields, never the cache."""

from __future__ import annotations

from dataclasses import fields
from typing import Any


def by_init_fields(value: Any) -> tuple[type, tuple[object, ...]]:
    """A `__reduce__` for a frozen slotted dataclass: its class called again with its init
    fields, so the copy makes its own cache on first use.

    Why not `__getstate__`: Python 3.11.0-3.11.3 (Debian 12's 3.11.2) replaces a frozen slotted
    dataclass's own `__getstate__` with one that pickles every field, the cache too (which holds
    `struct.Struct`s that cannot be pickled); `__reduce__` it leaves alone on every version.
    """
    return type(value), tuple(getattr(value, f.name) for f in fields(value) if f.init)
