"""Specials with weight and the finale on screen, as a player meets them with real input: the hold
before a special fires, the board's shake, the particles, the cascade counter, each special's and
combo's sound, "Bonus!" while the moves left fire as lines, each paying its worth over its tile,
a click or a key that skips to the end, and none of the motion with reduced motion."""

from __future__ import annotations

import pathlib
from typing import Any

import arcade

from game.core import (
    BonusScored, Created, Detonated, Event, FinaleBegan, Level, MoveTurned, Special, Status, Swap, fold,
    legal_commands,
)
from game.io import find_pack
from game.io.pack_proofs import shipped_proof
from game.io.paths import assets_dir
from game.io.replay import load_replay
from game.io.settings import Settings
from game.ui.board_timing import ANTICIPATE
from game.ui.hud import STAR_GOLD, bonus_text
from looks import near, text_seen

DT = 1 / 60
LEFT = 1

# A bomb at (2,0) and a row line at (2,1) side by side: swapped, they go off together (a combo).
COMBO = Level.from_dict({
    "format": 1, "id": "combo", "name": "Combo", "mode": "match3", "width": 6, "height": 6, "kinds": 5,
    "moves": 5, "goals": {"score": 100000},
    "layout": [". . . . . .", ". . . . . .", "1b 2h . . . .", ". . . . . .", ". . . . . .", ". . . . . ."],
})


class Recorder:
    """A sound player that only remembers what it was asked to play."""

    def __init__(self) -> None:
        self.played: list[tuple[str, float]] = []

    def play(self, name: str, pitch: float = 1.0) -> None:
        self.played.append((name, pitch))


def open_view(window: Any, lv: Level, seed: int, settings: Settings, **kw: Any) -> Any:
    from game.ui.play_view import PlayView

    view = PlayView(lv, seed=seed, settings=settings, **kw)
    window.show_view(view)
    window.dispatch_events()
    view.on_update(DT)
    return view


def send(window: Any, name: str, *args: Any) -> None:
    window.dispatch_event(name, *args)
    window.dispatch_events()


def shot(window: Any, view: Any, path: pathlib.Path) -> Any:
    view.on_draw()
    image = arcade.get_image(0, 0, window.width, window.height)
    path.parent.mkdir(parents=True, exist_ok=True)
    image.save(path)
    return image


def watching(view: Any) -> list[tuple[int, Event]]:
    """The events the board tells as it plays them, each with the frame it was told on."""
    told: list[tuple[int, Event]] = []
    inner = view._on_event

    def spy(event: Event) -> None:
        told.append((view.frame_no, event))
        inner(event)
    view._on_event = spy
    view.frame_no = 0
    return told


def step(view: Any, frames: int = 1) -> None:
    for _ in range(frames):
        view.on_update(DT)
        view.frame_no = getattr(view, "frame_no", 0) + 1


def until(view: Any, done: Any, limit: int = 3000) -> None:
    for _ in range(limit):
        if done():
            return
        step(view)
    raise AssertionError("never happened")


def first_swap(window: Any, settings: Settings, **kw: Any) -> tuple[Any, Swap]:
    """First Swap as a player is dealt it; its proof's one move wins with 9 moves to spare."""
    replay = load_replay(shipped_proof("first-swap"))
    lv = find_pack("first-steps").level("first-swap")
    command = replay.commands[0]
    assert isinstance(command, Swap)
    return open_view(window, lv, replay.seed, settings, **kw), command


