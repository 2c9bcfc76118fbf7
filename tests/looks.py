"""What a player sees in a screenshot: pixel checks the view tests share."""

from __future__ import annotations

from typing import Any


def uniform_spots(image: Any) -> list[tuple[int, int, tuple[int, int, int]]]:
    """Points of a tile's picture (offsets from its centre, y up) inside a patch of one opaque
    colour, so a sprite drawn there shows that colour whatever the rounding of its position;
    nearest the centre first."""
    rgba = image.convert("RGBA")
    w, h = rgba.size
    spots = []
    for fy in (0.5, 0.4, 0.6, 0.3, 0.7):
        for fx in (0.5, 0.4, 0.6, 0.3, 0.7):
            cx, cy = int(w * fx), int(h * fy)
            patch = [rgba.getpixel((cx + i, cy + j)) for i in (-2, 0, 2) for j in (-2, 0, 2)]
            if all(p[3] == 255 for p in patch) and all(
                    max(p[k] for p in patch) - min(p[k] for p in patch) <= 12 for k in range(3)):
                spots.append((cx - w // 2, h // 2 - cy, patch[4][:3]))
    return spots


def uniform_spot(image: Any) -> tuple[int, int, tuple[int, int, int]] | None:
    """The first of uniform_spots, or None when the picture has no solid patch."""
    spots = uniform_spots(image)
    return spots[0] if spots else None


def tiles_seen(view: Any, image: Any) -> int:
    """Every tile shows its own picture at its cell in the screenshot: a solid spot of the
    sprite's texture has that colour on screen (a locked tile's chains cover it: not checked).
    Returns how many tiles were checked."""
    checked = 0
    for cell, sprite in view.board.by_cell.items():
        if cell in blocker_sprites(view.board, "locks"):
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


def sprite_seen(image: Any, sprite: Any) -> bool:
    """The sprite's picture is drawn where the sprite stands now (mid-move too): a solid spot of
    its texture, scaled as the sprite is, has that colour in the screenshot (y up, as arcade).
    Any one spot will do: another moving tile may cover part of it."""
    spots = uniform_spots(sprite.texture.image)
    assert spots, "the sprite's picture has no solid patch to look for"
    scale = sprite.width / sprite.texture.width
    for dx, dy, colour in spots:
        x, y = sprite.center_x + dx * scale, sprite.center_y + dy * scale
        if near(image.getpixel((int(x), image.height - 1 - int(y)))[:3], colour):
            return True
    return False


def brightness(image: Any, box: tuple[float, float, float, float]) -> float:
    """The mean brightness (0-255) of a window rectangle (left, bottom, right, top; y up)."""
    left, bottom, right, top = box
    crop = image.convert("L").crop((int(left), image.height - int(top), int(right), image.height - int(bottom)))
    data = list(crop.getdata())
    return sum(data) / max(1, len(data))


def pixel(image: Any, x: float, y: float) -> tuple[int, int, int]:
    """The colour at a window point (y up, as arcade places things)."""
    return tuple(image.getpixel((int(x), image.height - 1 - int(y)))[:3])  # type: ignore[no-any-return]


def near(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 24) -> bool:
    return all(abs(p - q) <= tolerance for p, q in zip(a, b))


def drawn_without(view: Any, sprites: Any) -> Any:
    """The view's frame drawn again with `sprites` (a sprite list) hidden, as an RGB image: what a
    screenshot would show without them (they are shown again after, whatever happens)."""
    import arcade

    sprites.visible = False
    try:
        view.on_draw()
        return arcade.get_image().convert("RGB")
    finally:
        sprites.visible = True


def assert_card_over_the_board(window: Any, view: Any, menu: Any, image: Any) -> None:
    """What a player sees of a menu card in a screenshot: its panel drawn at its place, and
    the board and backdrop beside it shaded (darker than the same frame drawn without the card)."""
    from game.ui.screens import style

    p = menu.panel
    # Just inside the panel's left edge, beside its lines and buttons: the panel's face.
    assert near(pixel(image, p.left + 10, p.center[1]), style.OVERLAY_PANEL[:3], 12), "no card at its place"
    bare = drawn_without(view, menu.sprites)
    beside = (p.right + 4, 0, window.width, window.height)
    assert brightness(image, beside) < 0.8 * brightness(bare, beside), "the board under the card is not shaded"


def board_seen(board: Any, image: Any) -> int:
    """Every tile, stone and lock of a board renderer shows its own picture where its sprite
    stands in a screenshot (a tile under a lock's chains is covered, one still above the board
    on its way in is clipped away: not checked). Returns how many sprites were checked."""
    sprites = [s for c, s in board.by_cell.items() if c not in blocker_sprites(board, "locks")]
    sprites += list(blocker_sprites(board, "stones").values()) + list(blocker_sprites(board, "locks").values())
    r = board.layout.rect
    checked = 0
    for sprite in sprites:
        if r.left <= sprite.center_x <= r.right and r.bottom <= sprite.center_y <= r.top \
                and uniform_spots(sprite.texture.image):
            assert sprite_seen(image, sprite), f"the sprite at {sprite.position} does not show its picture"
            checked += 1
    return checked


def text_seen(image: Any, text: Any) -> bool:
    """An arcade.Text is drawn where it stands: its box holds pixels of its colour (its letters),
    at least one for each two letters."""
    left, right = int(text.left), int(text.right) + 1
    box = (left, image.height - int(text.top), right, image.height - int(text.bottom) + 1)
    colour = tuple(text.color)[:3]
    letters = sum(1 for p in image.convert("RGB").crop(box).getdata() if near(p, colour, 40))
    return letters >= max(3, len(str(text.text).replace(" ", "")) // 2)


def unit_named(name: str) -> Any:
    """The blocker unit of the registry named `name` ('stones', 'locks', 'jelly')."""
    from game.core import BLOCKERS

    return next(unit for unit in BLOCKERS if unit.name == name)


def blocker_sprites(board: Any, name: str) -> Any:
    """The sprites of the blocker unit named `name` on `board`, by cell."""
    return board.sprites_of(unit_named(name))


def blocker_texture(name: str, layers: int) -> Any:
    """The picture of the blocker unit named `name` with `layers` left (before it is fitted to a cell)."""
    from game.ui import textures

    return textures.blocker(unit_named(name).look, layers)


def editor_tool(name: str, layers: int = 1) -> Any:
    """The editor's tool for the blocker unit named `name` (a cycling one with `layers`)."""
    from editor.model import blocker_tool

    return blocker_tool(unit_named(name), layers)
