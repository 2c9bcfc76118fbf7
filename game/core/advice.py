"""Advice: design warnings for a level file, and how much a move serves a game's goals (the
rule the hint, the bots and the HUD ask)."""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from .checking import Problem
from .commands import Command
from .evolve import fold
from .game import decide
from .goals import progress, walk_steps
from .grid import DROP, Cell, neighbours
from .level import Level
from .rng import seed_state
from .rules.chain import chain_grid, component_of
from .state import State
from .vocab import GoalName, Mode, Special, Status

# A move is weighed over a few imagined refills (never the game's own stream, which a player
# cannot see): the same board always gets the same advice, and luck does not steer it.
FUTURES = 2
IMAGINED = tuple(seed_state("advice", i) for i in range(FUTURES))
# A win beats every unfinished state; among wins, more moves left is better (stars).
WIN = 100.0
# Tiles a special on the board will clear when it goes off (a rainbow: one kind's share).
SPECIAL_REACH = {Special.ROW: 1.0, Special.COLUMN: 1.0, Special.BOMB: 9.0, Special.RAINBOW: 0.0}
# What a special waiting on the board counts for, against the same tiles cleared now.
SPECIAL_SHARE = 0.3
# A rainbow is kept for the kind the goals want (a player saves it for that swap).
RAINBOW_SHARE = 0.7
# Drops: how far down the board a drop has come counts as this share of collecting it.
DROP_DEPTH_SHARE = 0.5
# chain: the wanted tiles the token stands next to (the next chain's food) count this share.
NEXT_CHAIN_SHARE = 0.5


def design_warnings(level: Level) -> list[Problem]:
    """Warnings about a valid level (the editor shows them apart from problems; they never
    stop a level from loading): a reach goal the player can never get to, a level that can
    never end."""
    out: list[Problem] = []
    if level.mode != Mode.SLIDE and level.moves is None and level.goals.is_empty():
        out.append(Problem(("moves",), "no move limit and no goal: the level never ends "
                           "(set moves, or a score, collect or reach goal)"))
    reach, start = level.goals.reach, level.player_start
    if level.mode == Mode.CHAIN and reach is not None and start is not None \
            and reach not in walk_steps(level, start):
        out.append(Problem(("goals", "reach"), f"the player can never get to {reach[0]},{reach[1]}: "
                           f"holes cut it off from the start at {start[0]},{start[1]}", reach))
    return out


def standing(state: State, steps: dict[Cell, int] | None = None) -> float:
    """How near `state` is to winning, in goals: each goal met counts 1, a goal part-way its
    share (stone hits, drops part-way down and the walk toward a reach target included), plus
    what the specials on the board and, in chain, the tiles by the token promise for the moves
    left. A win is worth WIN and more for each move left; a loss, -WIN. Points never count
    beyond a score goal's share: the goals, not the points, win a level."""
    if state.status == Status.WON:
        return WIN + (state.moves_left or 0)
    if state.status == Status.LOST:
        return -WIN
    level = state.level
    total = 0.0
    per_tile = 0.0            # what one more cleared tile is worth toward the goals, on average
    cells = level.height * level.width
    for goal in progress(state):
        if goal.met:
            total += 1.0
            continue
        if goal.name == GoalName.REACH:
            reach = level.goals.reach
            if reach is not None and state.player is not None:
                walk = steps if steps is not None else walk_steps(level, reach)
                span = max(walk.values()) + 1
                total += 0.8 * (1.0 - walk.get(state.player, span) / span)
        elif goal.name == GoalName.STONES:
            hits = sum(h for _, h in level.stones)
            total += (hits - sum(h for _, h in state.stones)) / hits if hits else 0.0
            per_tile += 0.5 / hits if hits else 0.0
        elif goal.name == GoalName.DROPS:
            depth = sum((r + 1) / level.height for r, row in enumerate(state.grid) for v in row if v == DROP)
            total += (goal.current + DROP_DEPTH_SHARE * depth) / goal.target
            per_tile += DROP_DEPTH_SHARE / (goal.target * level.height)
        else:
            total += goal.current / goal.target
            if goal.name == GoalName.COLLECT:
                per_tile += 1.0 / (level.kinds * goal.target)
            elif goal.name == GoalName.JELLY:
                per_tile += len(state.jelly) / cells / goal.target
            elif goal.name == GoalName.SCORE:
                per_tile += 20.0 / goal.target
    left = state.moves_left
    soon = 1.0 if left is None else min(1.0, left / 3.0)   # a special needs a move to go off
    if state.specials and per_tile:
        for (r, c), special in state.specials:
            tiles = SPECIAL_REACH[special] * (level.width if special == Special.ROW else
                                              level.height if special == Special.COLUMN else 1)
            if special == Special.RAINBOW:
                tiles = _best_wanted_kind(state) or cells / level.kinds
            share = RAINBOW_SHARE if special == Special.RAINBOW else SPECIAL_SHARE
            total += share * soon * tiles * per_tile
    if level.mode == Mode.CHAIN and state.player is not None and left != 0:
        total += NEXT_CHAIN_SHARE * _next_chain(state)
    return total


def _wanted(state: State) -> dict[int, tuple[int, int]]:
    """Per kind a collect goal still wants: (how many more, the goal's target)."""
    return {kind: (count - state.collected_of(kind), count) for kind, count in state.level.goals.collect
            if count > state.collected_of(kind)}


def _best_wanted_kind(state: State) -> float:
    """The tiles of the most wanted kind on the board, as a share of its goal, in per-tile units:
    what a rainbow swapped with it would take (0 without a collect goal wanting more)."""
    wanted = _wanted(state)
    if not wanted:
        return 0.0
    on_board = {kind: sum(row.count(kind) for row in state.grid) for kind in wanted}
    kind = max(wanted, key=lambda k: min(on_board[k], wanted[k][0]) / wanted[k][1])
    return min(on_board[kind], wanted[kind][0]) * state.level.kinds


def _next_chain(state: State) -> float:
    """In chain, the goal share the token's next chain could take: the biggest group of a
    wanted kind it stands next to."""
    wanted = _wanted(state)
    if not wanted or state.player is None:
        return 0.0
    grid = chain_grid(state)
    diagonal = state.level.rules.diagonal
    found: dict[Cell, frozenset[Cell]] = {}
    best = 0.0
    for n in neighbours(state.player, state.height, state.width, diagonal):
        kind = grid[n[0]][n[1]]
        if kind in wanted:
            more, target = wanted[kind]
            best = max(best, min(len(component_of(grid, n, diagonal, found)), more) / target)
    return best


def move_worth(state: State, command: Command, steps: dict[Cell, int] | None = None) -> float:
    """What playing `command` in `state` is worth toward the goals: the standing it leads to,
    averaged over the imagined refills (the move's own step is on the board for all to see)."""
    total = 0.0
    for stream in IMAGINED:
        imagined = replace(state, rng=stream)
        total += standing(fold(imagined, decide(imagined, command)), steps)
    return total / len(IMAGINED)


def best_move(state: State, options: Sequence[Command]) -> Command:
    """The option that serves the goals most (the first of equals); ValueError when none."""
    if not options:
        raise ValueError("no legal move in this state")
    reach = state.level.goals.reach
    steps = walk_steps(state.level, reach) if reach is not None else None
    return max(options, key=lambda c: move_worth(state, c, steps))
