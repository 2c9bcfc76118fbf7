"""The bench yardstick: a plain bit-parallel match-3 engine (never imported by the game).

One Python int per kind, bit r * stride + c for cell (r, c), stride = width + 1 so each row
ends in a guard bit no mask sets (a shift never joins two rows). Runs are found with shifts
and ANDs, legal swaps are enumerated with masks for all cells at once, and gravity drops every
column at once with bit tricks. No events, no specials, no blockers: it only plays. This is a
plain, direct port of the usual bitboard method, written to be fast, not slowed on purpose:
bench/core.py measures the core against it in one process.
"""

from __future__ import annotations

import random


class BitEngine:
    """A height x width board of `kinds` kinds, runs of three, refilled from a random.Random."""

    __slots__ = ("height", "width", "stride", "kinds", "masks", "inside", "rows", "rng",
                 "spread", "moves")

    def __init__(self, height: int, width: int, kinds: int, seed: int) -> None:
        self.height = height
        self.width = width
        self.stride = s = width + 1
        self.kinds = kinds
        row = (1 << width) - 1
        self.rows = [row << (r * s) for r in range(height)]
        self.inside = sum(self.rows)
        self.rng = random.Random(seed)
        self.masks = [0] * (kinds + 1)   # index 0 unused
        self.moves = (0, 0)              # the legal-swap masks of the board as it stands
        # Shifts needed to spread the "empty somewhere below" mark up a column: 1, 2, 4, ... rows.
        spread = []
        k = 1
        while k < height:
            spread.append(k * s)
            k += k
        self.spread = tuple(spread)
        self.deal()

    # -- dealing --------------------------------------------------------------------------
    def deal(self) -> None:
        """Reading order, each cell a random kind that makes no run with the two cells to its
        left or above; dealt again until some swap is legal."""
        height, width, kinds = self.height, self.width, self.kinds
        rnd = self.rng.random
        while True:
            cells = [[0] * width for _ in range(height)]
            for r in range(height):
                row = cells[r]
                for c in range(width):
                    bad = (row[c - 1],) if c >= 2 and row[c - 1] == row[c - 2] else ()
                    if r >= 2 and cells[r - 1][c] == cells[r - 2][c]:
                        bad += (cells[r - 1][c],)
                    while True:
                        kind = int(rnd() * kinds) + 1
                        if kind not in bad:
                            break
                    row[c] = kind
            masks = [0] * (kinds + 1)
            s = self.stride
            for r, row in enumerate(cells):
                for c, kind in enumerate(row):
                    masks[kind] |= 1 << (r * s + c)
            self.masks = masks
            self.moves = self.swaps()
            if self.moves[0] or self.moves[1]:
                return

    # -- the rules ------------------------------------------------------------------------
    def runs(self) -> int:
        """Every cell in a run of three or more alike, all kinds at once."""
        s = self.stride
        found = 0
        for m in self.masks:
            h = m & (m >> 1)
            h &= h >> 1
            v = m & (m >> s)
            v &= v >> s
            found |= h | (h << 1) | (h << 2) | v | (v << s) | (v << (s + s))
        return found

    def swaps(self) -> tuple[int, int]:
        """(across, down): bit p of across marks a legal swap of p with p+1, of down with p+stride.

        A tile of kind k arriving at cell p makes a run when two cells in a line beside p (not
        counting where it came from) hold k: patterns of shifted masks, for all cells at once.
        """
        s = self.stride
        s2 = s + s
        tiles = self.inside
        across = 0
        down = 0
        for m in self.masks:
            if not m:
                continue
            dest = tiles & ~m
            l1, l2 = m << 1, m << 2          # the cell one / two to the left holds k
            r1, r2 = m >> 1, m >> 2          # ... to the right
            u1, u2 = m << s, m << s2         # ... above
            d1, d2 = m >> s, m >> s2         # ... below
            vert = (u1 & u2) | (u1 & d1) | (d1 & d2)       # a column run through p
            horiz = (l1 & l2) | (l1 & r1) | (r1 & r2)      # a row run through p
            # A k arriving from the right (its old cell p+1 holds k): runs left, up/down.
            from_right = ((l1 & l2) | vert) & r1 & dest
            from_left = ((r1 & r2) | vert) & l1 & dest
            from_below = ((u1 & u2) | horiz) & d1 & dest
            from_above = ((d1 & d2) | horiz) & u1 & dest
            across |= from_right | (from_left >> 1)
            down |= from_below | (from_above >> s)
        return across & tiles & (tiles >> 1), down & tiles & (tiles >> s)

    def legal(self) -> list[tuple[int, int]]:
        """Every legal swap as (bit, bit)."""
        across, down = self.moves
        s = self.stride
        out = []
        while across:
            low = across & -across
            p = low.bit_length() - 1
            out.append((p, p + 1))
            across ^= low
        while down:
            low = down & -down
            p = low.bit_length() - 1
            out.append((p, p + s))
            down ^= low
        return out

    def swap(self, a: int, b: int) -> None:
        """Swap the tiles at bits a and b, then cascade until still; deal again when no move is left."""
        both = (1 << a) | (1 << b)
        masks = self.masks
        for k in range(1, self.kinds + 1):
            m = masks[k]
            if m & both and (m & both) != both:
                masks[k] = m ^ both
        self.cascade()
        self.moves = self.swaps()   # kept for the next legal()
        if not (self.moves[0] or self.moves[1]):
            self.deal()

    def cascade(self) -> None:
        masks = self.masks
        s = self.stride
        inside = self.inside
        spread = self.spread
        rnd = self.rng.random
        kinds = self.kinds
        runs = self.runs()
        while runs:
            for k in range(1, kinds + 1):
                masks[k] &= ~runs
            # Gravity, every column at once: a tile with an empty cell anywhere below it drops
            # one row; repeat until no tile has (as many rounds as the deepest gap).
            occupied = 0
            for m in masks:
                occupied |= m
            empty = inside & ~occupied
            while True:
                below = empty >> s
                for sh in spread:
                    below |= below >> sh
                movers = occupied & below
                if not movers:
                    break
                for k in range(1, kinds + 1):
                    m = masks[k]
                    moving = m & movers
                    if moving:
                        masks[k] = (m ^ moving) | (moving << s)
                occupied = (occupied ^ movers) | (movers << s)
                empty = inside & ~occupied
            # Refill the empty cells (now at the tops of their columns).
            while empty:
                low = empty & -empty
                masks[int(rnd() * kinds) + 1] |= low
                empty ^= low
            runs = self.runs()


def play_games(height: int, width: int, kinds: int, games: int, moves: int) -> int:
    """A random-legal-move bot: `games` games of `moves` moves, a new deal each; the moves played."""
    played = 0
    for seed in range(games):
        engine = BitEngine(height, width, kinds, seed)
        choose = random.Random(seed).choice
        for _ in range(moves):
            legal = engine.legal()
            if not legal:
                break
            a, b = choose(legal)
            engine.swap(a, b)
            played += 1
    return played
