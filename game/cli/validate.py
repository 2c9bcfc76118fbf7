"""`gridfall validate PATH...`: check level files, pack folders and one-file packs (and say what a pack's playtest.yaml or a replay is)."""

from __future__ import annotations

import argparse
import json
import pathlib
import sys
from collections.abc import Sequence
from typing import Any

from game.cli.level_source import path_or_pack_id
from game.cli.output import safe
from game.io import gate
from game.io.levels import LEVEL_SUFFIXES, check_level_file
from game.core import Level
from game.io.pack_proofs import Proof, Verdict, proof_file, prove_pack, replays_dir
from game.io.pack_files import PACK_FILE, check_pack, is_pack_path
from game.io.playtest_file import FILE_NAME as RESULTS_FILE, PlaytestFileError, read_results
from game.io.problems import FileProblem, sort_problems
from game.io.replay import ReplayFileError, is_replay_file, load_replay
from game.bots.lessons import LESSON_GAMES
from game.bots.stars import unearned_star
from game.cli.lessons import course_around, lesson_problems, teaches_place


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "validate", help="check level files and packs, listing every problem",
        description="Check level files, pack folders and one-file packs. Prints each problem "
        "as file:line:col: field: message; exits 0 when everything is clean, 1 when not.")
    parser.add_argument("paths", nargs="+", metavar="PATH",
                        help="a level .yaml, a pack folder (with pack.yaml), a NAME.pack.yaml, "
                        "a folder of these, or the id of a built-in or installed pack")
    parser.add_argument("--json", action="store_true", help="print the result as JSON for tools")
    parser.add_argument("--lessons", action="store_true",
                        help="also play each level that says what it teaches (teaches:) with the person-like "
                        f"bot and a bot that never uses the lesson, {LESSON_GAMES} games each, and report "
                        "a level that does not teach it (slow: seconds a level)")
    parser.add_argument("--lesson-games", type=int, default=LESSON_GAMES, metavar="N",
                        help=f"games per bot for --lessons (default {LESSON_GAMES})")
    parser.set_defaults(run=run)


def targets(path: pathlib.Path, seen: set[pathlib.Path] | None = None) -> list[tuple[str, pathlib.Path]]:
    """What to check under `path`: ('pack', p) and ('level', p) pairs, in name order.

    Folders are walked once each and links to folders are not followed, so a link loop
    cannot make the walk check a file twice or never end.
    """
    if gate.chosen_folder(path) and not gate.is_file(path / PACK_FILE):
        # A folder of packs and levels (not a pack folder): check what it holds.
        seen = set() if seen is None else seen
        real = path.resolve()
        if real in seen:
            return []
        seen.add(real)
        out: list[tuple[str, pathlib.Path]] = []
        for child, kind in gate.entries(path):
            if child.name.startswith(".") or kind is gate.Kind.LINK and not child.name.endswith(LEVEL_SUFFIXES):
                continue
            if kind is gate.Kind.FOLDER or child.name.endswith(LEVEL_SUFFIXES):
                out += targets(child, seen)
        return out
    if is_pack_path(path):
        return [("pack", path)]
    if path.name == RESULTS_FILE or path.name.endswith("." + RESULTS_FILE):
        return [("playtest", path)]   # a pack's stored bot figures, not a pack or a level
    if is_replay_file(path):
        return [("replay", path)]
    return [("level", path)]


def _playtest(path: pathlib.Path, notes: list[str] | None) -> list[FileProblem]:
    """A pack's playtest.yaml, checked as the pack beside it reads it."""
    pack_path = path.parent if path.name == RESULTS_FILE else path.with_name(
        path.name[: -len("." + RESULTS_FILE)] + ".pack.yaml")
    index = pack_path / PACK_FILE if gate.chosen_folder(pack_path) else pack_path
    pack, bad = check_pack(pack_path) if gate.is_file(index) else (None, [])
    if pack is None:
        return bad or [FileProblem(str(path), 1, 1, "", "is a pack's playtest figures (playtest.yaml), "
                                   f"but there is no pack beside it ({pack_path}) to read them with")]
    try:
        read_results(pack)
    except PlaytestFileError as exc:
        return list(exc.problems)
    if notes is not None:
        notes.append(f"note: {path}: the bots' playtest figures of pack '{pack.id}' "
                     "(gridfall playtest --write), read as the game reads them")
    return []


def _replay(path: pathlib.Path, notes: list[str] | None) -> list[FileProblem]:
    """A replay file, read as `gridfall replay` reads it."""
    try:
        replay = load_replay(path)
    except ReplayFileError as exc:
        return [exc.problem]
    if notes is not None:
        where = f" of pack '{replay.pack}'" if replay.pack else ""
        notes.append(f"note: {path}: a replay of level '{replay.level}'{where}, {len(replay.commands)} "
                     f"move{'s' * (len(replay.commands) != 1)} from seed {replay.seed} (gridfall replay plays it)")
    return []


def unlisted(folder: pathlib.Path, listed: set[str]) -> list[str]:
    """Notes for level files in a pack folder that pack.yaml does not list (the game skips them)."""
    return [f"note: {path} is in the pack folder but not listed in {folder / PACK_FILE}"
            for path, _ in gate.entries(folder)
            if path.name.endswith(LEVEL_SUFFIXES) and path.name not in (PACK_FILE, RESULTS_FILE)
            and path.name not in listed and not path.name.startswith(".")]


