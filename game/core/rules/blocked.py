"""match3 with blockers: jelly, stones, locks and drops, as cell layers over the same cascade.

A level with no blocker plays by match3.py's fast bitboard rules; a level with any plays by
these, which follow the same steps on a plain working board (runs and specials are still
found by match3.py and specials.py) and add the layers:

- a clear or blast that takes a locked tile breaks its lock instead (`Unlocked`); the tile
  stays. A locked tile is never swapped and never falls; tiles fall past it as past a hole.
- a stone (STONE in the grid) is never swapped or moved; tiles fall past it as past a hole.
  A blast on it, or a cleared (or unlocked, or special-made) cell orthogonally next to it,
  takes one hit a step (`Cracked`); at 0 the cell is EMPTY and ordinary, and tiles fall in.
- jelly under a cell loses one layer when the tile on it clears or becomes a special
  (`JellyCleared`); a lock takes the clear instead, so the jelly under it stays.
- a drop (DROP in the grid) never matches, is never swapped and is never caught in a blast;
  it falls like a tile and, on the bottom cell of its column's chute after a fall, leaves the
  board (`DropCollected`), then the column falls and refills again.
- drops a `drops` goal needs beyond those placed enter from the top: after a refill, when no
  drop is on the board and fewer than the goal were placed or collected, one more draw from
  the state's RNG picks one of that refill's new tiles to be a drop instead (it is a DROP in
  `Spawned`, so no other event is needed).

One cascade step's events: Created, Detonated, Cleared, Unlocked, Cracked, JellyCleared,
Scored, Fell, Spawned, then (when drops reached the bottom) DropCollected, Scored, Fell,
Spawned, until no drop is on a chute's bottom.
"""

from __future__ import annotations

from operator import add
from typing import cast

from ..boards import Bitboard, Geometry, bitboard, bits_of, run_mask
from ..commands import Command, Swap
from ..events import (
    Cleared, Cracked, Created, Detonated, DropCollected, Event, Fell, JellyCleared, Lost, Reshuffled, Scored,
    Spawned, SwapRejected, Swapped, Unlocked,
)
from ..evolve import fold, known_fold
from ..goals import ending
from ..grid import DROP, EMPTY, HOLE, ORTHOGONAL, RAINBOW, STONE, Cell, Grid
from ..checking import Problem
from ..level import Level, LevelError
from ..rng import Draws
from ..state import IllegalMove, Specials, State
from ..vocab import Special
from . import match3
from .common import SHUFFLE_ATTEMPTS
from .specials import SPECIAL_POINTS, Layer, Outcome

POINTS_PER_HIT = 10
"""Points for each lock broken, stone hit and jelly layer cleared (times the cascade step)."""
DROP_POINTS = 100
"""Points for each drop collected (times the cascade step)."""


# -- what may move ------------------------------------------------------------------------------
def _lock_bits(locks: tuple[Cell, ...] | set[Cell], stride: int) -> int:
    m = 0
    for r, c in locks:
        m |= 1 << (r * stride + c)
    return m


def _legal_masks(board: Bitboard, specials: Specials, locks: tuple[Cell, ...] | set[Cell],
                 min_match: int) -> tuple[int, int]:
    """(across, down) masks of the legal swaps: runs' and specials', none with a locked tile.

    Stones and drops are in no kind mask, so no swap ever moves one.
    """
    stride = board.geo.stride
    across, down = board.swaps(min_match)
    if specials:
        extra = match3._special_swaps(match3._layer(specials, stride), match3._tiles(board, specials), stride)
        across |= extra[0]
        down |= extra[1]
    if locks:
        held = _lock_bits(locks, stride)
        across &= ~(held | (held >> 1))
        down &= ~(held | (held >> stride))
    return across, down


def _playable(grid: Grid, specials: Specials, locks: tuple[Cell, ...] | set[Cell], min_match: int) -> bool:
    """No run on the board, and at least one legal swap."""
    return _playable_board(bitboard(grid), specials, locks, min_match)


def _playable_board(board: Bitboard, specials: Specials, locks: tuple[Cell, ...] | set[Cell],
                    min_match: int) -> bool:
    if run_mask(board.kinds, board.geo.stride, min_match):
        return False
    across, down = _legal_masks(board, specials, locks, min_match)
    return bool(across or down)


