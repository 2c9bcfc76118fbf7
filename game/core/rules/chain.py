"""chain: draw a path of one kind from the player; it walks the path eating; tiles fall around it."""

from __future__ import annotations

from collections.abc import Sequence

from ..commands import Chain, Command
from ..events import Chained, Cleared, Event, Lost, PlayerMoved, Reshuffled, Scored
from ..evolve import fold
from ..goals import ending
from ..grid import EMPTY, HOLE, PLAYER, SOLID, Cell, Grid, are_neighbours, in_bounds, neighbours
from ..boards import Geometry, bits_of, flat_board, geometry_near, grid_of, near_table
from ..checking import Problem
from ..level import Level, LevelError
from ..rng import Draws
from ..state import IllegalMove, State, placed, present
from ..units import BLOCKERS, chain_struck, covered
from .cascade import POINTS_PER_HIT, Blockers
from .common import reshuffle, settle_grid

POINTS_PER_TILE = 10
DEAL_ATTEMPTS = 200
SEARCH_BUDGET = 4000   # node visits for the longest-path search behind hints and bots, in all


class Visits:
    """A node-visit budget shared by several searches; `used` counts every visit made."""

    __slots__ = ("left", "used")

    def __init__(self, left: int) -> None:
        self.left = left
        self.used = 0

    def take(self) -> bool:
        """Spend one visit; False (and nothing spent) when the budget is gone."""
        if self.left <= 0:
            return False
        self.left -= 1
        self.used += 1
        return True


