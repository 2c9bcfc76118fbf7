"""The one match-3 cascade: clear, fall and refill until still, with hooks for boards with blockers.

A plain board runs the loop as it is. A board with blockers passes a `Blockers` (its layers
during the move), whose hooks the loop calls at three points, as python-chess's variants
override a few hooks of one `push`:

- what a clear hits (`split`, then `strike`): a locked tile breaks its lock instead of
  clearing, a stone next to a clear (or in a blast) cracks, jelly under a cleared tile loses a
  layer; drops and stones are never cleared;
- how columns settle: stones and locked tiles are `fixed` cells of the chute, which
  common.settle lets tiles fall past (solid columns keep the fast table path);
- after a fall: drops on the bottom of their chute leave the board, and the columns fall and
  refill again (`landed`), with a drop spawned when a `drops` goal asks for one.

One step's events: Created, Detonated, Cleared, then the blockers' Unlocked, Cracked,
JellyCleared, then Scored, Fell, Spawned, then (drops) DropCollected, Scored, Fell, Spawned.
"""

from __future__ import annotations

from ..boards import Geometry, bits_of, run_mask, run_parts
from ..events import (
    Cleared, Cracked, Created, Detonated, DropCollected, Event, JellyCleared, Scored, Unlocked,
)
from ..grid import DROP, EMPTY, ORTHOGONAL, RAINBOW, STONE, Cell
from ..state import State
from ..vocab import Special
from .common import settle
from .specials import SPECIAL_POINTS, Layer, Outcome, makes_special, run_step

POINTS_PER_TILE = 10
POINTS_PER_HIT = 10
"""Points for each lock broken, stone hit and jelly layer cleared (times the cascade step)."""
DROP_POINTS = 100
"""Points for each drop collected (times the cascade step)."""
MAKING_STEPS = 10
"""Only a cascade's first steps make specials: on a big board with few kinds every refill makes
runs of four and five, whose specials clear more and bring more, and a cascade must settle."""

Split = tuple[list[Cell], list[Cell], list[Cell], list[tuple[Cell, int]]]
"""One step's hits by what they hit: tiles cleared, locks broken, stones hit, jelly layers
cleared (with the layers left), each in reading order."""


class Blockers:
    """A board's blocker layers while a move plays out, and the cascade's hooks for them."""

    __slots__ = ("stones", "locks", "jelly", "dropped", "wanted", "fixed", "stride")

    def __init__(self, state: State, stride: int) -> None:
        self.stones = dict(state.stones)
        self.locks = set(state.locks)
        self.jelly = dict(state.jelly)
        self.dropped = state.dropped
        self.wanted = state.level.goals.drops
        self.stride = stride
        fixed = 0
        for r, c in (*self.stones, *self.locks):
            fixed |= 1 << (r * stride + c)
        self.fixed = fixed   # the cells no tile falls through: stones and locked tiles

    def split(self, work: list[list[int]], geo: Geometry, runs: int, outcome: Outcome | None) -> Split:
        """What the step's cells (`runs`: runs and blasts) hit; reads the board, changes nothing."""
        return split(work, geo, runs, outcome, self.locks, self.stones, self.jelly)

    def strike(self, hits: Split, work: list[list[int]], events: list[Event]) -> tuple[int, list[Cell]]:
        """Apply the step's hits on the blocker layers (after its Cleared): locks break, stones
        crack (a broken one leaves its cell empty), jelly thins. Returns the number of hits and
        the cells the broken stones left empty."""
        _, unlocked, struck, jellied = hits
        stride = self.stride
        for cell in unlocked:
            events.append(Unlocked(cell))
            self.locks.discard(cell)
            self.fixed &= ~(1 << (cell[0] * stride + cell[1]))
        freed: list[Cell] = []
        stones = self.stones
        for cell in struck:
            left = stones[cell] - 1
            events.append(Cracked(cell, left))
            if left:
                stones[cell] = left
            else:
                del stones[cell]
                work[cell[0]][cell[1]] = EMPTY
                self.fixed &= ~(1 << (cell[0] * stride + cell[1]))
                freed.append(cell)
        jelly = self.jelly
        for cell, left in jellied:
            events.append(JellyCleared(cell, left))
            if left:
                jelly[cell] = left
            else:
                del jelly[cell]
        return len(unlocked) + len(struck) + len(jellied), freed

    def wants_drop(self, masks: list[int]) -> bool:
        """Whether the next refill brings a drop: none on the board, and the goal wants more."""
        return self.wanted is not None and not masks[DROP] and self.dropped < self.wanted

    def landed(self, work: list[list[int]], geo: Geometry) -> list[Cell]:
        """The drops on the bottom cell of their column's chute, column by column."""
        out: list[Cell] = []
        stride, fixed = self.stride, self.fixed
        for c, rows in enumerate(geo.chutes):
            for r in reversed(rows):
                if not fixed >> (r * stride + c) & 1:
                    if work[r][c] == DROP:
                        out.append((r, c))
                    break
        return out


