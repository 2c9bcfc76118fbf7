"""Files dropped on the game's window and share codes pasted: a pack installs, a game plays in the
theatre, a level opens; what cannot be used is said on a notice screen."""

from __future__ import annotations

import os
import pathlib
from typing import Any, Callable, Protocol, Sequence

import arcade

from game.core import CodeKind, Command, Divergence, IllegalMove, find_code, first_divergence, unpack_code
from game.io import LevelFileError, is_pack_path, load_level
from game.io import Pack, install_pack
from game.io.codes import CodeError, Opened, open_code
from game.io.packs import PackExistsError, lone_level_pack
from game.io.replay import Replay, ReplayFileError, is_replay_file, load_replay
from game.ui.shelf import Shelf
from game.core import counted
from game.io import gate

from .screens.code_entry import CodeEntryView
from .screens.levels import LevelsView
from .screens.notice import NoticeView
from .screens.packs import PacksView
from .screens.proving import ProofJob, ProvingView
from .screens.settings import SettingsView

Back = Callable[[], object]


class DropHost(Protocol):
    """What opening a dropped file needs of the shell."""

    window: arcade.Window
    shelf: Shelf

    @property
    def can_edit(self) -> bool: ...
    def show(self, view: Any) -> Any: ...
    def show_title(self) -> Any: ...
    def show_packs(self) -> Any: ...
    def show_levels(self, pack_id: str, focus_level: str | None = None) -> Any: ...
    def play_level(self, pack_id: str, level_id: str) -> Any: ...
    def watch(self, pack_id: str, level_id: str, seed: int, commands: Sequence[Command], title: str,
              rules: int = ...) -> Any: ...
    def back_to_game(self) -> Back | None: ...


