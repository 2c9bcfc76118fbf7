"""The bench baseline: a plain nested-loop port of the luxe match-3 tutorial's board logic.

This is the yardstick bench/core.py measures our core against. It follows the tutorial's
algorithm as written (see ../shared/seeds/match3-game-logic-luxe.txt): a list of rows, matches
found by rescanning the whole board, has_valid_moves and the legal-swap list by trying every
swap and rescanning the whole board each time, then drop_blocks and fill_top until still.
It is written in idiomatic Python (direct list indexing rather than the tutorial's
get_cell/set_cell calls) so the yardstick is not made slow on purpose.
"""

from __future__ import annotations

import random


class LuxeGrid:
    """The tutorial's grid state: rows of kinds (0 = empty), its size, kinds and an RNG."""

    def __init__(self, rows: list[list[int]], kinds: int, rng: random.Random) -> None:
        self.rows = rows
        self.height = len(rows)
        self.width = len(rows[0])
        self.kinds = kinds
        self.rng = rng

    @classmethod
    def dealt(cls, height: int, width: int, kinds: int, seed: int) -> "LuxeGrid":
        grid = cls([[0] * width for _ in range(height)], kinds, random.Random(seed))
        grid.reset_grid()
        return grid

    # -- filling ----------------------------------------------------------------------
    def safe_tile(self, x: int, y: int) -> int:
        """A kind that makes no run with the two cells to the left or above (10 tries)."""
        rows = self.rows
        kind = self.rng.randrange(self.kinds) + 1
        for _ in range(10):
            match = False
            if x >= 2 and rows[y][x - 1] == kind and rows[y][x - 2] == kind:
                match = True
            if y >= 2 and rows[y - 1][x] == kind and rows[y - 2][x] == kind:
                match = True
            if not match:
                return kind
            kind = self.rng.randrange(self.kinds) + 1
        return kind

    def reset_grid(self) -> None:
        for y in range(self.height):
            for x in range(self.width):
                self.rows[y][x] = self.safe_tile(x, y)

    # -- the rules --------------------------------------------------------------------
    def find_all_matches(self) -> list[tuple[int, int]]:
        """Every (x, y) in a row or column run of 3 or more, by a full-board scan."""
        rows, width, height = self.rows, self.width, self.height
        matches: list[tuple[int, int]] = []
        marked = [[False] * width for _ in range(height)]
        for y in range(height):
            x = 0
            while x < width:
                kind = rows[y][x]
                if kind == 0:
                    x += 1
                    continue
                count = 1
                while x + count < width and rows[y][x + count] == kind:
                    count += 1
                if count >= 3:
                    for i in range(count):
                        if not marked[y][x + i]:
                            matches.append((x + i, y))
                            marked[y][x + i] = True
                x += count
        for x in range(width):
            y = 0
            while y < height:
                kind = rows[y][x]
                if kind == 0:
                    y += 1
                    continue
                count = 1
                while y + count < height and rows[y + count][x] == kind:
                    count += 1
                if count >= 3:
                    for i in range(count):
                        if not marked[y + i][x]:
                            matches.append((x, y + i))
                            marked[y + i][x] = True
                y += count
        return matches

    def drop_blocks(self) -> None:
        rows = self.rows
        for x in range(self.width):
            write_y = self.height - 1
            for y in range(self.height - 1, -1, -1):
                if rows[y][x] != 0:
                    if y != write_y:
                        rows[write_y][x] = rows[y][x]
                        rows[y][x] = 0
                    write_y -= 1

    def fill_top(self) -> None:
        rows = self.rows
        for x in range(self.width):
            for y in range(self.height):
                if rows[y][x] == 0:
                    rows[y][x] = self.rng.randrange(self.kinds) + 1

    def process_matches(self) -> None:
        matches = self.find_all_matches()
        while matches:
            for x, y in matches:
                self.rows[y][x] = 0
            self.drop_blocks()
            self.fill_top()
            matches = self.find_all_matches()

    def _swap(self, x1: int, y1: int, x2: int, y2: int) -> None:
        rows = self.rows
        rows[y1][x1], rows[y2][x2] = rows[y2][x2], rows[y1][x1]

    def _swap_matches(self, x1: int, y1: int, x2: int, y2: int) -> bool:
        """Try a swap, rescan the whole board, swap back."""
        self._swap(x1, y1, x2, y2)
        found = bool(self.find_all_matches())
        self._swap(x1, y1, x2, y2)
        return found

    def has_valid_moves(self) -> bool:
        for y in range(self.height):
            for x in range(self.width):
                if x < self.width - 1 and self._swap_matches(x, y, x + 1, y):
                    return True
                if y < self.height - 1 and self._swap_matches(x, y, x, y + 1):
                    return True
        return False

    def valid_moves(self) -> list[tuple[tuple[int, int], tuple[int, int]]]:
        """Every legal swap as ((row, col), (row, col)), by has_valid_moves' method, not stopping."""
        out: list[tuple[tuple[int, int], tuple[int, int]]] = []
        for y in range(self.height):
            for x in range(self.width):
                if x < self.width - 1 and self._swap_matches(x, y, x + 1, y):
                    out.append(((y, x), (y, x + 1)))
                if y < self.height - 1 and self._swap_matches(x, y, x, y + 1):
                    out.append(((y, x), (y + 1, x)))
        return out

    def complete_swap(self, x1: int, y1: int, x2: int, y2: int) -> bool:
        """The tutorial's complete_swap: swap, cascade, then ask whether a move is left.

        When none is left the board is dealt again (the tutorial's game-over point).
        """
        self._swap(x1, y1, x2, y2)
        if self.find_all_matches():
            self.process_matches()
        if not self.has_valid_moves():
            self.reset_grid()
            return False
        return True
