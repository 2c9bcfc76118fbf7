"""The settings screen: animation speed, palette, sound, music volume, fullscreen, reduced motion, text size, estimates for you; each saved at once."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable


from game.io.settings import MUSIC_VOLUMES, SPEEDS, TEXT_SIZES

from . import style
from .widgets import MenuView

if TYPE_CHECKING:
    from game.ui.navigator import Navigator


ROW_H = 104
HINT_GAP = 16   # the least room between a row's hint and its first choice


class SettingsView(MenuView):
    """One row per setting, its choices side by side; the chosen one is filled."""

    def __init__(self, app: "Navigator", back: Callable[[], object] | None = None) -> None:
        super().__init__(app.window)
        self.app = app
        self.back = back or app.show_title

    def build(self) -> None:
        w, h = self.window.width, self.window.height
        s = self.app.settings
        self.header("Settings", "Changes are saved at once", back=self.back)
        rows: list[tuple[str, str, str, list[tuple[str, Any]], Any]] = [
            ("Animation speed", "How fast tiles swap, fall and clear; Instant skips the motion",
             "animation_speed", [(sp.capitalize(), sp) for sp in SPEEDS], s.animation_speed),
            # Music under the speed: two rows of four choices apart would let Down skip the rows
            # between them (the arrows go to the nearest choice in line).
            ("Music volume", "A quiet tune behind every screen; none while Sound is off", "music_volume",
             [(v.capitalize(), v) for v in MUSIC_VOLUMES], s.music_volume),
            ("Sound", "Sound effects and music", "sound", [("Off", False), ("On", True)], s.sound),
            ("Colour-blind palette", "Tile colours that stay apart for every kind of colour vision",
             "colorblind", [("Off", False), ("On", True)], s.colorblind),
            ("Fullscreen", "Fill the screen (F11 anywhere)", "fullscreen", [("Off", False), ("On", True)],
             s.fullscreen),
            ("Reduced motion", "No shakes, sparks or pulsing; every move shown at once", "reduced_motion",
             [("Off", False), ("On", True)], s.reduced_motion),
            ("Text size", "Bigger words beside the board and on its cards", "text_size",
             [(size.capitalize(), size) for size in TEXT_SIZES], s.text_size),
            ("Estimates for you", "How hard a level is for you, from your own games, on this computer only",
             "for_you", [("Off", False), ("On", True)], s.for_you),
        ]
        pw = min(1000, (w - 80) // 16 * 16)  # few widths: each needs its own panel texture
        left = w / 2 - pw / 2
        top = h - self.header_height - 36
        for i, (label, hint, key, choices, current) in enumerate(rows):
            bottom = top - (i + 1) * ROW_H + 12
            # The rows scroll (the wheel, or following the focus): a small window shows a few.
            self.panel(left, bottom, pw, ROW_H - 16, 14, focusable=False, scrolls=True)
            mid = bottom + (ROW_H - 16) / 2
            self.text(label, left + 26, mid + 8, style.TEXT, 18, bold=True, scrolls=True)
            bw, gap = (104, 10) if len(choices) > 2 else (110, 10)
            x = left + pw - 22 - len(choices) * bw - (len(choices) - 1) * gap
            # The hint stops short of the choices (at 960x640 the speed's ran up against "Slow").
            self.text(hint, left + 26, mid - 20, style.TEXT_MUTED, style.SMALL_SIZE,
                      max_width=min(pw * 0.5 - 30, x - HINT_GAP - (left + 26)), scrolls=True)
            for j, (name, value) in enumerate(choices):
                self.button(name, x + j * (bw + gap), mid - 23, bw, 46,
                            self._chooser(key, value), name=f"{key}={value}",
                            selected=(value == current), font_size=13,
                            colors=(style.OPTION, style.OPTION_HOVER), scrolls=True)
        self.content_height = len(rows) * ROW_H + 36

    def initial_focus(self) -> Any:
        """The chosen animation speed, so arrows move between values at once."""
        return next((wd for wd in self.widgets if wd.selected), None) or super().initial_focus()

    def _chooser(self, key: str, value: Any) -> Callable[[], None]:
        return lambda: self.choose(key, value)

    def choose(self, key: str, value: Any) -> None:
        self.app.update_settings(**{key: value})
        self.rebuild()

    def on_back(self) -> None:
        self.back()
