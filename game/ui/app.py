"""The game's shell: the window, navigation between screens, saved progress and resume."""

from __future__ import annotations

import dataclasses
import datetime
import os
import pathlib
import sys
from typing import Any, Callable, Sequence, TypeVar

import arcade

from game.bots.daily import DAILY_MODES, DailyPuzzle, daily_puzzle, today_puzzles
from game.core import Command, IllegalMove, Level, Session, Status, next_deal, stars
from game.io import LevelFileError, Pack, list_packs
from game.io.daily_records import (
    REPLAY_FOLDER, DailyRecords, load_daily_records, save_daily_records, save_daily_replay,
)
from game.io.paths import data_dir
from game.io.paths import installed_packs_dir
from game.io.playtest_file import PlaytestFileError, StoredPlaytest, StoredResult, read_results
from game.io.progress import Progress, load_progress, save_progress
from game.io.settings import Settings, load_settings, save_settings
from game.ui.outcome import Action, PlayOutcome

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

    def play_level(self, pack_id: str, level_id: str, *, fresh: bool = False, seed: int | None = None) -> Any:
        """Show the play view for a level, resuming its saved game unless `fresh` (or a `seed`
        to deal is given: a Retry's new deal, or `gridfall play --seed`)."""
        from game.ui.play_view import PlayView  # the play screen is heavy: load it when first needed

        level = self._level(pack_id, level_id)
        if fresh or seed is not None:
            self.progress.clear_game(pack_id, level_id)
            self._save()
        start, commands = self.resume_point(pack_id, level)
        if seed is not None:
            start, commands = seed, ()
        figures = self.difficulty(pack_id, level_id)
        view = PlayView(level, seed=start, commands=commands, settings=self.settings,
                        difficulty=None if figures is None else difficulty_line(figures),
                        on_leave=lambda outcome: self._left_level(pack_id, level_id, outcome),
                        on_fullscreen=self.toggle_fullscreen, on_change=self.save_current,
                        show_goals=not commands)
        self._show(view)
        self.playing = (pack_id, level_id, view)
        if commands:
            view.say(f"Welcome back: {len(commands)} move{'s' if len(commands) != 1 else ''} in.")
        return view

    def _record(self, pack_id: str, level: Level, status: Status, score: int, star_count: int, seed: int,
                commands: Sequence[Command]) -> None:
        if status == Status.WON:
            self.progress.record_win(pack_id, level.id, score, star_count)
        elif status == Status.LOST:
            self.progress.clear_game(pack_id, level.id)  # a lost game is not worth resuming
        else:
            self.progress.save_game(pack_id, level.id, seed, commands, level)
        self._save()

    def _left_level(self, pack_id: str, level_id: str, outcome: PlayOutcome) -> None:
        """The play view's way out: record the outcome, then go where the player asked."""
        level = self._level(pack_id, level_id)
        self._record(pack_id, level, outcome.status, outcome.score, outcome.stars, outcome.seed, outcome.commands)
        self.playing = None
        action = outcome.action
        if action == Action.RETRY:
            # A new board each time, as the genre deals; its seed is shown, so it can be replayed.
            self.play_level(pack_id, level_id, seed=next_deal(level, outcome.seed))
            return
        if action == Action.NEXT:
            ids = self.level_ids(pack_id)
            i = ids.index(level_id)
            if i + 1 < len(ids) and self.progress.unlocked(pack_id, ids, ids[i + 1]):
                self.play_level(pack_id, ids[i + 1])
                return
        self.show_levels(pack_id, focus_level=level_id)

    # -- the daily puzzles --------------------------------------------------------------------
    def daily_puzzles(self) -> list[DailyPuzzle]:
        """Today's puzzle of each mode (made from the date: the same for every player)."""
        return today_puzzles(self.today())

    def daily_folder(self) -> pathlib.Path:
        return data_dir() / REPLAY_FOLDER

    def play_daily(self, mode: str) -> Any:
        """Play today's puzzle of `mode` from its own seed (a Retry deals the same board again)."""
        from game.ui.play_view import PlayView

        puzzle = daily_puzzle(self.today(), mode)
        view = PlayView(puzzle.level, seed=puzzle.seed, settings=self.settings,
                        on_leave=lambda outcome: self._left_daily(puzzle, outcome),
                        on_fullscreen=self.toggle_fullscreen, on_change=self.save_current,
                        show_goals=True)
        self._show(view)
        self.daily_playing = (puzzle, view)
        return view

    def _record_daily(self, puzzle: DailyPuzzle, seed: int, commands: Sequence[Command]) -> None:
        """Count a won daily: the day's best and the streak; a new best keeps its replay."""
        state = Session.replay(puzzle.level, seed, commands).state
        if state.status != Status.WON:
            return
        better = self.daily_records.record_win(puzzle.mode.value, puzzle.date, state.score, stars(state),
                                               state.moves)
        try:
            save_daily_records(self.daily_records)
            if better:
                save_daily_replay(puzzle.level, seed, commands)
        except OSError as exc:
            print(f"gridfall: could not save the daily records: {exc}", file=sys.stderr)

    def _left_daily(self, puzzle: DailyPuzzle, outcome: PlayOutcome) -> None:
        self.daily_playing = None
        self._record_daily(puzzle, outcome.seed, outcome.commands)
        mode = puzzle.mode.value
        if outcome.action == Action.RETRY:
            self.play_daily(mode)
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
            # A daily is not resumed; a win counts as soon as it is made (even if the window
            # closes on the result screen).
            puzzle, view = self.daily_playing
            if view.session.state.status == Status.WON:
                self._record_daily(puzzle, view.session.seed, view.session.commands)
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


class GridfallWindow(arcade.Window):
    """The game's own window: resizable with a minimum size; closing it saves the game in progress."""

    def __init__(self, *, fullscreen: bool = False, visible: bool = True) -> None:
        # No multisampling: our sprites gain nothing from it, and on software GL it makes
        # every frame about 2.5x slower (bench/render.py).
        super().__init__(WINDOW_SIZE[0], WINDOW_SIZE[1], TITLE, fullscreen=fullscreen, resizable=True,
                         visible=visible, center_window=True, antialiasing=False)
        self.set_minimum_size(*MIN_SIZE)
        self.app: App | None = None

    def on_close(self) -> None:
        if self.app is not None:
            self.app.save_current()
            self.app.playing = None
        super().on_close()


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
) -> int:
    """Open the game window on the title screen, or straight on a level of `pack`; return an exit code.

    With `frames`, run that many fixed 1/60 s frames and stop (smoke runs, headless screenshots).
    `seed` deals the level from that seed instead of resuming it.
    `editor_factory` opens the level editor from the title screen; the command line passes it in
    because the game sits below the editor in the layers and never imports it.
    """
    settings = load_settings()
    headless = bool(os.environ.get("ARCADE_HEADLESS"))
    window = GridfallWindow(fullscreen=settings.fullscreen and not headless, visible=not headless)
    app = App(window, editor_factory=editor_factory)
    window.app = app
    if pack is not None:
        app.add_pack(pack)
        first = level_id or app.first_open_level(pack.id)
        if first is None:
            app.show_levels(pack.id)  # an empty pack: its levels screen says so
        else:
            app.play_level(pack.id, first, seed=seed)
    else:
        app.show_title()
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
