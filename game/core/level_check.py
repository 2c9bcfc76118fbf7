"""The level validator: every problem with a level-file mapping, located by field and cell."""

from __future__ import annotations

import difflib
from collections import Counter
from typing import Any, Mapping

from .boards import run_cells, slide_solvable, solved_slide
from .checking import Collector, Fault, Problem, describe, int_field, is_whole, shorten, str_field, unknown_keys
from .goal_fields import GOAL_FIELDS, Where
from .grid import EMPTY, neighbours
from .made import parse_made
from .level_format import (
    DEFAULT_KINDS, FIELD, FORMAT, GAP_TOKEN, GOAL_KEYS, HOLE_TOKEN, KEY_ORDER, KIND_SPECIALS,
    MAX_SIZE, MAX_SLIDE_SIZE, MIN_SIZE,
    MODES, PLAYER_TOKEN, BLOCKER_LESSONS, lesson_modes, RANDOM_TOKEN, RULE_KEYS, Goals, Rules,
    chute_bottoms, held, is_digits, token_special, token_value, valid_id,
)
from .units import FALLER_LESSONS, FALLERS, GOAL_UNITS, LESSON_OF, MAP_UNITS, SPECIALS, TOKEN_UNITS, Blocker
from .vocab import GoalName, Lesson, Mode, SpecialSort

# The special units' layout words: the letters after a kind, and their tokens in the list of cells.
_LETTERS = ", ".join(KIND_SPECIALS[:-1]) + f" or {KIND_SPECIALS[-1]}"
_SPECIAL_CELLS = "".join(f", {unit.token_help}" for unit in SPECIALS)


def _bounded(out: Collector, data: Mapping[str, Any], name: str) -> int | None:
    """The whole-number field `name` of the core's table (in `data`, the file or its group), within its bounds."""
    f = FIELD[name]
    assert f.bounds is not None
    return int_field(out, data, f.key, f.bounds[0], f.bounds[1], f.path[:-1])


