"""Specials and blockers on the board: hand-made boards played with real core events, checked for
what a player sees (a sweep along the row, a blast ring, rays, cracks, a lock going), with screenshots."""

from __future__ import annotations

import pathlib
from typing import Any, Callable

import pytest
from PIL import ImageChops

from looks import blocker_sprites, blocker_texture, board_seen, sprite_seen, unit_named

from game.core import (
    Cleared, Cracked, Created, Detonated, Fell, JellyCleared, Level, Session, Special, Swap, Unlocked, decide,
    fold, legal_commands,
)
from game.core.units import DropCollected
from game.core.units import JELLY as JELLY_UNIT

DT = 1 / 60


def board_for(window: Any, session: Session, **kw: Any) -> Any:
    from game.ui.board import Blockers, BoardRenderer
    from game.ui.layout import Rect

    board = BoardRenderer(session.level.mode, session.state.grid, Rect(300, 40, 900, 700), **kw)
    board.set_specials(session.state.specials)
    board.set_blockers(Blockers.of(session.state))
    return board


def level(rows: list[str], layers: list[str] | None = None, kinds: int = 5, **goals: Any) -> Level:
    data: dict[str, Any] = {"format": 1, "id": "fx", "name": "Effects", "mode": "match3", "width": len(rows[0].split()),
                            "height": len(rows), "kinds": kinds, "layout": rows, "moves": 30}
    if layers is not None:
        data["jelly"] = layers
    if goals:
        data["goals"] = goals
    return Level.from_dict(data)


def find(lv: Level, wanted: Callable[[list[Any], Swap], bool], seeds: range = range(1, 40)) -> tuple[Session, Swap]:
    """A game of `lv` and a legal swap whose events (from the core) have what the test wants."""
    for seed in seeds:
        session = Session(lv, seed)
        for command in legal_commands(session.state):
            assert isinstance(command, Swap)
            if wanted(decide(session.state, command), command):
                return session, command
    raise LookupError("no swap does that")


def fires(special: Special) -> Callable[[list[Any], Swap], bool]:
    """The swap moves `special` itself and sets it off first (its effect starts from the swap)."""
    def check(events: list[Any], swap: Swap) -> bool:
        first = next((e for e in events if isinstance(e, Detonated)), None)
        return first is not None and first.special == special and first.cell in (swap.a, swap.b)
    return check


def play(board: Any, session: Session, command: Swap) -> list[Any]:

    before = session.state
    events = session.play(command)
    board.play(events, session.state, before=before)
    return events


def until(board: Any, done: Callable[[], bool], limit: int = 600) -> None:
    for _ in range(limit):
        if done():
            return
        board.update(DT)
    raise AssertionError("never happened")


def finish(board: Any, session: Session) -> None:
    until(board, lambda: not board.busy)
    assert board.mismatches == []
    assert board.sprite_cells() == board.grid_cells(session.state.grid)
    assert board.layer_cells() == board.state_layers(session.state)


def effects(board: Any, name: str) -> list[Any]:
    from game.ui import textures

    tex = textures.load(name)
    return [s for s in board.effects if s.visible and s.texture is tex]


def shot(window: Any, board: Any, path: pathlib.Path) -> Any:
    import arcade

    window.clear(color=(18, 20, 32, 255))
    board.draw()
    image = arcade.get_image(0, 0, window.width, window.height).convert("RGB")
    image.save(path)
    return image


def effect_pixels(window: Any, board: Any, path: pathlib.Path) -> Any:
    """The screenshot, and which of its pixels the effects changed: the same frame drawn again
    with the effect sprites hidden (tiles, blockers and pop-ups as they were) differs there."""
    from PIL import ImageChops

    seen = shot(window, board, path)
    board.effects.sprites.visible = False
    try:
        plain = shot(window, board, path.with_name(path.stem + "-without.png"))
    finally:
        board.effects.sprites.visible = True
    path.with_name(path.stem + "-without.png").unlink()
    return ImageChops.difference(seen, plain).convert("L").point(lambda v: 255 if v > 24 else 0)


