"""evolve(state, event): the one fold for every mode; pure, no checks, no randomness."""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, Iterable

from .events import (
    Chained, Cleared, Event, Fell, Lost, PlayerMoved, Reshuffled, Scored, Slid, Spawned,
    SwapRejected, Swapped, Won,
)
from .grid import EMPTY, PLAYER, Grid
from .state import LOST, WON, State


def _rows(grid: Grid) -> list[list[int]]:
    return [list(row) for row in grid]


def _freeze(rows: list[list[int]]) -> Grid:
    return tuple(tuple(row) for row in rows)


def _swapped(state: State, e: Swapped) -> State:
    rows = _rows(state.grid)
    (ar, ac), (br, bc) = e.a, e.b
    rows[ar][ac], rows[br][bc] = rows[br][bc], rows[ar][ac]
    return replace(state, grid=_freeze(rows), moves=state.moves + 1)


def _rejected(state: State, e: SwapRejected) -> State:
    return state


def _chained(state: State, e: Chained) -> State:
    return replace(state, moves=state.moves + 1)


def _cleared(state: State, e: Cleared) -> State:
    rows = _rows(state.grid)
    collected = list(state.collected)
    for r, c in e.cells:
        kind = rows[r][c]
        if 0 < kind <= len(collected):
            collected[kind - 1] += 1
        rows[r][c] = EMPTY
    return replace(state, grid=_freeze(rows), collected=tuple(collected))


def _fell(state: State, e: Fell) -> State:
    rows = _rows(state.grid)
    old = state.grid
    for (sr, sc), _ in e.moves:
        rows[sr][sc] = EMPTY
    for (sr, sc), (dr, dc) in e.moves:
        rows[dr][dc] = old[sr][sc]
    return replace(state, grid=_freeze(rows))


def _spawned(state: State, e: Spawned) -> State:
    rows = _rows(state.grid)
    for (r, c), kind in e.tiles:
        rows[r][c] = kind
    return replace(state, grid=_freeze(rows), rng=e.rng)


def _player_moved(state: State, e: PlayerMoved) -> State:
    rows = _rows(state.grid)
    (sr, sc), (dr, dc) = e.src, e.dst
    kind = rows[dr][dc]
    collected = state.collected
    if 0 < kind <= len(collected):
        counts = list(collected)
        counts[kind - 1] += 1
        collected = tuple(counts)
    rows[sr][sc] = EMPTY
    rows[dr][dc] = PLAYER
    return replace(state, grid=_freeze(rows), player=e.dst, collected=collected)


def _slid(state: State, e: Slid) -> State:
    rows = _rows(state.grid)
    (sr, sc), (dr, dc) = e.src, e.dst
    rows[dr][dc], rows[sr][sc] = rows[sr][sc], EMPTY
    return replace(state, grid=_freeze(rows), moves=state.moves + 1)


def _reshuffled(state: State, e: Reshuffled) -> State:
    return replace(state, grid=e.grid, rng=e.rng)


def _scored(state: State, e: Scored) -> State:
    return replace(state, score=state.score + e.points)


def _won(state: State, e: Won) -> State:
    return replace(state, status=WON)


def _lost(state: State, e: Lost) -> State:
    return replace(state, status=LOST)


_HANDLERS: dict[type, Callable[[State, object], State]] = {
    Swapped: _swapped,  # type: ignore[dict-item]
    SwapRejected: _rejected,  # type: ignore[dict-item]
    Chained: _chained,  # type: ignore[dict-item]
    Cleared: _cleared,  # type: ignore[dict-item]
    Fell: _fell,  # type: ignore[dict-item]
    Spawned: _spawned,  # type: ignore[dict-item]
    PlayerMoved: _player_moved,  # type: ignore[dict-item]
    Slid: _slid,  # type: ignore[dict-item]
    Reshuffled: _reshuffled,  # type: ignore[dict-item]
    Scored: _scored,  # type: ignore[dict-item]
    Won: _won,  # type: ignore[dict-item]
    Lost: _lost,  # type: ignore[dict-item]
}


def evolve(state: State, event: Event) -> State:
    """The state after `event`."""
    return _HANDLERS[type(event)](state, event)


def fold(state: State, events: Iterable[Event]) -> State:
    """The state after every event in order."""
    for event in events:
        state = _HANDLERS[type(event)](state, event)
    return state
