"""Blockers (jelly, stones, locks, drops) on hand-made boards, in chain mode, and in random games."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import assume, event, given
from hypothesis import strategies as st

import blockref
from corekit import examples, level
from finaleref import check_finale
from game.core import (
    EMPTY, HOLE, SOLID, BonusScored, Chain, Chained, Cleared, Cracked, Detonated, Event, Fell,
    FinaleBegan, IllegalMove, JellyCleared, Level, LevelError, Lost, Reshuffled, Scored, Session, Spawned, Special, State, Status,
    Swap, Swapped, Unlocked, Won, blocker_progress, decide, fold, legal_commands, new_game, play, run_cells,
    swap_clears,
)
from game.core.units import DROP, DROPS, DropCollected
from game.core import GoalName
from game.core.units import JELLY as JELLY_UNIT, STONE as STONE_UNIT
from game.core.rules import match3

Cell = tuple[int, int]


def background(r: int, c: int) -> str:
    """Kinds 2..5 with no run anywhere (as in test_specials): kind 1 and placed tokens make the runs."""
    return str(2 + (2 * r + c) % 4)


def board(height: int, width: int, placed: dict[Cell, str], **extra: Any) -> Level:
    rows = [" ".join(placed.get((r, c), background(r, c)) for c in range(width)) for r in range(height)]
    return level("match3", width, height, kinds=5, layout=rows, **extra)


def jelly_rows(height: int, width: int, layers: dict[Cell, int]) -> list[str]:
    return [" ".join(str(layers.get((r, c), 0)) for c in range(width)) for r in range(height)]


def first_step(lv: Level, swap: Swap) -> tuple[list[Event], State, State]:
    """The swap's own step (its events after Swapped up to the first Scored), the state right
    after that Scored (before anything falls), and the state after the whole move."""
    state = new_game(lv, 1)
    events = decide(state, swap)
    assert events[0] == Swapped(swap.a, swap.b), events[:1]
    end = next(i for i, e in enumerate(events) if isinstance(e, Scored))
    return events[1:end + 1], fold(state, events[:end + 1]), fold(state, events)


def of(events: list[Event], kind: type) -> list[Event]:
    return [e for e in events if isinstance(e, kind)]


# The run every hand-made match3 board below makes: kind 1 at (2,0), (2,1) and (3,2); the swap
# lifts (3,2) into (2,2), so row 2 clears at columns 0..2.
RUN = {(2, 0): "1", (2, 1): "1", (3, 2): "1"}
SWAP = Swap((2, 2), (3, 2))
RUN_CELLS = ((2, 0), (2, 1), (2, 2))


# -- jelly --------------------------------------------------------------------------------------
def test_each_clear_of_the_tile_on_top_removes_one_layer_of_jelly() -> None:
    lv = board(5, 5, RUN, jelly=jelly_rows(5, 5, {(2, 0): 2, (2, 1): 1, (0, 4): 1}), goals={"jelly": True})
    step, after, _ = first_step(lv, SWAP)
    assert of(step, Cleared) == [Cleared(RUN_CELLS)]
    assert of(step, JellyCleared) == [JellyCleared((2, 0), 1), JellyCleared((2, 1), 0)]
    assert step[-1] == Scored(3 * 10 + 2 * 10, 1)
    assert after.layer_of(JELLY_UNIT) == (((0, 4), 1), ((2, 0), 1))
    assert not after.locks and not after.layer_of(STONE_UNIT)


# -- locks --------------------------------------------------------------------------------------
def test_a_clear_that_includes_a_locked_tile_breaks_the_lock_and_leaves_the_tile() -> None:
    lv = board(5, 5, {**RUN, (2, 0): "1L"}, jelly=jelly_rows(5, 5, {(2, 0): 1, (2, 1): 1}))
    state = new_game(lv, 1)
    assert state.locks == ((2, 0),) and state.at((2, 0)) == 1
    step, after, _ = first_step(lv, SWAP)
    assert of(step, Cleared) == [Cleared(((2, 1), (2, 2)))]
    assert of(step, Unlocked) == [Unlocked((2, 0))]
    # the lock took the clear, so the jelly under it stays
    assert of(step, JellyCleared) == [JellyCleared((2, 1), 0)]
    assert after.at((2, 0)) == 1 and after.locks == () and after.layer_of(JELLY_UNIT) == (((2, 0), 1),)


def test_a_locked_tile_never_swaps_nor_falls_and_tiles_fall_past_it() -> None:
    lv = board(5, 5, {**RUN, (1, 1): "5L"})
    state = new_game(lv, 1)
    with pytest.raises(IllegalMove, match="locked") as caught:
        decide(state, Swap((1, 1), (1, 2)))
    assert caught.value.said is not None
    assert all((1, 1) not in (s.a, s.b) for s in legal_commands(state) if isinstance(s, Swap))
    events = decide(state, SWAP)
    fell = of(events, Fell)[0]
    assert isinstance(fell, Fell)
    assert ((0, 1), (2, 1)) in fell.moves, "the tile above falls past the locked one"
    assert all((1, 1) not in move for move in fell.moves)
    spawned = of(events, Spawned)[0]
    assert isinstance(spawned, Spawned)
    assert {cell for cell, _ in spawned.tiles} == {(0, 0), (0, 1), (0, 2)}
    assert fold(state, events).at((1, 1)) == 5


# -- stones -------------------------------------------------------------------------------------
def test_a_clear_next_to_a_stone_takes_one_hit_and_a_broken_stone_leaves_an_ordinary_cell() -> None:
    placed = {**RUN, (1, 0): "S1", (3, 1): "S2", (1, 2): "S3", (3, 3): "S1"}   # (3,3) is only diagonal
    lv = board(5, 5, placed, goals={"stones": True})
    state = new_game(lv, 1)
    assert state.layer_of(STONE_UNIT) == (((1, 0), 1), ((1, 2), 3), ((3, 1), 2), ((3, 3), 1))
    assert state.at((1, 0)) == SOLID
    step, after, _ = first_step(lv, SWAP)
    assert of(step, Cleared) == [Cleared(RUN_CELLS)]
    assert of(step, Cracked) == [Cracked((1, 0), 0), Cracked((1, 2), 2), Cracked((3, 1), 1)]
    assert step[-1] == Scored(3 * 10 + 3 * 10, 1)
    assert after.layer_of(STONE_UNIT) == (((1, 2), 2), ((3, 1), 1), ((3, 3), 1))
    assert after.at((1, 0)) == EMPTY, "a broken stone's cell is ordinary: tiles fall into it"
    events = decide(state, SWAP)
    fell = of(events, Fell)[0]
    assert isinstance(fell, Fell)
    assert ((0, 0), (2, 0)) in fell.moves, "column 0 falls through the broken stone's cell"
    assert ((0, 2), (2, 2)) in fell.moves, "column 2 falls past the standing stone as past a hole"
    assert fold(state, events).at((1, 2)) == SOLID


def test_a_stone_is_never_swapped() -> None:
    lv = board(5, 5, {**RUN, (0, 0): "S2"})
    state = new_game(lv, 1)
    with pytest.raises(IllegalMove, match="stone"):
        decide(state, Swap((0, 0), (0, 1)))
    assert all(SOLID not in (state.at(s.a), state.at(s.b)) for s in legal_commands(state) if isinstance(s, Swap))


# -- blasts ---------------------------------------------------------------------------------------
def test_a_blast_hits_a_stone_breaks_a_lock_and_clears_jelly_in_its_path() -> None:
    # The run's (2,0) is a row special: it sweeps row 2, where a stone and a locked tile stand.
    placed = {**RUN, (2, 0): "1h", (2, 3): "S2", (2, 4): "2L"}
    lv = board(5, 5, placed, jelly=jelly_rows(5, 5, {(2, 0): 1, (2, 1): 1, (2, 4): 2}))
    step, after, _ = first_step(lv, SWAP)
    assert of(step, Detonated) == [Detonated((2, 0), Special.ROW)]
    assert of(step, Cleared) == [Cleared(RUN_CELLS)]
    assert of(step, Unlocked) == [Unlocked((2, 4))]
    assert of(step, Cracked) == [Cracked((2, 3), 1)], "one hit a step, blast and neighbour alike"
    assert of(step, JellyCleared) == [JellyCleared((2, 0), 0), JellyCleared((2, 1), 0)]
    assert after.layer_of(JELLY_UNIT) == (((2, 4), 2),) and after.layer_of(STONE_UNIT) == (((2, 3), 1),) and after.locks == ()
    assert after.specials == ()


def test_a_bomb_next_to_a_drop_leaves_the_drop() -> None:
    placed = {**RUN, (2, 1): "1b", (1, 1): "D", (0, 0): "1"}
    lv = board(5, 5, placed, goals={"drops": 1})
    step, after, _ = first_step(lv, SWAP)
    assert of(step, Detonated) == [Detonated((2, 1), Special.BOMB)]
    cleared = of(step, Cleared)[0]
    assert isinstance(cleared, Cleared)
    assert (1, 1) not in cleared.cells and (1, 0) in cleared.cells
    assert after.at((1, 1)) == DROP


# -- drops --------------------------------------------------------------------------------------
def test_a_drop_that_lands_on_the_bottom_of_its_chute_is_collected() -> None:
    # A 4-row board: row 3 (the bottom) clears under the drop at (2,0).
    placed = {(3, 0): "1", (3, 1): "1", (2, 2): "1", (2, 0): "D"}
    lv = board(4, 5, placed, goals={"drops": 1}, moves=5)
    state = new_game(lv, 1)
    with pytest.raises(IllegalMove, match="drop"):
        decide(state, Swap((2, 0), (2, 1)))
    events = decide(state, Swap((2, 2), (3, 2)))
    assert of(events, Cleared)[0] == Cleared(((3, 0), (3, 1), (3, 2)))
    fell = of(events, Fell)[0]
    assert isinstance(fell, Fell) and ((2, 0), (3, 0)) in fell.moves
    at = events.index(DropCollected((3, 0)))
    assert isinstance(events[at + 1], Scored) and isinstance(events[at + 2], Fell)
    after = fold(state, events)
    assert after.brought == 1 and after.status == Status.WON and isinstance(events[-1], Won)
    assert not any(DROP in row for row in after.grid), "a goal met: no more drops enter"


def test_drops_the_goal_needs_beyond_those_placed_enter_one_at_a_time_from_the_refill() -> None:
    lv = board(5, 5, RUN, goals={"drops": 2}, moves=20)
    state = new_game(lv, 1)
    events = decide(state, SWAP)
    spawned = of(events, Spawned)[0]
    assert isinstance(spawned, Spawned)
    assert [cell for cell, v in spawned.tiles if v == DROP] != [], "the first refill brings a drop"
    after = fold(state, events)
    on_board = sum(row.count(DROP) for row in after.grid)
    assert on_board + after.brought >= 1 and on_board <= 1
    # the same command from the same state: the same drop in the same cell (the state's RNG)
    assert decide(state, SWAP) == events


# -- reshuffle ----------------------------------------------------------------------------------
def test_a_reshuffle_keeps_stones_locks_and_drops_where_they_are() -> None:
    from game.core.rng import Draws

    grid = ((2, 3, SOLID, 5), (DROP, 5, 2, 3), (2, 3, 4, HOLE), (4, 5, 2, 3))
    locks = {(3, 0), (0, 3)}
    dealt = match3.reshuffle_board(grid, (), locks, 5, 3, Draws(7))
    assert dealt is not None
    new, _ = dealt
    for r, row in enumerate(grid):
        for c, v in enumerate(row):
            if v in (SOLID, DROP, HOLE) or (r, c) in locks:
                assert new[r][c] == v
    assert not run_cells(new, 3)
    assert match3.playable(new, 3, (), locks)


# -- chain mode ---------------------------------------------------------------------------------
def chain_level(rows: list[str], **extra: Any) -> Level:
    return level("chain", len(rows[0].split()), len(rows), kinds=5, layout=rows,
                 rules={"diagonal": False, "min_chain": 3, "min_match": 3}, **extra)


def test_a_chain_cracks_stones_breaks_locks_next_to_it_and_clears_jelly_under_it() -> None:
    rows = ["1 1 1 4", "2L S1 5 2", "3 4 S2 3", "5 2 3 4"]
    lv = chain_level(rows, jelly=["1 2 0 0", "0 0 0 0", "0 0 0 0", "0 0 0 0"],
                     goals={"jelly": True, "stones": True})
    state = new_game(lv, 1)
    path = ((0, 0), (0, 1), (0, 2))
    events = decide(state, Chain(path))
    assert events[:6] == [Chained(path), Cleared(path), Unlocked((1, 0)), Cracked((1, 1), 0),
                          JellyCleared((0, 0), 0), JellyCleared((0, 1), 1)]
    assert events[6] == Scored(30 + 4 * 10, 1)
    after = fold(state, events)
    assert after.locks == () and after.layer_of(STONE_UNIT) == (((2, 2), 2),) and after.layer_of(JELLY_UNIT) == (((0, 1), 1),)
    assert after.at((1, 1)) > 0, "the broken stone's cell refills"
    assert after.at((2, 2)) == SOLID


def test_a_chain_never_runs_over_a_locked_tile_or_a_stone() -> None:
    rows = ["1 1L 1 1", "1 S1 2 3", "1 4 5 2", "3 2 3 4"]
    lv = chain_level(rows)
    state = new_game(lv, 1)
    with pytest.raises(IllegalMove, match="locked") as caught:
        decide(state, Chain(((0, 0), (0, 1), (0, 2))))
    assert caught.value.said is not None
    with pytest.raises(IllegalMove):
        decide(state, Chain(((1, 0), (1, 1), (1, 2))))
    for command in legal_commands(state):
        assert isinstance(command, Chain)
        assert all(cell not in state.locks and state.at(cell) != SOLID for cell in command.path)


def test_a_chain_with_a_player_hits_the_blockers_beside_its_walk() -> None:
    rows = ["P 1 1 1", "2 S1 3 2L", "3 4 5 3", "5 2 3 4"]
    lv = chain_level(rows, jelly=["0 1 1 1", "0 0 0 0", "0 0 0 0", "0 0 0 0"])
    state = new_game(lv, 1)
    path = ((0, 0), (0, 1), (0, 2), (0, 3))
    events = decide(state, Chain(path))
    assert of(events, Cracked) == [Cracked((1, 1), 0)]
    assert of(events, Unlocked) == [Unlocked((1, 3))]
    assert of(events, JellyCleared) == [JellyCleared((0, 1), 0), JellyCleared((0, 2), 0), JellyCleared((0, 3), 0)]
    assert fold(state, events).player == (0, 3)


# -- the board-only views bots use ---------------------------------------------------------------
def test_swap_clears_and_blocker_progress_see_the_blockers() -> None:
    placed = {**RUN, (2, 0): "1L", (1, 2): "S2"}
    lv = board(5, 5, placed, jelly=jelly_rows(5, 5, {(2, 1): 2}))
    state = new_game(lv, 1)
    assert swap_clears(state, SWAP) == (((2, 1), 1), ((2, 2), 1))
    assert blocker_progress(state, SWAP) == 3   # a lock, a stone hit, a jelly layer
    assert swap_clears(state, Swap((2, 0), (2, 1))) == ()      # a locked tile: no clear


# -- random games -------------------------------------------------------------------------------
@st.composite
def blocker_levels(draw: st.DrawFn) -> dict[str, Any]:
    mode = draw(st.sampled_from(["match3", "match3", "chain"]))
    width, height = draw(st.integers(4, 8)), draw(st.integers(4, 8))
    tokens = [".", ".", ".", ".", ".", "#", "S1", "S2", "S3", ".L", "2L"]
    if mode == "match3":
        tokens += ["D", "3h", "*"]
    rows = [[draw(st.sampled_from(tokens)) if draw(st.integers(0, 3)) == 0 else "." for _ in range(width)]
            for _ in range(height)]
    if mode == "chain" and draw(st.booleans()):
        rows[draw(st.integers(0, height - 1))][draw(st.integers(0, width - 1))] = "P"
    jelly = [[draw(st.integers(0, 2)) if rows[r][c] not in ("#", "P", "S1", "S2", "S3") and draw(st.booleans()) else 0
              for c in range(width)] for r in range(height)]
    data: dict[str, Any] = {"format": 1, "id": "blk", "name": "B", "mode": mode, "width": width, "height": height,
                            "kinds": draw(st.integers(4, 6)), "moves": draw(st.integers(3, 25)),
                            "layout": [" ".join(row) for row in rows],
                            "jelly": [" ".join(map(str, row)) for row in jelly]}
    goals: dict[str, Any] = {}
    if any(any(row) for row in jelly) and draw(st.booleans()):
        goals["jelly"] = True
    if any(t.startswith("S") for row in rows for t in row) and draw(st.booleans()):
        goals["stones"] = True
    placed = sum(row.count("D") for row in rows)
    if mode == "match3" and (placed or draw(st.booleans())):
        goals["drops"] = draw(st.integers(max(1, placed), placed + 2))
    if goals:
        data["goals"] = goals
    return data


def _cells(state: State, value: int) -> set[Cell]:
    return {(r, c) for r, row in enumerate(state.grid) for c, v in enumerate(row) if v == value}


def check_blocker_step(before: State, after: State) -> None:
    # stones: in the grid exactly where the layer says, never new, never more hits
    assert _cells(after, SOLID) == {cell for cell, _ in after.layer_of(STONE_UNIT)}
    hits = dict(before.layer_of(STONE_UNIT))
    for cell, left in after.layer_of(STONE_UNIT):
        assert cell in hits and 0 < left <= hits[cell]
    # locked tiles never move nor change, and no lock appears
    assert set(after.locks) <= set(before.locks)
    for cell in after.locks:
        assert after.at(cell) == before.at(cell) > 0
    # jelly never grows
    layers = dict(before.layer_of(JELLY_UNIT))
    for cell, left in after.layer_of(JELLY_UNIT):
        assert 0 < left <= layers.get(cell, 0)
    assert after.brought >= before.brought
    wanted = after.level.goals.wanted(GoalName.DROPS)
    if wanted is not None:
        assert len(_cells(after, DROP)) <= max(1, after.level.placed_of(DROPS))
    if after.level.mode == "match3":
        assert not run_cells(after.grid, after.level.rules.min_match), "the board is still"
    else:
        assert all(v != EMPTY for row in after.grid for v in row)


@given(data=st.data(), ld=blocker_levels())
@examples(60)
def test_random_games_with_blockers_keep_every_blocker_rule(data: st.DataObject, ld: dict[str, Any]) -> None:
    try:
        lv = Level.from_dict(ld)
        seed = data.draw(st.integers(0, 2**32), label="seed")
        session = Session(lv, seed)
    except LevelError:
        assume(False)
        return
    check_blocker_step(session.state, session.state)
    for _ in range(data.draw(st.integers(1, 8), label="steps")):
        state = session.state
        legal = legal_commands(state)
        if not legal:
            break
        command = legal[data.draw(st.integers(0, len(legal) - 1), label="which")]
        events = session.play(command)
        for e in events:
            if isinstance(e, (Cracked, Unlocked, JellyCleared, DropCollected, Reshuffled, Won)):
                event(f"{lv.mode}: {type(e).__name__}")
        after = session.state
        assert fold(state, events) == after
        check_blocker_step(state, after)
        assert session.undo() and session.state == state
        assert session.redo() and session.state == after
        if after.status != Status.PLAYING:
            break
    start = new_game(lv, seed)
    assert fold(start, session.events) == session.state, "the state is the fold of its events"
    again = Session.replay(lv, seed, session.commands)
    assert again.events == session.events and again.state == session.state


BOARD_TOKENS = (".", ".", ".", ".", ".", "#", "S1", "S2", "S3", ".L", "D", ".I1", ".I2")
ICY_TOKENS = (".", ".", ".", ".I1", ".I2", ".I1", "2I2", "S1", ".L", "#")


@st.composite
def blocker_boards(draw: st.DrawFn, tokens: tuple[str, ...] = BOARD_TOKENS) -> Level:
    """A small match3 level (no specials) with any mix of holes, stones, locks, ice, drops and jelly."""
    width, height = draw(st.integers(3, 7)), draw(st.integers(3, 7))
    kinds = draw(st.integers(3, 6))
    cells = draw(st.lists(st.integers(0, len(tokens) - 1), min_size=width * height, max_size=width * height))
    layers = draw(st.lists(st.sampled_from([0, 0, 1, 2]), min_size=width * height, max_size=width * height))
    # Jelly lies under tiles only (not under a hole or a stone).
    jelly = [" ".join(str(layers[r * width + c]) if tokens[cells[r * width + c]] not in ("#", "S1", "S2", "S3") else "0"
                      for c in range(width)) for r in range(height)]
    rows = [" ".join(tokens[cells[r * width + c]] for c in range(width)) for r in range(height)]
    goals: dict[str, Any] = {}
    if draw(st.booleans()):
        goals["drops"] = draw(st.integers(1, 4))
    try:
        return level("match3", width, height, kinds=kinds, layout=rows, jelly=jelly, moves=40,
                     rules={"specials": False}, **({"goals": goals} if goals else {}))
    except LevelError:
        assume(False)
        raise


@given(data=st.data(), lv=blocker_boards())
@examples(30)
def test_the_engine_plays_blocker_boards_as_the_slow_reference(data: st.DataObject, lv: Level) -> None:
    """The one cascade with its blocker hooks gives, move after move, the events of
    tests/core/blockref.py (cell by cell, from the rules), end-of-game events aside; its legal
    swaps are the reference's; and fold of its events is the state it returns."""
    plays_as_the_reference(data, lv)


