"""Advice: design warnings for a level file, and how much a move serves a game's goals (the
rule the hint, the bots and the HUD ask)."""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, Sequence

from .checking import Problem
from .commands import Chain, Command, Swap
from .events import Event
from .advice_chains import SEARCH_BUDGET as CHAIN_SEARCH, goal_chains
from .game import legal_commands, play
from .goal_units import GOAL_NAMED, LevelView, asked_goals, level_view
from .goal_units import tiles_wanted
from .goals import progress
from .grid import Cell, neighbours
from .lessons import SPECIAL_LESSONS, lesson_made, lesson_specials, lesson_used
from .level import Level
from .rng import seed_state
from .boards import bits_of
from .budget import Work, best_first, looked, played, plays_all, spread
from .rules.blocked import swap_look
from .rules.chain import chain_blocker_hits, chain_grid, component_of
from .rules.specials import blast
from .state import State
from .units import SPECIAL_OF
from .vocab import Mode, Status

# A move is weighed over a few imagined refills (never the game's own stream, which a player
# cannot see): the same board always gets the same advice, and luck does not steer it.
FUTURES = 2
IMAGINED = tuple(seed_state("advice", i) for i in range(FUTURES))
# A win beats every unfinished state; among wins, more moves left is better (stars).
WIN = 100.0
# What a special waiting on the board counts for, against the same tiles cleared now: its
# unit's share of the tiles it will clear (its reach); a kindless one is kept for the kind the
# goals want (a player saves it for that swap).
# What the best move after a move adds counts at this share: a sure gain now beats the same
# gain a move later (which the imagined refill may have made look easy).
NEXT_MOVE_SHARE = 0.9
# The move that serves the goals most now keeps the hint unless looking one move further shows
# another better by this much (in goals: a 26-tile collect goal's tile is 0.04).
LOOKAHEAD_MARGIN = 0.005
# On a level that teaches a special, its move is hinted when it serves the goals within this
# much of the best move (in goals): the lesson first, but never a move that wastes the special.
LESSON_MARGIN = 0.1
# The best few moves weighed again by the best move after them (best_move), per mode.
FOLLOW_UPS = {Mode.MATCH3: 6, Mode.CHAIN: 6, Mode.SLIDE: 0}
# Plays the look past may cost a hint, about (a 9x9 blocker board plays one in about 0.4 ms).
LOOKAHEAD_PLAYS = 240
# The goal furthest behind counts this much again: the moves left must bring every goal home,
# so work on the laggard beats more of a goal nearly met (in chain, where one long chain moves
# several goals at once, bench/hint_goals.py found it no help).
LAGGING_SHARE = {Mode.MATCH3: 0.5, Mode.CHAIN: 0.0, Mode.SLIDE: 0.0}
# chain: the search for the moves one move ahead gets this share of a hint's own search (the
# look past runs it once a follow-up and imagined refill: it is most of a chain hint's time).
NEXT_SEARCH_SHARE = 8
# chain: the wanted tiles the token stands next to (the next chain's food) count this share.
NEXT_CHAIN_SHARE = 0.5


def design_warnings(level: Level) -> list[Problem]:
    """Warnings about a valid level (the editor shows them apart from problems; they never
    stop a level from loading): a level that can never end, and each goal's own (a reach
    target the player can never get to)."""
    out: list[Problem] = []
    if level.mode != Mode.SLIDE and level.moves is None and level.goals.is_empty():
        out.append(Problem(("moves",), "no move limit and no goal: the level never ends "
                           "(set moves, or a score, collect or reach goal)"))
    for goal in asked_goals(level):
        out += goal.warnings(level)
    return out


