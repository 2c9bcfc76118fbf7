"""`gridfall edit [LEVEL_OR_PACK]`: open the level editor in a window."""

from __future__ import annotations

import argparse
import os
import pathlib
from typing import Any


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "edit", help="open the level editor",
        description="Open the level editor on a level file, a pack (folder or NAME.pack.yaml; "
        "its first level opens) or a blank board.")
    parser.add_argument("path", nargs="?", metavar="LEVEL_OR_PACK",
                        help="a level .yaml, a pack folder or a NAME.pack.yaml")
    parser.set_defaults(run=run)


def first_level(path: pathlib.Path) -> tuple[pathlib.Path | None, dict[str, Any] | None]:
    """The level file (or, in a one-file pack, the inline mapping) the editor opens first."""
    import yaml

    index = path / "pack.yaml" if path.is_dir() else path if path.name == "pack.yaml" else None
    if index is not None or path.name.endswith((".pack.yaml", ".pack.yml")):
        meta_file = index or path
        try:
            meta = yaml.safe_load(meta_file.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, yaml.YAMLError) as error:
            raise SystemExit(f"gridfall edit: {meta_file}: cannot read the pack: {error}")
        levels = meta.get("levels") if isinstance(meta, dict) else None
        if not isinstance(levels, list) or not levels:
            raise SystemExit(f"gridfall edit: {meta_file}: the pack lists no levels")
        if index is not None:
            return meta_file.parent / str(levels[0]), None
        if not isinstance(levels[0], dict):
            raise SystemExit(f"gridfall edit: {meta_file}: levels[0] is not a level mapping")
        return None, levels[0]
    return path, None


def run(args: argparse.Namespace) -> int:
    level_path: pathlib.Path | None = None
    mapping: dict[str, Any] | None = None
    if args.path:
        target = pathlib.Path(args.path)
        if not target.exists():
            print(f"gridfall edit: {target}: no such file or folder")
            return 2
        try:
            level_path, mapping = first_level(target)
        except SystemExit as stop:
            print(stop)
            return 1
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY") \
            and not os.environ.get("ARCADE_HEADLESS") and os.name == "posix":
        print("gridfall edit: no display is available; run it on a desktop, or under "
              "`xvfb-run gridfall edit ...`")
        return 1
    from game.ui.boot import import_arcade

    arcade = import_arcade()
    try:
        window = arcade.Window(1280, 800, "Gridfall editor", resizable=False)
    except Exception as error:  # pyglet raises several kinds when there is no usable display
        print(f"gridfall edit: cannot open a window: {error}")
        return 1
    from editor import open_editor
    from editor.files import EditorFileError, from_mapping

    try:
        view = open_editor(window, level_path)
    except EditorFileError as error:
        print(f"gridfall edit: {error}")
        return 1
    if mapping is not None:
        from editor.model import EditModel

        draft = from_mapping(mapping)
        view.replace_model(EditModel(draft))
    arcade.run()
    return 0
