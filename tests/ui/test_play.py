"""The play view driven by real input events on the shared window: every mode, undo, hints, results."""

from __future__ import annotations

import math
import pathlib
from typing import Any

import pytest

from game.core import EMPTY, Chain, Level, Session, Slide, Status, Swap, legal_commands
from game.io import find_pack
from game.io.pack_proofs import shipped_proof
from game.io.replay import load_replay
from game.io.settings import Settings
from game.ui.screens import style
from looks import assert_card_over_the_board, board_seen, near, pixel, sprite_seen

ROOT = pathlib.Path(__file__).resolve().parents[2]
DT = 1 / 60
LEFT = 1


def level(level_id: str) -> Level:
    for lv in find_pack("first-steps").levels:
        if lv.id == level_id:
            return lv
    raise LookupError(level_id)


def first_level_of(mode: str, player: bool | None = None) -> Level:
    for lv in find_pack("first-steps").levels:
        if lv.mode == mode and (player is None or (lv.player_start is not None) == player):
            return lv
    raise LookupError(mode)


def open_view(window: Any, lv: Level, seed: int = 7, speed: str = "normal", **kw: Any) -> Any:
    from game.ui.play_view import PlayView

    view = PlayView(lv, seed=seed, settings=Settings(animation_speed=speed), **kw)
    window.show_view(view)
    # Events the window queued before (its first resize, in a fresh session) arrive now, not
    # in the middle of a test's animation, where a resize would end it.
    window.dispatch_events()
    view.on_update(DT)
    return view


def send(window: Any, name: str, *args: Any) -> None:
    window.dispatch_event(name, *args)
    window.dispatch_events()


def click(window: Any, xy: tuple[float, float]) -> None:
    x, y = int(xy[0]), int(xy[1])
    send(window, "on_mouse_press", x, y, LEFT, 0)
    send(window, "on_mouse_release", x, y, LEFT, 0)


def drag(window: Any, points: list[tuple[float, float]]) -> None:
    """Press at the first point, move through the rest in small steps, release at the last."""
    x0, y0 = int(points[0][0]), int(points[0][1])
    send(window, "on_mouse_press", x0, y0, LEFT, 0)
    px, py = x0, y0
    for x, y in points[1:]:
        for k in range(1, 5):
            nx, ny = int(px + (x - px) * k / 4), int(py + (y - py) * k / 4)
            send(window, "on_mouse_drag", nx, ny, nx - px, ny - py, LEFT, 0)
        px, py = int(x), int(y)
    send(window, "on_mouse_release", px, py, LEFT, 0)


def press_key(window: Any, symbol: int, modifiers: int = 0) -> None:
    send(window, "on_key_press", symbol, modifiers)
    send(window, "on_key_release", symbol, modifiers)


def settle(view: Any, limit: int = 5000) -> int:
    frames = 0
    while view.busy:
        view.on_update(DT)
        frames += 1
        assert frames < limit, "an animation never ended"
    view.on_update(DT)
    return frames


def assert_board_shown(view: Any) -> None:
    """The sprites stand exactly where the core's grid says, every layer (specials, stones, locks,
    jelly) shows the state's, and the animation needed no repair."""
    board = view.board
    assert board.mismatches == []
    assert board.sprite_cells() == board.grid_cells(view.state.grid)
    assert board.layer_cells() == board.state_layers(view.state)


def shot(window: Any, view: Any, path: pathlib.Path) -> Any:
    import arcade

    view.on_draw()
    image = arcade.get_image(0, 0, window.width, window.height)
    path.parent.mkdir(parents=True, exist_ok=True)
    image.save(path)
    return image


def assert_menu_tidy(menu: Any) -> None:
    """Title, lines and buttons of a menu stack inside its panel without touching."""
    bottoms = [menu.title.y - menu.title.content_height / 2]
    for line in menu.lines:
        top = line.y + line.content_height / 2
        assert top <= bottoms[-1] + 1, f"{line.text!r} overlaps what is above it"
        bottoms.append(line.y - line.content_height / 2)
    for b in menu.buttons:
        assert b.rect.top <= bottoms[-1], f"button {b.label!r} overlaps what is above it"
        assert b.rect.bottom >= menu.panel.bottom and b.rect.top <= menu.panel.top
        bottoms.append(b.rect.bottom)


def click_button(window: Any, menu: Any, key: str) -> None:
    """Click a menu's button where a player would: on screen, in its middle."""
    click(window, next(b for b in menu.buttons if b.key == key).rect.center)


def assert_refusal_seen(window: Any, view: Any, image: Any) -> int:
    """A refusal is seen at the toast's place in a screenshot: the pill's end in the panel
    colour, its words in the warning colour. Returns how many pixels of the words are red."""
    pill = view.toast.pill[0]
    assert near(pixel(image, pill.left + 6, pill.center_y), style.OVERLAY_PANEL[:3], 12), "no pill at its place"
    t = view.toast.text
    words = image.convert("RGB").crop((int(t.left), window.height - int(t.top), int(t.right),
                                       window.height - int(t.bottom)))
    red = sum(1 for p in words.getdata() if near(p, style.DANGER_HOVER[:3], 40))
    assert red > 30, "the refusal is not seen in red"
    return red


def centre(view: Any, cell: tuple[int, int]) -> tuple[float, float]:
    return view.board.center(cell)


# -- match3 -------------------------------------------------------------------------------
def test_match3_click_then_neighbour_swaps_and_animates(window: Any, screenshot_dir: pathlib.Path) -> None:
    view = open_view(window, first_level_of("match3"))
    swap = legal_commands(view.state)[0]
    assert isinstance(swap, Swap)
    before = view.state.grid
    send(window, "on_mouse_motion", int(centre(view, swap.a)[0]), int(centre(view, swap.a)[1]), 0, 0)
    hover = view.board._rings["hover"]
    assert hover.visible and hover.position == centre(view, swap.a)   # hover is drawn
    click(window, centre(view, swap.a))
    assert view.controller.selected == swap.a          # the selection is drawn
    assert view.board._rings["selected"].visible
    click(window, centre(view, swap.b))
    assert view.session.commands == [swap]
    assert view.busy                                    # the batch is playing...
    click(window, centre(view, (0, 0)))                 # ...and a click still selects
    assert view.controller.selected == (0, 0) and len(view.session.commands) == 1
    click(window, centre(view, (0, 0)))
    moving = [view.board.by_cell[swap.a], view.board.by_cell[swap.b]]
    for _ in range(6):
        view.on_update(DT)
    image = shot(window, view, screenshot_dir / "play_match3_mid_swap.png")
    # Mid-swap both tiles are seen on their way, a good part of a cell from where they started.
    for sprite, start in zip(moving, (swap.a, swap.b)):
        assert math.dist(sprite.position, centre(view, start)) > view.board.layout.cell / 4
        assert sprite_seen(image, sprite), f"the tile leaving {start} is not drawn where it is"
    settle(view)
    assert view.state.grid != before
    assert view.state.score > 0 and view.hud.shown_score == view.state.score
    assert_board_shown(view)


def test_match3_press_and_drag_toward_a_neighbour_swaps(window: Any) -> None:
    view = open_view(window, first_level_of("match3"), seed=11)
    swap = legal_commands(view.state)[-1]
    assert isinstance(swap, Swap)
    (ax, ay), (bx, by) = centre(view, swap.a), centre(view, swap.b)
    # Drag two thirds of the way toward the neighbour: enough to mean it.
    drag(window, [(ax, ay), (ax + (bx - ax) * 0.67, ay + (by - ay) * 0.67)])
    assert view.session.commands == [swap]
    settle(view)
    assert_board_shown(view)


def _rejected_swap(view: Any) -> Swap:
    grid = view.state.grid
    legal = set(legal_commands(view.state))
    for r, row in enumerate(grid):
        for c, v in enumerate(row):
            for other in ((r, c + 1), (r + 1, c)):
                if other[0] < len(grid) and other[1] < len(row):
                    w = grid[other[0]][other[1]]
                    if v > 0 and w > 0 and v != w and Swap((r, c), other) not in legal:
                        return Swap((r, c), other)
    raise AssertionError("no swap that makes no run on this board")


def test_rejected_swap_goes_there_and_back_and_changes_nothing(window: Any, screenshot_dir: pathlib.Path) -> None:
    view = open_view(window, first_level_of("match3"))
    swap = _rejected_swap(view)
    before = view.state
    moving = [view.board.by_cell[swap.a], view.board.by_cell[swap.b]]
    click(window, centre(view, swap.a))
    click(window, centre(view, swap.b))
    assert view.busy
    sprite = view.board.by_cell[swap.a]
    for _ in range(8):
        view.on_update(DT)
    # Mid-way the tile has left its cell toward the other one, and is seen there...
    assert sprite.position != pytest.approx(centre(view, swap.a), abs=2)
    image = shot(window, view, screenshot_dir / "play_match3_rejected_mid.png")
    for tile, start in zip(moving, (swap.a, swap.b)):
        assert math.dist(tile.position, centre(view, start)) > view.board.layout.cell / 4
        assert sprite_seen(image, tile), f"the tile going there and back from {start} is not drawn where it is"
    settle(view)
    # ...and it came back: nothing changed, no move spent, nothing logged.
    assert view.state == before
    assert view.session.commands == []
    assert sprite.position == pytest.approx(centre(view, swap.a), abs=0.01)
    assert_board_shown(view)


def test_match3_keyboard_cursor_select_and_swap(window: Any) -> None:
    import arcade

    view = open_view(window, first_level_of("match3"))
    swap = legal_commands(view.state)[0]
    press_key(window, arcade.key.RIGHT)                 # the cursor appears mid-board
    cursor = view.controller.cursor
    assert cursor is not None
    keys = {(-1, 0): arcade.key.UP, (1, 0): arcade.key.DOWN, (0, -1): arcade.key.LEFT, (0, 1): arcade.key.RIGHT}
    def walk_to(target: tuple[int, int]) -> None:
        while view.controller.cursor != target:
            cr, cc = view.controller.cursor
            d = (0, 1 if target[1] > cc else -1) if target[1] != cc else (1 if target[0] > cr else -1, 0)
            press_key(window, keys[d])
    walk_to(swap.a)
    press_key(window, arcade.key.SPACE)
    assert view.controller.selected == swap.a
    walk_to(swap.b)
    press_key(window, arcade.key.ENTER)
    assert view.session.commands == [swap]
    settle(view)
    assert_board_shown(view)


