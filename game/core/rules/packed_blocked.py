"""The packed path for match3 boards with blockers: stones, locks, ice and jelly over the board in one int.

A level with blocker units but otherwise plain (no specials formed or placed, no fallers, runs of
three, at most 7 kinds) plays each move here, on the packed board of rules/packed.py (4 bits a
cell), with its blocker layers beside it as masks of the same fields (bit 4p for cell p) and
their counts by cell: a unit that fills its cell (a stone, SOLID) is a 0 field outside the
match mask; a tile a unit holds (a lock's, ice's) is in runs but never cleared, swapped or
moved, and its cell is fixed in its column's chute, so the tiles above fall past it as
common.settle lets them; each step's hits are cascade.split's (COVER, NEAR, UNDER), told unit
by unit in units.BLOCKERS order as the cascade's strike tells them, scored as it scores them.
A step of one run with nothing fixed above it takes the plain path's table of that run
(Packer.line); any other fall is read off a table of this path's, made once per emptied cells
and fixed cells above them (BlockedPacker.settle). The layers are rebuilt once, at the end, as
cascade.Blockers.layers builds them; a new game's board is packed by its first legal_commands.
The general path (match3.play_general with the cascade's hooks) stays the reference:
tests/core/test_packed_blocked.py holds this one to it.
"""

from __future__ import annotations

from itertools import chain, compress
from operator import add, lshift
from typing import Iterable, Sequence

from ..boards import ZERO_ONE, Bitboard, Geometry
from ..events import Cleared, Event, Fell, Scored, Spawned
from ..grid import FALLER, Cell, Grid
from ..level import Level
from ..rng import GOLDEN, MASK64, below_many
from ..state import Layers, State, placed
from ..units import BLOCKERS, Blocker, Counts, Hit
from ..vocab import Mode
from .cascade import POINTS_PER_HIT, POINTS_PER_TILE
from .common import board_lanes
from .packed import _GOLDEN_INVERSE, PACKED_KINDS, PEEL, Ahead, PackedBoard, Packer, packer

_HEX_VALUE = bytes.maketrans(b"0123456789abcdef", bytes(range(13)) + b"\xfd\x0e\xff")
"""A packed board's hex digits into one signed byte a cell: a hole's all-ones field is HOLE (-1),
a filled cell's field, marked 13 on the way out, SOLID (-3)."""
_FILLED = 13
_DIGITS = "0123456789"
COVER, NEAR = Hit.COVER, Hit.NEAR   # (the third, UNDER: the rest)

Held = tuple[tuple[Blocker, ...], tuple[int, ...], tuple[dict[int, tuple[Cell, int]], ...], tuple[int, ...],
             tuple[int, int, int, int, int]]
"""A board's blocker layers as a packed move hands them on: the units with a layer (in
units.BLOCKERS order), their places there, each unit's layer by cell (p = row * stride + column:
its entry of the State's Counts, the cell and its count; in reading order; read only: a move
copies the layers it changes), its cells as fields (bit 4p), and the fields of the cells a unit
holds (fixed in the chutes), fills, covers (COVER), of the tiles held in place, and every unit's."""

Settled = tuple["Fell | None", int, tuple[tuple[int, int], ...], tuple[Cell, ...], tuple[int, ...], int]
"""A step's fall (BlockedPacker.settle): its Fell (None when no tile falls), the mask of the
fields that stay, the fields that fall by each shift, the cells refilled in drawing order with
their shifts, and its lowest row emptied."""


def blocked(level: Level) -> bool:
    """Whether `level`'s boards play on this path: packed.plain's board, but with blocker units
    (each one that frees its cell also holds it) and no faller."""
    layers = placed(level)
    return (level.mode == Mode.MATCH3 and not level.forms and not level.specials
            and level.rules.min_match == 3 and level.kinds <= PACKED_KINDS and not level.goals.fallers
            and any(layers) and all(unit.holds or not unit.frees for unit in BLOCKERS)
            and FALLER not in chain.from_iterable(level.template()))