def changed(window: Any, mask: Any, left: float, bottom: float, right: float, top: float) -> int:
    """How many pixels of a window rectangle (arcade's y up) the effects changed."""
    box = (int(left), window.height - int(top), int(right), window.height - int(bottom))
    return sum(1 for v in mask.crop(box).getdata() if v)


def around(board: Any, cell: tuple[int, int], cells: float = 0.4) -> tuple[float, float, float, float]:
    x, y = board.center(cell)
    r = board.layout.cell * cells
    return (x - r, y - r, x + r, y + r)


SPECIALS = [". . . . . .", ". . . . . .", ". . 1h . . .", ". . . . . .", ". . . 2v . .", ". . . . . ."]


def test_a_line_special_sweeps_its_whole_row(window: Any, screenshot_dir: pathlib.Path) -> None:
    session, swap = find(level(SPECIALS), fires(Special.ROW))
    board = board_for(window, session)
    events = play(board, session, swap)
    fired = next(e for e in events if isinstance(e, Detonated))
    until(board, lambda: bool(effects(board, "beam")))
    beam = effects(board, "beam")[0]
    x, y = board.center(fired.cell)
    assert beam.center_y == pytest.approx(y) and beam.angle == 0      # along the row, not the column
    until(board, lambda: beam.width > board.layout.rect.width * 0.8)
    assert beam.center_x == pytest.approx(board.layout.rect.center[0], abs=board.layout.cell)
    lit = effect_pixels(window, board, screenshot_dir / "fx_line_sweep.png")
    # Seen: light along the special's row, on both sides of it, out to its last cells.
    row, col = fired.cell
    width = session.level.width
    for c in (0, width - 1):
        if c != col:
            assert changed(window, lit, *around(board, (row, c))), f"the sweep does not reach cell {(row, c)}"
    finish(board, session)


def test_the_last_score_popup_and_sparks_play_out_after_the_batch_ends(window: Any) -> None:
    from game.ui.board import POPUP

    session, swap = find(level(SPECIALS), fires(Special.ROW))
    board = board_for(window, session)
    play(board, session, swap)
    until(board, lambda: not board.busy)
    # The board is still and equal to the state, and the last "+N" still floats up and fades
    # (it used to vanish the moment the batch ended).
    finish(board, session)
    floating = [p for p in board._popups if p.alpha > 0]
    assert floating
    start = {id(p): (p.center_y, p.alpha) for p in floating}
    board.update(0.1)
    assert all(p.center_y > start[id(p)][0] and p.alpha < start[id(p)][1] for p in floating)
    for _ in range(int(POPUP / DT) + 2):
        board.update(DT)
    assert all(p.alpha == 0 for p in board._popups)
    assert not any(s.visible for s in board.effects)   # every spark and beam back in the pool
    assert board.sprite_cells() == board.grid_cells(session.state.grid)


def test_a_column_special_sweeps_down_its_column(window: Any, screenshot_dir: pathlib.Path) -> None:
    session, swap = find(level(SPECIALS), fires(Special.COLUMN))
    board = board_for(window, session)
    fired = next(e for e in play(board, session, swap) if isinstance(e, Detonated))
    until(board, lambda: bool(effects(board, "beam")))
    beam = effects(board, "beam")[0]
    assert beam.center_x == pytest.approx(board.center(fired.cell)[0]) and beam.angle == 90
    until(board, lambda: beam.width > board.layout.rect.height * 0.8)
    lit = effect_pixels(window, board, screenshot_dir / "fx_column_sweep.png")
    row, col = fired.cell
    for r in (0, session.level.height - 1):
        if r != row:
            assert changed(window, lit, *around(board, (r, col))), f"the sweep does not reach cell {(r, col)}"
    finish(board, session)


