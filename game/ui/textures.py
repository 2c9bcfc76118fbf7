"""The board's textures, loaded once from assets/textures (made by assets/make_textures.py), and the blockers' drawn from their Looks."""

from __future__ import annotations

import functools
import pathlib

import arcade
from PIL import Image, ImageDraw, ImageFont

from game.core import FALLER_AT, KIND_SPECIALS, KINDLESS_AT, SPECIAL_OF, Faller, Look, Mark, Mode, Special, SpecialUnit
from game.ui import blocker_art
from game.io.paths import assets_dir
from game.io import gate
from game.ui import fonts


KINDS = 9


class MissingTexture(FileNotFoundError):
    """A texture file is missing: run assets/make_textures.py."""


def texture_dir() -> pathlib.Path:
    return assets_dir() / "textures"


@functools.cache
def load(name: str) -> arcade.Texture:
    """One texture by file stem, loaded once (arcade.load_texture does not cache)."""
    path = texture_dir() / f"{name}.png"
    if not gate.is_file(path):
        raise MissingTexture(f"{path} is missing: run `python assets/make_textures.py`")
    return arcade.load_texture(path)


def kind(k: int, colorblind: bool = False) -> arcade.Texture:
    """The texture of tile kind `k` (1..9), in the normal or the colour-blind-safe palette."""
    if not 1 <= k <= KINDS:
        raise ValueError(f"no texture for kind {k} (kinds are 1..{KINDS})")
    return load(f"kind_cb_{k}" if colorblind else f"kind_{k}")


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    # Plain bold digits read best (a 5 must not look like an S): the bold face the game ships.
    return ImageFont.truetype(str(fonts.font_file(fonts.BOLD)), size)


@functools.cache
def _slide_base() -> Image.Image:
    """slide_tile.png read once, at twice its size: slide boards are few cells, drawn large."""
    base = Image.open(texture_dir() / "slide_tile.png").convert("RGBA")
    return base.resize((base.width * 2, base.height * 2), Image.Resampling.LANCZOS)


@functools.cache
def slide_number(n: int) -> arcade.Texture:
    """A slide tile with its number baked in (made once per number on the cached base tile)."""
    base = _slide_base().copy()
    size = base.width
    text = str(n)
    font = _font(int(size * (0.46 if len(text) < 3 else 0.34)))
    draw = ImageDraw.Draw(base)
    # The tile's face sits a little above its middle (its lower rim is its thickness).
    draw.text((size / 2, size * 0.47), text, font=font, anchor="mm", fill=(70, 40, 12, 255))
    return arcade.Texture(base, hash=f"gridfall-slide-{n}-{size}")


_fitted: dict[tuple[int, int], tuple[arcade.Texture, arcade.Texture]] = {}
_on_cell: dict[tuple[int, int, tuple[int, int, int, int]], tuple[arcade.Texture, arcade.Texture]] = {}


def on_cell(texture: arcade.Texture, px: int, color: tuple[int, int, int, int]) -> arcade.Texture:
    """`texture` fitted to `px` and laid on a square of the cell's `color`: drawn instead of the
    cell, a see-through blocker under a tile fills each pixel once, not twice, on software GL. Cached."""
    px = max(1, int(px))
    key = (id(texture), px, color)
    known = _on_cell.get(key)
    if known is None:
        image = Image.new("RGBA", (px, px), color)
        image.alpha_composite(fitted(texture, px).image.convert("RGBA"))
        made = arcade.Texture(image, hash=f"{texture.cache_name}-cell{px}-{'-'.join(map(str, color))}")
        _on_cell[key] = (texture, made)
        return made
    return known[1]


def fitted(texture: arcade.Texture, px: int) -> arcade.Texture:
    """`texture` resized once to `px` square with a good filter, so sprites draw it 1:1.

    A software renderer samples a same-size texture faster, and Pillow's Lanczos looks better
    than the GPU's bilinear shrink. Cached per texture and size (a resize makes a new size).
    """
    px = max(1, int(px))
    key = (id(texture), px)
    known = _fitted.get(key)
    if known is None:
        image = texture.image.resize((px, px), Image.Resampling.LANCZOS)
        made = arcade.Texture(image, hash=f"{texture.cache_name}-fit{px}")
        _fitted[key] = (texture, made)   # keep the source alive: its id stays unique
        return made
    return known[1]


