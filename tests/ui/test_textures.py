"""Textures: made by assets/make_textures.py, every kind its own colour and its own shape."""

from __future__ import annotations

import importlib.util
import pathlib
from typing import Any

from PIL import Image

ROOT = pathlib.Path(__file__).resolve().parents[2]
TEXTURES = ROOT / "assets" / "textures"


def _script() -> Any:
    spec = importlib.util.spec_from_file_location("make_textures", ROOT / "assets" / "make_textures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _mask(path: pathlib.Path) -> set[tuple[int, int]]:
    image = Image.open(path).convert("RGBA")
    alpha = image.getchannel("A")
    return {(x, y) for y in range(0, image.height, 2) for x in range(0, image.width, 2)
            if alpha.getpixel((x, y)) > 160}


def _mean_colour(path: pathlib.Path) -> tuple[float, float, float]:
    image = Image.open(path).convert("RGBA")
    pixels = [p for p in image.getdata() if p[3] > 200]
    return tuple(sum(p[i] for p in pixels) / len(pixels) for i in range(3))  # type: ignore[return-value]


def test_every_committed_texture_is_what_the_script_makes(tmp_path: pathlib.Path) -> None:
    script = _script()
    assert script.main(["--out", str(tmp_path)]) == 0
    made = sorted(p.name for p in tmp_path.glob("*.png"))
    assert made == sorted(p.name for p in TEXTURES.glob("*.png"))
    assert len(made) == 37
    for name in ("kind_1.png", "player.png", "arrow.png", "hand.png"):
        ours = Image.open(tmp_path / name)
        committed = Image.open(TEXTURES / name)
        assert ours.size == committed.size == (96, 96)
        assert list(ours.getdata()) == list(committed.getdata())   # the script is deterministic


def test_each_kind_has_its_own_shape_readable_without_colour() -> None:
    # Compare silhouettes only (alpha): a colour-blind player tells kinds apart by these.
    for palette in ("kind_", "kind_cb_"):
        masks = [_mask(TEXTURES / f"{palette}{k}.png") for k in range(1, 10)]
        for i in range(9):
            for j in range(i + 1, 9):
                overlap = len(masks[i] & masks[j]) / len(masks[i] | masks[j])
                assert overlap < 0.85, f"{palette}{i + 1} and {palette}{j + 1} share their outline ({overlap:.2f})"


def test_each_kind_has_its_own_colour_in_both_palettes() -> None:
    for palette in ("kind_", "kind_cb_"):
        colours = [_mean_colour(TEXTURES / f"{palette}{k}.png") for k in range(1, 10)]
        for i in range(9):
            for j in range(i + 1, 9):
                distance = sum(abs(a - b) for a, b in zip(colours[i], colours[j]))
                assert distance > 40, f"{palette}{i + 1} and {palette}{j + 1} look alike"


def test_loader_loads_each_texture_once_and_bakes_slide_numbers(window: Any) -> None:
    from game.ui import textures

    assert textures.load("player") is textures.load("player")
    assert textures.kind(3) is textures.load("kind_3")
    assert textures.kind(3, colorblind=True) is textures.load("kind_cb_3")
    seven = textures.slide_number(7)
    assert seven is textures.slide_number(7) and seven is not textures.slide_number(8)
    small = textures.fitted(textures.kind(1), 40)
    assert small.width == 40 and textures.fitted(textures.kind(1), 40) is small


def test_missing_texture_names_the_script() -> None:
    from game.ui import textures

    try:
        textures.load("no-such-texture")
    except textures.MissingTexture as exc:
        assert "make_textures.py" in str(exc)
    else:
        raise AssertionError("a missing texture loaded")
