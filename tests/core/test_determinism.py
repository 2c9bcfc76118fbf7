"""Determinism to the byte: the same level, seed and commands give the same events in any process."""

from __future__ import annotations

import hashlib
import os
import pathlib
import subprocess
import sys

from corekit import canonical
from game.core import Level, Session, legal_commands

ROOT = pathlib.Path(__file__).resolve().parents[2]

LEVELS = [
    {"format": 1, "id": "det-m", "name": "M", "mode": "match3", "width": 9, "height": 9,
     "kinds": 5, "moves": 25, "layout": [". . . . # . . . ."] + [". . . . . . . . ."] * 8},
    {"format": 1, "id": "det-c", "name": "C", "mode": "chain", "width": 7, "height": 7,
     "kinds": 3, "moves": 25, "layout": [". . . . . . ."] * 3 + [". . . P . . ."]
     + [". . # . # . ."] + [". . . . . . ."] * 2},
    {"format": 1, "id": "det-s", "name": "S", "mode": "slide", "width": 4, "height": 4,
     "moves": 25},
]


def fingerprint(seed: int) -> str:
    """Play each level greedily (its first legal command) and hash every event's repr."""
    h = hashlib.sha256()
    for data in LEVELS:
        lv = Level.from_dict(data)
        s = Session(lv, seed)
        while s.state.status == "playing" and len(s.commands) < 25:
            s.play(legal_commands(s.state)[0])
        h.update(canonical(s.events).encode())
        h.update(" ".join(map(str, s.commands)).encode())
        h.update(repr(s.state).encode())
    return h.hexdigest()


def test_same_events_in_another_process_with_another_hash_seed() -> None:
    here = fingerprint(2024)
    code = ("import sys; sys.path.insert(0, sys.argv[1]); sys.path.insert(0, sys.argv[2]); "
            "from test_determinism import fingerprint; print(fingerprint(2024))")
    for hash_seed in ("1", "4242"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        out = subprocess.run(
            [sys.executable, "-c", code, str(ROOT), str(pathlib.Path(__file__).parent)],
            env=env, capture_output=True, text=True, timeout=120, check=True,
        )
        assert out.stdout.strip() == here


def test_different_seeds_deal_different_games() -> None:
    assert fingerprint(1) != fingerprint(2)
