"""The one match-3 cascade: clear, fall and refill until still, with hooks for boards with blockers.

A plain board runs the loop as it is. A board with blockers passes a `Blockers` (its layers
during the move, one per blocker unit the level places: game/core/units), whose hooks the loop
calls at three points, as python-chess's variants override a few hooks of one `push`:

- what a clear hits (`split`, then `strike`), by each unit's Hit: a COVER unit's tile keeps its
  tile and loses the cover, a NEAR unit next to a clear (or in a blast) loses a layer, an UNDER
  unit under a cleared tile loses one; fallers' pieces and what a unit holds are never cleared;
- how columns settle: the cells units hold are `fixed` cells of the chute, which
  common.settle lets tiles fall past (solid columns keep the fast table path);
- after a fall: a faller's pieces (units.FALLERS) on the bottom of their chute leave the board,
  and the columns fall and refill again (`landed`), with a piece spawned when its goal wants one.

One step's events: Created, Detonated, Cleared, then the blockers' hits in units.BLOCKERS order
(each its unit's event), then Scored, Fell, Spawned, then (fallers) each piece's leaving (its unit's event), Scored, Fell, Spawned.
"""

from __future__ import annotations

from itertools import compress

from ..boards import SPARSE_BITS, ZERO_ONE, Geometry, bits_of, board_bits, run_mask, run_parts
from ..events import Cleared, Created, Detonated, Event, Scored
from ..grid import EMPTY, FALLER, RAINBOW, Cell
from ..level_format import NO_SPECIALS
from ..state import Layers, State, present
from ..units import BLOCKERS, FALLER_AT, Blocker, Faller, Hit
from ..vocab import Special
from .common import settle
from .specials import SPECIAL_POINTS, Layer, Outcome, makes_special, run_step

POINTS_PER_TILE = 10
POINTS_PER_HIT = 10
"""Points for each layer a blocker unit loses (times the cascade step)."""
THE_FALLER: Faller | None = FALLER_AT.get(FALLER)
"""The faller unit whose pieces the cascade's last mask holds (the grid has one FALLER value)."""
MAKING_STEPS = 10
"""Only a cascade's first steps make specials: on a big board with few kinds every refill makes
runs of four and five, whose specials clear more and bring more, and a cascade must settle."""

Kept = tuple[tuple[int, ...], tuple[Blocker, ...], tuple[dict[int, int], ...], tuple[int, ...]]
"""A Blockers' layers by bit: the places (in units.BLOCKERS) of the units on the board, those
units, and for each its counts by bit and its cells' bits (read only: a move copies a unit's
counts before it changes them)."""
Split = tuple[int, tuple[int, ...]]
"""One step's hits by what they hit, as bit masks: the tiles cleared, then each present unit's
cells that lose a layer."""


