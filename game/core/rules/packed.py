"""The plain match3 board's fast path: a move played on the board packed in one int, 4 bits a cell.

A level whose boards hold only tiles and holes (no specials formed or placed, no blockers or
fallers, runs of three, at most 7 kinds) plays each move here: the swap, every cascade step (its
runs found for every kind at once, the cells cleared, the columns fallen and refilled from the
game's one stream in the same order and amounts as rules/common.settle) and the legal swaps of
the board it leaves, all on one int; its events are told as it goes and the new State is made
once, at the end. Every other board plays by the general path (rules/match3.py, the cascade),
which stays the reference: tests/core/test_packed.py holds this one to it. What depends on the
geometry alone is made once and kept with the level's Packer: a step of one run (nearly every
step) by its cells (its events, fall and refill cells: Packer.line), a swap by its two cells.
A new game's still board is packed by its first legal_commands (Packer.still).

Cell p = row * stride + column (stride = width + 1: a guard column that is never a tile stops a
row's run at its end) owns bits 4p..4p+3, holding its kind (0: the guard, a hole or a cleared
cell).
Whether every cell holds the same kind as the cell o further on is a handful of big-int
operations (Packer.runs, Packer.swaps): XOR the board with itself shifted by o cells, then add 7 to each field, which
carries into its top bit exactly when the field is not zero (two kinds of at most 7 XOR to at
most 7, so no field overflows into the next).
"""

from __future__ import annotations

import struct
from itertools import chain, compress, islice
from operator import lshift
from typing import Sequence

from ..boards import ZERO_ONE, Bitboard, Geometry, MAX_KIND, _PICK
from ..commands import Swap
from ..events import Cleared, Event, Fell, Scored, Spawned, Swapped
from ..grid import Cell, Grid
from ..level import Level
from ..rng import GOLDEN, MASK64, below_many
from ..state import State
from ..units import BLOCKERS
from ..vocab import Mode
from .cascade import POINTS_PER_TILE
from .common import _falls, board_lanes

PACKED_KINDS = 7
"""The most kinds the packed board plays: two kinds' XOR must stay below 8 (see the module's note)."""
_HEX_VALUE = bytes.maketrans(b"0123456789abcdef", bytes(range(15)) + b"\xff")
"""A packed board's hex digits, read lowest cell first, into one byte a cell holding its value
(a field of all ones, a hole's mark, is 255: a signed byte's -1, HOLE)."""
_HEX_DIGIT = bytes(ord("0123456789abcdef"[b]) if b < 16 else ord("0") for b in range(256))
"""A cell's byte (boards' row packer: signed, so a hole is 255) into its hex digit."""
_DIGITS = "0123456789"
PEEL = 12
"""Up to this many cells in a step, the cells are read off the mask's rows from its first (few
columns each); past it, each column's off the whole mask (a big board's long cascades)."""
Ahead = tuple[int, Sequence[int]]
"""The stream's next kinds, drawn at once (rng.below_many, as Draws.below(kinds) + 1 gives) and
kept with the boards of a game's packed moves: the stream's state they start from, then the
kinds."""
Line = tuple[Cleared, int, int, int, int, int, "Fell | None", tuple[Cell, ...], tuple[int, ...], int]
"""A step of one run, made once (Packer.line)."""
SwapAt = tuple[int, int, int, int, int, Swapped]
"""A swap on the packed board, made once (Packer.swap_at)."""
_NONE_YET = (0,) * PACKED_KINDS
"""A move's counts of the kinds a state's collected does not hold (it holds one a kind)."""
_GOLDEN_INVERSE = pow(GOLDEN, -1, 1 << 64)
"""GOLDEN's inverse modulo 2**64: a state's draws since another is their difference times it."""


def plain(level: Level) -> bool:
    """Whether `level`'s boards play on the packed path: match3, no special formed or placed, no
    blocker or faller, runs of three, at most PACKED_KINDS kinds."""
    return (level.mode == Mode.MATCH3 and not level.forms and not level.specials
            and level.rules.min_match == 3 and level.kinds <= PACKED_KINDS
            and not any(level.layer_of(unit) for unit in BLOCKERS) and not level.goals.fallers)


