"""A pack's stored playtest results, playtest.yaml beside pack.yaml: written atomically by
`gridfall playtest --write`, read by the game to show each level's difficulty without playing."""

from __future__ import annotations

import os
import pathlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.core import GoalName, Problem, describe

from . import gate
from .atomic import atomic_write_text
from .locate import Locator
from .pack_files import PACK_FILE, Pack, is_one_file_pack
from .problems import FileProblem, LevelFileError
from .yamldoc import DocError, parse, read_text
from .yamlout import scalar

FORMAT = 1
FILE_NAME = "playtest.yaml"
HEADER = "# Gridfall playtest results (gridfall playtest --write): bot games per level"


class PlaytestFileError(LevelFileError):
    """A playtest.yaml that cannot be read; each problem names the file, line and field."""


@dataclass(frozen=True, slots=True)
class StoredResult:
    """One level's stored figures; `current` is False when the level changed since it was played."""

    level_id: str
    label: str
    pass_rate: float
    figures: Mapping[str, Any]
    current: bool


@dataclass(frozen=True, slots=True)
class StoredPlaytest:
    """What a pack's playtest.yaml holds: who played, how many games, when, and per level."""

    path: pathlib.Path
    bot: str
    games: int
    date: str
    levels: Mapping[str, StoredResult]


def results_path(pack_source: str | os.PathLike[str]) -> pathlib.Path:
    """playtest.yaml in a pack folder; NAME.playtest.yaml beside a one-file NAME.pack.yaml."""
    source = pathlib.Path(pack_source)
    if is_one_file_pack(source):
        stem = source.name.rsplit(".pack.", 1)[0]
        return source.with_name(f"{stem}.{FILE_NAME}")
    folder = source.parent if source.name == PACK_FILE else source
    return folder / FILE_NAME


def _value(value: Any) -> str:
    # Floats as YAML floats (scalar() would quote them as text), the rest as the writer does.
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):   # its floats as numbers too (flow() would quote them)
        return "{" + ", ".join(f"{scalar(k)}: {_value(v)}" for k, v in value.items()) + "}"
    return scalar(value)


def results_text(pack_id: str, bot: str, games: int, date: str,
                 levels: Sequence[Mapping[str, Any]]) -> str:
    """The file's text: the same results, the same bytes. Each level is a report's plain form
    (LevelReport.to_dict()), keyed by its level_id."""
    lines = [HEADER, f"format: {FORMAT}", f"pack: {scalar(pack_id)}", f"bot: {scalar(bot)}",
             f"games: {games}", f"date: {scalar(date)}", "levels:"]
    for figures in levels:
        lines.append(f"  {scalar(figures['level_id'])}:")
        lines.extend(f"    {key}: {_value(value)}" for key, value in figures.items()
                     if key != "level_id")
    return "\n".join(lines) + "\n"


def write_results(pack_source: str | os.PathLike[str], pack_id: str, bot: str, games: int,
                  date: str, levels: Sequence[Mapping[str, Any]]) -> pathlib.Path:
    """Store the results beside the pack, atomically (the old file or the new one, never half)."""
    path = results_path(pack_source)
    atomic_write_text(path, results_text(pack_id, bot, games, date, levels))
    return path


RATES = ("pass_rate", "reshuffle_rate", "stuck_rate", "suggest_target")
"""Figures that are shares of games: 0..1."""
RATE_LISTS = ("interval", "star_rates")
COUNTS = ("games", "undealt", "wins", "median_moves", "best_moves", "move_limit", "suggested_moves")
"""Figures that count games or moves: whole numbers, 0 or more."""
REQUIRED = ("pass_rate",)
GOAL_WORDS = frozenset(g.value for g in GoalName)


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value == value


