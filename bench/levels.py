"""How long checking level files takes: every shipped pack, and a generated pack of 1,000 levels."""

from __future__ import annotations

import pathlib
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # levelgen: the generated levels the tests use too

from game.core import new_game, parse_level  # noqa: E402
from levelgen import generated_level  # noqa: E402
from game.io.levels import check_level_file  # noqa: E402
from game.io.packs import Pack, pack_paths, load_pack, save_pack  # noqa: E402
from game.io.paths import levels_dir  # noqa: E402
from game.io.yamldoc import parse, read_text  # noqa: E402


def timed(fn, repeat: int = 3):  # type: ignore[no-untyped-def]
    """The best of `repeat` runs (seconds) and the last result."""
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    return best, result


def row(label: str, seconds: float, levels: int) -> None:
    per = seconds * 1000 / max(levels, 1)
    print(f"  {label:<48} {levels:>5} levels  {seconds * 1000:>9.1f} ms total  {per:>7.3f} ms/level")


def main() -> None:
    print("shipped packs (levels/):")
    shipped = pack_paths(levels_dir())
    if not shipped:
        print("  (none yet)")
    total_levels, total_time = 0, 0.0
    for path in shipped:
        seconds, pack = timed(lambda: load_pack(path))
        row(f"{path.name} (load_pack, all checks)", seconds, len(pack.levels))
        total_levels += len(pack.levels)
        total_time += seconds
    if shipped:
        row("all shipped", total_time, total_levels)

    print("generated pack of 1,000 levels (match3, chain, slide in turn):")
    levels = tuple(generated_level(n) for n in range(1000))
    pack = Pack(id="bench", name="Bench", author="bench", version="1", levels=levels)
    with tempfile.TemporaryDirectory() as tmp:
        folder = pathlib.Path(tmp) / "bench"
        one_file = pathlib.Path(tmp) / "bench.pack.yaml"
        save_pack(pack, folder)
        save_pack(pack, one_file)
        print(f"  one-file size: {one_file.stat().st_size:,} bytes")
        seconds, _ = timed(lambda: load_pack(one_file))
        row("one-file pack (load_pack, all checks)", seconds, 1000)
        seconds, _ = timed(lambda: load_pack(folder))
        row("pack folder (load_pack, all checks)", seconds, 1000)
        seconds, _ = timed(lambda: parse(read_text(one_file)))
        row("of which: YAML reading with marks", seconds, 1000)
        dicts = [level.to_dict() for level in levels]
        seconds, _ = timed(lambda: [parse_level(d) for d in dicts])
        row("of which: core field checks (parse_level)", seconds, 1000)
        seconds, _ = timed(lambda: [new_game(level, level.seed or 0) for level in levels])
        row("of which: playability, a first deal (new_game)", seconds, 1000)
        files = sorted(folder.glob("gen-*.yaml"))
        seconds, _ = timed(lambda: [check_level_file(f) for f in files])
        row("level files one by one (check_level_file)", seconds, 1000)


if __name__ == "__main__":
    main()
