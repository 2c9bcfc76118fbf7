"""match3: swap two neighbours; every run explodes at once; tiles fall; cascades until still."""

from __future__ import annotations

from functools import reduce
from operator import add, or_
from typing import Iterable, cast

from ..boards import MAX_KIND, Bitboard, Geometry, bitboard, flat_board, grid_of, run_mask
from ..commands import Command, Swap
from ..events import Event, Lost, Reshuffled, SwapRejected, Swapped, Won
from ..evolve import fold
from ..goals import ending
from ..grid import EMPTY, FALLER, RAINBOW, Cell, Grid
from ..checking import Problem
from ..level import Level, LevelError
from ..rng import GOLDEN, MASK64, Draws, below_many, draw_lanes
from ..state import FINALE, IllegalMove, Specials, State
from ..units import covered
from ..vocab import Special
from .cascade import MAKING_STEPS as MAKING_STEPS, POINTS_PER_TILE as POINTS_PER_TILE
from .cascade import Blockers, cascade, next_step
from .held import check_blocked, fallen_bits, held_bits, kept_layers
from .common import board_lanes, fill_open, reshuffle
from .finale import finale
from .packed import PackedBoard, packer, swap_list
from .packed_blocked import BlockedBoard, kernel as move_kernel, still_board
from .specials import Layer, Outcome, is_special_swap, swap_step

DEAL_ATTEMPTS = 200
_CHOICES = tuple(tuple(tuple(k for k in range(1, kinds + 1) if k != key >> 4 and k != key & 15)
                       for key in range((MAX_KIND + 1) << 4)) for kinds in range(MAX_KIND + 1))
"""fill's choices for a cell on an empty board, by the level's kinds, then by the kinds that would
make a run there: the left one * 16 + the upper one (0: none)."""
_UNKNOWN: object = object()   # play's default for a level's packed path not looked for yet


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
def _swaps(board: Bitboard, min_match: int, extra: tuple[int, int] = (0, 0)) -> list[Swap]:
    """The legal swaps in reading order (at one cell, the swap to the right first); `extra`
    adds the special swaps (across, down), legal without a run."""
    across, down = board.swaps(min_match)
    return swap_list(board.geo, across | extra[0], down | extra[1])


def has_legal_swap(grid: Grid, min_match: int, geo: Geometry | None = None) -> bool:
    return bitboard(grid, geo).has_swap(min_match)


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


def board_of(state: State) -> Bitboard:
    """The state's bitboard: kept with it by the move that led to it, else made from its grid
    once and kept (a fact of the grid, invisible to ==)."""
    cached = state.cache
    if isinstance(cached, Bitboard):
        return cached
    board = bitboard(state.grid, state.level.geometry())
    object.__setattr__(state, "cache", board)
    return board


