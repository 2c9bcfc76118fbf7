"""Pieces shared by the falling-tile modes: columns settling along their chutes, the refill from
the top, and the reshuffle when no move is left (match3, with or without blockers, and chain)."""

from __future__ import annotations

from itertools import compress
from operator import itemgetter
from typing import AbstractSet, Callable, cast

from ..boards import Geometry, Spot, flat_board, grid_of, holes_of, make_geometry, refresh_masks
from ..events import Event, Fell, Spawned
from ..grid import EMPTY, FALLER, PLAYER, SOLID, Cell, Grid
from ..rng import GOLDEN, MASK64, Draws, below_many, draw_lanes
from ..state import Specials
from .specials import Layer

SHUFFLE_ATTEMPTS = 100


def settle(work: list[int], masks: list[int], geo: Geometry, kinds: int, hit: dict[int, list[int]],
           rng: int, events: list[Event], layer: Layer, fixed: int = 0, spawn_faller: bool = False) -> int:
    """Every column in `hit` falls along its chute, then its empty top cells refill; returns the
    RNG stream after the draws.

    `work` is the board by bit (boards.flat_board), so a column is a slice with the stride as
    its step. `hit` maps each column with an empty cell to its empty rows, top down (every other
    cell of its chute holds a tile). A chute is a column's cells that are not holes and not in `fixed`
    (the bits of filled cells, held tiles and the player, which never fall: tiles fall past them).
    Tiles fall in order (a stable partition); `masks` (one per kind, RAINBOW and FALLER included)
    and `layer` (specials ride their tiles) follow. New tiles are drawn column by column, top
    down, from the SplitMix64 stream `rng` (as Draws.below); with `spawn_faller` one more draw
    turns one of them into a faller's piece. Appends one Fell and one Spawned (when anything moved or came).
    """
    stride, cell_of, slots = geo.stride, geo.cell_of, geo.slots
    solid, chute_cells, column_bits = geo.solid, geo.chute_cells, geo.column_bits
    tables: dict[int, Falls] = geo.tables   # type: ignore[assignment]  # keys 0 and up: the fall tables
    golden, mask64 = GOLDEN, MASK64   # read once: the refill below draws hundreds a step on a big board
    moves: list[tuple[Cell, Cell]] = []
    tiles: list[tuple[Cell, int]] = []
    spawn: list[Spot] = []   # the chute cells to refill, in drawing order, with their bits
    # A big step (hundreds of cells on a big board) leaves the masks to one refresh from the
    # board at the end (boards.refresh_masks) instead of an update for each tile moved or new.
    many = len(hit) * geo.height >= BULK_DRAWS and sum(map(len, hit.values())) >= BULK_DRAWS
    for c in sorted(hit):
        rows_hit = hit[c]
        top, low = rows_hit[0], rows_hit[-1]
        fall = low - top + 1
        held = fixed & column_bits[c] if fixed else 0
        if fall == len(rows_hit) and solid[c] and not held:
            # One unbroken block in a column without holes or fixed cells (nearly every clear):
            # every tile above it falls by the block's height; the moves come from a table.
            if top:
                table = tables.get(fall * stride + c)
                pairs, swaps = table if table is not None else _falls(geo, c, fall)
                end = top * stride + c
                shift = fall * stride
                moving = work[c:end:stride]   # the column's rows above the block, in one slice
                work[c + shift:end + shift:stride] = moving
                if not many:
                    for kind, flip in zip(moving, swaps):
                        masks[kind] ^= flip
                moves.extend(pairs[:top])
            fresh = chute_cells[c][:fall]
        elif solid[c] and not held:
            # Several blocks in a column without holes or fixed cells (a big board's long
            # cascades): the tiles between two emptied rows fall by the number emptied below
            # them, so each such segment's moves are a slice of that fall's table, told top
            # down; the tiles move bottom up so none lands on one not moved yet.
            count = len(rows_hit)
            if many:
                # The masks wait for the refresh: the tiles above the lowest emptied row keep
                # their order and land on the rows from `count` down to it, so the moves and
                # the new column are picked out in C (no table slice per segment).
                end = (low + 1) * stride
                keep = bytearray(b"\x01") * (low + 1)
                for r in rows_hit:
                    keep[r] = 0
                column = cell_of[c:end:stride]
                moves.extend(zip(compress(column, keep), column[count:]))
                work[c + count * stride:end:stride] = list(compress(work[c:end:stride], keep))
                spawn.extend(chute_cells[c][:count])
                continue
            segments: list[tuple[int, int, int, tuple[int, ...]]] = []
            start = 0
            for j, r in enumerate(rows_hit):
                if r > start:
                    table = tables.get((count - j) * stride + c)
                    pairs, swaps = table if table is not None else _falls(geo, c, count - j)
                    moves.extend(pairs[start:r])
                    segments.append((start, r, count - j, swaps))
                start = r + 1
            for start, end, fall, swaps in reversed(segments):
                low_bit, high_bit, shift = start * stride + c, end * stride + c, fall * stride
                moving = work[low_bit:high_bit:stride]
                work[low_bit + shift:high_bit + shift:stride] = moving
                if not many:
                    for kind, flip in zip(moving, swaps[start:end]):
                        masks[kind] ^= flip
            fresh = chute_cells[c][:count]
        else:
            if held:
                spots = _held_chute(geo, c, held)
                bit = low * stride + c
                write = spots.index(((low, c), bit, 1 << bit))
            else:
                spots = chute_cells[c]
                write = slots[c][low]
            # Stable compaction, bottom up: each tile falls to the lowest free chute cell.
            fallen: list[tuple[Cell, Cell]] = []
            for i in range(write - 1, -1, -1):
                sb = spots[i][1]
                kind = work[sb]
                if kind:
                    # i < write always holds (write starts above i and falls at most as fast),
                    # so every tile found here moves.
                    db = spots[write][1]
                    work[db] = kind
                    work[sb] = EMPTY
                    fallen.append((cell_of[sb], cell_of[db]))
                    masks[kind] ^= (1 << sb) | (1 << db)
                    write -= 1
            if fallen:
                fallen.reverse()   # the event lists each column's tiles top down
                moves.extend(fallen)
            fresh = spots[:write + 1]
        spawn.extend(fresh)
    # New tiles for the chute cells left empty at the top, column by column, top down
    # (SplitMix64, as Draws.below): many at once on a big board, else one by one.
    if len(spawn) >= BULK_DRAWS:
        drawn, rng = below_many(rng, len(spawn), kinds, board_lanes(geo), 1)
        if many:
            # The masks are refreshed below: each new tile is its cell's kind, and its
            # (cell, kind) pair for the event made in C.
            for bit, kind in zip(map(_BIT, spawn), drawn):
                work[bit] = kind
            tiles = list(zip(map(_CELL, spawn), drawn))
        else:
            for (cell, bit, flag), kind in zip(spawn, drawn):
                work[bit] = kind
                masks[kind] |= flag
                tiles.append((cell, kind))
    else:
        for cell, bit, flag in spawn:
            rng = (rng + golden) & mask64
            z = ((rng ^ (rng >> 30)) * 0xBF58476D1CE4E5B9) & mask64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask64
            kind = (z ^ (z >> 31)) % kinds + 1
            work[bit] = kind
            masks[kind] |= flag
            tiles.append((cell, kind))
    if many:
        refresh_masks(work, masks, geo)
    if spawn_faller and tiles:
        rng = (rng + GOLDEN) & MASK64
        z = ((rng ^ (rng >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        i = (z ^ (z >> 31)) % len(tiles)
        cell, kind = tiles[i]
        _, bit, flag = spawn[i]
        work[bit] = FALLER
        masks[kind] ^= flag
        masks[FALLER] |= flag
        tiles[i] = (cell, FALLER)
    if moves:
        events.append(Fell(tuple(moves)))
        if layer:
            # Specials ride their tiles down (all at once, like the tiles): the few cells that
            # hold one are looked up among the many moves (in C), not each move in the layer.
            holding = {cell_of[bit] for bit in layer}
            riding = [(dr * stride + dc, layer.pop(sr * stride + sc))
                      for (sr, sc), (dr, dc) in compress(moves, map(holding.__contains__, map(_CELL, moves)))]
            layer.update(riding)
    if tiles:
        events.append(Spawned(tuple(tiles), rng))
    return rng


def board_lanes(geo: Geometry) -> tuple[int, int, int]:
    """rng.draw_lanes for as many draws as the board has cells (kept with its geometry)."""
    lanes = geo.tables.get(_LANES_KEY)
    if lanes is None:
        lanes = geo.tables[_LANES_KEY] = draw_lanes(sum(map(len, geo.chute_cells)))
    return lanes  # type: ignore[return-value]


def _held_chute(geo: Geometry, c: int, held: int) -> tuple[Spot, ...]:
    """Column c's chute cells without the `held` ones (its cells a unit holds), kept with the
    geometry by `held` (a board's held cells change only when a blocker breaks)."""
    found = geo.tables.get(_HELD_KEY)
    if found is None:
        found = geo.tables[_HELD_KEY] = ({},)
    chutes = cast("dict[int, tuple[Spot, ...]]", found[0])
    spots = chutes.get(held)
    if spots is None:
        spots = chutes[held] = tuple(spot for spot in geo.chute_cells[c] if not held >> spot[1] & 1)
    return spots


_HELD_KEY = -21
"""The key of _held_chute's chutes in Geometry.tables (by held cells: a column's are its own)."""
Falls = tuple[tuple[tuple[Cell, Cell], ...], tuple[int, ...]]
_CELL, _BIT = itemgetter(0), itemgetter(1)   # a Spot's cell and bit
BULK_DRAWS = 24
"""From this many new tiles in a step, the refill draws them all at once (rng.below_many)."""
_LANES_KEY = -20
"""The key of below_many's lanes in Geometry.tables (for as many draws as the board has cells)."""


def _falls(geo: Geometry, c: int, fall: int) -> Falls:
    """For column c of a hole-free board and a fall of `fall` rows: entry r of the first
    table is the move ((r, c), (r + fall, c)), of the second the bits of both cells."""
    s = geo.stride
    rows = range(geo.height - fall)
    found: Falls = (
        tuple(((r, c), (r + fall, c)) for r in rows),
        tuple((1 << (r * s + c)) | (1 << ((r + fall) * s + c)) for r in rows),
    )
    geo.tables[fall * s + c] = found
    return found


def settle_grid(grid: Grid, kinds: int, draws: Draws, events: list[Event],
                fixed: AbstractSet[Cell] = frozenset(), geo: Geometry | None = None) -> Grid:
    """settle() for a whole grid (chain's board after a path): every empty cell's column falls
    and refills; the player, filled cells, holes and the `fixed` cells (held tiles) never fall.
    `geo`: the board's geometry (the level's, whose fall tables are built already), if known."""
    height, width = len(grid), len(grid[0])
    holes = holes_of(grid)
    if geo is None or geo.holes != holes or geo.height != height or geo.width != width:
        geo = make_geometry(height, width, holes)
    work = flat_board(grid)
    hit: dict[int, list[int]] = {}
    for r, row in enumerate(grid):
        for c, v in enumerate(row):
            if v == EMPTY:
                hit.setdefault(c, []).append(r)
    if not hit:
        return grid
    held = _bits(grid, width, (PLAYER, SOLID))
    for r, c in fixed:
        held |= 1 << (r * geo.stride + c)
    masks = [0] * (FALLER + 1)   # settle keeps them; chain has no use for them
    draws.state = settle(work, masks, geo, kinds, hit, draws.state, events, {}, held)
    return grid_of(work, geo)


def _bits(grid: Grid, width: int, values: tuple[int, ...]) -> int:
    stride = width + 1
    found = 0
    for r, row in enumerate(grid):
        for c, v in enumerate(row):
            if v in values:
                found |= 1 << (r * stride + c)
    return found


def reshuffle(grid: Grid, draws: Draws, playable: Callable[[Grid, Specials], bool],
              fresh: Callable[[Grid], Grid | None], specials: Specials = (),
              fixed: AbstractSet[Cell] = frozenset()) -> tuple[Grid, Specials] | None:
    """No move is left: the same tiles, each with its special, dealt again over the tile cells
    until `playable`; else `fresh` deals of the plain tile cells (specials stay where they are);
    else None. Cells in `fixed` (locked tiles, fallers' pieces) keep their tiles."""
    spots = [(r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v > 0 and (r, c) not in fixed]
    on = dict(specials)
    tiles = [(grid[r][c], on.get((r, c))) for r, c in spots]
    for _ in range(SHUFFLE_ATTEMPTS):
        draws.shuffle(tiles)
        work = [list(row) for row in grid]
        for (r, c), (kind, _) in zip(spots, tiles):
            work[r][c] = kind
        dealt = tuple(tuple(row) for row in work)
        # Spots are in reading order, so the moved specials are too.
        moved = tuple((cell, special) for cell, (_, special) in zip(spots, tiles) if special is not None)
        if playable(dealt, moved):
            return dealt, moved
    blank = tuple(tuple(EMPTY if v > 0 and (r, c) not in fixed and (r, c) not in on else v
                        for c, v in enumerate(row)) for r, row in enumerate(grid))
    for _ in range(SHUFFLE_ATTEMPTS):
        candidate = fresh(blank)
        if candidate is not None and playable(candidate, specials):
            return candidate, specials
    return None


def fill_open(template: Grid, table: tuple[tuple[int, ...], ...],
              raw: list[int]) -> tuple[list[list[int]], Cell | None, int]:
    """match3.fill's rows on a `template` with no tile fixed (each cell EMPTY or holding no tile:
    a stone, a hole), runs of three: the cells right of and below the one being filled are empty
    still, so only the runs ending at it from the left and from above can form (the kind of the
    two cells left of it when they match, of the two above it when they match; `table`: the
    choices by left * 16 + up, 0 for none), and a cell with no tile stops both. One draw of `raw`
    an empty cell, in reading order. Returns the rows, the cell that could take no kind (None
    when every one could) and the draws used (before that cell)."""
    width = len(template[0])
    rows: list[list[int]] = []
    one_up = two_up = [0] * width   # the kinds one and two rows above (0: no tile)
    drawn = 0
    for r, cells in enumerate(template):
        ups = [k if k == j else 0 for k, j in zip(one_up, two_up)]
        row: list[int] = []
        left = far = 0   # the kinds one and two cells left
        if any(cells):   # a row with cells that hold no tile
            for c, (up, cell) in enumerate(zip(ups, cells)):
                if cell:
                    far = left = 0
                    row.append(cell)
                    continue
                options = table[(left << 4 | up) if left == far else up]
                if not options:
                    return rows, (r, c), drawn
                far, left = left, options[raw[drawn] % len(options)]
                drawn += 1
                row.append(left)
            rows.append(row)
            one_up, two_up = [k if k > 0 else 0 for k in row], one_up
            continue
        for up, value in zip(ups, raw[drawn:drawn + width]):
            options = table[(left << 4 | up) if left == far else up]
            if not options:
                return rows, (r, len(row)), drawn + len(row)
            far, left = left, options[value % len(options)]
            row.append(left)
        drawn += width
        rows.append(row)
        one_up, two_up = row, one_up
    return rows, None, drawn