# -- chain --------------------------------------------------------------------------------
def test_chain_drag_with_a_backtrack_commits_the_drawn_path(window: Any, screenshot_dir: pathlib.Path) -> None:
    view = open_view(window, first_level_of("chain", player=True))
    chain = legal_commands(view.state)[0]
    assert isinstance(chain, Chain) and len(chain.path) >= 3
    path = list(chain.path)
    pts = [centre(view, c) for c in path]
    plain = shot(window, view, screenshot_dir / "play_chain_before.png")
    # Press on the player, draw three cells, step back onto the second, then finish the path.
    x0, y0 = int(pts[0][0]), int(pts[0][1])
    send(window, "on_mouse_press", x0, y0, LEFT, 0)
    def move_to(p: tuple[float, float]) -> None:
        x, y = int(p[0]), int(p[1])
        send(window, "on_mouse_drag", x, y, 0, 0, LEFT, 0)
    for p in pts[1:3]:
        move_to(p)
    assert view.controller.path == path[:3]
    assert len(view.board._path_arrows) == 2            # arrows along the path as it grows
    move_to(pts[1])                                     # back onto the previous cell: backtrack
    assert view.controller.path == path[:2]
    assert len(view.board._path_arrows) == 1
    for p in pts[2:]:
        move_to(p)
    assert view.controller.path == path
    drawing = shot(window, view, screenshot_dir / "play_chain_drawing.png")
    # The path is drawn across the board: between each two cells of it the frame has changed.
    for a, b in zip(pts, pts[1:]):
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        assert not near(pixel(drawing, *mid), pixel(plain, *mid), 30), f"no path drawn at {mid}"
    player = view.board.by_cell[path[0]]
    send(window, "on_mouse_release", int(pts[-1][0]), int(pts[-1][1]), LEFT, 0)
    assert view.session.commands == [Chain(tuple(path))]
    for _ in range(10):
        view.on_update(DT)
    image = shot(window, view, screenshot_dir / "play_chain_mid_walk.png")
    # Mid-walk the player is seen on its way, off the cell it started from.
    assert math.dist(player.position, pts[0]) > view.board.layout.cell / 4
    assert sprite_seen(image, player), "the walking player is not drawn where it is"

    settle(view)
    assert view.state.player == path[-1]
    assert_board_shown(view)


def test_chain_too_short_is_cancelled_with_a_shake(window: Any) -> None:
    view = open_view(window, first_level_of("chain", player=True))
    state = view.state
    player = state.player
    assert player is not None and state.level.rules.min_chain >= 3
    near = next(c for c in legal_commands(state)[0].path[1:2])
    drag(window, [centre(view, player), centre(view, near)])
    assert view.session.commands == []                  # the core said no: nothing played
    assert view.toast.message and view.toast.error      # and the player is told why, as a refusal
    sprite = view.board.by_cell[near]
    moved = False
    for _ in range(8):
        view.on_update(DT)
        moved = moved or abs(sprite.center_x - centre(view, near)[0]) > 1
    assert moved, "the cancelled chain did not shake"
    settle(view)
    for _ in range(30):
        view.on_update(DT)
    assert sprite.center_x == pytest.approx(centre(view, near)[0], abs=0.01)


@pytest.mark.parametrize("numlock", [True, False])
def test_chain_keyboard_extend_backspace_enter(window: Any, numlock: bool) -> None:
    import arcade

    view = open_view(window, first_level_of("chain", player=True))
    chain = legal_commands(view.state)[0]
    path = list(chain.path)
    k = arcade.key
    # The keypad sends digits with NumLock on and navigation keys with it off: both walk.
    numpad = {(-1, -1): k.NUM_7, (-1, 0): k.NUM_8, (-1, 1): k.NUM_9, (0, -1): k.NUM_4,
              (0, 1): k.NUM_6, (1, -1): k.NUM_1, (1, 0): k.NUM_2, (1, 1): k.NUM_3} if numlock else {
              (-1, -1): k.NUM_HOME, (-1, 0): k.NUM_UP, (-1, 1): k.NUM_PAGE_UP, (0, -1): k.NUM_LEFT,
              (0, 1): k.NUM_RIGHT, (1, -1): k.NUM_END, (1, 0): k.NUM_DOWN, (1, 1): k.NUM_PAGE_DOWN}
    def step(a: tuple[int, int], b: tuple[int, int]) -> None:
        press_key(window, numpad[(b[0] - a[0], b[1] - a[1])])
    step(path[0], path[1])
    step(path[1], path[2])
    press_key(window, arcade.key.BACKSPACE)
    assert view.controller.path == path[:2]
    for a, b in zip(path[1:], path[2:]):
        step(a, b)
    assert view.controller.path == path
    press_key(window, arcade.key.ENTER)
    assert view.session.commands == [Chain(tuple(path))]
    settle(view)
    assert_board_shown(view)


def test_chain_two_arrow_keys_make_a_diagonal(window: Any) -> None:
    import arcade

    # The token at 2,1 with a tile up-left (1,0) and up-right (1,2): a board made for it, so
    # the test never depends on how a level happens to be dealt.
    lv = Level.from_dict({"format": 1, "id": "diag-up", "name": "Diag up", "mode": "chain",
                          "width": 4, "height": 4, "kinds": 4, "moves": 10,
                          "layout": ["1 3 4 2", "2 3 1 4", "1 P 3 2", "3 4 2 3"]})
    for side, target in ((arcade.key.LEFT, (1, 0)), (arcade.key.RIGHT, (1, 2))):
        view = open_view(window, lv)
        ctrl = view.controller
        player = view.state.player
        assert player == (2, 1) and view.state.at(target) > 0
        send(window, "on_key_press", arcade.key.UP, 0)
        send(window, "on_key_press", side, 0)              # the second key while the first is held
        send(window, "on_key_release", side, 0)
        send(window, "on_key_release", arcade.key.UP, 0)
        assert ctrl.path == [player, target]


def _diagonal_level(between: str) -> Level:
    """A chain level whose path (token at 2,0, then kind 1 at 2,1) goes on only by diagonals:
    up-right (1,2) and up-left (1,0) are kind 1; `between`, straight up at 1,1, is what varies."""
    return Level.from_dict({"format": 1, "id": "diag", "name": "Diag", "mode": "chain",
                            "width": 4, "height": 4, "kinds": 4, "moves": 10,
                            "layout": ["1 3 4 2", f"1 {between} 1 4", "P 1 3 2", "3 4 2 3"]})


@pytest.mark.parametrize("between", ["2", "1", "#"], ids=["another-kind", "same-kind", "hole"])
@pytest.mark.parametrize("order", ["up-then-right", "right-then-up"])
def test_two_arrows_make_a_diagonal_whatever_lies_under_the_first_arrow(window: Any, between: str,
                                                                        order: str) -> None:
    import arcade

    view = open_view(window, _diagonal_level(between))
    ctrl = view.controller
    press_key(window, arcade.key.RIGHT)
    assert ctrl.path == [(2, 0), (2, 1)]
    first, second = (arcade.key.UP, arcade.key.RIGHT) if order == "up-then-right" else \
        (arcade.key.RIGHT, arcade.key.UP)
    send(window, "on_key_press", first, 0)     # up: a 2, a 1 or a hole; right: a 3
    send(window, "on_key_press", second, 0)    # the second arrow while the first is held
    send(window, "on_key_release", second, 0)
    send(window, "on_key_release", first, 0)
    assert ctrl.path == [(2, 0), (2, 1), (1, 2)]            # up-right, never the cell between
    press_key(window, arcade.key.ENTER)
    assert view.session.commands == [Chain(((2, 0), (2, 1), (1, 2)))]


def test_two_arrows_make_a_diagonal_when_the_first_arrow_steps_back_along_the_path(window: Any) -> None:
    import arcade

    view = open_view(window, _diagonal_level("2"))
    ctrl = view.controller
    press_key(window, arcade.key.RIGHT)
    send(window, "on_key_press", arcade.key.LEFT, 0)   # alone, left steps back onto the token...
    assert ctrl.path == [(2, 0)]
    send(window, "on_key_press", arcade.key.UP, 0)     # ...with up, it is up-left from 2,1
    send(window, "on_key_release", arcade.key.UP, 0)
    send(window, "on_key_release", arcade.key.LEFT, 0)
    assert ctrl.path == [(2, 0), (2, 1), (1, 0)]
    press_key(window, arcade.key.UP)                   # one arrow on its own is one straight step
    assert ctrl.path == [(2, 0), (2, 1), (1, 0), (0, 0)]


@pytest.mark.parametrize("keypad", ["numlock-on", "numlock-off", "numlock-off-windows"])
def test_keypad_diagonals_with_numlock_on_or_off(window: Any, keypad: str) -> None:
    import arcade

    k = arcade.key
    # The keypad's 9, 7 and 1: digits with NumLock on; with it off, X11 sends the keypad's own
    # navigation keys and Windows the plain ones.
    up_right, up_left, down_left = {"numlock-on": (k.NUM_9, k.NUM_7, k.NUM_1),
                                    "numlock-off": (k.NUM_PAGE_UP, k.NUM_HOME, k.NUM_END),
                                    "numlock-off-windows": (k.PAGEUP, k.HOME, k.END)}[keypad]
    view = open_view(window, _diagonal_level("2"))
    ctrl = view.controller
    press_key(window, k.NUM_6 if keypad == "numlock-on" else k.NUM_RIGHT)
    assert ctrl.path == [(2, 0), (2, 1)]
    press_key(window, up_right)
    assert ctrl.path == [(2, 0), (2, 1), (1, 2)]
    press_key(window, down_left)                       # back down-left: a step back
    assert ctrl.path == [(2, 0), (2, 1)]
    press_key(window, up_left)
    assert ctrl.path == [(2, 0), (2, 1), (1, 0)]
    press_key(window, k.NUM_ENTER)
    assert view.session.commands == [Chain(((2, 0), (2, 1), (1, 0)))]
    settle(view)
    assert view.state.player == (1, 0)                 # the token walked the diagonal
    assert_board_shown(view)