def check_level(data: Mapping[str, Any]) -> tuple[dict[str, Any] | None, list[Problem]]:
    """Check a level mapping; return the fields of its Level (None when it cannot be built) and
    every problem. The value type (level.py) builds the Level from them."""
    out = Collector()
    if not isinstance(data, Mapping):
        out.add((), f"a level is a mapping of keys to values, found {describe(data)}",
                fault=Fault.TYPE)
        return None, out.problems
    out.problems += unknown_keys(data, KEY_ORDER)

    fmt = data.get("format")
    if "format" not in data:
        out.add(("format",), f"is required (write 'format: {FORMAT}')", fault=Fault.TYPE)
    elif not is_whole(fmt) or fmt != FORMAT:
        out.add(("format",), f"this game reads format {FORMAT}, found {describe(fmt)}",
                fault=Fault.VALUE if is_whole(fmt) else Fault.TYPE)

    level_id = str_field(out, data, "id", required=True)
    if level_id is not None and not valid_id(level_id):
        out.add(("id",), "use 1-64 letters, digits, '-' or '_', starting with a letter or digit"
                f", found {describe(level_id)}")
        level_id = None
    name = str_field(out, data, "name", required=True)
    if name is not None and not name.strip():
        out.add(("name",), "must not be blank")
    description = str_field(out, data, "description", required=False) or ""

    raw_mode = data.get("mode")
    mode: Mode | None = None
    if "mode" not in data:
        out.add(("mode",), f"is required (one of {', '.join(MODES)})")
    elif raw_mode not in MODES:
        near = difflib.get_close_matches(str(raw_mode), MODES, n=1, cutoff=0.5)
        hint = f"; did you mean '{near[0]}'?" if near else ""
        out.add(("mode",), f"expected one of {', '.join(MODES)}, found {describe(raw_mode)}{hint}",
                fault=Fault.NOT_TEXT)
    else:
        mode = Mode(raw_mode)

    hi = MAX_SLIDE_SIZE if mode == Mode.SLIDE else MAX_SIZE
    width = int_field(out, data, "width", MIN_SIZE, hi, required=True)
    height = int_field(out, data, "height", MIN_SIZE, hi, required=True)
    kinds = _bounded(out, data, "kinds")
    if kinds is None:
        kinds = DEFAULT_KINDS if not ("kinds" in data and data["kinds"] is not None) else None
    if mode == Mode.SLIDE and "kinds" in data:
        out.add(("kinds",), "slide levels use numbered tiles, not kinds; remove 'kinds'")
    seed = _bounded(out, data, "seed")
    deal_id = str_field(out, data, "deal_id", required=False)
    if deal_id is not None and not valid_id(deal_id):
        out.add(("deal_id",), "the id this level's deal is seeded by (kept by a rename): use 1-64 "
                f"letters, digits, '-' or '_', starting with a letter or digit, found {describe(deal_id)}")
        deal_id = None
    moves = _bounded(out, data, "moves")

    rules = _parse_rules(out, data.get("rules"), mode)
    layout = _parse_layout(out, data.get("layout"), mode, width, height, kinds)
    maps = _parse_maps(out, data, mode, width, height, layout)
    goals = _parse_goals(out, data.get("goals"), mode, width, height, kinds, layout)
    stars = _parse_stars(out, data.get("stars"))
    teaches = _parse_teaches(out, data.get("teaches"), mode, rules, layout, maps, goals)
    special_sorts = _parse_special_sorts(out, data, mode, rules, teaches)
    made = parse_made(out, data.get("made"))

    if layout is not None and mode is not None and width is not None and height is not None:
        _check_layout_semantics(out, layout, mode, rules, width, height)
    if rules is not None and width is not None and height is not None:
        _check_rules_fit(out, rules, mode, width, height)
    if goals is not None and mode is not None and mode != Mode.SLIDE and width is not None and height is not None:
        _check_blockers(out, layout, maps, goals, mode, moves, width, height)

    if out.problems or None in (level_id, name, mode, width, height, kinds) or rules is None:
        return None, out.problems
    assert level_id is not None and name is not None and mode is not None
    assert width is not None and height is not None and kinds is not None
    fields: dict[str, Any] = dict(
        id=level_id, name=name, mode=mode, width=width, height=height,
        kinds=kinds, description=description, seed=seed, moves=moves, layout=layout,
        goals=goals or Goals(), stars=stars, rules=rules, teaches=teaches,
        special_sorts=special_sorts, deal_id=deal_id, made=made,
        maps=tuple((key, rows) for key, rows in maps.items() if rows is not None),
    )
    return fields, out.problems


def _parse_rules(out: Collector, raw: Any, mode: Mode | None) -> Rules | None:
    if raw is None:
        return Rules()
    if not isinstance(raw, Mapping):
        out.add(("rules",), f"expected a mapping like {{min_match: 3}}, found {describe(raw)}",
                fault=Fault.TYPE)
        return None
    out.problems += unknown_keys(raw, RULE_KEYS, ("rules",))
    min_match = _bounded(out, raw, "min_match")
    min_chain = _bounded(out, raw, "min_chain")
    diagonal = raw.get("diagonal", True)
    if not isinstance(diagonal, bool):
        out.add(("rules", "diagonal"), f"expected true or false, found {describe(diagonal)}",
                fault=Fault.TYPE)
        diagonal = True
    specials = raw.get("specials", True)
    if not isinstance(specials, bool):
        out.add(("rules", "specials"), f"expected true or false, found {describe(specials)}",
                fault=Fault.TYPE)
        specials = True
    elif "specials" in raw and mode not in (Mode.MATCH3, None):
        out.add(("rules", "specials"), "only match3 levels have special tiles; remove 'specials'")
    if ("min_match" in raw and min_match is None) or ("min_chain" in raw and min_chain is None):
        return None
    return Rules(
        min_match=3 if min_match is None else min_match,
        min_chain=3 if min_chain is None else min_chain,
        diagonal=diagonal, specials=specials,
    )


