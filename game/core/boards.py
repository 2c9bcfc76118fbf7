"""Pure board analysis shared by the rules and the level checks: runs, chutes, slide parity, bitboards."""

from __future__ import annotations

import struct
from dataclasses import dataclass, field
from itertools import chain, compress
from typing import Sequence, cast

from .grid import ALL_EIGHT, EMPTY, FALLER, ORTHOGONAL, RAINBOW, SOLID, Cell, Grid, HOLE, PLAYER, neighbours


def run_cells(grid: Grid, min_match: int) -> set[Cell]:
    """Every cell in a row or column run of `min_match` or more alike tiles (crossings once).
    Only kinds match: holes, gaps, filled cells, rainbows and fallers' pieces side by side are no run."""
    found: set[Cell] = set()
    height = len(grid)
    width = len(grid[0]) if height else 0
    for r, row in enumerate(grid):
        start = 0
        for c in range(1, width + 1):
            if c == width or row[c] != row[start] or not 0 < row[start] < RAINBOW:
                if c - start >= min_match and 0 < row[start] < RAINBOW:
                    found.update((r, k) for k in range(start, c))
                start = c
    for c in range(width):
        start = 0
        for r in range(1, height + 1):
            if r == height or grid[r][c] != grid[start][c] or not 0 < grid[start][c] < RAINBOW:
                if r - start >= min_match and 0 < grid[start][c] < RAINBOW:
                    found.update((k, c) for k in range(start, r))
                start = r
    return found


def chutes(grid: Grid, fixed: frozenset[Cell] | set[Cell] = frozenset()) -> list[list[Cell]]:
    """Each column's chute, top to bottom: its cells that are not a hole, the player, a SOLID
    cell or one of the `fixed` cells (tiles a blocker holds).

    Tiles fall along a chute past holes, filled cells, held tiles and the player, which never fall.
    """
    height = len(grid)
    width = len(grid[0]) if height else 0
    return [
        [(r, c) for r in range(height)
         if grid[r][c] != HOLE and grid[r][c] != PLAYER and grid[r][c] != SOLID and (r, c) not in fixed]
        for c in range(width)
    ]


def solved_slide(height: int, width: int) -> Grid:
    """The slide goal: 1..N-1 row by row, the gap last."""
    n = height * width
    return tuple(
        tuple((r * width + c + 1) % n for c in range(width)) for r in range(height)
    )


def slide_sources(gap: Cell, height: int, width: int) -> tuple[Cell, ...]:
    """The slide rule: the cells whose tile may slide into the gap at `gap` (its orthogonal
    neighbours on a height x width board: above, left, right, below)."""
    return tuple(neighbours(gap, height, width))


def slide_inversions(grid: Grid) -> int:
    tiles = [v for row in grid for v in row if v != EMPTY]
    inversions = 0
    for i, a in enumerate(tiles):
        for b in tiles[i + 1:]:
            if a > b:
                inversions += 1
    return inversions


def slide_solvable(grid: Grid) -> bool:
    """Whether legal slides can reach the solved board (the parity rule of the 15-puzzle).

    With an odd width a vertical slide jumps an even number of tiles, so the inversion
    parity never changes; with an even width each vertical slide flips it and moves the
    gap one row, so inversions + gap row keeps its parity.
    """
    height = len(grid)
    width = len(grid[0])
    inversions = slide_inversions(grid)
    if width % 2 == 1:
        return inversions % 2 == 0
    gap_row = next(r for r, row in enumerate(grid) if EMPTY in row)
    return (inversions + gap_row) % 2 == (height - 1) % 2


# -- bitboards ----------------------------------------------------------------------------------
# The match3 rules work on one Python int per tile kind: bit r * stride + c is set when (r, c)
# holds that kind. The stride is width + 1, so every row ends in a guard bit that no mask ever
# sets; a line of cells that would wrap from one row to the next must cross a guard bit, so a
# shift-and-AND never joins two rows. Whole-board questions (every run, every legal swap, is
# any swap left) are then a few dozen big-int operations instead of a Python loop per cell.

_HOLE_BYTE = HOLE & 0xFF
_ONE, _ZERO = ord("1"), ord("0")
MAX_KIND = 9
# For each byte value a grid cell can hold (kinds, holes), a table that turns a packed board
# into '1' where a cell holds that value and '0' elsewhere.
_PICK = {
    b: bytes.maketrans(bytes(range(256)), bytes(_ONE if i == b else _ZERO for i in range(256)))
    for b in (*range(1, FALLER + 1), _HOLE_BYTE)
}


