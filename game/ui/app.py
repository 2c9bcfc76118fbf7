"""The game's shell: the window, navigation between screens, saved progress and resume."""

from __future__ import annotations

import dataclasses
import datetime
import os
import pathlib
import sys
from typing import Any, Callable, Sequence, TypeVar

import arcade
import pyglet

from game.bots.daily import DAILY_MODES, DailyPuzzle, daily_puzzle, today_puzzles
from game.core import RULES_VERSION, Command, IllegalMove, Level, Session, Status, first_divergence, next_deal, stars
from game.io import LevelFileError, Pack, list_packs
from game.io.daily_records import (
    REPLAY_FOLDER, DailyRecords, daily_replay_path, load_daily_records, save_daily_records, save_daily_replay,
)
from game.io.kept_replays import Kept, best_win, keep_finished
from game.io.paths import data_dir, installed_packs_dir
from game.io.replay import ReplayFileError, is_replay_file, load_replay
from game.io.playtest_file import PlaytestFileError, StoredPlaytest, StoredResult, read_results
from game.io.progress import Progress, load_progress, save_progress
from game.io.settings import Settings, load_settings, save_settings
from game.ui.frames import OnDemandWindow
from game.ui.outcome import Action, PlayOutcome
from game.ui.words import counted

from .screens.daily import DailyView
from .screens.levels import LevelsView
from .screens.packs import PacksView
from .screens.settings import SettingsView
from .screens.title import TitleView


WINDOW_SIZE = (1280, 800)
MIN_SIZE = (960, 640)
TITLE = "Gridfall"

EditorFactory = Callable[..., Any]
V = TypeVar("V", bound=arcade.View)
PackSource = Callable[[], Sequence[Pack]]


def _default_packs() -> Sequence[Pack]:
    """Built-in and installed packs; a broken one is left out and reported, never fatal."""
    errors: list[LevelFileError] = []
    packs = list_packs(errors)
    if errors:
        lines = [str(p) for exc in errors for p in exc.problems[:1]]
        raise _PartialPacks(packs, f"{len(errors)} pack(s) could not be read: " + "; ".join(lines[:3]))
    return packs


class _PartialPacks(Exception):
    """The packs that loaded, and what was wrong with the others."""

    def __init__(self, packs: list[Pack], message: str) -> None:
        super().__init__(message)
        self.packs = packs


