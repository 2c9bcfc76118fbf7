"""PlayView: one level being played: board, HUD, input for every mode, hints, undo, pause, result."""

from __future__ import annotations

from typing import Callable, Sequence

import arcade

from game.core import Command, Event, IllegalMove, Level, Session, State, Status, SwapRejected, next_deal, stars
from game.bots import hint_bot
from game.io.settings import Settings, load_settings
from game.ui import frames
from game.ui.board import Blockers, BoardRenderer, renderer_name
from game.ui.damage import Mark, Redraw, repaints
from game.ui.goal_card import GoalCard
from game.ui.hints import hint, hint_cells
from game.ui.fliers import GoalFliers
from game.ui.first_move import FirstMovePointer
from game.ui.hud import Hud
from game.ui.hud_follow import BONUS_MAX_SECONDS, BONUS_PER_MOVE, HudFollower
from game.ui.play_actions import Input, pad_in_use, play_action, play_key, show_key_help, toggle_fullscreen
from game.ui.screens.style import PLAY_BG
from game.ui.outcome import Action, PlayOutcome
from game.ui.play_input import Controller, cells_of, controller_for
from game.ui import play_keep, play_undo
from game.ui.play_undo import UndoCost
from game.ui.play_layout import BAR_BOTTOM, PORTRAIT_HUD_H, backdrop, hud_width, is_portrait, place_side, play_areas
from game.ui.play_menus import (
    RESULT_PAUSE, RESULT_SHOWN, SCORE_COUNT_SECONDS, STAR_GAP, STAR_LAND_SECONDS,
    count_up, pause_menu, result_menu, score_lines,
)
from game.ui.sound import Cues, Player, shared_player
from game.ui.toast import Toast
from game.ui.widgets import Button, ButtonBar, Menu
from game.core import marked_cell, number_word

key = arcade.key

IDLE_HINT = 5.0          # seconds without input before the hint shows itself
HINT_PULSE = 4.0         # the hint's glow breathes this long, then settles and glows steady


