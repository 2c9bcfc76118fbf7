"""Player settings (animation speed, palette, sound, fullscreen), kept in the user's data folder."""

from __future__ import annotations

import dataclasses
import pathlib
from dataclasses import dataclass
from typing import Any

import yaml

from .atomic import atomic_write_text
from .paths import data_dir

SPEEDS = ("slow", "normal", "fast", "instant")
# How much every animation's duration is scaled by; "instant" skips animations.
SPEED_FACTORS = {"slow": 1.7, "normal": 1.0, "fast": 0.5, "instant": 0.0}
FILE_NAME = "settings.yaml"


@dataclass(frozen=True, slots=True)
class Settings:
    """What the player chose on the settings screen."""

    animation_speed: str = "normal"
    colorblind: bool = False
    sound: bool = True
    fullscreen: bool = False

    @property
    def speed_factor(self) -> float:
        return SPEED_FACTORS[self.animation_speed]


def settings_path() -> pathlib.Path:
    return data_dir() / FILE_NAME


def _from_mapping(raw: Any) -> Settings:
    """Keep every valid value, drop the rest: a bad setting never stops the game."""
    if not isinstance(raw, dict):
        return Settings()
    values: dict[str, Any] = {}
    if raw.get("animation_speed") in SPEEDS:
        values["animation_speed"] = raw["animation_speed"]
    for key in ("colorblind", "sound", "fullscreen"):
        if isinstance(raw.get(key), bool):
            values[key] = raw[key]
    return Settings(**values)


def load_settings(path: pathlib.Path | None = None) -> Settings:
    """The saved settings, or the defaults when there are none or the file is unreadable."""
    path = path or settings_path()
    try:
        text = path.read_text(encoding="utf-8")
        return _from_mapping(yaml.safe_load(text))
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return Settings()


def save_settings(settings: Settings, path: pathlib.Path | None = None) -> None:
    """Write the settings atomically, keys in a fixed order."""
    path = path or settings_path()
    text = "# Gridfall settings\n" + yaml.safe_dump(
        dataclasses.asdict(settings), sort_keys=False, default_flow_style=False
    )
    atomic_write_text(path, text)
