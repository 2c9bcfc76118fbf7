"""Independent reference rules, hypothesis strategies and side-by-side play for the core's proof tests.

The reference functions are written here from the articles, not imported from game.core,
so a test that compares the two can catch a bug in either.
"""

from __future__ import annotations

import os
from typing import Any, Callable, Iterable, Sequence

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from game.core import (
    EMPTY, HOLE, PLAYER, RAINBOW, Chain, Command, Event, Level, LevelError, Slide, State, Status, Swap, legal_commands,
)
from game.core.rules import match3

Cell = tuple[int, int]
Grid = tuple[tuple[int, ...], ...]

# -- hypothesis profiles ---------------------------------------------------------------------
# Applied per test (never loaded globally, so other folders' tests keep their own settings).
# GRIDFALL_CORE_PROFILE=thorough runs many more examples for a deeper, slower search.
settings.register_profile(
    "core", max_examples=40, deadline=None, derandomize=bool(os.environ.get("CI")),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                           HealthCheck.data_too_large],
)
settings.register_profile(
    "core-thorough", parent=settings.get_profile("core"), max_examples=600,
)
PROFILE = settings.get_profile(
    "core-thorough" if os.environ.get("GRIDFALL_CORE_PROFILE") == "thorough" else "core"
)


def examples(n: int) -> settings:
    """This test's settings: the profile, with `n` examples (scaled up when thorough)."""
    scale = 15 if os.environ.get("GRIDFALL_CORE_PROFILE") == "thorough" else 1
    return settings(PROFILE, max_examples=n * scale)


# -- level building ----------------------------------------------------------------------------

def level(mode: str, width: int, height: int, **extra: Any) -> Level:
    data: dict[str, Any] = {"format": 1, "id": "t", "name": "T", "mode": mode,
                            "width": width, "height": height}
    data.update(extra)
    return Level.from_dict(data)


def rows_to_layout(rows: Sequence[Sequence[str]]) -> list[str]:
    return [" ".join(r) for r in rows]


@st.composite
def level_dicts(draw: st.DrawFn, modes: Sequence[str] = ("match3", "chain", "slide"),
                max_size: int = 20) -> dict[str, Any]:
    """A level mapping of any mode, size 3..max_size, with holes, fixed tiles, goals, rules."""
    mode = draw(st.sampled_from(list(modes)))
    top = min(max_size, 12) if mode == "slide" else max_size
    width = draw(st.integers(3, top))
    height = draw(st.integers(3, top))
    data: dict[str, Any] = {"format": 1, "id": draw(st.from_regex(r"[a-z][a-z0-9-]{0,10}", fullmatch=True)),
                            "name": "Random level", "mode": mode, "width": width, "height": height}
    if draw(st.booleans()):
        data["seed"] = draw(st.integers(0, 2**40))
    if draw(st.booleans()):
        data["moves"] = draw(st.integers(1, 30))
    if mode == "slide":
        if draw(st.integers(0, 2)) == 0:
            tiles = draw(st.permutations(list(range(1, width * height)) + [0]))
            grid = tuple(tuple(tiles[r * width:(r + 1) * width]) for r in range(height))
            if not ref_slide_solvable(grid):
                # swapping two tiles flips the parity: any board is one swap from solvable
                a, b = [i for i, v in enumerate(tiles) if v][:2]
                tiles[a], tiles[b] = tiles[b], tiles[a]
            data["layout"] = [" ".join(str(v) if v else "_" for v in tiles[r * width:(r + 1) * width])
                              for r in range(height)]
        return data
    kinds = draw(st.integers(3, 9))
    data["kinds"] = kinds
    rules: dict[str, Any] = {}
    if mode == "match3" and draw(st.booleans()):
        rules["min_match"] = draw(st.sampled_from([3, 3, 4, 5]))
    if mode == "match3" and draw(st.integers(0, 3)) == 0:
        rules["specials"] = False
    specials_on = mode == "match3" and rules.get("specials", True)
    if mode == "chain":
        if draw(st.booleans()):
            rules["min_chain"] = draw(st.integers(2, 4))
        if draw(st.booleans()):
            rules["diagonal"] = draw(st.booleans())
    if rules:
        data["rules"] = rules
    if specials_on and draw(st.integers(0, 3)) == 0:
        # The sorts a run may form (`specials:`): any subset, none included.
        data["specials"] = draw(st.lists(st.sampled_from(["line", "bomb", "rainbow"]), unique=True))
    player: Cell | None = None
    if draw(st.booleans()) or mode == "chain":
        cells = [[ "." for _ in range(width)] for _ in range(height)]
        hole_rate = draw(st.sampled_from([0.0, 0.05, 0.15, 0.3]))
        fixed_rate = draw(st.sampled_from([0.0, 0.0, 0.1]))
        special_rate = draw(st.sampled_from([0.0, 0.05, 0.15])) if specials_on else 0.0
        for r in range(height):
            for c in range(width):
                x = draw(st.floats(0, 1))
                if x < hole_rate:
                    cells[r][c] = "#"
                elif x < hole_rate + fixed_rate:
                    cells[r][c] = str(draw(st.integers(1, kinds)))
                elif x < hole_rate + fixed_rate + special_rate:
                    cells[r][c] = draw(st.sampled_from(
                        ["*"] + [f"{k}{s}" for k in range(1, kinds + 1) for s in "hvb"]))
        if mode == "chain" and draw(st.booleans()):
            player = (draw(st.integers(0, height - 1)), draw(st.integers(0, width - 1)))
            cells[player[0]][player[1]] = "P"
        data["layout"] = rows_to_layout(cells)
    goals: dict[str, Any] = {}
    if draw(st.booleans()):
        goals["score"] = draw(st.integers(1, 3000))
    if draw(st.booleans()):
        goals["collect"] = {draw(st.integers(1, kinds)): draw(st.integers(1, 40))}
    if mode == "chain" and player is not None and draw(st.booleans()):
        reach = (draw(st.integers(0, height - 1)), draw(st.integers(0, width - 1)))
        layout = data["layout"]
        if layout[reach[0]].split()[reach[1]] == ".":
            goals["reach"] = [reach[0], reach[1]]
    if goals:
        data["goals"] = goals
    return data


