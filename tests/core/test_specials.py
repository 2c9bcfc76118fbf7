"""Special tiles on hand-made boards: each shape, each priority, each special going off, each combo."""

from __future__ import annotations

from typing import Any

import pytest

from corekit import level
from game.core import (
    EMPTY, RAINBOW, Cleared, Created, Detonated, Event, Fell, IllegalMove, Level, LevelError, Scored,
    Session, Special, State, Swap, SwapRejected, Swapped, decide, fold, legal_commands, new_game,
    swap_clears,
)

Cell = tuple[int, int]
H, V, B, R = Special.ROW, Special.COLUMN, Special.BOMB, Special.RAINBOW


def background(r: int, c: int) -> str:
    """Kinds 2..5 in a pattern with no run anywhere (a row steps by 1, a column by 2, mod 4):
    kind 1 and the tokens a test places are all that can ever match."""
    return str(2 + (2 * r + c) % 4)


def board(height: int, width: int, placed: dict[Cell, str], holes: set[Cell] = frozenset()) -> Level:   # type: ignore[assignment]
    rows = [" ".join("#" if (r, c) in holes else placed.get((r, c), background(r, c))
                     for c in range(width)) for r in range(height)]
    return level("match3", width, height, kinds=5, layout=rows)


def first_step(lv: Level, swap: Swap) -> tuple[list[Event], State]:
    """The swap's own step: its events up to and including the first Cleared, and the board
    right after that Cleared (before anything falls)."""
    state = new_game(lv, 1)
    events = decide(state, swap)
    assert events[0] == Swapped(swap.a, swap.b), events[:1]
    end = next(i for i, e in enumerate(events) if isinstance(e, Cleared))
    step = events[1:end + 1]
    return step, fold(state, events[:end + 1])


def took(step: list[Event]) -> dict[Cell, int]:
    """The kind each special that went off took (0: a line, a bomb, or every kind)."""
    return {e.cell: e.took for e in step if isinstance(e, Detonated)}


def cells(*spec: Any) -> set[Cell]:
    return set(spec)


def row(r: int, width: int, skip: set[Cell] = frozenset()) -> set[Cell]:   # type: ignore[assignment]
    return {(r, c) for c in range(width)} - skip


def column(c: int, height: int) -> set[Cell]:
    return {(r, c) for r in range(height)}


def check(step: list[Event], after: State, created: list[tuple[Cell, Special]],
          fired: list[tuple[Cell, Special]], cleared: set[Cell], specials: dict[Cell, Special]) -> None:
    assert [(e.cell, e.special) for e in step if isinstance(e, Created)] == created
    assert [(e.cell, e.special) for e in step if isinstance(e, Detonated)] == fired
    last = step[-1]
    assert isinstance(last, Cleared)
    assert list(last.cells) == sorted(last.cells) and set(last.cells) == cleared
    empty = {(r, c) for r, line in enumerate(after.grid) for c, v in enumerate(line) if v == EMPTY}
    assert empty == cleared, "the board after the step: exactly the cleared cells are empty"
    assert dict(after.specials) == specials


# -- making specials -------------------------------------------------------------------------------
def test_four_along_a_row_makes_a_column_line_on_the_cell_the_tile_moved_into() -> None:
    lv = board(6, 6, {(2, 0): "1", (2, 1): "1", (2, 3): "1", (1, 2): "1"})
    step, after = first_step(lv, Swap((1, 2), (2, 2)))
    check(step, after, [((2, 2), V)], [], {(2, 0), (2, 1), (2, 3)}, {(2, 2): V})
    assert after.grid[2][2] == 1, "the special keeps its tile's kind"


def test_four_along_a_column_makes_a_row_line_and_the_swap_s_other_cell_can_hold_it() -> None:
    # The 1 moves from b=(2,3) into a=(2,2): the group holds a, not b, so the special is on a.
    lv = board(6, 6, {(0, 2): "1", (1, 2): "1", (3, 2): "1", (2, 3): "1"})
    step, after = first_step(lv, Swap((2, 2), (2, 3)))
    check(step, after, [((2, 2), H)], [], {(0, 2), (1, 2), (3, 2)}, {(2, 2): H})


