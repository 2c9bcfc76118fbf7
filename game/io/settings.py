"""Player settings (animation speed, palette, sound, music volume, fullscreen, reduced motion, text size, window size), kept in the user's data folder."""

from __future__ import annotations

import dataclasses
import pathlib
from dataclasses import dataclass
from typing import Any

from . import gate
from .atomic import atomic_write_text
from .paths import data_path
from .problems import FileProblem
from .yamldoc import DocError, read_document
from .yamlout import dump

SPEEDS = ("slow", "normal", "fast", "instant")
# How much every animation's duration is scaled by; "instant" skips animations.
SPEED_FACTORS = {"slow": 1.7, "normal": 1.0, "fast": 0.5, "instant": 0.0}
TEXT_SIZES = ("normal", "large")
TEXT_SCALES = {"normal": 1.0, "large": 1.25}
MUSIC_VOLUMES = ("off", "low", "medium", "high")
# The music's loudness for each choice: under the effects (the loop is made near full scale).
MUSIC_LEVELS = {"off": 0.0, "low": 0.12, "medium": 0.25, "high": 0.45}
FILE_NAME = "settings.yaml"


@dataclass(frozen=True, slots=True)
class Settings:
    """What the player chose on the settings screen."""

    animation_speed: str = "normal"
    colorblind: bool = False
    sound: bool = True
    # The background music's loudness (MUSIC_VOLUMES); silent whatever it says while sound is off.
    music_volume: str = "medium"
    fullscreen: bool = False
    # Accessibility: no shakes, sparks, pulses or sweeps, every move shown at once; bigger text.
    reduced_motion: bool = False
    text_size: str = "normal"
    # Estimates for you: a persona fitted to the player's own kept games says how hard each level
    # is for them (on the goal card). Off by default; on or off, nothing leaves the machine.
    for_you: bool = False
    # The window's size when the game was last closed (not in full screen): it opens so again.
    window: tuple[int, int] | None = None

    @property
    def speed_factor(self) -> float:
        return 0.0 if self.reduced_motion else SPEED_FACTORS[self.animation_speed]

    @property
    def music_level(self) -> float:
        """How loud the music plays: 0 is silent (its own choice, or all sound off)."""
        return MUSIC_LEVELS[self.music_volume] if self.sound else 0.0

    @property
    def text_scale(self) -> float:
        return TEXT_SCALES[self.text_size]


def settings_path() -> pathlib.Path:
    return data_path(FILE_NAME)


def _from_mapping(raw: Any) -> Settings:
    """Keep every valid value, drop the rest: a bad setting never stops the game."""
    if not isinstance(raw, dict):
        return Settings()
    values: dict[str, Any] = {}
    if raw.get("animation_speed") in SPEEDS:
        values["animation_speed"] = raw["animation_speed"]
    if raw.get("text_size") in TEXT_SIZES:
        values["text_size"] = raw["text_size"]
    if raw.get("music_volume") in MUSIC_VOLUMES:
        values["music_volume"] = raw["music_volume"]
    elif raw.get("music_volume") is False:   # YAML 1.1 reads a hand-typed, unquoted `off` as false
        values["music_volume"] = "off"
    for key in ("colorblind", "sound", "fullscreen", "reduced_motion", "for_you"):
        if isinstance(raw.get(key), bool):
            values[key] = raw[key]
    window = raw.get("window")
    if (isinstance(window, list) and len(window) == 2
            and all(type(v) is int and 0 < v <= MAX_WINDOW_SIDE for v in window)):
        values["window"] = (window[0], window[1])
    return Settings(**values)


MAX_WINDOW_SIDE = 16384   # larger than any screen: a bigger number in the file is not a size


def load_settings(path: pathlib.Path | None = None, notices: list[str] | None = None) -> Settings:
    """The saved settings, or the defaults when there are none or the file is unreadable.

    A file that is there but cannot be used adds one line saying so to `notices` (the game
    shows it on the title screen); the file itself is left as it is for the player to see.
    """
    try:
        path = path or settings_path()
    except OSError as exc:   # the data folder is a file, or cannot be made
        if notices is not None:
            notices.append(f"Your settings cannot be kept: {exc}.")
        return Settings()
    if not gate.exists(path):
        return Settings()
    try:
        raw = read_document(path).value
        if not isinstance(raw, dict):
            raise DocError(1, 1, "it holds no settings mapping")
    except DocError as exc:
        if notices is not None:
            where = FileProblem(str(path), exc.line, exc.column, exc.field, exc.message)
            notices.append(f"Your settings file could not be read ({where}); the defaults are "
                           "used until you change a setting.")
        return Settings()
    return _from_mapping(raw)


def save_settings(settings: Settings, path: pathlib.Path | None = None) -> None:
    """Write the settings atomically, keys in a fixed order.

    Raises OSError when the data folder cannot be written (read-only, full, or a file).
    """
    path = path or settings_path()
    data = dataclasses.asdict(settings)
    if settings.window is not None:
        data["window"] = list(settings.window)   # YAML's safe dumper writes lists, not tuples
    text = "# Gridfall settings\n" + dump(data)
    atomic_write_text(path, text)