class App:
    """Owns navigation: title, packs, levels, play, settings; shows each on `window`.

    Every way out of a level updates the saved progress: a win records score and stars, a
    game left midway keeps its seed and commands so that coming back resumes it exactly.
    """

    def __init__(
        self,
        window: arcade.Window,
        *,
        editor_factory: EditorFactory | None = None,
        packs: PackSource | None = None,
        on_quit: Callable[[], None] | None = None,
    ) -> None:
        self.window = window
        self.editor_factory = editor_factory
        self._pack_source = packs or _default_packs
        self._extra_packs: list[Pack] = []
        self._packs: list[Pack] | None = None
        self._results: dict[str, StoredPlaytest | None] = {}   # each pack's playtest.yaml, read once
        self._pack_error: str | None = None
        self._on_quit = on_quit
        notices: list[str] = []
        self.settings: Settings = load_settings(notices=notices)
        loaded = load_progress()
        self.progress: Progress = loaded.progress
        if loaded.notice:
            notices.append(loaded.notice)
        daily = load_daily_records()
        self.daily_records: DailyRecords = daily.records
        if daily.notice:
            notices.append(daily.notice)
        # The day the daily screen offers: the local date (a test sets its own).
        self.today: Callable[[], datetime.date] = datetime.date.today
        self.daily_playing: tuple[DailyPuzzle, Any] | None = None   # (the puzzle, its play view)
        # Told once: the title screen shows it until the player dismisses it or moves on.
        self.notice: str | None = " ".join(notices) or None
        self.playing: tuple[str, str, Any] | None = None  # (pack id, level id, play view)
        self._best: dict[tuple[str, str], Kept | None] = {}   # each level's best win, read once
        from game.ui.share_job import ShareJobs   # subprocess: only the app ever shares

        self.share_jobs = ShareJobs()
        self._polling_shares = False
        # A file dropped on the window: a pack installs, a replay plays, a level opens. Under the
        # views' handlers on the window's stack, so whatever screen is up, the app answers.
        window.push_handlers(on_file_drop=self.on_file_drop)

    # -- packs -----------------------------------------------------------------------------
    def add_pack(self, pack: Pack) -> None:
        """A pack opened from a path (or a lone level file): listed first, before the known ones."""
        self._extra_packs = [p for p in self._extra_packs if p.id != pack.id] + [pack]
        self._packs = None

    def packs(self, reload: bool = False) -> tuple[list[Pack], str | None]:
        """The packs to show, and a message when they could not all be read."""
        if self._packs is None or reload:
            found: list[Pack] = []
            self._pack_error = None
            try:
                found = list(self._pack_source())
            except _PartialPacks as partial:
                found, self._pack_error = partial.packs, str(partial)
            except Exception as exc:  # a broken pack must not take the menu down with it
                self._pack_error = f"Some packs could not be read: {exc}"
            extra_ids = {p.id for p in self._extra_packs}
            self._packs = self._extra_packs + [p for p in found if p.id not in extra_ids]
        return list(self._packs), self._pack_error

    def pack(self, pack_id: str) -> Pack:
        for p in self.packs()[0]:
            if p.id == pack_id:
                return p
        raise KeyError(f"no pack with id {pack_id!r}")

    def installed_dir(self) -> pathlib.Path:
        return installed_packs_dir()

    # -- screens -------------------------------------------------------------------------
    def _show(self, view: V) -> V:
        self.save_current()
        self.playing = None
        self.daily_playing = None
        self.window.show_view(view)
        return view

    def show_title(self) -> TitleView:
        view = self._show(TitleView(self, self.notice))
        return view

    def show_packs(self) -> PacksView:
        self.notice = None  # the player has seen the title's notice and moved on
        self.packs(reload=True)
        return self._show(PacksView(self))

    def show_levels(self, pack_id: str, focus_level: str | None = None) -> LevelsView:
        return self._show(LevelsView(self, pack_id, focus_level))

    def show_daily(self, focus_mode: str | None = None) -> DailyView:
        self.notice = None
        return self._show(DailyView(self, focus_mode))

    def show_settings(self, back: Callable[[], object] | None = None) -> SettingsView:
        self.notice = None
        return self._show(SettingsView(self, back))

    def open_editor(self) -> None:
        if self.editor_factory is None:
            return
        self.save_current()
        self.playing = None
        self.editor_factory(self.window, path=None, on_leave=lambda *args, **kwargs: self.show_title())

    def quit(self) -> None:
        self.save_current()
        self.remember_window()
        if self._on_quit is not None:
            self._on_quit()
        else:
            self.window.close()

    # -- settings ------------------------------------------------------------------------
    def update_settings(self, **changes: Any) -> Settings:
        """Change and save settings at once; fullscreen applies to the game window right away."""
        before = self.settings
        self.settings = dataclasses.replace(before, **changes)
        try:
            save_settings(self.settings)
        except OSError as exc:
            # A read-only or full data folder: the change holds for this session; say so.
            print(f"gridfall: could not save settings: {exc}", file=sys.stderr)
        if self.settings.fullscreen != before.fullscreen:
            self.apply_fullscreen()
        return self.settings

    def apply_fullscreen(self) -> None:
        # Only the real game window changes mode; a test's shared window keeps its size.
        if isinstance(self.window, GridfallWindow):
            self.window.set_fullscreen(self.settings.fullscreen)

    def toggle_fullscreen(self) -> None:
        self.update_settings(fullscreen=not self.settings.fullscreen)

    def remember_window(self) -> None:
        """Keep the window's size for the next start (a full-screen window has no size of its own)."""
        if self.window.fullscreen:
            return
        size = (int(self.window.width), int(self.window.height))
        if size != self.settings.window:
            self.update_settings(window=size)

    # -- playing ---------------------------------------------------------------------------
    def level_ids(self, pack_id: str) -> list[str]:
        return [lv.id for lv in self.pack(pack_id).levels]

    def difficulty(self, pack_id: str, level_id: str) -> StoredResult | None:
        """The pack's stored playtest figures for a level (gridfall playtest --write), when they
        are there and still match the level; a broken file shows nothing rather than stopping."""
        if pack_id not in self._results:
            try:
                self._results[pack_id] = read_results(self.pack(pack_id))
            except (PlaytestFileError, OSError, KeyError):
                self._results[pack_id] = None
        stored = self._results[pack_id]
        result = stored.levels.get(level_id) if stored is not None else None
        return result if result is not None and result.current else None

    def _level(self, pack_id: str, level_id: str) -> Level:
        for lv in self.pack(pack_id).levels:
            if lv.id == level_id:
                return lv
        raise KeyError(f"pack {pack_id!r} has no level {level_id!r}")

    def first_open_level(self, pack_id: str) -> str | None:
        """The first level not yet completed (the first level when all are); None for an empty pack."""
        ids = self.level_ids(pack_id)
        if not ids:
            return None
        return next((lid for lid in ids if not self.progress.get(pack_id, lid).completed), ids[0])

    def resume_point(self, pack_id: str, level: Level) -> tuple[int, tuple[Command, ...]]:
        """The seed and commands to start `level` from: the saved game if it still replays."""
        seed = level.play_seed
        saved = self.progress.saved_game(pack_id, level.id, level)
        if saved is None:
            return seed, ()
        try:
            commands = saved.parsed_commands()
            Session.replay(level, saved.seed, commands)
        except (ValueError, IllegalMove):
            # The level changed under the saved game: start over rather than show a wrong board.
            self.progress.clear_game(pack_id, level.id)
            self._save()
            return seed, ()
        return saved.seed, commands

    def play_level(self, pack_id: str, level_id: str, *, fresh: bool = False, seed: int | None = None,
                   commands: Sequence[Command] | None = None) -> Any:
        """Show the play view for a level, resuming its saved game unless `fresh` (or a `seed`
        to deal is given: a Retry's new deal, or `gridfall play --seed`; with `commands`, the
        game that far: the theatre's "play from here")."""
        from game.ui.play_view import PlayView  # the play screen is heavy: load it when first needed

        level = self._level(pack_id, level_id)
        if fresh or seed is not None:
            self.progress.clear_game(pack_id, level_id)
            self._save()
        start, played = self.resume_point(pack_id, level)
        if seed is not None:
            start, played = seed, tuple(commands or ())
        figures = self.difficulty(pack_id, level_id)
        view = PlayView(level, seed=start, commands=played, settings=self.settings,
                        difficulty=None if figures is None else difficulty_line(figures),
                        on_leave=lambda outcome: self._left_level(pack_id, level_id, outcome),
                        on_fullscreen=self.toggle_fullscreen, on_change=self.save_current,
                        show_goals=not played,
                        on_share=lambda s, c: self.share(pack_id, level, s, c),
                        next_label=self._next_label(pack_id, level_id))
        self._show(view)
        self.playing = (pack_id, level_id, view)
        view.on_settings = lambda: self._settings_mid_level(view, lambda: setattr(self, "playing", (pack_id, level_id, view)))
        if commands:
            view.say(f"Playing on from move {len(played)} of the replay.")
            self.save_current()   # the branch is this level's game now: a kill keeps it
        elif played:
            view.say(f"Welcome back: {counted(len(played), 'move')} in.")
        return view

    # -- dropped files ----------------------------------------------------------------------
    def on_file_drop(self, x: int, y: int, paths: list[str]) -> bool:
        """pyglet's drop event: open the first file dropped (one thing at a time). Never over the
        editor or its play-test: leaving it there could drop a designer's unsaved work."""
        view = self.window.current_view
        if self.editor_factory is not None and (hasattr(view, "model") or getattr(view, "playtest", False)):
            say = getattr(view, "say", None)
            if say is not None:
                say("files dropped here are not opened: use Open in the editor, or drop them on the game's screens")
            return True
        if paths:
            self.open_dropped(pathlib.Path(paths[0]))
        return True

    def open_dropped(self, path: pathlib.Path) -> Any:
        """Install a pack, watch a replay, or play a level, by what the file is; anything that
        cannot be used is said on a notice screen (file, line and field), never raised."""
        from game.io import is_pack_path, load_level
        from game.io.packs import lone_level_pack

        back = self._back_from(self.window.current_view)
        try:
            if is_pack_path(path):
                return self.install_dropped(path, back)
            if is_replay_file(path):
                return self._watch_dropped(path, load_replay(path), back)
            level = load_level(path)
        except LevelFileError as exc:
            return self._refused(path, f"{path.name} cannot be opened", exc, back)
        except (ReplayFileError, OSError, ValueError) as exc:
            return self._notice(f"{path.name} cannot be opened", [str(exc)], back)
        pack = lone_level_pack(level, path)
        self.add_pack(pack)
        return self.play_level(pack.id, level.id)

    def open_code(self, text: str) -> Any:
        """A share code (pasted with Ctrl+V, or given to `gridfall play CODE`): a level plays, a
        game opens in the theatre; a bad code is said in one line on a notice screen."""
        from game.core import find_code
        from game.io.codes import CodeError, open_code

        back = self._back_from(self.window.current_view)
        code = find_code(text)
        if code is None:
            return self._notice("No code to open", [
                "Copy a Gridfall share code first (it starts with GFL1 for a level, GFG1 for a game),",
                "then press Ctrl+V or Paste a code."], back)
        try:
            opened = open_code(code)
        except LevelFileError as exc:
            return self._refused(pathlib.Path("code"), "The code's level cannot be played", exc, back)
        except CodeError as exc:
            return self._notice("The code cannot be opened", [str(exc)], back)
        level = opened.level
        self.add_pack(Pack(id=opened.pack_id, name=level.name, levels=(level,), description="from a share code"))
        if opened.replay is None:
            return self.play_level(opened.pack_id, level.id)
        return self.watch(opened.pack_id, level.id, opened.replay.seed, opened.replay.commands,
                          f"Game code: {level.name}", rules=opened.replay.plays_by)

    def install_dropped(self, path: pathlib.Path, back: Callable[[], object], replace: bool = False) -> Any:
        from game.io import install_pack
        from game.io.packs import PackExistsError

        try:
            pack = install_pack(path, replace=replace)
        except PackExistsError:
            return self._notice("Replace the installed pack?", [
                f"An installed pack already has the id of {path.name}.",
                "Replacing it keeps the old one as a backup; your progress stays."],
                back, [("Replace", lambda: self.install_dropped(path, back, replace=True)), ("Cancel", back)])
        except LevelFileError as exc:
            return self._refused(path, f"{path.name} was not installed", exc, back)
        except (OSError, ValueError) as exc:
            return self._notice(f"{path.name} was not installed", [str(exc)], back)
        self._results.pop(pack.id, None)
        view = self.show_levels(pack.id) if self._has_pack(pack.id) else self.show_packs()
        view.show_toast(f"Installed \u201c{pack.name}\u201d: {counted(len(pack.levels), 'level')}", seconds=4.0)
        return view

    def _has_pack(self, pack_id: str) -> bool:
        return any(p.id == pack_id for p in self.packs(reload=True)[0])

    def _watch_dropped(self, path: pathlib.Path, replay: Any, back: Callable[[], object]) -> Any:
        """A dropped replay, in the theatre: its level from its pack, else the level file shared
        beside it (Share writes both); a replay the rules now play differently says where."""
        from game.io import load_level
        from game.io.packs import lone_level_pack

        pack_id = next((p.id for p in self.packs()[0] if p.id == replay.pack
                        and any(lv.id == replay.level for lv in p.levels)), None)
        if pack_id is None:
            beside = path.parent / f"{replay.level}.yaml"
            if not beside.is_file():
                return self._notice(f"{path.name} cannot be watched", [
                    f"It is a replay of the level '{replay.level}'"
                    + (f" of the pack '{replay.pack}'" if replay.pack else "") + ", which is not installed.",
                    f"Install its pack, or put its level file {beside.name} beside it."], back)
            try:
                level = load_level(beside)
            except (LevelFileError, OSError) as exc:
                return self._notice(f"{beside.name} cannot be opened", [str(exc)], back)
            pack = lone_level_pack(level, beside)
            self.add_pack(pack)
            pack_id = pack.id
        level = self._level(pack_id, replay.level)
        try:
            divergence = first_divergence(level, replay.seed, replay.commands, replay.checks, replay.plays_by)
        except (IllegalMove, ValueError) as exc:
            return self._notice(f"{path.name} does not play", [str(exc)], back)
        if divergence is not None:
            return self._notice(f"{path.name} plays differently now", [divergence.describe()], back)
        return self.watch(pack_id, level.id, replay.seed, replay.commands, f"Replay {path.name}",
                          rules=replay.plays_by)

    def _back_from(self, view: Any) -> Callable[[], object]:
        """Where a notice's Back goes: the screen the file was dropped on (a game: its levels)."""
        if self.playing is not None:
            pack_id, level_id, _ = self.playing
            return lambda: self.show_levels(pack_id, focus_level=level_id)
        if isinstance(view, (PacksView, SettingsView)):
            return self.show_packs
        if isinstance(view, LevelsView):
            pack_id = view.pack_id
            return lambda: self.show_levels(pack_id)
        return self.show_title

    def _refused(self, path: pathlib.Path, title: str, exc: LevelFileError, back: Callable[[], object]) -> Any:
        # Each problem as file:line:col: field: what, the file named by its name (its folder
        # is where the player dropped it from, and would push the words off the screen).
        folder = str(path.parent) + os.sep
        problems = [str(p).replace(folder, "") for p in exc.problems[:6]]
        if len(exc.problems) > 6:
            problems.append(f"... and {len(exc.problems) - 6} more")
        n = len(exc.problems)
        return self._notice(title, [f"{counted(n, 'problem')} to fix first:", *problems], back,
                            danger=True)

    def _notice(self, title: str, lines: Sequence[str], back: Callable[[], object],
                choices: Sequence[tuple[str, Callable[[], object]]] | None = None, danger: bool = False) -> Any:
        from .screens.notice import NoticeView

        text = [line for raw in lines for line in str(raw).splitlines()][:10]
        return self._show(NoticeView(self.window, title, text, choices or [("OK", back)], danger=danger))

    # -- replays ---------------------------------------------------------------------------
    def best_win(self, pack_id: str, level_id: str) -> Kept | None:
        """The level's best win kept in the data folder, when it still plays on the level."""
        if (pack_id, level_id) not in self._best:
            try:
                self._best[(pack_id, level_id)] = best_win(pack_id, self._level(pack_id, level_id))
            except (OSError, ValueError, KeyError):
                self._best[(pack_id, level_id)] = None
        return self._best[(pack_id, level_id)]

    def watch(self, pack_id: str, level_id: str, seed: int, commands: Sequence[Command], title: str,
              rules: int = RULES_VERSION) -> Any:
        """The replay theatre on a game of this level; Back returns to the pack's levels."""
        level = self._level(pack_id, level_id)
        return self._theatre(level, seed, commands, title,
                             back=lambda: self.show_levels(pack_id, focus_level=level_id),
                             play_from=lambda s, c: self.play_level(pack_id, level_id, seed=s, commands=c),
                             pack_id=pack_id, rules=rules)

    def _theatre(self, level: Level, seed: int, commands: Sequence[Command], title: str, *,
                 back: Callable[[], object], play_from: Callable[[int, tuple[Command, ...]], object],
                 pack_id: str | None, rules: int = RULES_VERSION) -> Any:
        """The theatre on any game (a pack's level or a daily): where Back and play-from go is the caller's."""
        from game.ui.theatre import TheatreView

        view = TheatreView(level, seed, commands, title=title, settings=self.settings, on_back=back,
                           on_play_from=play_from, on_share=lambda s, c: self.share(pack_id, level, s, c), rules=rules)
        return self._show(view)

    def watch_best(self, pack_id: str, level_id: str) -> Any:
        best = self.best_win(pack_id, level_id)
        if best is None:
            return None
        return self.watch(pack_id, level_id, best.replay.seed, best.replay.commands,
                          f"Your best: {best.score:,} in {counted(best.moves, 'move')}", rules=best.replay.plays_by)

    def share(self, pack_id: str | None, level: Level, seed: int, commands: Sequence[Command]) -> str:
        """Share a game (of a pack's level, or a daily when `pack_id` is None): files in the share
        folder, the card on the clipboard, a GIF on its way."""
        from game.ui.share_job import share

        name: str | None = None
        if pack_id is not None:
            try:
                name = self.pack(pack_id).name
            except KeyError:
                pass
        said = share(self.window, self.share_jobs, level, pack_id, name, seed, commands)
        if self.share_jobs.running and not self._polling_shares:
            self._polling_shares = True
            arcade.schedule(self.poll_shares, 0.5)
        return said

    def poll_shares(self, _delta: float = 0.0) -> None:
        """Say on whatever screen is up when a shared game's GIF is written (or could not be)."""
        toast = getattr(self.window.current_view, "toast", None)
        for shared, ok in self.share_jobs.reap():
            message = (f"The GIF is ready: {shared.gif.name}" if ok
                       else f"The GIF of {shared.replay.name} could not be recorded; the replay is shared.")
            if toast is not None:
                toast.show(message, error=not ok)
        if not self.share_jobs.running and self._polling_shares:
            self._polling_shares = False
            arcade.unschedule(self.poll_shares)

    def _keep(self, pack_id: str, level: Level, seed: int, commands: Sequence[Command]) -> None:
        """Keep a finished game as a replay (and as the best win when it is one)."""
        try:
            kept = keep_finished(level, pack_id, seed, commands)
        except (OSError, ValueError) as exc:
            print(f"gridfall: could not keep the replay: {exc}", file=sys.stderr)
            return
        if kept is not None and kept.won:
            self._best.pop((pack_id, level.id), None)

    def _record(self, pack_id: str, level: Level, status: Status, score: int, star_count: int, seed: int,
                commands: Sequence[Command]) -> None:
        if status == Status.WON:
            self.progress.record_win(pack_id, level.id, score, star_count)
            self._keep(pack_id, level, seed, commands)
        elif status == Status.LOST:
            self.progress.clear_game(pack_id, level.id)  # a lost game is not worth resuming
            self._keep(pack_id, level, seed, commands)
        else:
            self.progress.save_game(pack_id, level.id, seed, commands, level)
        self._save()

    def _left_level(self, pack_id: str, level_id: str, outcome: PlayOutcome) -> None:
        """The play view's way out: record the outcome, then go where the player asked."""
        level = self._level(pack_id, level_id)
        self._record(pack_id, level, outcome.status, outcome.score, outcome.stars, outcome.seed, outcome.commands)
        self.playing = None
        action = outcome.action
        if action == Action.WATCH:
            self.watch(pack_id, level_id, outcome.seed, outcome.commands,
                       "Your game: won" if outcome.status == Status.WON else "Your game")
            return
        if action == Action.RETRY:
            self.play_level(pack_id, level_id, seed=outcome.seed)   # the same deal again
            return
        if action == Action.NEW_DEAL:
            self.play_level(pack_id, level_id, seed=next_deal(level, outcome.seed))
            return
        if action == Action.NEXT:
            ids = self.level_ids(pack_id)
            i = ids.index(level_id)
            if i + 1 < len(ids) and self.progress.unlocked(pack_id, ids, ids[i + 1]):
                self.play_level(pack_id, ids[i + 1])
                return
            after = self._pack_after(pack_id)
            if i + 1 == len(ids) and after is not None:
                # The pack is done: the next one opens, or the packs screen says what it asks.
                if self.stars_to_open(after.id) == 0:
                    self.show_levels(after.id)
                else:
                    self.show_packs().show_toast(self.locked_words(after.id))
                return
        self.show_levels(pack_id, focus_level=level_id)

    def _pack_after(self, pack_id: str) -> Pack | None:
        """The shipped pack shown after `pack_id`, if it is shipped and one follows."""
        packs = [p for p in self.packs()[0] if p.builtin]
        ids = [p.id for p in packs]
        return packs[ids.index(pack_id) + 1] if pack_id in ids and ids.index(pack_id) + 1 < len(ids) else None

    def _next_label(self, pack_id: str, level_id: str) -> str | None:
        """What the result's Next button says: the next level, the next pack, or (the last
        level of the last pack) nothing."""
        ids = self.level_ids(pack_id)
        if level_id in ids and ids.index(level_id) + 1 < len(ids):
            return "Next level"
        return "Next pack" if self._pack_after(pack_id) is not None else None

    def _settings_mid_level(self, view: Any, resume: Callable[[], None]) -> None:
        """The settings from a game's pause menu; Back returns to that game with them applied."""
        def back() -> None:
            self.window.show_view(view)
            resume()
            view.apply_settings(self.settings)
        self.show_settings(back=back)

    def stars_to_open(self, pack_id: str) -> int:
        """Stars still wanted before `pack_id` opens (0: open): see Progress.stars_to_open."""
        packs = [(p.id, [lv.id for lv in p.levels], p.builtin) for p in self.packs()[0]]
        return self.progress.stars_to_open(packs, pack_id)

    def locked_words(self, pack_id: str) -> str:
        """Why a pack is locked, in a player's words."""
        need = self.stars_to_open(pack_id)
        before = next((p for p in self.packs()[0] if p.builtin and self._pack_after(p.id) is not None
                       and self._pack_after(p.id).id == pack_id), None)   # type: ignore[union-attr]
        where = f" in {before.name}" if before is not None else ""
        return f"Earn {counted(need, 'more star')}{where} to open it"

    # -- the daily puzzles --------------------------------------------------------------------
    def daily_puzzles(self) -> list[DailyPuzzle]:
        """Today's puzzle of each mode (made from the date: the same for every player)."""
        return today_puzzles(self.today())

    def daily_folder(self) -> pathlib.Path:
        return data_dir() / REPLAY_FOLDER

    def play_daily(self, mode: str, commands: Sequence[Command] = (), *, fresh: bool = False) -> Any:
        """Play today's puzzle of `mode` from its own seed, resuming a game left halfway today
        unless `fresh` (a Retry: the same board again); with `commands`, on from that far into a
        game (the theatre's "play from here")."""
        from game.ui.play_view import PlayView

        puzzle = daily_puzzle(self.today(), mode)
        seed, played = puzzle.seed, tuple(commands)
        saved = None if commands or fresh else self.daily_records.saved_game(mode, puzzle.date)
        if saved is not None:
            try:
                played = saved.parsed_commands()
                Session.replay(puzzle.level, saved.seed, played)
                seed = saved.seed
            except (ValueError, IllegalMove):
                played = ()   # the generator changed under it: start over rather than show a wrong board
        if fresh or (saved is not None and not played):
            self.daily_records.clear_game(mode)
            self._save_daily()
        view = PlayView(puzzle.level, seed=seed, commands=played, settings=self.settings,
                        on_leave=lambda outcome: self._left_daily(puzzle, outcome),
                        on_fullscreen=self.toggle_fullscreen, on_change=self.save_current,
                        show_goals=not played,
                        on_share=lambda s, c: self.share(None, puzzle.level, s, c),
                        back_to="daily", next_label="Next puzzle", new_deals=False)
        self._show(view)
        self.daily_playing = (puzzle, view)
        view.on_settings = lambda: self._settings_mid_level(view, lambda: setattr(self, "daily_playing", (puzzle, view)))
        if commands:
            view.say(f"Playing on from move {len(commands)} of the replay.")
            self.save_current()   # the branch is today's game now: a kill keeps it
        elif played:
            view.say(f"Welcome back: {counted(len(played), 'move')} in.")
        return view

    def watch_daily(self, puzzle: DailyPuzzle, seed: int, commands: Sequence[Command], title: str) -> Any:
        """A daily game in the theatre; Back returns to the daily screen on its mode."""
        mode = puzzle.mode.value
        return self._theatre(puzzle.level, seed, commands, title,
                             back=lambda: self.show_daily(focus_mode=mode),
                             play_from=lambda s, c: self.play_daily(mode, c), pack_id=None)

    def watch_daily_best(self, mode: str) -> Any:
        """Today's best game of `mode`, kept when it was won; None when there is none to watch."""
        puzzle = daily_puzzle(self.today(), mode)
        best = self.daily_records.best(mode, puzzle.date)
        try:
            replay = load_replay(daily_replay_path(puzzle.level.id))
            if first_divergence(puzzle.level, replay.seed, replay.commands, replay.checks) is not None:
                return None   # kept under rules that have changed since: not today's game any more
        except (OSError, ReplayFileError, ValueError, IllegalMove):
            return None
        title = "Today's best" if best is None else f"Today's best: {best.score:,} in {counted(best.moves, 'move')}"
        return self.watch_daily(puzzle, replay.seed, replay.commands, title)

    def _keep_daily(self, puzzle: DailyPuzzle, status: Status, seed: int, commands: Sequence[Command]) -> None:
        """Keep a daily game: a win counts at once (the day's best, the streak; a new best keeps
        its replay), a loss is dropped, a game in play is kept to resume today."""
        mode = puzzle.mode.value
        better = False
        if status == Status.WON:
            state = Session.replay(puzzle.level, seed, commands).state
            better = self.daily_records.record_win(mode, puzzle.date, state.score, stars(state), state.moves)
            self.daily_records.clear_game(mode)
        elif status == Status.LOST:
            self.daily_records.clear_game(mode)
        else:
            self.daily_records.save_game(mode, puzzle.date, seed, commands)
        self._save_daily()
        if better:
            try:
                save_daily_replay(puzzle.level, seed, commands)
            except OSError as exc:
                print(f"gridfall: could not keep the daily's replay: {exc}", file=sys.stderr)

    def _save_daily(self) -> None:
        try:
            save_daily_records(self.daily_records)
        except OSError as exc:
            print(f"gridfall: could not save the daily records: {exc}", file=sys.stderr)

    def _left_daily(self, puzzle: DailyPuzzle, outcome: PlayOutcome) -> None:
        self.daily_playing = None
        self._keep_daily(puzzle, outcome.status, outcome.seed, outcome.commands)
        mode = puzzle.mode.value
        if outcome.action == Action.WATCH:
            self.watch_daily(puzzle, outcome.seed, outcome.commands,
                             "Your daily: won" if outcome.status == Status.WON else "Your daily")
            return
        if outcome.action == Action.RETRY:
            self.play_daily(mode, fresh=True)
            return
        if outcome.action == Action.NEXT:
            # The next mode not yet won today, in the screen's order.
            modes = [m.value for m in DAILY_MODES]
            later = modes[modes.index(mode) + 1:] + modes[:modes.index(mode)]
            left = [m for m in later if self.daily_records.best(m, puzzle.date) is None]
            if left:
                self.play_daily(left[0])
                return
        self.show_daily(focus_mode=mode)

    def save_current(self) -> None:
        """Keep the game on screen (window closing, quitting): the same as leaving it."""
        if self.daily_playing is not None:
            # After every move: a win counts as soon as it is made (even if the window closes on
            # the result screen), and a game in play resumes after a kill.
            puzzle, view = self.daily_playing
            self._keep_daily(puzzle, view.session.state.status, view.session.seed, view.session.commands)
        if self.playing is None:
            return
        pack_id, level_id, view = self.playing
        session = getattr(view, "session", None)
        if session is None:
            return
        state = session.state
        level = self._level(pack_id, level_id)
        self._record(pack_id, level, state.status, state.score, stars(state), session.seed, session.commands)

    def _save(self) -> None:
        try:
            save_progress(self.progress)
        except OSError as exc:
            # A full disk or read-only folder: keep playing, say so on the console.
            print(f"gridfall: could not save progress: {exc}")


