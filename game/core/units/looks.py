"""A blocker's look and editor tool as plain data: the view draws, animates and sounds it from its Look, the editor makes its tool from its Tool."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..vocab import Mode

RGB = tuple[int, int, int]


class Depth(Enum):
    """Where its picture lies on its cell."""

    FLOOR = "floor"   # under the tile, drawn on the cell's own colour
    FILL = "fill"     # fills a cell with no tile; tiles fall past behind it
    OVER = "over"     # laid over its tile


class Pattern(Enum):
    """The pictures the view knows how to draw in a Look's colours, one per layer shown."""

    SLAB = "slab"       # a see-through rounded square, one rim more for each layer, bubbles in a corner
    ROCK = "rock"       # a bevelled block, one crack more for each hit taken, a pip for each hit left
    CHAINS = "chains"   # two crossed chains and a padlock, the tile showing between
    FROST = "frost"     # a pale sheet with a glint, frosted more for each layer, cracked at the last


class Motion(Enum):
    """How its sprite moves when a hit takes a layer."""

    SHAKE = "shake"       # a layer left: a quick shake across
    SQUASH = "squash"     # a layer left: squashed flat and back
    BURST = "burst"       # the last: flung up and open, turning as it fades
    CRUMBLE = "crumble"   # the last: shrinks into its chips
    FADE = "fade"         # the last: swells a little and fades out


class Sound(Enum):
    """The sound a hit makes (assets/sounds/<value>.wav)."""

    CRACK = "crack"
    CLINK = "clink"
    SQUELCH = "squelch"
    SHATTER = "shatter"


@dataclass(frozen=True, slots=True)
class Look:
    """How a blocker is drawn and animated: a Pattern in its three colours (its body, its rim
    or light, its dark ink), `shown` pictures (more layers show as the last), and how a hit moves it."""

    pattern: Pattern
    depth: Depth
    colors: tuple[RGB, RGB, RGB]
    shown: int = 1
    hit: Motion = Motion.SHAKE      # a hit that leaves a layer
    gone: Motion = Motion.FADE      # the hit that takes the last
    chips: int = 3                  # the chips a hit throws (twice as many at the last)
    sound: Sound | None = None


class Edit(Enum):
    """What the editor's tool for a blocker does to a cell."""

    CYCLE = "cycle"     # puts its token in the cell; a click on one adds a layer (the most comes round to 1)
    TOGGLE = "toggle"   # puts it on the cell's tile or takes it off
    LAYER = "layer"     # adds a layer under the tile (up to the most); the right button takes one


@dataclass(frozen=True, slots=True)
class Tool:
    """A blocker's editor tool: the letter that picks it (also its swatch's corner), its name
    in the editor, the modes that have it, what a click does, the most layers a cell takes,
    its tooltip and its line in the key table (`{token}` in the tooltip: the token it paints)."""

    key: str
    name: str
    modes: tuple[Mode, ...]
    edit: Edit
    most: int
    help: str
    keys_line: str
    mark: str = ""      # its letter in a layout token: CYCLE writes mark+layers (S2), TOGGLE tile+mark (3L)
    layer: str = "layer"   # what the designer counts its layers in (a 'hit', say)