def packer(level: Level) -> Packer | None:
    """The packed path's tables for `level`, or None when its boards take the general path
    (decided once, kept with the level)."""
    return level.kept("packed", lambda: Packer(level.geometry()) if plain(level) else None)


class PackedBoard(Bitboard):
    """A board as a packed move left it: the packed board and its legal swaps as `flags` (the top
    bit of a cell's field: its swap with the cell right of it, with the one below). What a
    Bitboard holds besides (the kinds' masks, the tiles' bits, the swaps by bit) is unpacked
    only when something asks for it (a bot's question): the next move and legal_commands
    need none of it."""

    __slots__ = ("packed", "flags", "ahead")

    def __init__(self, geo: Geometry, packed: int, flags: tuple[int, int], ahead: Ahead | None) -> None:
        # Bitboard.__init__ would set kinds, tiles, _swaps and legal: they stay unset until
        # read (__getattr__ is called for a slot not set).
        # (_rule, asked, layers and fallen too: their first reader sets them, as Bitboard would.)
        self.geo = geo
        self.packed = packed
        self.flags = flags
        self.ahead = ahead

    def __getattr__(self, name: str) -> object:
        """A Bitboard slot not set yet, unpacked from the packed board and its flags."""
        if name in _UNSET:
            value = {} if name == "asked" else _UNSET[name]
            setattr(self, name, value)
            return value
        if name in ("_swaps", "legal"):
            across, down = self.flags
            # Each hex digit of the flags moved to the field's lowest bit is 0 or 1: read as binary.
            swaps = (int(hex(across >> 3)[2:], 2), int(hex(down >> 3)[2:], 2))
            self._swaps = swaps
            self.legal = swaps   # no specials, no held tiles: the run swaps are every legal swap
            return swaps
        if name not in ("kinds", "tiles"):
            raise AttributeError(name)
        geo = self.geo
        text = _cells(self.packed, geo)[geo.height * geo.stride - 1::-1]   # no sentinel; the highest cell first
        masks = [0] * (MAX_KIND + 1)
        tiles = 0
        for kind in range(1, PACKED_KINDS + 1):
            if kind in text:
                masks[kind] = int(text.translate(_PICK[kind]), 2)
                tiles |= masks[kind]
        self.kinds = tuple(masks)
        self.tiles = tiles
        return getattr(self, name)

    def commands(self) -> list[Swap]:
        """The legal swaps in reading order (swap_list's), read off the flags, in C: each cell's
        hex digit of both flags (across 1, down 2) becomes a byte whose two hex digits are its
        two picks from swap_table."""
        across, down = self.flags
        # (up to the last cell with a swap: compress stops where the picks end)
        cells = hex((across >> 3) | (down >> 2))[:1:-1]
        picks = cells.encode().translate(_PICK_PAIR).hex().encode().translate(ZERO_ONE)
        return list(compress(swap_table(self.geo), picks))


_UNSET: dict[str, object] = {"_rule": 3, "asked": None, "layers": None, "fallen": -1}
"""A PackedBoard's Bitboard slots its first reader sets: the rule its swaps are for, its facts
(a new dict), its blocker layers (none), its fallers' pieces (not looked for)."""
_PICK_PAIR = bytes.maketrans(b"0123", b"\x00\x10\x01\x11")
"""A cell's hex digit of the flags (across 1, down 2) to a byte whose hex digits are 1 where it
picks its swap across, then down."""


def _cells(packed: int, geo: Geometry) -> bytes:
    """One byte a cell (its value), lowest cell first, for every cell of the board and a sentinel."""
    return hex(packed | 1 << (4 * geo.height * geo.stride))[:1:-1].encode().translate(_HEX_VALUE)


