"""The replay theatre: a finished game played back on the real board, with time travel.

Pause, step one move either way, scrub the timeline, x0.5 to x8, jump anywhere and play on
from there. Every state is the core's (one Session replayed once); the board only animates.
"""

from __future__ import annotations

import math
from typing import Callable, Sequence

import arcade

from game.core import RULES_VERSION, Command, Event, Level, Session, State, marked_cell
from game.io.settings import Settings, load_settings
from game.ui import frames
from game.ui.actions import Action
from game.ui.hud import Hud
from game.ui.hud_follow import HudFollower
from game.ui.key_help import THEATRE_KEYS, theatre_pad
from game.ui.pad import keys_used, pad_family, pad_in_use
from game.ui.layout import Rect
from game.ui.board import Blockers, BoardRenderer, renderer_name
from game.ui.damage import Mark, Redraw, repaints, sprite_marks, text_mark
from game.ui.screens import style
from game.ui.toast import Toast
from game.ui.widgets import Button, ButtonBar

key = arcade.key

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)
GAP = 0.45          # seconds between two moves at x1, once the board has settled
KEYS = THEATRE_KEYS
SCRUB_FASTEST = 20.0   # moves a second with a trigger pulled all the way; a light pull creeps
BAND = 104          # the strip under the board: timeline and buttons
TOAST_ROOM = 58     # between the board and the timeline: a message (two lines) never covers tiles

PlayFrom = Callable[[int, tuple[Command, ...]], object]
Share = Callable[[int, tuple[Command, ...]], str]


def _speed_label(speed: float) -> str:
    return f"x{speed:g}"