@pytest.mark.parametrize("shape, moved_from, into", [
    # L: a column of 3 and a row of 3 sharing the corner (2,2), which the swap fills.
    ({(2, 3), (2, 4), (0, 2), (1, 2)}, (2, 1), (2, 2)),
    # T: the bar (3,1..3) and the stem (1..3, 2) meet at (3,2), the bar's middle, filled from below.
    ({(3, 1), (3, 3), (1, 2), (2, 2)}, (4, 2), (3, 2)),
])
def test_two_runs_sharing_a_cell_make_a_bomb(shape: set[Cell], moved_from: Cell, into: Cell) -> None:
    placed = {cell: "1" for cell in shape} | {moved_from: "1"}
    lv = board(6, 6, placed)
    step, after = first_step(lv, Swap(moved_from, into))
    check(step, after, [(into, B)], [], set(shape), {into: B})


def test_a_plus_is_one_group_and_makes_one_bomb() -> None:
    # A swap cannot make a + (its centre's four neighbours are all in it), a cascade can:
    # asked of the group finder directly, on a row and a column of three crossing in the middle.
    from game.core.boards import bitboard, run_parts
    from game.core.rules.specials import groups, place
    placed = {(2, 1): "1", (2, 2): "1", (2, 3): "1", (1, 2): "1", (3, 2): "1"}
    grid = tuple(tuple(int(placed.get((r, c), background(r, c))) for c in range(5)) for r in range(5))
    bb = bitboard(grid)
    masks = list(bb.kinds) + [0]
    rows, cols = run_parts(masks[:RAINBOW], bb.geo.stride, 3)
    found = groups(masks, rows, cols, bb.geo.stride)
    assert len(found) == 1 and found[0][1] == B
    assert bb.geo.cell_of[place(found[0][0], None, bb.geo.stride)] == (3, 2)   # lowest, then leftmost


def test_five_in_a_row_makes_a_rainbow_that_has_no_kind() -> None:
    lv = board(6, 6, {(3, 0): "1", (3, 1): "1", (3, 3): "1", (3, 4): "1", (4, 2): "1"})
    step, after = first_step(lv, Swap((4, 2), (3, 2)))
    check(step, after, [((3, 2), R)], [], {(3, 0), (3, 1), (3, 3), (3, 4)}, {(3, 2): R})
    assert after.grid[3][2] == RAINBOW


def test_priority_rainbow_over_bomb_and_bomb_over_line() -> None:
    # A row of five crossed by a column of three: one group, one rainbow (not a bomb).
    lv = board(6, 6, {(3, 0): "1", (3, 1): "1", (3, 3): "1", (3, 4): "1", (4, 2): "1",
                      (1, 2): "1", (2, 2): "1"})
    step, after = first_step(lv, Swap((4, 2), (3, 2)))
    check(step, after, [((3, 2), R)], [],
          {(3, 0), (3, 1), (3, 3), (3, 4), (1, 2), (2, 2)}, {(3, 2): R})
    # A row of four crossed by a column of three: a bomb (not a line).
    lv = board(6, 6, {(3, 0): "1", (3, 1): "1", (3, 3): "1", (4, 2): "1", (1, 2): "1", (2, 2): "1"})
    step, after = first_step(lv, Swap((4, 2), (3, 2)))
    check(step, after, [((3, 2), B)], [], {(3, 0), (3, 1), (3, 3), (1, 2), (2, 2)}, {(3, 2): B})


def test_two_groups_in_one_swap_each_make_their_own_special() -> None:
    # The 1 moving into a=(2,2) and the 2 moving into b=(2,3) each complete a column of four:
    # each group's special sits on the swapped cell it holds.
    placed = {(0, 2): "1", (1, 2): "1", (3, 2): "1", (2, 3): "1",
              (0, 3): "2", (1, 3): "2", (3, 3): "2", (2, 2): "2"}
    lv = board(7, 6, placed)
    step, after = first_step(lv, Swap((2, 2), (2, 3)))
    check(step, after, [((2, 2), H), ((2, 3), H)], [],
          {(0, 2), (1, 2), (3, 2), (0, 3), (1, 3), (3, 3)}, {(2, 2): H, (2, 3): H})


def test_a_cascade_run_makes_its_special_on_its_lowest_then_leftmost_cell() -> None:
    # Column 2 rows 2..4 clear as 2s; the 1 at (1,2) lands on (4,2) and completes 1 1 1 1.
    placed = {(4, 0): "1", (4, 1): "1", (4, 3): "1", (1, 2): "1", (3, 2): "2", (4, 2): "2",
              (2, 3): "2", (2, 2): "4", (0, 2): "4"}
    lv = board(5, 6, placed)
    state = new_game(lv, 1)
    events = decide(state, Swap((2, 3), (2, 2)))
    clears = [i for i, e in enumerate(events) if isinstance(e, Cleared)]
    assert events[clears[0]] == Cleared(((2, 2), (3, 2), (4, 2)))
    second = events[clears[0] + 1:clears[1] + 1]
    assert Created((4, 0), V) in second
    last = second[-1]
    assert isinstance(last, Cleared)
    assert {(4, 1), (4, 2), (4, 3)} <= set(last.cells) and (4, 0) not in last.cells