# -- slide --------------------------------------------------------------------------------
def _gap(view: Any) -> tuple[int, int]:
    return next((r, c) for r, row in enumerate(view.state.grid) for c, v in enumerate(row) if v == EMPTY)


def test_slide_by_click(window: Any, screenshot_dir: pathlib.Path) -> None:
    view = open_view(window, first_level_of("slide"))
    gap = _gap(view)
    tile = next(c for c in ((gap[0] - 1, gap[1]), (gap[0] + 1, gap[1]), (gap[0], gap[1] - 1), (gap[0], gap[1] + 1))
                if 0 <= c[0] < view.state.height and 0 <= c[1] < view.state.width)
    number = view.state.at(tile)
    sliding = view.board.by_cell[tile]
    click(window, centre(view, tile))
    assert view.session.commands == [Slide(tile)]
    for _ in range(3):
        view.on_update(DT)
    image = shot(window, view, screenshot_dir / "play_slide_mid.png")
    # The tile is seen on its way into the gap, off its cell.
    assert math.dist(sliding.position, centre(view, tile)) > 2
    assert sprite_seen(image, sliding), "the sliding tile is not drawn where it is"

    settle(view)
    assert view.state.at(gap) == number and _gap(view) == tile
    assert_board_shown(view)


def test_slide_by_arrow_key_moves_the_tile_into_the_gap(window: Any) -> None:
    import arcade

    view = open_view(window, first_level_of("slide"), speed="fast")
    gap = _gap(view)
    h, w = view.state.height, view.state.width
    # LEFT moves the tile right of the gap into it; RIGHT the one on its left; and so on.
    for symbol, source in ((arcade.key.LEFT, (gap[0], gap[1] + 1)), (arcade.key.RIGHT, (gap[0], gap[1] - 1)),
                           (arcade.key.UP, (gap[0] + 1, gap[1])), (arcade.key.DOWN, (gap[0] - 1, gap[1]))):
        if 0 <= source[0] < h and 0 <= source[1] < w:
            break
    number = view.state.at(source)
    press_key(window, symbol)
    assert view.session.commands == [Slide(source)]
    settle(view)
    assert view.state.at(gap) == number
    assert_board_shown(view)


def test_slide_click_far_from_the_gap_shakes_and_plays_nothing(window: Any) -> None:
    view = open_view(window, first_level_of("slide"))
    gap = _gap(view)
    far = next((r, c) for r in range(view.state.height) for c in range(view.state.width)
               if abs(r - gap[0]) + abs(c - gap[1]) > 1)
    click(window, centre(view, far))
    assert view.session.commands == []
    assert view.toast.message == "Only a tile beside the gap can slide." and view.toast.error


# -- undo, redo, hints ----------------------------------------------------------------------
def test_undo_and_redo_snap_the_board(window: Any) -> None:
    import arcade

    view = open_view(window, first_level_of("match3"))
    start = view.state
    swap = legal_commands(start)[0]
    click(window, centre(view, swap.a))
    click(window, centre(view, swap.b))
    settle(view)
    after = view.state
    press_key(window, arcade.key.Z)   # match3's first undo says what it costs, and waits
    assert view.state == after and "Undo costs your stars" in view.toast.message
    press_key(window, arcade.key.Z)
    assert view.state == start and not view.busy
    assert view.board.sprite_cells() == view.board.grid_cells(start.grid)
    assert view.hud.shown_score == 0
    press_key(window, arcade.key.Y)
    assert view.state == after
    assert view.board.sprite_cells() == view.board.grid_cells(after.grid)
    press_key(window, arcade.key.Z, arcade.key.MOD_CTRL)
    assert view.state == start
    press_key(window, arcade.key.Y, arcade.key.MOD_CTRL)
    assert view.state == after and view.hud.shown_score == after.score


def _cell_pixels(image: Any, view: Any, cell: tuple[int, int], window: Any) -> list[tuple[int, ...]]:
    x, y = view.board.center(cell)
    half = view.board.layout.cell / 2
    out = []
    # The rim of the cell, outside the tile's shape: where the glow shows.
    for dx, dy in ((-0.9, 0), (0.9, 0), (0, -0.9), (0, 0.9), (-0.8, -0.8), (0.8, 0.8)):
        px, py = int(x + dx * half), int(window.height - (y + dy * half))
        out.append(image.getpixel((px, py))[:3])
    return out


def test_hint_key_and_idle_show_a_legal_move_in_pixels(window: Any, screenshot_dir: pathlib.Path) -> None:
    import arcade

    view = open_view(window, first_level_of("match3"))
    plain = shot(window, view, screenshot_dir / "play_hint_before.png").convert("RGB")
    press_key(window, arcade.key.H)
    hinted = view.hint_command
    assert hinted in legal_commands(view.state)
    view.on_update(0.3)
    lit = shot(window, view, screenshot_dir / "play_hint.png").convert("RGB")
    cells = (hinted.a, hinted.b)
    changed = sum(1 for cell in cells
                  for p, q in zip(_cell_pixels(plain, view, cell, window), _cell_pixels(lit, view, cell, window))
                  if sum(abs(a - b) for a, b in zip(p, q)) > 60)
    assert changed >= 6, "the hint is not visible around its cells"
    # Any input hides it; five idle seconds bring it back on their own.
    send(window, "on_mouse_motion", 5, 5, 0, 0)
    press_key(window, arcade.key.LEFT)
    assert view.hint_command is None
    for _ in range(4):
        view.on_update(1.0)
    assert view.hint_command is None
    view.on_update(1.2)
    assert view.hint_command in legal_commands(view.state)


def test_chain_hint_is_a_good_chain_with_arrows(window: Any) -> None:
    import arcade

    view = open_view(window, first_level_of("chain", player=True))
    press_key(window, arcade.key.H)
    # The view shows the core's advice (which weighs the goal and the move after, so not always
    # the longest chain), a real chain of the level's length or more.
    from game.core import hint_move, play
    assert view.hint_command == hint_move(view.state)
    assert play(view.state, view.hint_command)[1].moves == view.state.moves + 1   # the rules take it
    assert len(view.hint_command.path) >= view.state.level.rules.min_chain
    assert len(view.board._hint_arrows) == len(view.hint_command.path) - 1
    # Each arrow sits over the gap between its two tiles, clear of both tiles' middles (the
    # arrows crossed the tiles, hiding what the path eats), and diagonals are no fatter.
    cell = view.board.layout.cell
    path = view.hint_command.path
    for arrow, a, b in zip(view.board._hint_arrows, path, path[1:]):
        gap = math.dist(view.board.center(a), view.board.center(b))
        assert arrow.width < gap - cell * 0.3 and arrow.height < cell * 0.7


def _fewest_slides(grid: Any) -> int:
    """The fewest slides that solve a small board: a plain breadth-first search, no solver."""
    h, w = len(grid), len(grid[0])
    goal = tuple(tuple((r * w + c + 1) % (h * w) for c in range(w)) for r in range(h))
    depth = {grid: 0}
    frontier = [grid]
    while goal not in depth:
        nxt = []
        for g in frontier:
            (gr, gc), = [(r, c) for r in range(h) for c in range(w) if g[r][c] == EMPTY]
            for r, c in ((gr - 1, gc), (gr + 1, gc), (gr, gc - 1), (gr, gc + 1)):
                if 0 <= r < h and 0 <= c < w:
                    rows = [list(row) for row in g]
                    rows[gr][gc], rows[r][c] = rows[r][c], EMPTY
                    after = tuple(map(tuple, rows))
                    if after not in depth:
                        depth[after] = depth[g] + 1
                        nxt.append(after)
        frontier = nxt
    return depth[goal]


def test_following_the_match3_hint_wins_falling_luck(window: Any) -> None:
    import arcade

    lv = level("falling-luck")
    view = open_view(window, lv, seed=lv.play_seed, speed="instant")
    while view.state.status == "playing":
        press_key(window, arcade.key.H)                  # what a stuck player does, every move
        command = view.hint_command
        assert command in legal_commands(view.state)
        assert view.submit(command)
        settle(view)
    assert view.state.status == "won", f"lost with score {view.state.score}"


@pytest.mark.parametrize("level_id", ["nine-tiles", "fifteen"])
def test_following_the_slide_hint_solves_the_board_and_never_goes_back(window: Any, level_id: str) -> None:
    import arcade

    from game.bots.slide_plan import SlidePlanner

    view = open_view(window, level(level_id), speed="instant")
    start = view.state.grid
    planned = len(SlidePlanner().plan(start))
    seen = {start}
    while view.state.status == "playing" and view.state.moves < planned:
        press_key(window, arcade.key.H)
        command = view.hint_command
        assert command in legal_commands(view.state)
        assert view.submit(command)
        settle(view)
        assert view.state.grid not in seen, f"hint {view.state.moves} led back to an earlier board"
        seen.add(view.state.grid)
    # The hint is the planner's next move: it solves the board in the planner's count.
    assert view.state.status == "won" and view.state.moves == planned
    if len(start) * len(start[0]) <= 9:
        assert planned == _fewest_slides(start), "on a 3x3 the hint's way is a shortest one"