def chain_points(tiles: int) -> int:
    """10 a tile, and every third tile past the first raises the rate: long chains pay."""
    return POINTS_PER_TILE * tiles * (1 + (tiles - 1) // 3)


def searchable(grid: Grid, held: tuple[Cell, ...] | set[Cell] | frozenset[Cell]) -> Grid:
    """The grid a chain may run over: tiles a blocker holds (locked ones) read as SOLID cells
    (never part of a path)."""
    if not held:
        return grid
    rows = [list(row) for row in grid]
    for r, c in held:
        rows[r][c] = SOLID
    return tuple(map(tuple, rows))


def chain_grid(state: State) -> Grid:
    """The state's board as a chain search sees it (held tiles read as SOLID cells)."""
    return searchable(state.grid, covered(state.layers.counts))


def chain_blocker_hits(state: State, eaten: Sequence[Cell]) -> int:
    """The blocker layers a chain eating the tiles at `eaten` takes off, as play does (a bot
    weighs a chain by it): each COVER or NEAR unit's cell beside an eaten tile, each UNDER
    unit's cell under one (units.chain_struck)."""
    if not state.has_blockers:
        return 0
    beside, under = chain_struck(state.layers.counts)
    height, width = state.height, state.width
    near = {n for cell in eaten for n in neighbours(cell, height, width)}
    return sum(1 for cell in eaten if cell in under) + len(near & beside)


def tiles_needed(min_chain: int, has_player: bool) -> int:
    """Tiles a chain must cover: the player counts toward min_chain, as in the draw-and-match article."""
    return max(1, min_chain - 1) if has_player else min_chain


def chain_starts(grid: Grid, player: Cell | None, diagonal: bool) -> list[Cell]:
    """Cells a chain's first tile may be on: the player's tile neighbours, or any tile."""
    height, width = len(grid), len(grid[0])
    if player is not None:
        return [n for n in neighbours(player, height, width, diagonal) if grid[n[0]][n[1]] > 0]
    return [(r, c) for r in range(height) for c in range(width) if grid[r][c] > 0]


def component_of(grid: Grid, cell: Cell, diagonal: bool,
                 found: dict[Cell, frozenset[Cell]]) -> frozenset[Cell]:
    """The tiles of `cell`'s kind it can reach stepping on its kind only (memoized in `found`).

    No chain is longer than its component, so a component smaller than a chain needs can be
    skipped without searching it.
    """
    known = found.get(cell)
    if known is not None:
        return known
    height, width = len(grid), len(grid[0])
    kind = grid[cell[0]][cell[1]]
    seen = {cell}
    todo = [cell]
    while todo:
        here = todo.pop()
        for n in neighbours(here, height, width, diagonal):
            if n not in seen and grid[n[0]][n[1]] == kind:
                seen.add(n)
                todo.append(n)
    component = frozenset(seen)
    for member in component:
        found[member] = component
    return component


class _Flat:
    """A chain search's board: each cell's value by bit (r * stride + c, as the bitboards
    number cells; guard bits hold HOLE), and per tile the bits of its neighbours of its own
    kind, in grid.neighbours' order (so every search visits cells in the order it always did)."""

    __slots__ = ("grid", "diagonal", "values", "near", "same", "cell_of", "stride", "components")

    def __init__(self, grid: Grid, diagonal: bool, geo: Geometry | None) -> None:
        self.grid = grid
        self.diagonal = diagonal
        height, width = len(grid), len(grid[0])
        stride = width + 1
        if geo is not None and geo.height == height and geo.width == width:
            near, self.cell_of = geometry_near(geo, diagonal), geo.cell_of
        else:
            near = near_table(height, width, diagonal)
            self.cell_of = tuple(divmod(b, stride) for b in range(height * stride))
        values = [HOLE] * (height * stride)
        for r, row in enumerate(grid):
            values[r * stride:r * stride + width] = row
        self.values = values
        self.near = near
        self.stride = stride
        self.same: list[tuple[int, ...]] = [
            tuple([n for n in near[b] if values[n] == v]) if v > 0 else () for b, v in enumerate(values)]
        # Each tile's kind component, found on first use (component()).
        self.components: list[list[int] | None] = [None] * len(values)

    def bit(self, cell: Cell) -> int:
        return cell[0] * self.stride + cell[1]

    def cells(self, bits: list[int]) -> tuple[Cell, ...]:
        return tuple(map(self.cell_of.__getitem__, bits))

    def starts(self, player: Cell | None) -> list[int]:
        """chain_starts, as bits: the player's tile neighbours, or every tile."""
        values = self.values
        if player is not None:
            return [n for n in self.near[self.bit(player)] if values[n] > 0]
        return [b for b, v in enumerate(values) if v > 0]

    def component(self, start: int) -> list[int]:
        """The tiles of `start`'s kind it can reach on its kind (kept for each of them)."""
        found = self.components
        members = found[start]
        if members is None:
            members = [start]
            found[start] = members
            same = self.same
            i = 0
            while i < len(members):
                for n in same[members[i]]:
                    if found[n] is None:
                        found[n] = members
                        members.append(n)
                i += 1
        return members


def _extend(flat: _Flat, start: int, need: int, visits: Visits | None) -> list[int] | None:
    """Depth-first from `start` over its kind (no cell twice) until the path has `need` cells;
    each cell grown from takes one visit from `visits` (unbounded when None)."""
    path = [start]
    if need <= 1:
        return path
    vleft = visits.left if visits is not None else -1
    if visits is not None:
        if vleft <= 0:
            return None
        vleft -= 1
    same = flat.same
    on = bytearray(len(flat.values))
    on[start] = 1
    stack = [iter(same[start])]
    found: list[int] | None = None
    while stack:
        for n in stack[-1]:
            if not on[n]:
                path.append(n)
                if len(path) >= need:
                    found = path
                    break
                if visits is not None:
                    if vleft <= 0:
                        path.pop()
                        continue
                    vleft -= 1
                on[n] = 1
                stack.append(iter(same[n]))
                break
        else:
            stack.pop()
            on[path.pop()] = 0
            continue
        if found is not None:
            break
    if visits is not None:
        visits.used += visits.left - vleft
        visits.left = vleft
    return found


def find_chain(grid: Grid, player: Cell | None, min_chain: int, diagonal: bool,
               visits: Visits | None = None, geo: Geometry | None = None) -> tuple[Cell, ...] | None:
    """One legal chain (the player first when there is one), or None when none exists.

    Exact (no budget) unless `visits` is given; starts whose kind component is smaller than
    the chain needs are skipped, which changes no answer (nothing could be found there).
    `geo`: the board's geometry (the level's), whose neighbour tables are kept.
    """
    return _find(_Flat(grid, diagonal, geo), player, tiles_needed(min_chain, player is not None), visits)


def _find(flat: _Flat, player: Cell | None, need: int, visits: Visits | None) -> tuple[Cell, ...] | None:
    """find_chain on a flat board, for a chain of `need` tiles."""
    # A component proven to hold no chain from one start may still hold one from another
    # (a path's ends matter), so only the size test prunes whole components.
    for start in flat.starts(player):
        if len(flat.component(start)) < need:
            continue
        path = _extend(flat, start, need, visits)
        if path is not None:
            return ((player,) if player is not None else ()) + flat.cells(path)
    return None


def _walk(flat: _Flat, start: int, visits: Visits, budget: int, need: int,
          ends: dict[int, list[int]] | None) -> list[int]:
    """Depth-first over the simple same-kind paths from `start`: at most `budget` cells grown
    from, each also taken from the shared `visits`. Returns the longest path found (the first
    of its length); with `ends`, also keeps there for each end cell the longest path of at
    least `need` cells found ending on it."""
    best = [start]
    if ends is not None and need <= 1 and start not in ends:
        ends[start] = [start]
    if budget <= 0 or visits.left <= 0:
        return best
    same = flat.same
    on = bytearray(len(flat.values))
    on[start] = 1
    path = [start]
    best_len = 1
    left = budget - 1
    vleft = visits.left - 1
    stack = [iter(same[start])]
    while stack:
        for n in stack[-1]:
            if not on[n]:
                path.append(n)
                length = len(path)
                if length > best_len:
                    best = path[:]
                    best_len = length
                if ends is not None and length >= need and length > len(ends.get(n, ())):
                    ends[n] = path[:]
                if left <= 0 or vleft <= 0:
                    path.pop()
                    continue
                left -= 1
                vleft -= 1
                on[n] = 1
                stack.append(iter(same[n]))
                break
        else:
            stack.pop()
            on[path.pop()] = 0
    visits.used += visits.left - vleft
    visits.left = vleft
    return best


def paths_by_end(grid: Grid, starts: list[Cell], need: int, diagonal: bool, visits: Visits,
                 per_start: int, geo: Geometry | None = None) -> dict[Cell, list[Cell]]:
    """For every cell a chain of at least `need` tiles can end on, the longest one found.

    Each start gets at most `per_start` visits out of the shared `visits` budget, so that one
    big blob cannot starve the rest. `geo`: the board's geometry (the level's), if known.
    """
    flat = _Flat(grid, diagonal, geo)
    ends: dict[int, list[int]] = {}
    for start in starts:
        _walk(flat, flat.bit(start), visits, per_start, need, ends)
    cell_of = flat.cell_of
    return {cell_of[end]: list(flat.cells(path)) for end, path in ends.items()}


def _search_starts(flat: _Flat, player: Cell | None, need: int) -> list[int]:
    """The starts worth a search: with a player all its neighbours (few); without one, one
    cell per component big enough, the one with fewest same-kind neighbours (a path's end)."""
    starts = [s for s in flat.starts(player) if len(flat.component(s)) >= need]
    components = flat.components
    if player is not None:
        return starts
    same = flat.same
    chosen: dict[int, int] = {}
    for s in starts:
        component = components[s]
        assert component is not None
        key = id(component)
        if key in chosen:
            continue
        # Reading order is bit order: the first cell with the fewest neighbours of its kind.
        chosen[key] = min(sorted(component), key=lambda b: len(same[b]))
    # Bigger components first: they hold the longest chains.
    return sorted(chosen.values(), key=lambda s: (-len(components[s] or ()), s))


def good_chains(state: State, visits: Visits | None = None) -> list[Chain]:
    """Legal chains worth playing, longest first: the longest found from each search start.

    All starts share one visit budget (SEARCH_BUDGET unless `visits` is given, which also
    counts). When the budgeted search finds nothing, an exact search decides, so the list is
    empty only when no legal chain exists.
    """
    level = state.level
    grid, player = searchable(state.grid, covered(state.layers.counts)), state.player
    diagonal = level.rules.diagonal
    need = tiles_needed(level.rules.min_chain, player is not None)
    budget = visits if visits is not None else Visits(SEARCH_BUDGET)
    geo = level.geometry()
    flat = state.cache
    # The move that led here looked at this board already (whether a chain is left).
    if not (isinstance(flat, _Flat) and flat.diagonal == diagonal and flat.grid == grid):
        flat = _Flat(grid, diagonal, geo)
    starts = _search_starts(flat, player, need)
    head: tuple[Cell, ...] = (player,) if player is not None else ()
    found: list[Chain] = []
    for i, start in enumerate(starts):
        if budget.left <= 0:
            break
        share = max(need, budget.left // (len(starts) - i))
        tiles = _walk(flat, start, budget, share, need, None)
        if len(tiles) >= need:
            found.append(Chain(head + flat.cells(tiles)))
    if not found:
        exact = _find(flat, player, need, None)
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
    locks = covered(placed(level))
    # Without random cells every deal is the same board: one look decides.
    random_cells = any(v == EMPTY for row in template for v in row)
    attempts = DEAL_ATTEMPTS if random_cells else 1
    for _ in range(attempts):
        grid = _random_fill(template, level.kinds, draws)
        if find_chain(searchable(grid, locks), player, level.rules.min_chain, level.rules.diagonal,
                      geo=level.geometry()) is not None:
            return grid
    if random_cells:
        tried = f"tried {attempts} deals"
    else:
        tried = "the layout has no random '.' cells, so every deal is this board"
    if player is not None:
        advice = "give the player more neighbouring tile cells of one kind or lower min_chain"
    else:
        advice = "give the board longer runs of one kind or lower min_chain"
    raise LevelError([Problem(("layout",), "cannot deal a starting board with a legal chain "
                              f"of {level.rules.min_chain} ({tried}; {advice})")])


def check_path(state: State, path: tuple[Cell, ...]) -> None:
    """Raise IllegalMove unless `path` is a legal chain in this state."""
    level = state.level
    rules = level.rules
    if len(path) < rules.min_chain:
        # The player hears tiles eaten: the token's own cell is part of the path, not a tile.
        eats = rules.min_chain - (1 if state.player is not None else 0)
        raise IllegalMove(f"a chain needs at least {rules.min_chain} cells, this one has {len(path)}",
                          said=f"Too short: a chain eats at least {eats} tiles.")
    if len(set(path)) != len(path):
        raise IllegalMove("a chain may not visit a cell twice", said="A chain visits each tile once.")
    for cell in path:
        if not in_bounds(cell, level.height, level.width):
            raise IllegalMove(f"{cell[0]},{cell[1]} is outside the board")
    for a, b in zip(path, path[1:]):
        if not are_neighbours(a, b, rules.diagonal):
            way = "neighbours" if rules.diagonal else "side by side"
            raise IllegalMove(f"{a[0]},{a[1]} and {b[0]},{b[1]} are not {way}",
                              said="Each step of a chain goes to a touching tile.")
    tiles = path
    if state.player is not None:
        if path[0] != state.player:
            raise IllegalMove(f"a chain starts on the player at {state.player[0]},{state.player[1]}",
                              said="Start the chain on the token.")
        tiles = path[1:]
    every = state.layers.counts
    for at in present(state):
        refusal = BLOCKERS[at].chain_refusal
        if refusal is not None:
            held = {cell for cell, _ in every[at]}
            for r, c in tiles:
                if (r, c) in held:
                    raise IllegalMove(f"{r},{c} {refusal[0]}", said=refusal[1])
    kinds = {state.grid[r][c] for r, c in tiles}
    if any(k <= 0 for k in kinds):
        raise IllegalMove("a chain runs over tiles only", said="A chain runs over tiles only.")
    if len(kinds) != 1:
        raise IllegalMove("every tile in a chain is of one kind", said="A chain is all one kind of tile.")


def decide(state: State, command: Chain) -> list[Event]:
    """The events of `command` in a game still playing (game.decide checked both)."""
    return play(state, command)[0]


def play(state: State, command: Chain) -> tuple[list[Event], State]:
    """The events of `command` in a game still playing, and the state they lead to (what fold
    gives, made directly, as match3 makes its own: State.after)."""
    path = tuple(command.path)
    check_path(state, path)
    level = state.level
    geo = level.geometry()
    events: list[Event] = [Chained(path)]
    work = flat_board(state.grid)   # by bit, as the cascade's hooks take it
    stride = geo.stride
    reached = state.reached
    if state.player is not None:
        target = level.goals.reach
        for src, dst in zip(path, path[1:]):
            events.append(PlayerMoved(src, dst))
            work[src[0] * stride + src[1]] = EMPTY
            work[dst[0] * stride + dst[1]] = PLAYER
            if dst == target:
                reached = True   # goals.progress says which rules versions count it
        eaten_cells = path[1:]
        player: Cell | None = path[-1]
    else:
        events.append(Cleared(tuple(sorted(path))))
        for r, c in path:
            work[r * stride + c] = EMPTY
        eaten_cells = path
        player = None
    hits = 0
    hooks: Blockers | None = None
    locks: tuple[Cell, ...] = ()
    if state.has_blockers:
        # The cascade's own hooks: what the chain hits (its own rule), struck as a step's hits are.
        hooks = Blockers(state, geo)
        hits = hooks.strike(hooks.eaten(eaten_cells), work, events)[0]
        locks = tuple(map(geo.cell_of.__getitem__, bits_of(hooks.covered)))
    gained = chain_points(len(eaten_cells)) + POINTS_PER_HIT * hits
    events.append(Scored(gained, 1))
    draws = Draws(state.rng)
    grid = settle_grid(grid_of(work, geo), level.kinds, draws, events, frozenset(locks), geo)
    kind = state.grid[eaten_cells[0][0]][eaten_cells[0][1]] if eaten_cells else 0
    collected = state.collected
    if 0 < kind <= len(collected):
        counts = list(collected)
        counts[kind - 1] += len(eaten_cells)
        collected = tuple(counts)
    after = state.after(grid, player=player, score=state.score + gained,
                        moves=state.moves + 1, collected=collected, rng=draws.state,
                        layers=state.layers if hooks is None else hooks.layers(state), reached=reached)
    end = ending(after)
    flat = None
    if not end:
        flat = _Flat(searchable(grid, locks), level.rules.diagonal, geo)
    if flat is not None and _find(flat, player, tiles_needed(level.rules.min_chain, player is not None),
                                  None) is None:
        rules = level.rules
        # Held tiles read as SOLID cells, so the reshuffle leaves them where they are.
        shuffled = reshuffle(
            searchable(grid, locks), draws,
            lambda g, _: find_chain(g, player, rules.min_chain, rules.diagonal, geo=geo) is not None,
            lambda blank: _random_fill(blank, level.kinds, draws),
        )
        if shuffled is None:
            end = [Lost()]
        else:
            dealt = shuffled[0]
            if locks:
                rows = [list(row) for row in dealt]
                for r, c in locks:
                    rows[r][c] = grid[r][c]
                dealt = tuple(map(tuple, rows))
            end = [Reshuffled(dealt, draws.state)]
    if end:
        after = fold(after, end)
    elif flat is not None:
        object.__setattr__(after, "cache", flat)   # the next search starts from this board
    events += end
    return events, after


def legal_commands(state: State) -> list[Command]:
    """The legal commands of a game still playing (game.legal_commands checked that)."""
    return list(good_chains(state))
