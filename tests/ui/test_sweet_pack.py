"""Sweet Mechanics on screen: the packs screen lists it beside First Steps, its level cards show
the playtest's difficulty, and every level's winning replay plays to a win on the real board,
the sprites where the core says after every move."""

from __future__ import annotations

from typing import Any

import pytest

from game.io import find_pack
from game.io.pack_proofs import shipped_proof
from game.io.playtest_file import read_results
from game.io.replay import load_replay
from game.io.settings import Settings
from game.ui.app import App
from game.ui.screens.levels import LevelsView
from game.ui.screens.packs import PacksView

PACK = "sweet-mechanics"
DT = 1 / 60


def _texts(window: Any) -> list[str]:
    return [t.text for t in window.current_view._texts]


def test_the_packs_screen_lists_both_shipped_packs_and_the_levels_show_difficulty(window: Any) -> None:
    app = App(window)
    view = app.show_packs()
    assert isinstance(view, PacksView)
    view.on_update(DT)
    names = {w.name for w in view.widgets}
    assert {"pack:first-steps", f"pack:{PACK}"} <= names
    assert any("Sweet Mechanics" in t for t in _texts(window))
    levels = app.show_levels(PACK)
    assert isinstance(levels, LevelsView)
    levels.on_update(DT)
    stored = read_results(app.pack(PACK))
    assert stored is not None
    shown = _texts(window)
    first = app.pack(PACK).levels[0]
    assert stored.levels[first.id].label in shown and first.name in shown


@pytest.mark.parametrize("level_id", [lv.id for lv in find_pack(PACK).levels])
def test_each_levels_replay_wins_on_the_board(window: Any, level_id: str) -> None:
    import arcade
    from game.ui.play_view import PlayView

    level = find_pack(PACK).level(level_id)
    # Every other level's finale is skipped with a key as a player may (the board must still
    # end on the won state); the others watch it to the end.
    skip = [lv.id for lv in find_pack(PACK).levels].index(level_id) % 2 == 0
    skipped = False
    replay = load_replay(shipped_proof(level_id))
    view = PlayView(level, seed=replay.seed, settings=Settings(animation_speed="fast"))
    window.show_view(view)
    window.dispatch_events()
    view.on_update(DT)
    for command in replay.commands:
        assert view.submit(command), f"{level_id}: {command} was refused"
        for frame in range(5000):
            if not view.busy:
                break
            if skip and frame == 20 and view.state.status == "won":
                window.dispatch_event("on_key_press", arcade.key.SPACE, 0)
                window.dispatch_events()
                skipped = True
            view.on_update(DT)
        assert not view.busy, "an animation never ended"
        view.on_update(DT)
        assert view.board.mismatches == []
        assert view.board.sprite_cells() == view.board.grid_cells(view.state.grid)
    assert view.state.status == "won" and skipped == skip
    view.on_draw()