class Blockers:
    """A board's blocker layers while a move plays out (by cell bit), and the cascade's hooks.

    It walks the units on the board (units.present: those the level places, resolved once
    with it), each by its Blocker: how a clear hits it, whether it holds its cell, what a hit
    is told as."""

    __slots__ = ("present", "units", "counts", "bits", "brought", "wanted", "faller", "geo", "touched", "fixed")

    def __init__(self, state: State, geo: Geometry, kept: Kept | None = None) -> None:
        """The layers of `state`; `kept`: the same layers by bit, as the move before left them."""
        self.geo = geo
        if kept is not None:
            self.present, self.units, counts, bits = kept
            self.counts = list(counts)
            self.bits = list(bits)
        else:
            stride = geo.stride
            self.present = present(state)
            self.units = tuple(BLOCKERS[at] for at in self.present)
            self.counts = []
            self.bits = []
            every = state.layers.counts
            for at in self.present:
                layer = {r * stride + c: n for (r, c), n in every[at]}
                mask = 0
                for bit in layer:
                    mask |= 1 << bit
                self.counts.append(layer)
                self.bits.append(mask)
        fixed = 0
        for unit, mask in zip(self.units, self.bits):
            if unit.holds:
                fixed |= mask
        self.fixed = fixed   # the cells no tile falls through: those a unit holds
        self.brought = state.brought
        # The faller (one at most: the grid's FALLER value) and how many its goal wants.
        self.faller = THE_FALLER
        self.wanted = None if THE_FALLER is None else state.level.goals.wanted(THE_FALLER.goal)
        self.touched = 0   # the units (by index in `units`) whose layer changed in this move

    def kept(self) -> Kept:
        """The layers by bit, for the next move's Blockers (which copies what it changes)."""
        return self.present, self.units, tuple(self.counts), tuple(self.bits)

    @property
    def covered(self) -> int:
        """The tiles a unit holds in place (locked tiles): never swapped, moved or turned."""
        covered = 0
        for unit, bits in zip(self.units, self.bits):
            if unit.holds and not unit.frees:
                covered |= bits
        return covered

    def split(self, runs: int, outcome: Outcome | None, fallen: int) -> Split:
        """What the step's cells (`runs`: runs and blasts) hit; changes nothing. `fallen`: the
        fallers' pieces' bits (never cleared)."""
        return split(self.geo, runs, outcome, fallen, self.units, self.bits, self.fixed)

    def eaten(self, cells: tuple[Cell, ...]) -> Split:
        """What a chain that ate the tiles at `cells` hits (chain's rule, for strike): a COVER
        or NEAR unit orthogonally next to an eaten tile loses a layer (a lock breaks at one),
        an UNDER unit under one."""
        stride = self.geo.stride
        eaten = 0
        for r, c in cells:
            eaten |= 1 << (r * stride + c)
        near = (eaten << 1) | (eaten >> 1) | (eaten << stride) | (eaten >> stride)
        return eaten, tuple((eaten if unit.hit is Hit.UNDER else near) & bits
                            for unit, bits in zip(self.units, self.bits))

    def strike(self, hits: Split, work: list[int], events: list[Event]) -> tuple[int, int]:
        """Apply the step's hits on the blocker layers (after its Cleared), unit by unit in
        BLOCKERS order: each hit cell loses a layer, told as its unit's event (a broken unit
        that `frees` its cell leaves it empty; `work`: the board by bit, boards.flat_board).
        Returns the number of hits and the bits of the cells emptied."""
        cell_of = self.geo.cell_of
        count = 0
        freed = 0
        for i, struck in enumerate(hits[1]):
            if not struck:
                continue
            unit = self.units[i]
            made = unit.made
            if not self.touched >> i & 1:
                self.touched |= 1 << i
                self.counts[i] = dict(self.counts[i])   # the kept counts are the last state's
            layer = self.counts[i]
            gone = 0
            for bit in bits_of(struck):
                left = layer[bit] - 1
                cell = cell_of[bit]
                events.append(made(cell, left))   # type: ignore[arg-type]
                count += 1
                if left:
                    layer[bit] = left
                else:
                    del layer[bit]
                    gone |= 1 << bit
                    if unit.frees:
                        work[bit] = EMPTY
                        freed |= 1 << bit
            if gone:
                self.bits[i] &= ~gone
                if unit.holds:
                    self.fixed &= ~gone
        return count, freed

    def wants_faller(self, masks: list[int]) -> bool:
        """Whether the next refill brings a faller's piece: none on the board, and its goal wants more."""
        return self.wanted is not None and not masks[FALLER] and self.brought < self.wanted

    def landed(self, masks: list[int]) -> list[int]:
        """The bits of the fallers' pieces on the bottom cell of their column's chute, column by column."""
        fallen = masks[FALLER]
        if not fallen:
            return []
        out: list[int] = []
        geo = self.geo
        stride, fixed = geo.stride, self.fixed
        for c, rows in enumerate(geo.chutes):
            for r in reversed(rows):
                bit = r * stride + c
                if not fixed >> bit & 1:
                    if fallen >> bit & 1:
                        out.append(bit)
                    break
        return out

    def layers(self, state: State) -> Layers:
        """The layers as a State keeps them: by cell, in reading order (`state`'s own when the
        move changed none)."""
        kept = state.layers
        touched = self.touched
        if not touched:
            return kept if self.brought == kept.brought else Layers(kept.counts, self.brought)
        cell_of = self.geo.cell_of
        every = list(kept.counts)
        for i, at in enumerate(self.present):
            if touched >> i & 1:
                # In C (a jelly layer holds dozens of cells, changed nearly every move).
                counts = self.counts[i]
                bits = sorted(counts)
                every[at] = tuple(zip(map(cell_of.__getitem__, bits), map(counts.__getitem__, bits)))
        return Layers(tuple(every), self.brought)