def test_the_slide_hint_plans_again_after_a_move_of_the_players_own(window: Any) -> None:
    import arcade

    view = open_view(window, level("nine-tiles"), speed="instant")
    press_key(window, arcade.key.H)
    detour = next(c for c in legal_commands(view.state) if c != view.hint_command)
    assert view.submit(detour)
    settle(view)
    after_detour = view.state.grid
    for _ in range(60):
        if view.state.status != "playing":
            break
        press_key(window, arcade.key.H)
        assert view.submit(view.hint_command)
        settle(view)
    assert view.state.status == "won"
    # From the player's detour on, the hints took a shortest way home.
    assert view.state.moves == 1 + _fewest_slides(after_detour)


def test_kinds_differ_in_colour_on_screen(window: Any) -> None:
    import arcade

    view = open_view(window, first_level_of("match3"))
    view.on_draw()
    image = arcade.get_image(0, 0, window.width, window.height).convert("RGB")
    colours: dict[int, tuple[int, ...]] = {}
    for (r, c), kind in view.board.grid_cells(view.state.grid).items():
        if kind in colours:
            continue
        x, y = view.board.center((r, c))
        colours[kind] = image.getpixel((int(x), int(window.height - y)))
    assert len(colours) >= 4
    kinds = sorted(colours)
    for i, a in enumerate(kinds):
        for b in kinds[i + 1:]:
            distance = sum(abs(p - q) for p, q in zip(colours[a], colours[b]))
            assert distance > 60, f"kinds {a} and {b} look alike: {colours[a]} vs {colours[b]}"


# -- long bot games: the sprites always equal the grid ------------------------------------------
def _bot_game(window: Any, lv: Level, speed: str, moves: int, seed: int,
              snap_at: int | None = None, shot_path: pathlib.Path | None = None) -> int:
    from game.bots import make_bot

    view = open_view(window, lv, seed=seed, speed=speed)
    bot = make_bot("auto", lv, seed)
    played = 0
    restarts = 0
    watched = False
    while played < moves:
        if view.state.status != "playing":
            assert view.result_menu is not None
            click_button(window, view.result_menu, "retry")
            restarts += 1
            assert view.state.status == "playing" and view.result_menu is None
        command = bot.choose(view.state)
        assert view.submit(command), f"{command} refused: {view.toast.message}"
        if snap_at == played and shot_path is not None:
            for _ in range(7):
                view.on_update(DT)
            assert board_seen(view.board, shot(window, view, shot_path)) >= 4   # mid-move, where each stands
        _settle_game(window, view, watched)
        watched = watched or view.state.status == Status.WON
        assert_board_shown(view)
        played += 1
    return restarts


def _settle_game(window: Any, view: Any, watched: bool) -> None:
    """The batch played out frame by frame. After the game's first win (watched to its end),
    a won game's finale is skipped with a key as a player may: the bots win some levels in
    one move, and the finales were most of these games' frames."""
    import arcade

    frames = 0
    while view.busy:
        if watched and frames == 20 and view.state.status == Status.WON:
            send(window, "on_key_press", arcade.key.SPACE, 0)
            send(window, "on_key_release", arcade.key.SPACE, 0)
        view.on_update(DT)
        frames += 1
        assert frames < 5000, "an animation never ended"
    view.on_update(DT)


@pytest.mark.parametrize("speed", ["instant", "normal"])
@pytest.mark.parametrize("mode", ["match3", "chain", "slide"])
def test_bot_games_leave_the_sprites_equal_to_the_grid(window: Any, screenshot_dir: pathlib.Path,
                                                        mode: str, speed: str) -> None:
    levels = [lv for lv in find_pack("first-steps").levels if lv.mode == mode]
    moves = 25 if speed == "instant" else 14
    for i, lv in enumerate(levels[:3] if speed == "instant" else levels[:2]):
        shot_path = screenshot_dir / f"play_{mode}_{lv.id}_mid.png" if speed == "normal" else None
        _bot_game(window, lv, speed, moves, seed=100 + i, snap_at=3, shot_path=shot_path)


# -- results, pause, leaving --------------------------------------------------------------------
def _play_replay(window: Any, name: str, **kw: Any) -> Any:
    replay = load_replay(shipped_proof(name))
    view = open_view(window, level(replay.level), seed=replay.seed, speed="fast", **kw)
    for command in replay.commands:
        assert view.submit(command), f"{command}: {view.toast.message}"
        settle(view)
    return view


def test_result_overlay_after_a_win(window: Any, screenshot_dir: pathlib.Path) -> None:
    left: list[Any] = []
    view = _play_replay(window, "first-swap", on_leave=left.append)
    assert view.state.status == "won"
    menu = view.result_menu
    assert menu is not None and menu.title.text == "Level complete!"
    assert [b.key for b in menu.buttons] == ["next", "retry", "watch", "levels"]   # Share needs an app
    assert len(view.result_stars) == 3
    assert_menu_tidy(menu)
    star_top = max(s.top for s in view.result_stars)
    assert star_top <= menu.lines[-1].y - menu.lines[-1].content_height / 2
    assert min(s.bottom for s in view.result_stars) >= menu.buttons[0].rect.top
    image = shot(window, view, screenshot_dir / "play_result_won.png")
    assert_card_over_the_board(window, view, menu, image)
    click(window, menu.buttons[0].rect.center)
    assert len(left) == 1
    outcome = left[0]
    assert (outcome.action, outcome.status, outcome.level_id) == ("next", "won", "first-swap")
    assert outcome.score == view.state.score and 1 <= outcome.stars <= 3
    assert list(outcome.commands) == view.session.commands


def test_lost_game_says_what_was_missing_and_retry_plays_the_same_deal(window: Any, screenshot_dir: pathlib.Path) -> None:
    lv = Level.from_dict({"format": 1, "id": "too-hard", "name": "Too hard", "mode": "match3",
                          "width": 7, "height": 7, "kinds": 5, "moves": 3, "goals": {"score": 99999}})
    view = open_view(window, lv, seed=5, speed="fast")
    for _ in range(3):
        assert view.submit(legal_commands(view.state)[0])
        settle(view)
    assert view.state.status == "lost"
    menu = view.result_menu
    assert menu is not None and menu.title.text == "Out of moves"
    assert [b.key for b in menu.buttons] == ["retry", "keep going", "new deal", "levels"]
    assert_menu_tidy(menu)
    image = shot(window, view, screenshot_dir / "play_result_lost.png")
    assert_card_over_the_board(window, view, menu, image)
    import arcade

    lines = [t.text for t in menu.lines]
    assert f"{99999 - view.state.score:,} points short" in lines     # what was missing
    assert not any(line.startswith("Deal") for line in lines)       # no raw seed on the card
    assert view.hud.lit == 0                                        # no star beside a loss
    press_key(window, arcade.key.Z)                     # no undo out of a lost game
    assert view.state.status == "lost" and len(view.session.commands) == 3 and view.result_menu is menu
    # It says what Retry does (the same board; issue 37 said "Retry for a new deal") and where another is.
    assert view.toast.message == "The game is over: Retry plays the same board again, New deal another."
    press_key(window, arcade.key.ENTER)                 # Retry has the focus
    assert view.state.status == "playing" and view.session.commands == []
    assert view.seed == 5 and view.state == Session(lv, 5).state     # the same deal again
    for _ in range(3):
        assert view.submit(legal_commands(view.state)[0])
        settle(view)
    click_button(window, view.result_menu, "new deal")
    assert view.state.status == "playing" and view.session.commands == []
    assert view.seed != 5 and view.state == Session(lv, view.seed).state
    assert view.state.grid != Session(lv, 5).state.grid


def test_pause_menu_resume_and_back_to_levels(window: Any, screenshot_dir: pathlib.Path) -> None:
    import arcade

    left: list[Any] = []
    view = open_view(window, first_level_of("match3"), on_leave=left.append)
    swap = legal_commands(view.state)[0]
    view.submit(swap)
    settle(view)
    press_key(window, arcade.key.ESCAPE)
    assert view.pause_menu is not None
    assert_menu_tidy(view.pause_menu)
    assert_card_over_the_board(window, view, view.pause_menu, shot(window, view, screenshot_dir / "play_pause.png"))
    press_key(window, arcade.key.ESCAPE)
    assert view.pause_menu is None
    press_key(window, arcade.key.ESCAPE)
    levels_button = next(b for b in view.pause_menu.buttons if b.key == "levels")
    click(window, levels_button.rect.center)
    assert left and left[-1].action == "levels" and left[-1].status == "playing"
    assert left[-1].commands == (swap,)


def test_pause_undo_and_restart(window: Any) -> None:
    import arcade

    view = open_view(window, first_level_of("match3"))
    start = view.state
    view.submit(legal_commands(start)[0])
    settle(view)
    press_key(window, arcade.key.ESCAPE)
    click_button(window, view.pause_menu, "undo")   # match3's first undo says what it costs
    assert view.state != start and view.pause_menu is None and "Undo costs" in view.toast.message
    press_key(window, arcade.key.ESCAPE)
    click_button(window, view.pause_menu, "undo")
    assert view.state == start and view.pause_menu is None
    view.submit(legal_commands(start)[0])
    settle(view)
    press_key(window, arcade.key.ESCAPE)
    seed = view.seed
    click_button(window, view.pause_menu, "restart")
    # Started again on the same deal, as Retry plays it.
    assert view.session.commands == [] and view.seed == seed and view.state == start


def test_playtest_tab_goes_back_to_the_editor(window: Any) -> None:
    import arcade

    left: list[Any] = []
    view = open_view(window, first_level_of("chain"), playtest=True, on_leave=left.append)
    press_key(window, arcade.key.TAB)
    assert left and left[0].action == "editor"


def test_resumed_game_shows_the_saved_board(window: Any) -> None:
    lv = first_level_of("chain", player=True)
    session = Session(lv, 9)
    for _ in range(2):
        session.play(legal_commands(session.state)[0])
    from game.ui.play_view import PlayView

    view = PlayView(lv, seed=9, commands=session.commands, settings=Settings())
    window.show_view(view)
    assert view.state == session.state
    assert view.board.sprite_cells() == view.board.grid_cells(session.state.grid)
    assert view.hud.shown_score == session.state.score


