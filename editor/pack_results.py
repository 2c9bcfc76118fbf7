"""The bots' figures kept with a pack (its playtest.yaml): read back for a level as it is now, and
written after a Difficulty run on a level of one of the designer's packs."""

from __future__ import annotations

import datetime
import pathlib

from game.bots.playtest import LevelReport
from game.core import Level
from game.io.playtest_file import FILE_NAME, store_result, stored_figures
from game.io.packs import PACK_FILE
from game.io import gate

from . import files


def recall(path: pathlib.Path | None, level: Level) -> LevelReport | None:
    """The stored report of `level` when its file sits in a pack whose playtest.yaml played it as
    it is now (the content hash matches); else None. Any pack: reading changes nothing."""
    if path is None or not gate.is_file(path.parent / PACK_FILE):
        return None
    figures = stored_figures(path.parent, level.id, level.content_hash())
    if figures is None:
        return None
    try:
        return LevelReport.from_dict(figures)
    except (ValueError, TypeError, KeyError):
        return None


def keep(owner: str, figures: LevelReport) -> str | None:
    """Store one run's report in the pack of the level file `owner` names, when that is one of
    the designer's own packs (shipped and installed packs are never written); the file's name,
    or None when nothing was stored (not in a pack). A file that cannot be written or read
    raises (OSError, PlaytestFileError): the caller tells it."""
    if not owner or owner.startswith("unsaved:"):
        return None
    pack = files.pack_of(pathlib.Path(owner))
    if pack is None:
        return None
    store_result(pack.folder, str(pack.meta.get("id") or pack.folder.name), figures.bot, figures.games,
                 datetime.date.today().isoformat(), figures.to_dict())
    return FILE_NAME
