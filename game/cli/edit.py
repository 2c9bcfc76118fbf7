"""`gridfall edit [LEVEL_OR_PACK] [--level ID]`: open the level editor in a window."""

from __future__ import annotations

import argparse
import pathlib
import sys
from typing import Any


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "edit", help="open the level editor",
        description="Open the level editor on a level file, a pack (folder or NAME.pack.yaml: "
        "a list of its levels to pick from, or the one --level names) or a blank board.")
    parser.add_argument("path", nargs="?", metavar="LEVEL_OR_PACK",
                        help="a level .yaml, a pack folder or a NAME.pack.yaml")
    parser.add_argument("--level", metavar="ID", help="the level of the pack to open")
    # A smoke run without a person (the bundle's self-check, headless too): press F5 on the level
    # as a designer does, let the editor's frames go on until the bots answer, print the status line.
    parser.add_argument("--check-difficulty", action="store_true", help=argparse.SUPPRESS)
    parser.set_defaults(run=run)


def _fail(message: str) -> int:
    print(f"gridfall edit: {message}", file=sys.stderr)
    return 1


def run(args: argparse.Namespace) -> int:
    from game.cli.play import display_problem
    from game.io import LevelFileError, gate, is_pack_path, load_pack
    from game.io.settings import load_settings

    target = pathlib.Path(args.path) if args.path else None
    entries: list[Any] = []
    pack_name = ""
    if target is not None:
        if not gate.exists(target):
            return _fail(f"{target}: no such file or folder")
        if is_pack_path(target):
            from editor.files import pack_entries

            try:
                pack = load_pack(target)
            except LevelFileError as error:
                for problem in error.problems:   # each names file:line and the field
                    print(f"gridfall edit: {problem}", file=sys.stderr)
                return 1
            entries, pack_name = pack_entries(pack), pack.name
            if not entries:
                return _fail(f"pack '{pack.id}' has no levels")
            if args.level is not None:
                entries = [e for e in entries if e.label == args.level] or entries
                if entries[0].label != args.level:
                    known = ", ".join(e.label for e in pack_entries(pack)[:8])
                    return _fail(f"pack '{pack.id}' has no level '{args.level}' (it has: {known}"
                                 f"{', ...' if len(pack.levels) > 8 else ''})")
        elif args.level is not None:
            return _fail("--level is for packs; a level file holds one level")
    elif args.level is not None:
        return _fail("--level needs a pack (LEVEL_OR_PACK)")
    # Same rule and exit code as `gridfall play`: no display is exit 2, on stderr.
    no_display = display_problem(0 if args.check_difficulty else None)
    if no_display:
        print(no_display.replace("gridfall:", "gridfall edit:", 1), file=sys.stderr)
        return 2
    import arcade

    import game.ui  # noqa: F401  (prepares arcade before the window is made)
    from game.ui.frames import OnDemandWindow

    settings = load_settings()
    try:
        # The game's on-demand window: the editor view draws every frame until it says when it
        # moves (game.ui.frames: an `in_motion` method), as the game's screens do.
        window = OnDemandWindow(1280, 800, "Gridfall editor", resizable=True,
                                fullscreen=settings.fullscreen, antialiasing=False)
    except Exception as error:  # pyglet raises several kinds when there is no usable display
        print(f"gridfall edit: cannot open a window: {error}", file=sys.stderr)
        return 2
    from game.ui import fonts
    from game.ui.window import window_icons

    fonts.install()   # as the game's window: the shipped fonts before any text, and the icon
    window.set_icon(*window_icons())
    from editor import open_editor
    from editor.files import EditorFileError

    try:
        level_path = target if target is not None and not entries else None
        view = open_editor(window, level_path, settings=settings)
    except EditorFileError as error:
        return _fail(str(error))
    if entries:
        recovery = view.dialog   # the offer to restore unsaved work comes first
        view.open_entry(entries[0])
        if recovery is not None:
            view.open_dialog(recovery)
        elif args.level is None:
            view.pick_from(entries, f"Levels of '{pack_name}' (Cancel keeps {entries[0].label})")
    if args.check_difficulty:
        return _check_difficulty(window, view)
    from game.io import logfile
    from game.io.reporter import Reporter

    with logfile.kept(Reporter()):   # the console's lines, and an error that stops it, in the log
        arcade.run()
    return 0


def _check_difficulty(window: Any, view: Any) -> int:
    """F5, then the editor's frames until its Difficulty run ends (at most CHECK_SECONDS)."""
    import time

    from arcade import key

    for event in ("on_key_press", "on_key_release"):
        window.dispatch_event(event, key.F5, 0)
    deadline = time.monotonic() + CHECK_SECONDS
    run = view.difficulty.run
    started = False
    while time.monotonic() < deadline:
        window.dispatch_events()
        view.on_update(1 / 60)
        view.on_draw()
        started = started or run.running
        if started and not run.running:
            break
        time.sleep(0.02)
    said = view.status.text
    print(f"gridfall edit: {said}")
    if not started or run.running or run.error is not None:
        return 1
    run.close()
    return 0


CHECK_SECONDS = 600