@given(data=st.data(), lv=blocker_boards(ICY_TOKENS))
@examples(30)
def test_the_engine_plays_icy_boards_as_the_slow_reference(data: st.DataObject, lv: Level) -> None:
    """Boards thick with ice (beside stones, locks, holes and jelly) play as the reference
    says: an iced tile never swaps or falls, tiles fall past it, and a run through it or a
    clear or broken lock next to it takes one layer a step."""
    plays_as_the_reference(data, lv)


def plays_as_the_reference(data: st.DataObject, lv: Level) -> None:
    """Up to six moves of `lv` from a drawn seed, each checked against tests/core/blockref.py."""
    try:
        state = new_game(lv, data.draw(st.integers(0, 2**32)))
    except LevelError:
        assume(False)
        return
    for _ in range(6):
        if state.status != Status.PLAYING:
            break
        grid = [list(row) for row in state.grid]
        legal = [(m.a, m.b) for m in legal_commands(state) if isinstance(m, Swap)]
        held = blockref.held(state)
        assert legal == blockref.legal_swaps(grid, held, lv.rules.min_match)
        if not legal:
            break
        if data.draw(st.integers(0, 3)) == 0:
            # A swap of two free side-by-side tiles that may make no run (rejected).
            free = [((r, c), (r, c + 1)) for r in range(lv.height) for c in range(lv.width - 1)
                    if blockref.movable(grid, held, (r, c)) and blockref.movable(grid, held, (r, c + 1))]
            a, b = free[data.draw(st.integers(0, len(free) - 1))] if free else legal[0]
        else:
            a, b = legal[data.draw(st.integers(0, len(legal) - 1))]
        events, after = play(state, Swap(a, b))
        expected = blockref.play(state, Swap(a, b))
        assert events[:len(expected)] == expected
        rest = events[len(expected):]
        if rest and isinstance(rest[0], FinaleBegan):
            check_finale(fold(state, events[:len(expected)]), rest, plain_board=False)
        else:
            assert all(isinstance(e, (Won, Lost, BonusScored, Reshuffled)) for e in rest)
        assert fold(state, events) == after
        state = after


