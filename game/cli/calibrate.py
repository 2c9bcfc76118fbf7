"""`gridfall calibrate REPLAYS_OR_FOLDERS_OR_CODES... -o persona.yaml`: fit the person-like bot to real players' games."""

from __future__ import annotations

import argparse
import pathlib
import re
import sys
from collections.abc import Iterator
from typing import Any

from game.cli.level_source import replay_level
from game.cli.output import progress_bar, safe
from game.core import shorten
from game.io import gate

# Replays read from the folders given, at most: a folder of a whole season's games is fine,
# a home folder given by mistake is not walked for ever.
MAX_FILES = 20_000
SUFFIXES = (".yaml", ".yml")


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "calibrate", help="fit the person-like bot to real players' replays (a persona file)",
        description="Fit a persona (how often the person-like bot misses a move, what it "
        "prefers) to real games: replay files, folders of them, or game codes. The numbers "
        "chosen make the moves the players made as likely as possible, then are held against "
        "how their games ended. Prints how well the persona explains the moves beside the "
        "default one. Use the file with `gridfall playtest --bot FILE`.")
    parser.add_argument("sources", nargs="*", metavar="REPLAY_OR_FOLDER_OR_CODE",
                        help="replay files (.yaml), folders holding them (searched down), or game codes")
    parser.add_argument("-o", "--output", metavar="PERSONA.yaml",
                        help="where to write the persona (default: your personas folder, named for --name, "
                        "where the editor's Difficulty panel offers it)")
    parser.add_argument("--name", default="calibrated", help="the persona's name (default: calibrated)")
    parser.add_argument("--mine", action="store_true",
                        help="fit to your own games kept in your data folder, and estimate every level's "
                        "pass rate for you there (what the game's 'Estimates for you' setting shows); "
                        "nothing leaves this machine")
    parser.set_defaults(run=run, parser=parser)


def _replay_files(path: pathlib.Path) -> Iterator[pathlib.Path]:
    """A folder's replay files (level files and others are passed over), sorted, at most MAX_FILES."""
    from game.io.replay import is_replay_file

    from game.io import gate

    found = 0
    stack = [path]
    while stack:
        for entry, kind in gate.entries(stack.pop(0)):   # a link is never followed
            if kind is gate.Kind.FOLDER:
                stack.append(entry)
            elif kind is gate.Kind.FILE and entry.suffix in SUFFIXES and is_replay_file(entry):
                found += 1
                if found > MAX_FILES:
                    return
                yield entry


def _games(sources: list[str]) -> tuple[list[Any], list[str]]:
    """The games the sources hold, and one line for each source that was skipped and why."""
    from game.bots.calibrate import Game
    from game.io import LevelFileError, PackNotFoundError
    from game.io.codes import CodeError, open_code
    from game.io.replay import ReplayFileError, load_replay, verify_replay

    games: list[Game] = []
    skipped: list[str] = []
    for source in sources:
        path = pathlib.Path(source)
        found = gate.chosen_folder(path) or gate.exists(path)   # else a code?
        if gate.chosen_folder(path):
            files = list(_replay_files(path))
            if not files:
                skipped.append(f"{source}: no replay file in this folder")
        elif found or path.suffix in SUFFIXES:
            files = [path]
        else:
            try:
                opened = open_code(source)
            except (CodeError, LevelFileError, ValueError) as exc:
                skipped.append(f"{shorten(source, 40)}: not a file, folder or game code ({shorten(str(exc), 160)})")
                continue
            if opened.replay is None:
                skipped.append(f"{shorten(source, 40)}: a level code holds no game to learn from")
                continue
            games.append(Game(opened.level, opened.replay.seed, verify_replay(opened.replay, opened.level)))
            continue
        for file in files:
            try:
                replay = load_replay(file)
                level = replay_level(replay, file)
                games.append(Game(level, replay.seed, verify_replay(replay, level)))
            except (ReplayFileError, LevelFileError, PackNotFoundError, ValueError) as exc:
                skipped.append(f"{file}: skipped: {shorten(str(exc), 200)}")
            except OSError as exc:
                skipped.append(f"{file}: cannot be read ({exc.strerror or exc})")
    return _once(games, skipped), skipped


