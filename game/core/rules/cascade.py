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
from ..grid import DROP, EMPTY, RAINBOW, Cell
from ..level_format import NO_SPECIALS
from ..state import Layers, State
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

Kept = tuple[dict[int, int], dict[int, int], int, int, int]
"""A Blockers' layers by bit: stones' hits, jelly's layers, and the bits of locks, stones, jelly."""
Split = tuple[int, int, int, int]
"""One step's hits by what they hit, as bit masks: tiles cleared, locks broken, stones hit,
jelly layers cleared."""


class Blockers:
    """A board's blocker layers while a move plays out (by cell bit), and the cascade's hooks."""

    __slots__ = ("stones", "jelly", "locks", "stone_bits", "jelly_bits", "dropped", "wanted", "geo", "touched")

    def __init__(self, state: State, geo: Geometry, kept: Kept | None = None) -> None:
        """The layers of `state`; `kept`: the same layers by bit, as the move before left them."""
        self.geo = geo
        if kept is not None:
            stones, jelly, self.locks, self.stone_bits, self.jelly_bits = kept
            self.stones, self.jelly = dict(stones), dict(jelly)
        else:
            stride = geo.stride
            self.stones = {r * stride + c: hits for (r, c), hits in state.stones}
            self.jelly = {r * stride + c: layers for (r, c), layers in state.jelly}
            locks = stone_bits = jelly_bits = 0
            for r, c in state.locks:
                locks |= 1 << (r * stride + c)
            for bit in self.stones:
                stone_bits |= 1 << bit
            for bit in self.jelly:
                jelly_bits |= 1 << bit
            self.locks, self.stone_bits, self.jelly_bits = locks, stone_bits, jelly_bits
        self.dropped = state.dropped
        self.wanted = state.level.goals.drops
        self.touched = False   # whether a lock, stone or jelly layer changed in this move

    def kept(self) -> Kept:
        """The layers by bit, for the next move's Blockers (which copies what it changes)."""
        return self.stones, self.jelly, self.locks, self.stone_bits, self.jelly_bits

    @property
    def fixed(self) -> int:
        """The cells no tile falls through: stones and locked tiles."""
        return self.stone_bits | self.locks

    def split(self, runs: int, outcome: Outcome | None, drops: int) -> Split:
        """What the step's cells (`runs`: runs and blasts) hit; changes nothing. `drops`: the
        drops' bits (never cleared)."""
        return split(self.geo, runs, outcome, drops, self.locks, self.stone_bits, self.jelly_bits)

    def eaten(self, cells: tuple[Cell, ...]) -> Split:
        """What a chain that ate the tiles at `cells` hits (chain's rule, for strike): each
        stone and each locked tile orthogonally next to an eaten tile takes a hit (a lock
        breaks at one), and the jelly under each eaten tile loses a layer."""
        stride = self.geo.stride
        eaten = 0
        for r, c in cells:
            eaten |= 1 << (r * stride + c)
        near = (eaten << 1) | (eaten >> 1) | (eaten << stride) | (eaten >> stride)
        return eaten, near & self.locks, near & self.stone_bits, eaten & self.jelly_bits

    def strike(self, hits: Split, work: list[list[int]], events: list[Event]) -> tuple[int, int]:
        """Apply the step's hits on the blocker layers (after its Cleared): locks break, stones
        crack (a broken one leaves its cell empty), jelly thins. Returns the number of hits and
        the bits of the cells the broken stones left empty."""
        _, unlocked, struck, jellied = hits
        cell_of = self.geo.cell_of
        count = 0
        if unlocked or struck or jellied:
            self.touched = True
        if unlocked:
            for bit in bits_of(unlocked):
                events.append(Unlocked(cell_of[bit]))
                count += 1
            self.locks &= ~unlocked
        freed = 0
        if struck:
            stones = self.stones
            for bit in bits_of(struck):
                left = stones[bit] - 1
                cell = cell_of[bit]
                events.append(Cracked(cell, left))
                count += 1
                if left:
                    stones[bit] = left
                else:
                    del stones[bit]
                    work[cell[0]][cell[1]] = EMPTY
                    freed |= 1 << bit
            self.stone_bits &= ~freed
        if jellied:
            jelly = self.jelly
            for bit in bits_of(jellied):
                left = jelly[bit] - 1
                events.append(JellyCleared(cell_of[bit], left))
                count += 1
                if left:
                    jelly[bit] = left
                else:
                    del jelly[bit]
                    self.jelly_bits &= ~(1 << bit)
        return count, freed

    def wants_drop(self, masks: list[int]) -> bool:
        """Whether the next refill brings a drop: none on the board, and the goal wants more."""
        return self.wanted is not None and not masks[DROP] and self.dropped < self.wanted

    def landed(self, masks: list[int]) -> list[int]:
        """The bits of the drops on the bottom cell of their column's chute, column by column."""
        drops = masks[DROP]
        if not drops:
            return []
        out: list[int] = []
        geo = self.geo
        stride, fixed = geo.stride, self.fixed
        for c, rows in enumerate(geo.chutes):
            for r in reversed(rows):
                bit = r * stride + c
                if not fixed >> bit & 1:
                    if drops >> bit & 1:
                        out.append(bit)
                    break
        return out

    def layers(self, state: State) -> Layers:
        """The layers as a State keeps them: by cell, in reading order (`state`'s own when the
        move changed none)."""
        kept = state.layers
        if not self.touched:
            return kept if self.dropped == kept.dropped else Layers(kept.stones, kept.locks, kept.jelly, self.dropped)
        cell_of = self.geo.cell_of
        return Layers(tuple((cell_of[b], h) for b, h in sorted(self.stones.items())),
                      tuple(map(cell_of.__getitem__, bits_of(self.locks))),
                      tuple((cell_of[b], n) for b, n in sorted(self.jelly.items())), self.dropped)

