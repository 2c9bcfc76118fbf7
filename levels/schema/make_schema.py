"""Write level.schema.json beside this script from the core's table of level fields and its units (run: python levels/schema/make_schema.py; --check only says whether it is up to date)."""

from __future__ import annotations

import argparse
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))   # this checkout's game, whatever else is installed

from game.io.atomic import atomic_write_text  # noqa: E402
from game.io.level_schema import level_schema_text  # noqa: E402

OUT = pathlib.Path(__file__).resolve().parent / "level.schema.json"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 when the file is out of date")
    args = parser.parse_args(argv)
    text = level_schema_text()
    current = OUT.read_text(encoding="utf-8") if OUT.exists() else None
    if args.check:
        print(f"{OUT.name}: {'up to date' if current == text else 'out of date: run python levels/schema/make_schema.py'}")
        return 0 if current == text else 1
    if current != text:
        atomic_write_text(OUT, text)
    print(f"{OUT.name}: {'written' if current != text else 'unchanged'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