def test_specials_off_makes_none() -> None:
    rows = [" ".join(background(r, c) for c in range(6)) for r in range(6)]
    line = rows[3].split()
    line[0] = line[1] = line[3] = line[4] = "1"
    rows[3] = " ".join(line)
    below = rows[4].split()
    below[2] = "1"
    rows[4] = " ".join(below)
    lv = level("match3", 6, 6, kinds=5, layout=rows, rules={"specials": False})
    events = decide(new_game(lv, 1), Swap((4, 2), (3, 2)))
    assert not any(isinstance(e, (Created, Detonated)) for e in events)
    assert events[1] == Cleared(((3, 0), (3, 1), (3, 2), (3, 3), (3, 4)))


# -- specials going off ----------------------------------------------------------------------------
def test_a_row_line_in_a_run_clears_its_row() -> None:
    lv = board(6, 6, {(3, 0): "1h", (4, 0): "1", (2, 1): "1"})
    step, after = first_step(lv, Swap((2, 1), (2, 0)))
    check(step, after, [], [((3, 0), H)], {(2, 0), (4, 0)} | row(3, 6), {})


def test_a_column_line_in_a_run_clears_its_column() -> None:
    lv = board(6, 6, {(3, 1): "1v", (3, 2): "1", (2, 0): "1"})
    step, after = first_step(lv, Swap((2, 0), (3, 0)))
    check(step, after, [], [((3, 1), V)], {(3, 0), (3, 2)} | column(1, 6), {})


def test_a_bomb_in_a_run_clears_the_three_by_three_around_it() -> None:
    lv = board(6, 6, {(3, 2): "1b", (3, 3): "1", (2, 1): "1"})
    step, after = first_step(lv, Swap((2, 1), (3, 1)))
    square = {(r, c) for r in (2, 3, 4) for c in (1, 2, 3)}
    check(step, after, [], [((3, 2), B)], square | {(3, 1)}, {})


def test_a_rainbow_caught_in_a_blast_clears_the_most_common_kind() -> None:
    lv = board(6, 6, {(3, 0): "1h", (4, 0): "1", (2, 1): "1", (3, 4): "*"})
    state = new_game(lv, 1)
    # The most common kind on the board when it goes off (ties: the lowest).
    counts = {k: sum(v == k for line in state.grid for v in line) for k in range(1, 6)}
    top = max(counts.values())
    kind = min(k for k, n in counts.items() if n == top)
    step, after = first_step(lv, Swap((2, 1), (2, 0)))
    after_swap = fold(state, [Swapped((2, 1), (2, 0))]).grid
    of_kind = {(r, c) for r, line in enumerate(after_swap) for c, v in enumerate(line) if v == kind}
    check(step, after, [], [((3, 0), H), ((3, 4), R)], {(2, 0), (4, 0)} | row(3, 6) | of_kind, {})
    assert took(step) == {(3, 0): 0, (3, 4): kind}, "the event names the kind the rainbow took"


def test_blasts_chain_in_one_step_in_firing_order() -> None:
    # The run sets off the bomb; its 3x3 catches the column line, which catches the row line.
    lv = board(7, 6, {(3, 2): "1b", (3, 3): "1", (2, 1): "1", (4, 3): "2v", (6, 3): "3h"})
    step, after = first_step(lv, Swap((2, 1), (3, 1)))
    square = {(r, c) for r in (2, 3, 4) for c in (1, 2, 3)}
    check(step, after, [], [((3, 2), B), ((4, 3), V), ((6, 3), H)],
          square | {(3, 1)} | column(3, 7) | row(6, 6), {})


def test_blasts_skip_holes_and_reach_past_them() -> None:
    holes = {(3, 3), (2, 2)}
    lv = board(6, 6, {(3, 0): "1h", (4, 0): "1", (2, 1): "1", (4, 2): "1b"}, holes)
    # The row line's blast passes the hole at (3,3) to (3,4) and (3,5); no blast touches a hole.
    step, after = first_step(lv, Swap((2, 1), (2, 0)))
    check(step, after, [], [((3, 0), H)], {(2, 0), (4, 0)} | row(3, 6, holes), {(4, 2): B})
    # A bomb beside a hole clears its 3x3 less the hole.
    lv = board(6, 6, {(3, 2): "1b", (3, 3): "1", (2, 1): "1"}, {(2, 2)})
    step, after = first_step(lv, Swap((2, 1), (3, 1)))
    square = {(r, c) for r in (2, 3, 4) for c in (1, 2, 3)} - {(2, 2)}
    check(step, after, [], [((3, 2), B)], square, {})
    assert after.grid[2][2] == -1


