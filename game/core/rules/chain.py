"""chain: draw a path of one kind from the player; it walks the path eating; tiles fall around it."""

from __future__ import annotations

from ..commands import Chain, Command
from ..events import Chained, Cleared, Event, Lost, PlayerMoved, Reshuffled, Scored
from ..evolve import fold
from ..goals import ending
from ..grid import EMPTY, PLAYER, Cell, Grid, are_neighbours, in_bounds, neighbours
from ..level import Level, LevelError, Problem
from ..rng import Draws
from ..state import PLAYING, IllegalMove, State
from .common import reshuffle, settle

POINTS_PER_TILE = 10
DEAL_ATTEMPTS = 200
SEARCH_BUDGET = 4000   # node visits for the longest-path search behind hints and bots


def chain_points(tiles: int) -> int:
    """10 a tile, and every third tile past the first raises the rate: long chains pay."""
    return POINTS_PER_TILE * tiles * (1 + (tiles - 1) // 3)


def _tiles_needed(min_chain: int, has_player: bool) -> int:
    # The player counts toward min_chain, as in the draw-and-match article.
    return max(1, min_chain - 1) if has_player else min_chain


def _starts(grid: Grid, player: Cell | None, diagonal: bool) -> list[Cell]:
    height, width = len(grid), len(grid[0])
    if player is not None:
        return [n for n in neighbours(player, height, width, diagonal) if grid[n[0]][n[1]] > 0]
    return [(r, c) for r in range(height) for c in range(width) if grid[r][c] > 0]


def _extend(grid: Grid, path: list[Cell], kind: int, need: int, diagonal: bool,
            budget: list[int]) -> bool:
    """Depth-first: grow `path` (same kind, no repeats) until it has `need` cells."""
    if len(path) >= need:
        return True
    if budget[0] <= 0:
        return False
    budget[0] -= 1
    height, width = len(grid), len(grid[0])
    for n in neighbours(path[-1], height, width, diagonal):
        if grid[n[0]][n[1]] == kind and n not in path:
            path.append(n)
            if _extend(grid, path, kind, need, diagonal, budget):
                return True
            path.pop()
    return False


def find_chain(grid: Grid, player: Cell | None, min_chain: int, diagonal: bool) -> tuple[Cell, ...] | None:
    """One legal chain (the player first when there is one), or None when none exists."""
    need = _tiles_needed(min_chain, player is not None)
    for start in _starts(grid, player, diagonal):
        path = [start]
        # An exact search: the budget is far above any board this size can need.
        if _extend(grid, path, grid[start[0]][start[1]], need, diagonal, [1 << 30]):
            return ((player,) if player is not None else ()) + tuple(path)
    return None


def _longest_from(grid: Grid, start: Cell, diagonal: bool, budget: int) -> list[Cell]:
    kind = grid[start[0]][start[1]]
    height, width = len(grid), len(grid[0])
    best: list[Cell] = [start]
    path: list[Cell] = [start]
    visits = [budget]

    def walk() -> None:
        nonlocal best
        if len(path) > len(best):
            best = list(path)
        if visits[0] <= 0:
            return
        visits[0] -= 1
        for n in neighbours(path[-1], height, width, diagonal):
            if grid[n[0]][n[1]] == kind and n not in path:
                path.append(n)
                walk()
                path.pop()

    walk()
    return best


def good_chains(state: State) -> list[Chain]:
    """Legal chains worth playing: the longest found from each start, longest first."""
    level = state.level
    grid, player = state.grid, state.player
    diagonal = level.rules.diagonal
    need = _tiles_needed(level.rules.min_chain, player is not None)
    found: list[Chain] = []
    for start in _starts(grid, player, diagonal):
        tiles = _longest_from(grid, start, diagonal, SEARCH_BUDGET // 8 + 1)
        if len(tiles) >= need:
            found.append(Chain(((player,) if player is not None else ()) + tuple(tiles)))
    if not found:
        exact = find_chain(grid, player, level.rules.min_chain, diagonal)
        if exact is not None:
            found.append(Chain(exact))
    found.sort(key=lambda ch: -len(ch.path))
    return found


def _random_fill(template: Grid, kinds: int, draws: Draws) -> Grid:
    return tuple(
        tuple(draws.below(kinds) + 1 if v == EMPTY else v for v in row) for row in template
    )


def deal(level: Level, draws: Draws) -> Grid:
    template = level.template()
    player = level.player_start
    for _ in range(DEAL_ATTEMPTS):
        grid = _random_fill(template, level.kinds, draws)
        if find_chain(grid, player, level.rules.min_chain, level.rules.diagonal) is not None:
            return grid
    raise LevelError([Problem(("layout",), "cannot deal a starting board with a legal chain "
                              f"of {level.rules.min_chain} (tried {DEAL_ATTEMPTS} deals; "
                              "give the player more neighbouring tile cells or lower min_chain)")])


def check_path(state: State, path: tuple[Cell, ...]) -> None:
    """Raise IllegalMove unless `path` is a legal chain in this state."""
    level = state.level
    rules = level.rules
    if len(path) < rules.min_chain:
        raise IllegalMove(f"a chain needs at least {rules.min_chain} cells, this one has {len(path)}")
    if len(set(path)) != len(path):
        raise IllegalMove("a chain may not visit a cell twice")
    for cell in path:
        if not in_bounds(cell, level.height, level.width):
            raise IllegalMove(f"{cell[0]},{cell[1]} is outside the board")
    for a, b in zip(path, path[1:]):
        if not are_neighbours(a, b, rules.diagonal):
            way = "neighbours" if rules.diagonal else "side by side"
            raise IllegalMove(f"{a[0]},{a[1]} and {b[0]},{b[1]} are not {way}")
    tiles = path
    if state.player is not None:
        if path[0] != state.player:
            raise IllegalMove(f"a chain starts on the player at {state.player[0]},{state.player[1]}")
        tiles = path[1:]
    kinds = {state.grid[r][c] for r, c in tiles}
    if any(k <= 0 for k in kinds):
        raise IllegalMove("a chain runs over tiles only")
    if len(kinds) != 1:
        raise IllegalMove("every tile in a chain is of one kind")


def decide(state: State, command: Command) -> list[Event]:
    if not isinstance(command, Chain):
        raise IllegalMove(f"a chain level takes chains, not {command}")
    if state.status != PLAYING:
        raise IllegalMove(f"the game is over ({state.status})")
    path = tuple(command.path)
    check_path(state, path)
    level = state.level
    events: list[Event] = [Chained(path)]
    work = [list(row) for row in state.grid]
    if state.player is not None:
        for src, dst in zip(path, path[1:]):
            events.append(PlayerMoved(src, dst))
            work[src[0]][src[1]] = EMPTY
            work[dst[0]][dst[1]] = PLAYER
        eaten = len(path) - 1
        player: Cell | None = path[-1]
    else:
        events.append(Cleared(tuple(sorted(path))))
        for r, c in path:
            work[r][c] = EMPTY
        eaten = len(path)
        player = None
    events.append(Scored(chain_points(eaten), 1))
    grid = tuple(tuple(row) for row in work)
    draws = Draws(state.rng)
    grid = settle(grid, level.kinds, draws, events)
    end = ending(fold(state, events))
    if not end and find_chain(grid, player, level.rules.min_chain, level.rules.diagonal) is None:
        rules = level.rules
        dealt = reshuffle(
            grid, draws,
            lambda g: find_chain(g, player, rules.min_chain, rules.diagonal) is not None,
            lambda blank: _random_fill(blank, level.kinds, draws),
        )
        if dealt is None:
            end = [Lost()]
        else:
            events.append(Reshuffled(dealt, draws.state))
    return events + end


def legal_commands(state: State) -> list[Command]:
    if state.status != PLAYING:
        return []
    return list(good_chains(state))
