"""match3: swap two neighbours; every run explodes at once; tiles fall; cascades until still."""

from __future__ import annotations

from itertools import compress
from operator import add
from typing import cast

from ..boards import Bitboard, Geometry, bitboard, bits_of, run_mask, run_parts
from ..commands import Command, Swap
from ..events import (
    Cleared, Created, Detonated, Event, Fell, Lost, Reshuffled, Scored, Spawned, SwapRejected, Swapped,
)
from ..evolve import fold, known_fold
from ..goals import ending
from ..grid import EMPTY, RAINBOW, Cell, Grid
from ..checking import Problem
from ..level import Level, LevelError
from ..rng import GOLDEN, MASK64, Draws
from ..state import IllegalMove, Specials, State
from ..vocab import Mode, Special
from .common import SHUFFLE_ATTEMPTS
from .specials import SPECIAL_POINTS, Layer, Outcome, is_special_swap, makes_special, run_step, swap_step

POINTS_PER_TILE = 10
DEAL_ATTEMPTS = 200
MAKING_STEPS = 10
"""Only a cascade's first steps make specials: on a big board with few kinds every refill makes
runs of four and five, whose specials clear more and bring more, and a cascade must settle."""


# -- small local checks on a grid ------------------------------------------------------------
def _run_into(grid: Grid, cell: Cell, kind: int, came_from: Cell, min_match: int) -> bool:
    """Whether `kind` moved into `cell` from the neighbour `came_from` makes a run there.

    `came_from` then holds the other tile of the swap, so every line stops at it.
    """
    r, c = cell
    height, width = len(grid), len(grid[0])
    row = grid[r]
    count = 1
    i = c - 1
    while i >= 0 and row[i] == kind and (r, i) != came_from:
        count += 1
        i -= 1
    i = c + 1
    while i < width and row[i] == kind and (r, i) != came_from:
        count += 1
        i += 1
    if count >= min_match:
        return True
    count = 1
    i = r - 1
    while i >= 0 and grid[i][c] == kind and (i, c) != came_from:
        count += 1
        i -= 1
    i = r + 1
    while i < height and grid[i][c] == kind and (i, c) != came_from:
        count += 1
        i += 1
    return count >= min_match


def swap_makes_run(grid: Grid, a: Cell, b: Cell, min_match: int) -> bool:
    """Whether swapping a and b makes a run through either of them."""
    ka, kb = grid[a[0]][a[1]], grid[b[0]][b[1]]
    if ka <= 0 or kb <= 0 or ka == kb:
        return False
    return _run_into(grid, a, kb, b, min_match) or _run_into(grid, b, ka, a, min_match)


# -- whole-board questions, answered on bitboards --------------------------------------------
_SWAP_TABLES: dict[tuple[int, int], tuple[Swap, ...]] = {}
_BITS = bytes.maketrans(b"01", b"\x00\x01")


def _swap_table(geo: Geometry) -> tuple[Swap, ...]:
    """Entry 2*bit is the swap of that cell with its right neighbour, 2*bit+1 with the one below.

    Swaps are immutable values, so one table per board size serves every call.
    """
    key = (geo.height, geo.width)
    table = _SWAP_TABLES.get(key)
    if table is None:
        if len(_SWAP_TABLES) >= 64:   # boards of many sizes (property tests): stay bounded
            _SWAP_TABLES.clear()
        items: list[Swap] = []
        for r, c in geo.cell_of:
            items.append(Swap((r, c), (r, c + 1)))
            items.append(Swap((r, c), (r + 1, c)))
        table = _SWAP_TABLES[key] = tuple(items)
    return table


def _swaps(board: Bitboard, min_match: int, extra: tuple[int, int] = (0, 0)) -> list[Swap]:
    """The legal swaps in reading order (at one cell, the swap to the right first); `extra`
    adds the special swaps (across, down), legal without a run."""
    across, down = board.swaps(min_match)
    across |= extra[0]
    down |= extra[1]
    if not (across or down):
        return []
    geo = board.geo
    n = len(geo.cell_of)
    # Interleave the two masks bit by bit (byte 2b: across at b, 2b+1: down at b), then let
    # compress pick the table entries whose byte is set, all in C.
    picks = bytearray(2 * n)
    picks[0::2] = format(across, f"0{n}b").encode()[::-1]
    picks[1::2] = format(down, f"0{n}b").encode()[::-1]
    return list(compress(_swap_table(geo), picks.translate(_BITS)))


