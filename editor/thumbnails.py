"""A level's board as a small picture (the pack overview's cards): the board a player is dealt,
with its holes and blockers, drawn once with Pillow from the game's own textures."""

from __future__ import annotations

import functools
from typing import Any

import arcade
from PIL import Image

from game.core import HOLE, Blocker, Counts, Depth, Level, LevelError, new_game
from game.ui import blocker_art, textures
from game.ui.board_sprites import Blockers

UNDER_ALPHA = 120   # a blocker under the tiles shows as a wash of its colour
HOLE_COLOR = (12, 12, 16, 255)
CELL_COLOR = (52, 56, 84, 255)


@functools.cache
def _small(texture: arcade.Texture, px: int) -> Image.Image:
    return texture.image.convert("RGBA").resize((px, px), Image.Resampling.BILINEAR)


_made: dict[tuple[str, int, bool], arcade.Texture] = {}


def thumbnail(level: Level, px: int = 12, colorblind: bool = False) -> arcade.Texture:
    """The dealt board of `level` (from its own seed) at `px` pixels a cell; made once per level
    content (the cache is cleared past 512 pictures)."""
    key = (level.content_hash(), px, colorblind)
    made = _made.get(key)
    if made is not None:
        return made
    img = Image.new("RGBA", (level.width * px, level.height * px), (0, 0, 0, 0))
    try:
        state = new_game(level, level.play_seed)
        grid, drawn = state.grid, Blockers.of(state).drawn()
    except LevelError:   # it cannot be dealt: the cells alone (the card says it has problems)
        grid, drawn = tuple((0,) * level.width for _ in range(level.height)), ()
    layers = _by_depth(drawn)
    for r, row in enumerate(grid):
        for c, value in enumerate(row):
            box = (c * px, r * px)
            if value == HOLE:
                img.paste(HOLE_COLOR, (*box, box[0] + px, box[1] + px))
                continue
            img.paste(CELL_COLOR, (*box, box[0] + px - 1, box[1] + px - 1))
            for wash in layers[Depth.FLOOR].get((r, c), ()):
                img.alpha_composite(Image.new("RGBA", (px, px), wash), box)
            tex: Any = layers[Depth.FILL].get((r, c))
            if tex is None and (value > 0 or value == -2):
                try:
                    tex = textures.tile(value, level.mode, colorblind)
                except ValueError:
                    tex = None
            if tex is not None:
                img.alpha_composite(_small(tex, px), box)
            over = layers[Depth.OVER].get((r, c))
            if over is not None:
                img.alpha_composite(_small(over, px), box)
    if len(_made) > 512:
        _made.clear()
    made = _made[key] = arcade.Texture(img, hash=f"gridfall-thumb-{key[0]}-{px}-{int(colorblind)}")
    return made


def _by_depth(drawn: tuple[tuple[Blocker, Counts], ...]) -> dict[Depth, dict[tuple[int, int], Any]]:
    """What each cell shows of the blockers at each depth: under the tiles, a wash of each
    one's colour; filling a cell or over its tile, its picture with the layers left."""
    out: dict[Depth, dict[tuple[int, int], Any]] = {depth: {} for depth in Depth}
    for unit, layer in drawn:
        look = unit.look
        assert look is not None
        for cell, n in layer:
            if look.depth is Depth.FLOOR:
                out[Depth.FLOOR].setdefault(cell, []).append((*blocker_art.light(look)[:3], UNDER_ALPHA))
            else:
                out[look.depth][cell] = textures.blocker(look, n)
    return out