def test_a_rainbow_swapped_with_a_kind_breaks_the_locks_on_that_kind_and_spares_the_tiles() -> None:
    # background (0,1) is 3; the locked 2s at (1,2) and (3,0) are of the kind the rainbow takes.
    lv = board(5, 5, {(0, 0): "*", (0, 1): "2", (1, 2): "2L", (3, 0): "4L"})
    state = new_game(lv, 1)
    twos = {(r, c) for r, row in enumerate(state.grid) for c, v in enumerate(row) if v == 2}
    step, after, _ = first_step(lv, Swap((0, 0), (0, 1)))
    assert of(step, Detonated) == [Detonated((0, 1), Special.RAINBOW, took=2)]   # it took the 2s
    cleared = of(step, Cleared)[0]
    assert isinstance(cleared, Cleared)
    assert set(cleared.cells) == (twos - {(0, 1), (1, 2)}) | {(0, 0), (0, 1)}   # the 2 moved to (0,0)
    assert of(step, Unlocked) == [Unlocked((1, 2))]
    assert after.at((1, 2)) == 2 and after.locks == ((3, 0),)


@given(data=st.data(), ld=blocker_levels())
@examples(40)
def test_swap_specials_names_what_the_swaps_own_step_makes_and_sets_off(data: st.DataObject,
                                                                       ld: dict[str, Any]) -> None:
    """The board-only query bots and hints ask (swap_specials) says what decide's first step does:
    its Created and Detonated specials before the step's Cleared, in order."""
    from game.core import Created, swap_specials

    assume(ld["mode"] == "match3")
    for token in ("1h", "2v", "3b", "*"):       # more specials than the strategy places
        r, c = data.draw(st.integers(0, ld["height"] - 1)), data.draw(st.integers(0, ld["width"] - 1))
        row = ld["layout"][r].split()
        if row[c] == ".":
            row[c] = token
            ld["layout"][r] = " ".join(row)
    try:
        state = new_game(Level.from_dict(ld), data.draw(st.integers(0, 2**32), label="seed"))
    except LevelError:
        assume(False)
        return
    for swap in legal_commands(state):
        assert isinstance(swap, Swap)
        events = decide(state, swap)
        step = events[:next(i for i, e in enumerate(events) if isinstance(e, Cleared))]
        made = tuple(e.special for e in step if isinstance(e, Created))
        fired = tuple(e.special for e in step if isinstance(e, Detonated))
        assert swap_specials(state, swap) == (made, fired), swap