def test_a_bomb_blasts_a_ring_over_the_cells_around_it(window: Any, screenshot_dir: pathlib.Path) -> None:
    rows = [". . . . . .", ". . . . . .", ". . 3b . . .", ". . . . . .", ". . . . . .", ". . . . . ."]
    session, swap = find(level(rows), fires(Special.BOMB))
    board = board_for(window, session)
    fired = next(e for e in play(board, session, swap) if isinstance(e, Detonated))
    until(board, lambda: bool(effects(board, "blast")))
    ring = effects(board, "blast")[0]
    assert ring.position == pytest.approx(board.center(fired.cell))
    until(board, lambda: ring.width > board.layout.cell * 2.5)     # it grows over the 3x3 it takes
    lit = effect_pixels(window, board, screenshot_dir / "fx_bomb_blast.png")
    # Seen: the ring over the 3x3 around the bomb, on every side of it.
    row, col = fired.cell
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        assert changed(window, lit, *around(board, (row + dr, col + dc), 0.5)), f"no blast seen at {(dr, dc)}"
    finish(board, session)


def test_a_rainbow_sends_a_ray_to_every_tile_of_the_kind_it_takes(window: Any, screenshot_dir: pathlib.Path) -> None:
    rows = [". . . . . .", ". . . . . .", ". . * . . .", ". . . . . .", ". . . . . .", ". . . . . ."]
    session, swap = find(level(rows), fires(Special.RAINBOW))
    board = board_for(window, session)
    other = swap.b if session.state.special_at(swap.a) == Special.RAINBOW else swap.a
    kind = session.state.at(other)
    taken = [(r, c) for r, row in enumerate(session.state.grid) for c, v in enumerate(row) if v == kind]
    play(board, session, swap)
    until(board, lambda: bool(effects(board, "beam")))
    board.update(0.17)             # the rays have grown to their tiles and not yet faded
    rays = effects(board, "beam")
    assert len(rays) == len(taken) - 1 or len(rays) == len(taken)    # the partner may sit where the rainbow was
    ends = set()
    for ray in rays:
        assert ray.width > board.layout.cell * 0.5
        ends.add(board.cell_at(*_far_end(ray)))
    assert ends <= set(taken) | {swap.a, swap.b}
    assert len({ray.color for ray in rays}) > 1                     # rays in many colours
    lit = effect_pixels(window, board, screenshot_dir / "fx_rainbow_rays.png")
    for ray in rays:      # seen: each ray lit where it ends, on a tile it takes
        x, y = _far_end(ray)
        inward = _along(ray, 0.8)
        assert changed(window, lit, inward[0] - 6, inward[1] - 6, inward[0] + 6, inward[1] + 6), \
            f"a ray to {board.cell_at(x, y)} is not seen"
    finish(board, session)


def test_a_rainbow_caught_in_a_blast_sends_its_rays_to_the_kind_the_core_says_it_took(
        window: Any) -> None:
    rows = [". . . . . .", ". . . . . .", ". 1h . . * .", ". . . . . .", ". . . . . .", ". . . . . ."]

    def caught(events: list[Any], swap: Swap) -> bool:
        fired = [e for e in events if isinstance(e, Detonated)]
        return len(fired) >= 2 and fired[0].special == Special.ROW and fired[1].special == Special.RAINBOW

    session, swap = find(level(rows), caught)
    board = board_for(window, session)
    before = session.state
    events = play(board, session, swap)
    swapped = fold(before, events[:1]).grid    # the board the blasts went off on
    rainbow = next(e for e in events if isinstance(e, Detonated) and e.special == Special.RAINBOW)
    assert rainbow.took > 0

    def rays() -> list[Any]:   # beams from the rainbow (the row's sweep is a beam too)
        return [b for b in effects(board, "beam") if board.cell_at(*_far_end(b, -1)) == rainbow.cell]

    until(board, lambda: bool(rays()))
    board.update(0.17)
    ends = {board.cell_at(*_far_end(ray)) for ray in rays()}
    step = next(e for e in events if isinstance(e, Cleared))
    kinds = {swapped[r][c] for r, c in ends}
    assert ends and ends <= set(step.cells)
    assert kinds == {rainbow.took}, "every ray ends on a tile of the kind the rainbow took"
    finish(board, session)