def build_or_skip(data: dict[str, Any]) -> Level | None:
    """Level.from_dict, or None when the random layout was refused (which must say why)."""
    try:
        return Level.from_dict(data)
    except LevelError as exc:
        assert exc.problems, "a LevelError lists its problems"
        assert all(p.path for p in exc.problems), exc.problems
        return None


# -- reference rules -------------------------------------------------------------------------

def ref_runs(grid: Grid | list[list[int]], min_match: int) -> set[Cell]:
    """Cells in a straight run of min_match or more alike tiles (the tile-crush article's
    'longest run each tile belongs to' annotation, thresholded)."""
    h, w = len(grid), len(grid[0])
    out: set[Cell] = set()
    for r in range(h):
        for c in range(w):
            k = grid[r][c]
            if k <= 0 or k == RAINBOW:   # a rainbow has no kind: it is never in a run
                continue
            for dr, dc in ((0, 1), (1, 0)):
                # only start counting at the first cell of a run
                pr, pc = r - dr, c - dc
                if 0 <= pr < h and 0 <= pc < w and grid[pr][pc] == k:
                    continue
                n = 0
                while 0 <= r + n * dr < h and 0 <= c + n * dc < w and grid[r + n * dr][c + n * dc] == k:
                    n += 1
                if n >= min_match:
                    out.update((r + i * dr, c + i * dc) for i in range(n))
    return out


def ref_swapped(grid: Grid, a: Cell, b: Cell) -> Grid:
    rows = [list(r) for r in grid]
    rows[a[0]][a[1]], rows[b[0]][b[1]] = rows[b[0]][b[1]], rows[a[0]][a[1]]
    return tuple(tuple(r) for r in rows)


def ref_in_run(grid: Grid, cell: Cell, min_match: int) -> bool:
    """Whether `cell` is part of a row or column run of min_match alike tiles."""
    h, w = len(grid), len(grid[0])
    r, c = cell
    k = grid[r][c]
    if k <= 0 or k == RAINBOW:
        return False
    for dr, dc in ((0, 1), (1, 0)):
        n = 1
        for sign in (1, -1):
            i = 1
            while (0 <= r + sign * i * dr < h and 0 <= c + sign * i * dc < w
                   and grid[r + sign * i * dr][c + sign * i * dc] == k):
                n += 1
                i += 1
        if n >= min_match:
            return True
    return False


