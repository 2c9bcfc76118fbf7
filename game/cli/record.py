"""`gridfall record`: play a replay or a bot's game through the real play view offscreen into a GIF."""

from __future__ import annotations

import argparse
import io
import math
import os
import pathlib
import sys
from typing import Any, Callable, Iterable, Iterator

from game.cli.output import safe
from game.io import gate

DEFAULT_MOVES = 10


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "record", help="record a replay or a bot's game as an animated GIF (offscreen)",
        description="Play a replay file, or a bot's game of a level file, through the game's own "
                    "play view offscreen at a fixed frame step, and write an animated GIF "
                    "(or PNG frames when --out is not a .gif).")
    parser.add_argument("source", metavar="LEVEL_OR_REPLAY",
                        help="a replay file (format, pack, level, seed, commands) or a level file")
    parser.add_argument("--out", required=True, type=pathlib.Path,
                        help="clip.gif, or a folder to fill with PNG frames")
    parser.add_argument("--moves", type=int, default=None,
                        help=f"play at most N moves (a level's bot game: {DEFAULT_MOVES} by default)")
    parser.add_argument("--bot", action="store_true",
                        help="let the best bot for the level's mode choose the moves "
                             "(a level file's default is the random bot)")
    parser.add_argument("--level", type=pathlib.Path, default=None,
                        help="the level file of a replay whose level is in no installed pack and not beside it "
                             "(LEVEL_ID.yaml in the replay's folder, as Share writes them)")
    parser.add_argument("--seed", type=int, default=None, help="the game's seed (level files)")
    parser.add_argument("--fps", type=int, default=25, help="frames a second of the clip (default 25)")
    parser.add_argument("--speed", choices=("slow", "normal", "fast"), default="normal",
                        help="animation speed (default normal)")
    parser.add_argument("--scale", type=float, default=0.5,
                        help="size of the clip against the 1280x800 window (default 0.5)")
    parser.set_defaults(run=run)


MAX_MOVES = 1_000   # a clip of a thousand moves is already minutes long; more is a typo


class RecordError(ValueError):
    """Something the user can fix in a file: a missing one, an unknown pack or level, a bad replay."""


class OptionError(RecordError):
    """An option out of its range (exit 2, as argparse does for a bad argument)."""


def _load(args: argparse.Namespace) -> tuple[Any, int, list[Any], bool]:
    """(level, seed, commands, from_replay) from the source file."""
    from game.cli.level_source import replay_level
    from game.core import LevelError, new_game
    from game.io import LevelFileError, load_level
    from game.io.replay import ReplayFileError, replay_from_dict, verify_replay
    from game.io.yamldoc import DocError, read_document

    path: pathlib.Path = pathlib.Path(args.source)
    try:
        found = gate.is_file(path)
    except OSError as exc:   # a name too long for the file system
        raise RecordError(f"{path}: {exc.strerror or exc}") from None
    if not found:
        raise RecordError(f"{path}: no such file")
    try:
        doc = read_document(path)   # bounded: size, depth, aliases and numbers checked first
    except DocError as exc:
        raise RecordError(f"{path}:{exc.line}:{exc.column}: {exc}") from None
    if isinstance(doc.value, dict) and "commands" in doc.value:
        try:
            replay = replay_from_dict(doc.value, str(path), doc)
            # As `replay` and `code` find it: --level, else its pack's, else LEVEL.yaml beside it.
            level = replay_level(replay, path, str(args.level) if args.level is not None else None)
            # The rules first: a replay that does not play (a command after the end, an
            # illegal one, a check the game disagrees with: a forged file) is refused as
            # `gridfall replay` refuses it, before any frame.
            verify_replay(replay, level)
        except (ReplayFileError, LevelFileError) as exc:
            raise RecordError(str(exc)) from None
        except OSError as exc:   # a --level file that cannot be read
            raise RecordError(f"{args.level}: {exc.strerror or exc}") from None
        return level, replay.seed, list(replay.commands), True
    try:
        level = load_level(path)
    except LevelFileError as exc:
        raise RecordError(str(exc)) from None
    seed = args.seed if args.seed is not None else level.play_seed
    try:
        new_game(level, seed)
    except LevelError as exc:
        raise RecordError(f"{path}: cannot be dealt from seed {seed}: "
                          f"{'; '.join(p.message for p in exc.problems)}") from None
    return level, seed, [], False


