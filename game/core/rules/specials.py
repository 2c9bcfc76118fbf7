"""match3's special tiles: which runs make one and where, what goes off, and what a step then clears.

Each sort of special is a unit (game/core/units: its shape, its blast, the kind a kindless one
takes); this module is the cascade's seam to them, resolved once at import, and the combo table
(what two specials swapped together do), the one place that names pairs of them."""

from __future__ import annotations

from dataclasses import dataclass

from ..boards import Geometry, bits_of
from ..grid import RAINBOW
from ..units import FORMING, LINES as LINE_UNIT, SPECIALS, column_cells, row_cells, square_cells
from ..vocab import Special

SPECIAL_POINTS = 20
"""Points for each special made and each special that goes off (times the cascade step)."""

LINES = LINE_UNIT.specials
# Resolved once: the units' shapes in the order a group tries them, each special's blast, and
# the kind a kindless special a blast sets off takes.
_FORMS = tuple(unit.forms for unit in FORMING)
_BLAST = {special: unit.blast for unit in SPECIALS for special in unit.specials}
_TAKES = {special: unit.takes for unit in SPECIALS for special in unit.specials if unit.takes is not None}

Layer = dict[int, Special]
"""The specials on a working board, by cell bit (the bitboard's r * stride + c)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one cascade step does: specials made (their cells stay), specials set off in firing
    order, and every cell it clears (runs and blasts alike)."""

    created: tuple[tuple[int, Special], ...]
    fired: tuple[tuple[int, Special], ...]
    cleared: int
    took: tuple[tuple[int, int], ...] = ()   # a fired rainbow's bit and the kind it took


def makes_special(kind_masks: list[int], rows: int, columns: int, stride: int) -> bool:
    """Whether the runs (`rows` along rows, `columns` along columns) make any special: a
    crossing of two runs, or a straight run of four or more of one kind (`kind_masks`: the
    masks of every kind that may have a run)."""
    if rows & columns:
        return True
    s2, s3 = stride + stride, stride * 3
    for m in kind_masks:
        if m:
            across = rows & m
            if across & (across >> 1) & (across >> 2) & (across >> 3):
                return True
            down = columns & m
            if down & (down >> stride) & (down >> s2) & (down >> s3):
                return True
    return False


def groups(masks: list[int], rows: int, columns: int, stride: int) -> list[tuple[int, Special]]:
    """Each group of runs that makes a special, as (the group's cells as bits, its special).

    A group is the runs of one kind that share cells; the units' shapes (units.FORMING, in
    that order: a run of 5+, two runs or more, a single run of exactly 4) say what it makes.
    """
    out: list[tuple[int, Special]] = []
    for kind in range(1, RAINBOW):
        m = masks[kind]
        across, down = rows & m, columns & m
        if not (across or down):
            continue
        # Only a run of 4+ or a run crossing another makes a special: a kind with neither
        # (nearly every kind on a big board's step) has no group worth listing.
        crossing = across & down
        four_across = across & (across >> 1) & (across >> 2) & (across >> 3)
        four_down = down & (down >> stride) & (down >> (2 * stride)) & (down >> (3 * stride))
        if not (crossing or four_across or four_down):
            continue
        # A run of three crossing none is a group of its own that makes nothing: only the runs
        # of 4+ and those through a crossing are listed (the others join, and come out, as they
        # would with it).
        across = _whole_runs(across, crossing | four_across | (four_across << 3), 1)
        down = _whole_runs(down, crossing | four_down | (four_down << (3 * stride)), stride)
        # Straight runs as (bits, length, made along a row); a run's cells are consecutive bits
        # (guard bits keep rows apart), a column run's cells are `stride` apart.
        runs: list[tuple[int, int, bool]] = []
        bits: list[int] = []
        for b in bits_of(across):
            if bits and b != bits[-1] + 1:
                runs.append((_mask(bits), len(bits), True))
                bits = []
            bits.append(b)
        if bits:
            runs.append((_mask(bits), len(bits), True))
        open_runs: dict[int, list[int]] = {}   # the bit below a column run's last cell -> its cells
        for b in bits_of(down):
            cells = open_runs.pop(b, None)
            if cells is None:
                cells = [b]
            else:
                cells.append(b)
            open_runs[b + stride] = cells
        for cells in sorted(open_runs.values()):
            runs.append((_mask(cells), len(cells), False))
        # Join runs that share a cell (an L, T or + joins a row run and a column run).
        merged: list[tuple[int, list[tuple[int, int, bool]]]] = []
        covered = 0   # every cell of `merged`: a run that shares none joins nothing (nearly all)
        for run in runs:
            cells_of, members = run[0], [run]
            if not cells_of & covered:
                merged.append((cells_of, members))
                covered |= cells_of
                continue
            covered |= cells_of
            rest = []
            for other_cells, other_members in merged:
                if other_cells & cells_of:
                    cells_of |= other_cells
                    members += other_members
                else:
                    rest.append((other_cells, other_members))
            merged = rest + [(cells_of, members)]
        for cells_of, members in merged:
            longest = max(length for _, length, _ in members)
            for forms in _FORMS:
                special = forms(longest, len(members), members[0][2])
                if special is not None:
                    out.append((cells_of, special))
                    break
    return out