def _bad_figures(figures: Mapping[Any, Any]) -> list[tuple[str, str]]:
    """(key, what is wrong) for each figure no game could have given: a negative count, a rate
    outside 0..1, a number where text belongs; they would be shown to the player as figures."""
    out = []
    for key in REQUIRED:
        if figures.get(key) is None:
            out.append((key, "is required: a number from 0 to 1"))
    for key, value in figures.items():
        if value is None and key not in REQUIRED:
            continue
        if key in RATES and not (_is_number(value) and 0 <= value <= 1):
            out.append((str(key), f"expected a share of games from 0 to 1, found {describe(value)}"))
        elif key in RATE_LISTS and not (isinstance(value, list) and value
                                        and all(_is_number(v) and 0 <= v <= 1 for v in value)):
            out.append((str(key), f"expected a list of shares from 0 to 1, found {describe(value)}"))
        elif key in COUNTS and not (_is_count(value) and value >= 0):
            out.append((str(key), f"expected a whole number of at least 0, found {describe(value)}"))
        elif key == "mean_score" and not (_is_number(value) and value >= 0):
            out.append((str(key), f"expected a score of at least 0, found {describe(value)}"))
        elif key == "attempts_per_success" and not (_is_number(value) and value >= 1):
            out.append((str(key), f"expected a number of at least 1, found {describe(value)}"))
        elif key == "limit_curve" and not (isinstance(value, list) and all(_is_curve_point(v) for v in value)):
            out.append((str(key), "expected a list of [move limit, pass rate] pairs (a whole number "
                                  f"of at least 1, a share from 0 to 1), found {describe(value)}"))
        elif key == "lost_goals" and not (isinstance(value, list) and all(_is_lost_goal(v) for v in value)):
            out.append((str(key), "expected a list of {goal, share, missing} mappings (a goal word, a "
                                  f"share from 0 to 1, a count), found {describe(value)}"))
    return out


def _is_curve_point(value: Any) -> bool:
    return (isinstance(value, list) and len(value) == 2 and _is_count(value[0]) and value[0] >= 1
            and _is_number(value[1]) and 0 <= value[1] <= 1)


def _is_lost_goal(value: Any) -> bool:
    if not isinstance(value, dict) or value.get("goal") not in GOAL_WORDS:
        return False
    share: Any = value.get("share")
    missing: Any = value.get("missing")
    if not (_is_number(share) and 0 <= share <= 1 and _is_count(missing) and missing >= 0):
        return False
    kind, rows = value.get("kind", 0), value.get("rows", 0)
    return _is_count(kind) and kind >= 0 and (rows is None or (_is_count(rows) and rows >= 0))


def read_results(pack: Pack) -> StoredPlaytest | None:
    """The stored results of `pack`'s levels (None when it has none, or no file to sit beside),
    each marked current when the level's content hash still matches the one played.
    Raises PlaytestFileError, naming file, line and field, for a broken file."""
    if pack.source is None:
        return None
    path = results_path(pack.source)
    if not gate.exists(path):
        return None
    file = str(path)
    try:
        doc = parse(read_text(path))
    except DocError as exc:
        raise PlaytestFileError([FileProblem(file, exc.line, exc.column, "", exc.message)]) from None
    where = Locator(doc, file)
    problems = [where.at(node, p, message) for node, p, message in doc.problems]
    data = doc.value
    if not isinstance(data, dict):
        raise PlaytestFileError(problems + [where.place(Problem((), "a playtest file is a mapping "
                                                          "(format, pack, bot, games, date, levels)"))])
    if data.get("format") != FORMAT:
        problems.append(where.place(Problem(("format",), f"this game reads playtest format {FORMAT}, "
                                      f"found {describe(data.get('format'))}")))
    for key, kind in (("bot", str), ("date", str), ("games", int)):
        if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
            problems.append(where.place(Problem((key,), f"is required ({'a number' if kind is int else 'text'}), "
                                                f"found {describe(data.get(key))}")))
    if _is_count(data.get("games")) and data["games"] < 1:
        problems.append(where.place(Problem(("games",), f"must be at least 1, found {data['games']}")))
    stored = data.get("levels")
    if not isinstance(stored, dict):
        problems.append(where.place(Problem(("levels",), "is required: a mapping of level id to its figures")))
        stored = {}
    hashes = {level.id: level.content_hash() for level in pack.levels}
    out: dict[str, StoredResult] = {}
    for level_id, figures in stored.items():
        at = ("levels", level_id)
        if not isinstance(figures, dict):
            problems.append(where.place(Problem(at, "a level's figures are a mapping (pass_rate, label, ...)")))
            continue
        rate, name, digest = figures.get("pass_rate"), figures.get("label"), figures.get("level_hash")
        bad = _bad_figures(figures)
        if bad:
            problems += [where.place(Problem(at + (key,), message)) for key, message in bad]
        elif not isinstance(name, str):
            problems.append(where.place(Problem(at + ("label",), "is required (text)")))
        elif not isinstance(digest, str):
            problems.append(where.place(Problem(at + ("level_hash",), "is required (text)")))
        elif str(level_id) in hashes:
            # A level no longer in the pack is left out; one that changed is kept, not current.
            out[str(level_id)] = StoredResult(str(level_id), name, float(rate or 0), figures,
                                              current=digest == hashes[str(level_id)])
    if problems:
        raise PlaytestFileError(problems)
    return StoredPlaytest(path, data["bot"], data["games"], data["date"], out)


