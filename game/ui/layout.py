"""Pixel <-> cell maths: a board fitted and centred in a rectangle; row 0 is drawn at the top."""

from __future__ import annotations

import math
from dataclasses import dataclass

Cell = tuple[int, int]

MAX_CELL = 96.0     # the textures' own size: larger would only blur them
MIN_CELL = 8.0
# A software renderer (llvmpipe) pays for every pixel filled: a board may cover this many pixels
# (a 9x9 board gets 66 px cells, a 6x6 one 96 px), which keeps a frame well under 16 ms.
PIXEL_BUDGET = 360_000.0


GPU_MAX_CELL = 200.0   # with a real GPU a board grows to fill its space (tiles are drawn at size)
SOFTWARE_RENDERERS = ("llvmpipe", "softpipe", "swiftshader", "software", "swrast")


def software_rendering(renderer: str) -> bool:
    """Whether the GL renderer's name is a software one (every pixel filled costs CPU time)."""
    name = renderer.lower()
    return any(word in name for word in SOFTWARE_RENDERERS)


def cell_limits(renderer: str, max_cell: float = MAX_CELL) -> tuple[float, float | None]:
    """(largest cell, pixel budget) for boards on this renderer: the measured software budget
    (bench/render.py), or on a GPU no budget and room to fill the window."""
    if software_rendering(renderer):
        return max_cell, PIXEL_BUDGET
    return max(max_cell, GPU_MAX_CELL), None


def budget_cell(rows: int, cols: int, max_cell: float = MAX_CELL, budget: float | None = PIXEL_BUDGET) -> float:
    """The largest cell a rows x cols board may use within the pixel budget and `max_cell`."""
    if budget is None:
        return max_cell
    return min(max_cell, math.sqrt(budget / max(1, rows * cols)))


@dataclass(frozen=True, slots=True)
class Rect:
    """A screen rectangle in arcade's pixels (y grows upward)."""

    left: float
    bottom: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.left + self.width

    @property
    def top(self) -> float:
        return self.bottom + self.height

    @property
    def center(self) -> tuple[float, float]:
        return (self.left + self.width / 2, self.bottom + self.height / 2)

    def contains(self, x: float, y: float) -> bool:
        return self.left <= x < self.right and self.bottom <= y < self.top


@dataclass(frozen=True, slots=True)
class BoardLayout:
    """Where a rows x cols board sits: cell size and the board's top-left corner in pixels."""

    rows: int
    cols: int
    cell: float
    left: float
    top: float

    @staticmethod
    def fit(rows: int, cols: int, area: Rect, max_cell: float = MAX_CELL) -> "BoardLayout":
        """The largest whole-pixel cell that fits `area`, the board centred in it."""
        size = max(MIN_CELL, float(math.floor(min(area.width / cols, area.height / rows, max_cell))))
        width, height = size * cols, size * rows
        left = round(area.left + (area.width - width) / 2)
        top = round(area.bottom + (area.height + height) / 2)
        return BoardLayout(rows, cols, size, float(left), float(top))

    @property
    def rect(self) -> Rect:
        return Rect(self.left, self.top - self.rows * self.cell, self.cols * self.cell, self.rows * self.cell)

    def center(self, cell: Cell) -> tuple[float, float]:
        """The pixel centre of `cell` (row 0 at the top)."""
        r, c = cell
        return (self.left + (c + 0.5) * self.cell, self.top - (r + 0.5) * self.cell)

    def center_of(self, row: float, col: float) -> tuple[float, float]:
        """The centre of a fractional cell position (for cells above the board while spawning)."""
        return (self.left + (col + 0.5) * self.cell, self.top - (row + 0.5) * self.cell)

    def cell_at(self, x: float, y: float) -> Cell | None:
        """The cell under pixel (x, y), or None off the board."""
        col = math.floor((x - self.left) / self.cell)
        row = math.floor((self.top - y) / self.cell)
        if 0 <= row < self.rows and 0 <= col < self.cols:
            return (row, col)
        return None

    def near_center(self, x: float, y: float, cell: Cell, fraction: float = 0.42) -> bool:
        """Whether (x, y) is within `fraction` of a cell of `cell`'s centre (drag paths use it,
        so cutting a corner does not pick up a diagonal neighbour by accident)."""
        cx, cy = self.center(cell)
        return math.hypot(x - cx, y - cy) <= self.cell * fraction