def test_resize_refits_the_board_and_keeps_it_centred(window: Any) -> None:
    view = open_view(window, first_level_of("match3"))
    before = view.board.layout.cell
    click(window, centre(view, (1, 1)))
    view.on_resize(800, 600)
    small = view.board.layout
    assert small.cell < before
    ring = view.board._rings["selected"]                # the selection survives, at the new place
    assert ring.visible and ring.position == view.board.center((1, 1))
    assert small.rect.top <= 600 and small.rect.left >= 0
    view.on_resize(window.width, window.height)
    assert view.board.layout.cell == before
    assert view.board.sprite_cells() == view.board.grid_cells(view.state.grid)



def test_a_portrait_window_puts_the_hud_above_the_board_and_the_buttons_below(window: Any) -> None:
    view = open_view(window, level("ring-harvest"))
    try:
        view.on_resize(700, 1000)
        hud, board, bar = view.hud.rect, view.board.layout.rect, view.bar
        assert hud.width == 700 and hud.bottom >= board.top            # the HUD across the top
        assert view.hud.score.y > board.top and view.hud.goals_title.x > 350   # goals: its right half
        buttons = [b.rect for b in bar.buttons]
        assert all(0 <= r.left and r.right <= 700 and r.top < board.bottom for r in buttons)
        assert view.toast._at[1] < board.bottom and view.toast._at[1] > max(r.top for r in buttons)
        # The buttons work where they are: Hint by a real click.
        hint = next(b for b in bar.buttons if b.key == "hint")
        click(window, hint.rect.center)
        assert view.hint_command is not None
        # Back to a landscape window: the HUD beside the board again.
        view.on_resize(window.width, window.height)
        assert view.hud.rect.right <= view.board.layout.rect.left and view.hud.rect.height == window.height
    finally:
        view.on_resize(window.width, window.height)

def test_chain_without_a_player_by_keyboard(window: Any) -> None:
    import arcade

    view = open_view(window, level("free-hand"))
    chain = legal_commands(view.state)[0]
    path = list(chain.path)
    keys = {(-1, 0): arcade.key.UP, (1, 0): arcade.key.DOWN, (0, -1): arcade.key.LEFT, (0, 1): arcade.key.RIGHT}
    press_key(window, arcade.key.UP)                    # the cursor appears
    while view.controller.cursor != path[0]:
        cr, cc = view.controller.cursor
        d = (0, 1 if path[0][1] > cc else -1) if path[0][1] != cc else (1 if path[0][0] > cr else -1, 0)
        press_key(window, keys[d])
    press_key(window, arcade.key.SPACE)                 # start the path on the cursor
    assert view.controller.path == path[:1]
    numpad = {(-1, -1): arcade.key.NUM_7, (-1, 0): arcade.key.NUM_8, (-1, 1): arcade.key.NUM_9,
              (0, -1): arcade.key.NUM_4, (0, 1): arcade.key.NUM_6, (1, -1): arcade.key.NUM_1,
              (1, 0): arcade.key.NUM_2, (1, 1): arcade.key.NUM_3}
    for a, b in zip(path, path[1:]):
        press_key(window, numpad[(b[0] - a[0], b[1] - a[1])])
    assert view.controller.path == path
    press_key(window, arcade.key.ENTER)
    assert view.session.commands == [chain]
    settle(view)
    assert_board_shown(view)


def test_full_screen_key_is_safe_without_a_display(window: Any) -> None:
    import arcade

    view = open_view(window, first_level_of("match3"))
    press_key(window, arcade.key.F11)
    assert not window.fullscreen
    assert "real display" in view.toast.message


def test_escape_mid_animation_ends_the_batch_and_pauses(window: Any) -> None:
    import arcade

    view = open_view(window, first_level_of("match3"))
    swap = legal_commands(view.state)[0]
    assert view.submit(swap)
    view.on_update(DT)
    assert view.busy
    press_key(window, arcade.key.ESCAPE)
    assert not view.busy and view.pause_menu is not None
    assert_board_shown(view)
    assert view.hud.shown_score == view.state.score
    # While paused the board takes no input.
    click(window, centre(view, legal_commands(view.state)[0].a))
    assert view.controller.selected is None


def test_animation_speed_setting_scales_every_batch(window: Any) -> None:
    frames = {}
    for speed in ("slow", "normal", "fast", "instant"):
        view = open_view(window, first_level_of("match3"), seed=21, speed=speed)
        assert view.submit(legal_commands(view.state)[0])
        frames[speed] = settle(view)
        assert_board_shown(view)
    assert frames["slow"] > frames["normal"] > frames["fast"] > frames["instant"]
    assert frames["instant"] <= 1


# -- sound ---------------------------------------------------------------------------------
class Recorder:
    """A sound player that only remembers what it was asked to play."""

    def __init__(self) -> None:
        self.played: list[str] = []
        self.pitches: list[float] = []

    def play(self, name: str, pitch: float = 1.0) -> None:
        self.played.append(name)
        self.pitches.append(pitch)


def open_with(window: Any, lv: Level, settings: Settings, seed: int = 7, **kw: Any) -> Any:
    from game.ui.play_view import PlayView

    view = PlayView(lv, seed=seed, settings=settings, **kw)
    window.show_view(view)
    view.on_update(DT)
    return view


def test_sound_on_plays_the_effects_of_each_batch(window: Any) -> None:
    rec = Recorder()
    view = open_with(window, first_level_of("match3"), Settings(animation_speed="fast", sound=True), sounds=rec)
    swap = _rejected_swap(view)
    click(window, centre(view, swap.a))
    click(window, centre(view, swap.b))
    settle(view)
    assert rec.played == ["rejected"]
    rec.played.clear()
    from game.core import Cleared

    assert view.submit(legal_commands(view.state)[0])
    settle(view)
    clears = sum(1 for e in view.session.batches[-1] if isinstance(e, Cleared))
    assert clears >= 1
    assert rec.played == ["swap"] + ["clear"] * clears


def test_sound_on_plays_chain_slide_and_win(window: Any) -> None:
    rec = Recorder()
    view = open_with(window, first_level_of("chain", player=True), Settings(animation_speed="instant"), sounds=rec)
    assert view.submit(legal_commands(view.state)[0])
    settle(view)
    steps = sum(1 for e in view.session.batches[-1] if type(e).__name__ == "PlayerMoved")
    assert steps >= 1 and rec.played == ["clear"] + ["chain"] * steps + rec.played[1 + steps:]
    assert all(name == "clear" for name in rec.played[1 + steps:])
    rec.played.clear()
    view = open_with(window, first_level_of("slide"), Settings(animation_speed="instant"), sounds=rec)
    assert view.submit(legal_commands(view.state)[0])
    settle(view)
    assert rec.played[0] == "slide"
    rec.played.clear()
    view = _play_replay(window, "first-swap", sounds=rec)
    assert view.state.status == "won" and rec.played[-1] == "win"


def test_sound_off_plays_nothing(window: Any) -> None:
    rec = Recorder()
    view = open_with(window, first_level_of("match3"), Settings(animation_speed="fast", sound=False), sounds=rec)
    swap = _rejected_swap(view)
    click(window, centre(view, swap.a))
    click(window, centre(view, swap.b))
    settle(view)
    assert view.submit(legal_commands(view.state)[0])
    settle(view)
    assert len(view.session.commands) == 1 and rec.played == []


def test_sound_files_are_short_wavs_and_a_failing_device_falls_silent(monkeypatch: Any) -> None:
    import wave

    from game.io.paths import assets_dir
    from game.ui.sound import NAMES, SoundPlayer

    for name in NAMES:
        with wave.open(str(assets_dir() / "sounds" / f"{name}.wav"), "rb") as wav:
            seconds = wav.getnframes() / wav.getframerate()
            assert 0.03 < seconds < 1.5, name
    player = SoundPlayer()
    player.play("swap")          # headless: a real device, pyglet's silent driver or a remembered failure
    calls: list[int] = []

    def broken() -> dict[str, Any]:
        calls.append(1)
        raise OSError("no audio device")

    player = SoundPlayer()
    monkeypatch.setattr(player, "_load", broken)
    player.play("swap")
    player.play("win")
    assert player.failed == "OSError: no audio device" and calls == [1]   # probed once, then silent


# -- messages, menus, HUD ------------------------------------------------------------------
def test_rejected_swap_message_names_the_levels_min_match(window: Any) -> None:
    view = open_view(window, level("fours-only"), speed="fast")
    assert view.level.rules.min_match == 4
    swap = _rejected_swap(view)
    click(window, centre(view, swap.a))
    click(window, centre(view, swap.b))
    assert view.toast.message == "No line of four there: the tiles go back."


def test_playtest_tab_leaves_from_the_pause_and_result_menus(window: Any) -> None:
    import arcade

    left: list[Any] = []
    view = open_view(window, first_level_of("match3"), playtest=True, on_leave=left.append)
    press_key(window, arcade.key.ESCAPE)
    assert view.pause_menu is not None
    press_key(window, arcade.key.TAB)
    assert [o.action for o in left] == ["editor"]
    view = _play_replay(window, "first-swap", playtest=True, on_leave=left.append)
    assert view.result_menu is not None
    press_key(window, arcade.key.TAB)
    assert [o.action for o in left] == ["editor", "editor"] and left[-1].status == "won"


def test_hud_stars_of_a_won_collect_level_match_the_result(window: Any) -> None:
    from game.core import stars
    from game.core.goals import star_thresholds

    # A chain collect level (its stars count moves left; match3 levels' count points, the finale's).
    lv = level("triangle-picking")
    assert lv.goals.score is None and lv.stars is None and lv.goals.collect
    view = _play_replay(window, "triangle-picking")
    assert view.state.status == "won"
    assert star_thresholds(view.state) is None
    on = sum(1 for s in view.result_stars if s.texture is view.result_stars[0].texture)
    assert stars(view.state) == on == view.hud.lit >= 1
    lit = [s.texture for s in view.hud.stars]
    assert [t is view.result_stars[0].texture for t in lit] == [n < on for n in range(len(lit))]