class GridfallWindow(OnDemandWindow):
    """The game's own window: resizable with a minimum size; closing it saves the game in progress."""

    def __init__(self, *, fullscreen: bool = False, visible: bool = True,
                 size: tuple[int, int] = WINDOW_SIZE) -> None:
        # No multisampling: our sprites gain nothing from it, and on software GL it makes
        # every frame about 2.5x slower (bench/render.py).
        super().__init__(size[0], size[1], TITLE, fullscreen=fullscreen, resizable=True,
                         visible=visible, center_window=True, antialiasing=False)
        self.set_minimum_size(*MIN_SIZE)
        self.app: App | None = None

    def _create(self) -> None:
        # Accept dropped files (packs, replays, levels): pyglet asks for it at window creation,
        # and arcade's Window does not pass the option on.
        self._file_drops = True
        super()._create()

    def on_close(self) -> None:
        if self.app is not None:
            self.app.save_current()
            self.app.remember_window()
            self.app.playing = None
        super().on_close()


def window_size(saved: tuple[int, int] | None, screen: tuple[int, int] | None) -> tuple[int, int]:
    """The size to open the window at: the last one kept, else the default; never under the
    minimum, and never larger than the screen (a size kept on a bigger monitor)."""
    width, height = saved if saved is not None else WINDOW_SIZE
    if screen is not None:
        width, height = min(width, screen[0]), min(height, screen[1])
    return max(width, MIN_SIZE[0]), max(height, MIN_SIZE[1])


