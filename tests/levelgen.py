"""Generated levels for the tests and benchmarks: varied, valid, deterministic from a seed."""

from __future__ import annotations

import random

from game.core import Goals, Level, LevelError, Rules, new_game, slide_solvable

_NAMES = ("Meadow", "Quarry", "Lagoon", "Orchard", "Ember", "Frost", "Dune", "Grove")


def generated_level(n: int, seed: int = 0) -> Level:
    """Level number `n`: match3, chain and slide in turn, with holes, fixed tiles and goals."""
    rng = random.Random(seed * 1_000_003 + n)
    mode = ("match3", "chain", "slide")[n % 3]
    name = f"{_NAMES[n % len(_NAMES)]} {n + 1}"
    level_id = f"gen-{n + 1:04d}"
    if mode == "slide":
        size = rng.randint(3, 6)
        layout = None
        if rng.random() < 0.5:
            tiles = [str(t) for t in range(1, size * size)] + ["_"]
            while True:
                rng.shuffle(tiles)
                grid = tuple(tuple(0 if t == "_" else int(t) for t in tiles[r * size:(r + 1) * size])
                             for r in range(size))
                if slide_solvable(grid) and tiles[-1] != "_":
                    break
            layout = tuple(tuple(tiles[r * size:(r + 1) * size]) for r in range(size))
        return Level(id=level_id, name=name, mode=mode, width=size, height=size,
                     description=f"Slide the tiles home ({size}x{size}).", seed=rng.randrange(10**6),
                     moves=rng.choice((None, 200, 400)), layout=layout)
    width, height = rng.randint(5, 10), rng.randint(5, 10)
    kinds = rng.randint(4, 6)
    rows = [["." for _ in range(width)] for _ in range(height)]
    for _ in range(rng.randint(0, width)):
        rows[rng.randrange(height)][rng.randrange(width)] = "#"
    player = None
    if mode == "chain":
        player = (rng.randrange(height), rng.randrange(width))
        rows[player[0]][player[1]] = "P"
    for _ in range(rng.randint(0, 3)):
        r, c = rng.randrange(height), rng.randrange(width)
        if rows[r][c] == ".":
            rows[r][c] = str(rng.randint(1, kinds))
    layout = tuple(tuple(row) for row in rows)
    collect = tuple(sorted({rng.randint(1, kinds): rng.randint(5, 30) for _ in range(rng.randint(0, 2))}.items()))
    reach = None
    if mode == "chain" and rng.random() < 0.5:
        open_cells = [(r, c) for r in range(height) for c in range(width) if rows[r][c] == "."]
        reach = rng.choice(open_cells)
    goals = Goals(score=rng.choice((None, 500, 1500, 3000)), collect=collect, reach=reach)
    rules = Rules(min_match=3, min_chain=rng.choice((3, 3, 4)), diagonal=rng.random() < 0.7)
    stars = (1000, 2000, 3000) if rng.random() < 0.6 else None
    level = Level(id=level_id, name=name, mode=mode, width=width, height=height, kinds=kinds,
                  description=f"A generated {mode} level, number {n + 1}.", seed=rng.randrange(10**6),
                  moves=rng.choice((None, 20, 30)), layout=layout, goals=goals, stars=stars,
                  rules=rules)
    try:
        new_game(level, level.seed or 0)
    except LevelError:
        # A random layout the deal cannot start: drop the fixed tiles and holes.
        return generated_level(n, seed + 7919)
    return level