Spot = tuple[Cell, int, int]
"""A cell, its bit (row * stride + column) and that bit as a mask."""


@dataclass(frozen=True, slots=True, eq=False)
class Geometry:
    """The fixed shape of a board: size, stride, holes, and tables indexed by bit."""

    height: int
    width: int
    stride: int
    holes: int                          # bits of HOLE cells
    inside: int                         # bits of every cell that is not a hole
    cell_of: tuple[Cell, ...]           # bit -> (row, col); guard bits map to (-1, -1)
    chutes: tuple[tuple[int, ...], ...]  # per column: the rows of its non-hole cells, top down
    slots: tuple[tuple[int, ...], ...]   # per column: row -> its index in the chute (-1: hole)
    solid: tuple[bool, ...]              # per column: no holes in it
    # per column: its chute cells top down, each with its bit and that bit as a mask (where
    # refills land)
    chute_cells: tuple[tuple[Spot, ...], ...]
    column_bits: tuple[int, ...]         # per column: the bits of its cells (holes too)
    rows: tuple[slice, ...]              # per row: its cells in a flat_board
    # Packs a grid's cells into bytes, a zero byte closing each row (bitboard() reads masks off it).
    packer: struct.Struct
    # Tables the rules build on first use, by key (they depend on the geometry alone): the fall
    # tables (rules/common.py), the swap table (rules/match3.py), the neighbour tables (chain).
    tables: dict[int, tuple[object, ...]] = field(default_factory=dict)