def test_hud_stars_light_by_core_thresholds_while_playing(window: Any) -> None:
    from dataclasses import replace

    from game.core import StarTargets, StarUnit, new_game, star_targets, star_thresholds, stars_reached

    # A collect level without star scores (chain: match3 levels' stars count the finale's points):
    # its stars count moves left, a win now would give 3 (14 moves: the marks are win, 4 left and
    # 7 left), and fewer as the moves run down.
    harvest = new_game(level("across-the-field"), 7)
    assert star_thresholds(harvest) is None and stars_reached(harvest, 0) == 3
    assert star_targets(harvest.level) == StarTargets(StarUnit.MOVES_LEFT, (0, 4, 7))
    assert [stars_reached(replace(harvest, moves=m)) for m in (7, 8, 10, 11, 14)] == [3, 2, 2, 1, 1]
    harvest_view = open_view(window, level("across-the-field"), speed="instant")
    assert [m.text for m in harvest_view.hud.star_marks] == ["win", "4 left", "7 left"]
    nine = open_view(window, level("nine-tiles"), speed="instant")       # slide: moves, not points
    assert [m.text for m in nine.hud.star_marks] == ["≤60", "≤40", "≤30"]   # 26 is the fewest
    for hud in (harvest_view.hud, nine.hud):               # each mark clear of the next one
        marks = hud.star_marks
        assert all(a.x + a.content_width / 2 < b.x - b.content_width / 2 for a, b in zip(marks, marks[1:]))
    marked = new_game(replace(level("free-play"), stars=(10, 20, 30)), 7)
    assert [stars_reached(marked, s) for s in (9, 10, 25, 30, 99)] == [0, 1, 2, 3, 3]
    view = open_view(window, level("free-play"), speed="instant")
    marks = star_thresholds(view.state)
    assert marks is not None and marks == view.level.stars   # the lab's (gridfall playtest --stars)
    a, b, c = marks
    assert [stars_reached(view.state, s) for s in (0, a - 1, a, b + 1, c, 99999)] == [0, 0, 1, 2, 3, 3]
    view.hud.set_score(b + 1)
    assert view.hud.lit == 2 and [m.text for m in view.hud.star_marks] == [str(a), str(b), str(c)]


def test_score_run_says_what_to_do_under_goals(window: Any) -> None:
    view = open_view(window, level("free-play"))
    assert not view.level.goals.collect and view.level.goals.score is None
    view.on_draw()
    assert view.hud.no_goal.text == "Use all 15 moves"
    assert view.hud.no_goal.y < view.hud.goals_title.y
    endless = Level.from_dict({"format": 1, "id": "endless", "name": "Endless", "mode": "match3",
                               "width": 6, "height": 6, "kinds": 5})
    view = open_view(window, endless)
    assert view.hud.no_goal.text == "Endless: no goal"
    with_goal = open_view(window, first_level_of("match3"))
    assert with_goal.hud.no_goal.text == ""


def test_colour_blind_setting_draws_the_colour_blind_tiles(window: Any) -> None:
    from game.ui import textures

    lv = first_level_of("match3")
    views = {}
    for cb in (False, True):
        view = open_with(window, lv, Settings(colorblind=cb))
        # Not kind 1: its ring is hollow, so its centre shows the board behind it.
        cell, sprite = next((c, sp) for c, sp in sorted(view.board.by_cell.items()) if view.state.at(c) > 1)
        kind = view.state.at(cell)
        assert sprite.texture is textures.fitted(textures.kind(kind, colorblind=cb), view.board.tile_px)
        image = shot(window, view, ROOT / "tests" / "screenshots" / f"play_colorblind_{cb}.png")
        x, y = view.board.center(cell)
        views[cb] = image.getpixel((int(x), int(window.height - y)))[:3]
    assert views[True] != views[False], "the tile centre looks the same in both palettes"


def test_the_pause_menu_is_the_menu_screens_kit_and_its_focus_ring_follows_the_keys(
        window: Any, screenshot_dir: pathlib.Path) -> None:
    """The overlay's buttons are the menu screens' widgets: the same gold focus ring and hover
    colour as the title screen, moved by the arrow keys."""
    import arcade

    from game.ui.screens import style
    from game.ui.screens.widgets import Widget

    view = open_view(window, level("first-swap"), speed="instant")
    press_key(window, arcade.key.ESCAPE)
    menu = view.pause_menu
    assert menu is not None and all(isinstance(b.widget, Widget) for b in menu.buttons)

    def ring_colour_above(index: int) -> tuple[int, ...]:
        image = shot(window, view, screenshot_dir / f"pause_focus_{index}.png")
        rect = menu.buttons[index].rect
        # The ring runs a few pixels above the button: its strongest pixel there.
        column = [tuple(image.getpixel((int(rect.center[0]), int(window.height - rect.top - dy)))[:3])
                  for dy in range(1, 8)]
        return max(column, key=sum)

    def near(got: tuple[int, ...], want: tuple[int, ...]) -> bool:
        return sum(abs(a - b) for a, b in zip(got, want)) < 60

    assert near(ring_colour_above(0), style.FOCUS[:3]) and not near(ring_colour_above(1), style.FOCUS[:3])
    press_key(window, arcade.key.DOWN)
    assert menu.focus == 1
    assert near(ring_colour_above(1), style.FOCUS[:3]) and not near(ring_colour_above(0), style.FOCUS[:3])
    assert menu.buttons[1].widget is not None and menu.buttons[1].widget.focused


def test_the_hud_moves_with_each_event_of_a_cascade_not_at_its_end(window: Any) -> None:
    from game.core import Cleared, swap_clears

    lv = level("ring-harvest")                           # collect 18 rings in 13 moves
    view = open_view(window, lv, seed=lv.play_seed)
    state = view.state
    swap = next(c for c in legal_commands(state) if any(k == 1 for _, k in swap_clears(state, c)))
    seen: list[tuple[str, str, bool]] = []
    events = []
    original = view._on_event

    frame = [0]
    cleared_at: list[int] = []

    def spy(event: Any) -> None:
        original(event)
        events.append(event)
        seen.append((view.hud.moves.text, view.hud.goal_texts[0].text, view.busy))
        if isinstance(event, Cleared):
            cleared_at.append(frame[0])

    view._on_event = spy
    view.board.animator.finish()
    assert view.submit(swap)
    counted_at = None
    for frame[0] in range(1, 1200):
        view.on_update(DT)
        if counted_at is None and view.hud.goal_texts[0].text != "0 / 18":
            counted_at = frame[0]
        if not view.busy and not view.fliers.flying:
            break
    # During the batch (busy), the moves left already dropped.
    during = [s for s in seen if s[2]]
    assert during and during[0][0] == "Moves left 12"
    # The rings count as their tiles reach the counter, a flight after their clear: not when the
    # whole cascade ends, however long it runs.
    from game.ui.fliers import FLIGHT, MAX_PER_CLEAR, STAGGER

    assert cleared_at and counted_at is not None
    assert counted_at - cleared_at[0] <= (FLIGHT + STAGGER * MAX_PER_CLEAR) / DT + 2
    assert view.hud.moves.text == "Moves left 12"


def test_the_button_bar_gives_the_mouse_every_control(window: Any, screenshot_dir: pathlib.Path) -> None:
    view = open_view(window, level("falling-luck"), speed="instant")
    bar = {b.key: b for b in view.bar.buttons}
    assert set(bar) == {"pause", "hint", "undo", "redo"}
    image = shot(window, view, screenshot_dir / "play_button_bar.png")
    for b in bar.values():                              # each button's face is seen at its place
        left, middle = b.rect.left, b.rect.center[1]
        assert not near(pixel(image, left + 4, middle), pixel(image, left - 4, middle), 12), b.key
    click(window, bar["hint"].rect.center)
    hinted = view.hint_command
    assert hinted in legal_commands(view.state)
    assert view.submit(hinted)
    settle(view)
    click(window, bar["undo"].rect.center)   # match3's first undo says what it costs
    assert view.session.commands == [hinted]
    click(window, bar["undo"].rect.center)
    assert view.session.commands == []
    click(window, bar["redo"].rect.center)
    assert view.session.commands == [hinted]
    click(window, bar["pause"].rect.center)
    assert view.pause_menu is not None
    # The legend above no longer breaks an item over two lines.
    assert "\n" in view.hud.help.text and all(len(line) < 32 for line in view.hud.help.text.split("\n"))
    # In a narrow window the labels shrink all alike, each whole inside its button.
    try:
        view.on_resize(960, 700)
        texts = [b.text for b in view.bar.buttons]
        assert len({t.font_size for t in texts}) == 1 and texts[0].font_size < 13
        assert all(b.text.content_width <= b.rect.width - 8 and "…" not in b.text.text for b in view.bar.buttons)
        # At the smallest window the legend wraps onto a third line: the buttons stay above it.
        view.on_resize(960, 640)
        assert view.bar.rect.bottom >= view.hud.help.y + view.hud.help.content_height
    finally:
        view.on_resize(window.width, window.height)


