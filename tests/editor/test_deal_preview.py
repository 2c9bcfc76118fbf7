"""The real board (issue 23 item 2): the seeded deal on the random cells, the next tiles to fall,
another deal and keep this deal, all as the core deals them."""

from __future__ import annotations

from typing import Any

import game.ui  # noqa: F401  (prepares arcade; conftest set ARCADE_HEADLESS)
import arcade

from looks import drawn_without, near, uniform_spots
from driving import SCREENSHOTS, click, frame, new_level, press, set_field, shot
from editor.view import EditorView
from game.core import Spawned, legal_commands, new_game, next_deal, next_spawns, play
from game.ui import textures

key = arcade.key


def _shown_deal(view: EditorView) -> dict[tuple[int, int], Any]:
    """The texture the canvas shows dealt on each random cell, by cell."""
    lay = view.canvas.layout
    assert lay is not None and view.canvas.dealt is not None
    return {lay.cell_at(s.center_x, s.center_y): s.texture for s in view.canvas.dealt}


def test_the_board_shows_the_deal_a_player_gets_and_another_can_be_kept(window: Any, editor: EditorView) -> None:
    view = editor
    new_level(window, view, "match3", 6, 6)
    set_field(window, view, "kinds", "4")
    set_field(window, view, "moves", "20")
    press(window, key.KEY_1)
    click(window, *view.canvas.center((0, 0)))             # one painted tile; the rest random
    frame(window)
    level = view.model.level()
    dealt = new_game(level, level.play_seed)
    shown = _shown_deal(view)
    assert len(shown) == 35 and (0, 0) not in shown          # the painted tile is not dealt over
    assert all(shown[(r, c)] is textures.kind(dealt.grid[r][c]) for r, c in shown)
    texts = view.deal.labels.said()
    assert texts["seed"] == f"seed {level.play_seed}" and texts["next"] == "next to fall:"
    image = shot(window, view, SCREENSHOTS / "editor-deal.png").convert("RGB")
    # Each dealt tile is seen on its cell (a little faded over the "?"): the frame drawn
    # without the deal differs at every dealt tile's spot.
    deal_sprites = view.canvas.dealt
    bare = drawn_without(view, deal_sprites)
    for s in deal_sprites:
        dx, dy, _ = uniform_spots(s.texture.image)[0]
        scale = s.width / s.texture.width
        at = (int(s.center_x + dx * scale), window.height - 1 - int(s.center_y + dy * scale))
        assert not near(image.getpixel(at), bare.getpixel(at), 30), f"the tile dealt at {s.position} is not seen"
    # Another deal: the next seed that deals, as Retry counts them; looked at, the level unchanged.
    steps = len(view.model.history.past)
    click(window, *view.deal.buttons["another"].center)
    seed = next_deal(level, level.play_seed)
    assert view.deal.looking == seed and view.model.draft.seed is None and len(view.model.history.past) == steps
    other = new_game(level, seed)
    assert all(t is textures.kind(other.grid[r][c]) for (r, c), t in _shown_deal(view).items())
    assert view.deal.labels.said()["seed"] == f"seed {seed} (looking)"
    # Keep this deal: the level's seed, one undo step.
    click(window, *view.deal.buttons["keep"].center)
    assert view.model.draft.seed == seed and view.deal.looking is None and "seed" in view.status.text
    assert view.model.level().play_seed == seed
    press(window, key.Z, key.MOD_CTRL)
    assert view.model.draft.seed is None
    assert all(t is textures.kind(dealt.grid[r][c]) for (r, c), t in _shown_deal(view).items())
    # Deal off: the random cells show "?" again.
    click(window, *view.deal.buttons["show"].center)
    assert view.canvas.dealt is None and not view.deal.showing
    click(window, *view.deal.buttons["show"].center)
    assert view.canvas.dealt is not None


def test_the_next_tiles_to_fall_are_the_ones_the_first_refill_spawns(window: Any, editor: EditorView) -> None:
    view = editor
    new_level(window, view, "match3", 6, 6)
    set_field(window, view, "kinds", "5")
    set_field(window, view, "moves", "20")
    level = view.model.level()
    for seed in range(12):
        state = new_game(level, seed)
        events, _after = play(state, legal_commands(state)[0])
        first = next(e for e in events if isinstance(e, Spawned))
        assert tuple(kind for _cell, kind in first.tiles) == next_spawns(state, len(first.tiles))
    assert view.deal.spawns() == next_spawns(new_game(level, level.play_seed), 8)
