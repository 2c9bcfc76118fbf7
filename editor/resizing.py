"""Changing a draft's size or mode: at an edge or about an anchor, and what a change would take away."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.core import BLOCKERS, FALLERS, GAP_TOKEN, GOAL_FIELDS, HOLE_TOKEN, MODES, PLAYER_TOKEN, RANDOM_TOKEN, Blocker, Mode

from .blocker_tools import bare, blocker_counts, goal_fields, map_units, placed_by, without_maps
from .draft import Draft, clamp_size

EDGES = ("top", "bottom", "left", "right")
# Where a board keeps its content when its size changes: the side that stays put, or the middle.
H_ANCHORS = ("left", "center", "right")
V_ANCHORS = ("top", "middle", "bottom")
BOARD_GOALS = tuple(goal for goal in GOAL_FIELDS if goal.on_board)
"""The goals whose value is a cell of the board (reach): a resize moves them and can lose them."""


def resize(draft: Draft, edge: str, delta: int) -> Draft:
    """Add (delta > 0) or remove rows/columns at one edge; content keeps its place on the board."""
    if edge not in EDGES:
        raise ValueError(f"edge must be one of {', '.join(EDGES)}")
    vertical = edge in ("top", "bottom")
    old = draft.height if vertical else draft.width
    new = clamp_size(draft.mode, old + delta)
    delta = new - old
    if delta == 0:
        return draft
    shift_r = delta if edge == "top" else 0
    shift_c = delta if edge == "left" else 0
    height = new if vertical else draft.height
    width = draft.width if vertical else new
    rows = tuple(
        tuple(
            draft.cells[r - shift_r][c - shift_c] if draft.inside((r - shift_r, c - shift_c))
            else RANDOM_TOKEN
            for c in range(width)
        )
        for r in range(height)
    )
    maps: dict[str, tuple[tuple[int, ...], ...]] = {}
    for unit in map_units():
        assert unit.map_key is not None
        layers = tuple(
            tuple(
                draft.layers_at(unit.map_key, (r - shift_r, c - shift_c)) if draft.inside((r - shift_r, c - shift_c))
                else 0
                for c in range(width)
            )
            for r in range(height)
        )
        maps[unit.map_key] = layers
    # A goal drawn on the board (its value a cell) keeps its place on it, as the content does.
    moved: dict[str, Any] = {goal.name: (at[0] + shift_r, at[1] + shift_c) for goal in BOARD_GOALS
                             if (at := goal.value(draft)) is not None}
    draft = replace(draft, width=width, height=height, cells=rows, **moved)
    for key, layers in maps.items():
        draft = draft.with_map(key, layers)
    return draft


def set_size(draft: Draft, width: int, height: int) -> Draft:
    """Change the size from the properties panel: rows and columns come and go at the bottom/right."""
    draft = resize(draft, "right", width - draft.width)
    return resize(draft, "bottom", height - draft.height)


def set_mode(draft: Draft, mode: Mode) -> Draft:
    """Switch the mode, dropping what the new mode cannot hold (undo brings it back)."""
    if mode == draft.mode:
        return draft
    if mode not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)}")
    mode = Mode(mode)
    if mode == Mode.SLIDE or draft.mode == Mode.SLIDE:
        cells = tuple(tuple(RANDOM_TOKEN for _ in row) for row in draft.cells)
    else:
        cells = tuple(tuple(RANDOM_TOKEN if t == PLAYER_TOKEN else t for t in row)
                      for row in draft.cells)
    out = replace(draft, mode=mode, cells=cells)
    # A faller's goal outside its modes, and the specials switch outside match3: the fields that
    # set them are hidden there, so a problem about them could not be fixed where it is shown.
    for faller in FALLERS:
        if mode not in faller.modes:
            out = out.with_wanted(faller.goal, None)
    if mode != Mode.MATCH3:
        out = replace(out, specials=True, special_sorts=None)
    # A goal outside its modes goes (its field is hidden there): slide has none, match3 no reach.
    gone: dict[str, Any] = {goal.name: goal.field.default for goal in GOAL_FIELDS if mode not in goal.field.modes}
    out = replace(out, **gone)
    if mode == Mode.SLIDE:
        # Slide has no blockers: no blocker layers and no blocker goals.
        out = replace(without_maps(out), width=clamp_size(mode, draft.width), height=clamp_size(mode, draft.height))
        for _, flag in goal_fields():
            out = out.with_flag(flag, False)
        if (out.width, out.height) != (draft.width, draft.height):
            out = replace(out, cells=tuple(tuple(RANDOM_TOKEN for _ in range(out.width))
                                           for _ in range(out.height)))
    return out


def mode_switch_losses(before: Draft, after: Draft) -> list[str]:
    """What a mode switch dropped, in words (undo brings it all back)."""
    lost: list[str] = []
    fixed = sum(1 for r in range(min(before.height, after.height)) for c in range(min(before.width, after.width))
                if before.token((r, c)) not in (RANDOM_TOKEN, PLAYER_TOKEN, GAP_TOKEN)
                and after.token((r, c)) == RANDOM_TOKEN)
    if fixed:
        lost.append(f"{fixed} placed cell{'s' if fixed != 1 else ''}")
    if before.find(PLAYER_TOKEN) and not after.find(PLAYER_TOKEN):
        lost.append("the player start")
    # The goals on the board with what was placed on it, then the others (as the file parts say them).
    for goal in (*BOARD_GOALS, *(goal for goal in GOAL_FIELDS if not goal.on_board)):
        if goal.set(before) and not goal.set(after):
            lost.append(goal.lost(goal.value(before)))
    for key in [unit.map_key for unit in map_units() if unit.map_key is not None]:
        if before.map_of(key) and not after.map_of(key):
            lost.append(f"the {key}")
    gone_goals = [unit.name for unit, flag in goal_fields() if before.flag(flag) and not after.flag(flag)]
    gone_goals += [str(f.goal) for f in FALLERS if before.wanted(f.goal) is not None and after.wanted(f.goal) is None]
    for name in gone_goals:
        lost.append(f"the {name} goal")
    if not before.specials and after.specials:
        lost.append("specials: off")
    if before.special_sorts is not None and after.special_sorts is None:
        lost.append(f"specials: [{', '.join(before.special_sorts)}]")
    if (before.width, before.height) != (after.width, after.height):
        lost.append(f"the {before.width}x{before.height} size (now {after.width}x{after.height})")
    return lost


def resize_to(draft: Draft, width: int, height: int, h_anchor: str = "left", v_anchor: str = "top") -> Draft:
    """The board at width x height, its content kept against the anchor: the side that stays
    put ('left' grows or crops at the right), or the middle (both sides, the odd one on the
    right or at the bottom)."""
    if h_anchor not in H_ANCHORS or v_anchor not in V_ANCHORS:
        raise ValueError(f"anchor must be one of {', '.join(H_ANCHORS)} and {', '.join(V_ANCHORS)}")
    width, height = clamp_size(draft.mode, width), clamp_size(draft.mode, height)
    for delta, anchor, near, far in ((width - draft.width, h_anchor, "left", "right"),
                                     (height - draft.height, v_anchor, "top", "bottom")):
        if anchor in ("left", "top"):
            draft = resize(draft, far, delta)
        elif anchor in ("right", "bottom"):
            draft = resize(draft, near, delta)
        else:
            half = int(delta / 2)   # toward zero: the odd row or column is the far side's
            draft = resize(resize(draft, near, half), far, delta - half)
    return draft


def content(draft: Draft) -> list[str]:
    """What is on the board at all (placed tiles, blockers, their layers, a goal's cell), in words."""
    empty = tuple(tuple(RANDOM_TOKEN for _ in row) for row in draft.cells)
    off: dict[str, Any] = {goal.name: None for goal in BOARD_GOALS}
    return losses(draft, without_maps(replace(draft, cells=empty, **off)))


def losses(before: Draft, after: Draft, units: tuple[Blocker, ...] = BLOCKERS) -> list[str]:
    """What a resize would take away, in words ("2 placed tiles, 3 holes, the reach goal");
    nothing when it only adds room or crops empty (random) cells."""
    def count(d: Draft) -> dict[str, int]:
        out = ({"placed tile": 0, "hole": 0} | {f.one: 0 for f in FALLERS} | {"player start": 0, "gap": 0}
               | blocker_counts(d, units))
        for row in d.cells:
            for tok in row:
                tok = bare(tok, units)   # a blocker's mark on a tile is counted by blocker_counts
                if tok == RANDOM_TOKEN or placed_by(tok, units) is not None:
                    continue
                name = ({HOLE_TOKEN: "hole"} | {f.token: f.one for f in FALLERS}
                        | {PLAYER_TOKEN: "player start", GAP_TOKEN: "gap"}).get(tok, "placed tile")
                out[name] += 1
        return out

    was, now = count(before), count(after)
    out = []
    for name, n in was.items():
        gone = n - now[name]
        if gone > 0:
            out.append(f"{gone} {name}{'s' if gone != 1 else ''}")
    for goal in BOARD_GOALS:
        was_at, now_at = goal.value(before), goal.value(after)
        if was_at is not None and before.inside(was_at) and (now_at is None or not after.inside(now_at)):
            out.append(goal.lost(was_at))
    return out
