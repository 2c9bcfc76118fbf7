"""The bench yardstick (bench/bitref.py) plays real match-3: its legal swaps and cascades are right.

A yardstick that skipped work would flatter nobody but itself; these checks keep it honest.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from bitref import BitEngine  # noqa: E402

from corekit import ref_legal_swaps, ref_runs  # noqa: E402


def grid_of(engine: BitEngine) -> tuple[tuple[int, ...], ...]:
    s = engine.stride
    rows = [[0] * engine.width for _ in range(engine.height)]
    for kind, m in enumerate(engine.masks):
        for r in range(engine.height):
            for c in range(engine.width):
                if m >> (r * s + c) & 1:
                    assert rows[r][c] == 0, "two kinds on one cell"
                    rows[r][c] = kind
    return tuple(map(tuple, rows))


def test_the_reference_engine_finds_every_legal_swap_and_cascades_to_a_still_full_board() -> None:
    for seed, (height, width) in enumerate([(9, 9), (5, 12), (12, 4)] * 3):
        engine = BitEngine(height, width, 5, seed)
        rnd = random.Random(seed)
        for _ in range(12):
            grid = grid_of(engine)
            assert all(v > 0 for row in grid for v in row)
            assert not ref_runs(grid, 3)
            s = engine.stride
            legal = {frozenset({divmod(a, s), divmod(b, s)}) for a, b in engine.legal()}
            assert legal == ref_legal_swaps(grid, 3)
            a, b = rnd.choice(engine.legal())
            engine.swap(a, b)
