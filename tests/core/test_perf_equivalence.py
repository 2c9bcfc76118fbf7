"""The match3 fast paths (bitboards, the one-pass fold, the board memo) agree with plain code.

Each reference below is written the slow, obvious way, cell by cell, from the rules in
issue 2, and shares nothing with game/core but the event types and the RNG stream (the stream
is part of the contract: the same seed must deal the same boards and spawn the same tiles).
"""

from __future__ import annotations

from dataclasses import replace
from random import Random
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from game.core import (
    EMPTY, HOLE, PLAYER, RAINBOW, BonusScored, Chained, Cleared, Cracked, Created, Detonated, Event, Fell, FinaleBegan, JellyCleared, LeftoversFired, Level, MoveTurned, LevelError, Lost, Mode, PlayerMoved, Reshuffled, Rules, Scored, Session,
    Slid, Slide, Spawned, Special, State, Status, Swap, SwapRejected, Swapped, Unlocked, Won, blocker_progress, decide,
    evolve, fold, legal_commands, new_game, play, swap_clears, swap_look, swap_specials,
)
from game.core.units import DropCollected
from corekit import ref_runs
from finaleref import check_finale

from game.core.boards import bitboard, run_mask
from game.core.goals import ending
from game.core.rng import Draws, below_many, draw_lanes, seed_state
from game.core.rules import match3
from game.core.units import JELLY, LOCK, STONE as STONE_UNIT

Cell = tuple[int, int]
Grid = tuple[tuple[int, ...], ...]

FAST = settings(max_examples=60, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.filter_too_much])


# -- plain references ---------------------------------------------------------------------------
def ref_swap_is_legal(grid: Grid, a: Cell, b: Cell, min_match: int) -> bool:
    ka, kb = grid[a[0]][a[1]], grid[b[0]][b[1]]
    if ka <= 0 or kb <= 0 or ka == kb:
        return False
    work = [list(row) for row in grid]
    work[a[0]][a[1]], work[b[0]][b[1]] = kb, ka
    runs = ref_runs(work, min_match)
    return a in runs or b in runs


def ref_legal_swaps(grid: Grid, min_match: int) -> list[tuple[Cell, Cell]]:
    """Every neighbour pair whose swap makes a run through one of them, in reading order."""
    height, width = len(grid), len(grid[0])
    out = []
    for r in range(height):
        for c in range(width):
            for b in ((r, c + 1), (r + 1, c)):
                if b[0] < height and b[1] < width and ref_swap_is_legal(grid, (r, c), b, min_match):
                    out.append(((r, c), b))
    return out


def ref_fill(template: Grid, kinds: int, min_match: int, draws: Draws) -> Grid | None:
    """Reading order; each empty cell draws among the kinds that make no run there."""
    work = [list(row) for row in template]
    for r, row in enumerate(work):
        for c, value in enumerate(row):
            if value != EMPTY:
                continue
            choices = []
            for k in range(1, kinds + 1):
                row[c] = k
                if (r, c) not in ref_runs(work, min_match):
                    choices.append(k)
            row[c] = EMPTY
            if not choices:
                return None
            row[c] = choices[draws.below(len(choices))]
    grid = tuple(tuple(row) for row in work)
    return grid if ref_legal_swaps(grid, min_match) else None


def ref_cascade(grid: Grid, kinds: int, min_match: int, draws: Draws, events: list[Event]) -> Grid:
    """Clear every run at once, drop tiles down each column past holes, refill from the top."""
    height, width = len(grid), len(grid[0])
    step = 1
    runs = ref_runs(grid, min_match)
    while runs:
        cells = tuple(sorted(runs))
        events.append(Cleared(cells))
        events.append(Scored(match3.POINTS_PER_TILE * len(cells) * step, step))
        work = [list(row) for row in grid]
        for r, c in cells:
            work[r][c] = EMPTY
        moves = []
        for c in range(width):
            chute = [r for r in range(height) if work[r][c] != HOLE]
            tiles = [r for r in chute if work[r][c] != EMPTY]
            landing = chute[len(chute) - len(tiles):]
            kinds_falling = [work[r][c] for r in tiles]
            for r in chute:
                work[r][c] = EMPTY
            for src, dst, kind in zip(tiles, landing, kinds_falling):
                work[dst][c] = kind
                if src != dst:
                    moves.append(((src, c), (dst, c)))
        if moves:
            events.append(Fell(tuple(moves)))
        spawned = []
        for c in range(width):
            for r in range(height):
                if work[r][c] == EMPTY:
                    work[r][c] = draws.below(kinds) + 1
                    spawned.append(((r, c), work[r][c]))
        if spawned:
            events.append(Spawned(tuple(spawned), draws.state))
        grid = tuple(tuple(row) for row in work)
        runs = ref_runs(grid, min_match)
        step += 1
    return grid