def record(args: argparse.Namespace) -> str:
    """Play and capture; returns the summary line. Raises RecordError for a user's mistake."""
    from game.core import shorten
    from game.io.replay import MAX_SEED

    if args.fps <= 0 or args.fps > 100:
        raise OptionError("--fps must be between 1 and 100")
    if not 0.1 <= args.scale <= 1.0:
        raise OptionError("--scale must be between 0.1 and 1")
    if args.moves is not None and not 0 <= args.moves <= MAX_MOVES:
        raise OptionError(f"--moves must be 0..{MAX_MOVES:,}, found {shorten(str(args.moves), 20)}")
    if args.seed is not None and not 0 <= args.seed <= MAX_SEED:
        raise OptionError(f"--seed must be a whole number 0..{MAX_SEED}")
    out = pathlib.Path(args.out)
    if out.suffix.lower() == ".gif" and gate.chosen_folder(out):
        raise OptionError(f"--out {out}: is a folder; name a .gif file, or a folder without .gif for PNG frames")
    if out.suffix.lower() != ".gif" and gate.exists(out) and not gate.chosen_folder(out):
        raise OptionError(f"--out {out}: is a file; PNG frames go into a folder")
    level, seed, commands, from_replay = _load(args)
    # Offscreen: ARCADE_HEADLESS must be set before arcade is first imported.
    os.environ.setdefault("ARCADE_HEADLESS", "1")
    import game.ui  # noqa: F401  (prepares arcade, headless: the line above comes first)

    import arcade
    from game.core import IllegalMove, Status
    from game.io.settings import Settings
    from game.bots import RandomBot, make_bot
    from game.ui.play_view import PlayView

    from game.ui import fonts

    _smooth_glyphs()
    fonts.install()
    window = arcade.get_window() if _has_window(arcade) else arcade.Window(
        1280, 800, "Gridfall record", visible=False, antialiasing=False)
    view = PlayView(level, seed=seed, settings=Settings(animation_speed=args.speed, sound=False))  # a clip is silent
    window.show_view(view)
    view.on_resize(window.width, window.height)
    dt = 1.0 / args.fps
    frames: list[Any] = []
    size = (int(window.width * args.scale), int(window.height * args.scale))

    from game.ui.frames import wants_frames

    draw_frame = _frame_drawer(window, view, size)

    fresh = [True, False]   # [a move was made since the last frame drawn, the view moved at it]
    shown: list[Any] = [None]   # the last frame drawn, whole (what the next one's changes go onto)

    def capture(count: int = 1) -> None:
        for _ in range(count):
            view.on_update(dt)
            moving = wants_frames(view)
            if frames and not (fresh[0] or moving or fresh[1]):
                # Nothing on screen changed (a pause between moves, the end): the same picture
                # again, neither drawn nor read back (the GIF writer folds it into the last one).
                frames.append(frames[-1])
                continue
            fresh[:] = [False, moving]
            picture = draw_frame()
            frames.append(Changes.between(shown[0], picture))
            shown[0] = picture

    limit = args.moves if args.moves is not None else (len(commands) if from_replay else DEFAULT_MOVES)
    # The same bots as `gridfall simulate`: the best for the mode, or random legal moves.
    bot = make_bot("auto", level, seed) if args.bot else RandomBot(seed)
    capture(int(args.fps * 0.6))
    played = 0
    problems: list[str] = []
    while played < limit and view.state.status == Status.PLAYING:
        if from_replay and not args.bot:
            if played >= len(commands):
                break
            command = commands[played]
        else:
            command = bot.choose(view.state)
        fresh[0] = True
        try:
            ok = view.submit(command)
        except IllegalMove as exc:
            raise RecordError(f"move {played + 1} ({command}): {exc}") from None
        if not ok:
            raise RecordError(f"move {played + 1} ({command}) was refused: {view.toast.message}")
        guard = 0
        while view.busy:
            capture()
            guard += 1
            if guard > args.fps * 60:
                raise RuntimeError(f"move {played + 1} ({command}) animated for over a minute")
        if view.board.mismatches:
            problems.append(f"move {played + 1}: the sprites missed {view.board.mismatches}")
        grid_shown = view.board.sprite_cells()
        if grid_shown != view.board.grid_cells(view.state.grid):
            problems.append(f"move {played + 1}: the sprites do not show the board")
        capture(int(args.fps * 0.25))
        played += 1
    capture(int(args.fps * 1.5))
    try:
        _write(frames, out, dt)
    except OSError as exc:
        raise RecordError(f"--out {out}: cannot write it ({exc.strerror or exc})") from None
    state = view.state
    summary = (f"wrote {args.out}: {len(frames)} frames ({len(frames) * dt:.1f} s), {played} moves, "
               f"{state.status}, score {state.score}")
    if problems:
        raise RuntimeError("the animation did not end where the core did: " + "; ".join(problems))
    return summary


WHOLE_FRAMES = False   # True: every frame drawn full size and shrunk, as before (bench/gif.py's baseline)


