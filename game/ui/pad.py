"""Game controllers: found at start and hot-plugged, their buttons, D-pad, left stick and
triggers turned into actions for whatever screen is up; and which was used last, pad or keys."""

from __future__ import annotations

from typing import Any

from game.core import Mode

from .actions import CHAIN_KEYS, KEYS, PAD_BUTTONS, Action, direction_of

STICK_ON = 0.6    # a stick counts as pushed past this...
STICK_OFF = 0.35  # ...and as let go under this: no flicker around one threshold
DPAD_ON = 0.5
TRIGGER_DEAD = 0.08   # a trigger resting a little pressed (worn springs) scrubs nothing
REPEAT_AFTER = 0.4    # a direction held this long repeats, as a held key does...
REPEAT_EVERY = 0.11   # ...this often


class PadInput:
    """Routes controller events to the current view: `on_action(action)` when the view handles
    actions, else the key the action stands for (a view whose keys are its behaviour), so every
    screen can be played with a pad; the triggers to `on_scrub(rate)` where a view scrubs.
    Remembers whether a pad was the last thing used (`pad_in_use`), for the key help."""

    def __init__(self, window: Any) -> None:
        self.window = window
        self.controllers: list[Any] = []
        self.manager: Any = None
        self._stick: dict[int, Action | None] = {}
        self._dpad: dict[int, Action | None] = {}
        self._triggers: dict[int, dict[str, float]] = {}
        self._repeat: tuple[Action, float] | None = None   # the direction held, seconds to its next step
        self.last_was_pad = False
        self.family = "XB"   # the last pad's button names: "PS" pads say Cross, Circle, L1...
        window.pads = self   # views ask the window which was used last (pad_in_use)

    def start(self, manager: Any = None) -> None:
        """Open the controllers there are and listen for more (hot-plug). Without controller
        support on this machine (no evdev access, say) the game simply runs without pads."""
        try:
            if manager is None:
                import arcade

                manager = arcade.ControllerManager()
            found = list(manager.get_controllers())
        except Exception:
            self.manager = None
            return
        self.manager = manager
        manager.push_handlers(on_connect=self.attach, on_disconnect=self.detach)
        for controller in found:
            self.attach(controller)

    def stop(self) -> None:
        """Let go of every pad and the manager (the game is closing, a test is done)."""
        self._hold(None)
        for controller in list(self.controllers):
            self.detach(controller)
        if self.manager is not None:
            self.manager.remove_handlers(on_connect=self.attach, on_disconnect=self.detach)
            self.manager = None
        if getattr(self.window, "pads", None) is self:
            del self.window.pads

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
        for held in (self._stick, self._dpad, self._triggers):
            held.pop(id(controller), None)
        self._hold(None)
        self._scrub()   # a pad pulled out mid-scrub stops scrubbing

    # -- pyglet's controller events --------------------------------------------------------
    def on_button_press(self, controller: Any, button: str) -> None:
        self._note(controller)
        action = PAD_BUTTONS.get(button)
        if action is not None:
            self.send(action)

    def on_button_release(self, controller: Any, button: str) -> None:
        pass

    def on_dpad_motion(self, controller: Any, vector: Any) -> None:
        """One step each time the D-pad is pressed toward a new direction (pyglet reports each
        axis of a hat as it changes, and may repeat a position: only a change is a step)."""
        key = id(controller)
        now = direction_of(vector.x, vector.y, DPAD_ON)
        if now != self._dpad.get(key):
            self._dpad[key] = now
            self._hold(now)
            if now is not None:
                self._note(controller)
                self.send(now)

    def on_stick_motion(self, controller: Any, stick: str, vector: Any) -> None:
        """The left stick moves like the D-pad: one step each time it is pushed to a side."""
        if stick != "leftstick":
            return
        key = id(controller)
        held = self._stick.get(key)
        if held is not None and max(abs(vector.x), abs(vector.y)) < STICK_OFF:
            self._stick[key] = None
            self._hold(None)
            return
        now = direction_of(vector.x, vector.y, STICK_ON)
        if now is not None and now != held:
            self._stick[key] = now
            self._hold(now)
            self._note(controller)
            self.send(now)

    # -- a direction held repeats ----------------------------------------------------------
    def _hold(self, action: Action | None) -> None:
        """A direction pushed (or let go): held, it steps again after a moment (`tick`)."""
        import pyglet

        was = self._repeat is not None
        self._repeat = None if action is None else (action, REPEAT_AFTER)
        if self._repeat is not None and not was:
            pyglet.clock.schedule_interval(self.tick, 1 / 60)
        elif self._repeat is None and was:
            pyglet.clock.unschedule(self.tick)

    def tick(self, delta_time: float) -> None:
        """Time passes with a direction held: one more step each REPEAT_EVERY after REPEAT_AFTER
        (the game loop's clock calls it; at most one step a call, so a stall never bursts)."""
        if self._repeat is None:
            return
        action, left = self._repeat
        left -= delta_time
        if left <= 0:
            self.send(action)
            left = max(left + REPEAT_EVERY, 0.0)
        if self._repeat is not None:   # the step may have let go of it (a pad unplugged)
            self._repeat = (action, left)

    def on_trigger_motion(self, controller: Any, trigger: str, value: float) -> None:
        """The triggers scrub where a view scrubs (the theatre): how far one is pulled sets the
        speed, the right one forward, the left one back."""
        self._triggers.setdefault(id(controller), {})[trigger] = value
        if value > TRIGGER_DEAD:
            self._note(controller)
        self._scrub()

    def _scrub(self) -> None:
        def pulled(name: str) -> float:
            value = max((t.get(name, 0.0) for t in self._triggers.values()), default=0.0)
            return 0.0 if value <= TRIGGER_DEAD else (value - TRIGGER_DEAD) / (1.0 - TRIGGER_DEAD)

        view = getattr(self.window, "current_view", None)
        scrub = getattr(view, "on_scrub", None)
        if scrub is not None:
            self._frame()
            scrub(min(1.0, pulled("righttrigger")) - min(1.0, pulled("lefttrigger")))

    def _note(self, controller: Any) -> None:
        """A pad was used: the key help shows its buttons, by the names printed on them."""
        self.last_was_pad = True
        kind = getattr(controller, "type", "XB")
        self.family = kind if kind in ("PS", "XB") else "XB"

    def _frame(self) -> None:
        request = getattr(self.window, "request_frame", None)
        if request is not None:
            request()   # a pad is input no window event announces: the screen may change

    # -- to the screen ---------------------------------------------------------------------
    def send(self, action: Action) -> bool:
        """Give `action` to the current view; True when something took it."""
        self.last_was_pad = True
        self._frame()
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


def pad_in_use(window: Any) -> bool:
    """Whether a pad was the last thing used on `window` (its key help shows pad buttons)."""
    pads = getattr(window, "pads", None)
    return bool(pads is not None and pads.last_was_pad)


def pad_family(window: Any) -> str:
    """The names on the last pad's buttons: "PS" (Cross, Circle, L1) or "XB" (A, B, LB)."""
    return str(getattr(getattr(window, "pads", None), "family", "XB"))


def keys_used(window: Any) -> None:
    """A key was pressed (or the mouse used): the key help shows keys again."""
    pads = getattr(window, "pads", None)
    if pads is not None:
        pads.last_was_pad = False