def ref_decide(state: State, swap: Swap) -> list[Event]:
    """match3's decide for a swap of two side-by-side tiles, the plain way."""
    level = state.level
    min_match = level.rules.min_match
    if not ref_swap_is_legal(state.grid, swap.a, swap.b, min_match):
        return [SwapRejected(swap.a, swap.b)]
    events: list[Event] = [Swapped(swap.a, swap.b)]
    work = [list(row) for row in state.grid]
    (ar, ac), (br, bc) = swap.a, swap.b
    work[ar][ac], work[br][bc] = work[br][bc], work[ar][ac]
    draws = Draws(state.rng)
    grid = ref_cascade(tuple(tuple(row) for row in work), level.kinds, min_match, draws, events)
    end = ending(ref_fold(state, events))
    if not end and not ref_legal_swaps(grid, min_match):
        dealt = ref_reshuffle(grid, level.kinds, min_match, draws)
        if dealt is None:
            end = [Lost()]
        else:
            events.append(Reshuffled(dealt, draws.state))
    return events + end


def ref_reshuffle(grid: Grid, kinds: int, min_match: int, draws: Draws) -> Grid | None:
    spots = [(r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v > 0]
    tiles = [grid[r][c] for r, c in spots]
    for _ in range(100):
        draws.shuffle(tiles)
        work = [list(row) for row in grid]
        for (r, c), kind in zip(spots, tiles):
            work[r][c] = kind
        dealt = tuple(tuple(row) for row in work)
        if not ref_runs(dealt, min_match) and ref_legal_swaps(dealt, min_match):
            return dealt
    blank = tuple(tuple(EMPTY if v > 0 else v for v in row) for row in grid)
    for _ in range(100):
        candidate = ref_fill(blank, kinds, min_match, draws)
        if candidate is not None and not ref_runs(candidate, min_match):
            return candidate
    return None


def ref_fold(state: State, events: list[Event]) -> State:
    """One event at a time, each a dataclasses.replace of the whole state, in every mode: the
    board, the specials (they ride swaps and falls, go with their cleared cells), the blocker
    layers, the player and the goals' counters."""
    for e in events:
        rows = [list(row) for row in state.grid]
        counts = list(state.collected)
        on = dict(state.specials)
        if isinstance(e, Swapped):
            (ar, ac), (br, bc) = e.a, e.b
            rows[ar][ac], rows[br][bc] = rows[br][bc], rows[ar][ac]
            sa, sb = on.pop(e.a, None), on.pop(e.b, None)
            on.update({cell: s for cell, s in ((e.b, sa), (e.a, sb)) if s is not None})
            state = replace(state, grid=_freeze(rows), moves=state.moves + 1, specials=_sorted(on))
        elif isinstance(e, Created):
            on[e.cell] = e.special
            if e.special == Special.RAINBOW:
                rows[e.cell[0]][e.cell[1]] = RAINBOW
            state = replace(state, grid=_freeze(rows), specials=_sorted(on))
        elif isinstance(e, Detonated):
            if e.cell in state.locks:   # a locked tile keeps its tile, not the special it fired
                on.pop(e.cell, None)
            state = replace(state, specials=_sorted(on))
        elif isinstance(e, Cleared):
            for r, c in e.cells:
                if 0 < rows[r][c] <= len(counts):
                    counts[rows[r][c] - 1] += 1
                rows[r][c] = EMPTY
                on.pop((r, c), None)
            state = replace(state, grid=_freeze(rows), collected=tuple(counts), specials=_sorted(on))
        elif isinstance(e, Unlocked):
            state = replace(state, layers=state.layers.put(LOCK, tuple((c, 1) for c in state.locks if c != e.cell)))
        elif isinstance(e, Cracked):
            stones = {cell: hits for cell, hits in state.layer_of(STONE_UNIT) if cell != e.cell}
            if e.hits:
                stones[e.cell] = e.hits
            else:
                rows[e.cell[0]][e.cell[1]] = EMPTY
            state = replace(state, grid=_freeze(rows), layers=state.layers.put(STONE_UNIT, tuple(sorted(stones.items()))))
        elif isinstance(e, JellyCleared):
            jelly = {cell: n for cell, n in state.layer_of(JELLY) if cell != e.cell}
            if e.layers:
                jelly[e.cell] = e.layers
            state = replace(state, layers=state.layers.put(JELLY, tuple(sorted(jelly.items()))))
        elif isinstance(e, DropCollected):
            rows[e.cell[0]][e.cell[1]] = EMPTY
            state = replace(state, grid=_freeze(rows), layers=replace(state.layers, brought=state.brought + 1))
        elif isinstance(e, Fell):
            for (sr, sc), _ in e.moves:
                rows[sr][sc] = EMPTY
            for (sr, sc), (dr, dc) in e.moves:
                rows[dr][dc] = state.grid[sr][sc]
            riding = {dst: on.pop(src) for src, dst in e.moves if src in on}
            on.update(riding)
            state = replace(state, grid=_freeze(rows), specials=_sorted(on))
        elif isinstance(e, Spawned):
            for (r, c), kind in e.tiles:
                rows[r][c] = kind
            state = replace(state, grid=_freeze(rows), rng=e.rng)
        elif isinstance(e, Reshuffled):
            state = replace(state, grid=e.grid, rng=e.rng, specials=e.specials)
        elif isinstance(e, (Scored, BonusScored)):
            state = replace(state, score=state.score + e.points)
        elif isinstance(e, Chained):
            state = replace(state, moves=state.moves + 1)
        elif isinstance(e, PlayerMoved):
            value = rows[e.dst[0]][e.dst[1]]
            if 0 < value <= len(counts):
                counts[value - 1] += 1
            rows[e.src[0]][e.src[1]] = EMPTY
            rows[e.dst[0]][e.dst[1]] = PLAYER
            state = replace(state, grid=_freeze(rows), collected=tuple(counts), player=e.dst,
                            reached=state.reached or e.dst == state.level.goals.reach)
        elif isinstance(e, Slid):
            rows[e.dst[0]][e.dst[1]] = rows[e.src[0]][e.src[1]]
            rows[e.src[0]][e.src[1]] = EMPTY
            state = replace(state, grid=_freeze(rows), moves=state.moves + 1)
        elif isinstance(e, (SwapRejected, FinaleBegan, LeftoversFired)):
            pass
        elif isinstance(e, MoveTurned):
            state = replace(state, rng=e.rng)   # its line is the Created after it
        elif isinstance(e, Won):
            state = replace(state, status=Status.WON)
        elif isinstance(e, Lost):
            state = replace(state, status=Status.LOST)
        else:
            raise AssertionError(f"the reference fold knows no {e!r}")
    return state


def _sorted(on: dict[Cell, Special]) -> tuple[tuple[Cell, Special], ...]:
    return tuple(sorted(on.items()))


def _freeze(rows: list[list[int]]) -> Grid:
    return tuple(tuple(row) for row in rows)


# -- strategies ---------------------------------------------------------------------------------
@st.composite
def boards(draw: st.DrawFn, max_size: int = 12, values: tuple[int, ...] = (HOLE, 1, 2, 3, 4)) -> Grid:
    """Any small board of tiles and holes (it may hold runs: the fast paths must not care)."""
    height = draw(st.integers(1, max_size))
    width = draw(st.integers(1, max_size))
    cell = st.sampled_from(values)
    return tuple(tuple(draw(cell) for _ in range(width)) for _ in range(height))


@st.composite
def match3_levels(draw: st.DrawFn, max_size: int = 12) -> Level:
    height = draw(st.integers(3, max_size))
    width = draw(st.integers(3, max_size))
    kinds = draw(st.integers(3, 7))
    min_match = draw(st.integers(3, min(5, max(height, width))))
    token = st.sampled_from(". . . . . . # 1 2".split())
    layout = [" ".join(draw(token) for _ in range(width)) for _ in range(height)]
    data: dict[str, Any] = {
        "format": 1, "id": "perf", "name": "Perf", "mode": "match3", "width": width,
        "height": height, "kinds": kinds, "layout": layout,
        # The plain reference rules know no special tiles.
        "rules": {"min_match": min_match, "specials": False},
    }
    if draw(st.booleans()):
        data["moves"] = draw(st.integers(1, 25))
    if draw(st.booleans()):
        data["goals"] = {"score": draw(st.integers(50, 3000))}
    try:
        return Level.from_dict(data)
    except LevelError:   # say, fixed tiles that already make a run: deal every cell instead
        data["layout"] = [" ".join("." for _ in range(width)) for _ in range(height)]
        return Level.from_dict(data)


# -- the bitboard questions -------------------------------------------------------------------------
@FAST
@given(boards(values=(HOLE, EMPTY, PLAYER, 1, 2, 3)), st.integers(3, 5))
def test_run_mask_finds_exactly_the_runs(grid: Grid, min_match: int) -> None:
    board = bitboard(grid)
    stride = board.geo.stride
    mask = run_mask(board.kinds, stride, min_match)
    found = {(b // stride, b % stride) for b in range(mask.bit_length()) if mask >> b & 1}
    assert found == ref_runs(grid, min_match)


def bitboard_swaps(grid: Grid, min_match: int) -> list[tuple[Cell, Cell]]:
    """The core's legal swaps (read off its bitboard) on any grid, through legal_commands."""
    level = Level(id="any", name="Any", mode=Mode.MATCH3, width=len(grid[0]), height=len(grid),
                  rules=Rules(min_match=min_match))
    return [(m.a, m.b) for m in legal_commands(State(level, grid, None)) if isinstance(m, Swap)]


@FAST
@given(boards(), st.integers(3, 5))
def test_bitboard_legal_swaps_equal_trying_every_swap(grid: Grid, min_match: int) -> None:
    fast = bitboard_swaps(grid, min_match)
    assert fast == ref_legal_swaps(grid, min_match)
    assert match3.has_legal_swap(grid, min_match) == bool(fast)
    for a, b in ref_legal_swaps(grid, min_match)[:5]:
        assert match3.swap_makes_run(grid, a, b, min_match)


@FAST
@given(boards(max_size=9, values=(HOLE, 1, 2, 3, 4, 5, 6)), st.integers(3, 4))
def test_legal_swaps_on_still_boards_equal_trying_every_swap(grid: Grid, min_match: int) -> None:
    # The boards a game actually has: no run anywhere (runs cleared by hand, the plain way).
    work = [list(row) for row in grid]
    for r, c in ref_runs(grid, min_match):
        work[r][c] = HOLE
    still = tuple(tuple(row) for row in work)
    assert bitboard_swaps(still, min_match) == ref_legal_swaps(still, min_match)


def test_legal_swaps_on_a_twenty_by_twenty_board() -> None:
    level = Level.from_dict({"format": 1, "id": "big", "name": "Big", "mode": "match3",
                             "width": 20, "height": 20, "kinds": 6})
    for seed in range(3):
        state = new_game(level, seed)
        expected = ref_legal_swaps(state.grid, 3)
        assert [(m.a, m.b) for m in legal_commands(state)] == expected
        assert len(expected) > 20


# -- dealing and playing -----------------------------------------------------------------------
@FAST
@given(match3_levels(), st.integers(0, 50))
def test_the_deal_is_the_plain_fill_from_the_same_stream(level: Level, seed: int) -> None:
    expected: Grid | None = None
    draws = Draws(seed_state(level.id, seed))
    for _ in range(match3.DEAL_ATTEMPTS):
        expected = ref_fill(level.template(), level.kinds, level.rules.min_match, draws)
        if expected is not None:
            break
    try:
        dealt = new_game(level, seed).grid
    except LevelError:
        dealt = None
    assert dealt == expected


@settings(FAST, max_examples=40)
@given(match3_levels(), st.integers(0, 50), st.lists(st.integers(0, 10_000), max_size=25))
def test_decide_gives_the_plain_events_move_after_move(level: Level, seed: int, picks: list[int]) -> None:
    try:
        state = new_game(level, seed)
    except LevelError:
        assume(False)   # no board to play: not an example (never a silent pass)
        return
    compared = 0
    for i, pick in enumerate(picks):
        if state.status != "playing":
            break
        legal = [m for m in legal_commands(state) if isinstance(m, Swap)]
        height, width = level.height, level.width
        if pick % 3 == 0 or not legal:
            # any neighbour pair of tiles, legal or not (rejected swaps too)
            r, c = pick % height, (pick // height) % width
            b = (r, c + 1) if c + 1 < width else (r + 1, c) if r + 1 < height else (r, c - 1)
            if state.grid[r][c] <= 0 or state.grid[b[0]][b[1]] <= 0:
                continue
            command = Swap((r, c), b)
        else:
            command = legal[pick % len(legal)]
        # Half the time decide meets a state that already knows its legal swaps, half a new one.
        probe = state if i % 2 else replace(state)
        events, after = play(probe, command)
        expected = ref_decide(replace(state), command)
        assert events == decide(replace(state), command)
        cut = next((n for n, e in enumerate(events) if isinstance(e, FinaleBegan)), None)
        if cut is None:
            assert events == expected
        else:
            # A win with something to spare plays the finale (finaleref holds it to its rule).
            assert events[:cut] + [Won()] == expected
            check_finale(ref_fold(state, events[:cut]), events[cut:])
        assert after == fold(state, events) == ref_fold(state, events)
        state = after
        compared += 1
    assume(compared > 0 or not picks)


def test_a_reshuffle_happens_and_matches_the_plain_one() -> None:
    # Three kinds on a narrow board run out of swaps often; play until a Reshuffled shows up.
    level = Level.from_dict({"format": 1, "id": "tight", "name": "Tight", "mode": "match3",
                             "width": 3, "height": 5, "kinds": 3, "rules": {"specials": False}})
    seen = 0
    for seed in range(60):
        state = new_game(level, seed)
        for _ in range(20):
            legal = legal_commands(state)
            if not legal or state.status != "playing":
                break
            command = legal[0]
            assert isinstance(command, Swap)
            events = decide(state, command)
            assert events == ref_decide(replace(state), command)
            seen += sum(isinstance(e, Reshuffled) for e in events)
            state = fold(state, events)
    assert seen > 0


# -- fold, evolve and the caches ------------------------------------------------------------------
def test_fold_equals_evolve_one_event_at_a_time_in_every_mode() -> None:
    levels = [
        Level.from_dict({"format": 1, "id": "m", "name": "M", "mode": "match3", "width": 7,
                         "height": 6, "layout": ["# . . . . . #"] + [". . . . . . ."] * 5,
                         "rules": {"specials": False}}),
        Level.from_dict({"format": 1, "id": "m", "name": "M", "mode": "match3", "width": 7,
                         "height": 6, "layout": ["# . . * . . #", ". 1h . . . 2b ."] + [". . . . . . ."] * 4}),
        Level.from_dict({"format": 1, "id": "c", "name": "C", "mode": "chain", "width": 5,
                         "height": 5, "layout": [". . . . .", ". # . . .", ". . P . .",
                                                 ". . . . .", ". . . . ."]}),
        Level.from_dict({"format": 1, "id": "s", "name": "S", "mode": "slide", "width": 3,
                         "height": 3}),
    ]
    for level in levels:
        session = Session(level, 7)
        for turn in range(12):
            legal = legal_commands(session.state)
            if not legal:
                break
            before = session.state
            events = session.play(legal[turn % len(legal)])
            one_by_one = before
            for event in events:
                one_by_one = evolve(one_by_one, event)
            assert fold(before, events) == one_by_one == session.state == ref_fold(before, events)


def test_a_rejected_swap_folds_to_the_very_same_state() -> None:
    level = Level.from_dict({"format": 1, "id": "r", "name": "R", "mode": "match3",
                             "width": 3, "height": 3})
    grid = ((1, 2, 3), (2, 3, 1), (3, 1, 2))
    state = State(level=level, grid=grid, player=None, collected=(0,) * level.kinds)
    assert not ref_swap_is_legal(grid, (0, 0), (0, 1), 3)
    events = decide(state, Swap((0, 0), (0, 1)))
    assert events == [SwapRejected((0, 0), (0, 1))]
    assert fold(state, events) is state


def test_the_cached_board_is_invisible_to_equality_hash_and_repr() -> None:
    level = Level.from_dict({"format": 1, "id": "e", "name": "E", "mode": "match3",
                             "width": 6, "height": 6})
    state = new_game(level, 3)
    plain = replace(state)
    legal_commands(state)            # fills state's cache
    assert state.cache is not None and plain.cache is None
    assert state == plain and hash(state) == hash(plain) and repr(state) == repr(plain)
    moved = replace(state, grid=tuple(reversed(state.grid)))
    assert moved.cache is None       # a changed grid never inherits the old board


def test_the_board_memo_never_answers_for_a_different_grid() -> None:
    # Two states with the same RNG state but different boards: the memo is keyed by the RNG
    # state, so it must check the grid before it answers.
    level = Level.from_dict({"format": 1, "id": "memo", "name": "Memo", "mode": "match3",
                             "width": 8, "height": 8, "kinds": 5})
    state = new_game(level, 11)
    after = fold(state, decide(state, legal_commands(state)[0]))   # remembered by its rng
    other = State(level=level, grid=new_game(level, 12).grid, player=None,
                  collected=(0,) * 5, rng=after.rng)
    assert other.grid != after.grid
    assert [(m.a, m.b) for m in legal_commands(other)] == ref_legal_swaps(other.grid, 3)


# -- decide tells fold the state it worked out ----------------------------------------------------
def _memo_levels() -> list[Level]:
    base = {"format": 1, "name": "F", "mode": "match3", "width": 7, "height": 7, "kinds": 4, "moves": 20}
    return [
        Level.from_dict({**base, "id": "plain", "rules": {"specials": False}}),
        Level.from_dict({**base, "id": "rich", "layout": ["# . . * . . #", ". 1h . . . 2b ."]
                         + [". . . . . . ."] * 5}),
        Level.from_dict({**base, "id": "held", "goals": {"drops": 2},
                         "layout": [". . . . . . .", ". S2 . .L . . .", ". . . . . S1 ."]
                         + [". . . . . . ."] * 4,
                         "jelly": ["0 0 0 0 0 0 0"] * 4 + ["1 1 2 2 1 1 0"] * 3}),
    ]


def test_the_fold_after_decide_is_the_fold_of_its_events_worked_out_again() -> None:
    for level in _memo_levels():
        ended = 0
        for seed in range(6):
            state = new_game(level, seed)
            rng = Random(seed)
            while state.status == "playing" and state.moves < 30:
                command = rng.choice(legal_commands(state))
                events = decide(state, command)
                after = fold(state, events)              # decide's own result
                again = fold(state, list(events))        # another list: folded event by event
                assert after == again and repr(after) == repr(again)
                assert after == ref_fold(state, events) == play(state, command)[1]
                state = after
            ended += state.status != "playing"
        assert ended, level.id   # the last move's end events (bonus, won or lost) were folded too


def test_an_events_list_changed_after_decide_is_folded_as_it_now_is() -> None:
    level = _memo_levels()[0]
    state = new_game(level, 4)
    events = decide(state, legal_commands(state)[0])
    whole = fold(state, list(events))
    spawned = events.pop()                 # the last refill, taken away
    assert isinstance(spawned, Spawned)
    shorter = fold(state, events)
    assert shorter != whole and shorter == fold(state, list(events))
    assert EMPTY in {v for row in shorter.grid for v in row}   # the cells it refilled are empty
    events.append(Spawned(spawned.tiles, spawned.rng))        # equal, but not the same event
    assert fold(state, events) == whole


def test_the_board_questions_a_bot_asks_in_a_row_answer_for_their_own_state_and_swap() -> None:
    # swap_clears, swap_specials and blocker_progress keep their last first step: asking them
    # of two boards and many swaps, in turns, gives what each asked alone on a fresh copy gives.
    for level in _memo_levels():
        one, two = new_game(level, 1), new_game(level, 2)
        assert one.grid != two.grid
        asked = []
        for swap in legal_commands(one)[:8] + legal_commands(two)[:8]:
            assert isinstance(swap, Swap)
            for state in (one, two, one):
                asked.append((state, swap, swap_clears(state, swap), swap_specials(state, swap),
                              blocker_progress(state, swap), swap_clears(state, swap)))
        for state, swap, clears, specials, progress, again in asked:
            alone = replace(state)
            assert clears == again == swap_clears(alone, swap)
            assert specials == swap_specials(replace(state), swap)
            assert progress == blocker_progress(replace(state), swap)


def test_a_swaps_look_is_what_the_three_questions_say_of_it() -> None:
    # swap_look answers swap_clears, swap_specials and blocker_progress at once (counting the
    # tiles by kind from the masks when no special takes part): on boards with specials,
    # jelly, stones, locks and drops, move after move, it must say what the three say.
    from collections import Counter

    specials_seen = 0
    for level in _memo_levels():
        for seed in range(3):
            state = new_game(level, seed)
            rng = Random(seed)
            for _ in range(12):
                swaps = [c for c in legal_commands(state) if isinstance(c, Swap)]
                if state.status != "playing" or not swaps:
                    break
                for swap in swaps:
                    look = swap_look(state, swap)
                    clears = swap_clears(replace(state), swap)
                    assert look.tiles == len(clears)
                    kinds = Counter(kind for _, kind in clears)
                    assert look.by_kind == (0, *(kinds[k] for k in range(1, level.kinds + 1)))
                    assert (look.made, look.fired) == swap_specials(replace(state), swap)
                    assert look.progress == blocker_progress(replace(state), swap)
                    specials_seen += bool(look.made or look.fired)
                state = play(state, rng.choice(swaps))[1]
    assert specials_seen   # the specials' way (each cell's kind read) was taken too


def test_a_slide_leads_where_its_events_fold_on_any_board_size() -> None:
    # play builds only the rows a tile crosses and keeps the gap and the count of tiles not
    # home with the state; the state it returns must be the fold of its events, solved included.
    for size in (3, 12):
        level = Level.from_dict({"format": 1, "id": "sl", "name": "Sl", "mode": "slide", "width": size,
                                 "height": size, "moves": 400})
        state = new_game(level, 1)
        rng = Random(size)
        for _ in range(150):
            events, after = play(state, rng.choice(legal_commands(state)))
            assert after == fold(state, events) == ref_fold(state, events)
            state = after
    # One slide from solved: the move that solves it scores and wins.
    layout = [" ".join(str(r * 3 + c + 1) for c in range(3)) for r in range(2)] + ["7 _ 8"]
    level = Level.from_dict({"format": 1, "id": "sl", "name": "Sl", "mode": "slide", "width": 3,
                             "height": 3, "layout": layout})
    state = new_game(level, 0)
    events, after = play(state, Slide((2, 2)))
    assert after == fold(state, events) == ref_fold(state, events)
    assert after.status == Status.WON and any(isinstance(e, Scored) for e in events)


@given(st.integers(0, (1 << 64) - 1), st.integers(1, 300), st.integers(2, 9), st.integers(0, 200))
def test_many_refill_draws_at_once_are_the_draws_one_by_one(state: int, n: int, bound: int, spare: int) -> None:
    # A big board's refill draws its tiles all at once (rng.below_many); the stream must be the
    # same as drawing them one by one, kind for kind, and leave the same state.
    draws = Draws(state)
    one_by_one = [draws.below(bound) for _ in range(n)]
    assert below_many(state, n, bound, draw_lanes(n + spare)) == (one_by_one, draws.state)
