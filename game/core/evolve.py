"""evolve(state, event): the one fold for every mode; pure, no checks, no randomness."""

from __future__ import annotations

from typing import Iterable

from .events import (
    Chained, Cleared, Event, Fell, Lost, PlayerMoved, Reshuffled, Scored, Slid, Spawned,
    SwapRejected, Swapped, Won,
)
from .grid import EMPTY, PLAYER, Grid
from .state import LOST, WON, State


def evolve(state: State, event: Event) -> State:
    """The state after `event`."""
    return fold(state, (event,))


def fold(state: State, events: Iterable[Event]) -> State:
    """The state after every event in order.

    One pass over the events with a working copy of the board: each event does exactly what
    it says to the cells it names, and the new State is built once at the end. Rows no event
    touched stay the very same tuples, so comparing the new grid with the old one is cheap.
    """
    level, base, player = state.level, state.grid, state.player
    score, moves, status, collected, rng = (
        state.score, state.moves, state.status, state.collected, state.rng)
    rows: list[list[int]] | None = None
    dirty: list[bool] = []
    counts: list[int] | None = None
    changed = False
    for event in events:
        if isinstance(event, SwapRejected):
            continue   # the tiles went back: nothing changed
        changed = True
        if isinstance(event, Scored):
            score += event.points
            continue
        if isinstance(event, (Won, Lost)):
            status = WON if isinstance(event, Won) else LOST
            continue
        if isinstance(event, Reshuffled):
            base, rng = event.grid, event.rng
            rows = None
            continue
        if isinstance(event, Chained):
            moves += 1
            continue
        if rows is None:
            rows = [list(row) for row in base]
            dirty = [False] * len(rows)
        if isinstance(event, Fell):
            falling = [rows[sr][sc] for (sr, sc), _ in event.moves]
            for (sr, sc), _ in event.moves:
                rows[sr][sc] = EMPTY
                dirty[sr] = True
            for (_, (dr, dc)), value in zip(event.moves, falling):
                rows[dr][dc] = value
                dirty[dr] = True
        elif isinstance(event, Spawned):
            for (r, c), value in event.tiles:
                rows[r][c] = value
                dirty[r] = True
            rng = event.rng
        elif isinstance(event, Cleared):
            if counts is None:
                counts = list(collected)
            limit = len(counts)
            for r, c in event.cells:
                row = rows[r]
                value = row[c]
                if 0 < value <= limit:
                    counts[value - 1] += 1
                row[c] = EMPTY
                dirty[r] = True
        elif isinstance(event, Swapped):
            (ar, ac), (br, bc) = event.a, event.b
            rows[ar][ac], rows[br][bc] = rows[br][bc], rows[ar][ac]
            dirty[ar] = dirty[br] = True
            moves += 1
        elif isinstance(event, PlayerMoved):
            (sr, sc), (dr, dc) = event.src, event.dst
            value = rows[dr][dc]
            if counts is None:
                counts = list(collected)
            if 0 < value <= len(counts):
                counts[value - 1] += 1
            rows[sr][sc] = EMPTY
            rows[dr][dc] = PLAYER
            dirty[sr] = dirty[dr] = True
            player = event.dst
        elif isinstance(event, Slid):
            (sr, sc), (dr, dc) = event.src, event.dst
            rows[dr][dc], rows[sr][sc] = rows[sr][sc], EMPTY
            dirty[sr] = dirty[dr] = True
            moves += 1
        else:
            raise KeyError(type(event))
    if not changed:
        return state
    grid: Grid = base
    if rows is not None and True in dirty:
        grid = tuple([tuple(row) if dirty[i] else base[i] for i, row in enumerate(rows)])
    if counts is not None:
        collected = tuple(counts)
    return State(level, grid, player, score, moves, status, collected, rng)