def make_geometry(height: int, width: int, holes: int) -> Geometry:
    """The geometry of a height x width board with HOLE cells at the bits `holes`.

    A level keeps its own (Level.geometry), so its games share the tables built on it."""
    stride = width + 1
    cell_of = tuple(
        (b // stride, b % stride) if b % stride < width else (-1, -1)
        for b in range(height * stride)
    )
    everything = sum(1 << (r * stride + c) for r in range(height) for c in range(width))
    chutes = tuple(
        tuple(r for r in range(height) if not holes >> (r * stride + c) & 1)
        for c in range(width)
    )
    slots = tuple(
        tuple(chute.index(r) if r in chute else -1 for r in range(height)) for chute in chutes
    )
    solid = tuple(len(chute) == height for chute in chutes)
    chute_cells = tuple(tuple(((r, c), r * stride + c, 1 << (r * stride + c)) for r in chute)
                        for c, chute in enumerate(chutes))
    column_bits = tuple(sum(1 << (r * stride + c) for r in range(height)) for c in range(width))
    rows = tuple(slice(r * stride, r * stride + width) for r in range(height))
    return Geometry(height, width, stride, holes, everything & ~holes, cell_of, chutes, slots,
                    solid, chute_cells, column_bits, rows, struct.Struct(f"{width}bx" * height))


def flat_board(grid: Grid) -> list[int]:
    """`grid` as one list by bit (row * stride + column), HOLE at each row's guard bit: a move's
    working board, on which a column's fall is a slice (rules/common.settle)."""
    work: list[int] = []
    for row in grid:
        work += row
        work.append(HOLE)
    return work


def grid_of(work: list[int], geo: Geometry) -> Grid:
    """The grid of a flat_board."""
    return tuple(map(tuple, map(work.__getitem__, geo.rows)))


Near = tuple[tuple[int, ...], ...]
"""Per bit (r * stride + c), the bits of the cells next to it on the board, in grid.neighbours'
order (guard bits have none)."""
_NEAR_KEYS = {False: -2, True: -3}   # their keys in Geometry.tables (after the swap table's -1)
_LANES_KEY = -10   # _swap_masks3's lane multiplier for n lanes: key _LANES_KEY - n


def near_table(height: int, width: int, diagonal: bool) -> Near:
    """The Near table of a height x width board: 4 neighbours, or 8 with `diagonal`."""
    stride = width + 1
    steps = ALL_EIGHT if diagonal else ORTHOGONAL
    out: list[tuple[int, ...]] = []
    for b in range(height * stride):
        r, c = divmod(b, stride)
        if c == width:
            out.append(())
            continue
        out.append(tuple((r + dr) * stride + c + dc for dr, dc in steps
                         if 0 <= r + dr < height and 0 <= c + dc < width))
    return tuple(out)


def geometry_near(geo: Geometry, diagonal: bool) -> Near:
    """near_table of the geometry's board (built once, kept in its tables)."""
    key = _NEAR_KEYS[diagonal]
    table = geo.tables.get(key)
    if table is None:
        table = geo.tables[key] = near_table(geo.height, geo.width, diagonal)
    return table  # type: ignore[return-value]


def holes_of(grid: Grid) -> int:
    """The bits of the HOLE cells of `grid`."""
    return cells_of(grid, HOLE, len(grid[0]) + 1)


def cells_of(grid: Grid, value: int, stride: int) -> int:
    """The bits (row * stride + column) of the cells of `grid` that hold `value`."""
    found = 0
    for r, row in enumerate(grid):
        if value in row:
            for c, v in enumerate(row):
                if v == value:
                    found |= 1 << (r * stride + c)
    return found


class Bitboard:
    """A grid as one mask per kind (index 0 unused) plus the mask of every tile.

    It also remembers its legal-swap masks once asked (they depend on the masks alone), and
    `asked` keeps facts the rules work out about the state (its specials by bit, the last answer
    to a question about one swap), `layers` the blocker layers by bit, `fallen` the fallers' pieces' bits,
    `legal` the legal swaps (a board is kept with one State, so these are that state's).
    """

    __slots__ = ("geo", "kinds", "tiles", "_swaps", "_rule", "asked", "layers", "fallen", "legal")

    def __init__(self, geo: Geometry, kinds: tuple[int, ...], tiles: int) -> None:
        self.geo = geo
        self.kinds = kinds
        self.tiles = tiles
        self._swaps: tuple[int, int] | None = None
        self._rule = 0
        self.asked: dict[object, object] = {}
        self.layers: object = None   # the blocker layers by bit, as the move that made it left them
        self.fallen = -1             # the fallers' pieces' bits (-1: not looked for yet)
        self.legal: tuple[int, int] | None = None   # the legal swaps, specials' and locks' counted

    def swaps(self, min_match: int) -> tuple[int, int]:
        """swap_masks(self, min_match), computed once."""
        if self._swaps is None or self._rule != min_match:
            self._swaps = _swap_masks3(self) if min_match == 3 else swap_masks(self, min_match)
            self._rule = min_match
        return self._swaps

    def known_swaps(self, min_match: int) -> tuple[int, int] | None:
        """The legal-swap masks if they were computed already, else None."""
        return self._swaps if self._rule == min_match else None

    def has_swap(self, min_match: int) -> bool:
        if self._swaps is not None and self._rule == min_match:
            return bool(self._swaps[0] or self._swaps[1])
        across, down = swap_masks(self, min_match, first_only=True)
        return bool(across or down)


def bitboard(grid: Grid, geo: Geometry | None = None) -> Bitboard:
    """The bitboard of `grid` (kinds 1..9; holes go into the geometry): on `geo` when its
    shape and holes are the grid's (a level's own, whose tables are built already), else on
    a geometry made for it."""
    height = len(grid)
    width = len(grid[0])
    if geo is None or geo.height != height or geo.width != width:
        geo = make_geometry(height, width, holes_of(grid))
    # One byte per cell, a zero byte closing each row, reversed so cell bit 0 is the last
    # character: int(text, 2) then reads each kind's mask straight off the translated bytes.
    packed = geo.packer.pack(*chain.from_iterable(grid))[::-1]
    holes = int(packed.translate(_PICK[_HOLE_BYTE]), 2) if _HOLE_BYTE in packed else 0
    if holes != geo.holes:
        geo = make_geometry(height, width, holes)
    masks = [0] * (MAX_KIND + 1)
    tiles = 0
    for k in range(1, MAX_KIND + 1):
        if k in packed:
            m = int(packed.translate(_PICK[k]), 2)
            masks[k] = m
            tiles |= m
    return Bitboard(geo, tuple(masks), tiles)


def refresh_masks(work: list[int], masks: list[int], geo: Geometry) -> None:
    """Set masks[1:] (one per kind, then RAINBOW's and FALLER's) to the cells of `work` (a
    flat_board) that hold each value: after a big step, one pass in C over the board costs
    less than a mask update for each of its hundreds of moved and new tiles."""
    packer = geo.tables.get(_FLAT_PACKER)
    if packer is None:
        packer = geo.tables[_FLAT_PACKER] = (struct.Struct(f"{geo.height * geo.stride}b"),)
    packed = cast(struct.Struct, packer[0]).pack(*work)[::-1]
    for value in range(1, len(masks)):
        masks[value] = int(packed.translate(_PICK[value]), 2) if value in packed else 0


_FLAT_PACKER = -30
"""The key of refresh_masks' packer in Geometry.tables (one signed byte a flat_board entry)."""


def board_bits(mask: int, geo: Geometry) -> list[int]:
    """bits_of(mask) for a mask of `geo`'s board: when its cells are many against the board's
    (a big board's step), picked out of a table of the board's bits by the mask's binary text,
    in C (the table is kept with the geometry, so no int is made for a bit not set)."""
    found = geo.tables.get(_BIT_TABLE)
    if found is None:
        found = geo.tables[_BIT_TABLE] = tuple(range(geo.height * geo.stride))
    if mask.bit_count() * 8 <= len(found):
        return bits_of(mask)
    return list(compress(found, bin(mask)[:1:-1].encode().translate(ZERO_ONE)))  # type: ignore[arg-type]


_BIT_TABLE = -31
"""The key of board_bits' table in Geometry.tables (every bit of the board, guard bits too)."""


def bits_of(mask: int) -> list[int]:
    """The set bits of `mask`, lowest first."""
    out: list[int] = []
    if mask.bit_count() <= SPARSE_BITS:
        # Few bits (a step's runs, nearly always): peel off the lowest one at a time.
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out
    # Many bits: one scan of the binary text, in C.
    text = bin(mask)[:1:-1]
    find = text.find
    i = find("1")
    while i >= 0:
        out.append(i)
        i = find("1", i + 1)
    return out


SPARSE_BITS = 32
"""Up to this many set bits, peeling the lowest bit beats scanning the binary text (measured)."""
ZERO_ONE = bytes.maketrans(b"01", b"\x00\x01")
"""Turns a mask's binary text into bytes of 0 and 1 (for itertools.compress to pick with)."""


def run_mask(masks: Sequence[int], stride: int, min_match: int) -> int:
    """Bits of every cell in a row or column run of `min_match` or more alike tiles.

    First, over every kind at once, the cells whose right (lower) neighbour holds the same
    kind; a cell starts a run when that holds for it and the next min_match - 2 cells along.
    """
    same_right = 0
    same_below = 0
    for m in masks:
        if m:
            same_right |= m & (m >> 1)
            same_below |= m & (m >> stride)
    across = same_right & (same_right >> 1)
    along = same_below & (same_below >> stride)
    if min_match == 3:   # the common rule, written out
        s2 = stride + stride
        return (across | (across << 1) | (across << 2)
                | along | (along << stride) | (along << s2))
    for i in range(2, min_match - 1):
        across &= same_right >> i
        along &= same_below >> (i * stride)
    found = 0
    if across:
        found = across
        for i in range(1, min_match):
            found |= across << i
    if along:
        spread = along
        for i in range(1, min_match):
            spread |= along << (i * stride)
        found |= spread
    return found


def run_parts(masks: Sequence[int], stride: int, min_match: int) -> tuple[int, int]:
    """(along rows, along columns): run_mask split by direction, so a cell in both is a crossing."""
    same_right = 0
    same_below = 0
    for m in masks:
        if m:
            same_right |= m & (m >> 1)
            same_below |= m & (m >> stride)
    if min_match == 3:   # the common rule, written out
        across = same_right & (same_right >> 1)
        along = same_below & (same_below >> stride)
        return (across | (across << 1) | (across << 2),
                along | (along << stride) | (along << (stride + stride)))
    across = same_right
    along = same_below
    for i in range(1, min_match - 1):
        across &= same_right >> i
        along &= same_below >> (i * stride)
    row_runs = 0
    column_runs = 0
    for i in range(min_match):
        row_runs |= across << i
        column_runs |= along << (i * stride)
    return row_runs, column_runs


def _line(m: int, step: int, length: int, left: bool) -> list[int]:
    """[all-ones, 1 cell, 2 cells, ...]: bit a set when the `length` cells beside a hold m.

    `left` looks toward lower bits (left or up), else toward higher bits (right or down).
    """
    out = [-1]
    acc = -1
    for i in range(1, length + 1):
        acc &= (m << (i * step)) if left else (m >> (i * step))
        out.append(acc)
    return out


def swap_masks(board: Bitboard, min_match: int, first_only: bool = False) -> tuple[int, int]:
    """(across, down): bit a of `across` marks a legal swap of a with its right neighbour,
    bit a of `down` a legal swap with the cell below; a swap is legal when it makes a run.

    A tile of kind k that moves into a makes a run when the cells of some line through a
    (not counting the cell it came from) hold k: the m-1 cells straight ahead, or a split of
    m-1 cells across its path. Every such pattern is an AND of shifted masks, for all cells
    at once. With `first_only`, the general path may stop at the first kind that has any
    swap (enough for has-a-swap); runs of three answer every kind in one pass anyway.
    """
    if min_match == 3:
        return _swap_masks3(board)
    s = board.geo.stride
    need = min_match - 1
    tiles = board.tiles
    across_all = 0
    down_all = 0
    for m in board.kinds:
        if not m:
            continue
        dest = tiles ^ m
        lft = _line(m, 1, need, True)
        rgt = _line(m, 1, need, False)
        up = _line(m, s, need, True)
        dn = _line(m, s, need, False)
        side = 0     # a run across the path of a tile moving up or down
        stand = 0    # a run across the path of a tile moving left or right
        for u in range(min_match):
            side |= lft[u] & rgt[need - u]
            stand |= up[u] & dn[need - u]
        # a tile of kind m arriving from the right, left, below, above:
        from_right = (stand | lft[need]) & rgt[1] & dest
        from_left = (stand | rgt[need]) & lft[1] & dest
        from_below = (side | up[need]) & dn[1] & dest
        from_above = (side | dn[need]) & up[1] & dest
        across_all |= from_right | (from_left >> 1)
        down_all |= from_below | (from_above >> s)
        if first_only and (across_all or down_all):
            break
    return across_all, down_all


def _swap_masks3(board: Bitboard) -> tuple[int, int]:
    """swap_masks for runs of three, for every kind at once.

    The kinds' masks are laid side by side in one int, each in its own lane with a margin of
    2 * stride + 2 empty bits above it, so the shifts below (at most 2 * stride) move a
    lane's bits into its own margin, never into a neighbouring lane, and every result is
    cut back to its lane by an AND with `dest` before it is shifted down. One pass of the
    pattern algebra then answers all kinds; folding the lanes together gives the masks.
    """
    geo = board.geo
    s = geo.stride
    s2 = s + s
    lane = geo.height * s + s2 + 2
    packed = 0
    shift = 0
    for m in board.kinds:
        if m:
            packed |= m << shift
            shift += lane
    if not shift:
        return 0, 0
    m = packed
    # every lane's tiles, minus that lane's own kind: where a tile of that kind may arrive (the
    # tiles copied into every lane by one multiplication, by 1 + 2**lane + 2**(2 * lane) + ...,
    # kept with the geometry by number of lanes: a long division each time cost more)
    key = _LANES_KEY - shift // lane
    spread = geo.tables.get(key)
    if spread is None:
        spread = geo.tables[key] = (((1 << shift) - 1) // ((1 << lane) - 1),)
    dest = (board.tiles * spread[0]) ^ m  # type: ignore[operator]
    l1 = m << 1
    r1 = m >> 1
    u1 = m << s
    d1 = m >> s
    ll = l1 & (m << 2)
    rr = r1 & (m >> 2)
    uu = u1 & (m << s2)
    dd = d1 & (m >> s2)
    side = ll | rr | (l1 & r1)
    stand = uu | dd | (u1 & d1)
    across = ((stand | ll) & r1 & dest) | (((stand | rr) & l1 & dest) >> 1)
    down = ((side | uu) & d1 & dest) | (((side | dd) & u1 & dest) >> s)
    # Fold the lanes onto the first by doubling: after the fold of span k lanes, lane 0 holds
    # lanes 0..2k-1 (the lanes above it hold junk, cut off below).
    span = lane
    while span < shift:
        across |= across >> span
        down |= down >> span
        span += span
    board_bits = (1 << (geo.height * s)) - 1
    return across & board_bits, down & board_bits