def test_a_special_on_the_cell_that_makes_a_new_one_goes_off_and_the_cell_keeps_the_new_one() -> None:
    lv = board(6, 6, {(2, 0): "1", (2, 1): "1", (2, 3): "1", (1, 2): "1h"})
    step, after = first_step(lv, Swap((1, 2), (2, 2)))
    check(step, after, [((2, 2), V)], [((2, 2), H)], row(2, 6) - {(2, 2)}, {(2, 2): V})


# -- special swaps and combos ----------------------------------------------------------------------
def test_a_rainbow_swapped_with_a_tile_clears_every_tile_of_that_kind() -> None:
    lv = board(6, 6, {(2, 2): "*", (0, 0): "1", (5, 5): "1", (2, 3): "1", (4, 4): "1v"})
    state = new_game(lv, 1)
    assert Swap((2, 2), (2, 3)) in legal_commands(state)
    step, after = first_step(lv, Swap((2, 2), (2, 3)))
    # The 1 is now at (2,2), the rainbow at (2,3); the line special of kind 1 is caught and fires.
    check(step, after, [], [((2, 3), R), ((4, 4), V)],
          {(0, 0), (5, 5), (2, 2), (2, 3)} | column(4, 6), {})
    assert took(step) == {(2, 3): 1, (4, 4): 0}


@pytest.mark.parametrize("sa, sb, area", [
    ("1h", "2v", row(3, 7) | column(3, 7)),
    ("1v", "2v", row(3, 7) | column(3, 7)),
    ("1b", "2h", set().union(*(row(r, 7) for r in (2, 3, 4)), *(column(c, 7) for c in (2, 3, 4)))),
    ("1b", "2b", {(r, c) for r in range(1, 6) for c in range(1, 6)}),
])
def test_two_specials_combine_around_the_cell_the_player_moved_into(sa: str, sb: str, area: set[Cell]) -> None:
    # Swap(a, b): the special from a lands on b = (3,3), the centre of the combo.
    lv = board(7, 7, {(3, 2): sa, (3, 3): sb})
    state = new_game(lv, 1)
    assert Swap((3, 2), (3, 3)) in legal_commands(state)
    step, after = first_step(lv, Swap((3, 2), (3, 3)))
    check(step, after, [], [((3, 3), Special(sa[1])), ((3, 2), Special(sb[1]))], area, {})


def test_a_rainbow_and_a_line_turn_every_tile_of_its_kind_into_that_line_and_set_them_off() -> None:
    lv = board(6, 6, {(0, 0): "*", (0, 1): "1h", (3, 4): "1", (5, 2): "1"})
    step, after = first_step(lv, Swap((0, 0), (0, 1)))
    # The line lands on (0,0); the rainbow on (0,1). Each 1 becomes a row line and fires.
    check(step, after, [((3, 4), H), ((5, 2), H)],
          [((0, 1), R), ((0, 0), H), ((3, 4), H), ((5, 2), H)],
          row(0, 6) | row(3, 6) | row(5, 6), {})
    assert took(step)[(0, 1)] == 1, "the rainbow took the line's kind (and turned it into lines)"


def test_a_rainbow_and_a_bomb_turn_every_tile_of_its_kind_into_a_bomb() -> None:
    lv = board(6, 6, {(0, 0): "*", (0, 1): "1b", (4, 4): "1"})
    step, after = first_step(lv, Swap((0, 1), (0, 0)))
    # The bomb moved into (0,0), the rainbow to (0,1); the other 1 becomes a bomb.
    around = {(r, c) for r in (3, 4, 5) for c in (3, 4, 5)}
    check(step, after, [((4, 4), B)], [((0, 1), R), ((0, 0), B), ((4, 4), B)],
          {(0, 0), (0, 1), (1, 0), (1, 1)} | around, {})


def test_two_rainbows_clear_the_whole_board() -> None:
    holes = {(5, 5)}
    lv = board(6, 6, {(2, 2): "*", (2, 3): "*", (4, 1): "2h"}, holes)
    step, after = first_step(lv, Swap((2, 2), (2, 3)))
    every = {(r, c) for r in range(6) for c in range(6)} - holes
    check(step, after, [], [((2, 3), R), ((2, 2), R), ((4, 1), H)], every, {})
    assert took(step) == {(2, 3): 0, (2, 2): 0, (4, 1): 0}, "two rainbows take every kind, no one kind"


