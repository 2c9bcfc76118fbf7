"""Bench the slide hint: its plans against the fewest slides, and a year of slide dailies played by following it.

Run: `nice -n 10 .venv/bin/python bench/slide_hint.py [--boards N] [--year YYYY]` (about a minute).

- 4x4: Korf's 100 15-puzzles (bench/korf100.txt, each with its published optimal length).
- 3x4 and 4x3: random solvable boards (a fixed seed), against exact solutions found here by A*
  over the same pattern tables (weight 1).
- The baseline, measured in the same run: the row-by-row reduction (slide_solver.solve), which
  was the hint on these sizes before.
- A year of slide dailies: following the hint from the deal to the end, won or lost, and its
  slides against the day's fewest.
Prints the plan's ratio to the fewest slides (mean, max) and the CPU seconds per plan (median,
95th percentile, max). Never asserts.
"""

from __future__ import annotations

import argparse
import datetime
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.bots import SlideBot, play_game, solve  # noqa: E402
from game.bots.daily import daily_puzzle  # noqa: E402
from game.bots.slide_plan import SlidePlanner, _turned, weighted_search  # noqa: E402
from game.bots.slide_tables import flat  # noqa: E402
from game.core import Grid, Mode, Slide, Status, slide_solvable, slide_sources, solved_slide  # noqa: E402

KORF = Path(__file__).resolve().parent / "korf100.txt"


def korf100() -> list[tuple[Grid, int]]:
    """Korf's boards for the game's goal (half a turn, t -> 16 - t), with their optimal lengths."""
    out = []
    for line in KORF.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        _, length, *cells = map(int, line.split())
        turned = [(16 - t) % 16 for t in reversed(cells)]
        out.append((tuple(tuple(turned[r * 4:(r + 1) * 4]) for r in range(4)), length))
    return out


def random_boards(h: int, w: int, count: int, rng: random.Random) -> list[Grid]:
    out: list[Grid] = []
    while len(out) < count:
        tiles = list(range(h * w))
        rng.shuffle(tiles)
        grid = tuple(tuple(tiles[r * w:(r + 1) * w]) for r in range(h))
        if slide_solvable(grid) and grid != solved_slide(h, w):
            out.append(grid)
    return out


def solves(grid: Grid, plan: list[Slide]) -> bool:
    """Whether every slide is legal and the last leaves the board solved."""
    h, w = len(grid), len(grid[0])
    board = [list(row) for row in grid]
    gap = next((r, c) for r in range(h) for c in range(w) if board[r][c] == 0)
    for move in plan:
        if move.cell not in slide_sources(gap, h, w):
            return False
        (r, c), (gr, gc) = move.cell, gap
        board[gr][gc], board[r][c] = board[r][c], 0
        gap = move.cell
    return tuple(map(tuple, board)) == solved_slide(h, w)


def exact(planner: SlidePlanner, grid: Grid) -> int:
    """The fewest slides, by A* at weight 1 over the pattern tables (3x4 and 4x3 only)."""
    h, w = len(grid), len(grid[0])
    board = grid if (h, w) == (3, 4) else _turned(grid)
    moves = weighted_search(flat(board), planner.tables(3, 4), (1, 1), 10 ** 8)
    assert moves is not None
    return len(moves)


def line(name: str, ratios: list[float], cpu: list[float] | None = None) -> str:
    text = f"  {name:<28} ratio to fewest: mean {statistics.fmean(ratios):.3f}x, max {max(ratios):.3f}x"
    if cpu:
        cpu = sorted(cpu)
        p95 = cpu[min(len(cpu) - 1, round(0.95 * (len(cpu) - 1)))]
        text += (f";  CPU per plan: median {statistics.median(cpu) * 1000:.1f} ms, "
                 f"p95 {p95 * 1000:.0f} ms, max {cpu[-1] * 1000:.0f} ms")
    return text


def bench_boards(title: str, boards: list[tuple[Grid, int]], planner: SlidePlanner) -> None:
    print(title)
    ratios, cpu, old = [], [], []
    for grid, fewest in boards:
        start = time.process_time()
        plan = planner.plan(grid)
        cpu.append(time.process_time() - start)
        if not solves(grid, plan):
            print(f"  !! the hint's plan does not solve {grid}")
        ratios.append(len(plan) / fewest)
        old.append(len(solve(grid)) / fewest)
    print(line("hint (weighted A*)", ratios, cpu))
    print(line("row by row (the old hint)", old))


def bench_dailies(year: int) -> None:
    print(f"Slide dailies of {year}, following the hint from the deal:")
    won: dict[str, list[int]] = {}
    ratios: dict[str, list[float]] = {}
    day = datetime.date(year, 1, 1)
    while day.year == year:
        puzzle = daily_puzzle(day, Mode.SLIDE)
        level = puzzle.level
        size = f"{level.height}x{level.width}"
        session = play_game(level, puzzle.seed, SlideBot())
        won.setdefault(size, [0, 0])
        won[size][0] += session.state.status == Status.WON
        won[size][1] += 1
        ratios.setdefault(size, []).append(len(session.commands) / len(puzzle.proof))
        day += datetime.timedelta(days=1)
    for size in sorted(won):
        w, n = won[size]
        print(f"  {size}: wins {w} of {n};  slides / fewest: mean {statistics.fmean(ratios[size]):.3f}x, "
              f"max {max(ratios[size]):.3f}x (a daily allows 2x + 10)")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--boards", type=int, default=100, help="random 3x4 and 4x3 boards (100)")
    parser.add_argument("--year", type=int, default=2026)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    planner = SlidePlanner()
    start = time.process_time()
    planner.tables(4, 4)
    planner.tables(3, 4)
    print(f"pattern tables read in {(time.process_time() - start) * 1000:.0f} ms CPU")
    bench_boards("4x4, Korf's 100 (published optimal lengths):", korf100(), planner)
    rng = random.Random(args.seed)
    for h, w in ((3, 4), (4, 3)):
        boards = random_boards(h, w, args.boards, rng)
        bench_boards(f"{h}x{w}, {args.boards} random boards (exact lengths by A* here):",
                     [(g, exact(planner, g)) for g in boards], planner)
    big = random_boards(5, 5, 20, rng) + random_boards(8, 8, 5, rng)
    start = time.process_time()
    for grid in big:
        planner.plan(grid)
    print(f"5x5 and 8x8 (row by row, as before): {(time.process_time() - start) / len(big) * 1000:.1f} ms "
          "CPU a plan on average")
    bench_dailies(args.year)


if __name__ == "__main__":
    main()
