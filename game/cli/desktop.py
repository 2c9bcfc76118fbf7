"""`gridfall desktop [--install | --uninstall]`: the game's desktop entry (freedesktop.org), printed or installed with its icon."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from game.cli.output import safe
from game.io import gate, paths
from game.io.program import subcommand

# Characters that make a word of Exec= need double quotes (the Desktop Entry Specification's
# reserved characters), and those that inside the quotes take a backslash.
_RESERVED = set(' \t\n"\'\\><~|&;$*?#()`')
_ESCAPED = set('"`$\\')


def exec_word(word: str) -> str:
    """One word of an Exec= line: quoted when it holds a reserved character; `%` doubled (a field
    code otherwise); each backslash doubled again, since the value is itself an escaped string."""
    word = word.replace("%", "%%")
    if any(ch in _RESERVED for ch in word):
        word = '"' + "".join("\\" + ch if ch in _ESCAPED else ch for ch in word) + '"'
    return word.replace("\\", "\\\\")


def entry(icon: str) -> str:
    """The desktop entry that starts this game (this Python, or the bundle) with `icon`."""
    command = " ".join(exec_word(word) for word in subcommand())
    return "\n".join((
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.4",   # the newest Debian 12's desktop-file-validate knows
        "Name=Gridfall",
        "GenericName=Puzzle game",
        "Comment=Match3, chain and slide puzzles, and a level editor",
        f"Exec={command}",
        f"Icon={icon}",
        "Terminal=false",
        "Categories=Game;LogicGame;",
        "Keywords=puzzle;match3;chain;slide;",
        "StartupWMClass=Gridfall",   # the window's WM_CLASS: a dock groups the window under the entry
        ""))


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "desktop", help="print the desktop entry (a menu item with the icon), or install it",
        description="Print the game's desktop entry (freedesktop.org: GNOME, KDE, a Steam Deck's "
                    "desktop mode), which starts this installed game. --install puts it and the "
                    "icon where the desktop's menu finds them (XDG_DATA_HOME, ~/.local/share "
                    "unless set); --uninstall takes them away again.")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--install", action="store_true", help="install the entry and the icon for this user")
    which.add_argument("--uninstall", action="store_true", help="remove the entry and the icon")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    target, icon = paths.desktop_entry_file(), paths.desktop_icon_file()
    if not (args.install or args.uninstall):
        sys.stdout.write(safe(entry(str(paths.icon_file()))))
        return 0
    try:
        if args.uninstall:
            for path in (target, icon):
                print(safe(f"{'removed' if gate.remove(path) else 'not there'}: {path}"))
            return 0
        for path in (target, icon):
            gate.make_root(path.parent)
        gate.write_bytes(icon, gate.read_bytes(paths.icon_file()))
        gate.write_text(target, entry(paths.DESKTOP_NAME))   # the icon by its name in the theme
    except OSError as exc:   # a read-only home, a file where a folder belongs (PathRefused)
        print(safe(f"gridfall desktop: {exc}"), file=sys.stderr)
        return 1
    print(safe(f"installed {target} and {icon}: Gridfall is in your desktop's menu"))
    return 0
