"""evolve(state, event): the one fold for every mode; pure, no checks, no randomness."""

from __future__ import annotations

from typing import Iterable

from .events import (
    BonusScored, Chained, Cleared, Created, Detonated, Event, Fell, FinaleBegan, LeftoversFired,
    Lost, MovesAdded, MoveTurned, PlayerMoved, Reshuffled, Scored, Slid, Spawned, SwapRejected, Swapped, Won,
)
from .grid import EMPTY, PLAYER, Cell, Grid
from .state import Layers, State
from .units import BLOCKERS, FALLEN, FOLDED, KINDLESS
from .vocab import Special, Status

# The grid value a special with no kind of its own puts in its cell when it is made (resolved once).
_KINDLESS_VALUE: dict[Special, int] = {special: unit.value for unit in KINDLESS for special in unit.specials}


def evolve(state: State, event: Event) -> State:
    """The state after `event`."""
    return fold(state, (event,))


def fold(state: State, events: Iterable[Event]) -> State:
    """The state after every event in order.

    One pass over the events with a working copy of the board: each event does exactly what
    it says to the cells it names, and the new State is built once at the end.
    """
    level, base, player = state.level, state.grid, state.player
    score, moves, status, collected, rng = (
        state.score, state.moves, state.status, state.collected, state.rng)
    rows: list[list[int]] | None = None
    specials = state.specials
    # The specials by cell, made on first use by an event that touches them (most states have none).
    layer: dict[Cell, Special] | None = None
    counts: list[int] | None = None
    # The blocker layers (by place in units.BLOCKERS), each made on first use by an event that changes it.
    hit: dict[int, dict[Cell, int]] | None = None
    brought = state.brought
    reached, target = state.reached, level.goals.reach
    added = state.added
    changed = False
    # The most frequent events are tested first; a board event copies the rows on first use.
    for event in events:
        if isinstance(event, Fell):
            if rows is None:
                rows = list(map(list, base))
            # All at once: every tile leaves its cell before any lands.
            falling = event.moves
            values = [rows[sr][sc] for (sr, sc), _ in falling]
            for (sr, sc), _ in falling:
                rows[sr][sc] = EMPTY
            for (_, (dr, dc)), value in zip(falling, values):
                rows[dr][dc] = value
            if specials and layer is None:
                layer = dict(specials)
            if layer:
                riding = [(dst, layer.pop(src)) for src, dst in falling if src in layer]
                layer.update(riding)
        elif isinstance(event, Spawned):
            if rows is None:
                rows = list(map(list, base))
            for (r, c), value in event.tiles:
                rows[r][c] = value
            rng = event.rng
        elif isinstance(event, Cleared):
            if rows is None:
                rows = list(map(list, base))
            if counts is None:
                counts = list(collected)
            limit = len(counts)
            for r, c in event.cells:
                row = rows[r]
                value = row[c]
                if 0 < value <= limit:
                    counts[value - 1] += 1
                row[c] = EMPTY
            if specials and layer is None:
                layer = dict(specials)
            if layer:
                for cell in event.cells:
                    layer.pop(cell, None)
        elif isinstance(event, (Scored, BonusScored)):
            score += event.points
        elif isinstance(event, Swapped):
            if rows is None:
                rows = list(map(list, base))
            (ar, ac), (br, bc) = event.a, event.b
            rows[ar][ac], rows[br][bc] = rows[br][bc], rows[ar][ac]
            moves += 1
            if specials and layer is None:
                layer = dict(specials)
            if layer:
                sa, sb = layer.pop(event.a, None), layer.pop(event.b, None)
                if sa is not None:
                    layer[event.b] = sa
                if sb is not None:
                    layer[event.a] = sb
        elif isinstance(event, SwapRejected):
            continue   # the tiles went back: nothing changed
        elif isinstance(event, PlayerMoved):
            if rows is None:
                rows = list(map(list, base))
            (sr, sc), (dr, dc) = event.src, event.dst
            value = rows[dr][dc]
            if counts is None:
                counts = list(collected)
            if 0 < value <= len(counts):
                counts[value - 1] += 1
            rows[sr][sc] = EMPTY
            rows[dr][dc] = PLAYER
            player = event.dst
            if player == target:
                reached = True   # goals.progress says which rules versions count it
        elif isinstance(event, Slid):
            if rows is None:
                rows = list(map(list, base))
            (sr, sc), (dr, dc) = event.src, event.dst
            rows[dr][dc], rows[sr][sc] = rows[sr][sc], EMPTY
            moves += 1
        elif isinstance(event, Created):
            if layer is None:
                layer = dict(specials)
            layer[event.cell] = event.special
            made = _KINDLESS_VALUE.get(event.special)
            if made is not None:
                if rows is None:
                    rows = list(map(list, base))
                rows[event.cell[0]][event.cell[1]] = made
        elif isinstance(event, Detonated):
            # What it cleared is in the step's Cleared. A special on a covered tile (a kindless special's
            # combo turns tiles into specials, locked ones too) is spent all the same, though the
            # cover, not the tile, is what the clear takes: the rules (rules/cascade.py) say so.
            if _covers(state, hit, event.cell):
                if layer is None:
                    layer = dict(specials)
                layer.pop(event.cell, None)
        elif isinstance(event, Chained):
            moves += 1
        elif type(event) in FALLEN:   # a faller's piece left the board
            cell = FALLEN[type(event)].read(event)
            if rows is None:
                rows = list(map(list, base))
            rows[cell[0]][cell[1]] = EMPTY
            brought += 1
        elif isinstance(event, Reshuffled):
            base, rng = event.grid, event.rng
            rows = None
            specials, layer = event.specials, None
        elif isinstance(event, BonusScored):
            score += event.points
        elif isinstance(event, MoveTurned):
            rng = event.rng   # the line special itself is the Created after it
        elif isinstance(event, (FinaleBegan, LeftoversFired)):
            continue   # markers for the view: what changes is in the events after them
        elif isinstance(event, Won):
            status = Status.WON
        elif isinstance(event, Lost):
            status = Status.LOST
        elif isinstance(event, MovesAdded):
            added += event.count
            status = Status.PLAYING   # the lost game goes on, on the board as it was
        else:
            at = FOLDED[type(event)]   # a blocker's hit (KeyError: an event no rule makes)
            if hit is None:
                hit = {}
            cells = hit.get(at)
            if cells is None:
                cells = hit[at] = dict(state.layers.counts[at])
            unit = BLOCKERS[at]
            cell, left = unit.read(event)
            if left > 0:
                cells[cell] = left
            else:
                cells.pop(cell, None)
                if unit.frees:
                    if rows is None:
                        rows = list(map(list, base))
                    rows[cell[0]][cell[1]] = EMPTY   # an ordinary cell from now on
        changed = True
    if not changed:
        return state
    grid: Grid = base if rows is None else tuple(map(tuple, rows))
    if counts is not None:
        collected = tuple(counts)
    if layer is not None:
        specials = tuple(sorted(layer.items()))
    layers = state.layers
    if hit is not None or brought != layers.brought:
        every = layers.counts
        if hit is not None:
            every = tuple(layer if at not in hit else tuple(sorted(hit[at].items()))
                          for at, layer in enumerate(every))
        layers = Layers(every, brought)
    return state.after(grid, player=player, score=score, moves=moves, status=status, collected=collected,
                       rng=rng, specials=specials, layers=layers, reached=reached, added=added)


def _covers(state: State, hit: dict[int, dict[Cell, int]] | None, cell: Cell) -> bool:
    """Whether a blocker holds the tile at `cell` in place (a lock), as the fold has it so far."""
    for at, unit in enumerate(BLOCKERS):
        if unit.holds and not unit.frees:
            now = hit.get(at) if hit is not None else None
            if now is not None:
                if cell in now:
                    return True
            elif any(c == cell for c, _ in state.layers.counts[at]):
                return True
    return False