class PlayView(arcade.View):
    """Plays `level` from `seed` after `commands` (a resumed game); the core decides every move."""

    def __init__(self, level: Level, *, seed: int | None = None, commands: Sequence[Command] = (),
                 settings: Settings | None = None,
                 on_leave: Callable[[PlayOutcome], None] | None = None, playtest: bool = False,
                 sounds: Player | None = None,
                 on_fullscreen: Callable[[], None] | None = None,
                 on_change: Callable[[], None] | None = None, show_goals: bool = False,
                 difficulty: str | None = None,
                 on_share: Callable[[int, tuple[Command, ...]], str] | None = None,
                 back_to: str = "levels", next_label: str | None = "Next level", new_deals: bool = True,
                 on_settings: Callable[[], None] | None = None, first_move: bool = False,
                 undone: bool = False) -> None:
        super().__init__()
        self.level = level
        self.settings = settings if settings is not None else load_settings()
        self.seed = level.play_seed if seed is None else seed
        self.new_deals = new_deals   # "New deal" is offered (not for a daily: one deal a day)
        self.on_settings = on_settings   # the pause menu's Settings (whoever owns them shows them)
        self.on_leave = on_leave
        self.playtest = playtest
        self.sounds: Player = sounds if sounds is not None else shared_player()
        # F11 goes through whoever owns the settings (the app), so the setting and window agree.
        self.on_fullscreen = on_fullscreen
        # Told after every move, undo, redo and restart: the app saves the game each time, so a
        # killed game loses nothing (it saved only on a clean exit).
        self.on_change = on_change
        self.difficulty = difficulty   # the pack's stored playtest figures, for the goal card
        # Writes the game's replay and card where the player finds them; says where (the app's).
        self.on_share = on_share
        # Where Back and the result's last button lead, as the player knows that screen (a daily
        # goes back to the daily screen, and its Next is the next puzzle, not a level).
        self.back_to = back_to
        self.next_label = next_label
        self.session = Session.replay(level, self.seed, commands)
        self.undo_cost = UndoCost(level.mode, undone, free=playtest)   # a resumed game keeps an undo it used
        self.last_outcome: PlayOutcome | None = None
        self.pause_menu: Menu | None = None
        self.result_menu: Menu | None = None
        self.goal_card: GoalCard | None = None
        self.card_from_pause = False
        self.result_stars: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.idle = 0.0
        self.clock = 0.0
        self._hint_age = 0.0   # seconds the hint has shown: it breathes a while, then rests
        self.hint_command: Command | None = None
        # The bot behind the hints; it keeps its own plan (the slide solver's) between hints.
        self.hinter = hint_bot(level)
        # A hand acting out the first move (the first level of a mode a player meets), until one is made.
        self.first_move = FirstMovePointer(first_move and not commands, self.settings.reduced_motion)
        self._animating = False
        self.queued: Command | None = None        # a move made during an animation, played after it
        self._result_age = RESULT_SHOWN           # how far the result's count-up has played
        self._result_wait = 0.0                   # seconds the won board shows before the result
        self.cues = Cues()   # which sound each event of a batch makes
        self._result_score = 0
        self.redraw = Redraw(self.window, renderer_name())   # what each frame repaints (game.ui.damage)
        self._build()
        if show_goals:
            self.show_goals()   # a fresh game starts with what the level asks

    # -- set-up ---------------------------------------------------------------------------
    def _build(self) -> None:
        self.redraw.forget()
        state = self.state
        board_area, hud_area = play_areas(self.window.width, self.window.height, self.settings.text_scale)
        self.board = BoardRenderer(self.level.mode, state.grid, board_area,
                                   colorblind=self.settings.colorblind,
                                   speed=self.settings.speed_factor, reach=marked_cell(self.level),
                                   reduced_motion=self.settings.reduced_motion)
        self.board.set_specials(state.specials)
        self.board.set_blockers(Blockers.of(state))
        self.hud = Hud(state, colorblind=self.settings.colorblind, playtest=self.playtest,
                       text_scale=self.settings.text_scale)
        self.hud.star_cap = self.undo_cost.limit
        self.hud.set_score(state.score)
        # Every control a key gives, for the mouse too.
        self.bar = ButtonBar([Button("Pause", self.open_pause, "pause"),
                              Button("Hint", lambda: None if self.show_hint() else None, "hint"),
                              Button("Undo", lambda: None if self.undo() else None, "undo"),
                              Button("Redo", lambda: None if self.redo() else None, "redo")])
        place_side(self.hud, self.bar, hud_area, self.settings.text_scale)
        self.toast = Toast(self.settings.text_scale)
        self._gradient, self._grid = backdrop(self.window.width, self.window.height, renderer_name())
        # Collected tiles on their way to the HUD's counters, each counted as it lands.
        self.fliers = GoalFliers(on_land=lambda: self.hud.update_state(self.fliers.owed(self._hud_state)))
        self.follower = HudFollower(self.hud, state, self.board, fliers=self.fliers,
                                    colorblind=self.settings.colorblind, count_bonus=True)
        self.toast.place_under(self.board.layout.rect)
        self.controller: Controller = controller_for(self.level.mode, self)
        show_key_help(self, pad=pad_in_use(self.window))   # a pad's buttons, and the cursor, from the start
        self.pause_menu = None
        self.result_menu = None
        self.hint_command = None
        self.idle = 0.0
        if state.status != Status.PLAYING:
            self.show_result()

    @property
    def state(self) -> State:
        return self.session.state

    @property
    def busy(self) -> bool:
        """An event batch is still playing (or the finished board is on show before the result)."""
        return self.board.busy or self._result_wait > 0

    @property
    def modal(self) -> Menu | None:
        return self.result_menu or self.pause_menu or self.goal_card

    def on_show_view(self) -> None:
        self.on_resize(self.window.width, self.window.height)

    def on_resize(self, width: int, height: int) -> None:
        self.redraw.forget()
        self._gradient, self._grid = backdrop(width, height, renderer_name())
        board_area, hud_area = play_areas(width, height, self.settings.text_scale)
        self.board.set_area(board_area)
        place_side(self.hud, self.bar, hud_area, self.settings.text_scale)
        self.toast.place_under(self.board.layout.rect)
        if self.hint_command is not None:
            self._show_hint(self.hint_command)
        for menu in (self.pause_menu, self.result_menu, self.goal_card):
            if menu is not None:
                self._place_menu(menu, width, height)

    # -- moves ----------------------------------------------------------------------------
    def submit(self, command: Command) -> bool:
        """Ask the core to play `command`; animate its events. False when refused or not now."""
        self.goal_card = None   # a move is the player saying "got it"
        if self.modal is not None or self.state.status != Status.PLAYING:
            return False
        if self.busy:
            # One move made while the board still moves waits for it to settle, as the genre
            # does (it was silently dropped); the core judges it then, on the settled board.
            self.queued = command
            return True
        try:
            before = self.state
            events = self.session.play(command)
        except IllegalMove as exc:
            # The core's refusal in a player's words (its message names cells, for logs).
            self.say(exc.said or "That move is not allowed.", error=True)
            return False
        self._clear_hint()
        self.first_move.moved()
        self.idle = 0.0
        self.toast.clear()   # the move went through: whatever was said before is done with
        if any(isinstance(e, SwapRejected) for e in events):
            n = self.level.rules.min_match
            self.say(f"No line of {number_word(n)} there: the tiles go back.", error=True)
        self.changed()
        # The HUD follows the events as they play (moves, goal counters), not the batch's end.
        self.follower.begin(before)
        self.cues.begin(before, events)   # the batch's sounds: its clears climb; a special, a combo each its own
        self._animating = True
        self.board.play(events, self.state, on_event=self._on_event, before=before)
        if not self.board.busy:       # "instant": the batch is already over
            self._after_batch()
        return True

    def _on_event(self, event: Event) -> None:
        cue = self.cues.cue(event)
        if cue is not None and self.settings.sound:
            self.sounds.play(*cue)
        self.follower.follow(event)

    @property
    def _hud_state(self) -> State:
        """The state the HUD follows: the one shown event by event while a batch plays."""
        return self.follower.shown if self._animating else self.state

    def _after_batch(self) -> None:
        self._animating = False
        state = self.state
        self.hud.update_state(self.fliers.owed(state))
        if not self.hud.counting:   # a bonus counting down ends on the state's score itself
            self.hud.set_score(state.score)
        if state.status != Status.PLAYING:
            self.queued = None
            if state.status == Status.WON and not self.settings.reduced_motion:
                # A moment to see the finished board (a solved slide, the win's wave, the
                # bonus counted into the score) first.
                self._result_wait = RESULT_PAUSE + self.hud.bonus_left()
            else:
                self.show_result()
        elif self.queued is not None and not self.busy:
            command, self.queued = self.queued, None
            if not self.submit(command):
                self.board.shake(cells_of(command))

    def say(self, message: str, error: bool = False) -> None:
        """Tell the player one thing, beside the board: news, or (error) a refusal."""
        self.toast.show(message, error)

    def snap(self) -> None:
        self.queued = None
        self._result_wait = 0.0
        self.controller.reset()
        self._clear_hint()
        self.board.snap(self.state.grid)
        self.board.set_specials(self.state.specials)
        self.board.set_blockers(Blockers.of(self.state))
        self._animating = False
        self.fliers.clear()   # the board jumped: the tiles in flight are counted at once
        self.follower.show(self.state)

    def changed(self) -> None:
        if self.on_change is not None:
            self.on_change()

    def undo(self) -> bool:
        return play_undo.undo(self)

    def keep_going(self) -> bool:
        return play_keep.keep_going(self)

    def redo(self) -> bool:
        return play_undo.redo(self)

    def finish_animation(self) -> None:
        self.board.animator.finish()

    def restart(self, seed: int | None = None) -> None:
        """Start the level again in place: the same deal, or the deal of `seed`."""
        if seed is not None:
            self.seed = seed
        self.session = Session(self.level, self.seed)
        self.undo_cost.reset()
        self.hud.star_cap = None   # a new game: every star to play for again
        self.snap()
        self.pause_menu = self.result_menu = None
        self.changed()

    def retry(self) -> None:
        """Play the same deal again, as the app's Retry does (a view with no owner to leave to:
        a bare view, gridfall record, the editor's play-test)."""
        self.restart(self.seed)

    def new_deal(self) -> None:
        """Play the level on another board (the next seed that deals), as the app's New deal does."""
        self.restart(next_deal(self.level, self.seed))
        self.say("A new deal.")

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
        self._hint_age = 0.0
        cells, path = hint_cells(command)
        self.board.set_hint(cells, path)

    def _clear_hint(self) -> None:
        if self.hint_command is not None:
            self.hint_command = None
            self.board.set_hint(())

    def touched(self) -> None:
        """The player did something: the idle clock restarts, the hint goes, and a won game's
        finale skips to its end."""
        self.idle = 0.0
        self._clear_hint()
        self.first_move.touched()
        if self._animating and self.state.status == Status.WON:
            self.board.animator.finish()   # a click or a key skips a won game's finale to its end
            self._after_batch()

    # -- menus ----------------------------------------------------------------------------
    def show_result(self) -> None:
        state = self.state
        self.pause_menu = None
        last = self.session.turns[-1].events if self.session.turns else ()
        self.result_menu, self.result_stars = result_menu(self, state, score_lines(last, state.score))
        self._place_menu(self.result_menu)
        # The finish plays out: the score counts up, then the stars land one by one.
        self._result_age = RESULT_SHOWN if self.settings.reduced_motion else 0.0
        self._result_score = state.score
        self._play_result(0.0)

    def _play_result(self, dt: float) -> None:
        """Advance the result's count-up and star landings (instant with reduced motion)."""
        if self.result_menu is None or self._result_age >= RESULT_SHOWN:
            return
        self._result_age = min(RESULT_SHOWN, self._result_age + dt)
        count_up(self.result_menu, self.result_stars, self._result_age, self._result_score)

    def _place_menu(self, menu: Menu, width: float | None = None, height: float | None = None) -> None:
        menu.place(self.window.width if width is None else width,
                   self.window.height if height is None else height)
        if menu is self.result_menu:
            y = menu.extra_top - 28
            cx = menu.panel.center[0]
            for i, s in enumerate(self.result_stars):
                s.position = (cx + (i - 1) * 62, y)

    def show_goals(self) -> None:
        """The goal card: the level's name, words, goals with their pictures, moves and stars."""
        self.card_from_pause = self.pause_menu is not None   # where Esc on the card goes back to
        self.pause_menu = None
        self.goal_card = GoalCard(self.level, self.state, self.close_goals, colorblind=self.settings.colorblind,
                                  text_scale=self.settings.text_scale, difficulty=self.difficulty)
        self._place_menu(self.goal_card)

    def close_goals(self) -> None:
        self.goal_card = None

    def goal_card_back(self) -> None:
        """Esc on the goal card goes back: to the pause menu it was opened from, or, before the
        level's first move, out to where the level was chosen."""
        self.goal_card = None
        if self.card_from_pause:
            self.open_pause()
        elif self.on_leave is not None and not self.session.commands:
            self.leave(Action.EDITOR if self.playtest else Action.LEVELS)

    def open_pause(self) -> None:
        self.board.animator.finish()
        if self._animating:
            self._after_batch()
        if self.result_menu is not None:
            return
        self.pause_menu = pause_menu(self)
        self._place_menu(self.pause_menu)

    def close_pause(self) -> None:
        self.pause_menu = None

    def open_settings(self) -> None:
        self.pause_menu = None
        if self.on_settings is not None:
            self.on_settings()

    def apply_settings(self, settings: Settings) -> None:
        """Back from the settings mid-level: the board and HUD as they now ask (sound, motion,
        speed, colours, text size), the game where it was, the pause menu it was left from."""
        self.settings = settings
        self._build()
        self.open_pause()

    def undo_in_pause(self) -> None:
        self.pause_menu = None
        self.undo()

    def share(self) -> None:
        """Share this game (the result screen's Share): the app writes the files; we say where."""
        if self.on_share is not None:
            self.say(self.on_share(self.seed, tuple(self.session.commands)))

    # -- leaving --------------------------------------------------------------------------
    def outcome(self, action: Action) -> PlayOutcome:
        state = self.state
        return PlayOutcome(level_id=self.level.id, seed=self.seed, status=state.status,
                           score=state.score, stars=self.undo_cost.stars(stars(state)),
                           commands=tuple(self.session.commands), action=action, undone=self.undo_cost.used,
                           helped=state.helped)

    def leave(self, action: Action) -> None:
        """Hand the game back to whoever opened it (the app or the editor)."""
        self.board.animator.finish()
        self.last_outcome = self.outcome(action)
        if self.on_leave is not None:
            self.on_leave(self.last_outcome)
        elif action == Action.RETRY:
            self.retry()
        else:
            # Opened on its own (record, a bare test): nowhere to go back to.
            self.pause_menu = None

    def _leave_or(self, action: Action, fallback: Callable[[], None]) -> None:
        if self.on_leave is not None:
            self.leave(action)
        else:
            self.last_outcome = self.outcome(action)
            fallback()

    def start_over(self) -> None:
        """Restart or Retry: the same deal again (through whoever opened the game, if anyone did)."""
        self._leave_or(Action.RETRY, self.retry)

    def deal_again(self) -> None:
        """The level again on a new deal (through whoever opened the game, if anyone did)."""
        self._leave_or(Action.NEW_DEAL, self.new_deal)

    @property
    def can_watch(self) -> bool:
        """A finished game may be watched again in the theatre (an app owns the view)."""
        return self.on_leave is not None and not self.playtest

    @property
    def can_share(self) -> bool:
        return self.on_share is not None

    @property
    def has_settings(self) -> bool:
        return self.on_settings is not None

    # -- input ----------------------------------------------------------------------------
    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        if self.goal_card is not None and self.modal is self.goal_card:
            self.close_goals()   # a click anywhere: the card has been read
            return
        menu = self.modal
        if menu is not None:
            menu.press(x, y)
            return
        self.touched()
        if self.bar.at(x, y) is not None:
            self.settle()   # as the keys do: undo or a hint ends the animation
            self.bar.press(x, y)
            return
        if self.state.status != Status.PLAYING:
            return
        self.controller.press(x, y)   # during an animation too: a move made then is queued

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None:
        if self.modal is not None:
            return
        self.idle = 0.0
        self.controller.drag(x, y)
        self.controller.hover(x, y)

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        if self.modal is not None:
            self.modal.release(x, y)   # a menu's button acts on release, over the button it was pressed on
            return
        self.controller.release(x, y)

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        menu = self.modal
        if menu is not None:
            menu.hover(x, y)
            return
        self.bar.hover(x, y)
        self.controller.hover(x, y)

    def on_action(self, action: Input) -> bool:
        """A pad's action (game/ui/pad.py): the key help shows its buttons from now on."""
        show_key_help(self, pad=True)
        return play_action(self, action)

    def settle(self) -> None:
        """End the batch on show at once (before an undo, a hint: they act on the settled board)."""
        if self.busy:
            self.board.animator.finish()
            if self._animating:
                self._after_batch()

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        show_key_help(self, pad=False)
        if symbol == key.F11:
            self.toggle_fullscreen()
            return
        if symbol == key.TAB and self.playtest:
            # Back to the editor from anywhere, the pause and result menus included.
            self.leave(Action.EDITOR)
            return
        play_key(self, symbol, modifiers)   # the menus, Esc, undo, redo, hint, the board's keys

    def on_key_release(self, symbol: int, modifiers: int) -> None:
        self.controller.key_release(symbol, modifiers)

    def toggle_fullscreen(self) -> None:
        toggle_fullscreen(self)

    # -- frame ----------------------------------------------------------------------------
    def on_update(self, delta_time: float) -> None:
        self.clock += delta_time
        self.board.update(delta_time)
        self.fliers.update(delta_time)
        self.hud.update(delta_time)
        self.toast.update(delta_time)
        if self._result_wait > 0:
            self._result_wait -= delta_time
            if self._result_wait <= 0:
                self._result_wait = 0.0
                self.show_result()
        self._play_result(delta_time)
        if self._animating and not self.board.busy:
            self._after_batch()
        if self.modal is None and not self.busy and self.state.status == Status.PLAYING:
            self.idle += delta_time
            if self.idle >= IDLE_HINT and self.hint_command is None:
                self.show_hint()
        self.first_move.update(delta_time, self)
        if self.hint_command is not None and self._hint_age < HINT_PULSE:
            # A few breaths, the last ones fading into a steady glow: a pulse forever would need
            # sixty frames a second for as long as the player thinks.
            self._hint_age += delta_time
            self.board.pulse_hint(self.clock, min(1.0, max(0.0, HINT_PULSE - self._hint_age)))

    def in_motion(self) -> bool:
        """Something on screen moves (the window draws only then, and after input: game.ui.frames)."""
        return (self.board.animator.moving or self.fliers.animator.moving or self.hud.counting
                or self.toast.fading or self._result_wait > 0
                or (self.result_menu is not None and self._result_age < RESULT_SHOWN)
                or (self.hint_command is not None and self._hint_age < HINT_PULSE) or self.first_move.moving)

    def _marks(self) -> list[Mark]:
        """Everything on_draw shows, in its order, and where (game.ui.damage)."""
        w, h = self.window.width, self.window.height
        out: list[Mark] = [(("backdrop", id(self._gradient), id(self._grid)), (0, 0, w, h))]
        out += self.hud.marks() + self.bar.marks() + self.board.marks() + self.fliers.marks() + self.first_move.marks()
        out += self.toast.marks()
        return out

    def on_draw(self) -> None:
        # Without a menu the screen repaints only what its marks say changed: a moving board
        # leaves the side panel and the backdrop round it alone (a menu is drawn whole).
        self.redraw.frame(self._draw_scene, self._marks, self.modal is None)

    def _draw_scene(self) -> None:
        frames.clear(self.window, PLAY_BG)
        if self._gradient is not None:
            self._gradient.draw()
        self._grid.draw()
        # A frame repainting the board only skips the side panel (its texts cost a millisecond).
        if repaints(self.hud.rect):
            self.hud.draw()
        if repaints(self.bar.rect):
            self.bar.draw()
        self.board.draw()
        self.fliers.draw()
        self.first_move.draw()
        menu = self.modal
        if menu is not None:
            menu.draw(self.window.width, self.window.height)
            if menu is self.result_menu:
                self.result_stars.draw()
        self.toast.draw()   # over a menu too: what Share says is read on the result screen


__all__ = ["Action", "BAR_BOTTOM", "BONUS_MAX_SECONDS", "BONUS_PER_MOVE", "PORTRAIT_HUD_H", "PlayOutcome", "PlayView",
           "RESULT_PAUSE", "RESULT_SHOWN", "SCORE_COUNT_SECONDS", "STAR_GAP", "STAR_LAND_SECONDS", "hud_width",
           "is_portrait"]