def _check_rules_fit(out: Collector, rules: Rules, mode: Mode | None, width: int, height: int) -> None:
    # Caught here, not at deal time, so the designer hears which rule is impossible.
    if mode == Mode.MATCH3 and rules.min_match > max(width, height):
        out.add(("rules", "min_match"), f"a run of {rules.min_match} cannot fit on a "
                f"{width}x{height} board; lower min_match or enlarge the board")
    if mode == Mode.CHAIN and rules.min_chain > width * height:
        out.add(("rules", "min_chain"), f"a chain of {rules.min_chain} cannot fit on a "
                f"{width}x{height} board; lower min_chain or enlarge the board")


def _parse_layout(
    out: Collector, raw: Any, mode: Mode | None, width: int | None, height: int | None,
    kinds: int | None,
) -> tuple[tuple[str, ...], ...] | None:
    if raw is None:
        return None
    if not isinstance(raw, list) or not all(isinstance(row, str) for row in raw):
        out.add(("layout",), "expected a list of rows, each a text like \"1 2 . #\"",
                fault=Fault.TYPE)
        return None
    rows = tuple(tuple(row.split()) for row in raw)
    ok = True
    if height is not None and len(rows) != height:
        out.add(("layout",), f"has {len(rows)} rows but the level's height is {height}")
        ok = False
    for r, row in enumerate(rows):
        if width is not None and len(row) != width:
            out.add(("layout", r), f"row {r} has {len(row)} cells but the level's width is {width}")
            ok = False
        for c, tok in enumerate(row):
            message = _token_problem(tok, mode, kinds, width, height)
            if message:
                out.add(("layout", r), f"cell {r},{c}: {message}", (r, c))
                ok = False
    return rows if ok else None


def _token_problem(
    tok: str, mode: Mode | None, kinds: int | None, width: int | None, height: int | None,
) -> str | None:
    if mode == Mode.SLIDE:
        if tok == GAP_TOKEN:
            return None
        if is_digits(tok) and width is not None and height is not None:
            # A board has at most 12x12 cells: a longer number is no tile, and int() of
            # thousands of digits is slow (and refused past 4300), so it is never converted.
            if len(tok) <= 4 and 1 <= int(tok) < width * height:
                return None
            return (f"tile {shorten(tok, 12)} does not exist (this board has tiles "
                    f"1..{width * height - 1})")
        return f"'{shorten(tok)}' is not a slide cell (write a tile number or '_' for the gap)"
    if tok in (RANDOM_TOKEN, HOLE_TOKEN):
        return None
    if tok == PLAYER_TOKEN:
        return None if mode == Mode.CHAIN or mode is None else "only chain levels have a player 'P'"
    if tok == GAP_TOKEN:
        return "'_' is the slide gap; match3 and chain boards use '.' for a random tile"
    if len(tok) == 1 and is_digits(tok) and tok != "0":
        if kinds is not None and int(tok) > kinds:
            return f"kind {tok} does not exist (this level has {kinds} kinds)"
        return None
    special = token_special(tok)
    if special is not None or (len(tok) == 2 and tok[1] in KIND_SPECIALS):
        if mode not in (Mode.MATCH3, None):
            return f"'{shorten(tok)}' is a special tile: only match3 levels have specials"
        if special is None:
            if tok[0] == HOLE_TOKEN:
                return f"'{shorten(tok)}': a hole holds no tile, so it cannot hold a special"
            if tok[0] == RANDOM_TOKEN:
                return f"'{shorten(tok)}': a special needs a fixed kind, like '3{tok[1]}'"
            return f"'{shorten(tok)}' is not a cell (a special is a kind 1-9 then {_LETTERS}, like '3{KIND_SPECIALS[0]}')"
        if special in KIND_SPECIALS and (tok[0] == "0" or (kinds is not None and int(tok[0]) > kinds)):
            return f"kind {tok[0]} does not exist (this level has {kinds} kinds)"
        return None
    for unit in TOKEN_UNITS:
        problem = unit.token_problem(tok, kinds)
        if problem is not None:
            return problem or None
    for faller in FALLERS:
        if tok == faller.token:
            return None if mode is None or mode in faller.modes else faller.wrong_mode
    fallers = "".join(f", {faller.token_help}" for faller in FALLERS if mode is None or mode in faller.modes)
    return (f"'{shorten(tok)}' is not a cell (use 1-9 for a kind, '.' random, '#' hole, 'P' player"
            f"{_SPECIAL_CELLS if mode != Mode.CHAIN else ''}"
            f", {', '.join(unit.token_help for unit in TOKEN_UNITS)}{fallers})")


