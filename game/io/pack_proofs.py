"""A pack's winning replays (replays/LEVEL_ID.yaml beside pack.yaml): played headless to say of
each level whether its author proved it can be won."""

from __future__ import annotations

import pathlib
import shutil
from dataclasses import dataclass

from game.core import Status, shorten

from .pack_files import PACK_FILE, Pack
from .problems import FileProblem
from .replay import ReplayFileError, load_replay, verify_replay

REPLAYS = "replays"


@dataclass(frozen=True, slots=True)
class Proof:
    """What a level's replay showed: `proven`, `not proven` (no replay) or `fails` (and why)."""

    level_id: str
    verdict: str
    file: pathlib.Path | None = None
    why: str = ""
    problem: FileProblem | None = None   # where in the replay file it fails (line, column, field)


def replays_dir(pack: Pack) -> pathlib.Path | None:
    """The pack folder's replays/ (None for a one-file pack or a pack without a folder)."""
    if pack.source is None:
        return None
    folder = pack.source.parent if pack.source.name == PACK_FILE else pack.source
    return folder / REPLAYS if folder.is_dir() else None


def prove_pack(pack: Pack) -> list[Proof]:
    """Play every level's replay through the rules: a replay proves a level when it is for that
    level, plays (its checks, if any, all match) and ends in a win."""
    folder = replays_dir(pack)
    out: list[Proof] = []
    for level in pack.levels:
        file = folder / f"{level.id}.yaml" if folder is not None else None
        if file is None or not file.is_file() or file.is_symlink():
            out.append(Proof(level.id, "not proven"))
            continue
        try:
            replay = load_replay(file)
            if replay.level != level.id:
                raise ReplayFileError(replay.problem(
                    "level", f"it is a replay of '{shorten(replay.level)}', not of '{level.id}'"))
            state = verify_replay(replay, level).state
            if state.status != Status.WON:
                raise ReplayFileError(replay.problem(
                    "commands", f"it ends {state.status}, not won, after {state.moves} moves"))
        except ReplayFileError as exc:
            out.append(Proof(level.id, "fails", file, shorten(exc.message, 300), exc.problem))
            continue
        out.append(Proof(level.id, "proven", file))
    return out


def copy_proofs(proofs: list[Proof], into: pathlib.Path) -> None:
    """Copy the replays that prove their level into `into`/replays (an install carries them)."""
    good = [p for p in proofs if p.verdict == "proven" and p.file is not None]
    if not good:
        return
    target = into / REPLAYS
    target.mkdir(exist_ok=True)
    for proof in good:
        assert proof.file is not None
        shutil.copyfile(proof.file, target / proof.file.name)