def _along(ray: Any, part: float) -> tuple[float, float]:
    """A point on a ray, `part` of the way from its start to its end."""
    (x0, y0), (x1, y1) = _far_end(ray, -1), _far_end(ray)
    return (x0 + (x1 - x0) * part, y0 + (y1 - y0) * part)


def _far_end(ray: Any, side: int = 1) -> tuple[float, float]:
    """Where a ray ends (side -1: where it starts)."""
    import math

    a = math.radians(-ray.angle)
    return (ray.center_x + side * math.cos(a) * ray.width / 2,
            ray.center_y + side * math.sin(a) * ray.width / 2)


def test_two_specials_swapped_together_make_a_bigger_effect(window: Any, screenshot_dir: pathlib.Path) -> None:
    rows = [". . . . . .", ". . . . . .", ". . 1h 2b . .", ". . . . . .", ". . . . . .", ". . . . . ."]
    lv = level(rows)
    session = Session(lv, 1)
    board = board_for(window, session)
    play(board, session, Swap((2, 2), (2, 3)))
    until(board, lambda: bool(effects(board, "blast")))
    board.update(0.2)
    rings = effects(board, "blast")
    assert max(r.width for r in rings) > board.layout.cell * 4      # far past a lone bomb's 3x3
    assert any(p.text.text == "Combo!" and p.alpha > 0 for p in board._popups)
    lit = effect_pixels(window, board, screenshot_dir / "fx_combo.png")
    # Seen: the blast reaches two cells out from the swapped pair, past a lone bomb's 3x3.
    assert changed(window, lit, *around(board, (2, 0), 0.5)) and changed(window, lit, *around(board, (2, 5), 0.5))
    finish(board, session)


def test_a_special_forms_with_its_run_pulling_into_its_cell(window: Any, screenshot_dir: pathlib.Path) -> None:
    def makes(events: list[Any], swap: Swap) -> bool:
        # A line or a bomb: a picture of its own over its kind's (a rainbow has no kind).
        return any(isinstance(e, Created) and e.special != Special.RAINBOW for e in events[:3])

    session, swap = find(level([". . . . . ."] * 6, kinds=4), makes)
    board = board_for(window, session)
    events = play(board, session, swap)
    made = next(e for e in events if isinstance(e, Created) and e.special != Special.RAINBOW)
    until(board, lambda: board.by_cell.get(made.cell) is not None and board.by_cell[made.cell].special is not None)
    target = board.center(made.cell)
    # The swap is over: any tile now away from its cell is one being pulled in.
    pulled = [s for c, s in board.by_cell.items() if c != made.cell]
    board.update(0.08)
    image = shot(window, board, screenshot_dir / "fx_special_forming.png")
    moving = [s for s in pulled if s.position != board.center(s.cell)]
    assert moving, "nothing pulled in"
    # Seen on their way in (they close on one cell, so one may cover another: one is enough).
    assert any(sprite_seen(image, s) for s in moving), "no tile is seen being pulled in"
    for s in moving:
        # Each moves towards the special, never away.
        home = board.center(s.cell)
        assert abs(s.center_x - target[0]) + abs(s.center_y - target[1]) < \
            abs(home[0] - target[0]) + abs(home[1] - target[1])
    from game.ui import textures

    formed = board.by_cell[made.cell]
    assert formed.texture is board.texture_for(formed.kind, made.special)
    assert formed.texture is not textures.fitted(textures.kind(formed.kind), board.tile_px)
    finish(board, session)


BLOCKERS = [". . . . . .", ". S3 . . 3L .", ". . . . . .", ". . D . . .", ". . . .L . .", ". . . . . ."]
JELLY = ["0 0 0 0 0 0", "0 0 0 0 0 0", "2 2 2 2 2 2", "1 1 1 1 1 1", "0 0 0 0 0 0", "0 0 0 0 0 0"]


