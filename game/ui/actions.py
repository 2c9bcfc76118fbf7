"""What a player means, whatever they press: the actions keys and controller buttons map to."""

from __future__ import annotations

import math
from enum import StrEnum

import arcade


class Action(StrEnum):
    """One thing a player asks for; a view that handles actions has `on_action(action) -> bool`."""

    UP = "up"
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"
    UP_LEFT = "up-left"        # the stick's diagonals: a chain path steps diagonally
    UP_RIGHT = "up-right"
    DOWN_LEFT = "down-left"
    DOWN_RIGHT = "down-right"
    PRESS = "press"        # A, Enter: press the focused button, pick a tile, commit a chain
    BACK = "back"          # B, Esc: go back, backtrack
    PAUSE = "pause"        # Start: the pause menu
    PREVIOUS = "previous"  # left shoulder: the theatre's step back
    NEXT = "next"          # right shoulder: the theatre's step on
    HINT = "hint"          # Y
    UNDO = "undo"          # X: take the last move back


DIRECTIONS: dict[Action, tuple[int, int]] = {
    Action.UP: (0, 1), Action.DOWN: (0, -1), Action.LEFT: (-1, 0), Action.RIGHT: (1, 0),
}

# Controller buttons by pyglet's names for the standard (SDL) layout: A is the south button.
PAD_BUTTONS: dict[str, Action] = {
    "a": Action.PRESS, "b": Action.BACK, "start": Action.PAUSE, "y": Action.HINT, "x": Action.UNDO,
    "leftshoulder": Action.PREVIOUS, "rightshoulder": Action.NEXT,
}

# The keys each action stands for in a view that still reads keys (its keyboard handling is
# the behaviour; a pad drives it through the same path until the view handles actions).
KEYS: dict[Action, int] = {
    Action.UP: arcade.key.UP, Action.DOWN: arcade.key.DOWN, Action.LEFT: arcade.key.LEFT,
    Action.RIGHT: arcade.key.RIGHT, Action.PRESS: arcade.key.ENTER, Action.BACK: arcade.key.ESCAPE,
    Action.PAUSE: arcade.key.ESCAPE, Action.PREVIOUS: arcade.key.LEFT, Action.NEXT: arcade.key.RIGHT,
    Action.HINT: arcade.key.H, Action.UNDO: arcade.key.Z,
    # The keypad's corners: the keys a chain path takes for a diagonal step.
    Action.UP_LEFT: arcade.key.NUM_7, Action.UP_RIGHT: arcade.key.NUM_9,
    Action.DOWN_LEFT: arcade.key.NUM_1, Action.DOWN_RIGHT: arcade.key.NUM_3,
}
# In a chain level B backtracks one step (Backspace), as the pad layout asks; Start
# still cancels the path, then pauses (Esc).
CHAIN_KEYS: dict[Action, int] = {**KEYS, Action.BACK: arcade.key.BACKSPACE}

_EIGHT = (Action.RIGHT, Action.UP_RIGHT, Action.UP, Action.UP_LEFT,
          Action.LEFT, Action.DOWN_LEFT, Action.DOWN, Action.DOWN_RIGHT)


def direction_of(x: float, y: float, threshold: float) -> Action | None:
    """The one of eight directions a stick or D-pad points in (45-degree sectors: within 22.5
    degrees of an axis is straight), or None inside `threshold`."""
    if max(abs(x), abs(y)) < threshold:
        return None
    sector = round(math.atan2(y, x) / (math.pi / 4)) % 8
    return _EIGHT[sector]