def _raw_levels(path: pathlib.Path) -> tuple[dict[str, Any], dict[Any, Any]] | None:
    """(the file's top mapping, its levels) when it reads cleanly; None for none or a broken file."""
    try:
        doc = parse(read_text(path))
    except (DocError, OSError):
        return None
    data = doc.value
    if doc.problems or not isinstance(data, dict) or data.get("format") != FORMAT:
        return None
    levels = data.get("levels")
    return (data, levels) if isinstance(levels, dict) else None


def stored_figures(pack_source: str | os.PathLike[str], level_id: str,
                   level_hash: str) -> dict[str, Any] | None:
    """One level's stored figures when they were played on the level as it is now (its content
    hash matches) and read as figures a game could give; else None. Reads the one file, not the pack."""
    path = results_path(pack_source)
    if not gate.is_file(path):
        return None
    raw = _raw_levels(path)
    figures = raw[1].get(level_id) if raw is not None else None
    if not isinstance(figures, dict) or figures.get("level_hash") != level_hash or _bad_figures(figures):
        return None
    return {**figures, "level_id": level_id}


def store_result(pack_source: str | os.PathLike[str], pack_id: str, bot: str, games: int, date: str,
                 figures: Mapping[str, Any]) -> pathlib.Path:
    """Put one level's figures (a report's plain form) into the pack's playtest.yaml, keeping
    every other level's as stored: the editor's Difficulty run on one level of a pack.
    A file there that does not read cleanly is never replaced: PlaytestFileError says why."""
    path = results_path(pack_source)
    kept: dict[Any, Any] = {}
    if gate.exists(path):
        raw = _raw_levels(path)
        if raw is None:
            raise PlaytestFileError([FileProblem(str(path), 1, 1, "", "cannot be read as playtest results: "
                                                 "fix or remove it (gridfall validate says where)")])
        data, kept = raw
        bot = data["bot"] if isinstance(data.get("bot"), str) else bot
        games = data["games"] if _is_count(data.get("games")) and data["games"] >= 1 else games
    level_id = str(figures["level_id"])
    kept = {**kept, level_id: {k: v for k, v in figures.items() if k != "level_id"}}
    levels = [{"level_id": str(key), **value} for key, value in kept.items() if isinstance(value, dict)]
    return write_results(pack_source, pack_id, bot, games, date, levels)


def renamed_results_text(pack_source: str | os.PathLike[str], old_id: str, new_id: str) -> str | None:
    """The pack's playtest.yaml with level `old_id`'s figures kept under `new_id` (a rename
    that kept the deal: its level_hash still names the level); None when it has none for it
    or does not read cleanly (then it is left as it is)."""
    path = results_path(pack_source)
    raw = _raw_levels(path) if gate.is_file(path) else None
    if raw is None or not isinstance(raw[1].get(old_id), dict):
        return None
    data, kept = raw
    levels = [{"level_id": new_id if str(key) == old_id else str(key), **value}
              for key, value in kept.items() if isinstance(value, dict) and str(key) != new_id]
    return results_text(str(data.get("pack", "")), str(data.get("bot", "")), int(data.get("games", 0)),
                        str(data.get("date", "")), levels)