def _whole_runs(runs: int, seeds: int, step: int) -> int:
    """The cells of the runs in `runs` (cells `step` apart) that hold a cell of `seeds`."""
    found = seeds & runs
    while True:
        grown = (found | (found << step) | (found >> step)) & runs
        if grown == found:
            return found
        found = grown


def _mask(bits: list[int]) -> int:
    m = 0
    for b in bits:
        m |= 1 << b
    return m


def place(cells: int, swapped: tuple[int, int] | None, stride: int) -> int:
    """The bit where a group's special appears: the swap's `b`, else its `a`, when the group
    holds it (the move's own runs); else the group's lowest cell, the leftmost of those."""
    if swapped is not None:
        a, b = swapped
        if cells >> b & 1:
            return b
        if cells >> a & 1:
            return a
    found = bits_of(cells)
    low_row = found[-1] // stride
    return min(bit for bit in found if bit // stride == low_row)


# -- blasts -------------------------------------------------------------------------------------
def blast(geo: Geometry, masks: list[int], bit: int, special: Special) -> int:
    """The cells the special at `bit` clears when it goes off (holes are skipped): its unit's
    blast (a kindless one caught in a blast takes the kind most common on the board)."""
    return _BLAST[special](geo, masks, bit, special)


def chain(geo: Geometry, masks: list[int], layer: Layer, cleared: int, spared: int,
          first: list[tuple[int, Special]]) -> tuple[int, list[tuple[int, Special]], list[tuple[int, int]]]:
    """Set off `first` and every special their blasts catch, in firing order.

    Returns every cell cleared (`cleared` and all blasts, never the `spared` cells where
    specials are being made), the specials fired, and the kind each fired rainbow took.
    """
    fired: list[tuple[int, Special]] = []
    took: list[tuple[int, int]] = []
    queue = list(first)
    i = 0
    while i < len(queue):
        bit, special = queue[i]
        i += 1
        fired.append((bit, special))
        takes = _TAKES.get(special)
        if takes is not None:
            took.append((bit, takes(masks)))
        caught = blast(geo, masks, bit, special) & ~cleared & ~spared
        if caught:
            cleared |= caught
            queue.extend((b, layer[b]) for b in bits_of(caught) if b in layer)
    return cleared, fired, took


def specials_in(layer: Layer, cells: int) -> list[tuple[int, Special]]:
    """The specials on `cells`, in reading order."""
    return [(b, layer[b]) for b in sorted(layer) if cells >> b & 1]


def run_step(geo: Geometry, masks: list[int], layer: Layer, rows: int, columns: int,
             make: frozenset[Special], swapped: tuple[int, int] | None) -> Outcome:
    """One cascade step of runs: the specials they make (those of `make`: a group whose special
    the level does not form makes none), and everything cleared as specials go off."""
    runs = rows | columns
    created: list[tuple[int, Special]] = []
    if make:
        for cells, special in groups(masks, rows, columns, geo.stride):
            if special in make:
                created.append((place(cells, swapped, geo.stride), special))
        created.sort()
    spared = 0
    for bit, _ in created:
        spared |= 1 << bit
    # A special on a cell that makes a new one still goes off; its cell keeps the new special.
    cleared, fired, took = chain(geo, masks, layer, runs & ~spared, spared, specials_in(layer, runs))
    return Outcome(tuple(created), tuple(fired), cleared, tuple(took))


def is_special_swap(layer: Layer, a: int, b: int) -> bool:
    """Whether swapping the tiles at bits a and b is legal without a run: a rainbow, or two specials."""
    sa, sb = layer.get(a), layer.get(b)
    return (sa is not None and sb is not None) or Special.RAINBOW in (sa, sb)


def swap_step(geo: Geometry, masks: list[int], layer: Layer, a: int, b: int) -> Outcome:
    """The first step of a special swap, after the tiles traded places (the cells are the new ones).

    A rainbow and a plain tile clear every tile of that kind; two specials combine around b;
    a rainbow and a line or bomb turn every tile of that special's kind into it (`created`)
    and set them all off. The two swapped specials' own blasts are replaced by the effect.
    """
    sa, sb = layer.get(a), layer.get(b)
    both = (1 << a) | (1 << b)
    if sa == Special.RAINBOW or sb == Special.RAINBOW:
        rainbow, other = (b, a) if sb == Special.RAINBOW else (a, b)
        partner = layer.get(other)
        if partner == Special.RAINBOW:
            fired = [(b, Special.RAINBOW), (a, Special.RAINBOW)]
            cleared = geo.inside
            return _spread(geo, masks, layer, cleared, both, fired, (), [])   # they take no one kind
        kind = next(k for k in range(1, RAINBOW) if masks[k] >> other & 1)
        if partner is None:
            return _spread(geo, masks, layer, masks[kind] | both, both, [(rainbow, Special.RAINBOW)], (),
                           [(rainbow, kind)])
        # Every tile of the partner's kind becomes the partner's special and goes off with its
        # own blast; the rainbow's part is that conversion, so it fires without a blast of its own.
        tiles = bits_of(masks[kind])
        created = tuple((bit, partner) for bit in tiles if bit != other)
        converted = dict(layer)
        converted.update(created)
        cleared, fired, took = chain(geo, masks, converted, masks[kind] | both, 0,
                                     [(bit, partner) for bit in tiles])
        return Outcome(created, ((rainbow, Special.RAINBOW),) + tuple(fired), cleared,
                       ((rainbow, kind),) + tuple(took))
    assert sa is not None and sb is not None
    pair = {sa, sb}
    r, c = divmod(b, geo.stride)
    if pair <= set(LINES):
        area = row_cells(geo, r) | column_cells(geo, c)
    elif Special.BOMB in pair and pair & set(LINES):
        area = 0
        for i in (-1, 0, 1):
            if 0 <= r + i < geo.height:
                area |= row_cells(geo, r + i)
            if 0 <= c + i < geo.width:
                area |= column_cells(geo, c + i)
    else:
        area = square_cells(geo, b, 2)
    return _spread(geo, masks, layer, area | both, both, [(b, sb), (a, sa)], (), [])


def _spread(geo: Geometry, masks: list[int], layer: Layer, area: int, consumed: int,
            fired: list[tuple[int, Special]], created: tuple[tuple[int, Special], ...],
            took: list[tuple[int, int]]) -> Outcome:
    """`fired` (its rainbows took `took`) went off clearing `area`; the other specials caught
    there go off in turn."""
    cleared, more, more_took = chain(geo, masks, layer, area, 0,
                                     [(b, s) for b, s in specials_in(layer, area) if not consumed >> b & 1])
    return Outcome(created, tuple(fired + more), cleared, tuple(took + more_took))