def standing(state: State, view: LevelView | None = None) -> float:
    """How near `state` is to winning, in goals: each goal met counts 1, a goal part-way its
    share (blocker layers taken, fallers' pieces part-way down and the walk toward a reach target included), plus
    what the specials on the board and, in chain, the tiles by the token promise for the moves
    left. A win is worth WIN and more for each move left; a loss, -WIN. Points never count
    beyond a score goal's share: the goals, not the points, win a level. `view` holds the
    level's facts the advice asks every time (level_view(level) when not given)."""
    view = view if view is not None else level_view(state.level)
    if state.status == Status.WON:
        return WIN + (state.moves_left or 0)
    if state.status == Status.LOST:
        return -WIN
    level = state.level
    total = 0.0
    per_tile = 0.0            # what one more cleared tile is worth toward the goals, on average
    cells = level.height * level.width
    least = 1.0               # the share of the goal furthest from met: a win needs them all
    for goal in progress(state):
        if goal.met:
            total += 1.0
            continue
        before = total
        share, tile = GOAL_NAMED[goal.name].hint(state, goal, view)
        total += share
        per_tile += tile
        least = min(least, total - before)
    total += LAGGING_SHARE[level.mode] * least
    left = state.moves_left
    soon = 1.0 if left is None else min(1.0, left / 3.0)   # a special needs a move to go off
    if state.specials and per_tile:
        # A special with a kind counts the wanted kinds' tiles its blast will really clear (one
        # through a row of the wanted kind is worth more than one through none), not the
        # average kind's share; the other goals still count its reach at the average.
        wanted = tiles_wanted(state)
        other = max(0.0, per_tile - sum(1.0 / (level.kinds * target) for _, target in wanted.values()))
        for cell, special in state.specials:
            unit = SPECIAL_OF[special]
            if unit.value:
                tiles = _best_wanted_kind(state) or cells / level.kinds
                total += unit.share * soon * tiles * per_tile
                continue
            tiles = unit.reach(level.width, level.height, special)
            sought = _wanted_in(state, cell, wanted) if wanted else 0.0
            total += unit.share * soon * (tiles * other + sought)
    if level.mode == Mode.CHAIN and state.player is not None and left != 0:
        total += NEXT_CHAIN_SHARE * _next_chain(state)
    return total


def _wanted_in(state: State, cell: Cell, wanted: dict[int, tuple[int, int]]) -> float:
    """The goal share the wanted kinds' tiles in the blast of the special with a kind on `cell`
    make, no more than each kind wants (a hole's or blocker's value is never a kind)."""
    grid = state.grid
    tiles = [grid[r][c] for r, c in blast_cells(state, cell)]
    return sum(min(tiles.count(kind), more) / target for kind, (more, target) in wanted.items())


def _best_wanted_kind(state: State) -> float:
    """The tiles of the most wanted kind on the board, as a share of its goal, in per-tile units:
    what a kindless special swapped with it would take (0 without a collect goal wanting more)."""
    wanted = tiles_wanted(state)
    if not wanted:
        return 0.0
    on_board = {kind: sum(row.count(kind) for row in state.grid) for kind in wanted}
    kind = max(wanted, key=lambda k: min(on_board[k], wanted[k][0]) / wanted[k][1])
    return min(on_board[kind], wanted[kind][0]) * state.level.kinds


def _next_chain(state: State) -> float:
    """In chain, the goal share the token's next chain could take: the biggest group of a
    wanted kind it stands next to."""
    wanted = tiles_wanted(state)
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


def blast_cells(state: State, cell: Cell) -> tuple[Cell, ...]:
    """The cells the special on `cell` clears when it goes off, as a player picking it should
    see them: the cascade's own blast (its unit's: its row or column, the 3x3 round it; holes
    left out), in reading order. A kindless special's depend on the tile it is swapped with, so
    none; nor for a cell with no special."""
    special = state.special_at(cell)
    if special is None or SPECIAL_OF[special].value:
        return ()
    geo = state.level.geometry()
    return tuple(map(geo.cell_of.__getitem__, bits_of(blast(geo, [], cell[0] * geo.stride + cell[1], special))))


