"""Bench `gridfall calibrate` against hidden players that are not personas: do pass rates predicted from 20 of their games come out right?

Run: `.venv/bin/python bench/calibrate.py [--train-games 20] [--games 1000] [--kinds careful careless strong]`.

Three hidden players, none of them a persona of the fitted family (the notice model over a
weighted sum of what one move clears and, with sight, of what it takes as a whole as the tiles
really fall, a liked colour among the weights, looking past its best few moves on an imagined
refill or, with foresight, on the tiles that really fall, and now and then the game's hint's
move):
- careful: looks two moves ahead on the board its first move really leaves, and likes one
  colour (kind 1) twice as much as the others. Since personas can foresee and like a colour it is
  near the family, but not in it: it never misses a move (a persona's notice is at most 0.99 and
  its misses are what the fit measures), a liked tile that a goal wants counts thrice, not more,
  its look is 0.8 (the fit tries 0.75 and 1), it plays a winning move at once and counts a lost
  game -50 (a persona: 1000 and 0), and on a chain board it weighs neither the steps to a reach
  goal nor ending on it (a persona always values ending there);
- careless: a third of its moves are any legal move at all, the rest the move that clears the
  most tiles, blind to goals and specials (no persona misses that way: a persona that misses
  plays the best move it noticed, rarely a random one);
- strong: the lab's strong bot of the mode (greedy or chain: looks ahead and sees the spawns).
  A persona with sight reads a move's whole outcome as it does, but weighs it by the persona's
  sum (tiles, wanted tiles, specials, blocker layers), not by the goals' progress and score;
  and looks past its best four by that worth, not five by the outcome, with the follow-up's own
  clear only and no discount.
The shipped match3 and chain levels are split in two by a fixed rule: 30 held-out levels (both
modes, with and without blockers) and the rest for training. Each hidden player plays
--train-games games on the training levels; `calibrate` fits a persona to them; then the
hidden player, the fitted persona and the default persona each play --games games of every
held-out level, and the bench prints each one's pass rate and the mean absolute error of the
fitted and the default persona, per hidden kind (the issue's goal: fitted within 5 points on
average, and at most half the default's error). It also prints the CPU time of calibrating on
100 games (goal: at most 60 CPU-s). Prints, never asserts.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.bots import make_bot  # noqa: E402
from game.bots.base import BotRandom, play_game  # noqa: E402
from game.bots.calibrate import Game, calibrate  # noqa: E402
from game.bots.persona import DEFAULT_PERSONA, Persona  # noqa: E402
from game.bots.person import person_bot  # noqa: E402
from game.bots.playtest import BEST_FOR_MODE  # noqa: E402
from game.core import Chain, Command, Level, Mode, State, Status, Swap, legal_commands, play, swap_look  # noqa: E402
from game.io import find_pack  # noqa: E402

HELD_OUT = 30
# The careful player's second look covers only its best few first moves (as a person would).
CAREFUL_WIDTH = 4
CARELESS_RANDOM = 1 / 3


def _clears(state: State, command: Command, liked: int | None, goals: bool = True) -> float:
    """What one move clears (or eats), a liked kind counting twice, wanted kinds thrice (with
    `goals`; a player blind to goals counts every tile once)."""
    wanted = {k for k, n in state.level.goals.collect if n > state.collected_of(k)} if goals else set()
    if isinstance(command, Swap):
        look = swap_look(state, command)
        kinds = list(enumerate(look.by_kind))
    elif isinstance(command, Chain):
        eaten = command.path[1:] if state.player is not None else command.path
        counts: dict[int, int] = {}
        for cell in eaten:
            counts[state.at(cell)] = counts.get(state.at(cell), 0) + 1
        kinds = list(counts.items())
    else:
        return 0.0
    worth = 0.0
    for kind, n in kinds:
        worth += n * (3.0 if kind in wanted else 2.0 if kind == liked else 1.0)
    return worth


def _options(state: State) -> list[Command]:
    return [c for c in legal_commands(state) if isinstance(c, (Swap, Chain))]


class CarefulPlayer:
    """Two moves ahead on the real board its move leaves; likes kind 1."""

    name = "careful"

    def __init__(self, seed: int) -> None:
        self.rng = BotRandom(seed)

    def choose(self, state: State) -> Command:
        options = _options(state) or legal_commands(state)
        first = sorted(options, key=lambda c: -_clears(state, c, 1) - self.rng.random() * 1e-3)
        best, best_worth = first[0], float("-inf")
        for command in first[:CAREFUL_WIDTH]:
            after = play(state, command)[1]
            if after.status == Status.WON:
                return command
            follow = max((_clears(after, c, 1) for c in _options(after)), default=0.0) \
                if after.status == Status.PLAYING else -50.0
            worth = _clears(state, command, 1) + 0.8 * follow
            if worth > best_worth:
                best, best_worth = command, worth
        return best


class CarelessPlayer:
    """A third of its moves are any move; the rest clear the most tiles, goals unseen."""

    name = "careless"

    def __init__(self, seed: int) -> None:
        self.rng = BotRandom(seed)

    def choose(self, state: State) -> Command:
        options = _options(state) or legal_commands(state)
        if self.rng.random() < CARELESS_RANDOM:
            return options[self.rng.randrange(len(options))]
        return max(options, key=lambda c: _clears(state, c, None, goals=False) + self.rng.random() * 1e-3)


def hidden_player(kind: str, level: Level, seed: int) -> object:
    if kind == "careful":
        return CarefulPlayer(seed)
    if kind == "careless":
        return CarelessPlayer(seed)
    return make_bot(BEST_FOR_MODE[level.mode], level, seed)


def _won(level: Level, seed: int, player: object) -> bool:
    return play_game(level, seed, player).state.status == Status.WON  # type: ignore[arg-type]


def pass_rate(args: tuple[str, Level, int, Persona | None]) -> float:
    """Games of one level by a hidden kind (persona None) or a persona."""
    kind, level, games, persona = args
    wins = 0
    for seed in range(games):
        player = person_bot(level.mode, seed, persona) if persona is not None else hidden_player(kind, level, seed + 10_000)
        wins += _won(level, 50_000 + seed, player)
    return wins / games


def split_levels() -> tuple[list[Level], list[Level]]:
    """(training, held-out): the shipped match3 and chain levels, every level whose place in
    id order is not a multiple of 5 held out, until there are HELD_OUT of them."""
    levels = sorted((lv for pack in ("first-steps", "sweet-mechanics") for lv in find_pack(pack).levels
                     if lv.mode != Mode.SLIDE), key=lambda lv: lv.id)
    held = [lv for i, lv in enumerate(levels) if i % 5 != 0][:HELD_OUT]
    held_ids = {lv.id for lv in held}
    return [lv for lv in levels if lv.id not in held_ids], held


def training_games(kind: str, levels: Sequence[Level], count: int, first: int = 0) -> list[Game]:
    games = []
    for n in range(first, first + count):
        level, seed = levels[n % len(levels)], 7_000 + n
        session = play_game(level, seed, hidden_player(kind, level, seed))  # type: ignore[arg-type]
        games.append(Game(level, seed, session))
    return games


def _cpu() -> float:
    t = os.times()
    return t.user + t.system


def _map(pool: ProcessPoolExecutor | None, fn: Callable[[tuple[str, Level, int, Persona | None]], float],
         jobs: list[tuple[str, Level, int, Persona | None]]) -> list[float]:
    return list(pool.map(fn, jobs)) if pool is not None else [fn(j) for j in jobs]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--train-games", type=int, default=20)
    parser.add_argument("--games", type=int, default=1000, help="games per held-out level and player")
    parser.add_argument("--kinds", nargs="+", default=["careful", "careless", "strong"])
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--cost-games", type=int, default=100, help="games for the CPU-time figure (0: skip)")
    args = parser.parse_args()
    training, held = split_levels()
    print(f"{len(training)} training levels, {len(held)} held-out "
          f"({sum(lv.mode == Mode.CHAIN for lv in held)} chain, "
          f"{sum(lv.has_blockers for lv in held)} with blockers)")
    pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    try:
        if args.cost_games:
            games = training_games("careful", training, args.cost_games, first=1_000)
            start = _cpu()
            calibrate(games)
            print(f"calibrating on {args.cost_games} games: {_cpu() - start:.1f} CPU-s (goal <= 60)")
        for kind in args.kinds:
            start = _cpu()
            fit = calibrate(training_games(kind, training, args.train_games))
            spent = _cpu() - start
            p = fit.persona
            print(f"\n{kind}: fitted on {fit.games} games, {fit.moves} moves in {spent:.1f} CPU-s: "
                  f"log-lik/move {fit.log_likelihood:.3f} (default {fit.default_log_likelihood:.3f}), "
                  f"top-1 {100 * fit.top1:.0f}% (default {100 * fit.default_top1:.0f}%)")
            print("  persona: " + ", ".join(f"{k} {v:g}" for k, v in p.numbers().items()))
            truth = _map(pool, pass_rate, [(kind, lv, args.games, None) for lv in held])
            fitted = _map(pool, pass_rate, [(kind, lv, args.games, p) for lv in held])
            default = _map(pool, pass_rate, [(kind, lv, args.games, DEFAULT_PERSONA) for lv in held])
            print(f"  {'level':<20} {'hidden':>7} {'fitted':>7} {'default':>7}")
            for lv, t, f, d in zip(held, truth, fitted, default):
                print(f"  {lv.id[:20]:<20} {100 * t:>6.1f}% {100 * f:>6.1f}% {100 * d:>6.1f}%")
            mae_f = sum(abs(f - t) for f, t in zip(fitted, truth)) / len(held)
            mae_d = sum(abs(d - t) for d, t in zip(default, truth)) / len(held)
            print(f"  mean absolute error: fitted {100 * mae_f:.1f} points, default {100 * mae_d:.1f} points "
                  f"(goal: fitted <= 5 and <= half the default's {100 * mae_d / 2:.1f})")
    finally:
        if pool is not None:
            pool.shutdown()


if __name__ == "__main__":
    main()