# -- dealing ----------------------------------------------------------------------------------
def fill(template: Grid, kinds: int, min_match: int, draws: Draws,
         need_swap: bool = True, geo: Geometry | None = None) -> tuple[Grid | None, str]:
    """Fill the EMPTY cells of `template` so that no run forms; (grid, '') or (None, why).

    Without `need_swap` (specials already give a move) the board need not have a swap that
    runs. `geo`: the board's geometry, when the caller has it (the level's).

    Cells are filled in reading order; each takes a random kind among those that make no
    run with the tiles already there (only a neighbour's kind can make one).
    """
    work = list(map(list, template))
    height, width = len(work), len(work[0])
    need = min_match - 1
    all_kinds = list(range(1, kinds + 1))
    allowed: dict[int, list[int]] = {0: all_kinds}
    rng = draws.state
    # One draw an empty cell, in reading order, all at once (rng.below_many, as raw 64-bit
    # values; `drawn` counts those used): each cell then takes its pick of its choices.
    count = sum(row.count(EMPTY) for row in template)
    if geo is not None and geo.height == height and geo.width == width and count <= geo.inside.bit_count():
        lanes = board_lanes(geo)   # kept with the geometry, for as many draws as it has cells
    else:
        lanes = draw_lanes(count)
    raw = below_many(rng, count, 1 << 64, lanes)[0] if count else []
    drawn = 0
    if min_match == 3 and kinds < len(_CHOICES) and (count == height * width or max(map(max, template)) <= EMPTY):
        # No tile fixed (every cell empty, or holding no tile: a stone, a hole), runs of three
        # (nearly every level): common.fill_open, the same choices and draws as the general loop
        # below, in fewer steps (longer runs and fixed tiles take that loop).
        work, stuck, drawn = fill_open(template, _CHOICES[kinds], raw)
        if stuck is not None:
            draws.state = (rng + drawn * GOLDEN) & MASK64
            return None, f"cell {stuck[0]},{stuck[1]} cannot take any of the {kinds} kinds without making a run"
    else:
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
                    draws.state = (rng + drawn * GOLDEN) & MASK64
                    return None, f"cell {r},{c} cannot take any of the {kinds} kinds without making a run"
                row[c] = choices[raw[drawn] % len(choices)]
                drawn += 1
    draws.state = (rng + drawn * GOLDEN) & MASK64
    grid = tuple(map(tuple, work))
    if need_swap and not has_legal_swap(grid, min_match, geo):
        return None, "no swap on this board can ever make a run"
    return grid, ""


def deal(level: Level, draws: Draws) -> Grid:
    """A starting board: the fixed tiles, random ones elsewhere, no run, at least one swap."""
    template = level.template()
    why = ""
    need_swap = level.kept("deal needs a swap", lambda: _needs_swap(level, template))
    kernel = packer(level)   # a plain board's swaps are asked on the packed board
    for _ in range(DEAL_ATTEMPTS):
        grid, why = fill(template, level.kinds, level.rules.min_match, draws, need_swap and kernel is None,
                         level.geometry())
        if grid is not None and need_swap and kernel is not None and not any(kernel.swaps(kernel.pack(grid))):
            grid, why = None, "no swap on this board can ever make a run"
        if grid is not None:
            return grid
    raise LevelError([Problem(("layout",), f"cannot deal a starting board: {why} "
                              f"(tried {DEAL_ATTEMPTS} deals; add kinds, cells or fewer fixed tiles)")])


def _needs_swap(level: Level, template: Grid) -> bool:
    """Whether a deal of `level` must have a swap that runs: not when specials placed side by
    side (or a rainbow) are a move already."""
    geo_stride = level.width + 1
    tiles = sum(1 << (r * geo_stride + c) for r, row in enumerate(template)
                for c, v in enumerate(row) if v >= 0)
    across, down = _special_swaps(_layer(level.specials, geo_stride), tiles, geo_stride)
    return not (across or down)


def _legal_masks(board: Bitboard, specials: Specials, held: int, min_match: int) -> tuple[int, int]:
    """(across, down) masks of the legal swaps: runs' and specials', none with a tile a blocker
    holds (`held`: their bits, a locked tile's).

    Filled cells and fallers' pieces are in no kind mask, so no swap ever moves one.
    """
    stride = board.geo.stride
    across, down = board.swaps(min_match)
    if specials:
        extra = _special_swaps(_layer(specials, stride), _tiles(board, specials), stride)
        across |= extra[0]
        down |= extra[1]
    if held:
        across &= ~(held | (held >> 1))
        down &= ~(held | (held >> stride))
    return across, down


def legal_masks(state: State, board: Bitboard) -> tuple[int, int]:
    """_legal_masks of the state (found once, kept with its board)."""
    found = board.legal
    if found is None:
        found = board.legal = _legal_masks(board, state.specials, held_bits(state, board),
                                           state.level.rules.min_match)
    return found


def playable(grid: Grid, min_match: int, specials: Specials = (), held: Iterable[Cell] = (),
             geo: Geometry | None = None) -> bool:
    """No run on the board, and at least one legal swap (a run's or a special's; none moves a
    `held` tile, a locked one); `geo`: the board's geometry, when the caller has it."""
    return _playable_board(bitboard(grid, geo), min_match, specials, held)