def _imagined(state: State, command: Command, stream: int, work: Work | None) -> tuple[list[Event], State]:
    """play(state, command) on the imagined refill `stream`, its cascade counted to `work`."""
    imagined = replace(state, rng=stream)
    found = play(imagined, command)
    if work is not None:
        work.charge(imagined, found[0])
    return found


def move_worth(state: State, command: Command, view: LevelView | None = None, work: Work | None = None) -> float:
    """What playing `command` in `state` is worth toward the goals: the standing it leads to,
    averaged over the imagined refills (the move's own step is on the board for all to see)."""
    total = 0.0
    for stream in IMAGINED:
        total += standing(_imagined(state, command, stream, work)[1], view)   # the rules' own state: no second fold
    return total / len(IMAGINED)


def first_wave(state: State, command: Command) -> float:
    """What a move's own clear does for the goals, from the board alone (cheap: no cascade, no
    refill): the tiles it takes, a wanted kind's counting once more for every other kind, plus the
    blocker layers it takes and the specials it makes, each worth a kind's share of tiles. The
    shortlist of a big board's hint (and bots) is made by it."""
    kinds = state.level.kinds
    wanted = tiles_wanted(state)
    if isinstance(command, Swap):
        look = swap_look(state, command)
        useful = sum(look.by_kind[kind] for kind in wanted if kind < len(look.by_kind))
        return look.tiles + (kinds - 1) * useful + kinds * (look.progress + len(look.made))
    if isinstance(command, Chain):
        eaten = command.path[1:] if state.player is not None else command.path
        useful = sum(1 for r, c in eaten if state.grid[r][c] in wanted)
        return len(eaten) + (kinds - 1) * useful + kinds * chain_blocker_hits(state, eaten)
    return 0.0


def shortlist(state: State, options: Sequence[Command], work: Work | None = None) -> list[Command]:
    """The options a decision plays out in full: all of them while budget.plays_all allows it;
    on a bigger board the best few (budget.played) by their first wave, read of at most
    budget.looked of them spread over the board; once the game's `work` is spent, the best one."""
    spent = work is not None and work.spent
    if plays_all(state, len(options)) and not spent:
        return list(options)
    read = spread(options, looked(state)) if not plays_all(state, len(options)) else list(options)
    return best_first(read, (first_wave(state, c) for c in read), 1 if spent else played(state))


