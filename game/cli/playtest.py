"""`gridfall playtest LEVEL|PACK`: how hard each level is, from many person-like bot games."""

from __future__ import annotations

import argparse
import datetime
import json
import os
import pathlib
import sys
from typing import Any, Callable

from game.cli.output import safe

LABEL_HELP = ("labels by the pass rate: easy >= 80%, medium >= 50%, hard >= 20%, "
              "very hard >= 5%, unfair under 5%")


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "playtest", help="play each level many times with a bot and report how hard it is",
        description="Play every level of a level file or pack many times (one seed a game) and "
                    "report its pass rate with a 95%% Wilson interval, the moves players need, "
                    f"star and reshuffle rates, and a difficulty label ({LABEL_HELP}).")
    parser.add_argument("path", metavar="LEVEL_OR_PACK", help="a level file, a pack folder or a NAME.pack.yaml")
    parser.add_argument("--games", type=int, default=None, help="games per level (default 1000)")
    parser.add_argument("--bot", default="person",
                        help="person (plays from what a player sees; the default), or a stronger "
                             "bot that may see the future: greedy, chain, slide, fair, random")
    parser.add_argument("--workers", type=int, default=None,
                        help="processes to play on (default: every core); the results are the "
                             "same for any number")
    parser.add_argument("--first-seed", type=int, default=0, help="the first seed (default 0)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--suggest", type=float, default=None, metavar="RATE",
                        help="also find the move limit whose pass rate is nearest RATE (0..1)")
    parser.add_argument("--write", action="store_true",
                        help="store the results beside the pack (playtest.yaml) for the game to show")
    parser.set_defaults(run=run)


def _bar(total: int) -> tuple[Callable[[int], None] | None, Callable[[], None]]:
    """A progress bar on a terminal (stderr), none when piped."""
    if not sys.stderr.isatty():
        return None, lambda: None
    from tqdm import tqdm

    bar = tqdm(total=total, unit="game", file=sys.stderr, leave=False)

    def tick(games: int) -> None:
        bar.update(games)

    return tick, bar.close


def _table(rows: list[dict[str, Any]], suggested: dict[str, int | None]) -> str:
    head = f"{'level':<22} {'pass':>6} {'95% interval':>15} {'tries':>6} {'moves':>9} {'3*':>5} {'label':<10}"
    lines = [head, "-" * len(head)]
    for r in rows:
        lo, hi = r["interval"]
        tries = "-" if r["attempts_per_success"] is None else f"{r['attempts_per_success']:.1f}"
        moves = "-" if r["median_moves"] is None else f"{r['median_moves']}/{r['best_moves']}"
        limit = f" of {r['move_limit']}" if r["move_limit"] is not None else ""
        line = (f"{safe(r['level_id'])[:22]:<22} {100 * r['pass_rate']:>5.1f}% "
                f"{100 * lo:>6.1f}-{100 * hi:>5.1f}% {tries:>6} {moves:>9} "
                f"{100 * r['star_rates'][2]:>4.0f}% {r['label']:<10}")
        if r["level_id"] in suggested:
            got = suggested[r["level_id"]]
            line += f"  suggest moves: {got if got is not None else 'n/a'}{limit}"
        lines.append(line)
    lines.append("moves: median of won games / what the best 5% of wins needed; 3*: share with three stars")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    from game.bots import BOT_NAMES
    from game.bots.playtest import DEFAULT_GAMES, play_many, report, suggest_moves
    from game.io import LevelFileError, is_pack_path, load_level, load_pack

    games = DEFAULT_GAMES if args.games is None else args.games
    if games < 1:
        print("gridfall playtest: --games must be at least 1", file=sys.stderr)
        return 2
    if args.bot not in BOT_NAMES or args.bot == "auto":
        print(f"gridfall playtest: unknown bot {safe(args.bot)!r}", file=sys.stderr)
        return 2
    if args.suggest is not None and not 0 < args.suggest < 1:
        print("gridfall playtest: --suggest takes a pass rate between 0 and 1, like 0.6", file=sys.stderr)
        return 2
    workers = args.workers or os.cpu_count() or 1
    path = pathlib.Path(args.path)
    try:
        pack = load_pack(path) if is_pack_path(path) else None
        levels = list(pack.levels) if pack is not None else [load_level(path)]
    except LevelFileError as exc:
        for problem in exc.problems:
            print(safe(problem), file=sys.stderr)
        return 1
    if args.write and pack is None:
        print("gridfall playtest: --write stores results beside a pack; give a pack", file=sys.stderr)
        return 2
    seeds = list(range(args.first_seed, args.first_seed + games))
    rounds = len(levels) * (2 if args.suggest is not None else 1)
    tick, close = _bar(games * rounds)
    rows: list[dict[str, Any]] = []
    suggested: dict[str, int | None] = {}
    try:
        for level in levels:
            try:
                records = play_many(level, seeds, args.bot, workers, tick)
            except ValueError as exc:   # a bot that does not play this mode
                print(f"gridfall playtest: {safe(level.id)}: {safe(exc)}", file=sys.stderr)
                return 2
            rows.append(report(level, records, args.bot).to_dict())
            if args.suggest is not None:
                suggested[level.id] = suggest_moves(level, args.suggest, seeds, args.bot, workers, tick)
    finally:
        close()
    if args.suggest is not None:
        for row in rows:
            row["suggested_moves"] = suggested.get(row["level_id"])
    if args.json:
        print(json.dumps({"bot": args.bot, "games": games, "first_seed": args.first_seed,
                          "levels": rows}, indent=2))
    else:
        print(_table(rows, suggested))
        undealt = sum(r["undealt"] for r in rows)
        if undealt:
            print(f"{undealt} game(s) could not be dealt from their seed (left out of the rates)")
    if args.write and pack is not None:
        from game.io.playtest_file import write_results

        try:
            where = write_results(pack, args.bot, games, datetime.date.today().isoformat(),
                                  {r["level_id"]: r for r in rows})
        except (OSError, ValueError) as exc:
            print(f"gridfall playtest: could not store the results: {safe(exc)}", file=sys.stderr)
            return 1
        print(f"stored the results in {safe(where)}", file=sys.stderr)
    return 0
