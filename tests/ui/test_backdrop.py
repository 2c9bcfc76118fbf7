"""The play screen's backdrop on software GL: its cheap opaque grid looks exactly like the faint blended one."""

from __future__ import annotations

from typing import Any


def test_the_flat_grid_shows_the_same_pixels_as_the_blended_lines(window: Any) -> None:
    import arcade

    from game.ui import frames
    from game.ui.play_layout import FlatGrid
    from game.ui.screens import style

    w, h = window.width, window.height

    def picture(draw: Any) -> bytes:
        frames.clear(window, style.PLAY_BG)
        draw()
        window.ctx.finish()
        # The colours a player sees (the back buffer's alpha is never shown).
        return bytes(arcade.get_image(0, 0, w, h).convert("RGB").tobytes())

    blended: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
    blended.extend(style.grid_lines(w, h))
    plain = picture(lambda: None)
    flat = picture(FlatGrid(w, h).draw)
    assert flat != plain                       # the grid shows at all
    assert flat == picture(blended.draw)       # where lines cross too
    # Blending is back on after it: a faint sprite drawn next still blends.
    ghost = arcade.SpriteSolidColor(40, 40, 20, 20, (255, 255, 255, 12))
    frames.clear(window, style.PLAY_BG)
    arcade.draw_sprite(ghost)
    assert arcade.get_image(0, 0, w, h).getpixel((20, h - 21))[:3] != (255, 255, 255)


def test_the_board_drawn_without_blending_where_it_is_opaque_looks_the_same(window: Any) -> None:
    """The cell quads and the jelly (opaque on their cell's colour) skip blending: the picture
    is the one blended drawing gives, and a jelly fading out as it clears still blends."""
    import arcade

    from game.io import find_pack
    from game.io.settings import Settings
    from game.ui import frames
    from game.ui.play_view import PlayView
    from game.ui.screens import style

    level = {lv.id: lv for lv in find_pack("sweet-mechanics").levels}["big-cross"]
    view = PlayView(level, seed=4, settings=Settings(), show_goals=False)
    window.show_view(view)
    window.dispatch_events()
    board = view.board
    assert len(board.floor) > 0

    def picture(draw: Any) -> bytes:
        frames.clear(window, style.PLAY_BG)
        draw()
        window.ctx.finish()
        return bytes(arcade.get_image(0, 0, window.width, window.height).convert("RGB").tobytes())

    def blended() -> None:
        board.cells.draw()
        board.floor.draw()

    def opaque() -> None:
        board.draw_cells()
        board.draw_floor()

    assert picture(opaque) == picture(blended)
    board.floor[0].alpha = 90                   # a jelly fading as it clears: see-through
    faded = picture(opaque)
    assert faded == picture(blended)
    board.floor[0].alpha = 255
    assert faded != picture(opaque)


def test_a_jelly_board_copied_from_its_kept_layer_looks_as_drawn_before_and_after_a_move(window: Any) -> None:
    """On software GL a board mostly under jelly keeps its cells and jelly (with the backdrop
    under them) in a framebuffer and copies it back on a whole frame: the picture is the one
    drawing gives, and after a move that clears jelly the copy is made again, never stale."""
    import arcade

    from game.core import JellyCleared, Session, legal_commands
    from game.io import find_pack
    from game.io.settings import Settings
    from game.ui.play_view import PlayView

    level = {lv.id: lv for lv in find_pack("sweet-mechanics").levels}["big-cross"]
    view = PlayView(level, seed=4, settings=Settings(animation_speed="fast"), show_goals=False)
    window.show_view(view)
    window.dispatch_events()
    still = view.board.still
    if not still.enabled:
        import pytest
        pytest.skip("a GPU: the layer is drawn every frame")

    def whole() -> bytes:
        view.redraw.forget()
        view.on_update(1 / 60)
        view.on_draw()
        window.ctx.finish()
        return bytes(arcade.get_image(0, 0, window.width, window.height).convert("RGB").tobytes())

    def copied_equals_drawn() -> None:
        whole()
        whole()                              # the layer at rest two frames: kept
        copies = still.copies
        copied = whole()
        assert still.copies == copies + 1    # this frame's cells and jelly came from the copy
        still.enabled = False
        try:
            assert copied == whole(), "the kept layer differs from the board drawn"
        finally:
            still.enabled = True

    copied_equals_drawn()
    # A move that clears jelly (found on a copy of the game), played as the game plays it.
    command = next(c for c in legal_commands(view.state)
                   if any(isinstance(e, JellyCleared) for e in Session(level, 4).play(c)))
    jelly = view.board.layer_cells()["jelly"]
    assert view.submit(command)
    while view.busy or view.in_motion():
        view.on_update(1 / 60)
        view.on_draw()
    assert view.board.layer_cells()["jelly"] != jelly
    copied_equals_drawn()                    # the copy was made anew: no jelly left over from before