def _proof_problem(proof: Proof) -> FileProblem:
    """A failing proof as a problem at its place in the replay file."""
    p = proof.problem or FileProblem(str(proof.file), 1, 1, "", proof.why)
    return FileProblem(p.file, p.line, p.column, p.field,
                       f"does not prove level '{proof.level_id}': {p.message}")


def _proof_beside(path: pathlib.Path, level: Level) -> list[Proof]:
    """The proof a level file's pack folder keeps for it (replays/LEVEL_ID.yaml beside it), if any."""
    file = proof_file(path.parent, level.id)
    if not gate.is_file(file):
        return []
    try:
        return [Proof(level.id, Verdict.PROVEN, file, replay=load_replay(file))]
    except ReplayFileError:
        return []   # a broken proof is the pack check's to report


def star_problems(levels: Sequence[Level], path: pathlib.Path, proofs: Sequence[Proof]) -> list[FileProblem]:
    """A problem at the `stars:` line of each level with a star no known game of its own deal
    earns (its proof, when it has one, and on a slide level the solver's best plan)."""
    seeds = {level.id: level.play_seed for level in levels}
    plays = {p.level_id: p.replay.commands for p in proofs   # a proof of the deal players get
             if p.replay is not None and p.replay.seed == seeds.get(p.level_id)}
    out: list[FileProblem] = []
    for level in levels:
        why = unearned_star(level, [plays[level.id]] if level.id in plays else [])
        if why is not None:
            file, line, column = teaches_place(path, level, "stars")
            out.append(FileProblem(str(file), line, column, "stars", why))
    return out


def check(paths: list[pathlib.Path], notes: list[str] | None = None,
          lessons: int = 0) -> tuple[list[dict[str, Any]], list[FileProblem]]:
    """Check every path; returns what was checked (with level counts) and every problem
    (with `lessons` games a bot, also each level that fails the lesson its `teaches:` names)."""
    checked: list[dict[str, Any]] = []
    problems: list[FileProblem] = []
    for given in paths:
        try:
            found = targets(given) if gate.exists(given) else [("level", given)]
        except OSError as exc:   # a name too long for the file system, a link loop
            problems.append(FileProblem(str(given), 1, 1, "", f"cannot be read ({exc.strerror or exc})"))
            continue
        if not found:
            problems.append(FileProblem(str(given), 1, 1, "", "holds no level or pack files"))
        for kind, path in found:
            if kind == "pack":
                pack, bad = check_pack(path)
                count = len(pack.levels) if pack else None
                if pack is not None and gate.chosen_folder(path) and notes is not None:
                    notes += unlisted(path, {f"{level.id}.yaml" for level in pack.levels}
                                      | {f"{level.id}.yml" for level in pack.levels})
                if pack is not None:   # the stored playtest figures the game shows
                    try:
                        read_results(pack)
                    except PlaytestFileError as exc:
                        bad = bad + exc.problems
                folder = replays_dir(pack) if pack is not None else None
                proofs: list[Proof] = []
                if pack is not None and (pack.proofs or (folder is not None and gate.is_folder(folder))):
                    proofs = prove_pack(pack)
                    bad = bad + [_proof_problem(p) for p in proofs if p.verdict == Verdict.FAILS]
                    if notes is not None:
                        proven = sum(p.verdict == Verdict.PROVEN for p in proofs)
                        notes.append(f"note: {path}: {proven} of {len(proofs)} levels proven by their "
                                     "replays; not proven: " + (", ".join(p.level_id for p in proofs
                                                                          if p.verdict != Verdict.PROVEN) or "none"))
                if pack is not None:
                    bad = bad + star_problems(pack.levels, path, proofs)
                if pack is not None and lessons:
                    bad = bad + lesson_problems(pack.levels, path, lessons, course_around(pack))
            elif kind in ("playtest", "replay"):
                bad = (_playtest if kind == "playtest" else _replay)(path, notes)
                count = None
            else:
                level, bad = check_level_file(path)
                count = 1 if level else None
                if level is not None:
                    bad = bad + star_problems((level,), path, _proof_beside(path, level))
                if level is not None and lessons:
                    bad = bad + lesson_problems((level,), path, lessons)
            checked.append({"path": str(path), "kind": kind, "ok": not bad, "levels": count})
            problems += sort_problems(bad)
    return checked, problems


def run(args: argparse.Namespace) -> int:
    try:
        notes: list[str] = []
        checked, problems = check([path_or_pack_id(pathlib.Path(p)) for p in args.paths], notes,
                                 max(1, args.lesson_games) if args.lessons else 0)
    except Exception as exc:  # never a traceback for a designer: say what broke, exit 1
        print(safe(f"gridfall validate: could not finish ({type(exc).__name__}: {exc})"), file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps({"ok": not problems, "checked": checked,
                          "problems": [p.to_json() for p in problems], "notes": notes}, indent=2))
    else:
        for problem in problems:
            print(safe(problem))
        for note in notes:
            print(safe(note), file=sys.stderr)
        levels = sum(c["levels"] or 0 for c in checked)
        verdict = "ok" if not problems else f"{len(problems)} problem{'s' * (len(problems) != 1)}"
        print(f"checked {len(checked)} file{'s' * (len(checked) != 1)} or pack"
              f"{'s' * (len(checked) != 1)} ({levels} valid level{'s' * (levels != 1)}): {verdict}",
              file=sys.stderr)
    return 0 if not problems else 1
