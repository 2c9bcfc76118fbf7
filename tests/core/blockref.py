"""The slow, obviously correct match3 cascade with blockers (jelly, stones, locks, ice, drops), for tests.

Written cell by cell from the rules (rules/blocked.py's docstring), sharing nothing with
game/core but the event types, the grid values and the RNG stream (the stream is part of the
contract: the same seed spawns the same tiles). It knows no specials: levels compared with it
play with `specials: false`.
"""

from __future__ import annotations

from game.core import (
    EMPTY, HOLE, SOLID, Cleared, Cracked, Event, Fell, JellyCleared, Scored, Spawned,
    State, Swap, SwapRejected, Swapped, Unlocked,
)
from game.core.units import DROP, DropCollected
from game.core import GoalName
from game.core.units import JELLY as JELLY_UNIT, STONE as STONE_UNIT
from game.core.rng import Draws
from game.core.units.ice import ICE, IceCracked

Cell = tuple[int, int]
ORTHOGONAL = ((-1, 0), (0, -1), (0, 1), (1, 0))


def is_kind(v: int) -> bool:
    """A tile that matches: kinds 1..9 (not a hole, gap, stone, rainbow or drop)."""
    return 1 <= v <= 9


def runs(grid: list[list[int]], min_match: int) -> set[Cell]:
    h, w = len(grid), len(grid[0])
    out: set[Cell] = set()
    for r in range(h):
        for c in range(w):
            k = grid[r][c]
            if not is_kind(k):
                continue
            for dr, dc in ((0, 1), (1, 0)):
                n = 0
                while 0 <= r + n * dr < h and 0 <= c + n * dc < w and grid[r + n * dr][c + n * dc] == k:
                    n += 1
                if n >= min_match:
                    out.update((r + i * dr, c + i * dc) for i in range(n))
    return out


def held(state: State) -> set[Cell]:
    """The tiles held in place: locked or iced (never swapped, never falling)."""
    return set(state.locks) | {cell for cell, _ in state.layers.of(ICE)}


def movable(grid: list[list[int]], locks: set[Cell], cell: Cell) -> bool:
    v = grid[cell[0]][cell[1]]
    return is_kind(v) and cell not in locks


def legal_swaps(grid: list[list[int]], locks: set[Cell], min_match: int) -> list[tuple[Cell, Cell]]:
    """Every pair of side-by-side free tiles whose swap makes a run through one of them."""
    h, w = len(grid), len(grid[0])
    out = []
    for r in range(h):
        for c in range(w):
            for b in ((r, c + 1), (r + 1, c)):
                if b[0] < h and b[1] < w and movable(grid, locks, (r, c)) and movable(grid, locks, b):
                    if grid[r][c] == grid[b[0]][b[1]]:
                        continue
                    work = [row[:] for row in grid]
                    work[r][c], work[b[0]][b[1]] = work[b[0]][b[1]], work[r][c]
                    if in_run(work, (r, c), min_match) or in_run(work, b, min_match):
                        out.append(((r, c), b))
    return out


def in_run(grid: list[list[int]], cell: Cell, min_match: int) -> bool:
    """Whether `cell` is in a row or column run: count alike tiles both ways along each line."""
    h, w = len(grid), len(grid[0])
    r, c = cell
    k = grid[r][c]
    for dr, dc in ((0, 1), (1, 0)):
        n = 1
        for sign in (1, -1):
            i = 1
            while 0 <= r + sign * i * dr < h and 0 <= c + sign * i * dc < w \
                    and grid[r + sign * i * dr][c + sign * i * dc] == k:
                n += 1
                i += 1
        if n >= min_match:
            return True
    return False


def chute(grid: list[list[int]], locks: set[Cell], c: int) -> list[int]:
    """Column c's rows a tile may fall through: not a hole, a stone or a locked tile."""
    return [r for r in range(len(grid)) if grid[r][c] not in (HOLE, SOLID) and (r, c) not in locks]


