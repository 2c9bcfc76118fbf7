"""Commands a player gives: Swap, Chain, Slide and KeepGoing, each with a short text form that round-trips."""

from __future__ import annotations

from dataclasses import dataclass

from .grid import Cell, format_cell, parse_cell


@dataclass(frozen=True, slots=True)
class Swap:
    """Swap the tiles of two orthogonal neighbours (match3)."""

    a: Cell
    b: Cell

    def __str__(self) -> str:
        return f"swap {format_cell(self.a)} {format_cell(self.b)}"


@dataclass(frozen=True, slots=True)
class Chain:
    """Draw a path (chain): from the player, or anywhere on a board without one."""

    path: tuple[Cell, ...]

    def __str__(self) -> str:
        return "chain " + " ".join(format_cell(c) for c in self.path)


@dataclass(frozen=True, slots=True)
class Slide:
    """Slide the tile at `cell` into the gap next to it (slide)."""

    cell: Cell

    def __str__(self) -> str:
        return f"slide {format_cell(self.cell)}"


@dataclass(frozen=True, slots=True)
class KeepGoing:
    """Go on with a match3 game lost by running out of moves, with more moves (rules/keep_going.py)."""

    def __str__(self) -> str:
        return "keep going"


Command = Swap | Chain | Slide | KeepGoing


def format_command(command: Command) -> str:
    return str(command)


def parse_command(text: str) -> Command:
    """Read a command's text form ('swap 3,4 3,5', 'chain 7,3 6,3 6,4', 'slide 2,1', 'keep going')."""
    words = text.split()
    if not words:
        raise ValueError("an empty command")
    verb, args = words[0], words[1:]
    if verb == "keep":
        if args != ["going"]:
            raise ValueError(f"'keep' is only 'keep going': {text!r}")
        return KeepGoing()
    if verb == "swap":
        if len(args) != 2:
            raise ValueError(f"'swap' takes two cells, like 'swap 3,4 3,5': {text!r}")
        return Swap(parse_cell(args[0]), parse_cell(args[1]))
    if verb == "chain":
        if not args:
            raise ValueError(f"'chain' takes its path of cells, like 'chain 7,3 6,3 6,4': {text!r}")
        return Chain(tuple(parse_cell(a) for a in args))
    if verb == "slide":
        if len(args) != 1:
            raise ValueError(f"'slide' takes one cell, like 'slide 2,1': {text!r}")
        return Slide(parse_cell(args[0]))
    if verb.lower() in ("swap", "chain", "slide", "keep"):
        # Only the lower-case verb formats back to the same text.
        raise ValueError(f"write the command {verb.lower()!r} in lower case, not {verb!r}")
    raise ValueError(f"unknown command {verb!r} (swap, chain, slide or keep going)")
