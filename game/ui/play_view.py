"""PlayView: one level being played: board, HUD, input for every mode, hints, undo, pause, result."""

from __future__ import annotations

import os
from typing import Callable, Sequence

import arcade

from game.core import (
    BonusScored, Command, Event, IllegalMove, Level, Scored, Session, State, Status, SwapRejected, stars,
)
from game.bots import hint_bot
from game.io.settings import Settings, load_settings
from game.ui import textures
from game.ui.board import BoardRenderer
from game.ui.hints import hint, hint_cells
from game.ui.hud import Hud
from game.ui.layout import Rect
from game.ui.outcome import Action, PlayOutcome
from game.ui.play_input import Controller, controller_for
from game.ui.sound import Player, effect_for, shared_player
from game.ui.widgets import Button, Menu

key = arcade.key

BACKGROUND = (16, 18, 30, 255)
IDLE_HINT = 5.0          # seconds without input before the hint shows itself
_NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine"}


def hud_width(window_width: float) -> float:
    return max(220.0, min(320.0, window_width * 0.24))


class PlayView(arcade.View):
    """Plays `level` from `seed` after `commands` (a resumed game); the core decides every move."""

    def __init__(self, level: Level, *, seed: int | None = None, commands: Sequence[Command] = (),
                 settings: Settings | None = None,
                 on_leave: Callable[[PlayOutcome], None] | None = None, playtest: bool = False,
                 sounds: Player | None = None,
                 on_fullscreen: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.level = level
        self.settings = settings if settings is not None else load_settings()
        self.seed = level.play_seed if seed is None else seed
        self.on_leave = on_leave
        self.playtest = playtest
        self.sounds: Player = sounds if sounds is not None else shared_player()
        # F11 goes through whoever owns the settings (the app), so the setting and window agree.
        self.on_fullscreen = on_fullscreen
        self.session = Session.replay(level, self.seed, commands)
        self.last_outcome: PlayOutcome | None = None
        self.pause_menu: Menu | None = None
        self.result_menu: Menu | None = None
        self.result_stars: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.idle = 0.0
        self.clock = 0.0
        self.hint_command: Command | None = None
        # The bot behind the hints; it keeps its own plan (the slide solver's) between hints.
        self.hinter = hint_bot(level)
        self._animating = False
        self._build()

    # -- set-up ---------------------------------------------------------------------------
    def _build(self) -> None:
        state = self.state
        board_area, hud_area = self._areas()
        self.board = BoardRenderer(self.level.mode, state.grid, board_area,
                                   colorblind=self.settings.colorblind,
                                   speed=self.settings.speed_factor, reach=self.level.goals.reach)
        self.board.set_specials(state.specials)
        self.hud = Hud(state, colorblind=self.settings.colorblind)
        self.hud.place(hud_area)
        self.hud.set_score(state.score)
        self.controller: Controller = controller_for(self.level.mode, self)
        self.pause_menu = None
        self.result_menu = None
        self.hint_command = None
        self.idle = 0.0
        if state.status != Status.PLAYING:
            self._show_result()

    def _areas(self, width: float | None = None, height: float | None = None) -> tuple[Rect, Rect]:
        w = self.window.width if width is None else width
        h = self.window.height if height is None else height
        hw = hud_width(w)
        margin = 20.0
        board = Rect(hw + margin, margin, max(40.0, w - hw - 2 * margin), max(40.0, h - 2 * margin))
        return board, Rect(0, 0, hw, h)

    @property
    def state(self) -> State:
        return self.session.state

    @property
    def busy(self) -> bool:
        """An event batch is still playing: board input waits."""
        return self.board.busy

    @property
    def modal(self) -> Menu | None:
        return self.result_menu or self.pause_menu

    def on_show_view(self) -> None:
        self.on_resize(self.window.width, self.window.height)

    def on_resize(self, width: int, height: int) -> None:
        board_area, hud_area = self._areas(width, height)
        self.board.set_area(board_area)
        self.hud.place(hud_area)
        if self.hint_command is not None:
            self._show_hint(self.hint_command)
        for menu in (self.pause_menu, self.result_menu):
            if menu is not None:
                self._place_menu(menu, width, height)

    # -- moves ----------------------------------------------------------------------------
    def submit(self, command: Command) -> bool:
        """Ask the core to play `command`; animate its events. False when refused or not now."""
        if self.busy or self.modal is not None or self.state.status != Status.PLAYING:
            return False
        try:
            events = self.session.play(command)
        except IllegalMove as exc:
            self.say(str(exc))
            return False
        self._clear_hint()
        self.idle = 0.0
        if any(isinstance(e, SwapRejected) for e in events):
            n = self.level.rules.min_match
            self.say(f"No line of {_NUMBER_WORDS.get(n, str(n))} there: the tiles go back.")
        self._animating = True
        self.board.play(events, self.state.grid, on_event=self._on_event, specials=self.state.specials)
        if not self.board.busy:       # "instant": the batch is already over
            self._after_batch()
        return True

    def _on_event(self, event: Event) -> None:
        if self.settings.sound:
            name = effect_for(event)
            if name is not None:
                self.sounds.play(name)
        if isinstance(event, (Scored, BonusScored)):
            self.hud.set_score(self.hud.shown_score + event.points)

    def _after_batch(self) -> None:
        self._animating = False
        state = self.state
        self.hud.update_state(state)
        self.hud.set_score(state.score)
        if state.status != Status.PLAYING:
            self._show_result()

    def say(self, message: str) -> None:
        self.hud.say(message)

    def _snap(self) -> None:
        self.controller.reset()
        self._clear_hint()
        self.board.snap(self.state.grid)
        self.board.set_specials(self.state.specials)
        self._animating = False
        self.hud.update_state(self.state)
        self.hud.set_score(self.state.score)

    def undo(self) -> bool:
        self.board.animator.finish()
        if not self.session.undo():
            self.say("Nothing to undo.")
            return False
        self.result_menu = None
        self._snap()
        return True

    def redo(self) -> bool:
        self.board.animator.finish()
        if not self.session.redo():
            self.say("Nothing to redo.")
            return False
        self._snap()
        if self.state.status != Status.PLAYING:
            self._show_result()
        return True

    def restart(self) -> None:
        """Start the level again in place (same seed)."""
        self.session = Session(self.level, self.seed)
        self._snap()
        self.pause_menu = self.result_menu = None

    # -- hints ----------------------------------------------------------------------------
    def show_hint(self) -> Command | None:
        if self.state.status != Status.PLAYING:
            return None
        command = hint(self.state, self.hinter)
        if command is None:
            self.say("No move left.")
            return None
        self._show_hint(command)
        return command

    def _show_hint(self, command: Command) -> None:
        self.hint_command = command
        cells, path = hint_cells(command)
        self.board.set_hint(cells, path)

    def _clear_hint(self) -> None:
        if self.hint_command is not None:
            self.hint_command = None
            self.board.set_hint(())

    def _touched(self) -> None:
        self.idle = 0.0
        self._clear_hint()

    # -- menus ----------------------------------------------------------------------------
    def _place_menu(self, menu: Menu, width: float | None = None, height: float | None = None) -> None:
        menu.place(self.window.width if width is None else width,
                   self.window.height if height is None else height)
        if menu is self.result_menu:
            y = menu.extra_top - 28
            cx = menu.panel.center[0]
            for i, s in enumerate(self.result_stars):
                s.position = (cx + (i - 1) * 62, y)

    def open_pause(self) -> None:
        self.board.animator.finish()
        if self._animating:
            self._after_batch()
        if self.result_menu is not None:
            return
        back = (Action.EDITOR, "Back to editor") if self.playtest else (Action.LEVELS, "Back to levels")
        self.pause_menu = Menu("Paused", [
            Button("Resume", self.close_pause, "resume"),
            Button("Restart", lambda: self._leave_or(Action.RETRY, self.restart), "restart"),
            Button("Undo", self._pause_undo, "undo"),
            Button(back[1], lambda: self.leave(back[0]), back[0]),
        ], lines=[self.level.name])
        self._place_menu(self.pause_menu)

    def close_pause(self) -> None:
        self.pause_menu = None

    def _pause_undo(self) -> None:
        self.pause_menu = None
        self.undo()

    def _show_result(self) -> None:
        state = self.state
        won = state.status == Status.WON
        earned = stars(state)
        lines = [f"Score {state.score}", f"Moves used {state.moves}"]
        if self.playtest:
            buttons = [Button("Retry", lambda: self._leave_or(Action.RETRY, self.restart), "retry"),
                       Button("Back to editor", lambda: self.leave(Action.EDITOR), "editor")]
        elif won:
            buttons = [Button("Next level", lambda: self.leave(Action.NEXT), "next"),
                       Button("Retry", lambda: self._leave_or(Action.RETRY, self.restart), "retry"),
                       Button("Levels", lambda: self.leave(Action.LEVELS), "levels")]
        else:
            buttons = [Button("Retry", lambda: self._leave_or(Action.RETRY, self.restart), "retry"),
                       Button("Levels", lambda: self.leave(Action.LEVELS), "levels")]
        menu = Menu("Level complete!" if won else "Out of moves", buttons, lines=lines)
        menu.extra_height = 66 if won else 0
        self.result_stars = arcade.SpriteList()
        if won:
            for i in range(3):
                tex = textures.load("star_on" if i < earned else "star_off")
                self.result_stars.append(arcade.Sprite(tex, scale=56 / tex.width))
        self.pause_menu = None
        self.result_menu = menu
        self._place_menu(menu)

    # -- leaving --------------------------------------------------------------------------
    def outcome(self, action: Action) -> PlayOutcome:
        state = self.state
        return PlayOutcome(level_id=self.level.id, seed=self.seed, status=state.status,
                           score=state.score, stars=stars(state),
                           commands=tuple(self.session.commands), action=action)

    def leave(self, action: Action) -> None:
        """Hand the game back to whoever opened it (the app or the editor)."""
        self.board.animator.finish()
        self.last_outcome = self.outcome(action)
        if self.on_leave is not None:
            self.on_leave(self.last_outcome)
        elif action == Action.RETRY:
            self.restart()
        else:
            # Opened on its own (record, a bare test): there is nowhere to go back to.
            self.pause_menu = None

    def _leave_or(self, action: Action, fallback: Callable[[], None]) -> None:
        if self.on_leave is not None:
            self.leave(action)
        else:
            self.last_outcome = self.outcome(action)
            fallback()

    # -- input ----------------------------------------------------------------------------
    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        menu = self.modal
        if menu is not None:
            menu.press(x, y)
            return
        self._touched()
        if self.busy or self.state.status != Status.PLAYING:
            return
        self.controller.press(x, y)

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None:
        if self.modal is not None or self.busy:
            return
        self.idle = 0.0
        self.controller.drag(x, y)
        self.controller.hover(x, y)

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        if self.modal is not None or self.busy:
            return
        self.controller.release(x, y)

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        menu = self.modal
        if menu is not None:
            menu.hover(x, y)
            return
        self.controller.hover(x, y)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if symbol == key.F11:
            self.toggle_fullscreen()
            return
        if symbol == key.TAB and self.playtest:
            # Back to the editor from anywhere, the pause and result menus included.
            self.leave(Action.EDITOR)
            return
        if self.result_menu is not None:
            if symbol in (key.Z,) and self.state.status != Status.WON:
                self.undo()
                return
            self.result_menu.key(symbol)
            return
        if self.pause_menu is not None:
            if symbol == key.ESCAPE:
                self.close_pause()
            else:
                self.pause_menu.key(symbol)
            return
        self._touched()
        if symbol == key.ESCAPE:
            if not self.controller.cancel():
                self.open_pause()
            return
        if symbol in (key.Z, key.Y, key.H) and self.busy:
            self.board.animator.finish()
            if self._animating:
                self._after_batch()
        if symbol == key.Z:
            self.undo()
            return
        if symbol == key.Y:
            self.redo()
            return
        if symbol == key.H:
            self.show_hint()
            return
        if self.busy or self.state.status != Status.PLAYING:
            return
        self.controller.key_press(symbol, modifiers)

    def on_key_release(self, symbol: int, modifiers: int) -> None:
        self.controller.key_release(symbol, modifiers)

    def toggle_fullscreen(self) -> None:
        if self.on_fullscreen is not None:
            self.on_fullscreen()
            self.on_resize(self.window.width, self.window.height)
            return
        if os.environ.get("ARCADE_HEADLESS"):
            self.say("Full screen needs a real display.")
            return
        self.window.set_fullscreen(not self.window.fullscreen)
        self.on_resize(self.window.width, self.window.height)

    # -- frame ----------------------------------------------------------------------------
    def on_update(self, delta_time: float) -> None:
        self.clock += delta_time
        self.board.update(delta_time)
        self.hud.update(delta_time)
        if self._animating and not self.board.busy:
            self._after_batch()
        if self.modal is None and not self.busy and self.state.status == Status.PLAYING:
            self.idle += delta_time
            if self.idle >= IDLE_HINT and self.hint_command is None:
                self.show_hint()
        if self.hint_command is not None:
            self.board.pulse_hint(self.clock)

    def on_draw(self) -> None:
        self.window.clear(color=BACKGROUND)
        self.hud.draw()
        self.board.draw()
        menu = self.modal
        if menu is not None:
            menu.draw(self.window.width, self.window.height)
            if menu is self.result_menu:
                self.result_stars.draw()


__all__ = ["Action", "PlayOutcome", "PlayView"]