def _file_name(persona: str) -> str:
    """A persona's file name from its name: 'My testers' is my-testers(.yaml)."""
    return re.sub(r"[^a-z0-9]+", "-", persona.lower()).strip("-") or "persona"


def _once(games: list[Any], skipped: list[str]) -> list[Any]:
    """Each game once: a replay kept in two folders, or sent both as a file and as a code, is
    one game (counted twice, a tester would weigh twice)."""
    seen: set[tuple[str, int, tuple[Any, ...]]] = set()
    out = []
    for game in games:
        key = (game.level.play_hash(), game.seed, tuple(game.session.commands))
        if key not in seen:
            seen.add(key)
            out.append(game)
    if len(out) < len(games):
        skipped.append(f"{len(games) - len(out)} games given more than once, each counted once")
    return out


def _mine(name: str) -> int:
    """--mine: the player's persona and estimates, in their data folder."""
    from game.bots.for_you import MIN_GAMES, for_you_path, make_for_you
    from game.io import list_packs

    packs = list_packs()
    tick, close = progress_bar(None, unit="level")
    try:
        made = make_for_you(packs, tick=None if tick is None else (lambda: tick(1)))
    finally:
        close()
    if made is None:
        print(f"{name}: fewer than {MIN_GAMES} of your finished match3 or chain games are kept: "
              "play some more first", file=sys.stderr)
        return 1
    print(f"learned from {made.games} of your games; estimates for {len(made.rates)} levels")
    print(safe(f"{name}: wrote {for_you_path()}"), file=sys.stderr)
    return 0


def run(args: argparse.Namespace) -> int:
    name = "gridfall calibrate"
    parser: argparse.ArgumentParser = args.parser
    if args.mine:
        if args.sources or args.output:
            parser.error("--mine learns from your own kept games into your data folder: give no sources and no -o")
        return _mine(name)
    if not args.sources:
        parser.error("give the replays, folders or codes to learn from (or --mine)")
    from game.bots.calibrate import calibrate
    from game.bots.persona_file import save_persona

    games, skipped = _games(args.sources)
    for line in skipped:
        print(safe(f"{name}: {line}"), file=sys.stderr)
    if not games:
        print(f"{name}: no game to learn from", file=sys.stderr)
        return 1
    tick, close = progress_bar(None, unit="try")
    try:
        fit = calibrate(games, name=args.name, tick=None if tick is None else (lambda: tick(1)))
    except ValueError as exc:   # only slide games
        print(safe(f"{name}: {exc}"), file=sys.stderr)
        return 1
    finally:
        close()
    p = fit.persona
    print(f"learned from {fit.games} games, {fit.moves} moves")
    print(f"{'':<22} {'fitted':>10} {'default':>10}")
    print(f"{'log-likelihood a move':<22} {fit.log_likelihood:>10.3f} {fit.default_log_likelihood:>10.3f}")
    print(f"{'top-1 agreement':<22} {100 * fit.top1:>9.1f}% {100 * fit.default_top1:>9.1f}%")
    print(f"{'wins on these games':<22} {100 * fit.predicted_wins:>9.1f}% {100 * fit.default_predicted_wins:>9.1f}%"
          f"   (the players won {100 * fit.real_wins:.1f}%)")
    print("persona: " + ", ".join(f"{k} {v:g}" for k, v in p.numbers().items()))
    output = args.output
    try:
        if output is None:
            from game.io.paths import personas_dir

            output = str(personas_dir() / f"{_file_name(args.name)}.yaml")
        save_persona(p, output)
    except OSError as exc:
        print(safe(f"{name}: {output}: cannot be written ({exc.strerror or exc})"), file=sys.stderr)
        return 1
    print(safe(f"{name}: wrote {output}"), file=sys.stderr)
    return 0
