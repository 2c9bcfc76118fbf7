"""The generator's candidate levels: a small genome (holes, blockers, the goal's load), drawn at random, mutated, and turned into a Level; and the layout distance between two levels."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from game.core import (
    FALLER_LESSONS, FALLERS, GOAL_UNITS, HOLE_TOKEN, LESSON_OF, LOCK_TOKEN, MAP_UNITS, RANDOM_TOKEN, Blocker, Lesson, Level, LevelError,
    Mode, Placing, SpecialSort,
)

from .base import BotRandom

Cell = tuple[int, int]
# The blockers a request may place, by lesson: the goal units the generator knows how to place
# (their `placing`), locks and the fallers it places; each but locks is a goal of its own (locks ride with another).
PLACED_UNITS: tuple[Blocker, ...] = tuple(unit for unit in GOAL_UNITS if unit.placing is not None and unit.lesson)
_PLACED: tuple[Lesson, ...] = tuple(unit.lesson for unit in PLACED_UNITS if unit.lesson)
_FALLEN: tuple[Lesson, ...] = tuple(unit.lesson for unit in FALLERS if unit.placing is not None)
GOAL_BLOCKERS: tuple[Lesson, ...] = _PLACED + _FALLEN
BLOCKERS: tuple[Lesson, ...] = _PLACED + (Lesson.LOCKS,) + _FALLEN
# Holes on a candidate board: a few, mirrored left to right, so no two boards are twins by default.
HOLE_SHARE = (0.04, 0.14)
LOCKS_PLACED = (3, 7)


@dataclass(frozen=True, slots=True)
class Genome:
    """One candidate: what sits where, and how much the main goal asks (`load`: tiles to
    collect, a goal unit's cells or a faller's pieces). The move limit is fitted afterwards."""

    holes: frozenset[Cell]
    locks: frozenset[Cell]
    blockers: tuple[Lesson, ...]     # the blockers placed (the first goal blocker is the main goal)
    load: int                        # the main goal's amount
    cells: tuple[Cell, ...]          # the main goal's cells, in the order they are taken (blockers)
    layers: tuple[int, ...]          # per cell: the goal unit's layers (1-2)
    collect_kind: int = 1


@dataclass(frozen=True, slots=True)
class Shape:
    """What every candidate of a request shares: mode, size, kinds and what forms."""

    mode: Mode
    width: int
    height: int
    kinds: int
    specials: tuple[SpecialSort, ...]
    teaches: Lesson | None


def main_goal(genome: Genome) -> Lesson | None:
    """The blocker whose goal the load is (None: a collect goal)."""
    return next((b for b in genome.blockers if b in GOAL_BLOCKERS), None)


def _free(shape: Shape, holes: frozenset[Cell]) -> list[Cell]:
    return [(r, c) for r in range(shape.height) for c in range(shape.width) if (r, c) not in holes]


def _holes(shape: Shape, rng: BotRandom) -> frozenset[Cell]:
    cells = shape.width * shape.height
    lo, hi = HOLE_SHARE
    wanted = max(2, int(cells * (lo + (hi - lo) * rng.random())))
    out: set[Cell] = set()
    # Holes stay off the top row (tiles come in there) and the bottom row (fallers land there).
    rows = list(range(1, shape.height - 1))
    while len(out) < wanted and rows:
        r = rows[rng.randrange(len(rows))]
        c = rng.randrange(shape.width)
        out.update({(r, c), (r, shape.width - 1 - c)})
    return frozenset(out)


def random_genome(shape: Shape, allowed: tuple[Lesson, ...], moves: int, rng: BotRandom) -> Genome:
    """A fresh candidate: holes, the blockers (the taught one always, each other allowed one
    half the time), and a first guess of the load for about `moves` moves."""
    holes = _holes(shape, rng)
    placed = [b for b in allowed if b == shape.teaches or rng.random() < 0.5]
    if allowed and not placed:
        placed = [allowed[rng.randrange(len(allowed))]]
    if shape.teaches in placed:   # the taught blocker is the main goal
        placed.remove(shape.teaches)
        placed.insert(0, shape.teaches)
    free = _free(shape, holes)
    locks: frozenset[Cell] = frozenset()
    if Lesson.LOCKS in placed:
        lo, hi = LOCKS_PLACED
        locks = frozenset(rng.sample([c for c in free if 0 < c[0]], lo + rng.randrange(hi - lo + 1)))
    genome = Genome(holes, locks, tuple(placed), 1, (), (), 1 + rng.randrange(shape.kinds))
    goal = main_goal(genome)
    placing = _placing(goal)
    load = max(placing.least, moves // placing.per) if placing is not None else 3 * moves
    return _reload(shape, genome, load, rng)


def _placing(goal: Lesson | None) -> Placing | None:
    """How the generator places the goal unit a lesson is (None: a collect goal)."""
    if goal in FALLER_LESSONS:
        return FALLER_LESSONS[goal].placing
    unit = LESSON_OF.get(goal) if goal is not None else None
    return unit.placing if unit is not None else None


def _reload(shape: Shape, genome: Genome, load: int, rng: BotRandom) -> Genome:
    """The genome with its main goal asking `load`: blocker cells kept in order, new ones drawn."""
    goal = main_goal(genome)
    free = [c for c in _free(shape, genome.holes) if c not in genome.locks]
    placing = _placing(goal)
    if placing is not None and placing.upper:
        free = [c for c in free if c[0] < shape.height // 2]
    elif placing is not None and placing.off_top:
        free = [c for c in free if c[0] > 0]
    if placing is not None:
        cap = len(free) // placing.share
        if placing.narrow:
            cap = min(cap, shape.width)
    else:
        cap = 40 * shape.width * shape.height
    load = max(1, min(cap, load))
    if goal is None:
        return replace(genome, load=load, cells=(), layers=())
    cells, layers = list(genome.cells[:load]), list(genome.layers[:load])
    spare = [c for c in free if c not in cells]
    while len(cells) < load and spare:
        cell = spare.pop(rng.randrange(len(spare)))
        cells.append(cell)
        layers.append(1 + rng.randrange(2) if goal not in FALLER_LESSONS else 1)
    return replace(genome, load=len(cells), cells=tuple(cells), layers=tuple(layers))


def rescale(shape: Shape, genome: Genome, factor: float, rng: BotRandom) -> Genome:
    """The genome with its load times `factor` (at least one step when the factor moves it)."""
    load = int(round(genome.load * factor))
    if load == genome.load and factor != 1.0:
        load += 1 if factor > 1 else -1
    return _reload(shape, genome, load, rng)


def mutate(shape: Shape, genome: Genome, rng: BotRandom) -> Genome:
    """A neighbour of the genome: a pair of mirrored holes moved, or a blocker cell moved."""
    holes = set(genome.holes)
    if holes and rng.random() < 0.5:
        r, c = sorted(holes)[rng.randrange(len(holes))]
        holes -= {(r, c), (r, shape.width - 1 - c)}
        r2, c2 = 1 + rng.randrange(max(1, shape.height - 2)), rng.randrange(shape.width)
        if (r2, c2) not in genome.cells and (r2, c2) not in genome.locks:
            holes |= {(r2, c2), (r2, shape.width - 1 - c2)}
        taken = frozenset(holes)
        cells = [(cell, n) for cell, n in zip(genome.cells, genome.layers) if cell not in taken]
        moved = replace(genome, holes=taken, locks=genome.locks - taken,
                        cells=tuple(c for c, _ in cells), layers=tuple(n for _, n in cells))
        return _reload(shape, moved, genome.load, rng)
    if genome.cells:
        i = rng.randrange(len(genome.cells))
        dropped = replace(genome, cells=genome.cells[:i] + genome.cells[i + 1:],
                          layers=genome.layers[:i] + genome.layers[i + 1:])
        return _reload(shape, dropped, genome.load, rng)
    return replace(genome, collect_kind=1 + rng.randrange(shape.kinds))


def build(shape: Shape, genome: Genome, level_id: str, moves: int) -> Level | None:
    """The level of a genome with `moves` (None when the core refuses it)."""
    goal = main_goal(genome)
    unit = LESSON_OF.get(goal) if goal is not None else None
    faller = FALLER_LESSONS.get(goal) if goal is not None else None
    grid = [[RANDOM_TOKEN] * shape.width for _ in range(shape.height)]
    counts = [[0] * shape.width for _ in range(shape.height)]   # the unit's map, when a map places it
    for r, c in genome.holes:
        grid[r][c] = HOLE_TOKEN
    for r, c in genome.locks:
        grid[r][c] = RANDOM_TOKEN + LOCK_TOKEN
    for (r, c), n in zip(genome.cells, genome.layers):
        if unit is not None and unit.map_key is not None:
            counts[r][c] = n
        elif unit is not None:   # its token with n layers (over a random tile where it goes over one)
            grid[r][c] = next(tok for tok in unit.samples if unit.layers_of(tok) == n)
        elif faller is not None:
            grid[r][c] = faller.token
    goals: dict[str, Any] = {}
    if unit is not None and unit.goal is not None:
        goals[str(unit.goal)] = True
    elif faller is not None:
        goals[str(faller.goal)] = genome.load
    else:
        goals["collect"] = {min(genome.collect_kind, shape.kinds): genome.load}
    data: dict[str, Any] = {
        "format": 1, "id": level_id, "name": level_id.replace("-", " ").capitalize(),
        "mode": shape.mode.value, "width": shape.width, "height": shape.height, "kinds": shape.kinds,
        "moves": moves, "layout": [" ".join(row) for row in grid], "goals": goals,
    }
    if unit is not None and unit.map_key is not None and any(any(row) for row in counts):
        data[unit.map_key] = [" ".join(str(n) for n in row) for row in counts]
    if shape.teaches is not None:
        data["teaches"] = shape.teaches.value
    if shape.mode == Mode.MATCH3:
        data["specials"] = [s.value for s in shape.specials]
    try:
        return Level.from_dict(data)
    except LevelError:
        return None


def layout_distance(a: Level, b: Level) -> float:
    """How far apart two boards are, 0 (the same cells) to 1: the share of cells whose layout
    token or count in a unit's map differs; boards of another mode or size are 1 apart."""
    if a.mode != b.mode or a.width != b.width or a.height != b.height:
        return 1.0
    maps_a = [dict(a.layer_of(unit)) for unit in MAP_UNITS]
    maps_b = [dict(b.layer_of(unit)) for unit in MAP_UNITS]
    differ = sum(1 for r in range(a.height) for c in range(a.width)
                 if a.token((r, c)) != b.token((r, c))
                 or any(ma.get((r, c), 0) != mb.get((r, c), 0) for ma, mb in zip(maps_a, maps_b)))
    return differ / (a.width * a.height)