def test_the_finale_plays_on_the_board_and_a_click_skips_to_its_end(window: Any, screenshot_dir: pathlib.Path) -> None:
    view, move = first_swap(window, Settings(animation_speed="normal"))
    told = watching(view)
    assert view.submit(move)
    final = view.state
    assert final.status == Status.WON
    until(view, lambda: any(isinstance(e, MoveTurned) for _, e in told))
    # "Bonus!" over the board, the moves left counting down as each becomes a line.
    assert view.board.effects.banner.text.text == "Bonus!" and view.board.effects.banner.alpha > 0
    turned = [e for _, e in told if isinstance(e, MoveTurned)]
    # A won game's moves left are its bonus: gold, never the warning colour of a game running out.
    assert view.hud.moves.text == bonus_text(turned[-1].moves_left)
    assert tuple(view.hud.moves.color) == STAR_GOLD
    until(view, lambda: sum(isinstance(e, MoveTurned) for _, e in told) >= 3)
    step(view, 8)
    image = shot(window, view, screenshot_dir / "impact_finale_mid.png").convert("RGB")
    assert view.board.busy and view.result_menu is None
    # "Bonus!" is seen over the board, in its gold.
    t = view.board.effects.banner.text
    box = (int(t.left), window.height - int(t.top), int(t.right), window.height - int(t.bottom))
    gold = view.board.effects.banner.base
    assert sum(1 for p in image.crop(box).getdata() if near(p, gold, 40)) > 50, "no Bonus! seen"
    # A click on the board skips the rest: the final board, the final score, at once.
    x, y = view.board.layout.rect.center
    send(window, "on_mouse_press", int(x), int(y), LEFT, 0)
    send(window, "on_mouse_release", int(x), int(y), LEFT, 0)
    assert not view.board.busy
    assert view.board.mismatches == [] and view.board.sprite_cells() == view.board.grid_cells(final.grid)
    assert view.hud.shown_score == final.score and view.hud.moves.text == bonus_text(0)
    assert view.state is final   # a skip shows the end; the game itself was decided by the core
    until(view, lambda: view.result_menu is not None, limit=200)
    # The result counts the score up to the game's own.
    until(view, lambda: f"Score {final.score:,}" in " ".join(line.text for line in view.result_menu.lines), limit=400)


def test_each_move_left_pays_its_worth_over_the_tile_its_line_is_made_on(
        window: Any, screenshot_dir: pathlib.Path) -> None:
    view, move = first_swap(window, Settings(animation_speed="normal"))
    told = watching(view)
    assert view.submit(move)
    final = view.state
    events = view.session.turns[-1].events
    won = fold(view.session.initial, events[:next(i for i, e in enumerate(events) if isinstance(e, FinaleBegan))])
    worth, left = won.score // won.moves, won.moves_left
    assert worth > 0 and left == 9
    until(view, lambda: any(isinstance(e, MoveTurned) for _, e in told))
    said = [e for _, e in told]
    turned = next(e for e in said if isinstance(e, MoveTurned))
    assert said[said.index(turned) - 1] == BonusScored(1, worth), "paid just before its line is made"
    # "+worth" rises from the tile the line is made on; the score has it already.
    popup = next(p for p in view.board.effects.popups if p.text.text == f"+{worth}" and p.alpha > 0)
    x, y = view.board.center(turned.cell)
    assert popup.center_x == x and y <= popup.center_y <= y + view.board.layout.cell
    assert view.hud.shown_score >= won.score + worth and view.hud.shown_score == view.follower.shown.score
    # The moves left count down one a line, never all at once into a bonus counted apart.
    assert not view.hud.counting and view.hud.moves.text == bonus_text(left - 1)
    step(view, 4)
    image = shot(window, view, screenshot_dir / "impact_finale_worth.png")
    assert text_seen(image, popup.text), "the move's worth is seen over the board"
    send(window, "on_key_press", arcade.key.SPACE, 0)
    assert view.hud.shown_score == final.score and view.hud.moves.text == bonus_text(0)
    until(view, lambda: view.result_menu is not None, limit=200)
    lines = [line.text for line in view.result_menu.lines]
    assert f"Bonus moves {left} × {worth:,}  +{left * worth:,}" in lines, "the card says what the moves left paid"
    step(view, 120)
    shot(window, view, screenshot_dir / "impact_result_worth.png")