def ref_legal_swaps(grid: Grid, min_match: int) -> set[frozenset[Cell]]:
    """Brute force: every pair of orthogonal tile neighbours whose swap leaves a run
    through one of the two cells (the luxe tutorial's swap-and-look)."""
    h, w = len(grid), len(grid[0])
    out: set[frozenset[Cell]] = set()
    for r in range(h):
        for c in range(w):
            for b in ((r, c + 1), (r + 1, c)):
                if b[0] >= h or b[1] >= w:
                    continue
                if grid[r][c] <= 0 or grid[b[0]][b[1]] <= 0:
                    continue
                after = ref_swapped(grid, (r, c), b)
                if ref_in_run(after, (r, c), min_match) or ref_in_run(after, b, min_match):
                    out.add(frozenset({(r, c), b}))
    return out


def ref_gravity(grid: Grid) -> Grid:
    """Each column's tiles drop to the bottom of its chute (cells not HOLE/PLAYER), in order."""
    h, w = len(grid), len(grid[0])
    rows = [list(r) for r in grid]
    for c in range(w):
        chute = [r for r in range(h) if grid[r][c] not in (HOLE, PLAYER)]
        tiles = [grid[r][c] for r in chute if grid[r][c] != EMPTY]
        filled = [EMPTY] * (len(chute) - len(tiles)) + tiles
        for r, v in zip(chute, filled):
            rows[r][c] = v
    return tuple(tuple(r) for r in rows)


def ref_explode(grid: Grid, min_match: int) -> Grid:
    runs = ref_runs(grid, min_match)
    return tuple(tuple(EMPTY if (r, c) in runs else v for c, v in enumerate(row))
                 for r, row in enumerate(grid))


def ref_stabilise(grid: Grid, min_match: int = 3) -> Grid:
    """The tile-crush article's update: (explode after gravity) until nothing changes."""
    while True:
        nxt = ref_explode(ref_gravity(grid), min_match)
        if nxt == grid:
            return grid
        grid = nxt


def ref_chain_ok(grid: Grid, player: Cell | None, path: Sequence[Cell], min_chain: int,
                 diagonal: bool) -> bool:
    """The draw-and-match rules for a path, from the article (Draw3P.continuesChain)."""
    h, w = len(grid), len(grid[0])
    if len(path) < min_chain or len(set(path)) != len(path):
        return False
    if any(not (0 <= r < h and 0 <= c < w) for r, c in path):
        return False
    for (ar, ac), (br, bc) in zip(path, path[1:]):
        dr, dc = abs(ar - br), abs(ac - bc)
        if not ((dr + dc == 1) or (diagonal and dr == 1 and dc == 1)):
            return False
    tiles = list(path)
    if player is not None:
        if path[0] != player:
            return False
        tiles = tiles[1:]
    kinds = {grid[r][c] for r, c in tiles}
    return len(kinds) == 1 and min(kinds) > 0


