"""`gridfall playtest LEVEL|PACK`: how hard each level is, from many person-like bot games."""

from __future__ import annotations

import argparse
import datetime
import importlib.util
import io
import json
import pathlib
import sys
from collections.abc import Sequence
from typing import Any

from game.bots import BOT_NAMES, BotSpec
from game.bots.persona_file import PersonaFileError, is_persona_path, load_persona
from game.bots.farm import ClusterUnavailable, Job, default_workers, play_jobs
from game.bots.playtest import (
    BOT_LABELS,
    DEFAULT_GAMES,
    LABELS,
    PERSON,
    STRONG,
    GameRecord,
    LevelReport,
    cap_for,
    pass_curve,
    report,
)
from game.cli.lessons import course_around, lesson_problems
from game.cli.level_source import levels_at
from game.cli.output import progress_bar, safe
from game.cli.playtest_stars import star_report
from game.core import Level, shorten
from game.io import Pack
from game.io.atomic import atomic_write_bytes
from game.io.playtest_file import PlaytestFileError, read_results, results_path, write_results
from game.io import gate

MAX_GAMES = 100_000      # games a level: a million would take hours and its records gigabytes
MAX_WORKERS = 256
MAX_SEED = (1 << 63) - 1
PLOT_FORMATS = (".png", ".svg", ".pdf")

LABEL_HELP = ", ".join(f"{name} >= {100 * bound:.0f}%" for bound, name in LABELS[:-1]) + \
    f", {LABELS[-1][1]} below"


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "playtest", help="play each level many times and report how hard it is",
        description="Play every level of a level file or pack N times (one seed a game) with a "
                    "person-like bot and report its pass rate with a 95%% Wilson interval, "
                    "attempts per success, the moves used, score, star, reshuffle and no-move "
                    f"rates, and a difficulty label by the pass rate ({LABEL_HELP}).")
    parser.add_argument("path", metavar="LEVEL_OR_PACK", help="a level file, a pack folder or a NAME.pack.yaml")
    parser.add_argument("--games", "-n", type=int, default=DEFAULT_GAMES,
                        help=f"games per level, seeds FIRST..FIRST+N-1 (default {DEFAULT_GAMES})")
    parser.add_argument("--first-seed", type=int, default=0, help="the first seed (default 0)")
    parser.add_argument("--bot", default=PERSON, metavar="BOT_OR_PERSONA",
                        help=f"{PERSON}: {BOT_LABELS[PERSON]} (the default); {STRONG}: "
                             f"{BOT_LABELS[STRONG]}; or any bot by name ({', '.join(BOT_NAMES)}); "
                             "or a persona file (gridfall calibrate): the person-like bot as fitted")
    parser.add_argument("--workers", "-j", type=int, default=None,
                        help="processes to play on (default: every core); the results are the same for any number")
    parser.add_argument("--scheduler", metavar="ADDRESS", default=None,
                        help="play on the Dask cluster at ADDRESS (tcp://host:8786; needs gridfall[cluster])")
    parser.add_argument("--json", action="store_true", help="print the results as JSON, for tools")
    parser.add_argument("--plot", metavar="FILE.png", default=None,
                        help="draw the pass rate against the move limit and the moves used, to a PNG")
    parser.add_argument("--suggest", type=float, default=None, metavar="RATE",
                        help="also find the move limit whose pass rate is nearest RATE (0..1)")
    parser.add_argument("--write", action="store_true",
                        help="store the results beside the pack (playtest.yaml) for the game to show")
    parser.add_argument("--changed", action="store_true",
                        help="with --write: play only the levels changed since the stored figures were "
                             "played (or not in them) and keep the others' as stored")
    parser.add_argument("--stars", action="store_true",
                        help="also suggest each match3 level's star scores from the winning games "
                             "(the second star at the median win, the third for the best fifth)")
    parser.add_argument("--apply-stars", action="store_true",
                        help="write the suggested star scores into the level files (implies --stars)")
    parser.set_defaults(run=run)


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def table(reports: Sequence[LevelReport]) -> str:
    """The terminal table: one row a level."""
    head = (f"{'level':<20} {'pass':>6} {'95% interval':>13} {'tries':>5} {'moves':>11} "
            f"{'score':>6} {'1*/2*/3*':>11} {'reshuf':>6} {'nomove':>6}  label")
    lines = [head, "-" * len(head)]
    for r in reports:
        lo, hi = r.interval
        tries = "-" if r.attempts_per_success is None else f"{r.attempts_per_success:.1f}"
        limit = "" if r.move_limit is None else f"/{r.move_limit}"
        moves = "-" if r.median_moves is None else f"{r.median_moves} ({r.best_moves}){limit}"
        stars = "/".join(f"{100 * s:.0f}" for s in r.star_rates)
        line = (f"{r.level_id[:20]:<20} {_percent(r.pass_rate):>6} "
                f"{100 * lo:>5.1f}-{100 * hi:>5.1f}% {tries:>5} {moves:>11} {r.mean_score:>6.0f} "
                f"{stars:>11} {_percent(r.reshuffle_rate):>6} {_percent(r.stuck_rate):>6}  {r.label}")
        if r.suggested_moves is not None:
            line += f"  (moves {r.suggested_moves} for {_percent(r.suggest_target or 0)})"
        lines.append(line)
    lines.append("moves: median of the won games (what the best 5% needed)/limit; tries: attempts per "
                 "success; nomove: games that ended with no move left")
    short = [r for r in reports if r.lost_goals]
    if short:
        lines.append("")
        lines.append("the lost games ended with (share of the lost games; medians):")
    for r in short:
        said = "; ".join(f"{_percent(g.share)} {g.phrase}" for g in r.lost_goals)
        lines.append(f"  {r.level_id[:20]}: {said}")
    return "\n".join(lines)