def fall_and_refill(grid: list[list[int]], locks: set[Cell], kinds: int, draws: Draws, spawn_drop: bool,
                    events: list[Event]) -> None:
    moves: list[tuple[Cell, Cell]] = []
    spawned: list[tuple[Cell, int]] = []
    for c in range(len(grid[0])):
        rows = chute(grid, locks, c)
        tiles = [r for r in rows if grid[r][c] != EMPTY]
        landing = rows[len(rows) - len(tiles):]
        values = [grid[r][c] for r in tiles]
        for r in rows:
            grid[r][c] = EMPTY
        for src, dst, v in zip(tiles, landing, values):
            grid[dst][c] = v
            if src != dst:
                moves.append(((src, c), (dst, c)))
        for r in rows:
            if grid[r][c] == EMPTY:
                grid[r][c] = draws.below(kinds) + 1
                spawned.append(((r, c), grid[r][c]))
    if spawn_drop and spawned:
        i = draws.below(len(spawned))
        (r, c), _ = spawned[i]
        grid[r][c] = DROP
        spawned[i] = ((r, c), DROP)
    if moves:
        events.append(Fell(tuple(moves)))
    if spawned:
        events.append(Spawned(tuple(spawned), draws.state))


def play(state: State, swap: Swap) -> list[Event]:
    """The events of a swap of two free tiles up to the end of its cascade (no end-of-game events)."""
    level = state.level
    min_match = level.rules.min_match
    grid = [list(row) for row in state.grid]
    locks = set(state.locks)
    ice = dict(state.layers.of(ICE))
    stones = dict(state.layer_of(STONE_UNIT))
    jelly = dict(state.layer_of(JELLY_UNIT))
    brought = state.brought
    wanted = level.goals.wanted(GoalName.DROPS)
    if (swap.a, swap.b) not in legal_swaps(grid, locks | set(ice), min_match):
        return [SwapRejected(swap.a, swap.b)]
    events: list[Event] = [Swapped(swap.a, swap.b)]
    (ar, ac), (br, bc) = swap.a, swap.b
    grid[ar][ac], grid[br][bc] = grid[br][bc], grid[ar][ac]
    draws = Draws(state.rng)
    h, w = len(grid), len(grid[0])
    step = 1
    found = runs(grid, min_match)
    while found:
        cleared = sorted(cell for cell in found if cell not in locks and cell not in ice)
        unlocked = sorted(cell for cell in found if cell in locks)
        struck = sorted({(r + dr, c + dc) for r, c in cleared + unlocked for dr, dc in ORTHOGONAL
                         if 0 <= r + dr < h and 0 <= c + dc < w and (r + dr, c + dc) in stones})
        jellied = [cell for cell in cleared if cell in jelly]
        # Ice: in the run itself, or orthogonally next to a cleared tile or a broken lock.
        iced = sorted(cell for cell in ice if cell in found or any(
            (cell[0] + dr, cell[1] + dc) in cleared or (cell[0] + dr, cell[1] + dc) in unlocked for dr, dc in ORTHOGONAL))
        events.append(Cleared(tuple(cleared)))
        for cell in unlocked:
            events.append(Unlocked(cell))
            locks.discard(cell)
        for cell in struck:
            stones[cell] -= 1
            events.append(Cracked(cell, stones[cell]))
            if not stones[cell]:
                del stones[cell]
                grid[cell[0]][cell[1]] = EMPTY
        for cell in jellied:
            jelly[cell] -= 1
            events.append(JellyCleared(cell, jelly[cell]))
            if not jelly[cell]:
                del jelly[cell]
        for cell in iced:
            ice[cell] -= 1
            events.append(IceCracked(cell, ice[cell]))
            if not ice[cell]:
                del ice[cell]
        for r, c in cleared:
            grid[r][c] = EMPTY
        hits = len(unlocked) + len(struck) + len(jellied) + len(iced)
        events.append(Scored((10 * len(cleared) + 10 * hits) * step, step))
        while True:
            on_board = any(v == DROP for row in grid for v in row)
            fall_and_refill(grid, locks | set(ice), level.kinds, draws,
                            wanted is not None and not on_board and brought < wanted, events)
            if wanted is None:
                break
            landed = []
            for c in range(w):
                rows = chute(grid, locks | set(ice), c)
                if rows and grid[rows[-1]][c] == DROP:
                    landed.append((rows[-1], c))
            if not landed:
                break
            for r, c in landed:
                events.append(DropCollected((r, c)))
                grid[r][c] = EMPTY
                brought += 1
            events.append(Scored(100 * len(landed) * step, step))
        step += 1
        found = runs(grid, min_match)
    return events
