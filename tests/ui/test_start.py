"""The game's start loads no FFmpeg (70 ms of every launch), and every sound effect still loads without it."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_the_game_starts_without_ffmpeg_and_every_sound_effect_still_loads(window: Any) -> None:
    # A fresh process, as a player's start is (other tests may have imported arcade first here).
    probe = ("import sys, game.ui, arcade; from game.io.paths import assets_dir; from game.ui.sound import NAMES; "
             "lengths = [arcade.load_sound(assets_dir() / 'sounds' / f'{n}.wav').get_length() for n in NAMES]; "
             "print(sys.modules.get('pyglet.media.codecs.ffmpeg_lib', 'absent'), min(lengths))")
    env = {**os.environ, "ARCADE_HEADLESS": "1", "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", probe], env=env, cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    loaded, shortest = out.stdout.split()
    assert loaded == "None"            # the probe found no FFmpeg: none of its libraries was loaded
    assert float(shortest) > 0.01      # every effect decoded (pyglet reads WAV itself)
