"""`gridfall record`: a replay or a bot's game through the real play view, offscreen, into a GIF."""

from __future__ import annotations

import pathlib
from typing import Any

from PIL import Image, ImageChops, ImageStat

from game.cli import main
from game.io.pack_proofs import shipped_proof
from game.io.paths import levels_dir
from game.ui.screens import style
from looks import near



def test_record_a_winning_replay_as_an_animated_gif(window: Any, tmp_path: pathlib.Path,
                                                    capsys: Any, screenshot_dir: pathlib.Path) -> None:
    out = tmp_path / "clip.gif"
    code = main(["record", str(shipped_proof("first-swap")), "--out", str(out), "--fps", "10"])
    said = capsys.readouterr().out
    assert code == 0, said
    assert "1 moves, won" in said
    clip = Image.open(out)
    assert clip.is_animated and clip.n_frames > 10
    assert clip.size == (640, 400)
    clip.seek(0)
    first = clip.convert("RGB")
    clip.seek(clip.n_frames - 1)
    last = clip.convert("RGB")
    last.save(screenshot_dir / "record_last_frame.png")
    assert ImageChops.difference(first, last).getbbox() is not None   # something moved
    # The clip ends on the won result: its card's title in white letters over the board's
    # middle, and the board beside it shaded (darker than in the first frame).
    w, h = clip.size
    title = last.crop((w // 2 - 100, int(h * 0.25), w // 2 + 100, int(h * 0.35)))
    assert sum(1 for p in title.getdata() if near(p, style.TEXT[:3], 30)) > 300, "no result card's title"
    beside = (w // 2 + 120, 0, w, h)
    assert ImageStat.Stat(last.crop(beside).convert("L")).mean[0] < \
        0.8 * ImageStat.Stat(first.crop(beside).convert("L")).mean[0], "the board is not shaded"
    # One palette, no dithering: what stays still (the key legend, bottom left) is the same
    # pixels frame after frame until the result dims the screen, so the file stays small.
    legend = (0, 340, 150, 400)
    still = 0
    for i in range(1, clip.n_frames):
        clip.seek(i)
        still += ImageChops.difference(first.crop(legend), clip.convert("RGB").crop(legend)).getbbox() is None
    assert still >= (clip.n_frames - 1) * 0.6, f"{still} of {clip.n_frames - 1} frames kept the legend still"


def test_record_a_bot_game_of_a_level_file_as_png_frames(window: Any, tmp_path: pathlib.Path,
                                                         capsys: Any) -> None:
    out = tmp_path / "frames"
    level = levels_dir() / "first-steps" / "token-walk.yaml"
    code = main(["record", str(level), "--bot", "--moves", "2", "--out", str(out), "--fps", "15",
                 "--speed", "fast"])
    said = capsys.readouterr().out
    assert code == 0, said
    assert "2 moves" in said
    frames = sorted(out.glob("frame_*.png"))
    assert len(frames) > 20
    assert Image.open(frames[0]).size == (640, 400)


def test_record_says_what_is_wrong_without_a_traceback(window: Any, tmp_path: pathlib.Path,
                                                       capsys: Any) -> None:
    code = main(["record", str(tmp_path / "missing.yaml"), "--out", str(tmp_path / "x.gif")])
    out = capsys.readouterr()
    said = out.out + out.err
    assert code == 1 and "missing.yaml: no such file" in said
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: 1\npack: first-steps\nlevel: no-such-level\nseed: 1\ncommands: []\n")
    code = main(["record", str(bad), "--out", str(tmp_path / "x.gif")])
    out = capsys.readouterr()
    said = out.out + out.err
    assert code == 1 and "no-such-level" in said and "Traceback" not in said


def test_a_clip_frame_drawn_at_half_size_looks_like_the_window_shrunk(window: Any) -> None:
    """The recorder draws the board at the clip's size and keeps the side panel drawn full size
    and shrunk: a frame looks as the window does, shrunk (each 2x2 block averaged)."""
    import arcade

    from game.cli.record import _frame_drawer
    from game.io import find_pack
    from game.io.settings import Settings
    from game.ui.play_view import PlayView

    level = {lv.id: lv for lv in find_pack("sweet-mechanics").levels}["hard-rock"]
    view = PlayView(level, seed=4, settings=Settings(sound=False))
    window.show_view(view)
    window.dispatch_events()
    view.on_update(1 / 60)
    view.redraw.forget()
    view.on_draw()
    whole = arcade.get_image(0, 0, window.width, window.height).convert("RGB").reduce(2)
    frame = _frame_drawer(window, view, (window.width // 2, window.height // 2))()
    assert frame.size == whole.size
    side = (0, 0, int(view.hud.rect.right) // 2, frame.height)
    # The side panel (its small texts) as the shrunk window's, to a rounding; the board to an
    # edge pixel here and there (a cell's edge on an odd pixel is not blended with its neighbour).
    assert ImageChops.difference(frame.crop(side), whole.crop(side)).getextrema() <= ((0, 2),) * 3
    diff = ImageChops.difference(frame, whole).convert("L")
    differing = sum(diff.point(lambda v: 255 if v > 24 else 0).histogram()[255:])
    assert differing < 0.03 * frame.width * frame.height, f"{differing} pixels differ"


def test_record_finds_the_level_beside_a_shared_replay_and_the_gif_holds_its_last_frame(
        window: Any, tmp_path: pathlib.Path, capsys: Any) -> None:
    from game.cli.record import END_HOLD
    from game.io import load_level
    from game.io.codes import game_code, open_code, write_opened
    from game.io.replay import load_replay

    # A game as a friend's code brings it (`code --decode` and Share write the same pair): the
    # replay names no pack, its level file sits beside it.
    proof = load_replay(shipped_proof("first-swap"))
    level = load_level(levels_dir() / "first-steps" / "first-swap.yaml")
    written = write_opened(open_code(game_code(level, proof.seed, proof.commands)), tmp_path / "from-a-friend")
    replay = next(p for p in written if p.name.endswith(".replay.yaml"))
    assert load_replay(replay).pack is None
    out = tmp_path / "clip.gif"
    code = main(["record", str(replay), "--out", str(out), "--fps", "10"])
    said = capsys.readouterr()
    assert code == 0, said.err
    assert "1 moves, won" in said.out
    clip = Image.open(out)
    durations = []
    for i in range(clip.n_frames):
        clip.seek(i)
        durations.append(clip.info["duration"])
    # The finished board stays on screen before the clip starts again; the frames before it
    # keep the clip's pace (a still stretch is one longer frame).
    assert durations[-1] >= END_HOLD * 1000 >= 1500
    assert all(d % 100 == 0 for d in durations[:-1]) and min(durations) == 100
