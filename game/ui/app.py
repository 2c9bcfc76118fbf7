"""The game's shell: navigation between screens, one life for any game played, sharing and the window."""

from __future__ import annotations

import dataclasses
import datetime
import io
import os
import pathlib
from typing import Any, Callable, Sequence, TypeVar

import arcade

from game.bots.daily import DailyPuzzle, daily_puzzle, today_puzzles
from game.core import RULES_VERSION, Command, Mode, Status
from game.io import Pack, PackOrigin, gate, logfile
from game.io.daily_records import REPLAY_FOLDER, DailyRecords
from game.io.kept_replays import Kept
from game.io.reporter import Reporter
from game.io.paths import data_dir
from game.io.playtest_file import StoredResult
from game.io.progress import Progress
from game.io.settings import Settings, load_settings, save_settings
from game.ui.outcome import Action, PlayOutcome
from game.core import counted

from .dropped import Drops
from .music import Music, NoMusic, Tune
from .saves import Saves
from .screens.code_entry import CodeEntryView
from .screens.daily import DailyView
from .screens.levels import LevelsView
from .screens.packs import PacksView
from .screens.settings import SettingsView
from .screens.title import TitleView
from .shelf import PackSource, Shelf, difficulty_line
from .slots import DailySlot, LevelSlot, Slot, Start, Watchable
from .window import MIN_SIZE, TITLE, WINDOW_SIZE, GridfallWindow, screen_size, window_size

__all__ = ["App", "GridfallWindow", "MIN_SIZE", "TITLE", "WINDOW_SIZE", "difficulty_line", "run_game",
           "window_size"]

EditorFactory = Callable[..., Any]
V = TypeVar("V", bound=arcade.View)