def _smooth_glyphs() -> None:
    """Glyphs sampled smoothly when shrunk: drawn at the clip's scale (_frame_drawer), pyglet's
    nearest-texel glyphs lost the thin strokes of small text; linear sampling at exactly half
    averages each 2x2 block, as shrinking a full-size frame did. (Fonts loaded before this keep
    theirs: only a clip recorded in a process of its own, as sharing does, is sure of it.)"""
    import pyglet.font.base
    from pyglet import gl

    pyglet.font.base.Font.texture_min_filter = gl.GL_LINEAR


def _frame_drawer(window: Any, view: Any, size: tuple[int, int]) -> Callable[[], Any]:
    """A function drawing the view's next frame and returning it as an RGB image of the clip's `size`.

    A half-size clip (a shared game's) has the board side drawn straight into a framebuffer of
    the clip's size with the window's projection (game.ui.frames.drawing_into): a quarter of
    the pixels (on software GL the fill is most of a frame's cost) and nothing to shrink. Small
    text drawn that small lost thin strokes, so the side panel (name, score, goals, buttons,
    keys) is drawn at full size and shrunk (each 2x2 block averaged) only when it changes, and
    kept: most frames change only the board. Other sizes are drawn whole and shrunk."""
    import arcade
    from PIL import Image
    from pyglet import gl

    from game.ui.damage import repainting
    from game.ui.frames import drawing_into
    from game.ui.hud import is_strip

    width, height = window.width, window.height
    ctx = window.ctx
    hud = view.hud.rect
    # The column between the panel and the board where the two are joined (even: it halves exactly).
    split = 2 * math.ceil((hud.right + 10) / 2)
    if size[0] * 2 < width or size[1] * 2 < height:
        def draw_small() -> Any:   # read whole and resampled
            view.on_draw()
            return arcade.get_image(0, 0, width, height).convert("RGB").resize(size, Image.Resampling.BOX)
        return draw_small
    target = ctx.framebuffer(color_attachments=[ctx.texture(size, components=4)])
    panel = ctx.framebuffer(color_attachments=[ctx.texture(size, components=4)])
    kept: list[Any] = [None]   # what the kept side panel showed

    def blit(src: Any, dst: Any, box: tuple[int, int, int, int], to: tuple[int, int, int, int], linear: bool) -> None:
        gl.glBindFramebuffer(gl.GL_READ_FRAMEBUFFER, src.glo.value)
        gl.glBindFramebuffer(gl.GL_DRAW_FRAMEBUFFER, dst.glo.value)
        gl.glDisable(gl.GL_SCISSOR_TEST)   # a blit is clipped by the scissor too: copy all it is asked to
        try:
            gl.glBlitFramebuffer(*box, *to, gl.GL_COLOR_BUFFER_BIT, gl.GL_LINEAR if linear else gl.GL_NEAREST)
        finally:
            gl.glEnable(gl.GL_SCISSOR_TEST)
            ctx.screen.use(force=True)

    def read() -> Any:
        data = target.read(components=3)
        return Image.frombytes("RGB", size, data).transpose(Image.Transpose.FLIP_TOP_BOTTOM)

    if (WHOLE_FRAMES or (width, height) != (size[0] * 2, size[1] * 2) or is_strip(hud)
            or split >= view.board.layout.rect.left - 2):
        def draw_whole() -> Any:   # drawn whole at full size, shrunk by the GL (linear: at half, 2x2 averaged)
            view.on_draw()
            blit(ctx.screen, target, (0, 0, width, height), (0, 0, *size), linear=True)
            return read()
        return draw_whole

    def draw() -> Any:
        small = (0, 0, split // 2, size[1])
        key = ([k for k, _ in view.hud.marks() + view.bar.marks()], view.modal is not None,
               bool(view.fliers.sprites), view.toast.message)
        crossed = view.modal is not None or bool(view.fliers.sprites)   # a menu, tiles in flight: over both
        if key != kept[0] and not crossed:
            # The panel changed: drawn at full size on the window and shrunk.
            view.redraw.forget()
            with repainting(ctx, (0, 0, split, height)):
                view.on_draw()
            blit(ctx.screen, panel, (0, 0, split, height), small, linear=True)
            kept[0] = key
        with drawing_into(target):
            if crossed:
                view.on_draw()
            else:   # the board side only (the panel's own drawing is skipped), the panel kept over it
                with repainting(ctx, (split, 0, width, height)):
                    view.on_draw()
        if not crossed:
            blit(panel, target, small, small, linear=False)
        return read()
    return draw


def _has_window(arcade: Any) -> bool:
    try:
        arcade.get_window()
    except RuntimeError:
        return False
    return True


class Changes:
    """A frame kept as what it changed since the frame before it: the box round the pixels that
    differ, and those pixels. The palette is made from frames across the whole clip, so every
    frame is held until the end; whole, they were most of a recording's memory (a 30-move clip:
    1062 frames of 768 KB), and a move changes the board's cells only (bench/gif.py: peak MB)."""

    __slots__ = ("box", "pixels")

    def __init__(self, box: tuple[int, int, int, int], pixels: Any) -> None:
        self.box = box
        self.pixels = pixels

    @staticmethod
    def between(before: Any, after: Any) -> "Changes":
        """`after` as its changes from `before` (None: the first frame, kept whole)."""
        from PIL import ImageChops

        if before is None:
            return Changes((0, 0, *after.size), after)
        box = ImageChops.difference(before, after).getbbox()
        if box is None:   # drawn again, the same picture
            return Changes((0, 0, 0, 0), None)
        return Changes(box, after.crop(box))


def _pictures(frames: Iterable[Any]) -> Iterator[Any]:
    """The frames (Changes) whole again, in order; a repeat (the same Changes object, or one
    that changed nothing) as the same picture object."""
    picture: Any = None
    last: Any = None
    for frame in frames:
        if frame is not last and frame.pixels is not None:
            if picture is None:
                picture = frame.pixels
            else:
                picture = picture.copy()
                picture.paste(frame.pixels, frame.box[:2])
        last = frame
        yield picture


def _taken(frames: list[Any]) -> Iterator[Any]:
    """The list's entries in order, each let go from it once read."""
    for n in range(len(frames)):
        frame, frames[n] = frames[n], None
        yield frame


def _write(frames: list[Any], out: pathlib.Path, dt: float) -> None:
    from game.io.atomic import atomic_write_bytes

    if not frames:
        raise RecordError("nothing was recorded")
    if out.suffix.lower() == ".gif":
        indexed = _one_palette(frames)
        buffer = io.BytesIO()
        # Each frame dt, the last held END_HOLD: the finished board is seen before the clip loops
        # (it looped from its last moving frame at once, the result gone in 40 ms).
        step = max(10, int(round(dt * 1000)))
        durations = [step] * (len(frames) - 1) + [int(END_HOLD * 1000)]
        next(indexed).save(buffer, format="GIF", save_all=True, append_images=indexed,
                           duration=durations, loop=0, optimize=False)
        atomic_write_bytes(out, buffer.getvalue())
        return
    for i, frame in enumerate(_pictures(frames)):
        buffer = io.BytesIO()
        frame.save(buffer, format="PNG")
        atomic_write_bytes(out / f"frame_{i + 1:05d}.png", buffer.getvalue())


GIF_COLORS = 256
END_HOLD = 2.0   # seconds a GIF shows its last frame before it starts again
PALETTE_SAMPLES = 32   # frames the palette is made from: enough to catch the short-lived glows


def _one_palette(frames: list[Any]) -> Iterator[Any]:
    """Every frame in one palette, undithered: a still part of the board is then the same
    bytes from frame to frame, so the GIF stores only what moved (each frame's own palette,
    dithered, made every pixel flicker and the file several times larger). The indexed
    pictures come one at a time, for the GIF writer to take as they are made (it keeps its own
    copies): the list's Changes are let go as they are read (both held at once were a third of
    a recording's peak memory)."""
    from PIL import Image

    unique = [n for n, f in enumerate(frames) if n == 0 or f is not frames[n - 1]]   # a still stretch once
    at = set(unique[:: max(1, len(unique) // PALETTE_SAMPLES)][:PALETTE_SAMPLES])   # across the clip
    del unique
    # Each pick at half size: the colours are all there, and the median cut has a quarter of the work.
    small = [picture.reduce(2) for n, picture in enumerate(_pictures(frames)) if n in at]
    sheet = Image.new("RGB", (small[0].width, small[0].height * len(small)))
    for i, frame in enumerate(small):
        sheet.paste(frame, (0, i * frame.height))
    del small
    palette = sheet.quantize(GIF_COLORS, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    last: Any = None   # the last picture quantized: a repeat of it (the same object) is quantized once
    indexed: Any = None
    for picture in _pictures(_taken(frames)):
        if picture is not last:
            last = picture
            indexed = picture.quantize(palette=palette, dither=Image.Dither.NONE)
        yield indexed


def run(args: argparse.Namespace) -> int:
    try:
        print(record(args))
    except OptionError as exc:
        print(safe(f"gridfall record: {exc}"), file=sys.stderr)
        return 2
    except (RecordError, RuntimeError) as exc:
        print(safe(f"gridfall record: {exc}"), file=sys.stderr)
        return 1
    return 0
