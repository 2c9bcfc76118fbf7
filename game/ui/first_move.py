"""The first move's pointer: where a player meets a mode or a lesson (a special, a blocker), a hand shows the hint's move until one is made."""

from __future__ import annotations

from typing import Any, Protocol

import arcade

from game.bots import Bot
from game.core import EMPTY, Chain, Command, Session, Slide, State, Status, Swap
from game.ui import textures
from game.ui.damage import Mark, sprite_marks
from game.ui.hints import hint
from game.ui.tween import ease_in_out
from game.ui.widgets import Menu

Point = tuple[float, float]

COME_BACK = 4.0     # seconds of idling on the first move before a hidden pointer shows again
APPEAR = 0.3        # the hand fades in on the first cell,
PRESS = 0.25        # presses it,
STEP = 0.55         # moves a cell's way along the move per step,
HOLD = 0.35         # lets go there,
FADE = 0.3          # fades out,
REST = 0.6          # and waits before showing it again
TIP = (0.40, 0.04)  # where the fingertip is on hand.png (from its top left, as a share of its size)
SIZE = 0.9          # the hand's size in cells


class PointerHost(Protocol):
    """What the pointer needs from the play view."""

    session: Session
    hinter: Bot
    board: Any

    @property
    def state(self) -> State: ...
    @property
    def modal(self) -> Menu | None: ...
    @property
    def busy(self) -> bool: ...


def gesture(command: Command, state: State) -> list[Any]:
    """The cells the hand passes, in order: a swap's two, a chain's path, a slide's tile to the gap."""
    if isinstance(command, Swap):
        return [command.a, command.b]
    if isinstance(command, Chain):
        return list(command.path)
    assert isinstance(command, Slide)
    r, c = command.cell
    gap = next(((r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                if 0 <= r + dr < state.height and 0 <= c + dc < state.width and state.at((r + dr, c + dc)) == EMPTY),
               None)
    return [command.cell] if gap is None else [command.cell, gap]


class FirstMovePointer:
    """A hand that acts out the hint's first move, over and over, until the player makes a move.

    It waits for the goal card to be read, hides the moment the player touches the board and
    comes back after COME_BACK seconds of idling, still on the first move; once a move stands it
    never shows again in this game (an undo back to the start does not bring it back). The move
    is the game's own hint (game.ui.hints), never a rule of the view's."""

    def __init__(self, on: bool, reduced_motion: bool = False) -> None:
        self.on = on
        self.reduced_motion = reduced_motion
        self.command: Command | None = None   # the move shown, once worked out
        self.shown = False
        self._wait = 0.0       # seconds to idle before it shows (none at the start)
        self._idle = 0.0
        self._t = 0.0          # seconds into the gesture
        self.hand = arcade.Sprite(textures.load("hand"))
        self.sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.sprites.append(self.hand)

    def moved(self) -> None:
        """A move stands: the pointer's lesson is learnt, for good."""
        self.on = self.shown = False

    def touched(self) -> None:
        """The player did something: the hand gets out of the way, and waits for an idle spell."""
        self.shown = False
        self._idle, self._wait = 0.0, COME_BACK

    @property
    def moving(self) -> bool:
        """The hand is on show and acting (it needs frames; with reduced motion it stands still)."""
        return self.shown and not self.reduced_motion

    def update(self, dt: float, host: PointerHost) -> None:
        if not self.on:
            return
        if host.session.played or host.state.status != Status.PLAYING:
            self.moved()   # a resumed game, or one whose first move stands: nothing to show
            return
        if host.modal is not None or host.busy:
            self.shown = False   # the goal card is read first; it shows on a still board
            return
        if not self.shown:
            self._idle += dt
            if self._idle < self._wait:
                return
            if self.command is None:
                self.command = hint(host.state, host.hinter)
                if self.command is None:
                    self.on = False
                    return
            self.shown, self._t = True, 0.0
        self._t += dt
        self._pose(host.board, gesture(self.command, host.state))   # type: ignore[arg-type]

    def _pose(self, board: Any, cells: list[Any]) -> None:
        """The hand where the gesture is at self._t (a loop), its fingertip on the board's cells."""
        points: list[Point] = [board.center(c) for c in cells]
        steps = len(points) - 1
        cycle = APPEAR + PRESS + STEP * steps + HOLD + FADE + REST
        t = 0.0 if self.reduced_motion else self._t % cycle
        alpha, press = 1.0, 0.0
        at = points[0]
        if t < APPEAR:
            alpha = t / APPEAR if not self.reduced_motion else 1.0
        elif t < APPEAR + PRESS:
            press = (t - APPEAR) / PRESS
        elif t < APPEAR + PRESS + STEP * steps:
            k = (t - APPEAR - PRESS) / STEP
            i = min(steps - 1, int(k))
            f = ease_in_out(k - i)
            (x0, y0), (x1, y1) = points[i], points[i + 1]
            at, press = (x0 + (x1 - x0) * f, y0 + (y1 - y0) * f), 1.0
        else:
            at = points[-1]
            after = t - APPEAR - PRESS - STEP * steps
            press = max(0.0, 1.0 - after / HOLD)
            alpha = max(0.0, 1.0 - (after - HOLD) / FADE) if after > HOLD else 1.0
        side = board.layout.cell * SIZE * (1.0 - 0.12 * press)   # pressed: a little smaller, closer to the board
        hand = self.hand
        hand.width = hand.height = side
        hand.position = (at[0] + (0.5 - TIP[0]) * side, at[1] - (0.5 - TIP[1]) * side)
        hand.alpha = int(255 * alpha)

    def marks(self) -> list[Mark]:
        return list(sprite_marks("pointer", self.sprites)) if self.shown else []

    def draw(self) -> None:
        if self.shown:
            self.sprites.draw()
