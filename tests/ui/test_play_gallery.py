"""Every shipped level opens in the play view, its HUD readable; screenshots for a person to look at."""

from __future__ import annotations

import pathlib
from typing import Any

import pytest

from game.core import Chain, legal_commands
from game.core.units import DROPS
from game.io import find_pack
from game.io.pack_proofs import shipped_proof
from game.io.settings import Settings
from looks import blocker_texture, tiles_seen

DT = 1 / 60
LEFT = 1
LEVELS = {lv.id: lv for lv in find_pack("first-steps").levels}


def _send(window: Any, name: str, *args: Any) -> None:
    window.dispatch_event(name, *args)
    window.dispatch_events()


def _open(window: Any, level_id: str, **settings: Any) -> Any:
    from game.ui.play_view import PlayView

    view = PlayView(LEVELS[level_id], seed=3, settings=Settings(**settings))
    window.show_view(view)
    view.on_update(DT)
    return view


def _hud_lines_do_not_overlap(view: Any) -> None:
    hud = view.hud
    texts = [hud.name, hud.mode, hud.score, hud.moves, hud.goals_title, *hud.goal_texts]
    # Top-anchored texts stack downward: each starts below where the one above ends.
    tops = [(t.y, t.y - t.content_height) for t in texts if t.anchor_y == "top" and t.text]
    for (top_a, bottom_a), (top_b, _) in zip(tops, tops[1:]):
        assert top_b <= bottom_a + 1, f"HUD lines overlap ({top_a}->{bottom_a} and {top_b})"
    for t in texts:
        assert t.x + t.content_width <= hud.rect.right + 2, f"{t.text!r} runs out of the HUD"
    board = view.board.layout.rect
    assert board.left >= hud.rect.right, "the board runs under the HUD"
    assert board.top <= view.window.height and board.bottom >= 0


@pytest.mark.parametrize("level_id", sorted(LEVELS))
def test_every_shipped_level_opens_readable(window: Any, screenshot_dir: pathlib.Path, level_id: str) -> None:
    import arcade

    view = _open(window, level_id)
    view.on_draw()
    _hud_lines_do_not_overlap(view)
    lv = LEVELS[level_id]
    goals = [t.text for t in view.hud.goal_texts]
    if lv.goals.reach is not None:
        assert "Reach the target" in goals
        assert view.board._target is not None
        assert view.board._target.position == view.board.center(lv.goals.reach)
    for kind, count in lv.goals.collect:
        assert f"0 / {count}" in goals
    if lv.mode == "slide":
        assert goals == ["Put the tiles in order"]
    if level_id in ("the-diamond", "across-the-field", "hourglass", "grand-slide", "free-hand", "chain-master"):
        image = arcade.get_image(0, 0, window.width, window.height).convert("RGB")
        image.save(screenshot_dir / f"level_{level_id}.png")
        assert tiles_seen(view, image) >= len(view.board.by_cell) / 2
    # The tiles of a 9x9 board are no smaller than 50 px: readable.
    assert view.board.tile_px >= 40


@pytest.mark.parametrize(("level_id", "said"), [
    ("first-swap", "Swap neighbours to line up 3 or more"),
    ("fours-only", "Swap neighbours to line up 4 or more"),   # min_match 4: three would swap in vain
    ("token-walk", "Drag a path of 2 or more tiles of one kind from the token"),   # the token is the third
    ("chain-master", "Drag a path through 4 or more tiles of one kind"),   # min_chain 4, no token
    ("straight-lines", "Drag a path of 2 or more tiles of one kind from the token, no diagonal steps"),
])
def test_the_hud_says_how_a_move_is_made_by_the_levels_own_rules(window: Any, level_id: str, said: str) -> None:
    import arcade

    from looks import text_seen

    view = _open(window, level_id)
    view.on_draw()
    assert view.hud.mode.text == said
    image = arcade.get_image(0, 0, window.width, window.height).convert("RGB")
    assert text_seen(image, view.hud.mode), "the line is not drawn where it stands"
    _hud_lines_do_not_overlap(view)


def test_a_solved_slide_with_a_move_limit_counts_its_moves_not_a_bonus(window: Any) -> None:
    # Slide has no finale: a solved Nine Tiles (60 moves at most) said "Bonus moves 0" in gold.
    from game.core import Session, Status
    from game.io.replay import load_replay

    view = _open(window, "nine-tiles")
    replay = load_replay(shipped_proof("nine-tiles"))
    won = Session.replay(LEVELS["nine-tiles"], replay.seed, replay.commands).state
    assert won.status == Status.WON and won.moves_left is not None
    view.hud.update_state(won)
    assert view.hud.moves.text == f"Moves used {won.moves}"