def _playable_board(board: Bitboard, min_match: int, specials: Specials, held: Iterable[Cell]) -> bool:
    if run_mask(board.kinds, board.geo.stride, min_match):
        return False
    stride = board.geo.stride
    bits = 0
    for r, c in held:
        bits |= 1 << (r * stride + c)
    across, down = _legal_masks(board, specials, bits, min_match)
    return bool(across or down)


def _tiles(board: Bitboard, specials: Specials) -> int:
    """Every tile's bit, rainbows (which no kind mask holds) too."""
    stride = board.geo.stride
    tiles = board.tiles
    for (r, c), special in specials:
        if special == Special.RAINBOW:
            tiles |= 1 << (r * stride + c)
    return tiles


def reshuffle_board(grid: Grid, specials: Specials, held: Iterable[Cell], kinds: int, min_match: int,
                    draws: Draws, geo: Geometry | None = None) -> tuple[Grid, Specials] | None:
    """No move is left: common.reshuffle with match3's idea of playable; tiles a blocker holds
    (locked ones) and fallers' pieces stay where they are (their cells are fixed), every special rides its
    tile. `geo`: the board's geometry, when the caller has it."""
    locked = set(held)
    fixed = locked | {(r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v == FALLER}
    return reshuffle(
        grid, draws, lambda dealt, moved: playable(dealt, min_match, moved, locked, geo),
        lambda blank: fill(blank, kinds, min_match, draws, need_swap=not specials, geo=geo)[0],
        specials, fixed)


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
    return is_special_swap(_base_layer(state, board), a[0] * stride + a[1], b[0] * stride + b[1])


def _base_layer(state: State, board: Bitboard) -> Layer:
    """The state's specials by bit (found once, kept with its board; read only)."""
    found = board.asked.get("layer")
    if found is None:
        found = board.asked["layer"] = _layer(state.specials, board.geo.stride)
    return cast(Layer, found)


def _rainbow_bits(board: Bitboard, layer: Layer) -> int:
    """The bits of the rainbows in the board's own `layer` (found once, kept with the board)."""
    found = board.asked.get("rainbows")
    if found is None:
        found = 0
        for bit, special in layer.items():
            if special == Special.RAINBOW:
                found |= 1 << bit
        board.asked["rainbows"] = found
    return cast(int, found)


def _first_step(state: State, board: Bitboard, a: Cell, b: Cell) -> tuple[
        list[int], list[int], Layer, Outcome | None, int]:
    """After swapping a and b: the board by bit (boards.flat_board), its masks (the kinds', then the rainbows'), the
    specials by bit, the first step's Outcome when specials take part, and the cells it clears."""
    work = flat_board(state.grid)
    stride = board.geo.stride
    abit, bbit = a[0] * stride + a[1], b[0] * stride + b[1]
    work[abit], work[bbit] = work[bbit], work[abit]
    return (work, *_first_masks(state, board, a, b))


def _first_masks(state: State, board: Bitboard, a: Cell, b: Cell,
                 shared: bool = False) -> tuple[list[int], Layer, Outcome | None, int]:
    """_first_step without the board: the masks, the layer, the Outcome and the cells cleared.

    With `shared` (a question that only reads the answer) the layer may be the board's own
    when the swap moves no special: it must not be changed."""
    geo = board.geo
    stride = geo.stride
    grid = state.grid
    (ar, ac), (br, bc) = a, b
    ka, kb = grid[ar][ac], grid[br][bc]
    abit, bbit = ar * stride + ac, br * stride + bc
    both = (1 << abit) | (1 << bbit)
    rainbows = 0
    layer: Layer = {}
    if state.specials:
        layer = _base_layer(state, board)
        rainbows = _rainbow_bits(board, layer)
        if not shared or abit in layer or bbit in layer:
            layer = dict(layer)
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
        return masks, layer, effect, effect.cleared
    forms = state.level.forms
    if not (forms or layer):   # next_step's own first answer, without the call
        return masks, layer, None, run_mask((masks[ka], masks[kb]), stride, state.level.rules.min_match)
    runs, outcome = next_step(masks, geo, state.level.rules.min_match, layer, forms, (abit, bbit), (ka, kb))
    return masks, layer, outcome, runs


def _known_legal(board: Bitboard, a: Cell, b: Cell, min_match: int) -> bool:
    """Whether the board's legal-swap masks, when known, hold the swap of a and b (False when
    they are not known, or a and b are not two cells side by side on the board)."""
    known = board.known_swaps(min_match)
    if known is None:
        return False
    (ar, ac), (br, bc) = a, b
    geo = board.geo
    if not (0 <= ar < geo.height and 0 <= ac < geo.width and 0 <= br < geo.height and 0 <= bc < geo.width):
        return False
    if ar == br and (ac - bc == 1 or bc - ac == 1):
        return bool(known[0] >> (ar * geo.stride + min(ac, bc)) & 1)
    if ac == bc and (ar - br == 1 or br - ar == 1):
        return bool(known[1] >> (min(ar, br) * geo.stride + ac) & 1)
    return False


def swap_is_legal(state: State, board: Bitboard, a: Cell, b: Cell, blocked: bool | None = None) -> bool:
    """Whether swapping the side-by-side tiles a and b is a move (a run, or specials), locks
    aside; `blocked`: state.has_blockers, when the caller knows it."""
    if state.has_blockers if blocked is None else blocked:
        across, down = legal_masks(state, board)
        top = min(a, b)
        return bool((across if a[0] == b[0] else down) >> (top[0] * board.geo.stride + top[1]) & 1)
    return _special_swap(state, board, a, b) or _legal(board, state.grid, a, b, state.level.rules.min_match)


def play(state: State, command: Swap) -> tuple[list[Event], State]:
    """The events of `command` in a game still playing (game.play checked both), and the state
    they lead to: on a packed path when the level's boards are plain (rules/packed.py) or hold
    blockers but are plain otherwise (rules/packed_blocked.py), else on the general one."""
    kernel = state.level.derived.get("move kernel", _UNKNOWN)
    if kernel is _UNKNOWN:
        kernel = move_kernel(state.level)
    if kernel is not None and not state.specials:
        played = kernel.move(state, command.a, command.b)  # type: ignore[attr-defined]  # (a Packer: no cast() call)
        if played is not None:
            events, after, still = played
            flags = still.flags
            if (flags[0] or flags[1]) and not ending(after):   # _settled's usual end, in short
                object.__setattr__(after, "cache", still)
                return events, after
            held = still.covered if type(still) is BlockedBoard else 0
            return _settled(events, after, still, not (flags[0] or flags[1]), (), None, held)
    return play_general(state, command)


def play_general(state: State, command: Swap) -> tuple[list[Event], State]:
    """play() for every board: the one cascade (rules/cascade.py), with the blocker hooks when
    the board has any (the reference the packed path is held to)."""
    level = state.level
    a, b = command.a, command.b
    blocked = state.has_blockers
    board = board_of(state)
    min_match = level.rules.min_match
    if blocked:
        check_blocked(state, board, a, b)
        _check_cells(state, a, b)
        legal = swap_is_legal(state, board, a, b, True)
    else:
        legal = _known_legal(board, a, b, min_match) if not state.specials else False
        if not legal:   # a legal swap moves two tiles side by side: nothing else to check
            _check_cells(state, a, b)
            legal = swap_is_legal(state, board, a, b, False)
    if not legal:
        return [SwapRejected(a, b)], state

    events: list[Event] = [Swapped(a, b)]
    geo = board.geo
    work, masks, layer, outcome, cleared = _first_step(state, board, a, b)
    hooks: Blockers | None = None
    fallen = 0
    if blocked:
        hooks = Blockers(state, geo, kept_layers(state, board))
        fallen = fallen_bits(state, board)
    masks.append(fallen)   # masks[FALLER]
    counts = [0] * len(masks)
    points, rng = cascade(work, masks, geo, level.kinds, min_match, state.rng, events, counts, layer,
                          level.forms, (cleared, outcome), hooks)
    # The state after these events, for the goals: what fold would give, made directly.
    collected = state.collected
    if any(counts):
        collected = tuple(map(add, collected, counts[1:]))
    cell_of = geo.cell_of
    specials = tuple(sorted((cell_of[bit], special) for bit, special in layer.items())) if layer else ()
    layers = state.layers if hooks is None else hooks.layers(state)
    held = 0 if hooks is None else hooks.covered
    after = state.after(grid_of(work, geo), score=state.score + points, moves=state.moves + 1,
                        collected=collected, rng=rng, specials=specials, layers=layers)
    kinds = tuple(masks[:RAINBOW])
    still = Bitboard(geo, kinds, reduce(or_, kinds[1:]))   # every tile: the kinds' masks joined, in C
    # A cascade ends with no run on the board: only a legal swap is left to ask for.
    still.legal = _legal_masks(still, specials, held, min_match)   # the after state's, kept with it
    if hooks is not None:
        still.fallen = masks[FALLER]
    return _settled(events, after, still, not any(still.legal), specials, hooks, held)


def _settled(events: list[Event], after: State, still: Bitboard, stuck: bool, specials: Specials,
             hooks: Blockers | None, held: int) -> tuple[list[Event], State]:
    """A move's end, when its cascade is still: `events` with the game's end (Won, Lost, the
    finale) or a reshuffle when no move is left, and the state they lead to; `still` (its legal
    swaps known) is kept with that state when its board is the cascade's; `stuck`: it has no
    legal swap; `held`: the bits of the tiles a blocker holds."""
    level = after.level
    end = ending(after)
    won: State | None = None
    if not end and stuck:
        draws = Draws(after.rng)
        dealt = reshuffle_board(after.grid, specials, covered(after.layers.counts) if held else (), level.kinds,
                                level.rules.min_match, draws, still.geo)
        end = [Lost()] if dealt is None else [Reshuffled(dealt[0], draws.state, dealt[1])]
    elif end and isinstance(end[-1], Won) and after.rules >= FINALE:
        # The specials left go off, then the moves left (rules/finale.py), which also says
        # the state they lead to (folding its thousands of events on a big board cost more).
        end, won = finale(after)
    settled = after.grid
    if end:
        # A few events that leave the tiles be (or deal them anew), or the finale's.
        after = fold(after, end) if won is None else won
        events += end
    if not end or after.grid is settled:   # not after a reshuffle or a finale: still the board
        object.__setattr__(after, "cache", still)   # the next legal_commands reads it
        if hooks is not None:
            still.layers = hooks.kept()
    return events, after


def decide(state: State, command: Swap) -> list[Event]:
    """The events of `command` in a game still playing (game.decide checked both)."""
    return play(state, command)[0]


def legal_commands(state: State) -> list[Command]:
    """The legal commands of a game still playing (game.legal_commands checked that)."""
    board = state.cache
    if type(board) is PackedBoard or type(board) is BlockedBoard:   # a packed move's board: its swaps read off its flags
        return board.commands()  # type: ignore[return-value]
    if board is None and not state.specials:
        # A board no move has left yet (a new game's): on a packed path when it is still.
        still = still_board(state)
        if still is not None:
            object.__setattr__(state, "cache", still)
            return still.commands()  # type: ignore[return-value]
    board = board_of(state)
    min_match = state.level.rules.min_match
    if state.has_blockers and held_bits(state, board):
        across, down = legal_masks(state, board)
        return swap_list(board.geo, across, down)  # type: ignore[return-value]
    extra = (0, 0)
    if state.specials:
        stride = board.geo.stride
        extra = _special_swaps(_layer(state.specials, stride), _tiles(board, state.specials), stride)
    # A fresh list each call, so the caller may keep or change it.
    return _swaps(board, min_match, extra)  # type: ignore[return-value]