class App:
    """Owns navigation: title, packs, levels, daily, play, settings; shows each on `window`.

    Every way out of a game updates the saved progress: a win records score and stars, a game
    left midway keeps its seed and commands so that coming back resumes it exactly. A pack's
    level and a daily puzzle are both a `Slot`, and live the same life here.
    """

    def __init__(
        self,
        window: arcade.Window,
        *,
        editor_factory: EditorFactory | None = None,
        packs: PackSource | None = None,
        on_quit: Callable[[], None] | None = None,
        music: Tune | None = None,
    ) -> None:
        self.window = window
        # The background music (game.ui.music): none unless given, so a test or a headless run
        # never starts audio; run_game gives the real one.
        self.music: Tune = music if music is not None else NoMusic()
        self.editor_factory = editor_factory
        self.shelf = Shelf(packs)
        self._on_quit = on_quit
        notices: list[str] = []
        self.settings: Settings = load_settings(notices=notices)
        # Every failed save is told on the screen in front of the player (see _tell).
        self.saves = Saves(notices, Reporter(self._tell))
        # The day the daily screen offers: the local date (a test sets its own).
        self.today: Callable[[], datetime.date] = datetime.date.today
        # Told once: the title screen shows it until the player dismisses it or moves on.
        self.notice: str | None = " ".join(notices) or None
        self.playing: tuple[Slot, Any] | None = None   # the game on screen and its play view
        from game.ui.share_job import ShareJobs   # subprocess: only the app ever shares

        self.share_jobs = ShareJobs()
        self._polling_shares = False
        from game.ui.for_you_job import ForYouEstimates

        # The player's own estimates (Settings: Estimates for you), made again when their kept
        # games are newer than them; off, nothing is read or run.
        self.for_you = ForYouEstimates()
        if self.settings.for_you:
            self.for_you.refresh()
        # A file dropped on the window: a pack installs, a replay plays, a level opens.
        self.drops = Drops(self)

    @property
    def progress(self) -> Progress:
        return self.saves.progress

    @property
    def daily_records(self) -> DailyRecords:
        return self.saves.daily_records

    @property
    def can_edit(self) -> bool:
        return self.editor_factory is not None

    # -- packs -----------------------------------------------------------------------------
    def add_pack(self, pack: Pack) -> None:
        """A pack opened from a path (or a lone level file): listed first, before the known ones."""
        self.shelf.add(pack)

    def pack_origin(self, pack: Pack) -> PackOrigin:
        """Where a listed pack comes from (the shelf knows which a share code opened)."""
        return self.shelf.origin(pack)

    def packs(self, reload: bool = False) -> tuple[list[Pack], str | None]:
        """The packs to show, and a message when they could not all be read."""
        return self.shelf.packs(reload)

    def pack(self, pack_id: str) -> Pack:
        return self.shelf.pack(pack_id)

    def installed_dir(self) -> pathlib.Path:
        return self.shelf.installed_dir()

    def level_ids(self, pack_id: str) -> list[str]:
        return self.shelf.level_ids(pack_id)

    def difficulty(self, pack_id: str, level_id: str) -> StoredResult | None:
        return self.shelf.difficulty(pack_id, level_id)

    def stars_to_open(self, pack_id: str) -> int:
        """Stars still wanted before `pack_id` opens (0: open): see Progress.stars_to_open."""
        return self.shelf.stars_to_open(self.progress, pack_id)

    def locked_words(self, pack_id: str) -> str:
        """Why a pack is locked, in a player's words."""
        return self.shelf.locked_words(self.progress, pack_id)

    def open_code(self, text: str) -> Any:
        """A share code (pasted, or given to `gridfall play CODE`): a level plays, a game is watched."""
        return self.drops.open_code(text)

    def first_open_level(self, pack_id: str) -> str | None:
        """The first level not yet completed (the first level when all are); None for an empty pack."""
        ids = self.level_ids(pack_id)
        if not ids:
            return None
        return next((lid for lid in ids if not self.progress.get(pack_id, lid).completed), ids[0])

    def best_win(self, pack_id: str, level_id: str) -> Kept | None:
        """The level's best win kept in the data folder, when it still plays on the level."""
        try:
            return self.level_slot(pack_id, level_id).best_win()
        except KeyError:
            return None

    # -- screens -------------------------------------------------------------------------
    def show(self, view: V) -> V:
        """Show a screen; the game on screen, if any, is kept first."""
        self.save_current()
        self.playing = None
        self.window.show_view(view)
        return view

    def show_title(self) -> TitleView:
        return self.show(TitleView(self, self.notice))

    def show_code_entry(self, back: Callable[[], object]) -> CodeEntryView:
        """The code field (typed, pasted, or picked with a pad), whose Back is `back`."""
        return self.show(CodeEntryView(self, back))

    def show_packs(self) -> PacksView:
        self.notice = None  # the player has seen the title's notice and moved on
        self.packs(reload=True)
        return self.show(PacksView(self))

    def show_levels(self, pack_id: str, focus_level: str | None = None) -> LevelsView:
        return self.show(LevelsView(self, pack_id, focus_level))

    def show_daily(self, focus_mode: Mode | None = None) -> DailyView:
        self.notice = None
        return self.show(DailyView(self, None if focus_mode is None else Mode(focus_mode)))

    def show_settings(self, back: Callable[[], object] | None = None) -> SettingsView:
        self.notice = None
        return self.show(SettingsView(self, back))

    def open_editor(self) -> None:
        if self.editor_factory is None:
            return
        self.save_current()
        self.playing = None
        self.editor_factory(self.window, path=None, on_leave=lambda *args, **kwargs: self._back_from_editor())

    def _back_from_editor(self) -> None:
        self.saves.reload_progress()   # a rename in the editor moved a level's stars on disk
        self.show_title()

    def quit(self) -> None:
        self.save_current()
        self.remember_window()
        self.for_you.stop()
        self.music.stop()
        if self._on_quit is not None:
            self._on_quit()
        else:
            self.window.close()

    def on_window_close(self) -> None:
        """The window is closing: keep the game in play and the window's size."""
        self.save_current()
        self.remember_window()
        self.for_you.stop()
        self.music.stop()
        self.playing = None

    def _tell(self, line: str) -> None:
        """A failed save, told on the screen in front of the player: a toast where the screen
        has one, else the title's notice."""
        say = getattr(self.window.current_view, "say", None)
        if callable(say):
            say(line, True)
        else:
            self.notice = f"{self.notice} {line}" if getattr(self, "notice", None) else line

    # -- settings ------------------------------------------------------------------------
    def update_settings(self, **changes: Any) -> Settings:
        """Change and save settings at once; fullscreen applies to the game window right away."""
        before = self.settings
        self.settings = dataclasses.replace(before, **changes)
        try:
            save_settings(self.settings)
        except OSError as exc:
            # A read-only or full data folder: the change holds for this session; say so.
            self.saves.reporter.failed("your settings", exc)
        if self.settings.music_level != before.music_level:
            self.play_music()   # Music volume, or Sound on or off
        if self.settings.fullscreen != before.fullscreen:
            self.apply_fullscreen()
        if self.settings.for_you != before.for_you:
            if self.settings.for_you:
                self.for_you.refresh(force=True)
            else:
                self.for_you.stop()
        return self.settings

    def play_music(self) -> None:
        """The music as the settings ask: looped at their level, silent at 0 or with Sound off."""
        self.music.follow(self.settings.music_level)

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

    # -- the slots: a pack's level, a daily puzzle -----------------------------------------
    def level_slot(self, pack_id: str, level_id: str) -> LevelSlot:
        return LevelSlot(self.saves, self.shelf, pack_id, level_id)

    def daily_slot(self, mode: Mode) -> DailySlot:
        return DailySlot(self.saves, daily_puzzle(self.today(), Mode(mode)))

    def daily_puzzles(self) -> list[DailyPuzzle]:
        """Today's puzzle of each mode (made from the date: the same for every player)."""
        return today_puzzles(self.today())

    def daily_folder(self) -> pathlib.Path:
        return data_dir() / REPLAY_FOLDER

    def play_level(self, pack_id: str, level_id: str, *, fresh: bool = False, seed: int | None = None,
                   commands: Sequence[Command] | None = None) -> Any:
        """Show the play view for a level, resuming its saved game unless `fresh` (or a `seed`
        to deal is given: a Retry's new deal, or `gridfall play --seed`; with `commands`, the
        game that far: the theatre's "play from here")."""
        start = None if seed is None else Start(seed, tuple(commands or ()))
        return self.play(self.level_slot(pack_id, level_id), start, fresh=fresh)

    def play_daily(self, mode: Mode, commands: Sequence[Command] = (), *, fresh: bool = False) -> Any:
        """Play today's puzzle of `mode` from its own seed, resuming a game left halfway today
        unless `fresh` (a Retry: the same board again); with `commands`, on from that far into a
        game (the theatre's "play from here")."""
        slot = self.daily_slot(mode)
        return self.play(slot, Start(slot.puzzle.seed, tuple(commands)) if commands else None, fresh=fresh)

    def play(self, slot: Slot, start: Start | None = None, *, fresh: bool = False) -> Any:
        """Show the play view on a slot: its game left halfway, else `start` (a new deal, or a
        replay's game that far), or a fresh deal when `fresh`."""
        from game.ui.play_view import PlayView  # the play screen is heavy: load it when first needed

        if fresh or start is not None:
            slot.clear()
        begin = start if start is not None else slot.resume()
        view = PlayView(slot.level, seed=begin.seed, commands=begin.commands, settings=self.settings,
                        difficulty=self._difficulty(slot), on_leave=lambda outcome: self._left(slot, outcome),
                        on_fullscreen=self.toggle_fullscreen, on_change=self.save_current,
                        show_goals=not begin.commands, on_share=lambda s, c: self.share(slot, s, c),
                        back_to=slot.back_to, next_label=slot.next_label, new_deals=slot.new_deals,
                        first_move=slot.first_move, undone=begin.undone)
        self.show(view)
        self.playing = (slot, view)
        view.on_settings = lambda: self._settings_mid_level(view, lambda: setattr(self, "playing", (slot, view)))
        if start is not None and start.commands:
            view.say(f"Playing on from move {len(start.commands)} of the replay.")
            self.save_current()   # the branch is this slot's game now: a kill keeps it
        elif begin.commands:
            # The moves the game counts ("Moves used"): a keep going is a command, not a move.
            view.say(f"Welcome back: {counted(view.state.moves, 'move')} in.")
        return view

    def _difficulty(self, slot: Slot) -> str | None:
        """The goal card's lines of how hard the level is: the pack's playtest figures, and with
        Estimates for you on, the player's own estimate when one was made for it."""
        mine = self.for_you.line(slot.pack_id, slot.level) if self.settings.for_you and slot.pack_id else None
        lines = [line for line in (slot.difficulty, mine) if line]
        return "\n".join(lines) or None

    def _left(self, slot: Slot, outcome: PlayOutcome) -> None:
        """The play view's way out: record the outcome, then go where the player asked."""
        slot.record(outcome.status, outcome.score, outcome.stars, outcome.seed, outcome.commands, outcome.undone,
                    outcome.helped)
        self.playing = None
        if outcome.action == Action.WATCH:
            title = f"{slot.yours}: won" if outcome.status == Status.WON else slot.yours
            self.watch_game(slot, Watchable(outcome.seed, outcome.commands, title))
            return
        if outcome.action == Action.RETRY:
            self.play(slot, Start(slot.again(outcome.seed)))
            return
        if outcome.action == Action.NEW_DEAL:
            self.play(slot, Start(slot.redeal(outcome.seed)))
            return
        if outcome.action == Action.NEXT:
            following = slot.following()
            if following is not None:
                self.play(following)
                return
            if slot.beyond(self):
                return
        slot.home(self)

    def _settings_mid_level(self, view: Any, resume: Callable[[], None]) -> None:
        """The settings from a game's pause menu; Back returns to that game with them applied."""
        def back() -> None:
            self.window.show_view(view)
            resume()
            view.apply_settings(self.settings)
        self.show_settings(back=back)

    def save_current(self) -> None:
        """Keep the game on screen (after every move, window closing, quitting): the same as
        leaving it, so a win counts as soon as it is made and a game in play resumes after a kill."""
        if self.playing is None:
            return
        slot, view = self.playing
        if getattr(view, "session", None) is None:
            return
        mine = view.outcome(Action.LEVELS)   # as leaving it would record it (its stars capped by an undo)
        slot.record(mine.status, mine.score, mine.stars, mine.seed, mine.commands, mine.undone, mine.helped)

    def back_to_game(self) -> Callable[[], object] | None:
        """Where leaving the game on screen goes (the screen it was chosen on); None when none is."""
        if self.playing is None:
            return None
        slot = self.playing[0]
        return lambda: slot.home(self)

    # -- replays ---------------------------------------------------------------------------
    def watch_game(self, slot: Slot, game: Watchable) -> Any:
        """The replay theatre on a game of this slot; Back returns to the slot's screen, and
        "play from here" plays the slot on from that move."""
        from game.ui.theatre import TheatreView

        view = TheatreView(slot.level, game.seed, game.commands, title=game.title, settings=self.settings,
                           on_back=lambda: slot.home(self),
                           on_play_from=lambda s, c: self.play(slot, Start(s, tuple(c))),
                           on_share=lambda s, c: self.share(slot, s, c), rules=game.rules)
        return self.show(view)

    def watch(self, pack_id: str, level_id: str, seed: int, commands: Sequence[Command], title: str,
              rules: int = RULES_VERSION) -> Any:
        """The replay theatre on a game of this level; Back returns to the pack's levels."""
        return self.watch_game(self.level_slot(pack_id, level_id), Watchable(seed, tuple(commands), title, rules))

    def watch_best(self, pack_id: str, level_id: str) -> Any:
        return self._watch_best(self.level_slot(pack_id, level_id))

    def watch_daily_best(self, mode: Mode) -> Any:
        """Today's best game of `mode`, kept when it was won; None when there is none to watch."""
        return self._watch_best(self.daily_slot(mode))

    def _watch_best(self, slot: Slot) -> Any:
        best = slot.best()
        return None if best is None else self.watch_game(slot, best)

    # -- sharing ---------------------------------------------------------------------------
    def share(self, slot: Slot, seed: int, commands: Sequence[Command]) -> str:
        """Share a game of a slot: files in the share folder, the card on the clipboard, a GIF on its way."""
        from game.ui.share_job import share

        said = share(self.window, self.share_jobs, slot.level, slot.pack_id, slot.pack_name, seed, commands)
        if self.share_jobs.running and not self._polling_shares:
            self._polling_shares = True
            arcade.schedule(self.poll_shares, 0.5)
        return said

    def poll_shares(self, _delta: float = 0.0) -> None:
        """Say on whatever screen is up when a shared game's GIF is written (or could not be)."""
        from game.ui.share_job import announce

        for shared, ok in self.share_jobs.reap():
            message = (f"The GIF is ready: {shared.gif.name}" if ok
                       else f"The GIF of {shared.replay.name} could not be recorded; the replay is shared.")
            announce(self.window.current_view, message, not ok)
        if not self.share_jobs.running and self._polling_shares:
            self._polling_shares = False
            arcade.unschedule(self.poll_shares)


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
    size = WINDOW_SIZE if headless else window_size(settings.window, screen_size())
    window = GridfallWindow(fullscreen=settings.fullscreen and not headless, visible=False, size=size)
    # A headless run (a screenshot, a GIF, a smoke test) plays no music.
    app = App(window, editor_factory=editor_factory, music=None if headless else Music())
    window.app = app
    # What the console says from here on is kept in the log file too (gridfall where log).
    with logfile.kept(app.saves.reporter):
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
            # The music starts a moment after the first frame (loading it is ~15 ms of the start).
            arcade.schedule_once(lambda _dt: app.play_music(), 0.2)
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
            picture = io.BytesIO()
            arcade.get_image(0, 0, window.width, window.height).convert("RGB").save(picture, format="PNG")
            gate.write_bytes(screenshot, picture.getvalue())
        app.save_current()
        window.close()
        return 0