def _check_layout_semantics(
    out: Collector, layout: tuple[tuple[str, ...], ...], mode: Mode, rules: Rules | None,
    width: int, height: int,
) -> None:
    flat = [tok for row in layout for tok in row]
    if mode == Mode.SLIDE:
        if flat.count(GAP_TOKEN) != 1:
            out.add(("layout",), f"a slide board has exactly one gap '_', found {flat.count(GAP_TOKEN)}")
            return
        numbers = sorted(int(t) for t in flat if t != GAP_TOKEN)
        if numbers != list(range(1, width * height)):
            counts = Counter(numbers)
            dupes = sorted(n for n, k in counts.items() if k > 1)
            missing = sorted(set(range(1, width * height)) - set(numbers))
            detail = []
            if dupes:
                detail.append("repeated: " + ", ".join(map(str, dupes)))
            if missing:
                detail.append("missing: " + ", ".join(map(str, missing)))
            out.add(("layout",), f"a slide board holds each tile 1..{width * height - 1} once ({'; '.join(detail)})")
            return
        grid = tuple(tuple(token_value(t) for t in row) for row in layout)
        if not slide_solvable(grid):
            out.add(("layout",), "this slide board cannot be solved (two tiles are swapped "
                    "relative to any solvable board: swap any two tiles to fix it)")
        elif grid == solved_slide(height, width):
            # It would start solved yet 'playing', with no move able to win it.
            out.add(("layout",), "this slide board is already solved: shuffle it (slide some "
                    "tiles) or leave the layout out for a random deal")
        return
    players = [(r, c) for r, row in enumerate(layout) for c, t in enumerate(row) if t == PLAYER_TOKEN]
    if len(players) > 1:
        cells = ", ".join(f"{r},{c}" for r, c in players)
        out.add(("layout",), f"a level has at most one player start 'P', found {len(players)} at {cells}",
                players[1])
    tiles = sum(1 for t in flat if t not in (HOLE_TOKEN, PLAYER_TOKEN))
    if tiles == 0:
        out.add(("layout",), "the board has no tile cells: every cell is a hole or the player")
    elif len(players) == 1:
        diagonal = rules.diagonal if rules is not None else True
        pr, pc = players[0]
        around = [layout[r][c] for r, c in neighbours((pr, pc), height, width, diagonal)]
        if not any(tok != HOLE_TOKEN for tok in around):
            # no chain could ever start: say so here, not as a failed deal at play time
            out.add(("layout",), f"cannot deal a starting board: the player at {pr},{pc} has "
                    f"no tile cell next to it ({'8' if diagonal else '4'} neighbours), so no "
                    "chain can start", (pr, pc))
        elif not any(tok != HOLE_TOKEN and not held(tok) for tok in around):
            # a chain is what breaks what holds those cells, so walled in the player never moves
            walls = ", ".join(unit.many or unit.name for unit in TOKEN_UNITS if unit.holds)
            out.add(("layout",), f"cannot deal a starting board: the player at {pr},{pc} has "
                    f"only {walls} and holes next to it, and a chain never runs "
                    "over those, so no chain can start", (pr, pc))
    if mode == Mode.MATCH3 and rules is not None and not rules.specials:
        for r, row in enumerate(layout):
            for c, tok in enumerate(row):
                if token_special(tok) is not None:
                    out.add(("layout", r), f"cell {r},{c}: '{tok}' is a special tile, but this "
                            "level turns specials off (rules: specials: false)", (r, c))
    if mode == Mode.MATCH3 and rules is not None:
        grid = tuple(
            tuple(token_value(t) if is_digits(t[0]) else EMPTY for t in row) for row in layout
        )
        runs = sorted(run_cells(grid, rules.min_match))
        if runs:
            cells = ", ".join(f"{r},{c}" for r, c in runs[:6])
            more = "..." if len(runs) > 6 else ""
            out.add(("layout",), f"fixed tiles already make a run of {rules.min_match} "
                    f"at {cells}{more}: a new board must start with no free match", runs[0])