def kernel(level: Level) -> Packer | BlockedPacker | None:
    """The packed path that plays `level`'s moves (the plain one, or this one), or None for the
    general path (decided once, kept with the level)."""
    return level.kept("move kernel", lambda: packer(level) or (
        BlockedPacker(level.geometry()) if blocked(level) else None))



def still_board(state: State) -> PackedBoard | BlockedBoard | None:
    """The packed board of a state no move has left yet (a new game's), with its blocker layers
    when it has any, when its level plays on a packed path and no run is on it; else None."""
    found = kernel(state.level)
    if isinstance(found, BlockedPacker):
        return found.still(state)
    return found.still(state.grid) if found is not None else None

class BlockedBoard(PackedBoard):
    """A board as a packed move with blockers left it: PackedBoard's `flags` are its legal swaps
    (no held tile moved), `runs` the swaps that make a run (Bitboard.swaps'), `held` its layers
    by cell, `covered` whether a unit holds a tile in place (a reshuffle keeps it)."""

    __slots__ = ("runs", "held", "covered")

    def __init__(self, geo: Geometry, packed: int, flags: tuple[int, int], ahead: Ahead | None,
                 runs: tuple[int, int], held: Held, covered: int) -> None:
        # PackedBoard.__init__'s slots, set here (a call less a move).
        self.geo = geo
        self.packed = packed
        self.flags = flags
        self.ahead = ahead
        self._rule = 3
        self.asked = {}
        self.layers = None
        self.fallen = -1
        self.runs = runs
        self.held = held
        self.covered = covered

    def __getattr__(self, name: str) -> object:
        """A Bitboard slot not set yet, unpacked from the packed board and its flags."""
        if name in ("_swaps", "legal"):
            runs, legal = self.runs, self.flags
            self._swaps = (int(hex(runs[0] >> 3)[2:], 2), int(hex(runs[1] >> 3)[2:], 2))
            self.legal = (int(hex(legal[0] >> 3)[2:], 2), int(hex(legal[1] >> 3)[2:], 2))
            return getattr(self, name)
        return super().__getattr__(name)


