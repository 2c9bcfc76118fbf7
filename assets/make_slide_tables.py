"""Write the slide hint's pattern tables (game/bots/slide_tables.py) to assets/slide/, about two minutes of CPU."""

from __future__ import annotations

import pathlib
import sys
import zlib

ROOT = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT.parent))   # run from a checkout: the game package sits beside assets/

from game.bots.slide_tables import PATTERNS, build_table, table_name  # noqa: E402


def main() -> None:
    out = ROOT / "slide"
    out.mkdir(exist_ok=True)
    for (height, width), patterns in PATTERNS.items():
        for pattern in patterns:
            data = zlib.compress(build_table(height, width, pattern), 9)
            target = out / table_name(height, width, pattern)
            target.write_bytes(data)
            print(f"{target.name}: {len(data):,} bytes")


if __name__ == "__main__":
    main()