def test_a_key_skips_the_finale_too(window: Any) -> None:
    view, move = first_swap(window, Settings(animation_speed="normal"))
    told = watching(view)
    assert view.submit(move)
    until(view, lambda: any(isinstance(e, FinaleBegan) for _, e in told))
    send(window, "on_key_press", arcade.key.SPACE, 0)
    assert not view.board.busy and view.hud.shown_score == view.state.score


def test_a_special_holds_a_moment_before_it_fires_then_the_board_shakes(
        window: Any, screenshot_dir: pathlib.Path) -> None:
    view = open_view(window, COMBO, 3, Settings(animation_speed="normal"))
    board = view.board
    told = watching(view)
    assert view.submit(Swap((2, 0), (2, 1)))
    until(view, lambda: max(s.scale_x for s in board.by_cell.values()) > 1.1)
    swelled = view.frame_no
    assert not any(isinstance(e, Detonated) for _, e in told), "the wind-up comes before the blast"
    until(view, lambda: any(isinstance(e, Detonated) for _, e in told))
    fired = next(n for n, e in told if isinstance(e, Detonated))
    assert fired - swelled >= int(ANTICIPATE * 60 * 0.6), "a hold of 100-150 ms before it fires"
    assert ANTICIPATE * 1000 in range(100, 151)
    offsets: list[float] = []
    looked = False
    for _ in range(30):
        step(view)
        offsets.append(abs(board.effects.jolt.offset()[0]) + abs(board.effects.jolt.offset()[1]))
        if offsets[-1] >= 3 and not looked:   # the first frame shaken by 3 pixels or more
            _assert_board_seen_shaken(window, view, shot(window, view, screenshot_dir / "impact_shake.png"))
            looked = True
    assert max(offsets) > board.layout.cell * 0.05 and looked, "a combo's blast shakes the board"
    assert any(s.visible for s in board.effects.sprites), "particles fly"


def _assert_board_seen_shaken(window: Any, view: Any, image: Any) -> None:
    """The player sees the board off its place by the shake's offset: the frame is the same
    frame drawn at rest moved by that offset (nearer to it than to the board at rest)."""
    from PIL import ImageChops

    jolt = view.board.effects.jolt
    dx, dy = round(jolt.offset()[0]), round(jolt.offset()[1])
    assert (dx, dy) != (0, 0), "the board is not shaken at this frame"
    strength = jolt.strength
    jolt.strength = 0.0
    try:
        view.redraw.forget()
        view.on_draw()
        rest = arcade.get_image(0, 0, window.width, window.height)
    finally:
        jolt.strength = strength
    r = view.board.layout.rect
    # Inside the board, kept clear of its edges by more than the shake moves it.
    m = abs(dx) + abs(dy) + 4
    box = (int(r.left) + m, window.height - int(r.top) + m, int(r.right) - m, window.height - int(r.bottom) - m)
    seen = image.convert("RGB").crop(box)
    at_rest = rest.convert("RGB")
    moved = at_rest.crop((box[0] - dx, box[1] + dy, box[2] - dx, box[3] + dy))

    def apart(a: Any, b: Any) -> float:
        return sum(ImageChops.difference(a, b).convert("L").getdata()) / (a.width * a.height)
    assert apart(seen, moved) < 0.5 * apart(seen, at_rest.crop(box)), "the board is not drawn where its shake has it"


def test_the_shake_is_scaled_to_the_blast() -> None:
    from game.ui.board_effects import Effects

    class Host:
        reduced_motion = False
        mode = "match3"

        def __init__(self) -> None:
            from game.ui.layout import BoardLayout
            from game.ui.tween import Animator
            self.layout = BoardLayout.fit(9, 9, arcade.LBWH(0, 0, 450, 450), 50)
            self.animator = Animator()

        def center(self, cell: tuple[int, int]) -> tuple[float, float]:
            return self.layout.center_of(*cell)

    sizes = []
    for cells in (9, 25, 81):
        fx = Effects(Host())   # type: ignore[arg-type]
        fx.shake(cells)
        sizes.append(fx.jolt.amplitude)
    assert sizes[0] < sizes[1] < sizes[2] <= 0.22 * 50


