"""Additive pattern databases for the slide search: made by assets/make_slide_tables.py, shipped in assets/slide/.

A pattern is a few tiles; its table holds, for every way those tiles can lie on the board, the
fewest slides of those tiles (the gap's walks through other tiles are free) that bring them home.
The patterns of a board share no tile, so the tables' sum never counts a slide twice and never
overestimates the fewest slides (Korf and Felner, "Disjoint pattern database heuristics", 2002).
A 4x4 board has three tables of five tiles; a 3x4 board one of six and one of five, and a 4x3
board uses them turned on its side.

A table is flat, indexed by sum(cell of the pattern's j-th tile * cells ** j) (cells = height x
width), one byte each (255: no such placing), and ships zlib-compressed.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass

from game.core import Grid, slide_sources, solved_slide

UNSET = 255
# The patterns of each board shape (height, width), goal numbering (tile t belongs in flat cell
# t - 1). 4x4: Korf and Felner's 5-5-5, turned for the gap's goal at the bottom right.
PATTERNS: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {
    (4, 4): ((1, 2, 3, 5, 6), (4, 7, 8, 11, 12), (9, 10, 13, 14, 15)),
    (3, 4): ((1, 2, 5, 6, 9, 10), (3, 4, 7, 8, 11)),
}
FOLDER = "slide"


class TablesMissing(ValueError):
    """A pattern table the game ships is not where it should be (a broken install)."""


def table_name(height: int, width: int, pattern: tuple[int, ...]) -> str:
    """The shipped file of a pattern's table, e.g. 4x4-1-2-3-5-6.pdb."""
    return f"{height}x{width}-" + "-".join(map(str, pattern)) + ".pdb"


def _neighbours(height: int, width: int) -> list[tuple[int, ...]]:
    return [tuple(r * width + c for r, c in slide_sources(divmod(i, width), height, width))
            for i in range(height * width)]


def build_table(height: int, width: int, pattern: tuple[int, ...]) -> bytes:
    """The pattern's table by a breadth-first search back from the goal over (pattern cells,
    gap cell): the gap's step onto a cell no pattern tile holds is free, a pattern tile's slide
    costs one. Each level is first closed under the free steps, so a placing's first level is
    its fewest slides. Pure Python: about half a minute for five tiles of a 4x4 board."""
    n = height * width
    k = len(pattern)
    power = [n ** j for j in range(k + 1)]
    gap_unit = power[k]
    near = _neighbours(height, width)
    seen = bytearray(b"\xff") * (n ** (k + 1))   # (placing, gap) -> level, UNSET: not yet
    table = bytearray(b"\xff") * gap_unit
    start = sum((t - 1) * power[j] for j, t in enumerate(pattern)) + (n - 1) * gap_unit
    seen[start] = 0
    level = [start]
    depth = 0
    while level:
        stack = list(level)
        while stack:   # the free steps: the gap walks through cells no pattern tile holds
            state = stack.pop()
            placing, gap = state % gap_unit, state // gap_unit
            if table[placing] == UNSET:
                table[placing] = depth
            held = {placing // power[j] % n for j in range(k)}
            for cell in near[gap]:
                if cell not in held:
                    nxt = placing + cell * gap_unit
                    if seen[nxt] == UNSET:
                        seen[nxt] = depth
                        stack.append(nxt)
                        level.append(nxt)
        depth += 1
        following = []
        for state in level:   # one pattern tile slides into the gap
            placing, gap = state % gap_unit, state // gap_unit
            tile_at = {placing // power[j] % n: j for j in range(k)}
            for cell in near[gap]:
                j = tile_at.get(cell)
                if j is not None:
                    nxt = placing + (gap - cell) * power[j] + cell * gap_unit
                    if seen[nxt] == UNSET:
                        seen[nxt] = depth
                        following.append(nxt)
        level = following
    return bytes(table)


@dataclass(frozen=True, slots=True)
class PatternTables:
    """One board shape's tables, and for each tile which table it counts in and its weight
    there, so a slide updates the estimate by one look-up."""

    height: int
    width: int
    tables: tuple[bytes, ...]
    group: tuple[int, ...]    # per tile (0: the gap, unused), its table
    weight: tuple[int, ...]   # per tile, cells ** (its place in its pattern)

    def codes(self, cells: tuple[int, ...] | list[int]) -> list[int]:
        """Each table's index for a flat board."""
        codes = [0] * len(self.tables)
        for i, t in enumerate(cells):
            if t:
                codes[self.group[t]] += i * self.weight[t]
        return codes

    def estimate(self, cells: tuple[int, ...] | list[int]) -> int:
        """At most the fewest slides that solve the flat board (the tables' sum)."""
        return sum(table[code] for table, code in zip(self.tables, self.codes(cells)))


def tables_from(height: int, width: int, tables: tuple[bytes, ...]) -> PatternTables:
    """The PatternTables of a shape from its tables' bytes, in PATTERNS order."""
    n = height * width
    group = [0] * n
    weight = [0] * n
    for g, pattern in enumerate(PATTERNS[(height, width)]):
        for j, t in enumerate(pattern):
            group[t], weight[t] = g, n ** j
    return PatternTables(height, width, tables, tuple(group), tuple(weight))


def load_tables(height: int, width: int) -> PatternTables:
    """The shipped tables of a board shape (one of PATTERNS); TablesMissing naming the file
    when one is missing or damaged."""
    # Imported here, not above: game.bots is imported by every worker process of a playtest,
    # which never plans a slide hint and may run on a Python without the game's file layer's
    # own dependencies (tests/bots/test_worker_pickling.py runs one on the system's Python).
    from game.io import gate
    from game.io.paths import assets_dir

    tables = []
    size = height * width
    for pattern in PATTERNS[(height, width)]:
        path = assets_dir() / FOLDER / table_name(height, width, pattern)
        try:
            table = zlib.decompress(gate.read_bytes(path))
        except (OSError, zlib.error) as exc:
            raise TablesMissing(f"{path}: cannot read the slide hint's table ({exc})") from None
        if len(table) != size ** len(pattern):
            raise TablesMissing(f"{path}: the slide hint's table has the wrong size")
        tables.append(table)
    return tables_from(height, width, tuple(tables))


def solved_cells(height: int, width: int) -> tuple[int, ...]:
    return tuple(v for row in solved_slide(height, width) for v in row)


def flat(grid: Grid) -> tuple[int, ...]:
    return tuple(v for row in grid for v in row)
