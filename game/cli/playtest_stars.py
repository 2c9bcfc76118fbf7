"""`gridfall playtest --stars`: the star marks each match3 level's games suggest (its moves left
become points in the finale, so its stars count points), and with --apply-stars, written into
the level files. Re-run after the packs change: the same seeds give the same marks."""

from __future__ import annotations

import dataclasses
import pathlib
import sys
from collections.abc import Sequence

from game.bots.playtest import GameRecord
from game.bots.stars import propose_stars
from game.core import Level, Mode, StarUnit, shorten, star_targets
from game.io import Pack, save_level
from game.io.packs import PACK_FILE
from game.io import gate


def level_file(path: pathlib.Path, pack: Pack | None, level: Level) -> pathlib.Path | None:
    """The file `level` was read from: `path` itself, or its file in the pack's folder (None for
    a one-file pack, whose levels share one file)."""
    if pack is None:
        return path
    source = pack.source
    if source is None:
        return None
    folder = source.parent if source.name == PACK_FILE else source
    return folder / f"{level.id}.yaml" if gate.chosen_folder(folder) else None


def _marks(level: Level) -> str:
    targets = star_targets(level)
    if targets is None:
        return "any win: 3 stars"
    marks = "/".join(map(str, targets.marks))
    return marks if targets.unit == StarUnit.POINTS else f"{marks} {targets.unit}"


def _rates(records: Sequence[GameRecord], marks: tuple[int, int, int]) -> str:
    """The share of games that would earn at least one, two and three stars with `marks`."""
    played = [r for r in records if r.dealt]
    wins = [r.score for r in played if r.won]
    if not played:
        return "-"
    counts = (len(wins), sum(1 for s in wins if s >= marks[1]), sum(1 for s in wins if s >= marks[2]))
    return "/".join(f"{round(100 * c / len(played))}" for c in counts)


def star_report(levels: Sequence[Level], records: Sequence[Sequence[GameRecord]], path: pathlib.Path,
                pack: Pack | None, apply: bool, name: str = "gridfall playtest") -> int:
    """Print each level's star marks now and as its games suggest; with `apply`, write the new
    ones into the level files. 0, or 1 when a file cannot be written."""
    print(f"{'level':20} {'stars now':26} {'suggested':18} 1*/2*/3* % of games (suggested)")
    written: list[pathlib.Path] = []
    for level, games in zip(levels, records):
        proposed = propose_stars(level, games)
        if proposed is None:
            why = "slide: its stars count slides" if level.mode == Mode.SLIDE else "too few wins to say"
            print(f"{level.id:20} {_marks(level):26} kept ({why})")
            continue
        print(f"{level.id:20} {_marks(level):26} {'/'.join(map(str, proposed)):18} {_rates(games, proposed)}")
        if not apply or proposed == level.stars:
            continue
        file = level_file(path, pack, level)
        if file is None or not gate.is_file(file):
            print(f"{name}: --apply-stars writes level files; {path} is a one-file pack", file=sys.stderr)
            return 1
        try:
            save_level(dataclasses.replace(level, stars=proposed), file)
        except OSError as exc:
            print(f"{name}: {shorten(str(file), 120)}: cannot be written ({exc.strerror or exc})", file=sys.stderr)
            return 1
        written.append(file)
    if written:
        print(f"{name}: wrote the stars of {len(written)} level file(s); their replays name the level as it was: "
              f"re-prove them (python -m game.bots.prove {path}) and store the figures again "
              f"(gridfall playtest {path} --write)", file=sys.stderr)
    return 0