def _swap_list(geo: Geometry, across: int, down: int) -> list[Swap]:
    """The swaps of the masks in reading order (at one cell, the swap to the right first)."""
    table = match3._swap_table(geo)
    out: list[Swap] = []
    for bit in bits_of(across | down):
        if across >> bit & 1:
            out.append(table[2 * bit])
        if down >> bit & 1:
            out.append(table[2 * bit + 1])
    return out


# -- the ruleset's entry points (a level without blockers goes to match3.py) ----------------------
def deal(level: Level, draws: Draws) -> Grid:
    """A starting board: fixed tiles and blockers, random tiles elsewhere, no run, a legal swap."""
    if not level.has_blockers:
        return match3.deal(level, draws)
    template = level.template()
    specials, locks = level.specials, level.locks
    why = ""
    for _ in range(match3.DEAL_ATTEMPTS):
        grid, why = match3.fill(template, level.kinds, level.rules.min_match, draws, need_swap=False)
        if grid is None:
            continue
        if _playable(grid, specials, locks, level.rules.min_match):
            return grid
        why = "no swap on this board can ever make a run (locked tiles, stones and drops never swap)"
    raise LevelError([Problem(("layout",), f"cannot deal a starting board: {why} "
                              f"(tried {match3.DEAL_ATTEMPTS} deals; add kinds, cells or fewer fixed tiles)")])


def legal_commands(state: State) -> list[Command]:
    if not state.has_blockers:
        return match3.legal_commands(state)
    board = match3.board_of(state)
    across, down = _legal_masks(board, state.specials, state.locks, state.level.rules.min_match)
    return cast("list[Command]", _swap_list(board.geo, across, down))


def _check_swap(state: State, a: Cell, b: Cell) -> None:
    """Raise IllegalMove for a swap that moves a stone, a drop or a locked tile."""
    for cell in (a, b):
        if not (0 <= cell[0] < state.height and 0 <= cell[1] < state.width):
            break   # _check_cells names it
        value = state.at(cell)
        if value == STONE:
            raise IllegalMove(f"{cell[0]},{cell[1]} is a stone, which never moves",
                              said="Stones cannot be moved: clear tiles next to them.")
        if value == DROP:
            raise IllegalMove(f"{cell[0]},{cell[1]} is a drop, which is never swapped",
                              said="Drops cannot be swapped: clear the tiles under them.")
        if cell in state.locks:
            raise IllegalMove(f"{cell[0]},{cell[1]} is locked",
                              said="That tile is locked: match it to break the lock.")
    match3._check_cells(state, a, b)


def decide(state: State, command: Swap) -> list[Event]:
    if not state.has_blockers:
        return match3.decide(state, command)
    return play(state, command)


def swap_clears(state: State, swap: Swap) -> tuple[tuple[Cell, int], ...]:
    """match3.swap_clears with blockers: the tiles the swap's own step takes off the board."""
    if not state.has_blockers:
        return match3.swap_clears(state, swap)
    first = _first(state, swap)
    if first is None:
        return ()
    return first[3]


def swap_specials(state: State, swap: Swap) -> tuple[tuple[Special, ...], tuple[Special, ...]]:
    """match3.swap_specials with blockers: what the swap's own step makes and sets off."""
    if not state.has_blockers:
        return match3.swap_specials(state, swap)
    first = _first(state, swap)
    return match3.outcome_specials(first[2] if first is not None else None)


def blocker_progress(state: State, swap: Swap) -> int:
    """What the swap's own step does toward the blocker goals, as the board shows it (no RNG):
    jelly layers cleared, locks broken, stone hits, and cleared cells under a drop."""
    if not state.has_blockers:
        return 0
    first = _first(state, swap)
    if first is None:
        return 0
    cleared, hits = first[3], first[4]
    below_drop = 0
    drop_columns: dict[int, int] = {}
    for r, row in enumerate(state.grid):
        for c, v in enumerate(row):
            if v == DROP:
                drop_columns[c] = min(drop_columns.get(c, r), r)
    for (r, c), _ in cleared:
        if c in drop_columns and r > drop_columns[c]:
            below_drop += 1
    return hits + below_drop