def blocker_level() -> Level:
    return level(BLOCKERS, JELLY, kinds=4, jelly=True, stones=True, drops=2)


def test_a_stone_shows_its_cracks_as_it_is_hit(window: Any) -> None:
    from game.ui import textures

    session, swap = find(blocker_level(), lambda ev, s: any(isinstance(e, Cracked) for e in ev))
    board = board_for(window, session)
    stone = (1, 1)
    assert blocker_sprites(board, "stones")[stone].texture is textures.fitted(blocker_texture("stones", 3), board.block_px)
    events = play(board, session, swap)
    hit = next(e for e in events if isinstance(e, Cracked))
    until(board, lambda: blocker_sprites(board, "stones")[stone].count == hit.hits)
    # The texture changes the moment the event says so: more cracks, fewer pips.
    assert blocker_sprites(board, "stones")[stone].texture is textures.fitted(blocker_texture("stones", hit.hits), board.block_px)
    assert blocker_texture("stones", 2).image.tobytes() != blocker_texture("stones", 3).image.tobytes()
    finish(board, session)


def test_the_lock_sprite_goes_when_unlocked(window: Any, screenshot_dir: pathlib.Path) -> None:
    session, swap = find(blocker_level(), lambda ev, s: any(isinstance(e, Unlocked) for e in ev))
    board = board_for(window, session)
    cell = (1, 4)
    lock = blocker_sprites(board, "locks")[cell]
    tile = board.by_cell[cell]
    assert lock in board.chains and tile.kind == 3
    # What the board shows as each event is told (the next steps may start within one frame).
    told: list[tuple[type, bool, bool]] = []
    def at_rest() -> bool:   # the same tile, whole and in place, at the locked cell
        return board.by_cell.get(cell) is tile and tile.visible and tile.alpha == 255 and \
            bool(tile.sprite_lists) and (tile.center_x, tile.center_y) == pytest.approx(board.center(cell))
    before = session.state
    events = session.play(swap)
    board.play(events, session.state, lambda e: told.append((type(e), cell in blocker_sprites(board, "locks"), at_rest())),
               before=before)
    until(board, lambda: cell not in blocker_sprites(board, "locks"))
    # The lock breaks off its tile: the tile was under it as the unlock was told, and it is still
    # there, whole, once the lock has gone (the step after the unlock starts).
    unlock = next(n for n, (kind, _, _) in enumerate(told) if kind is Unlocked)
    assert told[unlock][1:] == (True, True) and told[unlock + 1][1:] == (False, True), told[unlock:unlock + 2]
    board.update(0.06)
    assert lock.alpha < 255 and lock.scale_x > 1.0     # breaking open, not just gone
    image = shot(window, board, screenshot_dir / "fx_lock_breaking.png")
    # The breaking chains are seen over the cell: the frame drawn without them differs there.
    lock.visible = False
    try:
        bare = shot(window, board, screenshot_dir / "fx_lock_breaking-without.png")
    finally:
        lock.visible = True
    (screenshot_dir / "fx_lock_breaking-without.png").unlink()
    mask = ImageChops.difference(image, bare).convert("L").point(lambda v: 255 if v > 24 else 0)
    assert changed(window, mask, *around(board, cell, 0.5)) > 50, "the lock is not seen breaking"
    finish(board, session)
    assert lock not in board.chains and cell not in board.layer_cells()["locks"]
    # Freed, that tile falls where the core moved it (a new tile may take its old cell): it is
    # the tile seen there at the end, not one that replaced it.
    after = events[next(n for n, e in enumerate(events) if isinstance(e, Unlocked)):]
    to = next((dst for e in after if isinstance(e, Fell) for src, dst in e.moves if src == cell), cell)
    assert board.by_cell[to] is tile and tile.kind == 3 == session.state.at(to) and tile.sprite_lists