def has_legal_swap(grid: Grid, min_match: int) -> bool:
    return bitboard(grid).has_swap(min_match)


def _layer(specials: Specials, stride: int) -> Layer:
    return {r * stride + c: special for (r, c), special in specials}


def _special_swaps(layer: Layer, tiles: int, stride: int) -> tuple[int, int]:
    """(across, down) masks of the swaps legal without a run: a rainbow with any neighbouring
    tile, or two specials side by side (`tiles`: every tile's bit, rainbows too)."""
    if not layer:
        return 0, 0
    every = 0
    rainbows = 0
    for bit, special in layer.items():
        every |= 1 << bit
        if special == Special.RAINBOW:
            rainbows |= 1 << bit
    across = ((rainbows | (rainbows >> 1)) & tiles & (tiles >> 1)) | (every & (every >> 1))
    down = ((rainbows | (rainbows >> stride)) & tiles & (tiles >> stride)) | (every & (every >> stride))
    return across, down


# The last boards decide dealt, by the RNG state that came with them: the state fold makes
# from those events has that grid and that rng, so its legal_commands need not rebuild the
# bitboard from the grid. A memo only: a hit is checked against the grid itself.
_RECENT: dict[int, tuple[Grid, Bitboard]] = {}
_RECENT_SIZE = 16


def _remember(grid: Grid, rng: int, board: Bitboard) -> None:
    if len(_RECENT) >= _RECENT_SIZE:
        del _RECENT[next(iter(_RECENT))]
    _RECENT[rng] = (grid, board)


def board_of(state: State) -> Bitboard:
    """The state's bitboard, made from its grid once and kept in its cache."""
    cached = state.cache
    if isinstance(cached, Bitboard):
        return cached
    seen = _RECENT.get(state.rng)
    if seen is not None and seen[0] == state.grid:
        board = seen[1]
    else:
        board = bitboard(state.grid)
    object.__setattr__(state, "cache", board)  # a memo of the grid, invisible to ==
    return board


