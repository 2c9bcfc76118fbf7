"""What a player sees in a screenshot: pixel checks the view tests share."""

from __future__ import annotations

from typing import Any


def uniform_spot(image: Any) -> tuple[int, int, tuple[int, int, int]] | None:
    """A point of a tile's picture (offset from its centre, y up) inside a patch of one opaque
    colour, so a sprite drawn there shows that colour whatever the rounding of its position."""
    rgba = image.convert("RGBA")
    w, h = rgba.size
    for fy in (0.5, 0.4, 0.6, 0.3, 0.7):
        for fx in (0.5, 0.4, 0.6, 0.3, 0.7):
            cx, cy = int(w * fx), int(h * fy)
            patch = [rgba.getpixel((cx + i, cy + j)) for i in (-2, 0, 2) for j in (-2, 0, 2)]
            if all(p[3] == 255 for p in patch) and all(
                    max(p[k] for p in patch) - min(p[k] for p in patch) <= 12 for k in range(3)):
                return cx - w // 2, h // 2 - cy, patch[4][:3]
    return None


def tiles_seen(view: Any, image: Any) -> int:
    """Every tile shows its own picture at its cell in the screenshot: a solid spot of the
    sprite's texture has that colour on screen (a locked tile's chains cover it: not checked).
    Returns how many tiles were checked."""
    checked = 0
    for cell, sprite in view.board.by_cell.items():
        if cell in view.board.lock_sprites:
            continue
        spot = uniform_spot(sprite.texture.image)
        if spot is None:
            continue
        dx, dy, colour = spot
        x, y = view.board.center(cell)
        seen = image.getpixel((int(x + dx), image.height - 1 - int(y + dy)))[:3]
        assert all(abs(a - b) <= 24 for a, b in zip(seen, colour)), \
            f"cell {cell} shows {seen} where its tile is {colour}"
        checked += 1
    return checked