def _parse_goals(
    out: Collector, raw: Any, mode: Mode | None, width: int | None, height: int | None,
    kinds: int | None, layout: tuple[tuple[str, ...], ...] | None,
) -> Goals | None:
    if raw is None:
        return Goals()
    if not isinstance(raw, Mapping):
        out.add(("goals",), f"expected a mapping like {{score: 3000}}, found {describe(raw)}",
                fault=Fault.TYPE)
        return None
    out.problems += unknown_keys(raw, GOAL_KEYS, ("goals",))
    if mode == Mode.SLIDE and raw:
        out.add(("goals",), "a slide level is won by solving the board; it takes no goals "
                "(use 'moves' to limit it)")
        return None
    where = Where(mode, width, height, kinds, layout)
    values = {goal.name: goal.check(out, raw, where) for goal in GOAL_FIELDS}
    asked: list[GoalName] = []
    for unit in GOAL_UNITS:
        assert unit.goal is not None
        key = str(unit.goal)
        value = raw.get(key, False)
        if value is None:
            value = False
        if not isinstance(value, bool):
            out.add(("goals", key), f"expected true or false, found {describe(value)}", fault=Fault.TYPE)
            value = False
        if value:
            asked.append(unit.goal)
    fallers: list[tuple[GoalName, int]] = []
    for faller in FALLERS:
        key = str(faller.goal)
        wanted = _bounded(out, raw, key)
        if wanted is not None and mode is not None and mode not in faller.modes:
            out.add(("goals", key), faller.goal_wrong_mode)
        if wanted is not None:
            fallers.append((faller.goal, wanted))
    return Goals(**values, blockers=tuple(asked), fallers=tuple(fallers))


Map = tuple[tuple[int, ...], ...]
"""A unit's per-cell map of counts (its layers), one row a board row."""


def _parse_maps(out: Collector, data: Mapping[str, Any], mode: Mode | None, width: int | None,
                height: int | None, layout: tuple[tuple[str, ...], ...] | None) -> dict[str, Map | None]:
    """The per-cell maps of the units a level key places, by key (None: absent or wrong)."""
    return {unit.map_key: _parse_map(out, unit, unit.map_key, data.get(unit.map_key), mode, width, height, layout)
            for unit in MAP_UNITS if unit.map_key is not None}


