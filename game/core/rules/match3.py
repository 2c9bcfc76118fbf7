"""match3: swap two neighbours; every run explodes at once; tiles fall; cascades until still."""

from __future__ import annotations

from itertools import compress
from operator import add
from typing import cast

from ..boards import Bitboard, Geometry, bitboard, bits_of, run_mask
from ..commands import Command, Swap
from ..events import Cleared, Event, Fell, Lost, Reshuffled, Scored, Spawned, SwapRejected, Swapped
from ..goals import ending
from ..grid import EMPTY, Cell, Grid
from ..level import Level, LevelError, Problem
from ..rng import GOLDEN, MASK64, Draws
from ..state import IllegalMove, State
from ..vocab import Mode
from .common import reshuffle

POINTS_PER_TILE = 10
DEAL_ATTEMPTS = 200


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


def _swaps(board: Bitboard, min_match: int) -> list[Swap]:
    """The legal swaps in reading order (at one cell, the swap to the right first)."""
    across, down = board.swaps(min_match)
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
def fill(template: Grid, kinds: int, min_match: int, draws: Draws) -> tuple[Grid | None, str]:
    """Fill the EMPTY cells of `template` so that no run forms; (grid, '') or (None, why).

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
    if not has_legal_swap(grid, min_match):
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
    for _ in range(DEAL_ATTEMPTS):
        grid, why = fill(template, level.kinds, level.rules.min_match, draws)
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
def _cascade(work: list[list[int]], masks: list[int], geo: Geometry, kinds: int, min_match: int,
             draws: Draws, events: list[Event], counts: list[int]) -> int:
    """Clear, fall and refill `work` and `masks` in place until still; append each step's
    events, add each cleared kind to `counts`; return the points scored.

    One step is one Cleared (every run at once), one Fell (each column's tiles drop along its
    chute, past holes, in order) and one Spawned (new tiles at the top of each chute, drawn
    column by column, top down, from the stream in `draws`). The board must be full.
    """
    stride, cell_of, chutes, slots = geo.stride, geo.cell_of, geo.chutes, geo.slots
    solid, tables = geo.solid, geo.tables
    points = 0
    step = 1
    rng = draws.state
    runs = run_mask(masks, stride, min_match)
    while runs:
        cells = tuple(map(cell_of.__getitem__, bits_of(runs)))
        gained = POINTS_PER_TILE * len(cells) * step
        events.append(Cleared(cells))
        events.append(Scored(gained, step))
        points += gained
        # Per column, its cleared rows (in reading order, so top down).
        hit: dict[int, list[int]] = {}
        for r, c in cells:
            row = work[r]
            counts[row[c]] += 1
            row[c] = EMPTY
            rows_hit = hit.get(c)
            if rows_hit is None:
                hit[c] = [r]
            else:
                rows_hit.append(r)
        keep = ~runs
        for k in range(1, len(masks)):
            if counts[k]:
                masks[k] &= keep
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
            for r in chute[:empty_to]:
                rng = (rng + GOLDEN) & MASK64
                z = ((rng ^ (rng >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
                kind = (z ^ (z >> 31)) % kinds + 1
                work[r][c] = kind
                b = r * stride + c
                masks[kind] |= 1 << b
                tiles.append((cell_of[b], kind))
        if moves:
            events.append(Fell(tuple(moves)))
        if tiles:
            events.append(Spawned(tuple(tiles), rng))
        step += 1
        runs = run_mask(masks, stride, min_match)
    draws.state = rng
    return points


def _playable(grid: Grid, min_match: int) -> bool:
    board = bitboard(grid)
    if run_mask(board.kinds, board.geo.stride, min_match):
        return False
    return board.has_swap(min_match)


def _check_cells(state: State, a: Cell, b: Cell) -> None:
    """Raise IllegalMove unless a and b are two tiles side by side on the board."""
    grid = state.grid
    height, width = state.level.height, state.level.width
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


def swap_clears(state: State, swap: Swap) -> tuple[tuple[Cell, int], ...]:
    """The tiles `swap`'s own clear explodes (cascade step 1), each with its kind, in reading order.

    A question about the board alone, never the RNG: what a player can see before swapping
    (a bot that must not know the spawns asks this instead of decide). Empty for a swap that
    makes no run; raises IllegalMove unless the swap names two tiles side by side.
    """
    if state.level.mode != Mode.MATCH3:
        raise IllegalMove(f"a {state.level.mode} level takes no swaps")
    a, b = swap.a, swap.b
    _check_cells(state, a, b)
    min_match = state.level.rules.min_match
    board = board_of(state)
    if not _legal(board, state.grid, a, b, min_match):
        return ()
    grid = state.grid
    masks = _swapped_masks(board, a, b, grid[a[0]][a[1]], grid[b[0]][b[1]])
    # The same run mask the cascade's first step clears.
    runs = run_mask(masks, board.geo.stride, min_match)
    cell_of = board.geo.cell_of
    return tuple(sorted((cell_of[bit], kind) for kind, m in enumerate(masks) if m & runs
                        for bit in bits_of(m & runs)))


def decide(state: State, command: Swap) -> list[Event]:
    """The events of `command` in a game still playing (game.decide checked both)."""
    level = state.level
    a, b = command.a, command.b
    grid = state.grid
    _check_cells(state, a, b)
    min_match = level.rules.min_match
    board = board_of(state)
    geo = board.geo
    if not _legal(board, grid, a, b, min_match):
        return [SwapRejected(a, b)]

    events: list[Event] = [Swapped(a, b)]
    (ar, ac), (br, bc) = a, b
    work = list(map(list, grid))
    ka, kb = work[ar][ac], work[br][bc]
    work[ar][ac], work[br][bc] = kb, ka
    draws = Draws(state.rng)
    # The rules deal and refill only full boards (holes aside): the bitboard holds every tile.
    masks = _swapped_masks(board, a, b, ka, kb)
    counts = [0] * len(masks)
    points = _cascade(work, masks, geo, level.kinds, min_match, draws, events, counts)
    # The state after these events, for the goals: what fold would give, made directly.
    collected = state.collected
    if any(counts):
        collected = tuple(map(add, collected, counts[1:]))
    after = State(level, tuple(map(tuple, work)), state.player,
                  state.score + points, state.moves + 1, state.status, collected, draws.state)
    end = ending(after)
    board = Bitboard(geo, tuple(masks), geo.inside)
    if not end:
        # All the new board's legal swaps, not just whether one exists: the next
        # legal_commands reads them from the memo instead of computing them again.
        across, down = board.swaps(min_match)
        if not (across or down):
            dealt = reshuffle(
                after.grid, draws,
                lambda g: _playable(g, min_match),
                lambda blank: fill(blank, level.kinds, min_match, draws)[0],
            )
            if dealt is None:
                end = [Lost()]
            else:
                events.append(Reshuffled(dealt, draws.state))
                return events + end
    _remember(after.grid, after.rng, board)
    return events + end


def legal_commands(state: State) -> list[Command]:
    """The legal commands of a game still playing (game.legal_commands checked that)."""
    # A fresh list each call, so the caller may keep or change it.
    return cast("list[Command]", _swaps(board_of(state), state.level.rules.min_match))