def test_a_special_on_a_locked_tile_is_spent_when_it_goes_off_though_the_tile_stays() -> None:
    """A rainbow with a bomb makes every tile of the bomb's kind a bomb and sets them all off:
    a locked one loses its lock instead of its tile, and its bomb is spent like the others (the
    state kept it, so it could go off again on a later move while the rules thought it gone)."""
    lv = board(6, 6, {(0, 0): "*", (0, 1): "2b", (1, 2): "2L", (3, 3): "2L"})
    state = new_game(lv, 1)
    events = decide(state, Swap((0, 0), (0, 1)))
    first_unlock = next(i for i, e in enumerate(events) if isinstance(e, Unlocked))
    step = events[:first_unlock + 2]                         # the first step, up to its Unlocked events
    assert Detonated((1, 2), Special.BOMB) in step and Detonated((3, 3), Special.BOMB) in step
    assert of(step, Unlocked) == [Unlocked((1, 2)), Unlocked((3, 3))]
    after = fold(state, step)
    assert after.at((1, 2)) == 2 and after.at((3, 3)) == 2   # the tiles stay ...
    assert dict(after.specials).keys().isdisjoint({(1, 2), (3, 3)})   # ... their bombs are spent
    assert after.locks == ()


def test_drops_and_rainbows_side_by_side_are_no_run() -> None:
    # Found by the random games above: a level with D D D placed read as "not still".
    from game.core.grid import RAINBOW

    grid = ((1, DROP, DROP, DROP), (RAINBOW, RAINBOW, RAINBOW, 2), (3, 3, 3, 4))
    assert run_cells(grid, 3) == {(2, 0), (2, 1), (2, 2)}
    lv = Level.from_dict({"format": 1, "id": "d", "name": "D", "mode": "match3", "width": 4, "height": 4,
                          "kinds": 4, "moves": 3, "layout": [". . . .", ". D D D", ". . . .", ". . . ."],
                          "goals": {"drops": 3}})
    state = new_game(lv, 0)
    assert not run_cells(state.grid, 3) and legal_commands(state)