def test_jelly_drawn_matches_its_layers(window: Any, screenshot_dir: pathlib.Path) -> None:

    session, swap = find(blocker_level(), lambda ev, s: any(isinstance(e, JellyCleared) for e in ev))
    board = board_for(window, session)
    two, one = blocker_sprites(board, "jelly")[(2, 0)], blocker_sprites(board, "jelly")[(3, 0)]
    assert two.texture is board.layer_texture(unit_named("jelly"), 2, (2, 0))
    assert one.texture is board.layer_texture(unit_named("jelly"), 1, (3, 0))
    # Two layers look stronger than one: more of the pink, whatever the cell's checker shade.
    def pink(sprite: Any) -> float:
        pixels = list(sprite.texture.image.convert("RGB").getdata())
        return sum(r - g for r, g, _ in pixels) / len(pixels)
    assert pink(two) > pink(one) + 20
    assert blocker_texture("jelly", 2) is not blocker_texture("jelly", 1)
    image = shot(window, board, screenshot_dir / "fx_blockers_at_rest.png")
    # On screen too: the cell's corner (outside its tile's shape) is pinker under two layers
    # than under one, and under one than under none; every tile, stone and lock is seen.
    def pink_at(cell: tuple[int, int]) -> float:
        x, y = board.center(cell)
        r = board.layout.cell * 0.33
        box = (int(x - r), window.height - int(y + r), int(x - r) + 6, window.height - int(y + r) + 6)
        pixels = list(image.crop(box).getdata())
        return sum(p[0] - p[1] for p in pixels) / len(pixels)
    assert pink_at((2, 0)) > pink_at((3, 0)) + 10 and pink_at((3, 0)) > pink_at((0, 0)) + 10
    assert board_seen(board, image) >= 30
    events = play(board, session, swap)
    finish(board, session)
    for e in events:
        if isinstance(e, JellyCleared):
            if session.state.count_at(JELLY_UNIT, e.cell):
                assert blocker_sprites(board, "jelly")[e.cell].count == session.state.count_at(JELLY_UNIT, e.cell)
            else:
                assert e.cell not in blocker_sprites(board, "jelly")


def test_a_drop_leaves_through_the_bottom_of_the_board(window: Any) -> None:
    from game.core.units import DROP

    rows = [". . . . .", ". . D . .", ". . . . .", ". . . . .", ". . . . ."]
    session, swap = find(level(rows, kinds=4, drops=1), lambda ev, s: any(isinstance(e, DropCollected) for e in ev))
    board = board_for(window, session)
    events = play(board, session, swap)
    out = next(e for e in events if isinstance(e, DropCollected))
    until(board, lambda: not any(s.kind == DROP for s in board.by_cell.values()))
    drop = next(s for s in board.tiles if s.kind == DROP)
    y0 = drop.center_y
    board.update(0.1)
    assert drop.center_y < y0 <= board.center(out.cell)[1] + 0.5    # going down, out of the board
    finish(board, session)
    assert drop not in board.tiles


def test_reduced_motion_shows_the_end_of_each_effect_with_no_moving_sprites(window: Any) -> None:
    session, swap = find(level(SPECIALS), fires(Special.ROW))
    board = board_for(window, session, reduced_motion=True)
    play(board, session, swap)
    for _ in range(40):
        board.update(DT)
        assert not [s for s in board.effects if s.visible], "an effect moved with reduced motion on"
    finish(board, session)


def test_the_speed_setting_slows_the_sweep(window: Any) -> None:
    widths = []
    for speed in (1.0, 2.0):
        session, swap = find(level(SPECIALS), fires(Special.ROW))
        board = board_for(window, session, speed=speed)
        play(board, session, swap)
        until(board, lambda: bool(effects(board, "beam")))
        beam = effects(board, "beam")[0]
        board.update(0.08)
        widths.append(beam.width)
        finish(board, session)
    assert widths[1] < widths[0]      # twice the durations: the beam is not as far out yet


