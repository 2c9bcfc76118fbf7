"""A pack's winning replays (replays/LEVEL_ID.yaml beside pack.yaml): played headless to say of
each level whether its author proved it can be won."""

from __future__ import annotations

import dataclasses
import pathlib
from dataclasses import dataclass
from enum import StrEnum

from collections.abc import Sequence

from game.core import Command, IllegalMove, Level, Status, shorten

from . import gate
from .pack_files import PACK_FILE, Pack
from .paths import levels_dir
from .problems import FileProblem
from .replay import REPLAYS, Replay, ReplayFileError, load_replay, replay_of, save_replay, verify_replay


class Verdict(StrEnum):
    """What a level's replay says of it."""

    PROVEN = "proven"            # the replay plays on the level and wins
    FAILS = "fails"              # there is a replay, and it does not (the author's problem)
    NOT_PROVEN = "not proven"    # no replay for the level


@dataclass(frozen=True, slots=True)
class Proof:
    """What a level's replay showed: its verdict, and for one that fails, why and where."""

    level_id: str
    verdict: Verdict
    file: pathlib.Path | None = None
    why: str = ""
    problem: FileProblem | None = None   # where in the replay file it fails (line, column, field)
    replay: Replay | None = None         # the game that proves it (PROVEN), to carry with the pack


def replays_dir(pack: Pack) -> pathlib.Path | None:
    """The pack folder's replays/ (None for a one-file pack or a pack without a folder)."""
    if pack.source is None:
        return None
    folder = pack.source.parent if pack.source.name == PACK_FILE else pack.source
    return folder / REPLAYS if gate.chosen_folder(folder) else None


def shipped_proofs() -> dict[str, pathlib.Path]:
    """The shipped packs' proofs by level id (levels/PACK/replays/LEVEL_ID.yaml, beside each
    pack's levels; level ids differ across the shipped packs)."""
    return {p.stem: p for p in sorted(levels_dir().glob(f"*/{REPLAYS}/*.yaml"))}


def shipped_proof(level_id: str) -> pathlib.Path:
    """The proof of one shipped level (KeyError: no shipped level has one)."""
    return shipped_proofs()[level_id]


def prove_pack(pack: Pack) -> list[Proof]:
    """Play every level's replay through the rules: a replay proves a level when it is for that
    level, plays (its checks, if any, all match) and ends in a win. A pack folder's replays are
    its replays/ files; a one-file pack's, those it carries inline (`proofs:`)."""
    folder = replays_dir(pack)
    inline = {replay.level: replay for replay in pack.proofs}
    out: list[Proof] = []
    for level in pack.levels:
        file = folder / f"{level.id}.yaml" if folder is not None else pack.source
        try:
            if folder is None:
                replay = inline.get(level.id)
            elif file is not None and gate.is_file(file):
                replay = load_replay(file)
            else:
                replay = None
            if replay is None:
                out.append(Proof(level.id, Verdict.NOT_PROVEN))
                continue
            if replay.level != level.id:
                raise ReplayFileError(replay.problem(
                    "level", f"it is a replay of '{shorten(replay.level)}', not of '{level.id}'"))
            state = verify_replay(replay, level).state
            if state.status != Status.WON:
                raise ReplayFileError(replay.problem(
                    "commands", f"it ends {state.status}, not won, after {state.moves} moves"))
        except ReplayFileError as exc:
            out.append(Proof(level.id, Verdict.FAILS, file, shorten(exc.message, 300), exc.problem))
            continue
        out.append(Proof(level.id, Verdict.PROVEN, file, replay=replay))
    return out


def carrying_proofs(pack: Pack) -> tuple[Pack, list[Proof]]:
    """The pack with every replay that proves one of its levels, to write or share in either
    form (save_pack writes them), and what each level's replay showed (to say it)."""
    proofs = prove_pack(pack)
    good = tuple(p.replay for p in proofs if p.verdict == Verdict.PROVEN and p.replay is not None)
    return dataclasses.replace(pack, proofs=good), proofs


def proofs_said(proofs: Sequence[Proof]) -> str:
    """'6 levels, 6 proofs': what a build, an export or an install carried."""
    n, kept = len(proofs), sum(p.verdict == Verdict.PROVEN for p in proofs)
    return f"{n} level{'s' * (n != 1)}, {kept} proof{'s' * (kept != 1)}"


def proof_file(folder: pathlib.Path, level_id: str) -> pathlib.Path:
    """Where a pack folder keeps the proof of one level: replays/LEVEL_ID.yaml."""
    return folder / REPLAYS / f"{level_id}.yaml"


def keep_proof(folder: pathlib.Path, pack_id: str | None, level: Level, seed: int,
               commands: Sequence[Command]) -> pathlib.Path:
    """Write a game that wins `level` as its proof in the pack folder (replays/LEVEL_ID.yaml,
    atomically; the replays folder is made when missing). The game is played through the rules
    first: one that does not win the level as it is raises ReplayFileError and writes nothing."""
    target = proof_file(folder, level.id)
    try:
        replay = replay_of(level, seed, commands, pack_id)
    except IllegalMove as exc:
        raise ReplayFileError(FileProblem(str(target), 1, 1, "commands",
                                          f"the game does not play on '{level.id}': {shorten(str(exc), 200)}")) from None
    state = verify_replay(replay, level).state
    if state.status != Status.WON:
        raise ReplayFileError(FileProblem(str(target), 1, 1, "commands",
                                          f"the game ends {state.status}, not won, on '{level.id}' as it is"))
    try:
        gate.guard(target, within=folder)
    except gate.PathRefused as exc:
        why = "is a link: a proof is written only into the pack's own folder" if exc.reason == gate.LINK else exc.reason
        raise ReplayFileError(FileProblem(str(exc.path), 1, 1, "", why)) from None
    save_replay(replay, target)
    return target
