"""Frame time (update + draw) of the real PlayView while the heaviest event batches play, headless.

Run: .venv/bin/python bench/render.py   (1280x800, ARCADE_HEADLESS; prints p50 and p95 per case)
Each case is also shown as a ratio to a still board's frame time measured in the same run; each
is played --repeat times and the quietest run kept (the machine is shared).
"""

from __future__ import annotations

import argparse
import os
import pathlib
import statistics
import sys
import time
from typing import Any

os.environ.setdefault("ARCADE_HEADLESS", "1")   # before anything imports arcade
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from game.core import Cleared, Command, Level, PlayerMoved, Session, Swap, legal_commands  # noqa: E402
from game.io.settings import Settings  # noqa: E402
import game.ui  # noqa: E402,F401  (prepares arcade, headless: set above)
import arcade  # noqa: E402

from game.ui.play_view import PlayView  # noqa: E402

DT = 1 / 60
BUDGET_MS = 1000 / 60


def match3_level(size: int) -> Level:
    # Few kinds make long cascades: the heaviest batches a board of this size can produce.
    return Level.from_dict({"format": 1, "id": f"bench-m{size}", "name": f"Cascade {size}x{size}",
                            "mode": "match3", "width": size, "height": size, "kinds": 4,
                            "moves": 99, "goals": {"score": 999999}})


def chain_level(size: int) -> Level:
    rows = [["."] * size for _ in range(size)]
    rows[size - 1][size // 2] = "P"
    return Level.from_dict({"format": 1, "id": f"bench-c{size}", "name": f"Walk {size}x{size}",
                            "mode": "chain", "width": size, "height": size, "kinds": 3,
                            "moves": 99, "layout": [" ".join(r) for r in rows],
                            "goals": {"score": 999999}})


def specials_level(size: int) -> Level:
    # A rainbow beside a bomb mid-board, line specials round them: their swaps are the biggest effects.
    rows = [["."] * size for _ in range(size)]
    m = size // 2
    rows[m][m], rows[m][m + 1] = "*", "1b"
    rows[m - 2][m], rows[m + 2][m] = "2h", "3v"
    return Level.from_dict({"format": 1, "id": f"bench-s{size}", "name": f"Specials {size}x{size}",
                            "mode": "match3", "width": size, "height": size, "kinds": 5,
                            "moves": 99, "layout": [" ".join(r) for r in rows], "goals": {"score": 999999}})


def blockers_level(size: int) -> Level:
    # Jelly under every cell, stones and locks scattered: every layer has sprites to draw and animate.
    rows = [["."] * size for _ in range(size)]
    for r in range(1, size - 1, 3):
        for c in range(0, size, 3):
            rows[r][c] = "S3"
            rows[r + 1][(c + 1) % size] = ".L"
    rows[0][size // 2] = "D"
    return Level.from_dict({"format": 1, "id": f"bench-b{size}", "name": f"Blockers {size}x{size}",
                            "mode": "match3", "width": size, "height": size, "kinds": 4, "moves": 99,
                            "layout": [" ".join(r) for r in rows],
                            "jelly": [" ".join("0" if v.startswith("S") else "2" for v in r) for r in rows],
                            "goals": {"score": 999999, "drops": 1}})


def heaviest(level: Level, seeds: range, tries: int) -> tuple[int, Command, int]:
    """(seed, command, weight) of the batch with the most clear steps (or walk steps)."""
    best: tuple[int, Command, int] | None = None
    for seed in seeds:
        session = Session(level, seed)
        for command in legal_commands(session.state)[:tries]:
            events = Session(level, seed).play(command)
            weight = sum(1 for e in events if isinstance(e, (Cleared, PlayerMoved)))
            if best is None or weight > best[2]:
                best = (seed, command, weight)
    assert best is not None
    return best


def frame(window: Any, view: PlayView) -> float:
    start = time.perf_counter()
    view.on_update(DT)
    view.on_draw()
    window.ctx.finish()        # wait for the GPU (llvmpipe): count the drawing, not just its queueing
    return (time.perf_counter() - start) * 1000


def run_case(window: Any, level: Level, seed: int, command: Command) -> list[float]:
    view = PlayView(level, seed=seed, settings=Settings(animation_speed="normal"))
    window.show_view(view)
    for _ in range(5):
        frame(window, view)                     # warm up: textures into the atlas
    assert view.submit(command), f"the bench's move {command} was refused"
    times = []
    while view.busy:
        times.append(frame(window, view))
    for _ in range(30):                          # pop-ups and sparks that outlive the batch
        times.append(frame(window, view))
    return times


def still(window: Any, level: Level, seed: int) -> list[float]:
    view = PlayView(level, seed=seed, settings=Settings(animation_speed="normal"))
    window.show_view(view)
    for _ in range(5):
        frame(window, view)
    return [frame(window, view) for _ in range(60)]


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=6, help="seeds searched for the heaviest batch")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each case (the quietest is kept)")
    parser.add_argument("--msaa", action="store_true",
                        help="a window with 4x multisampling (the game's window has none: "
                             "on llvmpipe it fills 4x the samples)")
    args = parser.parse_args(argv)
    window = arcade.Window(1280, 800, "Gridfall render bench", visible=False,
                           antialiasing=args.msaa)
    m9, m16, c9 = match3_level(9), match3_level(16), chain_level(9)
    load = os.getloadavg()[0]
    print(f"1280x800, {'4x ' if args.msaa else 'no '}multisampling (as the game's window), load average {load:.1f} "
          f"on {os.cpu_count()} cores (other work on the machine slows every frame)")
    base = min(statistics.median(still(window, m9, 1)) for _ in range(args.repeat))
    print(f"still 9x9 board: p50 {base:.2f} ms (the baseline)")
    s9 = specials_level(9)
    m = 9 // 2
    cases: list[tuple[str, Level, int, Command | None]] = [
        ("cascade 9x9", m9, 40, None), ("cascade 16x16", m16, 25, None), ("chain walk 9x9", c9, 12, None),
        # A rainbow with a plain tile (its rays), a rainbow with a bomb (the combo: the whole board).
        ("rainbow 9x9", s9, 0, Swap((m, m), (m - 1, m))), ("combo 9x9", s9, 0, Swap((m, m), (m, m + 1))),
        ("blockers 9x9", blockers_level(9), 40, None)]
    worst9 = 0.0
    for name, level, tries, fixed in cases:
        if fixed is None:
            seed, command, weight = heaviest(level, range(1, args.seeds + 1), tries)
        else:
            seed, command = 1, fixed
            weight = sum(1 for e in Session(level, seed).play(command) if isinstance(e, Cleared))
        # Other processes share the cores: play the batch a few times and keep the quietest run,
        # listing every run's p95 so the noise is on the page too.
        runs = [run_case(window, level, seed, command) for _ in range(args.repeat)]
        times = min(runs, key=lambda t: pct(t, 95))
        p50, p95 = pct(times, 50), pct(times, 95)
        if "9x9" in name:
            worst9 = max(worst9, p95)
        every = ", ".join(f"{pct(t, 95):.1f}" for t in runs)
        print(f"{name:15s} ({weight:2d} steps, {len(times):3d} frames): p50 {p50:6.2f} ms  "
              f"p95 {p95:6.2f} ms  max {max(times):6.2f} ms  p95/still {p95 / base:5.2f}x  "
              f"(p95 of each run: {every})")
    verdict = "meets" if worst9 < BUDGET_MS else "misses"
    print(f"9x9 p95 {worst9:.2f} ms {verdict} the {BUDGET_MS:.1f} ms goal")
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
