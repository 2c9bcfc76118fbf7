"""A pack's stored playtest results (playtest.yaml beside pack.yaml): written by `gridfall playtest
--write`, read by the game to label levels without playing anything."""

from __future__ import annotations

import pathlib
from dataclasses import dataclass
from typing import Any, Mapping

import yaml

from .atomic import atomic_write_text
from .packs import PACK_FILE, Pack, is_one_file_pack
from .yamldoc import DocError, read_document

FORMAT = 1
FILE_NAME = "playtest.yaml"
# Per level, the figures kept (a LevelReport's plain form, less what the file says once).
KEPT = ("level_hash", "games", "wins", "pass_rate", "interval", "attempts_per_success",
        "median_moves", "best_moves", "mean_score", "star_rates", "reshuffle_rate", "stuck_rate",
        "label", "move_limit")


@dataclass(frozen=True, slots=True)
class StoredResult:
    """One level's stored figures, and whether the level still is what was played."""

    level_id: str
    label: str
    pass_rate: float
    figures: Mapping[str, Any]
    current: bool     # the level's content hash still matches: the figures are about it


def results_path(pack_source: pathlib.Path) -> pathlib.Path:
    """playtest.yaml in a pack folder; NAME.playtest.yaml beside a one-file NAME.pack.yaml."""
    if is_one_file_pack(pack_source):
        stem = pack_source.name.rsplit(".pack.", 1)[0]
        return pack_source.with_name(f"{stem}.{FILE_NAME}")
    folder = pack_source.parent if pack_source.name == PACK_FILE else pack_source
    return folder / FILE_NAME


def write_results(pack: Pack, bot: str, games: int, date: str,
                  levels: Mapping[str, Mapping[str, Any]]) -> pathlib.Path:
    """Write the figures of `levels` (by level id, LevelReport.to_dict()) for `pack`, atomically."""
    if pack.source is None:
        raise ValueError(f"pack '{pack.id}' has no file to store results beside")
    body = {
        "format": FORMAT, "pack": pack.id, "bot": bot, "games": games, "date": date,
        "levels": {level_id: {key: figures[key] for key in KEPT if key in figures}
                   for level_id, figures in levels.items()},
    }
    path = results_path(pathlib.Path(pack.source))
    text = "# Gridfall playtest results (gridfall playtest --write): bots' pass rates per level\n"
    atomic_write_text(path, text + yaml.safe_dump(body, sort_keys=False, default_flow_style=None))
    return path


def read_results(pack: Pack) -> dict[str, StoredResult]:
    """The stored results of `pack`'s levels, by id; empty when there are none or they are unreadable.

    A result whose level changed since (another content hash) is kept but marked not current.
    """
    if pack.source is None:
        return {}
    path = results_path(pathlib.Path(pack.source))
    if not path.is_file():
        return {}
    try:
        data = read_document(path).value
    except DocError:
        return {}
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("levels"), dict):
        return {}
    hashes = {level.id: level.content_hash() for level in pack.levels}
    out: dict[str, StoredResult] = {}
    for level_id, figures in data["levels"].items():
        if not isinstance(level_id, str) or level_id not in hashes or not isinstance(figures, dict):
            continue
        rate = figures.get("pass_rate")
        name = figures.get("label")
        if not isinstance(rate, (int, float)) or isinstance(rate, bool) or not isinstance(name, str):
            continue
        out[level_id] = StoredResult(level_id, name, float(rate), figures,
                                     current=figures.get("level_hash") == hashes[level_id])
    return out