class TheatreView(arcade.View):
    """Plays `commands` of `level` from `seed`; `position` is how many moves have been played."""

    def __init__(self, level: Level, seed: int, commands: Sequence[Command], *, title: str,
                 on_back: Callable[[], object], on_play_from: PlayFrom | None = None,
                 on_share: Share | None = None, settings: Settings | None = None,
                 autoplay: bool = True, rules: int = RULES_VERSION) -> None:
        super().__init__()
        self.level = level
        self.seed = seed
        self.settings = settings if settings is not None else load_settings()
        self.on_back = on_back
        self.on_play_from = on_play_from
        self.on_share = on_share
        # By the replay's own rules version; raises IllegalMove for a bad replay.
        session = Session.replay(level, seed, commands, rules)
        self.turns = session.turns
        self.commands = tuple(t.command for t in self.turns)
        self.states: list[State] = [session.initial, *(t.state for t in self.turns)]
        self.position = 0
        self.playing = autoplay and bool(self.turns)
        self.speed_index = SPEEDS.index(1.0)
        self._plus_pressed = False   # a key press that made '+' sped up: its text is not a second step
        self._wait = GAP
        self.scrubbing = False
        self.scrub_rate = 0.0    # the triggers: -1 (back, fast) .. 1 (forward, fast)
        self._scrub_at = 0.0     # where a trigger scrub has got to, between two moves
        self.title = title
        self.redraw = Redraw(self.window, renderer_name())   # what each frame repaints (game.ui.damage)
        self._build()

    # -- set-up ---------------------------------------------------------------------------
    def _build(self) -> None:
        board_area, hud_area, band = self._areas()
        state = self.states[self.position]
        self.board = BoardRenderer(self.level.mode, state.grid, board_area, colorblind=self.settings.colorblind,
                                   speed=self._board_speed(), reach=marked_cell(self.level),
                                   reduced_motion=self.settings.reduced_motion)
        self.board.set_specials(state.specials)
        self.board.set_blockers(Blockers.of(state))
        self.hud = Hud(state, colorblind=self.settings.colorblind, text_scale=self.settings.text_scale,
                       keys=theatre_pad(pad_family(self.window)) if pad_in_use(self.window) else KEYS)
        self.hud.rule = self.hud.mode.text = f"{self.title}, deal {self.seed}"
        self.hud.place(hud_area)
        self.hud.set_score(state.score)
        self.follower = HudFollower(self.hud, state, self.board)   # the HUD moves with the events, as in play
        self.play_button = Button("Pause" if self.playing else "Play", self.toggle, "play")
        self.speed_button = Button(_speed_label(self.speed), self.faster, "speed")
        buttons = [Button("First", lambda: self.jump(0), "first"),
                   Button("Prev", lambda: None if self.step_back() else None, "prev"),
                   self.play_button,
                   Button("Next", lambda: None if self.step_forward() else None, "next"),
                   Button("Last", lambda: self.jump(len(self.turns)), "last"),
                   self.speed_button]
        if self.on_play_from is not None:
            buttons.append(Button("Play from here", self.play_from_here, "from-here"))
        if self.on_share is not None:
            buttons.append(Button("Share", self.share, "share"))
        buttons.append(Button("Back", lambda: None if self.on_back() else None, "back"))
        self.bar = ButtonBar(buttons)
        self.toast = Toast(self.settings.text_scale)
        self.label = arcade.Text("", 0, 0, style.TEXT, 14, anchor_x="center", anchor_y="center",
                                 font_name=style.BODY_FONT)
        self.timeline: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self._place(band)

    def _areas(self, width: float | None = None, height: float | None = None) -> tuple[Rect, Rect, Rect]:
        """(board, HUD, band): the HUD at the side, or across the top in a portrait window (as
        in play); the band of timeline and buttons under the board, a message's room between."""
        from game.ui.play_layout import PORTRAIT_HUD_H, hud_width, is_portrait

        w = self.window.width if width is None else width
        h = self.window.height if height is None else height
        margin = 20.0
        if is_portrait(w, h):
            hud_h = PORTRAIT_HUD_H * self.settings.text_scale
            band = Rect(margin, margin, max(40.0, w - 2 * margin), BAND)
            board = Rect(margin, margin + BAND + TOAST_ROOM, max(40.0, w - 2 * margin),
                         max(40.0, h - hud_h - 2 * margin - BAND - TOAST_ROOM))
            return board, Rect(0, h - hud_h, w, hud_h), band
        hw = hud_width(w, self.settings.text_scale)
        band = Rect(hw + margin, margin, max(40.0, w - hw - 2 * margin), BAND)
        board = Rect(hw + margin, margin + BAND + TOAST_ROOM, max(40.0, w - hw - 2 * margin),
                     max(40.0, h - 2 * margin - BAND - TOAST_ROOM))
        return board, Rect(0, 0, hw, h), band

    def _place(self, band: Rect) -> None:
        # The timeline on top of the band, the label above it, the buttons under it.
        self.track = Rect(band.left + 12, band.top - 30, band.width - 24, 10)
        self.label.x, self.label.y = band.center[0], band.top - 8
        self.bar.place(Rect(band.left, band.bottom, band.width, 40))
        self.toast.place(band.center[0], band.top + TOAST_ROOM / 2, max(200.0, band.width))
        t = self.track
        self.timeline = arcade.SpriteList()
        self.timeline.append(arcade.SpriteSolidColor(int(t.width), int(t.height), t.center[0], t.center[1],
                                                     style.PANEL))
        self._fill = arcade.SpriteSolidColor(1, int(t.height), t.left, t.center[1], style.PRIMARY)
        self.timeline.append(self._fill)
        n = len(self.turns)
        if 0 < n <= 80:
            for i in range(1, n):   # one notch a move, so a player can count them
                x = t.left + t.width * i / n
                self.timeline.append(arcade.SpriteSolidColor(2, int(t.height) + 6, x, t.center[1],
                                                             (90, 98, 130, 255)))
        self._knob = arcade.Sprite(style.rounded_rect(18, 26, 8), center_x=t.left, center_y=t.center[1])
        self._knob.color = style.GOLD
        self.timeline.append(self._knob)
        self._show_position()

    def on_show_view(self) -> None:
        self.on_resize(self.window.width, self.window.height)

    def on_resize(self, width: int, height: int) -> None:
        self.redraw.forget()
        board_area, hud_area, band = self._areas(width, height)
        self.board.set_area(board_area)
        self.hud.place(hud_area)
        self._place(band)

    # -- what is shown --------------------------------------------------------------------
    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    def _board_speed(self) -> float:
        # The player's animation speed, played faster (or slower) by the theatre's.
        return self.settings.speed_factor / self.speed

    @property
    def state(self) -> State:
        """The state after the moves played so far (what the board shows once it settles)."""
        return self.states[self.position]

    def _show_position(self) -> None:
        n = len(self.turns)
        t = self.track
        frac = self.position / n if n else 1.0
        width = max(1.0, t.width * frac)
        self._fill.width = width
        self._fill.center_x = t.left + width / 2
        self._knob.center_x = t.left + t.width * frac
        what = "scrubbing" if self.scrub_rate else "playing" if self.playing else "paused"
        if self.position == n and not self.playing:
            what = f"the end: {self.state.status}"
        self.label.text = f"Move {self.position} of {n}   {_speed_label(self.speed)}   {what}"
        self.play_button.label = "Pause" if self.playing else "Play"
        if self.play_button.text is not None:
            self.play_button.text.text = self.play_button.label

    def _snap_to(self, position: int) -> None:
        self.board.animator.finish()
        self.position = max(0, min(len(self.turns), position))
        state = self.state
        self.board.snap(state.grid)
        self.board.set_specials(state.specials)
        self.board.set_blockers(Blockers.of(state))
        self.follower.show(state)
        self._show_position()

    def _on_event(self, event: Event) -> None:
        self.follower.follow(event)

    # -- controls -------------------------------------------------------------------------
    def step_forward(self, *, keep_playing: bool = False) -> bool:
        """Play the next move with its animation; False at the end."""
        if not keep_playing:
            self.playing = False
        if self.board.busy:
            self._snap_to(self.position)   # the move on show ends at once: the next one starts
        if self.position >= len(self.turns):
            self._show_position()
            return False
        turn = self.turns[self.position]
        before = self.state
        self.follower.begin(before)
        self.position += 1
        self.board.play(turn.events, turn.state, on_event=self._on_event, before=before)
        if not self.board.busy:
            self._snap_to(self.position)
        self._show_position()
        return True

    def step_back(self) -> bool:
        """Back one move (at once: a move played backwards shows nothing a player can use)."""
        self.playing = False
        if self.position == 0:
            self._show_position()
            return False
        self._snap_to(self.position - 1)
        return True

    def jump(self, position: int) -> None:
        self.playing = False
        self._snap_to(position)

    def toggle(self) -> None:
        if not self.playing and self.position >= len(self.turns):
            self._snap_to(0)   # play again from the start, as a video player does
        self.playing = not self.playing
        self._wait = 0.0
        self._show_position()

    def set_speed(self, index: int) -> None:
        self.speed_index = max(0, min(len(SPEEDS) - 1, index))
        self.board.speed = self._board_speed()
        self.speed_button.label = _speed_label(self.speed)
        if self.speed_button.text is not None:
            self.speed_button.text.text = self.speed_button.label
        self._show_position()

    def faster(self) -> None:
        """The speed button: the next speed, round from x8 to x0.5."""
        self.set_speed((self.speed_index + 1) % len(SPEEDS))

    def play_from_here(self) -> None:
        if self.on_play_from is not None:
            self.board.animator.finish()
            self.on_play_from(self.seed, self.commands[: self.position])

    def share(self) -> None:
        if self.on_share is not None:
            self.toast.show(self.on_share(self.seed, self.commands))

    def scrub(self, x: float) -> None:
        """Jump to the move under `x` on the timeline."""
        t = self.track
        n = len(self.turns)
        frac = 0.0 if t.width <= 0 else (x - t.left) / t.width
        self.jump(round(max(0.0, min(1.0, frac)) * n))

    def _on_track(self, x: float, y: float) -> bool:
        t = self.track
        return t.left - 10 <= x <= t.right + 10 and t.bottom - 14 <= y <= t.top + 14

    # -- input ----------------------------------------------------------------------------
    def on_scrub(self, rate: float) -> None:
        """The triggers (game/ui/pad.py): how far the right one (forward, rate > 0) or the left
        one (back) is pulled sets how fast the game runs through its moves; 0 stops."""
        self.hud.set_keys(theatre_pad(pad_family(self.window)))
        if rate and (not self.scrub_rate or (rate > 0) != (self.scrub_rate > 0)):
            self.playing = False
            self._snap_to(self.position)   # a move on show ends: the scrub starts from it
            self._scrub_at = float(self.position)
        self.scrub_rate = rate
        self._show_position()

    def _run_scrub(self, delta_time: float) -> None:
        rate = self.scrub_rate
        moves_a_second = 1.0 + (SCRUB_FASTEST - 1.0) * rate * rate
        n = len(self.turns)
        self._scrub_at = max(0.0, min(float(n), self._scrub_at + math.copysign(moves_a_second, rate) * delta_time))
        target = math.floor(self._scrub_at) if rate > 0 else math.ceil(self._scrub_at)
        if target != self.position:
            self._snap_to(target)

    def on_action(self, action: Action) -> bool:
        """A controller in the theatre: A or Start pauses, the shoulders (or left and right)
        step, up and down set the speed, B goes back."""
        self.hud.set_keys(theatre_pad(pad_family(self.window)))
        steps: dict[Action, Callable[[], object]] = {Action.PRESS: self.toggle, Action.PAUSE: self.toggle, Action.BACK: self.on_back,
                 Action.PREVIOUS: self.step_back, Action.LEFT: self.step_back,
                 Action.NEXT: self.step_forward, Action.RIGHT: self.step_forward,
                 Action.UP: lambda: self.set_speed(self.speed_index + 1),
                 Action.DOWN: lambda: self.set_speed(self.speed_index - 1)}
        step = steps.get(action)
        if step is None:
            return False
        step()
        return True

    def on_text(self, text: str) -> bool:
        # X11 through pyglet gives Shift+= as the key PLUS only the first time; after that only
        # its text '+' comes, so the text speeds up too, unless a key press already did.
        if text != "+":
            return False
        if self._plus_pressed:
            self._plus_pressed = False
        else:
            self.set_speed(self.speed_index + 1)
        return True

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        self._plus_pressed = False
        keys_used(self.window)
        self.hud.set_keys(KEYS)
        if symbol == key.ESCAPE:
            self.on_back()
        elif symbol == key.SPACE:
            self.toggle()
        elif symbol == key.RIGHT:
            self.step_forward()
        elif symbol == key.LEFT:
            self.step_back()
        elif symbol == key.HOME:
            self.jump(0)
        elif symbol == key.END:
            self.jump(len(self.turns))
        elif symbol in (key.PLUS, key.EQUAL, key.NUM_ADD, key.UP):
            self.set_speed(self.speed_index + 1)
            self._plus_pressed = symbol in (key.PLUS, key.NUM_ADD)   # its '+' text follows: taken
        elif symbol in (key.MINUS, key.NUM_SUBTRACT, key.DOWN):
            self.set_speed(self.speed_index - 1)
        elif symbol in (key.ENTER, key.RETURN, key.NUM_ENTER, key.P):
            self.play_from_here()
        elif symbol == key.S:
            self.share()
        else:
            return False
        return True   # handled: Esc must not reach the window's default (closing it)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        if self._on_track(x, y):
            self.scrubbing = True
            self.scrub(x)
            return
        self.bar.press(x, y)

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None:
        if self.scrubbing:
            self.scrub(x)

    def say(self, message: str, error: bool = False) -> None:
        """Tell the player one thing under the board (a shared game's GIF is ready)."""
        self.toast.show(message, error)

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.scrubbing = False

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        self.bar.hover(x, y)

    # -- frame ----------------------------------------------------------------------------
    def on_update(self, delta_time: float) -> None:
        self.board.update(delta_time)
        self.toast.update(delta_time)
        if self.scrub_rate:
            self._run_scrub(delta_time)
        if self.playing and not self.board.busy:
            self._wait -= delta_time
            if self._wait <= 0:
                if self.position >= len(self.turns):
                    self.playing = False
                    self._show_position()
                else:
                    self.step_forward(keep_playing=True)
                    self._wait = GAP * max(self.settings.speed_factor, 0.3) / self.speed

    def in_motion(self) -> bool:
        """Something on screen moves or is about to (the window draws only then, and after
        input: game.ui.frames): paused, the theatre costs no frames at all."""
        return (self.playing or bool(self.scrub_rate) or self.board.animator.moving or self.hud.counting
                or self.toast.fading)

    def _marks(self) -> list[Mark]:
        """Everything on_draw shows, in its order, and where (game.ui.damage)."""
        out: list[Mark] = [(("backdrop",), (0, 0, self.window.width, self.window.height))]
        out += self.hud.marks() + self.board.marks() + list(sprite_marks("timeline", self.timeline))
        label = text_mark("label", self.label)
        if label is not None:
            out.append(label)
        return out + self.bar.marks() + self.toast.marks()

    def on_draw(self) -> None:
        # While playing, the frames between two moves repaint nothing: only what changed is drawn.
        self.redraw.frame(self._draw_scene, self._marks)

    def _draw_scene(self) -> None:
        frames.clear(self.window, style.PLAY_BG)
        if repaints(self.hud.rect):   # a frame repainting the board skips the side panel's texts
            self.hud.draw()
        self.board.draw()
        self.timeline.draw()
        self.label.draw()
        self.bar.draw()
        self.toast.draw()