class Packer:
    """The packed path for one geometry: its masks and tables, kept with the Level."""

    __slots__ = ("geo", "ones", "sevens", "eights", "across_ok", "down_ok", "upper", "fresh",
                 "cell_of", "down", "rows_of", "row", "sentinel", "ahead", "holed",
                 "solid", "marks", "lines", "swaps_at", "scores", "offsets", "row_runs", "column_runs")

    def __init__(self, geo: Geometry) -> None:
        height, width, stride = geo.height, geo.width, geo.stride
        self.geo = geo
        ones = holes = 0
        for r in range(height):
            for c in range(width):
                if geo.inside >> (r * stride + c) & 1:
                    ones |= 1 << (4 * (r * stride + c))
                else:
                    holes |= 1 << (4 * (r * stride + c))
        self.ones = ones          # the lowest bit of every cell's field (holes have none)
        self.holed = bool(holes)  # every step takes _fall: its columns fall along their chutes
        self.solid = geo.solid
        self.sevens = ones * 7
        self.eights = eights = ones << 3
        self.across_ok = eights & (eights >> 4)             # the cell and its right neighbour
        self.down_ok = eights & (eights >> (4 * stride))    # the cell and the one below
        # upper[c][t]: the fields of column c's rows 0..t-1 (the tiles above a cleared row t)
        self.upper = tuple(tuple(sum(15 << (4 * (r * stride + c)) for r in range(t)) for t in range(height + 1))
                           for c in range(width))
        # fresh[c]: column c's chute cells top down, each with its field's shift (where refills land)
        self.fresh = tuple(tuple(((r, c), 4 * (r * stride + c)) for r in chute) for c, chute in enumerate(geo.chutes))
        self.cell_of = geo.cell_of
        self.down = down = 4 * stride    # a field's shift one row down
        # swaps()' shifts: a row down one cell left or right, two left or right, two rows down one
        # left or right, two rows down, three.
        self.offsets = (down - 4, down - 8, down + 4, down + 8, 2 * down - 4, 2 * down + 4, 2 * down, 3 * down)
        self.rows_of = range(height)
        self.sentinel = 1 << (4 * height * stride)   # a field past the board: hex() keeps every cell
        self.marks = self.sentinel | holes * 15   # and a hole's field all ones: -1 once unpacked
        self.ahead = sum(map(len, geo.chutes))   # the draws made ahead at once (board_lanes holds as many)
        # A run of n cells from its first, along a row (row_runs[n]) or down a column
        # (column_runs[n]), one bit a cell: Packer.line tells a step of one run by them.
        self.row_runs = tuple(sum(1 << (4 * i) for i in range(n)) for n in range(width + 1))
        self.column_runs = tuple(sum(1 << (down * i) for i in range(n)) for n in range(height + 1))
        self.row = struct.Struct(f"{width}bx")   # a row's bytes (one a cell, its guard's skipped) to its cells
        # Made on first use: a step of one run by its cleared cells (Packer.line), a swap by its
        # two cells (Packer.swap_at), a step's Scored by its cells and step.
        self.lines: dict[int, Line] = {}
        self.swaps_at: dict[tuple[Cell, Cell], SwapAt] = {}
        self.scores: dict[int, Scored] = {}

    # -- the whole-board questions --------------------------------------------------------------
    def runs(self, board: int) -> int:
        """The top bit of the field of every cell in a run of three or more, across or down."""
        eights, sevens, down = self.eights, self.sevens, self.down
        right = (((board ^ (board >> 4)) + sevens) & eights) ^ eights
        below = (((board ^ (board >> down)) + sevens) & eights) ^ eights
        across = right & (right >> 4)
        along = below & (below >> down)
        if not (across or along):
            return 0
        return across | (across << 4) | (across << 8) | along | (along << down) | (along << (down + down))

    def swaps(self, board: int) -> tuple[int, int]:
        """(across, down) legal-swap flags of a board with no run (the top bit of a cell's field:
        its swap with the cell right of it, with the one below), each swap's tile making a run
        where it lands (not counting the cell it left): in the row or column straight ahead,
        or split across its path."""
        eights, sevens, d = self.eights, self.sevens, self.down
        dm4, dm8, dp4, dp8, d2m4, d2p4, dd, ddd = self.offsets
        # same_o: the cells holding the kind of the cell o further on (o in cells, written out:
        # a call each cost a tenth of the move).
        e2 = (((board ^ (board >> 8)) + sevens) & eights) ^ eights
        e3 = (((board ^ (board >> 12)) + sevens) & eights) ^ eights
        sm1 = (((board ^ (board >> dm4)) + sevens) & eights) ^ eights
        sm2 = (((board ^ (board >> dm8)) + sevens) & eights) ^ eights
        sp1 = (((board ^ (board >> dp4)) + sevens) & eights) ^ eights
        sp2 = (((board ^ (board >> dp8)) + sevens) & eights) ^ eights
        dm1 = (((board ^ (board >> d2m4)) + sevens) & eights) ^ eights
        dp1 = (((board ^ (board >> d2p4)) + sevens) & eights) ^ eights
        d2 = (((board ^ (board >> dd)) + sevens) & eights) ^ eights
        d3 = (((board ^ (board >> ddd)) + sevens) & eights) ^ eights
        # Each pattern as `same` at an offset from the moving tile; a negative offset -o is the
        # positive one's flags moved up by o cells (the pair seen from its other end).
        up_right = sm1 << dm4           # offset 1 - s
        up_left = sp1 << dp4            # -1 - s
        # A tile moving right (to x + 1) and the one moving left (from x + 1, told at x + 1).
        right = (e2 & e3) | (up_right & ((dm1 << d2m4) | sp1)) | (sp1 & dp1)
        left = ((e2 << 8) & (e3 << 12)) | (up_left & ((dp1 << d2p4) | sm1)) | (sm1 & dm1)
        # A tile moving down (to x + s) and the one moving up (from x + s, told at x + s).
        fall = (d2 & d3) | (sm1 & (sm2 | sp1)) | (sp1 & sp2)
        rise = (((d2 << dd) & (d3 << ddd)) | (up_left & ((sp2 << dp8) | up_right))
                | (up_right & (sm2 << dm8)))
        return (right | (left >> 4)) & self.across_ok, (fall | (rise >> d)) & self.down_ok

    def pack(self, grid: Grid) -> int:
        """`grid` packed (a board no packed move has left yet: a new game's, a reshuffled one)."""
        packed = self.geo.packer.pack(*chain.from_iterable(grid)).translate(_HEX_DIGIT)
        return int(packed[::-1], 16)

    def still(self, grid: Grid) -> PackedBoard | None:
        """`grid`'s packed board with its legal swaps, when it holds no run (a new game's), else None."""
        board = self.pack(grid)
        if self.runs(board):
            return None
        return PackedBoard(self.geo, board, self.swaps(board), None)

    def _fall(self, board: int, cleared: int, count: int) -> tuple[
            list[Cell], list[tuple[Cell, Cell]], list[tuple[Cell, int]], int, int]:
        """A step whose cells are not one run along a row or down a column (`cleared`: bit 4p for
        each, already emptied on `board`): the cells in reading order, the moves of the fall
        (column by column, each top down), the cells left to refill (in drawing order), the
        board fallen, and the lowest row cleared."""
        geo = self.geo
        stride, down, upper, tables, cell_of = geo.stride, self.down, self.upper, geo.tables, self.cell_of
        hit: dict[int, list[int]] = {}
        if count <= PEEL:
            # The cells picked in C from the first cleared one's row on, then told by column.
            first = (cleared & -cleared).bit_length() >> 2
            base = first - first % stride
            found = list(compress(islice(cell_of, base, None),
                                  hex(cleared >> (4 * base))[:1:-1].encode().translate(ZERO_ONE)))
            for r, c in found:
                rows_hit = hit.get(c)
                if rows_hit is None:
                    hit[c] = [r]
                else:
                    rows_hit.append(r)
        else:
            picked = hex(cleared)[:1:-1].encode().translate(ZERO_ONE)
            found = list(compress(cell_of, picked))
            for c in range(geo.width):
                column = picked[c::stride]
                if 1 in column:
                    hit[c] = list(compress(self.rows_of, column))
        moves: list[tuple[Cell, Cell]] = []
        spots: list[tuple[Cell, int]] = []
        deepest = 0
        solid = self.solid
        for c in sorted(hit):
            rows_hit = hit[c]
            count = len(rows_hit)
            low_row = rows_hit[-1]
            deepest = max(deepest, low_row)
            if not solid[c]:
                # Holes in the column: each tile falls to the lowest free cell of its chute,
                # bottom up (settle's stable compaction), told top down.
                chute = self.fresh[c]
                write = geo.slots[c][low_row]
                fallen: list[tuple[Cell, Cell]] = []
                for i in range(write - 1, -1, -1):
                    source, at = chute[i]
                    kind = board >> at & 15
                    if kind:
                        target, to = chute[write]
                        board ^= (kind << at) | (kind << to)
                        fallen.append((source, target))
                        write -= 1
                fallen.reverse()
                moves += fallen
                spots += chute[:write + 1]
                continue
            if low_row - rows_hit[0] + 1 == count:
                # One block: every tile above it falls by its height.
                top = rows_hit[0]
                if top:
                    falling = board & upper[c][top]
                    board ^= falling ^ (falling << (count * down))
                    table = tables.get(count * stride + c)
                    moves += (table if table is not None else _falls(geo, c, count))[0][:top]  # type: ignore[index]
            else:
                # Several blocks: the tiles between two cleared rows fall by the number
                # cleared below them, told top down.
                column_bits = board & upper[c][low_row + 1]
                board ^= column_bits
                start = 0
                for j, r in enumerate(rows_hit):
                    if r > start:
                        fall = count - j
                        board |= (column_bits & upper[c][r] & ~upper[c][start]) << (fall * down)
                        table = tables.get(fall * stride + c)
                        moves += (table if table is not None else _falls(geo, c, fall))[0][start:r]  # type: ignore[index]
                    start = r + 1
            spots += self.fresh[c][:count]
        return found, moves, spots, board, deepest

    # -- the tables made on first use -----------------------------------------------------------
    def line(self, cleared: int) -> Line | None:
        """The step that clears the cells of `cleared` (bit 4p for each cell p), when they are one
        run along a row or down a column of a board without holes (nearly every step), else
        None: its Cleared, its count, the fields it empties (as the mask that keeps the rest),
        the first cell's shift, the tiles that fall (a mask and how far), its Fell (None when
        none falls), the cells refilled in drawing order with their shifts, and its lowest row."""
        if self.holed:
            return None
        geo = self.geo
        stride, down, cell_of = geo.stride, self.down, self.cell_of
        count = cleared.bit_count()
        first = (cleared & -cleared).bit_length() >> 2
        shape = cleared >> (4 * first)
        r, c = cell_of[first]
        if count <= geo.width and shape == self.row_runs[count]:
            # Along a row: each of its columns falls by one.
            found = cell_of[first:first + count]
            falling = ((1 << (down * r)) - 1) & (self.column_runs[geo.height] * ((1 << (4 * count)) - 1) << (4 * c))
            moves = tuple(chain.from_iterable(_falls(geo, column, 1)[0][:r] for column in range(c, c + count)))
            spots = tuple(self.fresh[column][0] for column in range(c, c + count))
            shift, low = down, r
        elif count <= geo.height and shape == self.column_runs[count]:
            # Down a column: the tiles above it fall by its length.
            found = cell_of[first:first + count * stride:stride]
            falling = self.upper[c][r]
            moves = _falls(geo, c, count)[0][:r]   # (made once: the line is kept)
            spots = self.fresh[c][:count]
            shift, low = count * down, r + count - 1
        else:
            return None
        made = (Cleared(tuple(found)), count, ~(cleared * 15), 4 * first, falling, shift,
                Fell(moves) if moves else None, tuple(cell for cell, _ in spots),
                tuple(at for _, at in spots), low)
        self.lines[cleared] = made
        return made

    def swap_at(self, a: Cell, b: Cell) -> SwapAt | None:
        """The swap of a and b on the packed board, kept by its cells: which flags hold it (0:
        across, 1: down) and its flag's bit there, both cells' shifts, the lower row and its
        Swapped; None when a and b are not two cells side by side on the board."""
        geo = self.geo
        stride = geo.stride
        (ar, ac), (br, bc) = a, b
        if not (0 <= ar < geo.height and 0 <= ac < geo.width and 0 <= br < geo.height and 0 <= bc < geo.width):
            return None
        if ar == br and (ac - bc == 1 or bc - ac == 1):
            which, top = 0, ar * stride + min(ac, bc)   # the swap's left cell
        elif ac == bc and (ar - br == 1 or br - ar == 1):
            which, top = 1, min(ar, br) * stride + ac     # its upper cell
        else:
            return None
        made = (which, 4 * top + 3, 4 * (ar * stride + ac), 4 * (br * stride + bc), max(ar, br),
                Swapped((ar, ac), (br, bc)))
        self.swaps_at[(a, b)] = made
        return made

    # -- a move ---------------------------------------------------------------------------------
    def move(self, state: State, a: Cell, b: Cell) -> tuple[list[Event], State, PackedBoard] | None:
        """The swap of a and b and its cascade: its events (no ending yet), the state they lead
        to and that state's board; None when the swap is not a legal one (the general path then
        says why: a rejected swap, or cells that cannot swap)."""
        try:
            at = self.swaps_at.get((a, b))
        except TypeError:   # cells that are not tuples of ints
            return None
        if at is None:
            at = self.swap_at(a, b)
            if at is None:
                return None
        which, flag, shift_a, shift_b, deepest, swapped = at
        cached = state.cache
        still = type(cached) is PackedBoard
        rng = state.rng
        drawn: Sequence[int] = ()   # the stream's kinds drawn ahead, from `start`; `offset` used
        start = offset = 0
        if still:
            board = cached.packed  # type: ignore[attr-defined]  # (a PackedBoard: no cast() call)
            if not cached.flags[which] >> flag & 1:  # type: ignore[attr-defined]
                return None
            ahead = cached.ahead  # type: ignore[attr-defined]
            if ahead is not None:
                start, drawn = ahead
                offset = ((rng - start) * _GOLDEN_INVERSE) & MASK64   # the draws since
                if offset > len(drawn):
                    drawn, offset = (), 0
        else:
            board = self.pack(state.grid)
            known = cached.known_swaps(3) if isinstance(cached, Bitboard) else None
            if known is None:
                if not self.swaps(board)[which] >> flag & 1:
                    return None
            elif not known[which] >> (flag >> 2) & 1:
                return None
        events: list[Event] = [swapped]
        ka, kb = board >> shift_a & 15, board >> shift_b & 15
        board ^= ((ka ^ kb) << shift_a) | ((ka ^ kb) << shift_b)
        runs = self.runs(board)
        eights, sevens, down = self.eights, self.sevens, self.down
        if not still:
            # A board not known to be still may hold runs of other kinds: the first step, as
            # the general path's, clears only the runs of the two kinds swapped.
            of_a = (((board ^ (self.ones * ka)) + sevens) & eights) ^ eights
            of_b = (((board ^ (self.ones * kb)) + sevens) & eights) ^ eights
            runs &= of_a | of_b
        kinds = state.level.kinds
        points = 0
        step = 1
        got = [0, *state.collected, *_NONE_YET]   # by kind: the tiles collected (none past the state's own)
        taken: list[str] = []   # the cleared tiles of the other steps, as hex digits
        lines, scores = self.lines, self.scores
        down2 = down + down
        while runs:
            cleared = runs >> 3   # bit 4p for each cell p cleared
            line = lines.get(cleared)
            if line is None:
                line = self.line(cleared)
            if line is not None:
                # One run (nearly every step): its tables, made once.
                cleared_event, count, keep, first, falling, shift, fell, cells, shifts, low = line
                if count < 6:
                    got[board >> first & 15] += count
                else:   # two runs of three or more may meet in the line: their kinds told apart
                    taken.append(hex(board & ~keep))
                board &= keep
                falling &= board
                board ^= falling ^ (falling << shift)
                events.append(cleared_event)
                if low > deepest:
                    deepest = low
            else:
                count = cleared.bit_count()
                fields = cleared * 15
                taken.append(hex(board & fields))
                board &= ~fields
                found, moves, spots, board, low = self._fall(board, cleared, count)
                events.append(Cleared(tuple(found)))
                fell = Fell(tuple(moves)) if moves else None
                cells, shifts = zip(*spots)
                if low > deepest:
                    deepest = low
            scored = scores.get(count << 12 | step)
            if scored is None:
                scored = Scored(POINTS_PER_TILE * count * step, step)
                if step < 64:
                    scores[count << 12 | step] = scored
            events.append(scored)
            points += scored.points
            if fell is not None:
                events.append(fell)
            # New tiles at the top of each column, column by column, top down: settle's draws
            # (SplitMix64, as Draws.below), read off the stream's kinds drawn ahead.
            n = len(cells)
            if offset + n > len(drawn):
                start, offset = rng, 0
                drawn = below_many(rng, self.ahead, kinds, board_lanes(self.geo), 1)[0]
            picked = drawn[offset:offset + n]
            offset += n
            board |= sum(map(lshift, picked, shifts))
            rng = (rng + n * GOLDEN) & MASK64
            events.append(Spawned(tuple(zip(cells, picked)), rng))
            step += 1
            # The next step's runs (runs(), written out: nearly every move asks it once or twice).
            right = (((board ^ (board >> 4)) + sevens) & eights) ^ eights
            below = (((board ^ (board >> down)) + sevens) & eights) ^ eights
            across_runs = right & (right >> 4)
            along = below & (below >> down)
            runs = (across_runs | (across_runs << 4) | (across_runs << 8)
                    | along | (along << down) | (along << down2))
        if taken:
            taken_text = "".join(taken)
            for kind in range(1, kinds + 1):
                got[kind] += taken_text.count(_DIGITS[kind])
        collected = tuple(got[1:1 + len(state.collected)])
        rows = deepest + 1
        stride = self.geo.stride
        text = hex(board | self.marks)   # the rows' cells: its last digits, read backwards
        values = text[:len(text) - rows * stride - 1:-1].encode().translate(_HEX_VALUE)
        grid = tuple(self.row.iter_unpack(values)) + state.grid[rows:]
        after = state.after(grid, score=state.score + points, moves=state.moves + 1,
                            collected=collected, rng=rng, specials=())
        return events, after, PackedBoard(self.geo, board, self.swaps(board),
                                          (start, drawn) if drawn else None)