class Drops:
    """Answers pyglet's drop event whatever screen is up: what cannot be used is said on a notice
    screen (file, line and field), never raised."""

    def __init__(self, host: DropHost) -> None:
        self.host = host
        # Under the views' handlers on the window's stack, so whatever screen is up, the app answers.
        host.window.push_handlers(on_file_drop=self.on_file_drop)

    def on_file_drop(self, x: int, y: int, paths: list[str]) -> bool:
        """pyglet's drop event: open the first file dropped (one thing at a time). Never over the
        editor or its play-test: leaving it there could drop a designer's unsaved work."""
        view = self.host.window.current_view
        if self.host.can_edit and (hasattr(view, "model") or getattr(view, "playtest", False)):
            say = getattr(view, "say", None)
            if say is not None:
                say("files dropped here are not opened: use Open in the editor, or drop them on the game's screens")
            return True
        if paths:
            self.open(pathlib.Path(paths[0]))
        return True

    def open(self, path: pathlib.Path) -> Any:
        """Install a pack, watch a replay, or play a level, by what the file is."""
        back = self._back_from(self.host.window.current_view)
        try:
            if is_pack_path(path):
                return self.install(path, back)
            if is_replay_file(path):
                return self._watch(path, load_replay(path), back)
            level = load_level(path)
        except LevelFileError as exc:
            return self._refused(path, f"{path.name} cannot be opened", exc, back)
        except (ReplayFileError, OSError, ValueError) as exc:
            return self.notice(f"{path.name} cannot be opened", [str(exc)], back)
        pack = lone_level_pack(level, path)
        self.host.shelf.add(pack)
        return self.host.play_level(pack.id, level.id)

    def install(self, path: pathlib.Path, back: Back, replace: bool = False) -> Any:
        try:
            pack = install_pack(path, replace=replace)
        except PackExistsError:
            return self.notice("Replace the installed pack?", [
                f"An installed pack already has the id of {path.name}.",
                "Replacing it keeps the old one as a backup; your progress stays."],
                back, [("Replace", lambda: self.install(path, back, replace=True)), ("Cancel", back)])
        except LevelFileError as exc:
            return self._refused(path, f"{path.name} was not installed", exc, back)
        except (OSError, ValueError) as exc:
            return self.notice(f"{path.name} was not installed", [str(exc)], back)
        self.host.shelf.forget_figures(pack.id)
        view = (self.host.show_levels(pack.id) if self.host.shelf.has(pack.id, reload=True)
                else self.host.show_packs())
        view.show_toast(f"Installed \u201c{pack.name}\u201d: {counted(len(pack.levels), 'level')}", seconds=4.0)
        return view

    def _watch(self, path: pathlib.Path, replay: Replay, back: Back) -> Any:
        """A dropped replay, in the theatre: its level from its pack, else the level file shared
        beside it (Share writes both); a replay the rules now play differently says where."""
        shelf = self.host.shelf
        pack_id = next((p.id for p in shelf.packs()[0] if p.id == replay.pack
                        and any(lv.id == replay.level for lv in p.levels)), None)
        if pack_id is None:
            beside = path.parent / f"{replay.level}.yaml"
            if not gate.is_file(beside):
                return self.notice(f"{path.name} cannot be watched", [
                    f"It is a replay of the level '{replay.level}'"
                    + (f" of the pack '{replay.pack}'" if replay.pack else "") + ", which is not installed.",
                    f"Install its pack, or put its level file {beside.name} beside it."], back)
            try:
                level = load_level(beside)
            except (LevelFileError, OSError) as exc:
                return self.notice(f"{beside.name} cannot be opened", [str(exc)], back)
            pack = lone_level_pack(level, beside)
            shelf.add(pack)
            pack_id = pack.id
        level = shelf.level(pack_id, replay.level)
        total = len(replay.commands)
        # A replay proves itself by playing every move: off the UI thread, with progress and Esc,
        # as a pasted game code does (a long one takes seconds).
        job = ProofJob(lambda played: first_divergence(level, replay.seed, replay.commands, replay.checks,
                                                       replay.plays_by, lambda n: played(n, total))).start()
        shown = pack_id
        return self.host.show(ProvingView(self.host.window, job,
                                          lambda done: self._proved(done, path, shown, replay, back), back,
                                          what="replay"))

    def _proved(self, job: ProofJob[Divergence | None], path: pathlib.Path, pack_id: str, replay: Replay,
                back: Back) -> Any:
        if isinstance(job.error, (IllegalMove, ValueError)):
            return self.notice(f"{path.name} does not play", [str(job.error)], back)
        if job.error is not None:
            return self.notice(f"{path.name} cannot be watched", [f"it could not be checked: {job.error}"], back)
        if job.result is not None:
            return self.notice(f"{path.name} plays differently now", [job.result.describe()], back)
        return self.host.watch(pack_id, replay.level, replay.seed, replay.commands, f"Replay {path.name}",
                               rules=replay.plays_by)

    def open_code(self, text: str) -> Any:
        """A share code (pasted with Ctrl+V, or given to `gridfall play CODE`): a level plays, a
        game opens in the theatre; a bad code is said in one line on a notice screen."""
        back = self._back_from(self.host.window.current_view)
        code = find_code(text)
        if code is None:
            return self.notice("No code to open", [
                "A Gridfall share code starts with GFL1 for a level, GFG2 for a game:",
                "copy one and press Ctrl+V, or type it in Enter a code on the title."], back)
        try:
            kind = unpack_code(code)[0]   # bounded by the code's length: a damaged code is said at once
        except CodeError as exc:
            return self._refused_code(exc, back)
        if kind is CodeKind.GAME:
            # A game proves itself by playing every move: off the UI thread, with progress and Esc.
            job = ProofJob(lambda played: open_code(code, played)).start()
            return self.host.show(ProvingView(self.host.window, job, lambda done: self._opened(done, back), back))
        try:
            return self._show(open_code(code))
        except (LevelFileError, CodeError) as exc:
            return self._refused_code(exc, back)

    def _opened(self, job: ProofJob[Opened], back: Back) -> Any:
        if isinstance(job.error, (LevelFileError, CodeError)):
            return self._refused_code(job.error, back)
        if job.error is not None or job.result is None:
            return self.notice("The code cannot be opened", [f"it could not be checked: {job.error}"], back)
        return self._show(job.result)

    def _refused_code(self, exc: LevelFileError | CodeError, back: Back) -> Any:
        if isinstance(exc, LevelFileError):
            return self._refused(pathlib.Path("code"), "The code's level cannot be played", exc, back)
        return self.notice("The code cannot be opened", [str(exc)], back)

    def _show(self, opened: Opened) -> Any:
        level = opened.level
        self.host.shelf.add(Pack(id=opened.pack_id, name=level.name, levels=(level,), description="from a share code"),
                            from_code=True)
        if opened.replay is None:
            return self.host.play_level(opened.pack_id, level.id)
        return self.host.watch(opened.pack_id, level.id, opened.replay.seed, opened.replay.commands,
                               f"Game code: {level.name}", rules=opened.replay.plays_by)

    def _back_from(self, view: Any) -> Back:
        """Where a notice's Back goes: the screen the file was dropped on (a game: the screen it
        was chosen on)."""
        game = self.host.back_to_game()
        if game is not None:
            return game
        if isinstance(view, CodeEntryView):   # back to the field, the code as it was typed, to fix it
            return lambda: self.host.show(view)
        if isinstance(view, (PacksView, SettingsView)):
            return self.host.show_packs
        if isinstance(view, LevelsView):
            pack_id = view.pack_id
            return lambda: self.host.show_levels(pack_id)
        return self.host.show_title

    def _refused(self, path: pathlib.Path, title: str, exc: LevelFileError, back: Back) -> Any:
        # Each problem as file:line:col: field: what, the file named by its name (its folder
        # is where the player dropped it from, and would push the words off the screen).
        folder = str(path.parent) + os.sep
        problems = [str(p).replace(folder, "") for p in exc.problems[:6]]
        if len(exc.problems) > 6:
            problems.append(f"... and {len(exc.problems) - 6} more")
        n = len(exc.problems)
        return self.notice(title, [f"{counted(n, 'problem')} to fix first:", *problems], back, danger=True)

    def notice(self, title: str, lines: Sequence[str], back: Back,
               choices: Sequence[tuple[str, Back]] | None = None, danger: bool = False) -> Any:
        text = [line for raw in lines for line in str(raw).splitlines()][:10]
        return self.host.show(NoticeView(self.host.window, title, text, choices or [("OK", back)], danger=danger))