class BlockedPacker:
    """This path's tables for one geometry (the plain path's Packer, whose tables of a run's
    step and of a swap it reads too, each column's chute without its fixed cells, the falls past
    them, the steps' Scored and the hits' events), kept with the Level."""

    __slots__ = ("base", "columns", "chutes", "ups", "falls", "scores", "hits")

    def __init__(self, geo: Geometry) -> None:
        self.base = Packer(geo)
        stride, height = geo.stride, geo.height
        # A step's Scored by its tiles, hits and step (made on first use).
        self.scores: dict[int, Scored] = {}
        # A unit's hit's event by its cell p, its unit's place in units.BLOCKERS and the layers
        # left: p << 12 | place << 8 | left (made on first use).
        self.hits: dict[int, Event] = {}
        # A mask's cells spread up their columns by these shifts: every cell above one of them.
        self.ups = tuple(4 * stride << k for k in range(max(1, height - 1).bit_length()))
        # BlockedPacker.settle's falls, by the emptied cells and the fixed ones above them (made
        # on first use).
        self.falls: dict[int, Settled] = {}
        self.columns = tuple(sum(15 << (4 * (r * stride + c)) for r in range(geo.height)) for c in range(geo.width))
        # chutes[c][fixed]: column c's chute cells (with their fields' shifts) but its `fixed` ones.
        self.chutes: tuple[dict[int, tuple[tuple[Cell, int], ...]], ...] = tuple({} for _ in range(geo.width))

    def chute(self, c: int, fixed: int) -> tuple[tuple[Cell, int], ...]:
        """Column c's chute without the `fixed` fields (made on first use, kept)."""
        found = self.chutes[c].get(fixed)
        if found is None:
            found = self.chutes[c][fixed] = tuple(spot for spot in self.base.fresh[c] if not fixed >> spot[1] & 1)
        return found

    def held(self, state: State) -> Held:
        """The state's blocker layers by cell (a board no packed move has left yet); a new game's,
        the level's own, made once and kept with the level (read only: a move copies what it changes)."""
        level = state.level
        layers = state.layers.counts
        if layers is placed(level):
            return level.kept("packed blocker layers", lambda: self._held(layers))
        return self._held(layers)

    def _held(self, layers: tuple[Counts, ...]) -> Held:
        """held() of these layers."""
        stride = self.base.geo.stride
        units: list[Blocker] = []
        places: list[int] = []
        counts: list[dict[int, tuple[Cell, int]]] = []
        masks: list[int] = []
        for at, layer in enumerate(layers):
            if layer:
                by_cell = {entry[0][0] * stride + entry[0][1]: entry for entry in layer}
                units.append(BLOCKERS[at])
                places.append(at)
                counts.append(by_cell)
                masks.append(sum(1 << (4 * p) for p in by_cell))
        return tuple(units), tuple(places), tuple(counts), tuple(masks), _sums(units, masks)

    def playable(self, grid: Grid, held: Iterable[Cell]) -> bool:
        """match3.playable of a dealt `grid` (no specials), asked on its packed board: no run, and
        a swap that makes one, no filled cell (a 0 field) or `held` tile moving."""
        base = self.base
        board = base.pack(grid)
        eights, sevens, down, stride = base.eights, base.sevens, base.down, base.geo.stride
        edge = ((board + sevens) & eights) ^ eights   # the filled cells' top bits
        live = eights ^ edge
        right = (((board ^ (board >> 4)) + sevens) & live) ^ live
        below = (((board ^ (board >> down)) + sevens) & live) ^ live
        if right & (right >> 4) or below & (below >> down):
            return False
        for r, c in held:
            edge |= 8 << (4 * (r * stride + c))
        sideways, downward = base.swaps(board)
        return bool(sideways & ~(edge | (edge >> 4)) or downward & ~(edge | (edge >> down)))

    # -- a move ---------------------------------------------------------------------------------
    def move(self, state: State, a: Cell, b: Cell) -> tuple[list[Event], State, BlockedBoard] | None:
        """Packer.move with the blockers: the swap of a and b and its cascade, its events (no
        ending yet), the state they lead to and that state's board; None when the swap is not a
        legal one (the general path then says why)."""
        base = self.base
        geo = base.geo
        try:
            at = base.swaps_at.get((a, b))
        except TypeError:   # cells that are not tuples of ints
            return None
        if at is None:
            at = base.swap_at(a, b)
            if at is None:
                return None
        which, flag, shift_a, shift_b, deepest, swapped = at
        cached = state.cache
        still = type(cached) is BlockedBoard
        ahead: Ahead | None = None
        if still:
            board = cached.packed  # type: ignore[attr-defined]  # (a BlockedBoard: no cast() call)
            flags = cached.flags  # type: ignore[attr-defined]
            ahead = cached.ahead  # type: ignore[attr-defined]
            held = cached.held  # type: ignore[attr-defined]
            if not flags[which] >> flag & 1:
                return None
        else:
            # A board no packed move has left (a new game's, a reshuffled one): its legal swaps
            # as the general path found them, else the general path plays the move.
            if not isinstance(cached, Bitboard):
                return None
            known = cached.legal
            if known is None:
                known = cached.known_swaps(3)
                if known is None or any(layer and unit.holds and not unit.frees
                                        for unit, layer in zip(BLOCKERS, state.layers.counts)):
                    return None
            if not known[which] >> (flag >> 2) & 1:
                return None
            board = base.pack(state.grid)
            held = self.held(state)
        events: list[Event] = [swapped]
        ka, kb = board >> shift_a & 15, board >> shift_b & 15
        board ^= ((ka ^ kb) << shift_a) | ((ka ^ kb) << shift_b)
        units, places, kept_counts, kept_masks, (fixed, filled, covers, holding, every) = held
        counts: list[dict[int, tuple[Cell, int]]] = []   # (copied when a unit is first hit)
        masks = list(kept_masks)
        touched = 0
        eights, sevens, down = base.eights, base.sevens, base.down
        live = eights & ~(filled << 3)
        # The runs (Packer.runs over the `live` fields, those holding a tile; written out).
        right = (((board ^ (board >> 4)) + sevens) & live) ^ live
        below = (((board ^ (board >> down)) + sevens) & live) ^ live
        across_runs = right & (right >> 4)
        along = below & (below >> down)
        runs = (across_runs | (across_runs << 4) | (across_runs << 8)
                | along | (along << down) | (along << (down + down)))
        if not still:
            # A board not known to be still may hold runs of other kinds: the first step, as
            # the general path's, clears only the runs of the two kinds swapped.
            of_a = (((board ^ (base.ones * ka)) + sevens) & eights) ^ eights
            of_b = (((board ^ (base.ones * kb)) + sevens) & eights) ^ eights
            runs &= of_a | of_b
        rng = state.rng
        drawn: Sequence[int] = ()   # the stream's kinds drawn ahead, from `start`; `offset` used
        start = offset = 0
        if ahead is not None:
            start, drawn = ahead
            offset = ((rng - start) * _GOLDEN_INVERSE) & MASK64   # the draws since
            if offset > len(drawn):
                drawn, offset = (), 0
        kinds = state.level.kinds
        points = 0
        step = 1
        taken: list[str] = []   # the cleared tiles of a step not of one run, as hex digits
        got = [0] * 16   # by kind: the tiles of the other steps
        scores, hits = self.scores, self.hits
        cell_of, lines, falls, ups = base.cell_of, base.lines, self.falls, self.ups
        while runs:
            ran = runs >> 3   # bit 4p for each cell p in a run
            cleared = ran & ~fixed
            # What the step hits (cascade.split): a COVER unit's cells in its runs, a NEAR
            # unit's in them or next to a cell cleared or uncovered, an UNDER unit's under a
            # cleared tile (not a covered one); all found before any unit loses a layer.
            uncovered = ran & covers
            near = cleared | uncovered
            spread = ran | (near << 4) | (near >> 4) | (near << down) | (near >> down)
            line = lines.get(cleared)
            if line is None and cleared:
                line = base.line(cleared)   # (None on a board with holes)
            if line is not None:
                # One run along a row or down a column (nearly every step): the plain path's
                # tables, made once, its fall taken when nothing above it is fixed.
                cleared_event, count, keep, first, falling, shift, fell, cells, shifts, low = line
                events.append(cleared_event)
                found_cells = cleared_event.cells
            else:
                count = cleared.bit_count()
                found_cells = tuple(_cells(cleared, count, cell_of))
                events.append(Cleared(found_cells))
            struck = 0
            freed = 0
            for i in range(len(units)) if spread & every else ():
                if not spread & masks[i]:   # (every unit's cells hit lie in `spread`)
                    continue
                unit = units[i]
                how = unit.hit
                if how is COVER:
                    found = ran & masks[i]
                elif how is NEAR:
                    found = spread & masks[i]
                else:
                    found = cleared & ~uncovered & masks[i]
                if not found:
                    continue
                made = unit.made
                place = places[i] << 8
                if not touched >> i & 1:
                    if not touched:
                        counts = list(kept_counts)
                    touched |= 1 << i
                    counts[i] = dict(counts[i])
                layer = counts[i]
                gone = 0
                while found:
                    bit = found & -found
                    found ^= bit
                    p = bit.bit_length() >> 2
                    cell, left = layer[p]
                    left -= 1
                    told = hits.get(p << 12 | place | left)
                    if told is None:
                        told = made(cell, left)
                        if left < 256:
                            hits[p << 12 | place | left] = told
                    events.append(told)
                    struck += 1
                    if left:
                        layer[p] = (cell, left)
                    else:
                        del layer[p]
                        gone |= bit
                if gone:
                    masks[i] &= ~gone
                    every = 0   # (another unit may lie on the same cell: jelly under a lock)
                    for mask in masks:
                        every |= mask
                    if unit.holds:
                        fixed &= ~gone
                        holding &= ~gone
                    if unit.frees:
                        freed |= gone
                        filled &= ~gone
                        live = eights & ~(filled << 3)
                    if unit.hit is COVER:
                        covers &= ~gone
            scored = scores.get(((struck << 8 | count) << 6) | step)
            if scored is None:
                scored = Scored((POINTS_PER_TILE * count + POINTS_PER_HIT * struck) * step, step)
                if step < 64 and count < 256:
                    scores[((struck << 8 | count) << 6) | step] = scored
            events.append(scored)
            points += scored.points
            if count:
                fields = cleared * 15
                if line is not None and count < 6 and cleared == ran:   # one run's tiles, of one kind
                    got[board >> first & 15] += count
                else:
                    taken.append(hex(board & fields))
                board &= ~fields
            if line is not None and not freed and not fixed & falling:
                # Nothing fixed above the run (nearly every step): the plain path's fall.
                falling &= board
                board ^= falling ^ (falling << shift)
                if fell is not None:
                    events.append(fell)
                if low > deepest:
                    deepest = low
            else:
                # Each column falls along its chute past the fixed cells above its emptied ones
                # (BlockedPacker.settle's table); a step that only hit held tiles leaves the board be.
                if line is not None and not freed:
                    emptied = cleared
                    above = fixed & falling
                else:
                    emptied = cleared | freed   # (a stone broken: its cell is empty too)
                    region = emptied
                    for up in ups:
                        region |= region >> up
                    above = fixed & region
                key = emptied | above << 1
                settled = falls.get(key)
                if settled is None:
                    settled = self.settle(emptied, above, key)
                fell, stay, groups, cells, shifts, low = settled
                moved = 0
                for mask, by in groups:
                    moved |= (board & mask) << by
                board = (board & stay) | moved
                if fell is not None:
                    events.append(fell)
                if low > deepest:
                    deepest = low
            n = len(cells)
            if n:
                # New tiles, column by column, top down: settle's draws (SplitMix64, as
                # Draws.below), read off the stream's kinds drawn ahead as Packer.move reads them.
                if offset + n > len(drawn):
                    start, offset = rng, 0
                    drawn = below_many(rng, base.ahead, kinds, board_lanes(geo), 1)[0]
                picked = drawn[offset:offset + n]
                offset += n
                board |= sum(map(lshift, picked, shifts))
                rng = (rng + n * GOLDEN) & MASK64
                events.append(Spawned(tuple(zip(cells, picked)), rng))
            step += 1
            # The next step's runs (as above).
            right = (((board ^ (board >> 4)) + sevens) & live) ^ live
            below = (((board ^ (board >> down)) + sevens) & live) ^ live
            across_runs = right & (right >> 4)
            along = below & (below >> down)
            runs = (across_runs | (across_runs << 4) | (across_runs << 8)
                    | along | (along << down) | (along << (down + down)))
        if taken:
            taken_text = "".join(taken)
            for kind in range(1, kinds + 1):
                got[kind] += taken_text.count(_DIGITS[kind])
        collected = tuple(map(add, state.collected, got[1:kinds + 1]))
        rows = deepest + 1
        text = hex(board | base.marks | filled * _FILLED)
        values = text[:len(text) - rows * geo.stride - 1:-1].encode().translate(_HEX_VALUE)
        grid = tuple(base.row.iter_unpack(values)) + state.grid[rows:]
        layers = state.layers
        if touched:
            by_unit = list(layers.counts)
            for i, at in enumerate(places):
                if touched >> i & 1:
                    # A layer stays in reading order: made so, then only lowered or dropped.
                    by_unit[at] = tuple(counts[i].values())
            layers = Layers(tuple(by_unit), layers.brought)
            held = (units, places, tuple(counts), tuple(masks), (fixed, filled, covers, holding, every))
        after = state.after(grid, score=state.score + points, moves=state.moves + 1,
                            collected=collected, rng=rng, specials=(), layers=layers)
        return events, after, self.board(board, (start, drawn) if drawn else None, held)

    def board(self, board: int, ahead: Ahead | None, held: Held) -> BlockedBoard:
        """The packed board with its layers `held` and its swaps: those that make a run
        (Bitboard.swaps': no filled cell moves), and the legal ones (no held tile moves either)."""
        base = self.base
        down = base.down
        _, filled, _, holding, _ = held[4]
        sideways, downward = run_flags = base.swaps(board)
        if filled:
            edge = filled << 3
            sideways &= ~(edge | (edge >> 4))
            downward &= ~(edge | (edge >> down))
            run_flags = (sideways, downward)
        legal = run_flags
        if holding:
            edge = holding << 3
            legal = (sideways & ~(edge | (edge >> 4)), downward & ~(edge | (edge >> down)))
        return BlockedBoard(base.geo, board, legal, ahead, run_flags, held, holding)

    def still(self, state: State) -> BlockedBoard | None:
        """The state's board packed with its layers and swaps when no run is on it (a new game's:
        Packer.still's), else None."""
        base = self.base
        board = base.pack(state.grid)
        held = self.held(state)
        live = base.eights & ~(held[4][1] << 3)
        sevens, down = base.sevens, base.down
        right = (((board ^ (board >> 4)) + sevens) & live) ^ live
        below = (((board ^ (board >> down)) + sevens) & live) ^ live
        if right & (right >> 4) or below & (below >> down):
            return None
        return self.board(board, None, held)

    def settle(self, emptied: int, above: int, key: int) -> Settled:
        """The fall of the board's tiles into the `emptied` cells (bit 4p for each), every other
        cell of the chutes holding a tile, past the fixed cells `above` them (kept by `key`):
        each column falls along its chute without them, bottom up (settle's compaction), its
        moves told top down, then the columns' top cells refill."""
        moves: list[tuple[Cell, Cell]] = []
        spots: list[tuple[Cell, int]] = []
        groups: dict[int, int] = {}
        low = 0
        for c in sorted({c for _, c in _cells(emptied, emptied.bit_count(), self.base.cell_of)}):
            chute = self.chute(c, above & self.columns[c])
            empties = 0
            fallen: list[tuple[Cell, Cell]] = []
            for k in range(len(chute) - 1, -1, -1):
                cell, at = chute[k]
                if emptied >> at & 1:
                    empties += 1
                    low = max(low, cell[0])
                elif empties:
                    target, to = chute[k + empties]
                    fallen.append((cell, target))
                    groups[to - at] = groups.get(to - at, 0) | 15 << at
            fallen.reverse()
            moves += fallen
            spots += chute[:empties]
        made = (Fell(tuple(moves)) if moves else None, ~sum(groups.values()),
                tuple((mask, by) for by, mask in groups.items()), tuple(cell for cell, _ in spots),
                tuple(at for _, at in spots), low)
        self.falls[key] = made
        return made

def _sums(units: Sequence[Blocker], masks: Sequence[int]) -> tuple[int, int, int, int, int]:
    """The fields of the cells the units hold, fill and cover, of the tiles held in place, and of
    every unit's cells."""
    fixed = filled = covers = holding = every = 0
    for unit, mask in zip(units, masks):
        every |= mask
        if unit.holds:
            fixed |= mask
            if not unit.frees:
                holding |= mask
        if unit.frees:
            filled |= mask
        if unit.hit is COVER:
            covers |= mask
    return fixed, filled, covers, holding, every


def _cells(fields: int, count: int, cell_of: tuple[Cell, ...]) -> list[Cell]:
    """The cells of `fields` (bit 4p for each cell p, `count` of them), in reading order."""
    if count <= PEEL:
        found: list[Cell] = []
        while fields:
            low = fields & -fields
            fields ^= low
            found.append(cell_of[low.bit_length() >> 2])
        return found
    return list(compress(cell_of, hex(fields)[:1:-1].encode().translate(ZERO_ONE)))
