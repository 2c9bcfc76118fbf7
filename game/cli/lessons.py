"""The lesson lab's verdicts as problems at each level file's `teaches:` line (validate and
playtest report them the same way)."""

from __future__ import annotations

import pathlib
from collections.abc import Sequence

from game.bots.lessons import LESSON_GAMES, check_accidents, check_lesson
from game.core import Level
from game.io.pack_files import PACK_FILE
from game.io.problems import FileProblem
from game.io.yamldoc import DocError, read_document


def teaches_place(path: pathlib.Path, level: Level, key: str = "teaches") -> tuple[pathlib.Path, int, int]:
    """The file holding `level` under `path` (a level file, a pack folder or one-file pack)
    and the 1-based line and column of its `teaches:` key, or another top-level `key`
    (1, 1 when it cannot be found)."""
    if path.is_dir() or path.name == PACK_FILE:
        folder = path if path.is_dir() else path.parent
        for suffix in (".yaml", ".yml"):
            if (folder / f"{level.id}{suffix}").is_file():
                path = folder / f"{level.id}{suffix}"
                break
    try:
        doc = read_document(path)
    except (DocError, OSError):
        return path, 1, 1
    keys: list[tuple[str | int, ...]] = [(key,)]
    if isinstance(doc.value, dict) and isinstance(doc.value.get("levels"), list):
        keys = [("levels", i, key) for i, entry in enumerate(doc.value["levels"])
                if isinstance(entry, dict) and entry.get("id") == level.id]
    for where in keys:
        entry = doc.entry(where)
        if entry is not None and entry.key is not None:
            mark = entry.key.start_mark
            return path, mark.line + 1, mark.column + 1
    return path, 1, 1


def lesson_problems(levels: Sequence[Level], path: pathlib.Path,
                    games: int = LESSON_GAMES) -> list[FileProblem]:
    """One problem for each of `levels` that does not teach what it says (a level that says
    nothing is not checked), located at its `teaches:` line; and, the levels being a pack in
    order, one for each level before a lesson that uses its mechanic by accident, at its name."""
    seeds = tuple(range(1, games + 1))
    out: list[FileProblem] = []
    for level in levels:
        report = check_lesson(level, seeds)
        if report is None or report.passed:
            continue
        file, line, column = teaches_place(path, level)
        out.append(FileProblem(str(file), line, column, "teaches", report.failure()))
    by_id = {level.id: level for level in levels}
    for accident in check_accidents(levels, seeds) if len(levels) > 1 else ():
        if not accident.passed:
            file, line, column = teaches_place(path, by_id[accident.level_id], "name")
            out.append(FileProblem(str(file), line, column, "name", accident.failure()))
    return out