def test_a_line_with_a_plain_tile_needs_a_run_like_any_tile() -> None:
    lv = board(6, 6, {(2, 2): "1h", (5, 0): "1", (5, 1): "1", (4, 2): "1"})
    state = new_game(lv, 1)
    assert decide(state, Swap((2, 2), (2, 3))) == [SwapRejected((2, 2), (2, 3))]
    assert legal_commands(state) == [Swap((4, 2), (5, 2))]


# -- scoring, the question bots ask, undo --------------------------------------------------------
def test_specials_made_and_fired_add_twenty_each_times_the_step() -> None:
    lv = board(6, 6, {(2, 0): "1", (2, 1): "1", (2, 3): "1", (1, 2): "1h"})
    events = decide(new_game(lv, 1), Swap((1, 2), (2, 2)))
    first = next(e for e in events if isinstance(e, Scored))
    assert first == Scored(10 * 5 + 20 * 2, 1)     # 5 tiles, one special made, one fired


def test_swap_clears_counts_blasts_and_is_the_first_clear() -> None:
    lv = board(6, 6, {(3, 0): "1h", (4, 0): "1", (2, 1): "1"})
    state = new_game(lv, 1)
    named = swap_clears(state, Swap((2, 1), (2, 0)))
    first = next(e for e in decide(state, Swap((2, 1), (2, 0))) if isinstance(e, Cleared))
    assert [cell for cell, _ in named] == list(first.cells)


def test_specials_fold_undo_and_replay() -> None:
    lv = board(6, 6, {(2, 2): "*", (2, 3): "1", (4, 4): "1v", (0, 0): "2b", (0, 1): "3h"})
    session = Session(lv, 3)
    start = session.state
    for _ in range(6):
        legal = legal_commands(session.state)
        if not legal:
            break
        session.play(legal[0])
    assert fold(start, session.events) == session.state
    again = Session.replay(lv, 3, session.commands)
    assert again.state == session.state and again.events == session.events
    while session.undo():
        pass
    assert session.state == start


# -- the level format ------------------------------------------------------------------------------
def test_layout_specials_are_placed_and_bad_ones_refused() -> None:
    lv = board(5, 5, {(0, 0): "1h", (1, 1): "2v", (2, 2): "3b", (4, 4): "*"})
    assert lv.specials == (((0, 0), H), ((1, 1), V), ((2, 2), B), ((4, 4), R))
    assert Level.from_dict(lv.to_dict()) == lv
    state = new_game(lv, 0)
    assert dict(state.specials) == dict(lv.specials) and state.grid[4][4] == RAINBOW
    with pytest.raises(LevelError, match="only match3 levels have specials"):
        level("chain", 3, 3, layout=["P 1h .", ". . .", ". . ."])
    with pytest.raises(LevelError, match="only match3 levels have specials"):
        level("chain", 3, 3, layout=["P * .", ". . .", ". . ."])
    with pytest.raises(LevelError, match="a hole holds no tile"):
        level("match3", 3, 3, layout=["#h . .", ". . .", ". . ."])
    with pytest.raises(LevelError, match="needs a fixed kind"):
        level("match3", 3, 3, layout=[".b . .", ". . .", ". . ."][:1] + [". . .", ". . ."])
    with pytest.raises(LevelError, match="kind 7 does not exist"):
        level("match3", 3, 3, kinds=5, layout=["7h . .", ". . .", ". . ."])
    with pytest.raises(LevelError, match="turns specials off"):
        level("match3", 3, 3, layout=["1h . .", ". . .", ". . ."], rules={"specials": False})
    with pytest.raises(LevelError, match="true or false"):
        level("match3", 3, 3, rules={"specials": "yes"})
    with pytest.raises(LevelError, match="only match3"):
        level("chain", 3, 3, rules={"specials": False})


def test_rules_specials_false_round_trips_and_true_is_never_written() -> None:
    off = level("match3", 4, 4, rules={"specials": False})
    assert off.to_dict()["rules"]["specials"] is False and Level.from_dict(off.to_dict()) == off
    on = level("match3", 4, 4, rules={"min_match": 4})
    assert "specials" not in on.to_dict()["rules"]


def test_bad_swaps_with_specials_still_refused() -> None:
    lv = board(5, 5, {(2, 2): "*"})
    state = new_game(lv, 1)
    with pytest.raises(IllegalMove):
        decide(state, Swap((2, 2), (3, 3)))
    assert not any(isinstance(e, Fell) for e in decide(state, Swap((2, 2), (2, 1)))[:2])
