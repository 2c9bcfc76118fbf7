"""`gridfall play`: open the game window on the title screen, or straight on a level (the default)."""

from __future__ import annotations

import argparse
import os
import pathlib
import sys
from typing import Any

from game.cli.output import safe
from game.io import gate

NO_DISPLAY = (
    "gridfall: no display found (DISPLAY is not set), so the game window cannot open; "
    "run it under a virtual display with `xvfb-run -a gridfall`, "
    "or make a clip offscreen with `gridfall record LEVEL --out clip.gif`."
)


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "play", help="open the game (the default)",
        description="Open the game on its title screen, or straight on a level of a pack or a level file.",
    )
    parser.add_argument("file", nargs="?", metavar="FILE.yaml",
                        help="a level file, a one-file pack (NAME.pack.yaml) or a pack folder to play, "
                        "a level's short name (first-steps/7, daily:2026-12-02:chain), or a share code "
                        "(GFL1... a level, GFG2... a game to watch), alone or in a whole chat message")
    parser.add_argument("--pack", metavar="PATH_OR_ID", help="a pack folder or file, or a pack id")
    parser.add_argument("--level", metavar="ID", help="the level of the pack to open (default: the next unfinished)")
    parser.add_argument("--seed", type=int, metavar="N",
                        help="deal the level from this seed (the pause and result screens show a deal's)")
    # Smoke runs without a person: a fixed number of frames, then a screenshot (headless too).
    parser.add_argument("--frames", type=int, metavar="N", help=argparse.SUPPRESS)
    parser.add_argument("--screenshot", type=pathlib.Path, metavar="PNG", help=argparse.SUPPRESS)
    parser.set_defaults(run=run)


HEADLESS = (
    "gridfall: ARCADE_HEADLESS is set, so the game window would be invisible and never end; "
    "unset it to play, or make a clip offscreen with `gridfall record LEVEL --out clip.gif`."
)


def display_problem(frames: int | None = None) -> str | None:
    """Why no window can open here (or would be of no use), or None."""
    if os.environ.get("ARCADE_HEADLESS"):
        # Offscreen only makes sense for a bounded smoke run (--frames).
        return None if frames is not None else HEADLESS
    if sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
            return NO_DISPLAY
    return None


def resolve(args: argparse.Namespace) -> tuple[Any, str | None]:
    """The pack to open (None for the title screen) and the level id; raises ValueError to print."""
    from game.cli.code import read_code_argument
    from game.cli.short_names import is_short_name, named_level
    from game.core import find_code, looks_like_code
    from game.io import find_pack, is_pack_path, load_level, load_pack
    from game.io.codes import open_code
    from game.io.packs import lone_level_pack

    if args.file and args.pack:
        raise ValueError("give either a FILE or --pack, not both")
    if args.level and not (args.pack or args.file):
        raise ValueError("--level needs --pack (the pack the level is in)")
    if args.seed is not None and not (args.file or args.level):
        raise ValueError("--seed needs a level: a level file, or --pack with --level")
    pack = None
    if args.file:
        path = pathlib.Path(args.file)
        if not _names_a_file(path) and is_short_name(args.file):
            if args.level:
                raise ValueError("a short name names its level; --level is for --pack")
            named = named_level(args.file)
            return named.pack, named.level.id
        if not _names_a_file(path) and (looks_like_code(args.file) or find_code(args.file) is not None):
            if args.level or args.seed is not None:
                raise ValueError("a share code holds its own level (and a game its own seed)")
            open_code(read_code_argument(args.file))   # a bad code is said here, in one line, before any window
            return None, None
        if not _names_a_file(path):
            raise ValueError(f"{path}: no such file")
        if is_pack_path(path):
            pack = load_pack(path)
        else:
            if args.level:
                raise ValueError("--level is for packs; a level file holds one level")
            level = load_level(path)
            pack = lone_level_pack(level, path)
    elif args.pack:
        candidate = pathlib.Path(args.pack)
        pack = load_pack(candidate) if gate.exists(candidate) else find_pack(args.pack)
    if pack is not None:
        if not pack.levels:
            raise ValueError(f"pack '{pack.id}' has no levels")
        if args.level and args.level not in [lv.id for lv in pack.levels]:
            known = ", ".join(lv.id for lv in pack.levels[:8])
            raise ValueError(f"pack '{pack.id}' has no level '{args.level}' (it has: {known}"
                             f"{', ...' if len(pack.levels) > 8 else ''})")
    return pack, args.level


def run(args: argparse.Namespace) -> int:
    from game.io import LevelFileError, PackNotFoundError

    try:
        pack, level_id = resolve(args)
    except LevelFileError as exc:
        for problem in exc.problems:
            print(safe(f"gridfall: {problem}"), file=sys.stderr)
        return 1
    except (ValueError, PackNotFoundError) as exc:   # CodeError is a ValueError: one line
        print(safe(f"gridfall: {exc}"), file=sys.stderr)
        return 1
    code = args.file if args.file and pack is None else None
    no_display = display_problem(args.frames)
    if no_display:
        print(no_display, file=sys.stderr)
        return 2
    try:
        from editor import open_editor
        from game.ui.app import run_game

        return run_game(pack=pack, level_id=level_id, frames=args.frames, screenshot=args.screenshot,
                        editor_factory=open_editor, seed=args.seed, code=code)
    except Exception as exc:  # a window that will not open (no GL, a display that went away)
        if type(exc).__name__ in ("NoSuchDisplayException", "NoSuchConfigException", "GLException",
                                  "ContextException", "WindowException"):
            print(f"gridfall: could not open the game window ({exc}); try `xvfb-run -a gridfall`.",
                  file=sys.stderr)
            return 2
        raise


def _names_a_file(path: pathlib.Path) -> bool:
    """Whether `path` names something on disk; a name longer than the system allows (a pasted
    code cut short, say) names nothing rather than raising."""
    try:
        return gate.exists(path)
    except OSError:
        return False