# -- dealing ----------------------------------------------------------------------------------
def fill(template: Grid, kinds: int, min_match: int, draws: Draws,
         need_swap: bool = True) -> tuple[Grid | None, str]:
    """Fill the EMPTY cells of `template` so that no run forms; (grid, '') or (None, why).

    Without `need_swap` (specials already give a move) the board need not have a swap that runs.

    Cells are filled in reading order; each takes a random kind among those that make no
    run with the tiles already there (only a neighbour's kind can make one).
    """
    work = list(map(list, template))
    height, width = len(work), len(work[0])
    need = min_match - 1
    all_kinds = list(range(1, kinds + 1))
    allowed: dict[int, list[int]] = {0: all_kinds}
    rng = draws.state
    for r, row in enumerate(work):
        above = work[r - 1] if r > 0 else None
        under = work[r + 1] if r + 1 < height else None
        for c in range(width):
            if row[c] != EMPTY:
                continue
            bad = 0
            left = row[c - 1] if c > 0 else 0
            right = row[c + 1] if c + 1 < width else 0
            if right <= 0:
                # The usual case: nothing fixed to the right, so a row run ends here.
                if left > 0:
                    i = c - 2
                    while i >= 0 and row[i] == left:
                        i -= 1
                    if c - 1 - i >= need:
                        bad = 1 << left
            else:
                for k in (left, right) if left != right else (left,):
                    if k > 0:
                        i = c - 1
                        while i >= 0 and row[i] == k:
                            i -= 1
                        j = c + 1
                        while j < width and row[j] == k:
                            j += 1
                        if j - i - 1 >= min_match:
                            bad |= 1 << k
            up = above[c] if above is not None else 0
            down = under[c] if under is not None else 0
            if down <= 0:
                if up > 0:
                    i = r - 2
                    while i >= 0 and work[i][c] == up:
                        i -= 1
                    if r - 1 - i >= need:
                        bad |= 1 << up
            else:
                for k in (up, down) if up != down else (up,):
                    if k > 0:
                        i = r - 1
                        while i >= 0 and work[i][c] == k:
                            i -= 1
                        j = r + 1
                        while j < height and work[j][c] == k:
                            j += 1
                        if j - i - 1 >= min_match:
                            bad |= 1 << k
            choices = allowed.get(bad)
            if choices is None:
                choices = allowed[bad] = [k for k in all_kinds if not bad >> k & 1]
            if not choices:
                draws.state = rng
                return None, f"cell {r},{c} cannot take any of the {kinds} kinds without making a run"
            # draws.below(len(choices)), written out: the deal draws once a cell.
            rng = (rng + GOLDEN) & MASK64
            z = ((rng ^ (rng >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            row[c] = choices[(z ^ (z >> 31)) % len(choices)]
    draws.state = rng
    grid = tuple(map(tuple, work))
    if need_swap and not has_legal_swap(grid, min_match):
        return None, "no swap on this board can ever make a run"
    return grid, ""


_TEMPLATES: dict[Level, Grid] = {}


def deal(level: Level, draws: Draws) -> Grid:
    """A starting board: the fixed tiles, random ones elsewhere, no run, at least one swap."""
    template = _TEMPLATES.get(level)
    if template is None:   # levels are values: the same level, the same template
        if len(_TEMPLATES) >= 64:
            _TEMPLATES.clear()
        template = _TEMPLATES[level] = level.template()
    why = ""
    # Specials placed side by side (or a rainbow) are a move already.
    geo_stride = level.width + 1
    tiles = sum(1 << (r * geo_stride + c) for r, row in enumerate(template)
                for c, v in enumerate(row) if v >= 0)
    across, down = _special_swaps(_layer(level.specials, geo_stride), tiles, geo_stride)
    need_swap = not (across or down)
    for _ in range(DEAL_ATTEMPTS):
        grid, why = fill(template, level.kinds, level.rules.min_match, draws, need_swap)
        if grid is not None:
            return grid
    raise LevelError([Problem(("layout",), f"cannot deal a starting board: {why} "
                              f"(tried {DEAL_ATTEMPTS} deals; add kinds, cells or fewer fixed tiles)")])


def _drops(geo: Geometry, c: int, drop: int) -> tuple[tuple[tuple[Cell, Cell], ...], tuple[int, ...]]:
    """For column c of a hole-free board and a fall of `drop` rows: entry r of the first
    table is the move ((r, c), (r + drop, c)), of the second the bits of both cells."""
    s = geo.stride
    rows = range(geo.height - drop)
    found = geo.tables[drop * s + c] = (
        tuple(((r, c), (r + drop, c)) for r in rows),
        tuple((1 << (r * s + c)) | (1 << ((r + drop) * s + c)) for r in rows),
    )
    return found


# -- the cascade ---------------------------------------------------------------------------
def _next_step(masks: list[int], geo: Geometry, min_match: int, layer: Layer, make: bool,
               swapped: tuple[int, int] | None,
               kinds: tuple[int, int] | None = None) -> tuple[int, Outcome | None]:
    """The cells the next cascade step clears, and its Outcome when specials take part
    (None on the fast path: plain runs, no special made or caught).

    `kinds`, the two kinds a swap on a still board moved, looks for their runs alone: a still
    board has none, so every run goes through a swapped tile."""
    kind_masks = masks[:RAINBOW] if kinds is None else [masks[kinds[0]], masks[kinds[1]]]
    if not (make or layer):
        return run_mask(kind_masks, geo.stride, min_match), None
    rows, columns = run_parts(kind_masks, geo.stride, min_match)
    runs = rows | columns
    if not runs:
        return 0, None
    caught = False
    for bit in layer:
        if runs >> bit & 1:
            caught = True
            break
    if not caught and not (make and makes_special(masks, rows, columns, geo.stride)):
        return runs, None
    outcome = run_step(geo, masks, layer, rows, columns, make, swapped)
    return outcome.cleared, outcome


def _cascade(work: list[list[int]], masks: list[int], geo: Geometry, kinds: int, min_match: int,
             draws: Draws, events: list[Event], counts: list[int], layer: Layer, make: bool,
             first: tuple[int, Outcome | None]) -> int:
    """Clear, fall and refill `work`, `masks` (one per kind, then the rainbows') and `layer` in
    place until still; append each step's events, add each cleared kind to `counts`; return
    the points scored.

    One step is the specials it makes (Created) and sets off (Detonated, in firing order), one
    Cleared (every cell that goes: runs and blasts at once), one Fell (each column's tiles drop
    along its chute, past holes, in order) and one Spawned (new tiles at the top of each chute,
    drawn column by column, top down, from the stream in `draws`). `first` is the first step
    (the cells it clears, and its Outcome when specials take part), worked out by the caller
    from the swap. The board must be full.
    """
    stride, cell_of, chutes, slots = geo.stride, geo.cell_of, geo.chutes, geo.slots
    solid, tables, chute_cells = geo.solid, geo.tables, geo.chute_cells
    points = 0
    step = 1
    rng = draws.state
    runs, outcome = first
    while runs:
        bonus = 0
        if outcome is not None:
            for bit, special in outcome.created:
                events.append(Created(cell_of[bit], special))
                if special == Special.RAINBOW and not runs >> bit & 1:
                    # The tile keeps its cell but loses its kind.
                    r, c = cell_of[bit]
                    masks[work[r][c]] &= ~(1 << bit)
                    masks[RAINBOW] |= 1 << bit
                    work[r][c] = RAINBOW
            took = dict(outcome.took)
            for bit, special in outcome.fired:
                events.append(Detonated(cell_of[bit], special, took.get(bit, 0)))
            for bit, special in outcome.created:
                layer[bit] = special
            for bit in [b for b in layer if runs >> b & 1]:
                del layer[bit]
            bonus = SPECIAL_POINTS * (len(outcome.created) + len(outcome.fired)) * step
        bits = bits_of(runs)
        cells = tuple(map(cell_of.__getitem__, bits))
        gained = POINTS_PER_TILE * len(cells) * step + bonus
        events.append(Cleared(cells))
        events.append(Scored(gained, step))
        points += gained
        # Per column, its cleared rows (in reading order, so top down).
        hit: dict[int, list[int]] = {}
        for bit, (r, c) in zip(bits, cells):
            row = work[r]
            kind = row[c]
            counts[kind] += 1
            masks[kind] ^= 1 << bit
            row[c] = EMPTY
            rows_hit = hit.get(c)
            if rows_hit is None:
                hit[c] = [r]
            else:
                rows_hit.append(r)
        moves: list[tuple[Cell, Cell]] = []
        tiles: list[tuple[Cell, int]] = []
        for c in sorted(hit):
            rows_hit = hit[c]
            top, low = rows_hit[0], rows_hit[-1]
            drop = low - top + 1
            if drop == len(rows_hit) and solid[c]:
                # One unbroken block in a column without holes (nearly every clear): every
                # tile above it drops by the block's height; the moves come from a table.
                table = tables.get(drop * stride + c)
                pairs, flips = table if table is not None else _drops(geo, c, drop)
                for r in range(top - 1, -1, -1):
                    kind = work[r][c]
                    work[r + drop][c] = kind
                    masks[kind] ^= flips[r]
                moves.extend(pairs[:top])
                empty_to = drop
                chute = chutes[c]
            else:
                chute = chutes[c]
                # Stable compaction, bottom up: each tile drops to the lowest free chute cell.
                write = slots[c][low]
                fallen: list[tuple[Cell, Cell]] = []
                for i in range(write - 1, -1, -1):
                    r = chute[i]
                    row = work[r]
                    kind = row[c]
                    if kind:
                        # i < write always holds (write starts above i and drops at most
                        # as fast), so every tile found here moves.
                        dst = chute[write]
                        work[dst][c] = kind
                        row[c] = EMPTY
                        sb = r * stride + c
                        db = dst * stride + c
                        fallen.append((cell_of[sb], cell_of[db]))
                        masks[kind] ^= (1 << sb) | (1 << db)
                        write -= 1
                if fallen:
                    fallen.reverse()   # the event lists each column's tiles top down
                    moves.extend(fallen)
                empty_to = write + 1
            # New tiles for the chute cells left empty at the top (SplitMix64, as Draws.below).
            for cell, flag in chute_cells[c][:empty_to]:
                rng = (rng + GOLDEN) & MASK64
                z = ((rng ^ (rng >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
                kind = (z ^ (z >> 31)) % kinds + 1
                work[cell[0]][c] = kind
                masks[kind] |= flag
                tiles.append((cell, kind))
        if moves:
            events.append(Fell(tuple(moves)))
            if layer:
                # Specials ride their tiles down (all at once, like the tiles).
                riding = []
                for (sr, sc), (dr, dc) in moves:
                    src = sr * stride + sc
                    if src in layer:
                        riding.append((dr * stride + dc, layer.pop(src)))
                layer.update(riding)
        if tiles:
            events.append(Spawned(tuple(tiles), rng))
        step += 1
        runs, outcome = _next_step(masks, geo, min_match, layer, make and step <= MAKING_STEPS, None)
    draws.state = rng
    return points


def _playable(grid: Grid, min_match: int, specials: Specials = ()) -> bool:
    """No run on the board, and at least one legal swap (a run's or a special's)."""
    board = bitboard(grid)
    if run_mask(board.kinds, board.geo.stride, min_match):
        return False
    if specials:
        stride = board.geo.stride
        across, down = _special_swaps(_layer(specials, stride), _tiles(board, specials), stride)
        if across or down:
            return True
    return board.has_swap(min_match)


def _tiles(board: Bitboard, specials: Specials) -> int:
    """Every tile's bit, rainbows (which no kind mask holds) too."""
    stride = board.geo.stride
    tiles = board.tiles
    for (r, c), special in specials:
        if special == Special.RAINBOW:
            tiles |= 1 << (r * stride + c)
    return tiles


def _reshuffle(grid: Grid, specials: Specials, kinds: int, min_match: int,
               draws: Draws) -> tuple[Grid, Specials] | None:
    """The same tiles, each with its special, dealt again until playable; else fresh kinds for
    the plain tiles (the specials stay where they are); else None."""
    spots = [(r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v > 0]
    on = dict(specials)
    tiles = [(grid[r][c], on.get((r, c))) for r, c in spots]
    for _ in range(SHUFFLE_ATTEMPTS):
        draws.shuffle(tiles)
        work = [list(row) for row in grid]
        for (r, c), (kind, _) in zip(spots, tiles):
            work[r][c] = kind
        dealt = tuple(tuple(row) for row in work)
        moved = tuple((cell, special) for cell, (_, special) in zip(spots, tiles) if special is not None)
        if _playable(dealt, min_match, moved):
            return dealt, moved
    blank = tuple(tuple(v if v <= 0 or (r, c) in on else EMPTY for c, v in enumerate(row))
                  for r, row in enumerate(grid))
    for _ in range(SHUFFLE_ATTEMPTS):
        candidate = fill(blank, kinds, min_match, draws, need_swap=not specials)[0]
        if candidate is not None and _playable(candidate, min_match, specials):
            return candidate, specials
    return None


def _check_cells(state: State, a: Cell, b: Cell) -> None:
    """Raise IllegalMove unless a and b are two tiles side by side on the board."""
    grid = state.grid
    height, width = state.level.height, state.level.width
    (ar, ac), (br, bc) = a, b
    if (0 <= ar < height and 0 <= ac < width and 0 <= br < height and 0 <= bc < width
            and grid[ar][ac] > 0 and grid[br][bc] > 0 and abs(ar - br) + abs(ac - bc) == 1):
        return   # the usual case, in one test; the loop below says what is wrong otherwise
    for cell in (a, b):
        if not (0 <= cell[0] < height and 0 <= cell[1] < width):
            raise IllegalMove(f"{cell[0]},{cell[1]} is outside the board")
        if grid[cell[0]][cell[1]] <= 0:
            raise IllegalMove(f"{cell[0]},{cell[1]} holds no tile")
    if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
        raise IllegalMove(f"{a[0]},{a[1]} and {b[0]},{b[1]} are not side by side")


def _legal(board: Bitboard, grid: Grid, a: Cell, b: Cell, min_match: int) -> bool:
    """Whether swapping the side-by-side tiles a and b makes a run."""
    known = board.known_swaps(min_match)
    if known is not None:
        # Read it off the legal-swap masks when they are already known.
        top = a if a < b else b
        bit = top[0] * board.geo.stride + top[1]
        return bool((known[0] if a[0] == b[0] else known[1]) >> bit & 1)
    return swap_makes_run(grid, a, b, min_match)


def _swapped_masks(board: Bitboard, a: Cell, b: Cell, ka: int, kb: int) -> list[int]:
    """The board's kind masks with tile ka at a and tile kb at b traded."""
    masks = list(board.kinds)
    stride = board.geo.stride
    both = (1 << (a[0] * stride + a[1])) | (1 << (b[0] * stride + b[1]))
    masks[ka] ^= both
    masks[kb] ^= both
    return masks


def _special_swap(state: State, board: Bitboard, a: Cell, b: Cell) -> bool:
    """Whether a and b make a swap that is legal without a run (a rainbow, or two specials)."""
    if not state.specials:
        return False
    stride = board.geo.stride
    return is_special_swap(_layer(state.specials, stride), a[0] * stride + a[1], b[0] * stride + b[1])


def _first_step(state: State, board: Bitboard, a: Cell, b: Cell) -> tuple[
        list[list[int]], list[int], Layer, Outcome | None, int]:
    """After swapping a and b: the board, its masks (the kinds', then the rainbows'), the
    specials by bit, the first step's Outcome when specials take part, and the cells it clears."""
    geo = board.geo
    stride = geo.stride
    grid = state.grid
    work = list(map(list, grid))
    (ar, ac), (br, bc) = a, b
    ka, kb = work[ar][ac], work[br][bc]
    work[ar][ac], work[br][bc] = kb, ka
    abit, bbit = ar * stride + ac, br * stride + bc
    both = (1 << abit) | (1 << bbit)
    rainbows = 0
    layer: Layer = {}
    if state.specials:
        layer = _layer(state.specials, stride)
        for bit, special in layer.items():
            if special == Special.RAINBOW:
                rainbows |= 1 << bit
        sa, sb = layer.pop(abit, None), layer.pop(bbit, None)
        if sa is not None:
            layer[bbit] = sa
        if sb is not None:
            layer[abit] = sb
    masks = list(board.kinds)
    masks.append(rainbows)
    masks[ka] ^= both
    masks[kb] ^= both
    if layer and is_special_swap(layer, abit, bbit):
        effect = swap_step(geo, masks, layer, abit, bbit)
        return work, masks, layer, effect, effect.cleared
    runs, outcome = _next_step(masks, geo, state.level.rules.min_match, layer,
                               state.level.rules.specials, (abit, bbit), (ka, kb))
    return work, masks, layer, outcome, runs


FirstStep = tuple[list[list[int]], list[int], Layer, "Outcome | None", int]
_LOOKED: list[tuple[State, Cell, Cell, FirstStep] | None] = [None]


def looked_at(state: State, board: Bitboard, a: Cell, b: Cell) -> FirstStep:
    """_first_step for the questions that only read it (swap_clears, swap_specials and the
    blocker rules' own): a bot asks them one after another of the same swap, so the last
    answer is kept. Its board, masks and layer must not be changed (decide makes its own)."""
    last = _LOOKED[0]
    if last is not None and last[0] is state and last[1] == a and last[2] == b:
        return last[3]
    found = _first_step(state, board, a, b)
    _LOOKED[0] = (state, a, b, found)
    return found


def swap_clears(state: State, swap: Swap) -> tuple[tuple[Cell, int], ...]:
    """The tiles `swap`'s own clear explodes (cascade step 1), each with its kind, in reading order.

    A question about the board alone, never the RNG: what a player can see before swapping
    (a bot that must not know the spawns asks this instead of decide). Runs and every blast
    they set off count; a rainbow's kind is RAINBOW. Empty for a swap that is not legal;
    raises IllegalMove unless the swap names two tiles side by side.
    """
    if state.level.mode != Mode.MATCH3:
        raise IllegalMove(f"a {state.level.mode} level takes no swaps")
    a, b = swap.a, swap.b
    _check_cells(state, a, b)
    min_match = state.level.rules.min_match
    board = board_of(state)
    if not _special_swap(state, board, a, b) and not _legal(board, state.grid, a, b, min_match):
        return ()
    work, _, _, _, cleared = looked_at(state, board, a, b)
    cell_of = board.geo.cell_of
    return tuple((cell, work[cell[0]][cell[1]]) for cell in map(cell_of.__getitem__, bits_of(cleared)))


def swap_specials(state: State, swap: Swap) -> tuple[tuple[Special, ...], tuple[Special, ...]]:
    """(made, set off): the specials `swap`'s own clear (cascade step 1) makes and fires, in
    firing order. Like swap_clears, a question about the board alone, never the RNG; empty for
    a swap that is not legal."""
    if state.level.mode != Mode.MATCH3:
        raise IllegalMove(f"a {state.level.mode} level takes no swaps")
    a, b = swap.a, swap.b
    _check_cells(state, a, b)
    board = board_of(state)
    if not _special_swap(state, board, a, b) and not _legal(board, state.grid, a, b, state.level.rules.min_match):
        return (), ()
    return outcome_specials(looked_at(state, board, a, b)[3])


def outcome_specials(outcome: Outcome | None) -> tuple[tuple[Special, ...], tuple[Special, ...]]:
    if outcome is None:
        return (), ()
    return tuple(s for _, s in outcome.created), tuple(s for _, s in outcome.fired)


def decide(state: State, command: Swap) -> list[Event]:
    """The events of `command` in a game still playing (game.decide checked both)."""
    level = state.level
    a, b = command.a, command.b
    grid = state.grid
    _check_cells(state, a, b)
    min_match = level.rules.min_match
    board = board_of(state)
    geo = board.geo
    special_swap = _special_swap(state, board, a, b)
    if not special_swap and not _legal(board, grid, a, b, min_match):
        return [SwapRejected(a, b)]

    events: list[Event] = [Swapped(a, b)]
    draws = Draws(state.rng)
    # The rules deal and refill only full boards (holes aside): the bitboard holds every tile.
    stride = geo.stride
    work, masks, layer, outcome, cleared = _first_step(state, board, a, b)
    counts = [0] * len(masks)
    points = _cascade(work, masks, geo, level.kinds, min_match, draws, events, counts, layer,
                      level.rules.specials, (cleared, outcome))
    # The state after these events, for the goals: what fold would give, made directly.
    collected = state.collected
    if any(counts):
        collected = tuple(map(add, collected, counts[1:]))
    cell_of = geo.cell_of
    specials = tuple(sorted((cell_of[bit], special) for bit, special in layer.items()))
    after = State(level, tuple(map(tuple, work)), state.player,
                  state.score + points, state.moves + 1, state.status, collected, draws.state,
                  specials, state.stones, state.locks, state.jelly, state.dropped)
    end = ending(after)
    board = Bitboard(geo, tuple(masks[:RAINBOW]), geo.inside & ~masks[RAINBOW])
    still: Bitboard | None = board   # the board kept with the state after (not after a reshuffle)
    if not end:
        # All the new board's legal swaps, not just whether one exists: the next
        # legal_commands reads them from the board kept with the state.
        across, down = board.swaps(min_match)
        if not (across or down) and not any(_special_swaps(layer, geo.inside, stride)):
            dealt = _reshuffle(after.grid, specials, level.kinds, min_match, draws)
            if dealt is None:
                end = [Lost()]
            else:
                end = [Reshuffled(dealt[0], draws.state, dealt[1])]
                still = None
    if still is not None:
        object.__setattr__(after, "cache", still)   # a memo of the grid, invisible to ==
        _remember(after.grid, after.rng, still)
    if end:
        after = fold(after, end)   # a few events that leave the tiles be (or deal them anew)
    events += end
    known_fold(state, events, after)
    return events


def legal_commands(state: State) -> list[Command]:
    """The legal commands of a game still playing (game.legal_commands checked that)."""
    board = board_of(state)
    extra = (0, 0)
    if state.specials:
        stride = board.geo.stride
        extra = _special_swaps(_layer(state.specials, stride), _tiles(board, state.specials), stride)
    # A fresh list each call, so the caller may keep or change it.
    return cast("list[Command]", _swaps(board, state.level.rules.min_match, extra))