def split(work: list[list[int]], geo: Geometry, runs: int, outcome: Outcome | None, locks: set[Cell],
          stones: dict[Cell, int], jelly: dict[Cell, int]) -> Split:
    """One step's hits split by what they hit (see Split). Reads the board, changes nothing."""
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


def next_step(masks: list[int], geo: Geometry, min_match: int, layer: Layer, make: bool,
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


def cascade(work: list[list[int]], masks: list[int], geo: Geometry, kinds: int, min_match: int,
            rng: int, events: list[Event], counts: list[int], layer: Layer, make: bool,
            first: tuple[int, Outcome | None], blockers: Blockers | None) -> tuple[int, int]:
    """Clear, fall and refill `work`, `masks` (one per kind, then RAINBOW's and DROP's) and
    `layer` in place until still; append each step's events, add each cleared kind to
    `counts`; return (the points scored, the RNG stream after).

    One step is the specials it makes (Created) and sets off (Detonated, in firing order), one
    Cleared (every tile that goes: runs and blasts at once), the blockers' hits, one Scored,
    one Fell (each column's tiles drop along its chute, past holes and fixed cells, in order)
    and one Spawned (new tiles at the top of each chute, drawn column by column, top down,
    from the stream `rng`). `first` is the first step (the cells it clears, and its Outcome
    when specials take part), worked out by the caller from the swap. The board must be full.
    """
    stride, cell_of = geo.stride, geo.cell_of
    points = 0
    step = 1
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
        if blockers is None:
            bits = bits_of(runs)
            cells = tuple(map(cell_of.__getitem__, bits))
            events.append(Cleared(cells))
            gained = POINTS_PER_TILE * len(cells)
            freed: list[Cell] = []
        else:
            hits = blockers.split(work, geo, runs, outcome)
            cells = tuple(hits[0])
            bits = [r * stride + c for r, c in cells]
            events.append(Cleared(cells))
            struck, freed = blockers.strike(hits, work, events)
            gained = POINTS_PER_TILE * len(cells) + POINTS_PER_HIT * struck
        if outcome is not None:
            for bit, special in outcome.created:
                layer[bit] = special
            # Every special in the step's cells went off and is spent (a locked tile that a
            # rainbow turned into a special keeps its tile, not the special it fired).
            for bit in [b for b in layer if runs >> b & 1]:
                del layer[bit]
            bonus = SPECIAL_POINTS * (len(outcome.created) + len(outcome.fired)) * step
        gained = gained * step + bonus
        events.append(Scored(gained, step))
        points += gained
        # Per column, its emptied rows (in reading order, so top down).
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
        if blockers is None:
            rng = settle(work, masks, geo, kinds, hit, rng, events, layer)
        else:
            for r, c in freed:
                hit.setdefault(c, []).append(r)
                hit[c].sort()
            rng, points = _settle_blocked(work, masks, geo, kinds, hit, rng, events, layer, blockers,
                                          step, points)
        step += 1
        runs, outcome = next_step(masks, geo, min_match, layer, make and step <= MAKING_STEPS, None)
    return points, rng


def _settle_blocked(work: list[list[int]], masks: list[int], geo: Geometry, kinds: int,
                    hit: dict[int, list[int]], rng: int, events: list[Event], layer: Layer,
                    blockers: Blockers, step: int, points: int) -> tuple[int, int]:
    """settle() around the fixed cells, then the after-fall hook: drops on the bottom of their
    chute leave the board (DropCollected, Scored) and their columns fall and refill again."""
    stride = geo.stride
    while True:
        if hit:
            rng = settle(work, masks, geo, kinds, hit, rng, events, layer, blockers.fixed,
                         blockers.wants_drop(masks))
        if blockers.wanted is None:
            return rng, points
        landed = blockers.landed(work, geo)
        if not landed:
            return rng, points
        hit = {}
        for r, c in landed:
            events.append(DropCollected((r, c)))
            work[r][c] = EMPTY
            masks[DROP] &= ~(1 << (r * stride + c))
            blockers.dropped += 1
            hit[c] = [r]
        gained = DROP_POINTS * len(landed) * step
        events.append(Scored(gained, step))
        points += gained