def best_move(state: State, options: Sequence[Command], follow_ups: int = 0,
              more: Callable[[State], Sequence[Command]] | None = None, work: Work | None = None) -> Command:
    """The option that serves the goals most (the first of equals); ValueError when none.

    With `follow_ups`, the best few are weighed again by the best move after them (`more`
    lists those), over the same imagined refills: a player who looks one move ahead sees that
    a move opens the way (a held tile freed above a blocker, a faller's piece let down, a special set up).
    `work`: the game's look-ahead budget, charged for every move played out."""
    if not options:
        raise ValueError("no legal move in this state")
    if len(options) == 1:
        return options[0]   # nothing to weigh it against
    view = level_view(state.level)
    worth = {i: move_worth(state, c, view, work) for i, c in enumerate(options)}
    ranked = sorted(worth, key=lambda i: -worth[i])
    if not follow_ups or more is None or (state.moves_left is not None and state.moves_left < 2):
        return options[ranked[0]]
    best, best_value = ranked[0], float("-inf")
    margin = 0.0
    # The look past costs a play of every next move per imagined refill: keep it in budget.
    follow_ups = max(2, min(follow_ups, LOOKAHEAD_PLAYS // (len(IMAGINED) * len(options))))
    for i in ranked[:follow_ups]:
        # The same next move is judged on every imagined refill (where the refill leaves it
        # no move, the state before it counts): luck in one refill does not steer the hint.
        before: list[float] = []
        nexts: dict[Command, float] = {}
        for stream in IMAGINED:
            after = _imagined(state, options[i], stream, work)[1]
            here = standing(after, view)
            before.append(here)
            for c in (more(after) if after.status == Status.PLAYING else ()):
                events, next_state = play(after, c)
                if work is not None:
                    work.charge(after, events)
                nexts[c] = nexts.get(c, 0.0) + standing(next_state, view) - here
        value = (sum(before) + NEXT_MOVE_SHARE * max(nexts.values(), default=0.0)) / len(IMAGINED)
        if value > best_value + margin:
            best, best_value = i, value
        margin = LOOKAHEAD_MARGIN   # past the first (the best now), another must beat it clearly
    return options[best]


def hint_options(state: State) -> list[Command]:
    """The moves a hint weighs: every legal swap (match3); in chain the chains worth weighing
    for the goals (advice_chains.goal_chains); none once the game is over."""
    if state.status != Status.PLAYING:
        return []
    if state.level.mode == Mode.CHAIN:
        return list(goal_chains(state))
    return legal_commands(state)


def hint_move(state: State, work: Work | None = None) -> Command:
    """The move the game hints: on a level that teaches a special (its `teaches:`), the best
    move that uses the lesson when one is on the board, else the best that makes its special
    (lesson_options); otherwise the one that serves the goals most, looking one move past the
    best few. On a big board only a shortlist of the moves is weighed so (shortlist), and once
    `work` (a game's look-ahead budget, charged for every move played out) is spent, the hint is
    the best move by its first wave. ValueError when no move is left (or for a slide level: its
    hint is the solver's)."""
    if state.level.mode == Mode.SLIDE:
        raise ValueError("a slide level's hint is the solver's next slide")
    options = shortlist(state, hint_options(state), work)
    if len(options) == 1:
        return options[0]
    follow = FOLLOW_UPS[state.level.mode]

    def more(after: State) -> list[Command]:
        return shortlist(after, _next_options(after), work)

    uses, makes = lesson_options(state, options, work)
    if uses or makes:
        view = level_view(state.level)
        worth = {i: move_worth(state, c, view, work) for i, c in enumerate(options)}
        best = max(worth.values())
        for taught in (uses, makes):
            # The lesson's moves, when the best of them costs the goals little (the look one
            # move past must not flip the lesson by a hair; a kindless special swapped with a kind no
            # goal wants waits): the best of them as the hint weighs any move.
            if taught and max(worth[i] for i in taught) >= best - LESSON_MARGIN:
                return best_move(state, [options[i] for i in taught], follow, more, work)
    return best_move(state, options, follow, more, work)


def lesson_options(state: State, options: Sequence[Command], work: Work | None = None) -> tuple[list[int], list[int]]:
    """The indexes of `options` that teach the level's lesson (a special or a combo): those that
    use it (its special goes off, its two specials are swapped together), and those that make
    its special (a special's lesson only); on every imagined refill, so no luck of the refill counts. None for a level
    that teaches nothing of the sort, or once a move of any kind wins the level outright (the
    win comes first: a hint never costs the player the level for the lesson's sake)."""
    lesson = state.level.teaches
    if lesson is None or not lesson_specials(lesson):
        return [], []
    uses: list[int] = []
    makes: list[int] = []
    # A special's lesson is set up by making the special; a combo's by more than making one
    # of its two (where it stands counts), so only its use is hinted for the lesson's sake.
    single = lesson in SPECIAL_LESSONS
    for i, command in enumerate(options):
        used = made = True
        for stream in IMAGINED:
            events, after = _imagined(state, command, stream, work)
            if after.status == Status.WON:
                return [], []
            used = used and lesson_used(lesson, state, command, events)
            made = made and single and lesson_made(lesson, events)
        if used:
            uses.append(i)
        elif made:
            makes.append(i)
    return uses, makes


def _next_options(state: State) -> list[Command]:
    """The moves looked at one move ahead: as hint_options, with a smaller chain search."""
    if state.level.mode == Mode.CHAIN:
        return list(goal_chains(state, CHAIN_SEARCH // NEXT_SEARCH_SHARE))
    return hint_options(state)