# -- the legal swaps as commands --------------------------------------------------------------
def swap_table(geo: Geometry) -> tuple[Swap, ...]:
    """Entry 2*bit is the swap of that cell with its right neighbour, 2*bit+1 with the one below.

    Swaps are immutable values, so one table per geometry (kept in it) serves every call."""
    table = geo.tables.get(SWAP_TABLE)
    if table is None:
        items: list[Swap] = []
        for r, c in geo.cell_of:
            items.append(Swap((r, c), (r, c + 1)))
            items.append(Swap((r, c), (r + 1, c)))
        table = geo.tables[SWAP_TABLE] = tuple(items)
    return table  # type: ignore[return-value]  # (no cast() call: asked every move)


SWAP_TABLE = -1
"""The key of the swap table in Geometry.tables (the fall tables use keys of 0 and up)."""


def swap_list(geo: Geometry, across: int, down: int) -> list[Swap]:
    """The swaps of the masks in reading order (at one cell, the swap to the right first)."""
    if not (across or down):
        return []
    # Interleave the two masks bit by bit (place 2b: across at b, 2b+1: down at b: a mask's
    # binary text read in base 4 puts its bit b at place 2b), then let compress pick the table
    # entries whose byte is set, lowest bit first, all in C (it stops at the highest).
    both = int(bin(across)[2:], 4) | (int(bin(down)[2:], 4) << 1)
    return list(compress(swap_table(geo), bin(both)[:1:-1].encode().translate(ZERO_ONE)))
