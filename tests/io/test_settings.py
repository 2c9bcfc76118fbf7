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


def test_the_window_size_is_kept_and_a_bad_one_is_dropped(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "settings.yaml"
    save_settings(Settings(window=(1440, 900)), path)
    assert "window:\n- 1440\n- 900\n" in path.read_text()
    assert load_settings(path).window == (1440, 900)
    for bad in ("[1440]", "[wide, 900]", "[0, 900]", "[1440, 99999]", "1440x900", "[1440.5, 900]", "[true, 900]"):
        path.write_text(f"sound: false\nwindow: {bad}\n")
        assert load_settings(path) == Settings(sound=False), bad   # the size dropped, the rest kept


def test_the_window_opens_at_the_kept_size_fitted_to_the_screen() -> None:
    from game.ui.app import MIN_SIZE, WINDOW_SIZE, window_size

    assert window_size(None, None) == WINDOW_SIZE
    assert window_size((1440, 900), (1920, 1080)) == (1440, 900)
    assert window_size((2560, 1440), (1920, 1080)) == (1920, 1080)   # kept on a bigger monitor
    assert window_size((300, 200), None) == MIN_SIZE