def split(geo: Geometry, runs: int, outcome: Outcome | None, fallen: int, units: tuple[Blocker, ...],
          bits: list[int] | tuple[int, ...], fixed: int = -1) -> Split:
    """What a step's cells (`runs`: runs and blasts) hit, given the bits of the fallers' pieces and
    of each unit's cells (`fixed`: those of the units that hold theirs, when the caller keeps
    them): a tile a unit holds and a faller's piece never clear; a COVER unit loses a layer when its
    tile is in the step's cells or made a special; a NEAR unit in a blast or orthogonally next
    to a cleared, uncovered or special-made cell; an UNDER unit under a cleared or
    special-made tile (not a covered one)."""
    made = 0
    if outcome is not None:
        for bit, _ in outcome.created:
            made |= 1 << bit
    if fixed < 0:
        fixed = 0
        for unit, mask in zip(units, bits):
            if unit.holds:
                fixed |= mask
    cleared = runs & ~(fixed | fallen) & geo.inside
    hits = []
    uncovered = 0
    spread = -1
    for unit, mask in zip(units, bits):
        hit = unit.hit
        if hit is COVER:
            found = (runs | made) & mask
            uncovered |= found
        elif hit is NEAR:
            if spread < 0:
                spread = _spread(geo, cleared, units, bits, runs, made)
            found = (runs | spread) & mask
        else:
            found = -1   # UNDER: after every COVER is known
        hits.append(found)
    for i, found in enumerate(hits):
        if found < 0:
            hits[i] = (cleared | made) & ~uncovered & bits[i]
    return cleared, tuple(hits)


def _spread(geo: Geometry, cleared: int, units: tuple[Blocker, ...], bits: list[int] | tuple[int, ...],
            runs: int, made: int) -> int:
    """The cells orthogonally next to a cleared, uncovered or special-made cell."""
    near = cleared | made
    for unit, mask in zip(units, bits):
        if unit.hit is COVER:
            near |= (runs | made) & mask
    s = geo.stride
    return (near << 1) | (near >> 1) | (near << s) | (near >> s)


COVER, NEAR, UNDER = Hit.COVER, Hit.NEAR, Hit.UNDER


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