def test_colour_blind_palette_and_small_window(window: Any, screenshot_dir: pathlib.Path) -> None:
    import arcade

    from game.ui import textures

    view = _open(window, "the-diamond", colorblind=True)
    # Every tile on the board wears its colour-blind texture, and so do the collect icons.
    for cell, sprite in view.board.by_cell.items():
        kind = view.state.at(cell)
        if kind > 0:
            assert sprite.texture is textures.fitted(textures.kind(kind, colorblind=True), view.board.tile_px)
    collect = [g for g in view.hud._goals if g.name == "collect"]
    assert collect and all(icon.texture is textures.kind(g.kind, colorblind=True)
                           for icon, g in zip(view.hud.icons, collect))
    view.on_resize(960, 600)
    view.on_draw()
    _hud_lines_do_not_overlap(view)
    image = arcade.get_image(0, 0, 960, 600).convert("RGB")
    image.save(screenshot_dir / "level_the-diamond_colorblind_960x600.png")
    # Seen: the colour-blind pictures, every tile whole inside the small window.
    assert tiles_seen(view, image) >= len(view.board.by_cell) / 2
    view.on_resize(window.width, window.height)


def test_chain_without_a_player_starts_anywhere(window: Any, screenshot_dir: pathlib.Path) -> None:
    import arcade

    view = _open(window, "free-hand")
    assert view.state.player is None
    chain = legal_commands(view.state)[0]
    assert isinstance(chain, Chain)
    pts = [view.board.center(c) for c in chain.path]
    _send(window, "on_mouse_press", int(pts[0][0]), int(pts[0][1]), LEFT, 0)
    for x, y in pts[1:]:
        _send(window, "on_mouse_drag", int(x), int(y), 0, 0, LEFT, 0)
    assert view.controller.path == list(chain.path)
    view.on_draw()
    drawn = arcade.get_image(0, 0, window.width, window.height).convert("RGB")
    _send(window, "on_mouse_release", int(pts[-1][0]), int(pts[-1][1]), LEFT, 0)
    assert view.session.commands == [chain]
    for _ in range(8):
        view.on_update(DT)
    view.on_draw()
    image = arcade.get_image(0, 0, window.width, window.height).convert("RGB")
    image.save(screenshot_dir / "play_chain_free-hand_mid_clear.png")
    # Mid-clear, every tile of the chain is seen going: its cell no longer looks as it did.
    for (x, y), cell in zip(pts, chain.path):
        at = (int(x), window.height - 1 - int(y))
        assert sum(abs(a - b) for a, b in zip(image.getpixel(at), drawn.getpixel(at))) > 40, f"{cell} unchanged"
    while view.busy:
        view.on_update(DT)
    assert view.board.mismatches == []
    assert view.board.sprite_cells() == view.board.grid_cells(view.state.grid)


def test_star_marks_stay_short() -> None:
    from game.ui.hud import compact

    assert [compact(n) for n in (950, 9999, 12500, 99999, 149998, 2_500_000)] == \
        ["950", "9999", "12.5k", "100k", "150k", "2.5M"]


def test_a_blocker_level_opens_with_its_goals_in_the_hud_and_plays(window: Any, screenshot_dir: pathlib.Path) -> None:
    import arcade

    from game.core import Level, Status
    from game.ui.goal_card import goal_lines
    from game.ui.play_view import PlayView

    level = Level.from_dict({
        "format": 1, "id": "blockers", "name": "Blockers", "mode": "match3", "width": 7, "height": 7, "kinds": 5,
        "moves": 20,
        "layout": [". . . . . . .", ". S2 . . 3L . .", ". . D . . . .", ". .L . . S1 . .", ". . . . . . .",
                   ". . . . . . .", ". . . . . . ."],
        "jelly": ["1 1 1 1 1 1 1", "0 0 0 0 0 0 0", "2 2 0 2 2 2 2", "0 0 0 0 0 0 0", "0 0 0 0 0 0 0",
                  "1 1 1 1 1 1 1", "0 0 0 0 0 0 0"],
        "goals": {"jelly": True, "stones": True, "drops": 2},
    })
    view = PlayView(level, seed=3, settings=Settings())
    window.show_view(view)
    view.on_update(DT)
    view.on_draw()
    _hud_lines_do_not_overlap(view)
    assert [t.text for t in view.hud.goal_texts] == ["Jelly 0 / 26", "Stones 0 / 2", "Drops 0 / 2"]
    # Each beside a picture of what it asks for (the game's jelly, stone and drop), left of its words.
    from game.ui import textures
    assert [i.texture for i in view.hud.icons] == [blocker_texture("jelly", 2), blocker_texture("stones", 3), textures.piece(DROPS)]
    for icon, text in zip(view.hud.icons, view.hud.goal_texts):
        assert icon.width > 10 and icon.right < text.x and abs(icon.center_y - text.y) < 2
    lines = goal_lines(level, view.state)
    assert "Clear all the jelly (26 layers)" in lines and "Bring 2 drops to the bottom" in lines
    image = arcade.get_image(0, 0, window.width, window.height).convert("RGB")
    image.save(screenshot_dir / "level_blockers.png")
    assert tiles_seen(view, image) >= len(view.board.by_cell) / 2
    for _ in range(4):
        if view.state.status != Status.PLAYING:
            break
        before = view.state
        events = view.session.play(legal_commands(view.state)[0])
        view.board.play(events, view.state, before=before)
        for _ in range(600):
            if not view.board.busy:
                break
            view.on_update(DT)
        view.hud.update_state(view.state)
        view.on_draw()
        assert view.board.mismatches == []
        assert view.board.layer_cells() == view.board.state_layers(view.state)   # jelly, stones, locks too
