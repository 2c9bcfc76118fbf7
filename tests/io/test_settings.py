"""Settings survive a restart, and a damaged settings file never stops the game."""

from __future__ import annotations

import pathlib

from game.io.settings import Settings, load_settings, save_settings


def test_settings_round_trip(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "settings.yaml"
    chosen = Settings(animation_speed="fast", colorblind=True, sound=False, fullscreen=True)
    save_settings(chosen, path)
    assert load_settings(path) == chosen
    assert chosen.speed_factor == 0.5


def test_missing_or_damaged_settings_give_defaults(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "settings.yaml"
    assert load_settings(path) == Settings()
    path.write_bytes(b"\xff\xfe not yaml: [")
    assert load_settings(path) == Settings()
    path.write_text("animation_speed: warp\ncolorblind: yes-please\nsound: false\n")
    assert load_settings(path) == Settings(sound=False)