def split(geo: Geometry, runs: int, outcome: Outcome | None, drops: int, locks: int, stones: int,
          jelly: int) -> Split:
    """What a step's cells (`runs`: runs and blasts) hit, given the bits of the drops, locked
    tiles, stones and jelly: a locked tile (or one a special is made on) breaks its lock and
    stays; a stone in a blast or beside a cleared, unlocked or special-made cell takes a hit;
    jelly under a cleared or special-made tile (not a locked one) loses a layer; drops and
    stones never clear."""
    made = 0
    if outcome is not None:
        for bit, _ in outcome.created:
            made |= 1 << bit
    cleared = runs & ~stones & ~locks & ~drops & geo.inside
    unlocked = (runs | made) & locks
    struck = runs & stones
    if stones:
        near = cleared | unlocked | made
        s = geo.stride
        struck |= ((near << 1) | (near >> 1) | (near << s) | (near >> s)) & stones
    jellied = (cleared | made) & ~unlocked & jelly
    return cleared, unlocked, struck, jellied


def next_step(masks: list[int], geo: Geometry, min_match: int, layer: Layer, make: frozenset[Special],
              swapped: tuple[int, int] | None,
              kinds: tuple[int, int] | None = None) -> tuple[int, Outcome | None]:
    """The cells the next cascade step clears, and its Outcome when specials take part
    (None on the fast path: plain runs, no special made or caught). `make`: the specials a
    run may form (the level's `forms`; none past MAKING_STEPS); a run whose special is not
    among them clears as a plain run.

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
    if not caught and not (make and makes_special(kind_masks, rows, columns, geo.stride)):
        return runs, None
    outcome = run_step(geo, masks, layer, rows, columns, make, swapped)
    if not (outcome.created or outcome.fired):
        return runs, None   # the level forms none of the runs' specials: plain runs
    return outcome.cleared, outcome


def cascade(work: list[list[int]], masks: list[int], geo: Geometry, kinds: int, min_match: int,
            rng: int, events: list[Event], counts: list[int], layer: Layer, make: frozenset[Special],
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
    cell_of = geo.cell_of
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
        if blockers is None and outcome is None:
            # A plain step (nearly every one): its cells, their counts and masks, and each
            # column's emptied rows in one pass over the bits, lowest (reading order) first.
            # The general path below does the same in three passes; this one is worth 4-6% of
            # a plain board's moves a second (bench/core.py: 0.52 of the reference with it,
            # 0.49-0.50 without), so the two stay, and the property tests hold both to the reference.
            hit: dict[int, list[int]] = {}
            found: list[Cell] = []
            left = runs
            while left:
                low = left & -left
                left ^= low
                cell = cell_of[low.bit_length() - 1]
                found.append(cell)
                r, c = cell
                row = work[r]
                kind = row[c]
                counts[kind] += 1
                masks[kind] ^= low
                row[c] = EMPTY
                rows_hit = hit.get(c)
                if rows_hit is None:
                    hit[c] = [r]
                else:
                    rows_hit.append(r)
            events.append(Cleared(tuple(found)))
            gained = POINTS_PER_TILE * len(found) * step
            events.append(Scored(gained, step))
            points += gained
            rng = settle(work, masks, geo, kinds, hit, rng, events, layer)
            step += 1
            runs, outcome = next_step(masks, geo, min_match, layer, make if step <= MAKING_STEPS else NO_SPECIALS, None)
            continue
        if blockers is None:
            bits = bits_of(runs)
            cells = tuple(map(cell_of.__getitem__, bits))
            events.append(Cleared(cells))
            gained = POINTS_PER_TILE * len(cells)
            freed = 0
        else:
            hits = blockers.split(runs, outcome, masks[DROP])
            bits = bits_of(hits[0])
            cells = tuple(map(cell_of.__getitem__, bits))
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
        hit = {}
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
            if freed:
                for r, c in map(cell_of.__getitem__, bits_of(freed)):
                    hit.setdefault(c, []).append(r)
                    hit[c].sort()
            rng, points = _settle_blocked(work, masks, geo, kinds, hit, rng, events, layer, blockers,
                                          step, points)
        step += 1
        runs, outcome = next_step(masks, geo, min_match, layer, make if step <= MAKING_STEPS else NO_SPECIALS, None)
    return points, rng


def _settle_blocked(work: list[list[int]], masks: list[int], geo: Geometry, kinds: int,
                    hit: dict[int, list[int]], rng: int, events: list[Event], layer: Layer,
                    blockers: Blockers, step: int, points: int) -> tuple[int, int]:
    """settle() around the fixed cells, then the after-fall hook: drops on the bottom of their
    chute leave the board (DropCollected, Scored) and their columns fall and refill again."""
    while True:
        if hit:
            rng = settle(work, masks, geo, kinds, hit, rng, events, layer, blockers.fixed,
                         blockers.wants_drop(masks))
        if blockers.wanted is None:
            return rng, points
        landed = blockers.landed(masks)
        if not landed:
            return rng, points
        hit = {}
        for bit in landed:
            r, c = geo.cell_of[bit]
            events.append(DropCollected((r, c)))
            work[r][c] = EMPTY
            masks[DROP] &= ~(1 << bit)
            blockers.dropped += 1
            hit[c] = [r]
        gained = DROP_POINTS * len(landed) * step
        events.append(Scored(gained, step))
        points += gained