def test_the_cascade_counter_climbs_and_its_sound_rises_step_by_step(window: Any) -> None:
    from game.ui.sound import combo_pitch

    rec = Recorder()
    # Three kinds and no specials: cascades come often.
    lv = Level.from_dict({"format": 1, "id": "falls", "name": "Falls", "mode": "match3", "width": 7, "height": 7,
                          "kinds": 3, "moves": 40, "goals": {"score": 10 ** 6}, "rules": {"specials": False}})
    view = open_view(window, lv, 2, Settings(animation_speed="fast", sound=True), sounds=rec)
    counter = view.board.effects.counter
    for _ in range(40):
        rec.played.clear()
        shown: list[str] = []
        told = watching(view)
        assert view.submit(legal_commands(view.state)[0])
        while view.busy:
            step(view)
            if counter.alpha > 200 and (not shown or shown[-1] != counter.text.text):
                shown.append(counter.text.text)
        if any(getattr(e, "combo", 1) >= 3 for _, e in told):
            break
    assert shown[:2] == ["x2", "x3"], "the counter climbs with the cascade"
    clears = [p for name, p in rec.played if name == "clear"]
    assert clears[:3] == [combo_pitch(1), combo_pitch(2), combo_pitch(3)] and clears[0] < clears[1] < clears[2]


def test_each_special_and_each_combo_has_a_sound_of_its_own(window: Any) -> None:
    from game.ui.sound import NAMES, combo_effect

    rec = Recorder()
    view = open_view(window, COMBO, 3, Settings(animation_speed="instant", sound=True), sounds=rec)
    assert view.submit(Swap((2, 0), (2, 1)))
    step(view, 2)
    names = [name for name, _ in rec.played]
    assert names[:2] == ["swap", "combo-line-bomb"] and "line" not in names[:3]
    pairs = {combo_effect(Special(a), Special(b)) for a in "hvb*" for b in "hvb*"}
    assert len(pairs) == 6 and pairs <= set(NAMES)   # every pair of kinds its own
    for name in ("line", "bomb", "rainbow", "bonus"):
        assert name in NAMES and (assets_dir() / "sounds" / f"{name}.wav").is_file()
    # The finale: its fanfare, then each move's line zips.
    rec.played.clear()
    view, move = first_swap(window, Settings(animation_speed="instant", sound=True), sounds=rec)
    assert view.submit(move)
    step(view, 2)
    names = [name for name, _ in rec.played]
    assert "bonus" in names and names.count("line") >= 9 and names[-1] == "win"


def test_reduced_motion_no_hold_no_shake_no_particles_and_the_finale_goes_straight_to_its_end(
        window: Any) -> None:
    view = open_view(window, COMBO, 3, Settings(animation_speed="normal", reduced_motion=True))
    board = view.board
    assert view.submit(Swap((2, 0), (2, 1)))
    while view.busy:
        step(view)
        assert board.effects.jolt.offset() == (0.0, 0.0)
        assert not any(s.visible for s in board.effects.sprites)
        assert max(s.scale_x for s in board.by_cell.values()) <= 1.0 + 1e-6
    view, move = first_swap(window, Settings(animation_speed="normal", reduced_motion=True))
    told = watching(view)
    assert view.submit(move)
    until(view, lambda: any(isinstance(e, FinaleBegan) for _, e in told))
    begun = next(n for n, e in told if isinstance(e, FinaleBegan))
    ended = [n for n, e in told if isinstance(e, (MoveTurned, Created))]
    assert ended and max(ended) == begun, "every finale event told at once"
    step(view, 2)
    assert not view.board.busy and view.board.effects.banner.alpha == 0
    assert view.board.mismatches == [] and view.hud.shown_score == view.state.score