def test_messages_speak_to_the_player_beside_the_board_and_go_when_done(window: Any,
                                                                        screenshot_dir: pathlib.Path) -> None:
    view = open_view(window, first_level_of("slide"))
    gap = _gap(view)
    far = next((r, c) for r in range(view.state.height) for c in range(view.state.width)
               if abs(r - gap[0]) + abs(c - gap[1]) > 1)
    click(window, centre(view, far))
    assert view.toast.message == "Only a tile beside the gap can slide." and view.toast.error
    rect = view.board.layout.rect
    assert rect.left <= view.toast.text.x <= rect.right     # beside the board, not the sidebar
    image = shot(window, view, screenshot_dir / "play_toast.png")
    assert_refusal_seen(window, view, image)
    beside = next(c for c in ((gap[0] - 1, gap[1]), (gap[0] + 1, gap[1]), (gap[0], gap[1] - 1), (gap[0], gap[1] + 1))
                  if 0 <= c[0] < view.state.height and 0 <= c[1] < view.state.width)
    click(window, centre(view, beside))                  # a good move: the refusal is done with
    assert view.session.commands and view.toast.message == ""
    view.say("Welcome back")
    assert not view.toast.error
    for _ in range(200):
        view.on_update(DT)
    assert view.toast.message == ""                      # and news fades on its own
    # A chain too short counts the tiles it eats, not the token's cell.
    chain_view = open_view(window, first_level_of("chain", player=True))
    state = chain_view.state
    one = next(c for c in legal_commands(state)[0].path[1:2])
    assert not chain_view.submit(Chain((state.player, one)))
    eats = state.level.rules.min_chain - 1
    assert chain_view.toast.message == f"Too short: a chain eats at least {eats} tiles."


def test_a_move_made_while_the_board_moves_waits_and_then_plays(window: Any) -> None:
    view = open_view(window, first_level_of("match3"), seed=11)
    first = legal_commands(view.state)[0]
    assert view.submit(first) and view.busy
    final = view.state                                  # the board the batch will settle on
    second = legal_commands(final)[0]
    (ax, ay), (bx, by) = centre(view, second.a), centre(view, second.b)
    drag(window, [(ax, ay), (bx, by)])                  # during the animation
    assert view.queued == second and view.session.commands == [first]
    settle(view)
    assert view.session.commands[:2] == [first, second] and view.queued is None
    settle(view)
    assert_board_shown(view)


def test_a_quick_flick_of_a_third_of_a_tile_swaps(window: Any) -> None:
    view = open_view(window, first_level_of("match3"), seed=11)
    swap = next(c for c in legal_commands(view.state) if c.a[1] + 1 == c.b[1])   # a swap to the right
    cell = view.board.layout.cell
    ax, ay = centre(view, swap.a)
    start = (ax - cell * 0.3, ay)                       # pressed left of the tile's centre
    drag(window, [start, (start[0] + cell * 0.34, ay)])  # a third of a tile to the right
    assert view.session.commands == [swap]


def test_a_flick_too_quick_for_any_drag_event_still_swaps(window: Any) -> None:
    view = open_view(window, first_level_of("match3"), seed=11)
    swap = next(c for c in legal_commands(view.state) if c.a[0] + 1 == c.b[0])   # a swap downward
    cell = view.board.layout.cell
    ax, ay = centre(view, swap.a)
    # Press and release a third of a tile apart, nothing reported between (a fast flick).
    send(window, "on_mouse_press", int(ax), int(ay), LEFT, 0)
    send(window, "on_mouse_release", int(ax), int(ay - cell * 0.34), LEFT, 0)
    assert view.session.commands == [swap]
    assert view.controller.selected is None                 # swapped, not left selected
    assert view.busy
    # Flicked again while the cascade still falls: the move waits for the board, then plays.
    then = next(c for c in legal_commands(view.state) if c.a[1] + 1 == c.b[1])
    bx, by = centre(view, then.a)
    send(window, "on_mouse_press", int(bx), int(by), LEFT, 0)
    send(window, "on_mouse_release", int(bx + cell * 0.34), int(by), LEFT, 0)
    assert view.queued == then and view.session.commands == [swap]
    settle(view)
    assert view.session.commands == [swap, then]
    settle(view)
    assert_board_shown(view)
    # A tap where it went down only selects.
    other = legal_commands(view.state)[0]
    tx, ty = centre(view, other.a)
    send(window, "on_mouse_press", int(tx), int(ty), LEFT, 0)
    send(window, "on_mouse_release", int(tx) + 2, int(ty), LEFT, 0)
    assert view.session.commands == [swap, then] and view.controller.selected == other.a


@pytest.mark.parametrize("stroke", ["straight", "diagonal"])
def test_a_fast_chain_stroke_keeps_every_cell_it_crossed(window: Any, stroke: str) -> None:
    lv = Level.from_dict({"format": 1, "id": "fast", "name": "Fast", "mode": "chain",
                          "width": 4, "height": 4, "kinds": 4, "moves": 10,
                          "layout": ["P 1 1 1", "2 2 3 4", "3 4 2 3", "4 3 4 2"]})
    view = open_view(window, lv)
    path = [(0, 0), (0, 1), (0, 2), (0, 3)] if stroke == "straight" else [(0, 0), (1, 1), (2, 2), (3, 3)]
    (x0, y0), (x1, y1) = centre(view, path[0]), centre(view, path[-1])
    send(window, "on_mouse_press", int(x0), int(y0), LEFT, 0)
    # One drag event three cells on: the pointer skipped the cells between.
    send(window, "on_mouse_drag", int(x1), int(y1), int(x1 - x0), int(y1 - y0), LEFT, 0)
    assert view.controller.path == path
    send(window, "on_mouse_release", int(x1), int(y1), LEFT, 0)
    assert view.session.commands == [Chain(tuple(path))]
    settle(view)
    assert view.state.player == path[-1]


def test_reduced_motion_and_large_text_settings(window: Any, screenshot_dir: pathlib.Path) -> None:
    settings = Settings(reduced_motion=True, text_size="large")
    from game.ui.play_view import PlayView

    lv = first_level_of("match3")
    view = PlayView(lv, seed=7, settings=settings)
    window.show_view(view)
    view.on_update(DT)
    assert view.board.animator.speed == 0.0                 # every move shown at once
    swap = _rejected_swap(view)
    click(window, centre(view, swap.a))
    click(window, centre(view, swap.b))
    sprite = view.board.by_cell[swap.a]
    for _ in range(4):
        view.on_update(DT)
        assert sprite.position == pytest.approx(centre(view, swap.a), abs=0.5)   # no wobble, no sweep
    good = legal_commands(view.state)[0]
    assert view.submit(good)
    view.on_update(DT)
    assert len(view.board.effects) == 0                     # no sparks
    settle(view)
    # Large text: the HUD's and the toast's words are a quarter bigger than the default.
    plain = open_view(window, lv)
    assert view.hud.score.font_size == round(plain.hud.score.font_size * 1.25)
    assert view.toast.text.font_size > plain.toast.text.font_size
    plain.say("Only a tile beside the gap can slide.", error=True)
    small = assert_refusal_seen(window, plain, shot(window, plain, screenshot_dir / "play_default_text.png"))
    window.show_view(view)
    view.say("Only a tile beside the gap can slide.", error=True)
    large = assert_refusal_seen(window, view, shot(window, view, screenshot_dir / "play_large_text.png"))
    assert large > 1.3 * small                              # the same words, seen bigger


def test_the_result_counts_the_score_up_and_lands_the_stars_one_by_one(window: Any,
                                                                       screenshot_dir: pathlib.Path) -> None:
    from game.ui.play_view import RESULT_SHOWN, SCORE_COUNT_SECONDS, STAR_GAP

    lv = level("first-swap")
    view = open_view(window, lv, seed=lv.play_seed, speed="instant")
    replay = load_replay(shipped_proof("first-swap"))
    for command in replay.commands:
        assert view.submit(command)
        settle(view)
    assert view.result_menu is not None
    score = view.state.score
    counted: list[int] = []
    sizes: list[list[float]] = []
    t = 0.0
    while t < RESULT_SHOWN + 0.1:
        counted.append(int(view.result_menu.lines[0].text.split()[1].replace(",", "")))
        sizes.append([s.scale_x for s in view.result_stars])
        if abs(t - (SCORE_COUNT_SECONDS + STAR_GAP * 1.5)) < DT / 2:
            image = shot(window, view, screenshot_dir / "play_result_landing.png")
            # Mid-landing: the stars up so far are seen on the card, the rest not yet.
            up = [s for s in view.result_stars if s.scale_x > 0]
            assert 0 < len(up) < 3 and all(sprite_seen(image, s) for s in up)
        view.on_update(DT)
        t += DT
    assert counted[0] < score and counted == sorted(counted) and counted[-1] == score
    # Star 1 is up before star 2 starts, star 2 before star 3: one by one.
    first_up = [next(i for i, row in enumerate(sizes) if row[k] > 0) for k in range(3)]
    assert first_up[0] < first_up[1] < first_up[2]
    assert all(sz > 0 for sz in sizes[-1])


def test_a_won_board_is_on_show_for_a_moment_before_the_result_covers_it(window: Any) -> None:
    from game.ui.play_view import RESULT_PAUSE

    lv = level("slide-in")
    view = open_view(window, lv, seed=lv.play_seed)
    replay = load_replay(shipped_proof("slide-in"))
    for command in replay.commands:
        assert view.submit(command)
        while view.board.busy:
            view.on_update(DT)
    assert view.state.status == "won"
    assert view.result_menu is None and view.busy        # the solved board, uncovered
    shown = 0.0
    while view.result_menu is None:
        view.on_update(DT)
        shown += DT
    assert RESULT_PAUSE - 2 * DT <= shown <= RESULT_PAUSE + 2 * DT


def test_a_cascade_sounds_higher_with_each_clear(window: Any) -> None:
    from game.core import Cleared, Session

    rec = Recorder()
    # A board made for it: swapping 3,2 down makes a row of 1s; the tiles above fall into a
    # row of 2s, a second clear however the new tiles are dealt.
    lv = Level.from_dict({"format": 1, "id": "cascade", "name": "Cascade", "mode": "match3",
                          "width": 5, "height": 5, "kinds": 4, "moves": 10,
                          "layout": ["4 1 3 1 2", "1 3 4 2 3", "3 2 2 4 1", "1 1 3 2 4", "2 4 1 3 2"]})
    combo = Swap((3, 2), (4, 2))
    seed = 7
    assert sum(isinstance(e, Cleared) for e in Session.replay(lv, seed, [combo]).batches[-1]) >= 2
    view = open_with(window, lv, Settings(animation_speed="fast", sound=True), seed=seed, sounds=rec)
    assert view.submit(combo)
    settle(view)
    clears = [p for n, p in zip(rec.played, rec.pitches) if n == "clear"]
    assert len(clears) >= 2 and clears == sorted(clears) and clears[0] == 1.0 and clears[-1] > 1.0