First = tuple[list[list[int]], Layer, "Outcome | None", tuple[tuple[Cell, int], ...], int]
_LAST_FIRST: list[tuple[State, Swap, First | None] | None] = [None]


def _first(state: State, swap: Swap) -> First | None:
    """The swap's own step on a board with blockers: the board after the swap, its specials,
    the step's Outcome, the tiles it clears (each with its kind), and its blocker hits; None
    for a swap that is not legal (IllegalMove for one that names no two tiles side by side).

    A bot asks swap_clears, swap_specials and blocker_progress of one swap in a row: the last
    answer is kept (read only)."""
    last = _LAST_FIRST[0]
    if last is not None and last[0] is state and last[1] == swap:
        return last[2]
    found = _first_of(state, swap)
    _LAST_FIRST[0] = (state, swap, found)
    return found


def _first_of(state: State, swap: Swap) -> First | None:
    a, b = swap.a, swap.b
    match3._check_cells(state, a, b)
    if a in state.locks or b in state.locks or DROP in (state.at(a), state.at(b)):
        return None
    board = match3.board_of(state)
    across, down = _legal_masks(board, state.specials, state.locks, state.level.rules.min_match)
    top = min(a, b)
    bit = top[0] * board.geo.stride + top[1]
    if not ((across if a[0] == b[0] else down) >> bit & 1):
        return None
    work, _, layer, outcome, runs = match3.looked_at(state, board, a, b)
    hit = _split(work, board.geo, runs, outcome, set(state.locks), dict(state.stones), dict(state.jelly))
    return work, layer, outcome, tuple((c, work[c[0]][c[1]]) for c in hit[0]), len(hit[1]) + len(hit[2]) + len(hit[3])


def _split(work: list[list[int]], geo: Geometry, runs: int, outcome: Outcome | None, locks: set[Cell],
           stones: dict[Cell, int], jelly: dict[Cell, int]) -> tuple[
               list[Cell], list[Cell], list[Cell], list[tuple[Cell, int]]]:
    """One step's hits split by what they hit: (tiles cleared, locks broken, stones hit, jelly
    layers cleared with the layers left), each in reading order. Reads the board, changes nothing."""
    cell_of = geo.cell_of
    made = [cell_of[bit] for bit, _ in outcome.created] if outcome is not None else []
    cleared: list[Cell] = []
    struck: set[Cell] = set()
    unlocked: set[Cell] = {cell for cell in made if cell in locks}
    for cell in map(cell_of.__getitem__, bits_of(runs)):
        value = work[cell[0]][cell[1]]
        if value == STONE:
            struck.add(cell)   # a blast on it
        elif cell in locks:
            unlocked.add(cell)
        elif value > 0 and value != DROP:
            cleared.append(cell)
    height, width = geo.height, geo.width
    if stones:
        for r, c in (*cleared, *unlocked, *made):
            for dr, dc in ORTHOGONAL:
                n = (r + dr, c + dc)
                if n in stones and 0 <= n[0] < height and 0 <= n[1] < width:
                    struck.add(n)
    jellied = [(cell, jelly[cell] - 1) for cell in sorted({*cleared, *made} - unlocked) if cell in jelly]
    return cleared, sorted(unlocked), sorted(struck), jellied


# -- the cascade ---------------------------------------------------------------------------------
def _chute(work: list[list[int]], locks: set[Cell], c: int) -> list[int]:
    """Column c's chute, top down: its rows that are not a hole, a stone or a locked tile."""
    return [r for r in range(len(work)) if work[r][c] not in (HOLE, STONE) and (r, c) not in locks]


