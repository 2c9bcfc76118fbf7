"""Keeping a won play-test as the level's proof: replays/LEVEL_ID.yaml in its pack, which
`gridfall validate` and `pack install` then report proven."""

from __future__ import annotations

import pathlib
from collections.abc import Callable
from typing import Any

from game.core import Level, Status, shorten
from game.io import LevelFileError, load_level
from game.io.pack_files import PACK_FILE, check_pack
from game.io.pack_proofs import keep_proof, proof_file
from game.io.problems import FileProblem
from game.io.replay import ReplayFileError
from game.io import gate

from . import backups
from .host import Host
from .widgets import Dialog

Save = Callable[[Callable[[], None] | None], bool]


class ProofFlow:
    """A part: after a won play-test of a level filed in a pack, asks whether to keep the game as
    the level's proof (saving the level first when it has unsaved edits, which the game was
    played on). The proof is the game played again on the level file, so it proves the file."""

    def __init__(self, host: Host, save: Save) -> None:
        self.host = host
        self._save = save
        self.offered: tuple[Level, Any] | None = None   # the level played and how the game went

    def folder(self) -> pathlib.Path | None:
        """The pack folder of the open level's file (None: not saved into a pack)."""
        path = self.host.model.path
        if path is None or not gate.is_file(path.parent / PACK_FILE):
            return None
        return path.parent

    def offer(self, level: Level, outcome: Any) -> None:
        """A play-test ended: a win is offered as the proof (a game lost or left is not)."""
        if outcome is None or outcome.status != Status.WON:
            return
        n = len(outcome.commands)
        moves = f"{n} move{'' if n == 1 else 's'}"
        folder = self.folder()
        if folder is None:
            self.host.say(f"play-test won in {moves}: save the level into a pack to keep such a "
                          "game as its proof")
            return
        self.offered = (level, outcome)
        target = proof_file(folder, level.id)
        rows: list[list[tuple[Any, ...]]] = [
            [("label", f"Keep it as the proof of '{shorten(level.id, 40)}': {target.parent.name}/{target.name} "
                       "in the pack, so", 700)],
            [("label", "gridfall validate and pack install report the level proven.", 700)],
        ]
        if gate.is_file(target):
            rows.append([("label", "It replaces the proof kept there now (the old one goes to the backups).", 700)])
        if self.host.model.dirty:
            rows.append([("label", "The level has unsaved changes: it is saved first, as played.", 700)])
        rows.append([("button", "Keep as proof", 170, self.keep), ("button", "Not now", 120, self.decline)])
        self.host.open_dialog(Dialog(self.host.window, f"Won in {moves}", rows, width=740,
                                     default="Keep as proof"))

    def decline(self) -> None:
        self.offered = None
        self.host.close_dialog()

    def keep(self) -> None:
        """Write the proof (after saving the level when it has unsaved edits)."""
        self.host.close_dialog()
        if self.offered is None:
            return
        level, _outcome = self.offered
        try:
            now = self.host.model.level()
        except ValueError:
            now = None
        if now is None or now.content_hash() != level.content_hash():
            self.offered = None
            self.host.say("the level changed since the play-test: play it again to keep a proof", bad=True)
            return
        if self.host.model.dirty:
            self._save(self._write)
            return
        self._write()

    def _write(self) -> None:
        offered, self.offered = self.offered, None
        folder, path = self.folder(), self.host.model.path
        if offered is None or folder is None or path is None:
            self.host.say("not kept: the level is not saved in a pack", bad=True)
            return
        level, outcome = offered
        try:
            # The file as saved is what validate proves: the game is checked against it.
            saved = load_level(path)
            if saved.content_hash() != level.content_hash():
                raise ReplayFileError(FileProblem(str(path), 1, 1, "", "the saved file is not the level played"))
            pack_id = _pack_id(folder)
            backups.keep(proof_file(folder, saved.id))
            written = keep_proof(folder, pack_id, saved, outcome.seed, outcome.commands)
        except (ReplayFileError, LevelFileError) as error:
            self.host.say(f"not kept: {shorten(str(error), 200)}", bad=True)
            return
        except OSError as error:
            self.host.failed(f"the proof of {level.id}", error, "keep")
            return
        self.host.say(f"kept as the proof of {saved.id}: {written.parent.name}/{written.name} "
                      "(gridfall validate: proven)")


def _pack_id(folder: pathlib.Path) -> str:
    """The pack's id as its pack.yaml says it (the folder's name when it cannot be read)."""
    pack, _problems = check_pack(folder)
    return pack.id if pack is not None else folder.name
