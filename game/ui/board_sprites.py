"""What a board is drawn with: its colours, the tile and blocker sprites, the score pop-up, the blocker layers by unit."""

from __future__ import annotations

from dataclasses import dataclass

import arcade

from game.core import BLOCKERS, Blocker, Counts, Depth, Special, State

Cell = tuple[int, int]
Grid = tuple[tuple[int, ...], ...]

TILE_FILL = 0.86        # a tile's share of its cell: a gap between tiles reads as a grid
BLOCK_FILL = 0.96       # a blocker under its tile or filling its cell fills it, as the cell quad does
CELL_COLOR = (40, 46, 68, 255)
CELL_COLOR_ALT = (46, 53, 78, 255)
SWEEP_COLOR = (200, 240, 255, 255)
BLAST_COLOR = (255, 200, 110, 255)
COMBO_COLOR = (255, 235, 120, 255)
CHIP_COLOR = (190, 190, 200, 255)
RAY_COLORS = ((255, 110, 110, 255), (255, 190, 90, 255), (250, 240, 110, 255), (120, 230, 140, 255),
              (110, 220, 240, 255), (130, 160, 255, 255), (200, 140, 255, 255), (255, 140, 220, 255))
HOVER_COLOR = (255, 255, 255, 90)
SELECT_COLOR = (255, 220, 60, 255)
CURSOR_COLOR = (90, 220, 255, 230)
HINT_COLOR = (255, 240, 120)
BLAST_PREVIEW_COLOR = (255, 120, 90, 200)   # under the cells a picked special will clear
PATH_COLOR = (255, 255, 255, 235)
BAD_PATH_COLOR = (255, 90, 90, 235)
REFUSED_COLOR = (255, 40, 40, 255)   # a ring on a path's cell no chain may take (a covered tile)
ARROW_SPAN = 0.62   # an arrow's share of the distance between two tile centres
# Spark tints by kind, matching the normal palette (bursts read as the tile that burst).
KIND_SPARK = ((255, 120, 120), (255, 230, 120), (140, 170, 255), (140, 230, 150), (210, 150, 255),
              (255, 180, 100), (140, 240, 250), (255, 160, 210), (255, 255, 255))


def cell_color(cell: Cell) -> tuple[int, int, int, int]:
    """A cell's background: a faint checker helps the eye count cells."""
    return CELL_COLOR if (cell[0] + cell[1]) % 2 == 0 else CELL_COLOR_ALT


@dataclass(frozen=True, slots=True)
class Blockers:
    """The blocker layers a board shows: one Counts per unit of `units` (a State's are the
    registry's, in its order); a unit with no look is not drawn."""

    counts: tuple[Counts, ...] = ()
    units: tuple[Blocker, ...] = BLOCKERS

    @classmethod
    def of(cls, state: State) -> "Blockers":
        return cls(state.layers.counts)

    def drawn(self) -> tuple[tuple[Blocker, Counts], ...]:
        """Each unit that has a look, with its layers (none when not given)."""
        counts = self.counts + ((),) * (len(self.units) - len(self.counts))
        return tuple((unit, layer) for unit, layer in zip(self.units, counts) if unit.look is not None)

    def cells(self, depth: Depth) -> frozenset[Cell]:
        """The cells a blocker drawn at `depth` lies on."""
        return frozenset(cell for unit, layer in self.drawn() if unit.look is not None and unit.look.depth is depth
                         for cell, _ in layer)

    def __bool__(self) -> bool:
        return any(self.counts)

    def hit(self, unit: Blocker, cell: Cell, left: int) -> "Blockers":
        """These layers after a hit left `unit` with `left` layers on `cell` (0: gone)."""
        at = self.units.index(unit)
        counts = self.counts + ((),) * (len(self.units) - len(self.counts))
        layer = tuple(sorted({**dict(counts[at]), cell: left}.items()))
        return Blockers(counts[:at] + (tuple((c, n) for c, n in layer if n > 0),) + counts[at + 1:], self.units)


SPECIALS = "specials"
Shown = dict[str, dict[Cell, object]]
"""A board's layers by name: 'specials', then each blocker unit's name, each cell to what is on it."""


class LayerSprite(arcade.Sprite):
    """A blocker on a cell: knows its unit, its cell and its count (layers, hits)."""

    def __init__(self, texture: arcade.Texture, unit: Blocker, cell: Cell, count: int) -> None:
        super().__init__(texture)
        self.unit = unit
        self.cell = cell
        self.count = count


class TileSprite(arcade.Sprite):
    """A tile (or the player) on the board: knows its cell and its grid value."""

    def __init__(self, texture: arcade.Texture, cell: Cell, kind: int) -> None:
        super().__init__(texture)
        self.cell = cell
        self.kind = kind
        self.special: Special | None = None   # a match3 special riding this tile


class Popup:
    """A score pop-up: an arcade.Text whose height and alpha can be tweened."""

    def __init__(self) -> None:
        self.text = arcade.Text("", 0, 0, (255, 255, 255, 0), 22, anchor_x="center",
                                anchor_y="center", bold=True)
        self.shadow = arcade.Text("", 0, 0, (0, 0, 0, 0), 22, anchor_x="center",
                                  anchor_y="center", bold=True)
        self._alpha = 0
        self.base = (255, 255, 255)

    def show(self, value: str, x: float, y: float, size: float, color: tuple[int, int, int]) -> None:
        for t in (self.text, self.shadow):
            t.text = value
            t.font_size = size
        self.base = color
        self.center_x = x
        self.center_y = y
        self.alpha = 255

    @property
    def center_x(self) -> float:
        return float(self.text.x)

    @center_x.setter
    def center_x(self, x: float) -> None:
        self.text.x = x
        self.shadow.x = x + 2

    @property
    def center_y(self) -> float:
        return float(self.text.y)

    @center_y.setter
    def center_y(self, y: float) -> None:
        self.text.y = y
        self.shadow.y = y - 2

    @property
    def alpha(self) -> int:
        return self._alpha

    @alpha.setter
    def alpha(self, a: int) -> None:
        self._alpha = a
        self.text.color = (*self.base, a)
        self.shadow.color = (0, 0, 0, a * 3 // 4)

    def draw(self) -> None:
        if self._alpha > 0:
            self.shadow.draw()
            self.text.draw()


__all__ = ["SPECIALS", "Blockers", "Cell", "Grid", "LayerSprite", "Popup", "Shown", "TileSprite", "cell_color"]