def tile(value: int, mode: Mode, colorblind: bool = False,
         special: Special | None = None) -> arcade.Texture:
    """The texture for a grid value > 0 or PLAYER in a level of `mode` (with its special, if any)."""
    if value == -2:
        return load("player")
    if mode == Mode.SLIDE:
        return slide_number(value)
    kindless = KINDLESS_AT.get(value)
    if kindless is not None:
        return special_picture(kindless)
    faller = FALLER_AT.get(value)
    if faller is not None:
        return piece(faller)
    if special in KIND_SPECIALS:
        return marked(value, special, colorblind)
    return kind(value, colorblind)


@functools.cache
def marked(k: int, special: Special, colorblind: bool = False) -> arcade.Texture:
    """Kind k's tile as a special, readable at a glance with its shape still whole, marked as its
    unit's look says: Mark.ARROWS keeps its tile a little smaller between two bold arrowheads on
    the edges it clears toward (left and right for one that acts across, top and bottom for one
    down); Mark.FUSE sits its tile, smaller, on a dark round casing with a lit fuse."""
    look = SPECIAL_OF[special].look
    base = kind(k, colorblind).image.convert("RGBA")
    size = base.width
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    ink, rim = (255, 255, 255, 255), (30, 24, 40, 255)
    if look.mark is Mark.FUSE:
        pad = size * 0.05
        draw.ellipse((pad, pad, size - pad, size - pad), fill=(66, 60, 86, 255), outline=(255, 214, 90, 255),
                     width=max(3, size // 16))
        fuse = [(size * 0.70, size * 0.20), (size * 0.80, size * 0.08)]
        draw.line(fuse, fill=(200, 170, 120, 255), width=max(2, size // 20))
        r = size * 0.07
        draw.ellipse((fuse[1][0] - r, fuse[1][1] - r, fuse[1][0] + r, fuse[1][1] + r), fill=(255, 190, 60, 255))
        inner = int(size * 0.66)
    else:
        # A band along the line it clears, behind the tile: the direction reads, the shape stays.
        band = size * 0.19
        box = (0, size / 2 - band, size, size / 2 + band) if special in look.across \
            else (size / 2 - band, 0, size / 2 + band, size)
        draw.rounded_rectangle(box, radius=band, fill=(255, 255, 255, 70), outline=(255, 255, 255, 150),
                               width=max(1, size // 48))
        inner = int(size * 0.78)
    tile_image = base.resize((inner, inner), Image.Resampling.LANCZOS)
    image.alpha_composite(tile_image, ((size - inner) // 2, (size - inner) // 2))
    if look.mark is Mark.ARROWS:
        depth, half = size * 0.17, size * 0.2
        heads = [[(0, size / 2), (depth, size / 2 - half), (depth, size / 2 + half)],
                 [(size, size / 2), (size - depth, size / 2 - half), (size - depth, size / 2 + half)]]
        if special not in look.across:
            heads = [[(y, x) for x, y in head] for head in heads]
        for head in heads:
            draw.polygon(head, fill=ink, outline=rim, width=max(1, size // 40))
    return arcade.Texture(image, hash=f"gridfall-special2-{k}-{special.value}-{colorblind}-{size}")


def special_picture(unit: SpecialUnit) -> arcade.Texture:
    """A kindless special's own picture (its look's texture, assets/textures/<texture>.png)."""
    return load(unit.look.texture)


def piece(unit: Faller) -> arcade.Texture:
    """A faller unit's piece: its own picture, unlike any tile."""
    return load(unit.texture)


@functools.cache
def blocker(look: Look, layers: int) -> arcade.Texture:
    """A blocker with `layers` left, drawn from its unit's Look (blocker_art) once."""
    layers = min(look.shown, max(1, layers))
    return arcade.Texture(blocker_art.picture(look, layers),
                          hash=f"gridfall-blocker-{look.pattern.value}-{look.colors}-{look.shown}-{layers}")