def plot(path: pathlib.Path, levels: Sequence[Level], records: Sequence[Sequence[GameRecord]],
         bot: str) -> None:
    """Per level: the pass rate against the move limit, and a histogram of the moves used."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    pack = len(levels) > 1
    fig = plt.figure(figsize=(11, 3.6 * (len(levels) + pack)))
    grid = fig.add_gridspec(len(levels) + pack, 2)
    if pack:
        pack_curve(fig.add_subplot(grid[0, :]), levels, records, bot)
    for row, (level, games) in enumerate(zip(levels, records)):
        curve_ax, hist_ax = fig.add_subplot(grid[row + pack, 0]), fig.add_subplot(grid[row + pack, 1])
        cap = cap_for(level)
        if cap is not None and level.moves is not None:
            limits = list(range(1, cap + 1))
            curve_ax.plot(limits, [100 * p for p in pass_curve(games, limits)], color="tab:blue")
            curve_ax.axvline(level.moves, color="tab:red", linestyle="--",
                             label=f"the level's limit ({level.moves})")
            curve_ax.legend(loc="lower right")
        else:
            curve_ax.text(0.5, 0.5, "no move limit", ha="center", va="center", transform=curve_ax.transAxes)
        curve_ax.set_title(f"{level.id}: pass rate by move limit ({bot} bot)")
        curve_ax.set_xlabel("move limit")
        curve_ax.set_ylabel("pass rate (%)")
        curve_ax.set_ylim(0, 100)
        curve_ax.grid(alpha=0.3)
        won = [g.moves for g in games if g.dealt and g.won]
        lost = [g.moves for g in games if g.dealt and not g.won]
        top = max(won + lost + [1])
        bins = [m - 0.5 for m in range(0, top + 2)]   # one bar a move count, centred on it
        hist_ax.hist([won, lost], bins=bins, stacked=True, color=["tab:green", "tab:gray"],
                     label=["won", "not won"])
        hist_ax.set_title(f"{level.id}: moves used ({len(won)} won of {len(won) + len(lost)})")
        hist_ax.set_xlabel("moves used")
        hist_ax.set_ylabel("games")
        hist_ax.legend(loc="upper left")
        for ax in (curve_ax, hist_ax):
            ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    fig.tight_layout()
    buffer = io.BytesIO()
    try:
        fig.savefig(buffer, dpi=90, format=path.suffix.lower()[1:])
    finally:
        plt.close(fig)
    atomic_write_bytes(path, buffer.getvalue())   # a full disk leaves the old picture whole


# The label bands behind a pack's curve (the editor's overview shows the same).
BAND_COLORS = {"easy": "#d8f0dc", "medium": "#dde3f5", "hard": "#f6e7cc", "very hard": "#f3d3d6",
               "unfair": "#e9c4c8"}


def pack_curve(ax: Any, levels: Sequence[Level], records: Sequence[Sequence[GameRecord]], bot: str) -> None:
    """The pack's difficulty curve: the pass rate level by level, the label bands behind it."""
    from matplotlib.ticker import MaxNLocator

    bounds = [1.0] + [bound for bound, _ in LABELS]
    for (low, name), high in zip(LABELS, bounds):
        ax.axhspan(100 * low, 100 * high, color=BAND_COLORS[name], zorder=0)
        ax.text(len(levels) + 0.4, 100 * (low + high) / 2, name, ha="right", va="center", fontsize=8, color="#555")
    rates = []
    for games in records:
        played = [g for g in games if g.dealt]
        rates.append(100 * sum(g.won for g in played) / len(played) if played else 0.0)
    xs = list(range(1, len(levels) + 1))
    ax.plot(xs, rates, marker="o", color="tab:blue", zorder=2)
    ax.set_xticks(xs if len(xs) <= 30 else xs[::max(1, len(xs) // 30)])
    ax.set_xlim(0.5, len(levels) + 0.5)
    ax.set_ylim(0, 100)
    ax.set_title(f"the pack's difficulty curve: pass rate level by level ({bot} bot)")
    ax.set_xlabel("level (in pack order)")
    ax.set_ylabel("pass rate (%)")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))


def _bad_option(args: argparse.Namespace) -> str | None:
    """What is wrong with the numbers asked for, before anything is read or played."""
    if not 1 <= args.games <= MAX_GAMES:
        return f"--games must be 1..{MAX_GAMES:,}, found {shorten(str(args.games), 24)}"
    if args.workers is not None and not 1 <= args.workers <= MAX_WORKERS:
        return (f"--workers must be 1..{MAX_WORKERS} (leave it out for every core), found "
                f"{shorten(str(args.workers), 24)}")
    if not 0 <= args.first_seed <= MAX_SEED - args.games:
        return f"--first-seed must be 0..{MAX_SEED - args.games}, found {shorten(str(args.first_seed), 24)}"
    if args.changed and not args.write:
        return "--changed keeps the other levels' stored figures: give it with --write"
    if args.suggest is not None and not 0 <= args.suggest <= 1:
        return "--suggest takes a pass rate from 0 to 1, like 0.6"
    if args.plot is not None:
        if importlib.util.find_spec("matplotlib") is None:   # an extra: playing never needs it
            return "--plot needs matplotlib, an extra: pip install 'gridfall[plot]'"
        return _unwritable(pathlib.Path(args.plot), "--plot", PLOT_FORMATS)
    return None


def _unwritable(path: pathlib.Path, option: str, suffixes: tuple[str, ...] = ()) -> str | None:
    """Why `path` cannot be written (checked before hours of games, not after), or None."""
    shown = shorten(str(path), 120)
    if suffixes and path.suffix.lower() not in suffixes:
        return f"{option} {shown}: name a {', '.join(s[1:] for s in suffixes)} file"
    folder = path.parent
    if not gate.chosen_folder(folder):
        return f"{option} {shown}: the folder {shorten(str(folder), 120)} does not exist"
    if gate.chosen_folder(path):
        return f"{option} {shown}: is a folder"
    if gate.exists(path) and not gate.is_file(path):
        return f"{option} {shown}: is not a regular file"
    if (gate.exists(path) and not gate.writable(path)) or not gate.writable(folder, folder=True):
        return f"{option} {shown}: cannot be written (read-only)"
    return None


def _bot(text: str) -> tuple[BotSpec, str] | str:
    """The bot --bot names and what to call it, or why it names none."""
    if text in (STRONG, *BOT_NAMES):
        return text, text
    if not is_persona_path(text):
        return (f"--bot {shorten(text, 60)}: not a bot ({', '.join((STRONG, *BOT_NAMES))}) "
                "nor a persona file (.yaml)")
    try:
        persona = load_persona(text)
    except PersonaFileError as exc:
        return str(exc)
    except OSError as exc:
        return f"--bot {shorten(text, 120)}: cannot be read ({exc.strerror or exc})"
    return persona, f"persona:{persona.name}"


def _label(bot: BotSpec) -> str:
    """What a bot that is not one of BOT_LABELS is: a named bot, or a fitted persona."""
    if isinstance(bot, str):
        return "a named bot"
    fitted = dict(bot.fitted)
    games = f" to {fitted['games']:.0f} games" if "games" in fitted else ""
    return f"the person-like bot as fitted{games} (notice {bot.notice:g})"


def _current_figures(pack: Pack, bot: str, games: int) -> dict[str, dict[str, Any]]:
    """The stored figures of `pack`'s levels unchanged since they were played by the same bot
    and number of games, by level id (--changed keeps them); none from a broken file."""
    try:
        stored = read_results(pack)
    except PlaytestFileError:
        return {}
    if stored is None or stored.bot != bot or stored.games != games:
        return {}
    return {i: {"level_id": i, **result.figures} for i, result in stored.levels.items() if result.current}


def run(args: argparse.Namespace) -> int:
    name = "gridfall playtest"
    bad = _bad_option(args)
    if bad is not None:
        print(f"{name}: {bad}", file=sys.stderr)
        return 2
    chosen = _bot(args.bot)
    if isinstance(chosen, str):
        print(safe(f"{name}: {chosen}"), file=sys.stderr)
        return 2
    bot, args.bot = chosen
    path = pathlib.Path(args.path)
    found = levels_at(path, name)
    if found is None:
        return 1
    levels, pack = found
    pack_id = pack.id if pack is not None else ""
    if args.write and not pack_id:
        print(f"{name}: --write stores results beside a pack; {path} is one level", file=sys.stderr)
        return 2
    if args.write:
        bad = _unwritable(results_path(path), "--write")
        if bad is not None:
            print(f"{name}: {bad}", file=sys.stderr)
            return 1
    kept: dict[str, dict[str, Any]] = {}
    if args.changed and pack is not None:
        kept = _current_figures(pack, args.bot, args.games)
        levels = [level for level in levels if level.id not in kept]
        print(f"{name}: {len(kept)} level(s) kept as stored; playing {len(levels)}", file=sys.stderr)
    # The curve needs each game played on past the limit; the report itself never does.
    longer = args.suggest is not None or args.plot is not None
    seeds = tuple(range(args.first_seed, args.first_seed + args.games))
    jobs = [Job(level, seeds, bot, cap_for(level) if longer else None) for level in levels]
    tick, close = progress_bar(len(jobs) * len(seeds))
    try:
        records = play_jobs(jobs, workers=args.workers or default_workers(),
                            scheduler=args.scheduler, progress=tick)
    except ValueError as exc:   # a bot for another mode
        print(f"{name}: {exc}", file=sys.stderr)
        return 2
    except ClusterUnavailable as exc:
        print(f"{name}: {exc}", file=sys.stderr)
        return 1
    finally:
        close()
    reports = [report(level, games, args.bot, args.suggest, cap_for(level) if longer else None)
               for level, games in zip(levels, records)]
    if args.json:
        print(json.dumps({"bot": args.bot, "games": args.games, "first_seed": args.first_seed,
                          "levels": [r.to_dict() for r in reports]}, indent=2))
    else:
        print(safe(f"{args.bot} bot: {BOT_LABELS.get(args.bot, _label(bot))}; {args.games} games a level "
              f"(seeds {seeds[0]}..{seeds[-1]})"))
        print(table(reports))
        if args.bot == PERSON:   # the lessons are the person-like bot's (game.bots.lessons)
            for problem in lesson_problems(levels, path, course=course_around(pack) if pack else None):
                print(f"lesson: {problem}")
    if args.stars or args.apply_stars:
        status = star_report(levels, records, path, pack, args.apply_stars, name)
        if status:
            return status
    target = pathlib.Path(args.plot) if args.plot is not None else results_path(path)
    try:
        if args.plot is not None:
            plot(target, levels, records, args.bot)
            print(f"{name}: wrote {args.plot}", file=sys.stderr)
        if args.write:
            target = results_path(path)
            date = datetime.date.today().isoformat()
            played = {r.level_id: r.to_dict() for r in reports}
            order = [level.id for level in pack.levels] if pack is not None else list(played)
            written = write_results(path, pack_id, args.bot, args.games, date,
                                    [played.get(i) or kept[i] for i in order if i in played or i in kept])
            print(f"{name}: wrote {written}", file=sys.stderr)
    except OSError as exc:   # a disk that filled while the games were played: the old file stays
        print(f"{name}: {shorten(str(target), 120)}: cannot be written ({exc.strerror or exc}); "
              "the figures above were not stored", file=sys.stderr)
        return 1
    return 0
