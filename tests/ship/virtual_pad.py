"""A virtual gamepad for tests: pyglet's own Controller on a device whose controls a test sets,
so every event reaches the game through pyglet's real dispatch path (control -> Controller ->
handlers), double D-pad events and split stick axes included, as a Linux (evdev) pad sends them."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from pyglet.input.base import AbsoluteAxis, Button, Controller, ControllerManager, Device
from pyglet.input.controller import _parse_mapping

# SDL's mapping of an Xbox 360 pad on Linux (the layout the Steam Deck presents too).
MAPPING = ("030000005e0400008e02000014010000,Virtual X360 Pad,a:b0,b:b1,back:b6,dpdown:h0.4,"
           "dpleft:h0.8,dpright:h0.2,dpup:h0.1,guide:b8,leftshoulder:b4,leftstick:b9,lefttrigger:a2,"
           "leftx:a0,lefty:a1,rightshoulder:b5,rightstick:b10,righttrigger:a5,rightx:a3,righty:a4,"
           "start:b7,x:b2,y:b3,")
BUTTONS = ("a", "b", "x", "y", "leftshoulder", "rightshoulder", "back", "start", "guide",
           "leftstick", "rightstick")
AXES = ("leftx", "lefty", "lefttrigger", "rightx", "righty", "righttrigger")
STICK = 32767
TRIGGER = 255


class VirtualDevice(Device):
    """The device under the pad: eleven buttons, six axes and a hat, like an evdev pad's."""

    def __init__(self) -> None:
        super().__init__(None, "Virtual X360 Pad")   # type: ignore[arg-type]
        self.buttons = [Button(f"button{i}") for i in range(len(BUTTONS))]
        self.axes = [AbsoluteAxis(name, 0, TRIGGER) if name.endswith("trigger")
                     else AbsoluteAxis(name, -STICK, STICK) for name in AXES]
        # evdev reports the hat's y upside down and pyglet flips it back (inverted).
        self.hat_x = AbsoluteAxis("hat_x", -1, 1)
        self.hat_y = AbsoluteAxis("hat_y", -1, 1, inverted=True)

    def get_controls(self) -> list[Any]:
        return [*self.buttons, *self.axes, self.hat_x, self.hat_y]

    def get_guid(self) -> str:
        return MAPPING.split(",")[0]


class VirtualPad(Controller):
    """A controller a test plays: press buttons, tilt the D-pad, push the stick, pull triggers.

    (`tilt`, not `dpad`: pyglet's Controller keeps the D-pad's position in `dpad`.)
    """

    def __init__(self) -> None:
        self.virtual = VirtualDevice()
        super().__init__(self.virtual, _parse_mapping(MAPPING) or {})

    def press(self, button: str) -> None:
        """Press and let go of `button` (pyglet's name: a, b, start, leftshoulder, ...)."""
        control = self.virtual.buttons[BUTTONS.index(button)]
        control.value = True
        control.value = False

    def tilt(self, x: int, y: int) -> None:
        """Tilt the D-pad (x right, y up) and let it go."""
        self.virtual.hat_x.value = x
        self.virtual.hat_y.value = -y
        self.virtual.hat_x.value = 0
        self.virtual.hat_y.value = 0

    def stick(self, x: float, y: float, steps: int = 6) -> None:
        """Move the left stick to (x, y), y up, each in -1..1, and hold it there.

        A thumb moves it through the positions between, which the pad reports one axis at a
        time (raw evdev values: y grows downwards): so do we, in `steps` samples.
        """
        x0, y0 = self.leftx, -self.lefty
        for i in range(1, steps + 1):
            self.virtual.axes[0].value = round((x0 + (x - x0) * i / steps) * STICK)
            self.virtual.axes[1].value = round(-(y0 + (y - y0) * i / steps) * STICK)

    def flick(self, x: float, y: float) -> None:
        """Push the stick to (x, y) and let it spring back to the middle: one step."""
        self.stick(x, y)
        self.stick(0.0, 0.0)

    def trigger(self, name: str, amount: float) -> None:
        """Hold `lefttrigger` or `righttrigger` pressed by `amount` (0 let go .. 1 all the way)."""
        self.virtual.axes[AXES.index(name)].value = round(amount * TRIGGER)


class VirtualManager(ControllerManager):
    """pyglet's controller manager with pads plugged in and out by a test (hot-plug)."""

    def __init__(self, *pads: VirtualPad) -> None:
        self.pads = list(pads)

    def get_controllers(self) -> list[Controller]:
        return list(self.pads)

    def plug(self, pad: VirtualPad) -> None:
        self.pads.append(pad)
        self.dispatch_event("on_connect", pad)

    def unplug(self, pad: VirtualPad) -> None:
        self.pads.remove(pad)
        self.dispatch_event("on_disconnect", pad)


@contextmanager
def pad_plugged_in(window: Any) -> Iterator[VirtualPad]:
    """A pad plugged in while the game runs (hot-plug), through the game's own PadInput, let go
    of after the block."""
    from game.ui.pad import PadInput

    manager = VirtualManager()
    pads = PadInput(window)
    pads.start(manager)
    plugged = VirtualPad()
    manager.plug(plugged)
    try:
        yield plugged
    finally:
        pads.stop()