def _parse_map(
    out: Collector, unit: Blocker, key: str, raw: Any, mode: Mode | None, width: int | None, height: int | None,
    layout: tuple[tuple[str, ...], ...] | None,
) -> Map | None:
    """A unit's map key (its name, as a key): one row of counts a board row, like `layout`; the counts are
    0 and the unit's samples. The unit lies under a tile, so not on a hole, the player or a
    cell another unit fills."""
    if raw is None:
        return None
    name, counts = unit.name, ("0",) + unit.samples
    if mode == Mode.SLIDE:
        out.add((key,), f"slide levels have no blockers; remove '{key}'")
        return None
    if not isinstance(raw, list) or not all(isinstance(row, str) for row in raw):
        out.add((key,), f"expected a list of rows, each a text of layers 0-{counts[-1]} like \"0 1 2 0\"",
                fault=Fault.TYPE)
        return None
    rows = [row.split() for row in raw]
    ok = True
    if height is not None and len(rows) != height:
        out.add((key,), f"has {len(rows)} rows but the level's height is {height}")
        ok = False
    found: list[tuple[int, ...]] = []
    for r, row in enumerate(rows):
        if width is not None and len(row) != width:
            out.add((key, r), f"row {r} has {len(row)} cells but the level's width is {width}", board=True)
            ok = False
        if len(row) > MAX_SIZE:
            continue   # far past any board: not worth a problem per cell
        layers: list[int] = []
        for c, tok in enumerate(row):
            if tok not in counts:
                out.add((key, r), f"cell {r},{c}: {name} is {', '.join(counts[:-1])} or {counts[-1]} layers, "
                        f"found '{shorten(tok)}'", (r, c), board=True)
                ok = False
                continue
            n = int(tok)
            layers.append(n)
            under = layout[r][c] if layout is not None and r < len(layout) and c < len(layout[r]) else RANDOM_TOKEN
            filler = next((u for u in TOKEN_UNITS if u.frees and u.layers_of(under)), None) if n else None
            if n and under == HOLE_TOKEN:
                out.add((key, r), f"cell {r},{c}: {name} on a hole: {name} lies under a tile, "
                        "and a hole has none", (r, c), board=True)
                ok = False
            elif n and under == PLAYER_TOKEN:
                out.add((key, r), f"cell {r},{c}: {name} under the player: only an eaten tile "
                        f"clears {name}, and the player's cell has none", (r, c), board=True)
                ok = False
            elif filler is not None:
                out.add((key, r), f"cell {r},{c}: {name} under a {filler.counted}: {name} lies under a "
                        f"tile; put it beside the {filler.counted}", (r, c), board=True)
                ok = False
        found.append(tuple(layers))
    return tuple(found) if ok else None




def _places(unit: Blocker, flat: list[str], maps: dict[str, Map | None]) -> bool:
    """Whether a level places `unit`: one of its layout tokens in `flat`, or a count in its map."""
    if unit.map_key is None:
        return any(unit.layers_of(t) for t in flat)
    return any(n for row in maps.get(unit.map_key) or () for n in row)


def _check_blockers(
    out: Collector, layout: tuple[tuple[str, ...], ...] | None,
    maps: dict[str, Map | None], goals: Goals, mode: Mode, moves: int | None,
    width: int, height: int,
) -> None:
    """The blocker goals against what the board places, and a faller's pieces that could never be brought down."""
    flat = [tok for row in layout for tok in row] if layout is not None else []
    for unit in GOAL_UNITS:
        if unit.goal is not None and goals.asks(unit.goal) and not _places(unit, flat, maps):
            out.add(("goals", str(unit.goal)), unit.none_placed)
    for faller in FALLERS:
        bottoms = chute_bottoms(layout) if layout is not None and faller.token in flat else {}
        for part, words, cell in faller.check(layout, bottoms, goals.wanted(faller.goal), mode, moves):
            out.add(part, words, cell)


def _parse_stars(out: Collector, raw: Any) -> tuple[int, int, int] | None:
    if raw is None:
        return None
    if (not isinstance(raw, list) or len(raw) != 3 or not all(is_whole(v) and v >= 0 for v in raw)):
        out.add(("stars",), f"expected three scores for one, two and three stars, like [1000, 2000, 3000], found {describe(raw)}",
                fault=Fault.TYPE)
        return None
    if not raw[0] <= raw[1] <= raw[2]:
        out.add(("stars",), f"the three star scores must not go down, found {raw}")
        return None
    return (int(raw[0]), int(raw[1]), int(raw[2]))


