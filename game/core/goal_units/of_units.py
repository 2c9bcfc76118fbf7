"""The blocker units' and the faller units' goals as goals: their counters, words and credit, from the units' own data."""

from __future__ import annotations

from ..grid import FALLER, neighbours
from ..state import State, placed
from ..units import AT, Blocker, Faller, Hit, covered
from ..words import counted
from .base import Goal, GoalProgress, LevelView, Shortfall


def unit_progress(state: State, unit: Blocker) -> GoalProgress:
    """A blocker unit's goal: its layers taken of all placed, or its cells cleared of every layer."""
    assert unit.goal is not None
    level = state.level
    left = state.layers.of(unit)
    if unit.goal_layers:
        total = level.kept(f"{unit.name} layers", lambda: sum(n for _, n in placed(level)[AT[unit]]))
        return GoalProgress(unit.goal, total - sum(n for _, n in left), total)
    total = len(placed(level)[AT[unit]])
    return GoalProgress(unit.goal, total - len(left), total)


def hud_line(unit: Blocker, current: int, target: int) -> str:
    """A blocker's goal in the HUD: the unit's label and its counter."""
    return f"{unit.label or unit.name.capitalize()} {current} / {target}"


def card_line(unit: Blocker, target: int) -> str:
    """A blocker's goal on the goal card: the unit's line with its target."""
    return (unit.goal_line or "Clear every {name} ({target})").format(target=target, name=unit.name)


def left_line(unit: Blocker, missing: int) -> str:
    """What a lost game left of a blocker's goal: the count and the unit's words."""
    if unit.counted != "layer":   # counted by cells: one word, plural past 1
        return f"{counted(missing, unit.counted)} left"
    return f"{missing:,} {unit.short or unit.name + ' left'}"   # by layers: the unit's words as they are


def unit_work(state: State, unit: Blocker, placed_work: tuple[int, int]) -> tuple[float, int, int]:
    """A blocker goal's share done (its layers and the held tiles over it taken, of all
    placed), the cells whose clear does some of the work (those beside a NEAR unit: a clear
    there hits it; those over an UNDER one) and the work placed."""
    layers, over = placed_work
    work = layers + over
    if not work:
        return 0.0, 0, 0
    left = state.layers.of(unit)
    held = 0
    if over:
        cells = frozenset(cell for cell, _ in left)
        held = sum(1 for cell in covered(state.layers.counts) if cell in cells)
    done = (layers - sum(n for _, n in left) + over - held) / work
    if unit.hit is Hit.NEAR:
        height, width = state.height, state.width
        reach = len({n for cell, _ in left for n in neighbours(cell, height, width, False)})
    else:
        reach = len(left) + held
    return done, reach, work


def _blocker_hint(unit: Blocker, state: State, goal: GoalProgress, view: LevelView) -> tuple[float, float]:
    """The hint's weight of a blocker goal: its work done, and the share of the work one cleared tile does."""
    if goal.name not in view.work:
        return goal.current / goal.target, 0.0
    done, reachable, work = unit_work(state, unit, view.work[goal.name])
    cells = state.level.height * state.level.width
    return done, reachable / cells / work if work else 0.0


def goal_of_blocker(unit: Blocker) -> Goal:
    """The goal of a blocker unit with one (`goals: <name>: true`: clear every one)."""
    goal = unit.goal
    assert goal is not None
    return Goal(
        goal,
        asked=lambda level: level.goals.asks(goal),
        progress=lambda state: [unit_progress(state, unit)],
        hud=lambda p: hud_line(unit, p.current, p.target),
        card=lambda p: card_line(unit, p.target),
        short=lambda s: left_line(unit, s.missing),
        lab=lambda s: f"{unit.short} ({counted(s.missing, unit.counted)})",
        hint=lambda state, p, view: _blocker_hint(unit, state, p, view),
        blocker=unit if unit.look is not None else None,
    )


def faller_hud_line(unit: Faller, current: int, target: int) -> str:
    """A faller's goal in the HUD: its label and its counter."""
    return f"{unit.label} {current} / {target}"


def faller_card_line(unit: Faller, target: int) -> str:
    """A faller's goal on the goal card: its line with the pieces to bring down counted."""
    return unit.goal_line.format(count=counted(target, unit.one))


def faller_left_line(unit: Faller, missing: int, rows: int | None) -> str:
    """What a lost game left of a faller's goal: how many still to bring down, or how far the lowest was."""
    if rows is None:
        return unit.short_none.format(count=counted(missing, unit.one))
    where = f"{counted(rows, 'row')} from the bottom"
    return (unit.short_one if missing == 1 else unit.short_many).format(missing=missing, where=where)


def faller_lab_line(unit: Faller, missing: int, rows: int | None) -> str:
    """The lab's phrase for a faller's goal the lost games missed (medians)."""
    where = "" if rows is None else f", the lowest {counted(rows, 'row')} from the bottom"
    return unit.lab_short.format(count=counted(missing, unit.one), where=where)


def _faller_progress(state: State, unit: Faller) -> GoalProgress:
    wanted = state.level.goals.wanted(unit.goal)
    assert wanted is not None
    return GoalProgress(unit.goal, min(state.brought, wanted), wanted)


def _faller_shortfall(state: State, goal: GoalProgress) -> Shortfall:
    """The pieces missing, and how far the lowest one still on the board was from the bottom."""
    lowest = max((r for r, row in enumerate(state.grid) for v in row if v == FALLER), default=None)
    rows = None if lowest is None else state.height - 1 - lowest
    return Shortfall(goal.name, goal.target - goal.current, rows=rows)


def _faller_hint(unit: Faller, state: State, goal: GoalProgress) -> tuple[float, float]:
    """How far down the board a piece has come counts as the unit's share of bringing it down;
    a cleared tile lets a piece down a row only below it: the share of cells that are."""
    level = state.level
    share = unit.hint_share
    pieces = [(r, c) for r, row in enumerate(state.grid) for c, v in enumerate(row) if v == FALLER]
    depth = sum((r + 1) / level.height for r, _ in pieces)
    below = sum(level.height - 1 - r for r, _ in pieces)
    cells = level.height * level.width
    return (goal.current + share * depth) / goal.target, below / cells * share / (goal.target * level.height)


def goal_of_faller(unit: Faller) -> Goal:
    """The goal of a faller unit (`goals: <goal>: N`: bring N down)."""
    return Goal(
        unit.goal,
        asked=lambda level: level.goals.wanted(unit.goal) is not None,
        progress=lambda state: [_faller_progress(state, unit)],
        hud=lambda p: faller_hud_line(unit, p.current, p.target),
        card=lambda p: faller_card_line(unit, p.target),
        short=lambda s: faller_left_line(unit, s.missing, s.rows),
        lab=lambda s: faller_lab_line(unit, s.missing, s.rows),
        shortfall=_faller_shortfall,
        hint=lambda state, p, view: _faller_hint(unit, state, p),
        faller=unit,
    )