def test_special_marks_read_on_every_kind_of_both_palettes_at_40_px(window: Any) -> None:
    """A special reads at a glance and its tile's shape stays whole: the middle of a special is
    its kind's own tile (smaller), a line special has white arrowheads with a dark rim on the two
    edges it clears toward, a bomb a round casing all round it."""
    from PIL import Image

    from game.ui import textures

    def at(image: Any, x: float, y: float) -> tuple[int, int, int, int]:
        return image.getpixel((int(x * 39), int(y * 39)))  # type: ignore[no-any-return]

    for colorblind in (False, True):
        for k in range(1, 10):
            for special in (Special.ROW, Special.COLUMN, Special.BOMB):
                big = textures.marked(k, special, colorblind).image.convert("RGBA")
                tile = big.resize((40, 40), Image.Resampling.LANCZOS)
                # The kind's own shape, whole, at the size the special draws it, in its middle.
                inner = int(big.width * (0.66 if special == Special.BOMB else 0.78))
                shape = textures.kind(k, colorblind).image.convert("RGBA").resize((inner, inner), Image.Resampling.LANCZOS)
                off = (big.width - inner) // 2
                solid = [(x, y) for y in range(0, inner, 3) for x in range(0, inner, 3) if shape.getpixel((x, y))[3] > 250]
                differ = sum(sum(abs(a - b) for a, b in zip(big.getpixel((x + off, y + off))[:3], shape.getpixel((x, y))[:3]))
                             for x, y in solid) / len(solid)
                assert differ < 12, f"{special} covers kind {k}'s shape (colour-blind {colorblind})"
                edges = {"left": at(tile, 0.03, 0.5), "right": at(tile, 0.97, 0.5),
                         "top": at(tile, 0.5, 0.03), "bottom": at(tile, 0.5, 0.97)}
                if special == Special.BOMB:                               # the casing all round
                    assert all(at(tile, x, y)[3] > 200 for x, y in ((0.09, 0.5), (0.91, 0.5), (0.5, 0.09), (0.5, 0.91)))
                    continue
                along = ("left", "right") if special == Special.ROW else ("top", "bottom")
                for side in along:                                        # a white arrowhead's tip
                    assert edges[side][3] > 150, f"{special} on kind {k}: no arrow on the {side}"
                head = [tile.getpixel((x, y)) for y in range(40) for x in range(40)
                        if (x < 7 or x > 32) == (special == Special.ROW) and (y < 7 or y > 32) != (special == Special.ROW)]
                assert sum(1 for p in head if p[3] > 200 and sum(p[:3]) > 600) >= 8     # white ink
                assert sum(1 for p in head if p[3] > 200 and sum(p[:3]) < 180) >= 3     # its dark rim


def test_a_colour_blind_board_of_every_special_and_blocker_at_small_cells(window: Any,
                                                                         screenshot_dir: pathlib.Path) -> None:
    from game.ui.board import Blockers, BoardRenderer
    from game.ui.layout import Rect

    rows = ["1h 2v 3b * 4 5 1", "2 3 4 5 1 2 3", "S3 S2 S1 . . . .", ". 3L . D . 4L .", ". . . . . . .",
            ". . . . . . .", "5h 5v 1b . . . ."]
    jelly = ["0 0 0 0 0 0 0", "1 1 1 2 2 2 0", "0 0 0 0 0 0 0", "1 1 2 2 0 0 0", "0 0 0 0 0 0 0",
             "0 0 0 0 0 0 0", "0 0 0 0 0 0 0"]
    session = Session(level(rows, jelly, jelly=True, stones=True, drops=1), 1)
    # 7 cells in 320 px: about 44 px a cell, the small end of what a laptop shows.
    board = BoardRenderer("match3", session.state.grid, Rect(480, 240, 320, 320), colorblind=True)
    board.set_specials(session.state.specials)
    board.set_blockers(Blockers.of(session.state))
    assert board.layout.cell < 48
    assert board.layer_cells() == board.state_layers(session.state)
    image = shot(window, board, screenshot_dir / "fx_colour_blind_small.png")
    assert board_seen(board, image) >= 36               # every tile, stone and lock, small as they are