LESSONS = tuple(lesson.value for lesson in Lesson)


def _parse_teaches(out: Collector, raw: Any, mode: Mode | None, rules: Rules | None,
                   layout: tuple[tuple[str, ...], ...] | None, maps: dict[str, Map | None],
                   goals: Goals | None) -> Lesson | None:
    """`teaches:`: one lesson the level's mode, rules and board can teach (the lab checks that
    it does: game.bots.lessons)."""
    if raw is None:
        return None
    if raw not in LESSONS:
        near = difflib.get_close_matches(str(raw), LESSONS, n=1, cutoff=0.5)
        hint = f"; did you mean '{near[0]}'?" if near else ""
        out.add(("teaches",), f"expected one of {', '.join(LESSONS)}, found {describe(raw)}{hint}",
                fault=Fault.NOT_TEXT)
        return None
    lesson = Lesson(raw)
    if mode is not None and mode not in lesson_modes(lesson):
        out.add(("teaches",), f"a {mode} level has no {lesson}: only "
                f"{' and '.join(lesson_modes(lesson))} levels teach it")
        return None
    if lesson not in BLOCKER_LESSONS and rules is not None and not rules.specials:
        out.add(("teaches",), f"the rules turn specials off (rules: specials: false), so the level cannot teach {lesson}")
        return None
    flat = [tok for row in layout or () for tok in row]
    present = {lesson: _places(unit, flat, maps) for lesson, unit in LESSON_OF.items()}
    for taught, faller in FALLER_LESSONS.items():
        present[taught] = faller.token in flat or (goals is not None and goals.wanted(faller.goal) is not None)
    if lesson in present and not present[lesson]:
        out.add(("teaches",), f"the board has no {lesson} to teach: place some, or teach something else")
        return None
    return lesson


SORTS = tuple(sort.value for sort in SpecialSort)
# The sort a special lesson needs formed (its specials come from runs).
_LESSON_SORT = {unit.lesson: unit.sort for unit in SPECIALS}


def _parse_special_sorts(out: Collector, data: Mapping[str, Any], mode: Mode | None, rules: Rules | None,
                         lesson: Lesson | None) -> tuple[SpecialSort, ...] | None:
    """`specials:`: the sorts of special a run may form (a list of the special units' names; [] for
    none); absent, every sort forms."""
    if "specials" not in data:
        return None
    raw = data["specials"]
    if not isinstance(raw, list):
        out.add(("specials",), f"expected a list like [{', '.join(SORTS[:2])}] ([] for none), found {describe(raw)}",
                fault=Fault.TYPE)
        return None
    bad = False
    for i, word in enumerate(raw):
        if word not in SORTS:
            near = difflib.get_close_matches(str(word), SORTS, n=1, cutoff=0.5)
            hint = f"; did you mean '{near[0]}'?" if near else ""
            out.add(("specials", i), f"expected one of {', '.join(SORTS)}, found {describe(word)}{hint}",
                    fault=Fault.NOT_TEXT)
            bad = True
        elif raw.index(word) != i:
            out.add(("specials", i), f"'{word}' is named twice")
            bad = True
    if bad:
        return None
    if mode not in (Mode.MATCH3, None):
        out.add(("specials",), "only match3 levels form special tiles; remove 'specials'")
        return None
    if raw and rules is not None and not rules.specials:
        out.add(("specials",), "the rules turn specials off (rules: specials: false), so none of these forms")
    sorts = tuple(sort for sort in SpecialSort if sort.value in raw)
    need = _LESSON_SORT.get(lesson) if lesson is not None else None
    if need is not None and need not in sorts:
        out.add(("specials",), f"the level teaches {lesson} but forms no {need}: add '{need}'")
    return sorts
