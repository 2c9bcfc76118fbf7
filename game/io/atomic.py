"""Atomic file writes and careful reads: the gate's (game/io/gate.py) under their older names."""

from __future__ import annotations

from .gate import (
    STALE_TEMP_SECONDS as STALE_TEMP_SECONDS, read_regular as read_regular, set_aside as set_aside,
    sweep_stale_temporaries as sweep_stale_temporaries, write_bytes as atomic_write_bytes,
    write_text as atomic_write_text,
)

__all__ = ["STALE_TEMP_SECONDS", "atomic_write_bytes", "atomic_write_text", "read_regular",
           "set_aside", "sweep_stale_temporaries"]