def _screen_size() -> tuple[int, int] | None:
    """The default screen's size, when there is a display to ask."""
    try:
        screen = pyglet.display.get_display().get_default_screen()
    except Exception:   # no display (headless): no screen to fit
        return None
    return int(screen.width), int(screen.height)


def difficulty_line(figures: StoredResult) -> str:
    """A level's stored playtest figures as the goal card says them."""
    return f"{figures.label.capitalize()}: bots win {figures.pass_rate:.0%} of games"


def run_game(
    *,
    pack: Pack | None = None,
    level_id: str | None = None,
    frames: int | None = None,
    screenshot: pathlib.Path | None = None,
    editor_factory: EditorFactory | None = None,
    seed: int | None = None,
    code: str | None = None,
) -> int:
    """Open the game window on the title screen, or straight on a level of `pack`; return an exit code.

    With `frames`, run that many fixed 1/60 s frames and stop (smoke runs, headless screenshots).
    `seed` deals the level from that seed instead of resuming it.
    `editor_factory` opens the level editor from the title screen; the command line passes it in
    because the game sits below the editor in the layers and never imports it. `code` opens a
    share code (a level to play, a game in the theatre) over the title screen.
    """
    settings = load_settings()
    headless = bool(os.environ.get("ARCADE_HEADLESS"))
    # Shown only once its first screen is made: a window mapped before the game has loaded its
    # packs and records showed black for a moment at every start.
    size = WINDOW_SIZE if headless else window_size(settings.window, _screen_size())
    window = GridfallWindow(fullscreen=settings.fullscreen and not headless, visible=False, size=size)
    app = App(window, editor_factory=editor_factory)
    window.app = app
    from game.ui.pad import PadInput

    pads = PadInput(window)   # controllers found now and plugged in later drive every screen
    pads.start()
    if pack is not None:
        app.add_pack(pack)
        first = level_id or app.first_open_level(pack.id)
        if first is None:
            app.show_levels(pack.id)  # an empty pack: its levels screen says so
        else:
            app.play_level(pack.id, first, seed=seed)
    else:
        app.show_title()
        if code is not None:
            app.open_code(code)
    if not headless:
        window.set_visible(True)
    if frames is None:
        arcade.run()
        return 0
    for _ in range(max(1, frames)):
        window.dispatch_events()
        view = window.current_view
        if view is not None:
            view.on_update(1 / 60)
            view.on_draw()
    if screenshot is not None:
        screenshot.parent.mkdir(parents=True, exist_ok=True)
        arcade.get_image(0, 0, window.width, window.height).convert("RGB").save(screenshot)
    app.save_current()
    window.close()
    return 0
