"""The game's start loads no FFmpeg (70 ms of every launch), and every sound effect still loads without it."""

from __future__ import annotations

import sys
from typing import Any


def test_every_sound_effect_loads_without_ffmpeg(window: Any) -> None:
    import arcade

    from game.io.paths import assets_dir
    from game.ui.sound import NAMES

    assert sys.modules.get("pyglet.media.codecs.ffmpeg_lib", None) is None   # never loaded
    for name in NAMES:
        sound = arcade.load_sound(assets_dir() / "sounds" / f"{name}.wav")
        assert sound.get_length() > 0.01, name