def ref_slide_solvable(grid: Grid) -> bool:
    """Solvable iff the permutation parity (tiles and gap, as cycles) equals the parity of the
    gap's taxicab distance from its solved corner: each slide is one transposition that moves
    the gap one step."""
    h, w = len(grid), len(grid[0])
    n = h * w
    flat = [v if v != EMPTY else n for row in grid for v in row]   # gap is tile n
    seen = [False] * n
    transpositions = 0
    for i in range(n):
        if seen[i]:
            continue
        j, length = i, 0
        while not seen[j]:
            seen[j] = True
            j = flat[j] - 1
            length += 1
        transpositions += length - 1
    g = flat.index(n)
    distance = (h - 1 - g // w) + (w - 1 - g % w)
    return transpositions % 2 == distance % 2


def solved(height: int, width: int) -> Grid:
    n = height * width
    return tuple(tuple((r * width + c + 1) % n for c in range(width)) for r in range(height))


def holes_of(grid: Grid) -> set[Cell]:
    return {(r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v == HOLE}


def cells_with(grid: Grid, value: int) -> list[Cell]:
    return [(r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v == value]


def canonical(events: Iterable[Event]) -> str:
    """A canonical text of events (frozen dataclasses: their repr is their full content)."""
    return "\n".join(repr(e) for e in events)


# -- random commands, legal or not -------------------------------------------------------------

@st.composite
def random_commands(draw: st.DrawFn, state: State) -> Command:
    """Any command of this level's kind, mostly plausible but often illegal or rejected."""
    h, w = state.height, state.width
    cell = st.tuples(st.integers(-1, h), st.integers(-1, w))
    mode = state.level.mode
    if mode == "match3":
        a = draw(cell)
        if draw(st.booleans()):
            dr, dc = draw(st.sampled_from([(0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (0, 2), (0, 0)]))
            return Swap(a, (a[0] + dr, a[1] + dc))
        return Swap(a, draw(cell))
    if mode == "slide":
        return Slide(draw(cell))
    start = state.player if state.player is not None and draw(st.booleans()) else draw(cell)
    path = [start]
    for _ in range(draw(st.integers(0, 5))):
        dr, dc = draw(st.sampled_from([(0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (-1, -1),
                                       (1, -1), (-1, 1), (0, 0), (2, 0)]))
        path.append((path[-1][0] + dr, path[-1][1] + dc))
    return Chain(tuple(path))


def ref_chain_exists(grid: Grid, player: Cell | None, min_chain: int, diagonal: bool) -> bool:
    """Brute force over every simple path: does any legal chain exist? (small boards only)"""
    h, w = len(grid), len(grid[0])
    steps = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
             if (dr, dc) != (0, 0) and (diagonal or dr == 0 or dc == 0)]
    need = min_chain - 1 if player is not None else min_chain

    def grow(path: list[Cell], kind: int) -> bool:
        if len(path) >= need:
            return True
        r, c = path[-1]
        for dr, dc in steps:
            n = (r + dr, c + dc)
            if 0 <= n[0] < h and 0 <= n[1] < w and n not in path and grid[n[0]][n[1]] == kind:
                if grow(path + [n], kind):
                    return True
        return False

    if player is not None:
        firsts = [(player[0] + dr, player[1] + dc) for dr, dc in steps]
    else:
        firsts = [(r, c) for r in range(h) for c in range(w)]
    return any(0 <= r < h and 0 <= c < w and grid[r][c] > 0 and grow([(r, c)], grid[r][c])
               for r, c in firsts)


def ref_special_swaps(state: State) -> set[frozenset[Cell]]:
    """Every pair of orthogonal tile neighbours whose swap needs no run: a rainbow with any
    tile, or two specials (issue 9)."""
    grid = state.grid
    on = dict(state.specials)
    h, w = len(grid), len(grid[0])
    out: set[frozenset[Cell]] = set()
    for r in range(h):
        for c in range(w):
            for b in ((r, c + 1), (r + 1, c)):
                if b[0] >= h or b[1] >= w or grid[r][c] <= 0 or grid[b[0]][b[1]] <= 0:
                    continue
                pair = (on.get((r, c)), on.get(b))
                if "*" in pair or None not in pair:
                    out.add(frozenset({(r, c), b}))
    return out


def play_side_by_side(fast: State, slow: State, picks: Sequence[int],
                      same_board: Callable[[State, State], None]) -> None:
    """Play `picks` on a packed path (match3.play from `fast`) and on the general one
    (match3.play_general from `slow`) side by side: the same legal commands, the same events
    and states, the same refusal; `same_board` compares the boards the two moves kept. A pick
    is mostly one of the legal swaps, now and then a refused or a made-up one."""
    for pick in picks:
        if fast.status != Status.PLAYING:
            break
        legal = legal_commands(fast)
        assert legal == legal_commands(slow)
        h, w = fast.level.height, fast.level.width
        r, c = divmod(pick // 4 % (h * w), w)
        other = Swap((r, c), (r, c + 1) if pick % 2 else (r + 1, c))
        swap = legal[pick % len(legal)] if legal and pick % 3 else other
        try:
            events, after = match3.play(fast, swap)
        except ValueError as error:
            try:
                match3.play_general(slow, swap)
            except ValueError as same:
                assert str(same) == str(error)
                continue
            raise
        slow_events, slow_after = match3.play_general(slow, swap)
        assert events == slow_events
        assert after == slow_after
        same_board(after, slow_after)
        fast, slow = after, slow_after