def _settle(work: list[list[int]], locks: set[Cell], layer: Layer, stride: int, kinds: int,
            draws: Draws, spawn_drop: bool, events: list[Event], columns: set[int]) -> None:
    """Every column falls along its chute, then its empty top cells refill (drawn column by
    column, top down, as match3.py draws); `spawn_drop` makes one of the new tiles a drop.
    `columns` holds every column with an empty cell (in the others nothing falls or is drawn)."""
    moves: list[tuple[Cell, Cell]] = []
    tiles: list[tuple[Cell, int]] = []
    for c in sorted(columns):
        chute = _chute(work, locks, c)
        write = len(chute) - 1
        fallen: list[tuple[Cell, Cell]] = []
        for i in range(len(chute) - 1, -1, -1):
            r = chute[i]
            value = work[r][c]
            if value == EMPTY:
                continue
            if i != write:
                dst = chute[write]
                work[dst][c] = value
                work[r][c] = EMPTY
                fallen.append(((r, c), (dst, c)))
            write -= 1
        fallen.reverse()   # each column's tiles top down, as match3.py lists them
        moves.extend(fallen)
        for r in chute[:write + 1]:
            kind = draws.below(kinds) + 1
            work[r][c] = kind
            tiles.append(((r, c), kind))
    if spawn_drop and tiles:
        i = draws.below(len(tiles))
        (r, c), _ = tiles[i]
        work[r][c] = DROP
        tiles[i] = ((r, c), DROP)
    if moves:
        events.append(Fell(tuple(moves)))
        if layer:
            riding = []
            for (sr, sc), (dr, dc) in moves:
                src = sr * stride + sc
                if src in layer:
                    riding.append((dr * stride + dc, layer.pop(src)))
            layer.update(riding)
    if tiles:
        events.append(Spawned(tuple(tiles), draws.state))


def _masks(work: list[list[int]]) -> list[int]:
    """The working board's kind masks (index 1..9), then the rainbows' (index RAINBOW)."""
    board = bitboard(tuple(map(tuple, work)))
    stride = board.geo.stride
    rainbows = 0
    for r, row in enumerate(work):
        if RAINBOW in row:
            for c, v in enumerate(row):
                if v == RAINBOW:
                    rainbows |= 1 << (r * stride + c)
    return list(board.kinds) + [rainbows]


