"""Game controllers: found at start and hot-plugged, their buttons, D-pad and left stick turned
into actions for whatever screen is up."""

from __future__ import annotations

from typing import Any

from game.core import Mode

from .actions import CHAIN_KEYS, KEYS, PAD_BUTTONS, Action, direction_of

STICK_ON = 0.6    # a stick counts as pushed past this...
STICK_OFF = 0.35  # ...and as let go under this: no flicker around one threshold


class PadInput:
    """Routes controller events to the current view: `on_action(action)` when the view handles
    actions, else the key the action stands for (a view whose keys are its behaviour), so every
    screen can be played with a pad. Remembers whether a pad was the last thing used."""

    def __init__(self, window: Any) -> None:
        self.window = window
        self.controllers: list[Any] = []
        self.manager: Any = None
        self._held: dict[int, Action | None] = {}
        self.last_was_pad = False

    def start(self) -> None:
        """Open the controllers there are and listen for more (hot-plug). Without controller
        support on this machine (no evdev access, say) the game simply runs without pads."""
        try:
            import arcade

            self.manager = arcade.ControllerManager()
            found = list(self.manager.get_controllers())
        except Exception:
            self.manager = None
            return
        self.manager.push_handlers(on_connect=self.attach, on_disconnect=self.detach)
        for controller in found:
            self.attach(controller)

    def attach(self, controller: Any) -> None:
        """A controller plugged in (or found at start): it works at once, mid-game too."""
        if controller in self.controllers:
            return
        try:
            controller.open()
        except Exception:
            pass   # already open, or opened elsewhere: its events still come
        controller.push_handlers(self)
        self.controllers.append(controller)

    def detach(self, controller: Any) -> None:
        if controller in self.controllers:
            controller.remove_handlers(self)
            self.controllers.remove(controller)
        self._held.pop(id(controller), None)

    # -- pyglet's controller events --------------------------------------------------------
    def on_button_press(self, controller: Any, button: str) -> None:
        action = PAD_BUTTONS.get(button)
        if action is not None:
            self.send(action)

    def on_button_release(self, controller: Any, button: str) -> None:
        pass

    def on_dpad_motion(self, controller: Any, vector: Any) -> None:
        action = direction_of(vector.x, vector.y, 0.5)
        if action is not None:
            self.send(action)

    def on_stick_motion(self, controller: Any, stick: str, vector: Any) -> None:
        """The left stick moves like the D-pad: one step each time it is pushed to a side."""
        if stick != "leftstick":
            return
        key = id(controller)
        held = self._held.get(key)
        if held is not None and max(abs(vector.x), abs(vector.y)) < STICK_OFF:
            self._held[key] = None
            return
        now = direction_of(vector.x, vector.y, STICK_ON)
        if now is not None and now != held:
            self._held[key] = now
            self.send(now)

    def on_trigger_motion(self, controller: Any, trigger: str, value: float) -> None:
        pass

    # -- to the screen ---------------------------------------------------------------------
    def send(self, action: Action) -> bool:
        """Give `action` to the current view; True when something took it."""
        self.last_was_pad = True
        request = getattr(self.window, "request_frame", None)
        if request is not None:
            request()   # a pad is input no window event announces: the screen may change
        view = self.window.current_view
        if view is None:
            return False
        handler = getattr(view, "on_action", None)
        if handler is not None:
            return bool(handler(action))
        level = getattr(view, "level", None)
        symbol = (CHAIN_KEYS if getattr(level, "mode", None) == Mode.CHAIN else KEYS)[action]
        taken = view.on_key_press(symbol, 0)
        release = getattr(view, "on_key_release", None)
        if release is not None:
            release(symbol, 0)
        return bool(taken)
