"""Bench the match3 board core against the fastbits yardstick and the luxe tutorial, in one run.

Run: `make bench` (or `.venv/bin/python bench/core.py [--quick] [--ratios-only]`).

First, the ratios of issue 35: a random-legal-move bot in 30-move games with 6 kinds, a new
deal each game, on the core (new_game, legal_commands, then play: the move's events and the
new state, as the bots play) and on the yardstick, bench/fastbits.py (a packed-nibble engine,
the whole board in one int, no events): a copy of shared/perf/fastbits.py, unchanged, kept here
so a clean checkout runs the bench. Boards: plain 9x9, plain 20x20 and a 9x9 board with jelly,
stones and locks. The two sides take turns, round after round, in this one process, timed with
its CPU clock; each figure is the median of the rounds' moves per CPU-second (the protocol of
shared/perf/README.md). Goals: core/fastbits >= 0.5 on the plain boards, >= 0.35 with blockers.

Then the older comparison against the luxe tutorial's nested-loop port:

For 9x9 and 20x20 boards with 6 kinds it times, on the same boards and seeds for both sides:
  - legal-swap enumeration (core: legal_commands; baseline: try every swap, rescan the board),
  - one swap and its cascade (core: decide + fold; baseline: swap, process_matches,
    has_valid_moves),
  - a bot that plays random legal moves in 30-move games (core: legal_commands, then
    decide + fold; baseline: valid_moves then complete_swap), dealing a new board for each
    game on both sides (core: new_game; baseline: reset_grid).
Each figure is the median over repeats after a warm-up, in CPU seconds of this process; the
two sides take turns repeat after repeat. The ratio is how many times faster the core is.
The core's enumeration and swap figures start from states with no cached bitboard (as a
state that nobody has asked yet). The bars from issue 2: bot ratio >= 50x on 9x9 and
>= 500x on 20x20.

The baseline knows no special tiles, so those rows play levels with `specials: false`. The
"+specials" rows then time the core alone on the same size with specials on and four specials
placed on the board, against the plain core in the baseline column: their ratio is what
specials cost per move. The "+blockers" rows do the same for a board with specials and
blockers (stones, locked tiles and jelly), which plays by the slower blocker rules.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fastbits import FastBoard  # noqa: E402
from luxe_baseline import LuxeGrid  # noqa: E402

from game.core import Level, State, Swap, decide, fold, legal_commands, new_game, play  # noqa: E402

KINDS = 6
# CPU time of this process: other programs on the machine (six helpers share two cores here)
# then slow neither side's figures, so the ratios measured in one run stay comparable.
CLOCK = time.process_time
GAME_MOVES = 30
BARS = {9: 50.0, 20: 500.0}


@dataclass(frozen=True)
class Plan:
    """How much to time for one board size (the baseline is slow, so it gets fewer samples)."""

    size: int
    boards: int          # boards for the enumeration and swap timings, core side
    base_boards: int     # ... baseline side (a prefix of the same boards)
    games: int           # bot games, core side
    base_games: int      # bot games, baseline side (a prefix of the same seeds)
    repeats: int


PLANS = {
    9: Plan(9, boards=300, base_boards=30, games=60, base_games=3, repeats=15),
    20: Plan(20, boards=100, base_boards=6, games=20, base_games=1, repeats=9),
}
QUICK = {
    9: Plan(9, boards=50, base_boards=5, games=10, base_games=1, repeats=3),
    20: Plan(20, boards=20, base_boards=1, games=4, base_games=1, repeats=3),
}


def bench_level(size: int, specials: bool = False, blockers: bool = False) -> Level:
    data: dict[str, object] = {
        "format": 1, "id": f"bench-{size}", "name": f"Bench {size}x{size}", "mode": "match3",
        "width": size, "height": size, "kinds": KINDS, "rules": {"specials": specials},
    }
    if specials:
        cells = [["."] * size for _ in range(size)]
        cells[1][1], cells[1][size - 2], cells[size - 2][1], cells[size - 2][size - 2] = "1h", "2v", "3b", "*"
        if blockers:
            # A stone and a locked tile every few cells, jelly under the lower half.
            for r in range(2, size - 2, 3):
                for c in range(0, size, 4):
                    cells[r][c] = "S3" if (r + c) % 2 else ".L"
            data["jelly"] = [" ".join("2" if r >= size // 2 and cells[r][c][0] != "S" else "0"
                                      for c in range(size)) for r in range(size)]
        data["layout"] = [" ".join(row) for row in cells]
    return Level.from_dict(data)


def blocker_level(size: int) -> Level:
    """A size x size board with stones, locked tiles and jelly, no specials (as the yardstick)."""
    cells = [["."] * size for _ in range(size)]
    for r in range(2, size - 2, 3):
        for c in range(0, size, 4):
            cells[r][c] = "S3" if (r + c) % 2 else ".L"
    jelly = [" ".join("2" if r >= size // 2 and cells[r][c][0] != "S" else "0" for c in range(size))
             for r in range(size)]
    return Level.from_dict({
        "format": 1, "id": f"bench-blockers-{size}", "name": f"Bench blockers {size}x{size}",
        "mode": "match3", "width": size, "height": size, "kinds": KINDS,
        "rules": {"specials": False}, "layout": [" ".join(row) for row in cells], "jelly": jelly,
    })


# -- issue 35: the core against fastbits ------------------------------------------------------
RATIO_GOALS = {"plain 9x9": 0.5, "plain 20x20": 0.5, "blockers 9x9": 0.35}


def core_games(level: Level, games: int) -> int:
    """The random bot on the core: the moves it played."""
    played = 0
    for seed in range(games):
        rnd = random.Random(seed)
        state = new_game(level, seed)
        for _ in range(GAME_MOVES):
            legal = legal_commands(state)
            if not legal:
                break
            state = play(state, rnd.choice(legal))[1]
            played += 1
    return played


def reference_games(size: int, kinds: int, games: int, moves: int) -> int:
    """The random bot on fastbits (its README's protocol): a new board each game (generate),
    a random legal swap each move, generate again when no swap is left; the moves played."""
    board = FastBoard(size, size, kinds, seed=size)
    played = 0
    for seed in range(games):
        rnd = random.Random(seed)
        board.generate()
        for _ in range(moves):
            legal = board.valid_moves()
            if not legal:
                board.generate()
                legal = board.valid_moves()
            board.apply(rnd.choice(legal))
            played += 1
    return played


def ratios(rounds: int, quick: bool) -> list[tuple[str, float, float]]:
    """(board, core moves/s, fastbits moves/s) for each board, rounds interleaved."""
    boards = [("plain 9x9", bench_level(9), 9, 40), ("plain 20x20", bench_level(20), 20, 8),
              ("blockers 9x9", blocker_level(9), 9, 40)]
    if quick:
        boards = [(name, level, size, max(2, games // 4)) for name, level, size, games in boards]
    rates: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name, *_ in boards}
    for name, level, size, games in boards:   # warm-up (geometry tables, imports)
        core_games(level, 1)
        reference_games(size, KINDS, 1, GAME_MOVES)
    for _ in range(rounds):
        for name, level, size, games in boards:
            t0 = CLOCK()
            moves = core_games(level, games)
            t1 = CLOCK()
            ref_moves = reference_games(size, KINDS, games, GAME_MOVES)
            t2 = CLOCK()
            rates[name][0].append(moves / (t1 - t0))
            rates[name][1].append(ref_moves / (t2 - t1))
    return [(name, statistics.median(rates[name][0]), statistics.median(rates[name][1]))
            for name, *_ in boards]


def print_ratios(rounds: int, quick: bool) -> list[str]:
    """Print the issue-35 table; the goals missed."""
    missed = []
    print(f"{'board':<13} {'core moves/s':>13} {'fastbits':>10}   core/fastbits (goal)")
    for name, core_rate, ref_rate in ratios(rounds, quick):
        ratio = core_rate / ref_rate
        goal = RATIO_GOALS[name]
        print(f"{name:<13} {core_rate:13.0f} {ref_rate:10.0f}   {ratio:5.2f} (>= {goal}: "
              f"{'met' if ratio >= goal else 'MISSED'})")
        if ratio < goal:
            missed.append(f"{name} {ratio:.2f} < {goal}")
    print(f"(random-legal-move bot, {GAME_MOVES}-move games, {KINDS} kinds; medians of {rounds} "
          f"interleaved rounds, CPU seconds of this process)\n")
    return missed


def fresh(state: State) -> State:
    """A copy of `state` with no derived caches, as fold hands out after a real move."""
    return replace(state)


def luxe_from(state: State, seed: int) -> LuxeGrid:
    return LuxeGrid([list(row) for row in state.grid], KINDS, random.Random(seed))


def paired(core: Callable[[], tuple[int, float]], base: Callable[[], tuple[int, float]],
           repeats: int) -> tuple[float, float]:
    """Median seconds per unit for each side. Each function does its work and returns
    (units done, seconds spent on them), timing only the work itself (set-up copies excluded).
    The two sides take turns, repeat after repeat, so a busy spell on the machine hits both.
    """
    core()
    base()  # warm-up
    core_s: list[float] = []
    base_s: list[float] = []
    for _ in range(repeats):
        units, spent = core()
        core_s.append(spent / units)
        units, spent = base()
        base_s.append(spent / units)
    return statistics.median(core_s), statistics.median(base_s)


# -- enumeration --------------------------------------------------------------------------
def check_same_swaps(states: list[State]) -> None:
    """Both sides must find exactly the same legal swaps, or the comparison means nothing."""
    for i, state in enumerate(states):
        core = {(m.a, m.b) for m in legal_commands(fresh(state)) if isinstance(m, Swap)}
        base = set(luxe_from(state, i).valid_moves())
        if core != base:
            raise SystemExit(f"board {i}: core and baseline disagree on legal swaps:\n"
                             f"core only {sorted(core - base)}\nbaseline only {sorted(base - core)}")


def enum_core(states: list[State]) -> Callable[[], tuple[int, float]]:
    def run() -> tuple[int, float]:
        copies = [fresh(s) for s in states]   # no derived caches: each board is new to it
        t0 = CLOCK()
        for s in copies:
            legal_commands(s)
        return len(copies), CLOCK() - t0
    return run


def enum_base(states: list[State]) -> Callable[[], tuple[int, float]]:
    def run() -> tuple[int, float]:
        grids = [luxe_from(s, i) for i, s in enumerate(states)]
        t0 = CLOCK()
        for g in grids:
            g.valid_moves()
        return len(grids), CLOCK() - t0
    return run


# -- one swap and its cascade --------------------------------------------------------------
def pick_swaps(states: list[State]) -> list[Swap]:
    out: list[Swap] = []
    for i, state in enumerate(states):
        legal = [m for m in legal_commands(fresh(state)) if isinstance(m, Swap)]
        out.append(random.Random(i).choice(legal))
    return out


def swap_core(states: list[State], swaps: list[Swap]) -> Callable[[], tuple[int, float]]:
    def run() -> tuple[int, float]:
        copies = [fresh(s) for s in states]
        t0 = CLOCK()
        for s, m in zip(copies, swaps):
            fold(s, decide(s, m))
        return len(copies), CLOCK() - t0
    return run


def swap_base(states: list[State], swaps: list[Swap]) -> Callable[[], tuple[int, float]]:
    def run() -> tuple[int, float]:
        grids = [luxe_from(s, i) for i, s in enumerate(states)]
        t0 = CLOCK()
        for g, m in zip(grids, swaps):
            (r1, c1), (r2, c2) = m.a, m.b
            g.complete_swap(c1, r1, c2, r2)
        return len(grids), CLOCK() - t0
    return run


# -- the random bot ------------------------------------------------------------------------
def bot_core(level: Level, games: int) -> Callable[[], tuple[int, float]]:
    """core_games timed: play() from the public API, a new_game every GAME_MOVES moves."""
    def run() -> tuple[int, float]:
        t0 = CLOCK()
        moves = core_games(level, games)
        return moves, CLOCK() - t0
    return run


def bot_base(size: int, games: int) -> Callable[[], tuple[int, float]]:
    """valid_moves, then complete_swap, a new reset_grid board every GAME_MOVES moves."""
    def run() -> tuple[int, float]:
        moves = 0
        t0 = CLOCK()
        for seed in range(games):
            rnd = random.Random(seed)
            grid = LuxeGrid.dealt(size, size, KINDS, seed)
            for _ in range(GAME_MOVES):
                legal = grid.valid_moves()
                if not legal:
                    break
                (r1, c1), (r2, c2) = rnd.choice(legal)
                grid.complete_swap(c1, r1, c2, r2)
                moves += 1
        return moves, CLOCK() - t0
    return run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer samples (a smoke run)")
    parser.add_argument("--sizes", type=int, nargs="*", default=[9, 20])
    parser.add_argument("--bot-only", action="store_true", help="time only the bot")
    parser.add_argument("--ratios-only", action="store_true",
                        help="only the core/fastbits ratios of issue 35")
    parser.add_argument("--rounds", type=int, default=0, help="interleaved rounds for the ratios")
    args = parser.parse_args(argv)
    plans = QUICK if args.quick else PLANS
    started = time.perf_counter()
    rows: list[tuple[str, str, float, float, str]] = []
    failed = print_ratios(args.rounds or (3 if args.quick else 9), args.quick)
    if args.ratios_only:
        print("goals missed: " + "; ".join(failed) if failed else "every goal met")
        return 0
    for size in args.sizes:
        plan = plans.get(size) or Plan(size, 50, 2, 6, 1, 3)
        level = bench_level(size)
        states = [new_game(level, seed) for seed in range(plan.boards)]
        base_states = states[:plan.base_boards]
        check_same_swaps(base_states)
        swaps = pick_swaps(states)
        name = f"{size}x{size}"

        if not args.bot_only:
            core_s, base_s = paired(enum_core(states), enum_base(base_states), plan.repeats)
            core_us, base_us = core_s * 1e6, base_s * 1e6
            rows.append((name, "legal swaps (us)", core_us, base_us,
                         f"{base_us / core_us:8.1f}x"))

            core_s, base_s = paired(swap_core(states, swaps),
                                    swap_base(base_states, swaps[:plan.base_boards]),
                                    plan.repeats)
            core_us, base_us = core_s * 1e6, base_s * 1e6
            rows.append((name, "swap+cascade (us)", core_us, base_us,
                         f"{base_us / core_us:8.1f}x"))

        core_s, base_s = paired(bot_core(level, plan.games), bot_base(size, plan.base_games),
                                plan.repeats)
        core_rate, base_rate = 1.0 / core_s, 1.0 / base_s
        ratio = core_rate / base_rate
        bar = BARS.get(size)
        verdict = "" if bar is None else ("  bar %gx: %s" % (bar, "met" if ratio >= bar else "MISSED"))
        if bar is not None and ratio < bar:
            failed.append(f"{name} bot ratio {ratio:.0f}x < {bar:g}x")
        rows.append((name, "bot moves/s", core_rate, base_rate, f"{ratio:8.1f}x{verdict}"))

        # The same size with specials: the core against itself (the plain core as the baseline).
        rich = bench_level(size, specials=True)
        rich_states = [new_game(rich, seed) for seed in range(plan.boards)]
        rich_swaps = pick_swaps(rich_states)
        plain_s, _ = paired(swap_core(states, swaps), swap_core(states, swaps), plan.repeats)
        rich_s, _ = paired(swap_core(rich_states, rich_swaps), swap_core(rich_states, rich_swaps),
                           plan.repeats)
        rows.append((f"{name}+sp", "swap+cascade (us)", rich_s * 1e6, plain_s * 1e6,
                     f"{rich_s / plain_s:8.2f}x the plain core's time"))
        rich_bot, plain_bot = paired(bot_core(rich, plan.games), bot_core(level, plan.games),
                                     plan.repeats)
        rows.append((f"{name}+sp", "bot moves/s", 1.0 / rich_bot, 1.0 / plain_bot,
                     f"{rich_bot / plain_bot:8.2f}x the plain core's time a move"))

        # Specials and blockers: the blocker rules against the plain core, the same way.
        held = bench_level(size, specials=True, blockers=True)
        held_states = [new_game(held, seed) for seed in range(plan.boards)]
        held_swaps = pick_swaps(held_states)
        held_s, _ = paired(swap_core(held_states, held_swaps), swap_core(held_states, held_swaps),
                           plan.repeats)
        rows.append((f"{name}+bl", "swap+cascade (us)", held_s * 1e6, plain_s * 1e6,
                     f"{held_s / plain_s:8.2f}x the plain core's time"))
        held_bot, plain_bot = paired(bot_core(held, plan.games), bot_core(level, plan.games),
                                     plan.repeats)
        rows.append((f"{name}+bl", "bot moves/s", 1.0 / held_bot, 1.0 / plain_bot,
                     f"{held_bot / plain_bot:8.2f}x the plain core's time a move"))

    print(f"{'board':<7} {'measure':<19} {'core':>12} {'baseline':>12}   core/baseline")
    for name, what, core_v, base_v, ratio_text in rows:
        print(f"{name:<7} {what:<19} {core_v:12.1f} {base_v:12.1f}   {ratio_text}")
    print(f"(medians; time ratios are baseline/core, rates core/baseline; "
          f"whole run {time.perf_counter() - started:.0f} s wall)")
    if failed:
        print("bars missed: " + "; ".join(failed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