def play(state: State, command: Swap) -> list[Event]:
    """The events of a swap on a board with blockers (also right, if slower, on one without)."""
    level = state.level
    a, b = command.a, command.b
    _check_swap(state, a, b)
    min_match = level.rules.min_match
    board = match3.board_of(state)
    geo = board.geo
    stride, cell_of = geo.stride, geo.cell_of
    across, down = _legal_masks(board, state.specials, state.locks, min_match)
    top = min(a, b)
    if not ((across if a[0] == b[0] else down) >> (top[0] * stride + top[1]) & 1):
        return [SwapRejected(a, b)]
    events: list[Event] = [Swapped(a, b)]
    draws = Draws(state.rng)
    work, _, layer, outcome, runs = match3._first_step(state, board, a, b)
    locks, stones, jelly = set(state.locks), dict(state.stones), dict(state.jelly)
    dropped = state.dropped
    counts = [0] * (RAINBOW + 1)
    wanted = level.goals.drops
    points = 0
    step = 1
    make = level.rules.specials
    while runs:
        bonus = 0
        if outcome is not None:
            for bit, special in outcome.created:
                events.append(Created(cell_of[bit], special))
                if special == Special.RAINBOW and not runs >> bit & 1:
                    r, c = cell_of[bit]
                    work[r][c] = RAINBOW
            took = dict(outcome.took)
            for bit, special in outcome.fired:
                events.append(Detonated(cell_of[bit], special, took.get(bit, 0)))
            bonus = SPECIAL_POINTS * (len(outcome.created) + len(outcome.fired)) * step
        cleared, unlocked, struck, jellied = _split(work, geo, runs, outcome, locks, stones, jelly)
        if outcome is not None:
            for bit, special in outcome.created:
                layer[bit] = special
        # Every special in the step's cells went off and is spent (a locked tile that a
        # rainbow turned into a special keeps its tile, not the special it fired: fold drops
        # a special on a locked cell at its Detonated, so the state agrees).
        for bit in [bit for bit in layer if runs >> bit & 1]:
            del layer[bit]
        events.append(Cleared(tuple(cleared)))
        for cell in unlocked:
            events.append(Unlocked(cell))
            locks.discard(cell)
        emptied = {c for _, c in cleared}   # the columns that fall and refill
        for cell in struck:
            stones[cell] -= 1
            events.append(Cracked(cell, stones[cell]))
            if not stones[cell]:
                del stones[cell]
                work[cell[0]][cell[1]] = EMPTY
                emptied.add(cell[1])
        for cell, left in jellied:
            events.append(JellyCleared(cell, left))
            if left:
                jelly[cell] = left
            else:
                del jelly[cell]
        for r, c in cleared:
            counts[work[r][c]] += 1
            work[r][c] = EMPTY
        gained = (POINTS_PER_TILE * len(cleared) + POINTS_PER_HIT * (len(unlocked) + len(struck) + len(jellied))) * step + bonus
        events.append(Scored(gained, step))
        points += gained
        while True:
            on_board = sum(row.count(DROP) for row in work) if wanted is not None else 0
            spawn = wanted is not None and on_board == 0 and dropped < wanted
            _settle(work, locks, layer, stride, level.kinds, draws, spawn, events, emptied)
            if wanted is None:
                break
            landed = []
            for c in range(level.width):
                chute = _chute(work, locks, c)
                if chute and work[chute[-1]][c] == DROP:
                    landed.append((chute[-1], c))
            if not landed:
                break
            emptied = {c for _, c in landed}
            for cell in landed:
                events.append(DropCollected(cell))
                work[cell[0]][cell[1]] = EMPTY
                dropped += 1
            gained = DROP_POINTS * len(landed) * step
            events.append(Scored(gained, step))
            points += gained
        step += 1
        runs, outcome = match3._next_step(_masks(work), geo, min_match, layer,
                                          make and step <= match3.MAKING_STEPS, None)
    collected = state.collected
    if any(counts):
        collected = tuple(map(add, collected, counts[1:]))
    specials = tuple(sorted((cell_of[bit], special) for bit, special in layer.items()))
    after = State(level, tuple(map(tuple, work)), state.player, state.score + points,
                  state.moves + 1, state.status, collected, draws.state, specials,
                  tuple(sorted(stones.items())), tuple(sorted(locks)), tuple(sorted(jelly.items())),
                  dropped)
    end = ending(after)
    if not end:
        board = bitboard(after.grid)
        if _playable_board(board, specials, locks, min_match):
            object.__setattr__(after, "cache", board)   # the next legal_commands reads it
        else:
            dealt = _reshuffle(after.grid, specials, locks, level.kinds, min_match, draws)
            end = [Lost()] if dealt is None else [Reshuffled(dealt[0], draws.state, dealt[1])]
    if end:
        after = fold(after, end)
    events += end
    known_fold(state, events, after)
    return events


POINTS_PER_TILE = match3.POINTS_PER_TILE


def _reshuffle(grid: Grid, specials: Specials, locks: set[Cell], kinds: int, min_match: int,
               draws: Draws) -> tuple[Grid, Specials] | None:
    """match3's reshuffle, with every blocker kept where it is: the free tiles (each with its
    special) dealt again until playable; else fresh kinds for the plain free tiles; else None."""
    spots = [(r, c) for r, row in enumerate(grid) for c, v in enumerate(row)
             if v > 0 and v != DROP and (r, c) not in locks]
    on = dict(specials)
    tiles = [(grid[r][c], on.get((r, c))) for r, c in spots]
    for _ in range(SHUFFLE_ATTEMPTS):
        draws.shuffle(tiles)
        work = [list(row) for row in grid]
        for (r, c), (kind, _) in zip(spots, tiles):
            work[r][c] = kind
        dealt = tuple(tuple(row) for row in work)
        moved = tuple((cell, special) for cell, (_, special) in zip(spots, tiles) if special is not None)
        if _playable(dealt, moved, locks, min_match):
            return dealt, tuple(sorted(moved))
    blank = tuple(tuple(v if v <= 0 or v == DROP or (r, c) in on or (r, c) in locks else EMPTY
                        for c, v in enumerate(row)) for r, row in enumerate(grid))
    for _ in range(SHUFFLE_ATTEMPTS):
        candidate = match3.fill(blank, kinds, min_match, draws, need_swap=not specials)[0]
        if candidate is not None and _playable(candidate, specials, locks, min_match):
            return candidate, specials
    return None