def test_chain_mode_blockers_stay_equal_to_the_state_move_after_move(window: Any) -> None:
    """Chain mode has jelly, stones and locks too: each eaten tile works them, and the board follows."""
    rows = [". . . . .", ". S2 . .L .", ". . P . .", ". .L . S1 .", ". . . . ."]
    jelly = ["1 1 1 1 1", "2 0 2 0 2", "1 1 0 1 1", "2 0 2 0 0", "1 1 1 1 1"]
    lv = Level.from_dict({"format": 1, "id": "cb", "name": "Chain blockers", "mode": "chain", "width": 5,
                          "height": 5, "kinds": 3, "layout": rows, "jelly": jelly, "moves": 20,
                          "goals": {"jelly": True, "stones": True}})
    session = Session(lv, 2)
    board = board_for(window, session)
    assert board.layer_cells() == board.state_layers(session.state)
    seen: set[type] = set()
    for _ in range(8):
        if session.state.status != "playing" or not legal_commands(session.state):
            break
        command = max(legal_commands(session.state), key=lambda c: len(getattr(c, "path", ())))
        before = session.state
        events = session.play(command)
        seen |= {type(e) for e in events}

        board.play(events, session.state, before=before)
        finish(board, session)
    assert JellyCleared in seen


def test_instant_speed_plays_a_special_to_its_end_within_one_update(window: Any) -> None:
    session, swap = find(level(SPECIALS), fires(Special.ROW))
    board = board_for(window, session, speed=0.0)
    play(board, session, swap)
    board.update(0.0)
    assert not board.busy and not [s for s in board.effects if s.visible]
    finish(board, session)


@pytest.mark.parametrize("pair", [("*", "1b"), ("*", "*"), ("1h", "2v"), ("1h", "2b"), ("1b", "2b"), ("*", "2h")])
def test_every_pair_of_specials_swapped_plays_to_a_board_equal_to_the_state(window: Any, pair: Any) -> None:
    rows = [". . . . . .", ". . . . . .", f". . {pair[0]} {pair[1]} . .", ". . . . . .", ". . . . . .", ". . . . . ."]
    session = Session(level(rows), 1)
    board = board_for(window, session)
    events = play(board, session, Swap((2, 2), (2, 3)))
    assert sum(isinstance(e, Detonated) for e in events) >= 2
    until(board, lambda: bool([s for s in board.effects if s.visible]))
    finish(board, session)


def test_a_locked_tile_a_rainbow_made_special_breaks_its_lock_and_falls_as_the_state_says(window: Any) -> None:
    """A rainbow with a bomb makes every tile of the bomb's kind a bomb, the locked one too; that
    one breaks its lock instead of clearing. Whatever the core keeps of it, the board shows the same."""
    rows = [". . . . . .", ". . . . 1L .", ". . * 1b . .", ". . . . . .", ". . . . . .", ". . . . . ."]
    session = Session(level(rows), 1)
    board = board_for(window, session)
    events = play(board, session, Swap((2, 2), (2, 3)))
    assert Unlocked((1, 4)) in events and any(isinstance(e, Created) and e.cell == (1, 4) for e in events)
    finish(board, session)
    assert (1, 4) not in blocker_sprites(board, "locks")


def test_the_play_view_shows_every_blocker_layer_after_each_move_and_an_undo(window: Any) -> None:
    from game.io.settings import Settings
    from game.ui.play_view import PlayView

    view = PlayView(blocker_level(), seed=3, settings=Settings())
    window.show_view(view)
    window.dispatch_events()
    view.on_update(DT)
    for _ in range(5):
        if view.state.status != "playing":
            break
        assert view.submit(legal_commands(view.state)[-1])
        for _ in range(900):
            if not view.busy:
                break
            view.on_update(DT)
        view.on_update(DT)
        assert view.board.mismatches == []
        assert view.board.sprite_cells() == view.board.grid_cells(view.state.grid)
        assert view.board.layer_cells() == view.board.state_layers(view.state)
    view.undo()
    view.on_update(DT)
    assert view.board.layer_cells() == view.board.state_layers(view.state)