def test_the_keyboard_cursor_and_the_mouse_ring_never_show_at_once(window: Any) -> None:
    import arcade

    view = open_view(window, first_level_of("match3"))
    rings = view.board._rings
    send(window, "on_mouse_motion", *map(int, centre(view, (1, 1))), 1, 1)
    assert rings["hover"].visible
    press_key(window, arcade.key.RIGHT)
    assert rings["cursor"].visible and not rings["hover"].visible
    send(window, "on_mouse_motion", *map(int, centre(view, (2, 2))), 1, 1)
    assert rings["hover"].visible and not rings["cursor"].visible
    press_key(window, arcade.key.DOWN)                  # the cursor moves on from where it was
    assert rings["cursor"].visible and not rings["hover"].visible


def test_a_chain_being_drawn_shows_what_it_would_score(window: Any, screenshot_dir: pathlib.Path) -> None:
    from game.core import Scored

    view = open_view(window, first_level_of("chain", player=True))
    chain = legal_commands(view.state)[0]
    path = list(chain.path)
    (x0, y0) = centre(view, path[0])
    send(window, "on_mouse_press", int(x0), int(y0), LEFT, 0)
    for cell in path[1:]:
        x, y = centre(view, cell)
        send(window, "on_mouse_drag", int(x), int(y), 1, 1, LEFT, 0)
    label = view.board._path_label.text
    image = shot(window, view, screenshot_dir / "play_chain_preview.png")
    # The score is written above the chain's end, in the label's gold.
    t = view.board._path_label
    box = (int(t.left), window.height - int(t.top), int(t.right), window.height - int(t.bottom))
    gold = t.color[:3]
    assert sum(1 for p in image.convert("RGB").crop(box).getdata() if near(p, gold, 40)) > 20, "no score seen"
    send(window, "on_mouse_release", int(x), int(y), LEFT, 0)
    scored = sum(e.points for e in view.session.batches[-1] if isinstance(e, Scored))
    assert label == f"+{scored:,}" and scored > 0
    assert view.board._path_label.text == ""            # committed: the preview goes


def test_collected_tiles_fly_to_their_counter_which_swells_as_they_land(window: Any) -> None:
    from game.core import swap_clears
    from game.ui import textures

    lv = level("ring-harvest")                               # collect 18 rings
    view = open_view(window, lv, seed=lv.play_seed)
    state = view.state
    swap = next(c for c in legal_commands(state) if any(k == 1 for _, k in swap_clears(state, c)))
    rings = sum(1 for _, k in swap_clears(state, swap) if k == 1)
    counter = view.hud.collect_counters()[1]
    rest = counter.scale_x
    assert view.submit(swap)
    for _ in range(300):
        view.on_update(DT)
        if view.fliers.flying:
            break
    flying = list(view.fliers.sprites)
    assert 1 <= len(flying) <= min(rings, 6) and all(s.texture == textures.kind(1) for s in flying)

    def counted() -> int:
        return int(view.hud.goal_texts[0].text.split(" /")[0])

    assert counted() == state.collected[0]           # a tile counts when it reaches its counter
    far = [math.dist(s.position, counter.position) for s in flying]
    for _ in range(10):
        view.on_update(DT)
    assert all(math.dist(s.position, counter.position) < d for s, d in zip(flying, far))   # on their way
    swelled = False
    seen = [counted()]
    for _ in range(300):
        view.on_update(DT)
        swelled = swelled or counter.scale_x > rest * 1.05
        seen.append(counted())
        if not view.fliers.flying and not view.fliers.animator.busy and not view.busy:
            break
    for _ in range(30):
        view.on_update(DT)
    assert swelled and not view.fliers.flying and counter.scale_x == pytest.approx(rest)
    # The counter went up step by step as the tiles landed, to the core's count.
    assert seen == sorted(seen) and len(set(seen)) > 2 and counted() == view.state.collected[0]
    # Reduced motion: nothing flies, the counter just counts.
    from game.ui.play_view import PlayView

    calm = PlayView(lv, seed=lv.play_seed, settings=Settings(reduced_motion=True))
    window.show_view(calm)
    calm.close_goals()
    assert calm.submit(swap)
    for _ in range(600):
        calm.on_update(DT)
        assert not calm.fliers.flying
        if not calm.busy:
            break
    assert calm.hud.goal_texts[0].text.startswith(f"{calm.state.collected[0]} /")


def test_a_wins_moves_left_count_down_into_points_before_the_result(window: Any) -> None:
    replay = load_replay(shipped_proof("ring-harvest"))
    view = open_view(window, level(replay.level), seed=replay.seed)
    for command in replay.commands[:-1]:
        assert view.submit(command)
        settle(view)
    assert view.submit(replay.commands[-1])
    seen: list[tuple[int, int]] = []
    for _ in range(2000):
        view.on_update(DT)
        text = view.hud.moves.text
        seen.append((int(text.rsplit(" ", 1)[1]), view.hud.shown_score))
        if view.result_menu is not None:
            break
    state = view.state
    assert state.status == "won" and view.result_menu is not None
    left = state.level.moves - state.moves
    lefts = [n for n, _ in seen]
    assert left > 1 and left in lefts and lefts[-1] == 0                     # from the moves left down to 0
    assert all(a >= b for a, b in zip(lefts[lefts.index(left):], lefts[lefts.index(left) + 1:]))
    assert len(set(lefts[lefts.index(left):])) > 2                          # one by one, not at once
    assert seen[-1][1] == state.score                                        # the score ends on the state's
    # ... as a bonus: labelled so and gold, not the warning colour of a game running out of moves.
    assert view.hud.moves.text.startswith("Bonus") and tuple(view.hud.moves.color) == (255, 204, 64, 255)


def test_the_play_screen_has_the_menus_night_sky_and_faint_grid(window: Any) -> None:
    import arcade

    from game.ui.screens import style
    from test_shell import near, pixel

    view = open_view(window, level("ring-harvest"))
    view.close_goals()
    view.on_draw()
    image = arcade.get_image(0, 0, window.width, window.height).convert("RGB")
    board = view.board.layout.rect
    x, y = board.right + 30 + 0.5, board.center[1] + 20   # beside the board, off the grid's lines
    x = x - (x % 64) + 32
    assert near(pixel(window, image, x, y), style.PLAY_BG[:3], 8)
    line = pixel(window, image, x + 32, y)                    # on a grid line: a touch lighter
    assert sum(line) > sum(style.PLAY_BG[:3]) and near(line, style.PLAY_BG[:3], 12)


def test_stars_light_only_when_earned_and_a_points_bar_fills_toward_the_marks(window: Any) -> None:
    from game.core import stars_earned

    collect = Level.from_dict({"format": 1, "id": "harvest", "name": "Harvest", "mode": "match3",
                               "width": 7, "height": 7, "kinds": 5, "moves": 12, "goals": {"collect": {1: 9}}})
    view = open_view(window, collect, seed=3)
    assert view.hud.lit == 0 and view.hud.bar is None        # a moves-left level: earned by winning only
    points = Level.from_dict({"format": 1, "id": "points", "name": "Points", "mode": "match3",
                              "width": 7, "height": 7, "kinds": 5, "moves": 12, "goals": {"score": 200}})
    view = open_view(window, points, seed=3)
    assert view.hud.lit == 0 and view.hud.bar is not None and view.hud.bar_fill() == 0.0
    while view.state.status == "playing" and view.state.score < 200:
        assert view.submit(legal_commands(view.state)[0])
        settle(view)
    assert view.hud.lit == stars_earned(view.state) >= 1
    assert view.hud.bar_fill() == min(1.0, view.hud.shown_score / 400)


def test_a_daily_title_stays_on_one_line_and_a_long_name_still_wraps(window: Any) -> None:
    daily = Level.from_dict({"format": 1, "id": "daily", "name": "Daily · 26 Nov 2026", "mode": "match3",
                             "width": 7, "height": 7, "kinds": 5, "moves": 12, "goals": {"score": 900}})
    view = open_view(window, daily)
    name = view.hud.name
    assert not name.multiline and name.content_width <= view.hud.rect.width - 40
    assert name.content_height < 1.5 * name.font_size * 1.6      # one line
    long = Level.from_dict({**daily.to_dict(), "name": "A very long level name that no single line can hold"})
    view = open_view(window, long)
    assert view.hud.name.multiline and view.hud.name.font_size == 22


def test_picking_a_special_shows_the_cells_it_will_clear(window: Any) -> None:
    lv = Level.from_dict({"format": 1, "id": "picks", "name": "Picks", "mode": "match3", "width": 7, "height": 7,
                          "kinds": 5, "moves": 9, "goals": {"score": 5000},
                          "layout": [". . . . . . .", ". . 5h . . . .", ". . . . . . .", ". . . . . . .",
                                     ". . . 2b . . .", ". . . . . . .", ". . . . . . ."]})
    view = open_view(window, lv)
    click(window, view.board.center((1, 2)))                  # a row special: its whole row
    marks = {view.board.cell_at(*m.position) for m in view.board._blast_marks}
    assert marks == {(1, c) for c in range(7)}
    click(window, view.board.center((4, 3)))                  # not a neighbour: the bomb is picked instead
    marks = {view.board.cell_at(*m.position) for m in view.board._blast_marks}
    assert marks == {(r, c) for r in (3, 4, 5) for c in (2, 3, 4)}
    click(window, view.board.center((4, 3)))                  # picked again: let go, nothing shown
    assert view.board._blast_marks == []
    click(window, view.board.center((0, 0)))                  # a plain tile: nothing to show
    assert view.board._blast_marks == []