def cascade(work: list[int], masks: list[int], geo: Geometry, kinds: int, min_match: int,
            rng: int, events: list[Event], counts: list[int], layer: Layer, make: frozenset[Special],
            first: tuple[int, Outcome | None], blockers: Blockers | None) -> tuple[int, int]:
    """Clear, fall and refill `work` (the board by bit, boards.flat_board), `masks` (one per
    kind, then RAINBOW's and FALLER's) and `layer` in place until still; append each step's
    events, add each cleared kind to `counts`; return (the points scored, the RNG stream after).

    One step is the specials it makes (Created) and sets off (Detonated, in firing order), one
    Cleared (every tile that goes: runs and blasts at once), the blockers' hits, one Scored,
    one Fell (each column's tiles fall along its chute, past holes and fixed cells, in order)
    and one Spawned (new tiles at the top of each chute, drawn column by column, top down,
    from the stream `rng`). `first` is the first step (the cells it clears, and its Outcome
    when specials take part), worked out by the caller from the swap. The board must be full.
    """
    cell_of, stride = geo.cell_of, geo.stride
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
                    masks[work[bit]] &= ~(1 << bit)
                    masks[RAINBOW] |= 1 << bit
                    work[bit] = RAINBOW
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
            if runs.bit_count() > SPARSE_BITS:
                # Many cells (a big board's cascades): _clear_many.
                bits = board_bits(runs, geo)
                found = list(map(cell_of.__getitem__, bits))
                hit = _clear_many(work, masks, counts, runs, bits, geo)
                left = 0
            while left:
                low = left & -left
                left ^= low
                bit = low.bit_length() - 1
                r, c = cell = cell_of[bit]
                found.append(cell)
                kind = work[bit]
                counts[kind] += 1
                masks[kind] ^= low
                work[bit] = EMPTY
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
            if layer or (make and step <= MAKING_STEPS):
                runs, outcome = next_step(masks, geo, min_match, layer, make if step <= MAKING_STEPS else NO_SPECIALS, None)
            else:   # next_step's own first answer, without the call (nearly every step)
                runs = run_mask(masks[:RAINBOW], stride, min_match)
            continue
        if blockers is None:
            bits = board_bits(runs, geo)
            cells = tuple(map(cell_of.__getitem__, bits))
            events.append(Cleared(cells))
            gained = POINTS_PER_TILE * len(cells)
            freed = 0
        else:
            hits = blockers.split(runs, outcome, masks[FALLER])
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
        if blockers is None and len(bits) > SPARSE_BITS:
            # The blast of a big board's specials (its cells hold kinds and rainbows alone).
            hit = _clear_many(work, masks, counts, runs, bits, geo)
            bits = []
        for bit, (r, c) in zip(bits, cells):
            kind = work[bit]
            counts[kind] += 1
            masks[kind] ^= 1 << bit
            work[bit] = EMPTY
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


def _clear_many(work: list[int], masks: list[int], counts: list[int], runs: int, bits: list[int],
                geo: Geometry) -> dict[int, list[int]]:
    """Empty the cells of `runs` (its `bits`, many: a big board's step, whose cells hold tiles
    alone) in `work`, take them off `masks` and add them to `counts` by whole masks; each
    column's emptied rows, top down (settle's `hit`), read off the binary text of `runs`
    (lowest bit first) column by column: a slice with the stride as its step."""
    for kind in range(1, len(masks)):
        gone = masks[kind] & runs
        if gone:
            counts[kind] += gone.bit_count()
            masks[kind] ^= gone
    for bit in bits:
        work[bit] = EMPTY
    text = bin(runs)[:1:-1].encode().translate(ZERO_ONE)
    rows = range(geo.height)
    stride = geo.stride
    hit: dict[int, list[int]] = {}
    for c in range(geo.width):
        column = text[c::stride]
        if 1 in column:
            hit[c] = list(compress(rows, column))
    return hit


def _settle_blocked(work: list[int], masks: list[int], geo: Geometry, kinds: int,
                    hit: dict[int, list[int]], rng: int, events: list[Event], layer: Layer,
                    blockers: Blockers, step: int, points: int) -> tuple[int, int]:
    """settle() around the fixed cells, then the after-fall hook: a faller's pieces on the bottom
    of their chute leave the board (its event, Scored) and their columns fall and refill again."""
    while True:
        if hit:
            rng = settle(work, masks, geo, kinds, hit, rng, events, layer, blockers.fixed,
                         blockers.wants_faller(masks))
        faller = blockers.faller
        if blockers.wanted is None or faller is None:
            return rng, points
        landed = blockers.landed(masks)
        if not landed:
            return rng, points
        hit = {}
        for bit in landed:
            r, c = geo.cell_of[bit]
            events.append(faller.made((r, c)))   # type: ignore[arg-type]
            work[bit] = EMPTY
            masks[FALLER] &= ~(1 << bit)
            blockers.brought += 1
            hit[c] = [r]
        gained = faller.points * len(landed) * step
        events.append(Scored(gained, step))
        points += gained
