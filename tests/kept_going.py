"""Levels for the keep going tests (issue 37): one lost at once and won with 5 more moves, one never won."""

from __future__ import annotations

from game.core import Level

# One move for 150 points (a first swap scores about 30): lost at once, won once it keeps going.
ONE_SHORT = Level.from_dict({"format": 1, "id": "one-short", "name": "One short", "mode": "match3",
                             "width": 6, "height": 6, "kinds": 4, "moves": 1, "goals": {"score": 150}})
# A million points in one move: lost however it is played, and lost again after keeping going.
OUT_OF_REACH = Level.from_dict({"format": 1, "id": "out-of-reach", "name": "Out of reach", "mode": "match3",
                                "width": 6, "height": 6, "kinds": 4, "moves": 1, "goals": {"score": 10**6}})
